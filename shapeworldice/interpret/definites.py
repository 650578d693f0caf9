"""Definite anaphora: "the red cross" pointing back to the red cross a description introduced.

"A red cross is near the top. The red cross is at the left." says the cross near the top is at
the left, as "It is at the left." does; read as ShapeWorld's selector over the picture, "the red
cross" would be vague wherever the picture has two red crosses. A singular "the" whose
description is a shape noun (or "shape") and words of colour, tone and size refers to the one
shape named before it that the description fits:

* the shapes it may refer to are those named in an earlier sentence, or in its own sentence as an
  item of a list before it ("a red cross, a blue circle and a green square, with the square at
  the top"), not under "no" nor "every", and not its own co-arguments;
* a shape fits when the definite's noun is its noun (the same shape; "shape", "object" fit any
  shape) and each colour, tone and size word of the definite can be true together with the
  shape's own words of that kind ("the pink cross" fits "a magenta cross", not "a red cross"; "the
  small cross" fits "a tiny cross", not "a large cross");
* with exactly one fitting shape, the definite is that shape: its quantifier scopes over the
  sentence, as an antecedent of "it" does, and each word the definite adds ("the small red cross"
  after "a red cross": small) becomes a claim about it in the definite's sentence; with none, or
  several (a plural naming such shapes, or a sentence left out that names one, counts), the
  definite stays ShapeWorld's selector.

The rule is stated in docs/semantics.md ("Reference across sentences").
"""
from __future__ import annotations

from dataclasses import replace

from ..semantics.appearance import COLOR_WORDS, SIZES, TONE_SYNONYMS, TONES, color_word
from .antecedents import UNREAD, coordinated, decode_mentions, local_entities
from .predicates import (
    COORDINATIONS, ENTITY_NOUNS, OUTSIDE_WORDS, SIZE_ADJS, TONE_ADJS, UNIVERSAL_QUANTIFIERS, color_of, shape_of,
    split_predicate,
)
from .working_mrs import EP, WorkingMRS, is_handle, is_var

#: a word of a description: (kind, value) with kind "noun" (value the shape, "" for "shape"),
#: "colour" (a word of the colour table, "" outside it), "tone", "size" or "none" (adds nothing)
Word = tuple[str, str]


def resolve_definites(w: WorkingMRS) -> None:
    """Resolve each singular "the" + description to the one shape named before it that it fits."""
    definites = [q for q in w.live if q.pred == "_the_q" and not q.dead and _plain(q) and is_var(q.arg0, "x")]
    if not definites:
        return
    sentence = _sentence_of(w)
    for q in sorted(definites, key=lambda e: e.key):
        if q.dead:
            continue
        words = _description(w, q)
        if words is None:
            continue
        fitting = _fitting(w, q, words, sentence)
        if len(fitting) == 1 and fitting[0] is not None:
            _refer(w, q, fitting[0])


def _plain(q: EP) -> bool:
    m = q.mods
    return not m.plural and m.plain() and m.selector is None and m.compare is None and m.bound is None


def _word(e: EP, x: str) -> Word | None:
    """What a one-place word of ``x`` says, None when it is no noun, colour, tone or size word of ``x``."""
    p = e.pred
    if e.arg0 == x and set(e.args) == {"ARG0"}:
        shape = shape_of(p)
        if shape is not None:
            return "noun", shape
        return ("noun", "") if p in ENTITY_NOUNS else None
    if e.args.get("ARG1") != x or not set(e.args) <= {"ARG0", "ARG1"} or e.carg is not None:
        return None
    lemma, pos, _ = split_predicate(p)
    if pos != "a":
        return None
    if p in TONE_ADJS:
        return "tone", TONE_ADJS[p]
    if p in SIZE_ADJS:
        return "size", SIZE_ADJS[p]
    palette = color_of(p)
    word = color_word(palette[0] if palette is not None else lemma.replace("+", " ").lower())
    if word is not None:
        return "colour", word
    if lemma in OUTSIDE_WORDS:
        return "none", lemma
    return None


def _description(w: WorkingMRS, q: EP) -> list[tuple[EP, Word]] | None:
    """The definite's restriction as words (exactly one noun), None when it says anything else."""
    x = q.arg0 or ""
    out = []
    for e in w.at(w.rstr_label(q)):
        word = _word(e, x)
        if word is None:
            return None
        out.append((e, word))
    return out if sum(k == "noun" for _, (k, _v) in out) == 1 else None


