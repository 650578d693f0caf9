"""Several sentences as one caption, for a parser that reads one sentence at a time (ACE + ERG).

The ERG's root is a sentence, so a caption of several sentences is parsed sentence by sentence
(:func:`sentences`), and the chosen readings are joined into one MRS (:func:`join`): the
sentences' top handles are the arguments of a chain of ``implicit_conj`` — the analysis the
built-in grammar gives several sentences, so the caption is true when every sentence is, each
sentence is a claim, and a pronoun in a later sentence finds its antecedent in an earlier one
(the interpreter sees one MRS, in surface order: each sentence's character spans are shifted
by its offset in the caption).

:func:`choose` picks one reading per sentence, left to right: the first reading in the
interpreter's :func:`~.preference.preference_order` whose join with the sentences before it is
interpretable ("It is above a circle." has no interpretable reading alone, but one after
"There is a square."), else the most preferred one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from delphin.lnk import Lnk

from ..grammar.mrs_form import ComposedMRS, PlainEP, PlainMRS, cfrom_cto, complete, plain_form, plain_of
from .interpret import Interpretation, interpret
from .predicates import names_entity, normalize_predicate, split_predicate
from .preference import preference_order
from .antecedents import UNREAD, Mention, encode_mentions
from .errors import REFERENCE
from .relative_places import RELATIVE_PLACES

__all__ = ["sentences", "join", "choose", "cover", "mentions"]

CHARSPAN = Lnk.CHARSPAN
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")


def sentences(text: str) -> list[tuple[int, str]]:
    """The sentences of a (normalised) caption with their character offsets: a break after ".",
    "!" or "?" followed by a space ("0.5" and "e.g.," stay whole)."""
    out, start = [], 0
    for m in _SENTENCE_END.finditer(text):
        out.append((start, text[start:m.start()]))
        start = m.end()
    if start < len(text) or not out:
        out.append((start, text[start:]))
    return [(offset, s) for offset, s in out if s.strip(" .!?")]


def join(readings: Sequence[Any], offsets: Sequence[int] | None = None,
         unread: Sequence[tuple[int, str]] = ()) -> Any:
    """One MRS of several sentences' readings (pydelphin MRS objects): variables renamed apart,
    character spans shifted by ``offsets``, and the sentences' TOP handles joined by
    ``implicit_conj`` (right-branching for three or more: conj(s1, conj(s2, s3))).  ``unread``
    holds (offset, what it mentions) of sentences left out: each is an ``unread_sentence`` EP
    (:data:`~.antecedents.UNREAD`) in its place, which the reference of the sentences after it
    heeds.  The join is made in plain form and its pydelphin objects built when first read
    (:mod:`~shapeworldice.grammar.mrs_form`)."""
    offsets = list(offsets) if offsets is not None else [0] * len(readings)
    unread = [u for u in unread if u[0] < offsets[-1]]  # one after the last sentence refers to nothing
    if len(readings) == 1 and not unread:
        return readings[0]
    eps: list[PlainEP] = []
    hcons: list[tuple[str, str, str]] = []
    icons: list[tuple[str, str, str]] = []
    variables: dict[str, Any] = {}
    tops: list[str] = []
    base = 0
    charspan = Lnk.charspan
    pending = sorted(unread)
    for m, offset in zip(readings, offsets):
        ready = _prepared(m)
        while pending and pending[0][0] < offset:
            at, said = pending.pop(0)
            spans = any(ep[3] is not None and ep[3].type == CHARSPAN for ep in ready.form.eps)
            eps.append((UNREAD, f"h{base}", {"ARG0": f"e{base + 1}", "CARG": said},
                        charspan(at, at) if spans else None, None, None))
            variables.setdefault(f"e{base + 1}", {})
            base += 2
        # each name of the reading renamed once (a variable recurs in many EPs)
        renamed = {v: (v if n is None else f"{sort}{n + base}") for v, (sort, n) in ready.names.items()}
        for predicate, label, args, lnk, surface, ep_base in ready.form.eps:
            if lnk is not None and lnk.type == CHARSPAN and lnk.data[0] >= 0:
                lnk = charspan(lnk.data[0] + offset, lnk.data[1] + offset)
            eps.append((predicate, renamed[label],
                        {role: (value if role == "CARG" else renamed[value]) for role, value in args.items()}, lnk,
                        surface, ep_base))
        hcons.extend((renamed[hi], relation, renamed[lo]) for hi, relation, lo in ready.form.hcons)
        icons.extend((renamed[left], relation, renamed[right]) for left, relation, right in ready.form.icons)
        # the property maps are only read (pydelphin's MRS copies each when it is built)
        variables.update((renamed[v], props) for v, props in ready.form.variables.items())
        top: Any = ready.form.top
        tops.append(renamed[top])
        base += ready.width
    if len(tops) == 1:
        return ComposedMRS(complete(tops[0], renamed.get(ready.form.index or "", ready.form.index), eps, hcons, icons,
                                    variables))
    right = tops[-1]
    label = ""
    for k in range(len(tops) - 2, -1, -1):
        label, event = f"h{base}", f"e{base + 1}"
        base += 2
        eps.append(("implicit_conj", label, {"ARG0": event, "ARG1": tops[k], "ARG2": right}, None, None, None))
        variables.setdefault(event, {})
        if k:
            right = f"h{base}"
            base += 1
            hcons.append((right, "qeq", label))
    top = f"h{base}"
    hcons.append((top, "qeq", label))
    index = eps[-1][2]["ARG0"]
    return ComposedMRS(complete(top, index, eps, hcons, icons, variables))


_VARIABLE = re.compile(r"([a-z]+)(\d+)")
#: :func:`_split` of the variable names seen (a few hundred: "x3", "h12", ...)
_SPLIT: dict[str, tuple[str, int | None]] = {}


def _split(v: str) -> tuple[str, int | None]:
    hit = _SPLIT.get(v)
    if hit is None:
        m = _VARIABLE.fullmatch(v)
        hit = (m.group(1), int(m.group(2))) if m else (v, None)
        if len(_SPLIT) < 100_000:
            _SPLIT[v] = hit
    return hit


@dataclass(frozen=True)
class _Prepared:
    """A reading as :func:`join` renames it, read once (a description's reading is joined again
    with each longer prefix of it): its plain form, and each name it uses split into (sort,
    number), so that a join renames each name once."""

    width: int  # 1 + the largest variable number: the next sentence's numbers start above it
    form: PlainMRS
    names: dict[str, tuple[str, int | None]]  # every name the reading uses, split by :func:`_split`


#: the readings last prepared, by identity (a description's readings are joined once per prefix)
_RECENT: list[tuple[Any, _Prepared]] = []
_RECENT_SIZE = 16


def _prepared(m: Any) -> _Prepared:
    for seen, ready in _RECENT:
        if seen is m:
            return ready
    form = plain_of(m)
    used: set[Any] = {form.top, form.index, *form.variables}
    for _, label, args, *_rest in form.eps:
        used.add(label)
        used.update(value for role, value in args.items() if role != "CARG")
    for hi, _, lo in form.hcons:
        used.add(hi)
        used.add(lo)
    width = 1 + max(((_split(v)[1] or 0) for v in used if v), default=0)
    for left, _, right in form.icons:
        used.add(left)
        used.add(right)
    used.discard(None)
    ready = _Prepared(width, form, {v: _split(v) for v in used})
    _RECENT.insert(0, (m, ready))
    del _RECENT[_RECENT_SIZE:]
    return ready


def choose(readings: Sequence[Sequence[Any]], offsets: Sequence[int] | None = None) -> tuple[Any, tuple[int, ...]]:
    """One reading per sentence (see the module docstring) and their :func:`join`; returns the
    joined MRS and the index of the reading chosen for each sentence."""
    offsets = list(offsets) if offsets is not None else [0] * len(readings)
    chosen: list[Any] = []
    picked: list[int] = []
    interpretable = True  # so far: once a prefix has no interpretable join, preference alone decides
    for k, options in enumerate(readings):
        order = preference_order(options)
        if not order:
            raise ValueError(f"sentence {k + 1} has no readings")
        pick = order[0]
        if interpretable:
            for i in order:
                if isinstance(interpret(join([*chosen, options[i]], offsets[:k + 1])), Interpretation):
                    pick = i
                    break
            else:
                interpretable = False
        chosen.append(options[pick])
        picked.append(pick)
    return join(chosen, offsets), tuple(picked)


def _predicates(mrs: Any) -> list[str]:
    form = plain_form(mrs)
    if form is not None:
        return [ep[0] for ep in form.eps]
    return [str(ep.predicate) for ep in mrs.rels]


def mentions(mrs: Any) -> str:
    """What a sentence's reading mentions, for a sentence left out (:data:`~.antecedents.UNREAD`): each
    entity named by a shape noun or "shape"/"object" (not under "no"), in surface order, with its
    number and its one-place adjectives (:func:`~.antecedents.encode_mentions`)."""
    form = plain_of(mrs)
    qeq = {hi: lo for hi, _, lo in form.hcons}
    by_label: dict[str, list[PlainEP]] = {}
    for ep in form.eps:
        by_label.setdefault(ep[1], []).append(ep)
    found: list[tuple[int, Mention]] = []
    for i, (predicate, _, args, lnk, *_rest) in enumerate(form.eps):
        x = args.get("ARG0") or ""
        if "RSTR" not in args or x[:1] != "x" or normalize_predicate(predicate) in ("pronoun_q", "_no_q"):
            continue
        restriction = [(normalize_predicate(p), a) for p, _, a, *_r in by_label.get(qeq.get(args["RSTR"], ""), ())]
        nouns = [p for p, a in restriction if a.get("ARG0") == x and names_entity(p)]
        if not nouns:
            continue
        adjectives = [p for p, a in restriction if a.get("ARG1") == x and set(a) <= {"ARG0", "ARG1"}
                      and split_predicate(p)[1] == "a"]
        plural = str((form.variables.get(x) or {}).get("NUM", "")).lower() == "pl"
        at = cfrom_cto(lnk)[0]
        found.append((at if at >= 0 else i, Mention(plural, (nouns[0], *adjectives))))
    return encode_mentions([m for _, m in sorted(found, key=lambda f: f[0])])


def _refers_back(mrs: Any) -> bool:
    """Whether a sentence refers to what an earlier one said ("it", "its", "the other", "another")."""
    return any(p in ("pron", "pronoun_q", "def_explicit_q", "_another_q", "_other_a_1") for p in _predicates(mrs))


#: predicates by which a sentence's reading may depend on the sentences before it (pronouns, "one",
#: "the other", "another", "both", "this", ordinals, "the rest", "nothing else", "otherwise empty")
_CONTEXTUAL = frozenset({"pron", "pronoun_q", "def_explicit_q", "_another_q", "_other_a_1", "_one_n_1", "ord",
                         "_second_a_1", "_both_q", "_this_q_dem", "_that_q_dem", "_each_q", "generic_entity",
                         "_pair_n_1", "_rest_n_1", "_else_n_1", "_otherwise_a_1", *RELATIVE_PLACES})


def _contextual(mrs: Any) -> bool:
    return any(p in _CONTEXTUAL for p in _predicates(mrs))


#: the predicates of :data:`_CONTEXTUAL` that, when a reading reads alone, depend only on their own
#: sentence: a pronoun finds the most recent shape it can mean, and one in its own sentence is
#: more recent than any before it (the reading within the description is then the same)
_PRONOUNS = frozenset({"pron", "pronoun_q", "def_explicit_q"})


def _pronouns_only(mrs: Any) -> bool:
    """Whether a reading's only words that may depend on the sentences before it are pronouns."""
    return not any(p in _CONTEXTUAL and p not in _PRONOUNS for p in _predicates(mrs))


def _self_contained(mrs: Any) -> bool:
    """Whether a reading's only words that may depend on the sentences before it are pronouns, and
    a shape is named before its first pronoun (else no pronoun can find its shape in it)."""
    form = plain_of(mrs)
    named = False
    for _, (predicate, _label, args, *_rest) in sorted(enumerate(form.eps), key=_surface_order):
        p = normalize_predicate(predicate)
        if p in _CONTEXTUAL and p not in _PRONOUNS:
            return False
        if p == "pronoun_q" and not named:
            return False
        named = named or ("RSTR" in args and (args.get("ARG0") or "")[:1] == "x" and p != "pronoun_q")
    return named


def _surface_order(item: tuple[int, PlainEP]) -> tuple[int, int]:
    i, ep = item
    at = cfrom_cto(ep[3])[0]
    return (at if at >= 0 else i, i)


def cover(readings: Sequence[Sequence[Any]], offsets: Sequence[int] | None = None
          ) -> tuple[Any, list[tuple[int, str]]]:
    """As :func:`choose`, but a sentence none of whose readings can be interpreted with the
    sentences before it is left out (with why), so a description keeps the claims of the
    sentences that can be read.  A sentence left out stays in the join as an ``unread_sentence``
    EP with what it mentions (:func:`mentions`), so that a later "it", "its", "the other", "one"
    does not reach past it to a shape it may not mean (:mod:`.reference`): "it" is then a shape
    of its own sentence, or the one shape of its number the unread sentence names, or, when that
    sentence names none of its number, a shape before it; else only that later sentence is left out
    (as is one that cannot be read by itself for a reason other than its pronouns).
    Returns the join of the kept sentences and the (index, reason) of those left out; when none
    can be kept, :func:`choose`'s join and no list (the caption is uninterpretable as a whole).

    A sentence that cannot depend on the ones before it (no pronoun, "one", "other", ...), or
    whose preferred reading says only pronouns that it can read on its own, is first tried on its
    own, and the join read once at the end; only if that join cannot be read is every sentence
    tried with the ones before it (each try reads a longer join)."""
    offsets = list(offsets) if offsets is not None else [0] * len(readings)
    fast = _cover(readings, offsets, alone=True)
    if fast is not None:
        return fast
    slow = _cover(readings, offsets, alone=False)
    assert slow is not None
    return slow