def _words_of(w: WorkingMRS, r: EP, before: tuple[int, int]) -> list[Word]:
    """The words said of a shape before ``before``: its restriction's and one-place words elsewhere
    ("A cross is red.")."""
    x = r.arg0 or ""
    own = w.rstr_label(r)
    out = []
    for e in w.live:
        if e.dead or e.is_quantifier() or (e.label != own and e.key >= before):
            continue
        word = _word(e, x)
        if word is not None and (word[0] != "noun" or e.label == own):
            out.append(word)
    return out


def _fits(definite: list[Word], shape: list[Word]) -> bool:
    """Whether a definite's words may describe a shape described by ``shape``'s words."""
    nouns = [v for k, v in shape if k == "noun"]
    for kind, value in definite:
        if kind == "noun":
            if value and value not in nouns:
                return False
            continue
        others = [v for k, v in shape if k == kind]
        if kind == "colour" and not all(_colours_meet(value, o) for o in others):
            return False
        if kind == "tone" and not all(_tones_meet(value, o) for o in others):
            return False
        if kind == "size" and not all(_sizes_meet(value, o) for o in others):
            return False
    return True


def _bands(word: str) -> list[tuple[str, float, float]] | None:
    """Where a colour word is true (where it is vague, for a word that is nowhere true: "orange");
    None for a word outside the table (it may be said of anything)."""
    name = color_word(word)
    if name is None:
        return None
    if name not in COLOR_WORDS:  # a compound "A-B": where either part may be
        parts = [_bands(part) for part in name.split("-")]
        if any(p is None for p in parts):
            return None
        return [band for p in parts if p is not None for band in p]
    clear, vague = COLOR_WORDS[name]
    return list(clear or vague)


def _colours_meet(a: str, b: str) -> bool:
    if a == b:
        return True
    first, second = _bands(a), _bands(b)
    if first is None or second is None:
        return True
    return any(c == d and max(lo, lo2) <= min(hi, hi2) for c, lo, hi in first for d, lo2, hi2 in second)


def _tones_meet(a: str, b: str) -> bool:
    (lo, hi), (lo2, hi2) = TONES[TONE_SYNONYMS.get(a, a)][0], TONES[TONE_SYNONYMS.get(b, b)][0]
    return max(lo, lo2) <= min(hi, hi2)


def _sizes_meet(a: str, b: str) -> bool:
    def interval(word: str) -> tuple[float, float]:
        op, yes, _ = SIZES[word]
        return (0.0, yes) if op == "<" else (yes, 1.0)
    (lo, hi), (lo2, hi2) = interval(a), interval(b)
    return max(lo, lo2) < min(hi, hi2)


def _fitting(w: WorkingMRS, q: EP, words: list[tuple[EP, Word]], sentence: dict[str, int]
             ) -> list[EP | None]:
    """The shapes named before ``q`` that its words fit (None for one a sentence left out names)."""
    said = [word for _, word in words]
    local = local_entities(w, q.arg0 or "")
    listed = coordinated(w)
    own = sentence.get(q.arg0 or "")
    out: list[EP | None] = []
    for r in w.live:
        if (r.dead or not r.is_quantifier() or r is q or r.key >= q.key or not is_var(r.arg0, "x")
                or r.pred in ("pronoun_q", "_no_q") or r.pred in UNIVERSAL_QUANTIFIERS or r.arg0 in local):
            continue
        if not any(k == "noun" for k, _v in _words_of(w, r, q.key)):
            continue
        where = sentence.get(r.arg0 or "")
        if where is None or own is None or where > own or where == own and r.arg0 not in listed:
            continue
        if _fits(said, _words_of(w, r, q.key)):
            out.append(None if r.mods.plural or r.mods.card not in (None, 1) else r)
    for u in w.live:
        if u.dead or u.pred != UNREAD or u.key >= q.key:
            continue
        for mention in decode_mentions(u.carg):
            described = [word for p in mention.words if (word := _word_of_pred(p)) is not None]
            if _fits(said, described):
                out.append(None)
    return out


def _word_of_pred(p: str) -> Word | None:
    """:func:`_word` of a bare predicate (an unread sentence's noun or adjective)."""
    shape = shape_of(p)
    if shape is not None:
        return "noun", shape
    if p in ENTITY_NOUNS:
        return "noun", ""
    return _word(EP(p, "", {"ARG0": "e", "ARG1": "x"}, None, (0, 0)), "x")