def _cover(readings: Sequence[Sequence[Any]], offsets: list[int], alone: bool
           ) -> tuple[Any, list[tuple[int, str]]] | None:
    """:func:`cover`, with ``alone`` trying sentences that cannot depend on the ones before them on
    their own (None when the join of those kept then cannot be read)."""
    joined: Any = None  # the join of the sentences kept so far, when it was read
    chosen: list[Any] = []
    kept: list[int] = []
    left_out: list[tuple[int, str]] = []
    unread: list[tuple[int, str]] = []  # (offset, what it mentions) of each sentence left out
    for k, options in enumerate(readings):
        order = preference_order(options)
        why, why_kind = "no readings", ""
        by_itself = alone and not any(_contextual(options[i]) for i in order)
        first: Any = None  # the preferred reading's result read by itself, when it was read
        if alone and not by_itself and order and _self_contained(options[order[0]]):
            first = interpret(options[order[0]])
            if isinstance(first, Interpretation):  # its pronouns find what they mean in it: read by itself
                chosen.append(options[order[0]])
                kept.append(k)
                joined = None
                continue
        # after a sentence left out, one that says "it" is read only if it can be read whatever "it" means
        after_unread = bool(unread) and not by_itself and any(_refers_back(options[i]) for i in order[:1])
        for n, i in enumerate(order):
            if after_unread and _pronouns_only(options[i]):
                result = first if n == 0 and first is not None else interpret(options[i])
                if not isinstance(result, Interpretation) and result.kind != REFERENCE:
                    if n == 0:  # not joined: what its pronouns mean cannot make it readable
                        why, why_kind = result.reason, result.kind
                    continue
            candidate = None if by_itself else join([*chosen, options[i]], [*(offsets[j] for j in kept), offsets[k]],
                                                    unread)
            result = interpret(options[i] if by_itself else candidate)
            if isinstance(result, Interpretation):
                chosen.append(options[i])
                kept.append(k)
                joined = candidate  # None when read by itself: the join is read at the end
                break
            if n == 0:
                why, why_kind = result.reason, result.kind
        else:
            if unread and _refers_back(options[order[0]]) and why_kind == REFERENCE:
                why = "refers back to a sentence that could not be read"
            left_out.append((k, why))
            unread.append((offsets[k], mentions(options[order[0]]) if order else encode_mentions([])))
    if not chosen:
        return choose(readings, offsets)[0], []
    if joined is None:  # the last sentence kept was read by itself
        joined = join(chosen, [offsets[j] for j in kept], unread)
        if not isinstance(interpret(joined), Interpretation):
            return None
    return joined, left_out