def _sentence_of(w: WorkingMRS) -> dict[str, int]:
    """The sentence (0, 1, ...) of each entity: the sentences are the arguments of the chain of
    ``implicit_conj`` at the top (as :func:`~.discourse.join` joins them); an entity belongs to the
    sentence whose predications or restrictions name it first."""
    roots: list[str] = []
    label = w.target(w.top)
    while True:
        joins = [e for e in w.at(label) if e.pred == "implicit_conj" and is_handle(e.args.get("ARG1"))
                 and is_handle(e.args.get("ARG2"))]
        if len(w.at(label)) != 1 or len(joins) != 1:
            roots.append(label)
            break
        roots.append(w.target(joins[0].args["ARG1"]))
        label = w.target(joins[0].args["ARG2"])
    out: dict[str, int] = {}
    for k, root in enumerate(roots):
        seen, todo = set(), [root]
        while todo:
            at = todo.pop()
            if at in seen:
                continue
            seen.add(at)
            for e in w.at(at):
                for role, v in e.args.items():
                    if is_handle(v) and role not in ("RSTR", "BODY"):
                        todo.append(w.target(v))
                    elif is_var(v, "x") and v not in out:
                        out[v] = k
                        q = w.quant_of.get(v)
                        if q is not None:
                            todo.append(w.rstr_label(q))
    return out


def _refer(w: WorkingMRS, q: EP, r: EP) -> None:
    """The definite ``q`` is the shape ``r``: the words ``r`` already has are dropped, the others
    become claims in the definite's sentence (at the clause of its first use). An item of a list
    keeps its quantifier inside the list, so there the definite restates it (:func:`_restate`)."""
    x, a = q.arg0 or "", r.arg0 or ""
    if a in coordinated(w):
        _restate(w, q, r)
        return
    have = _words_of(w, r, q.key)
    words = _description(w, q) or []
    added = [e for e, word in words if word[0] not in ("noun", "none") and word not in have]
    users = sorted((e for e in w.live if not e.dead and not e.is_quantifier() and x in e.args.values()
                    and e.label != w.rstr_label(q)), key=lambda e: e.key)
    if not users:
        return
    clause = _clause(w, users[0].label)
    w.kill(q, *(e for e, _ in words if e not in added))
    for e in added:
        e.label = clause
    w.substitute(x, a)
    w.reindex()


def _restate(w: WorkingMRS, q: EP, r: EP) -> None:
    """"The image shows a red circle and a blue circle. The blue circle is at the bottom.": an item of
    a list that only says what is there is restated, "a blue circle is at the bottom" (with the item's
    words the definite leaves out), which says what binding "the blue circle" to the item would say.
    A list said to be somewhere or to do something ("A red circle and a blue circle are at the top.")
    is left alone (a restated item would not carry what the list says of it): the definite stays."""
    a = r.arg0 or ""
    joints = {e.arg0: e for e in w.live if not e.dead and e.pred in COORDINATIONS}
    parent = {v: e for e in joints.values() for role, v in e.args.items() if role != "ARG0"}
    top = a
    while top in parent:
        top = parent[top].arg0 or ""
    if any(top in e.args.values() and e.pred != "_be_v_there" for e in w.live
           if not e.dead and not e.is_quantifier() and e.pred not in COORDINATIONS):
        return
    described = w.at(w.rstr_label(r))
    if any(role not in ("ARG0", "ARG1") or not (v == a or role == "ARG0" and is_var(v, "e"))
           for e in described for role, v in e.args.items()):
        return
    x = q.arg0 or ""
    own = {e.pred for e in w.at(w.rstr_label(q))}
    q.pred, q.mods = r.pred, replace(r.mods)
    label = w.rstr_label(q)
    for e in described:
        if e.pred not in own:
            w.eps.append(EP(e.pred, label, {role: (x if v == a else w.new_name("e")) for role, v in e.args.items()},
                            e.carg, q.key, relation=e.relation))
    w.reindex()


def _clause(w: WorkingMRS, label: str) -> str:
    """The label of the clause around ``label``: up through scopal predicates ("not"), to below a
    coordination or the top."""
    while True:
        parents = [e for e in w.live if not e.dead and not e.is_quantifier() and e.pred not in COORDINATIONS
                   and any(is_handle(v) and r not in ("RSTR", "BODY") and w.target(v) == label
                           for r, v in e.args.items())]
        if len(parents) != 1:
            return label
        label = parents[0].label


__all__ = ["resolve_definites"]
