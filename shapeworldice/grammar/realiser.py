"""Realisation: caption semantics → English, through the grammar's lexicon and ``realise.txt``.

The realisation rules are compiled once into small Python structures; realising a caption is
a top-down walk of its components.  Sub-realisations that made no paraphrase choice are
memoised by (category, component, number), so realising many captions costs mostly dict
lookups.  Choices are drawn from the caller's ``numpy.random.Generator`` (the first option
when ``rng`` is None) and recorded as ``NAME=label`` strings.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..semantics.components import (
    Anaphor, Attribute, Coreference, EntityType, Existential, Proposition, Quantifier, Relation, RelativeType,
    Selector,
)
from .loader import GrammarData, GrammarError, entry_onset
from .normalise import normalise


@dataclass(frozen=True)
class Realisation:
    """A realised caption: its text and every paraphrase choice made (``NAME=label``)."""

    text: str
    choices: tuple[str, ...] = ()


#: the literal of realise.txt that ends one sentence of a caption and starts the next
SENTENCE_BREAK = "."


def _sentences(words: list[str]) -> list[str]:
    """Words with each sentence break attached to the word before it and the next sentence's
    first word capitalised."""
    out: list[str] = []
    capital = False
    for w in words:
        if w == SENTENCE_BREAK:
            out[-1] += SENTENCE_BREAK
            capital = True
            continue
        out.append(w[:1].upper() + w[1:] if capital else w)
        capital = False
    return out


class RealisationError(ValueError):
    """A caption component the realisation rules do not cover."""


_MEMO_LIMIT = 200_000


def _fmt_quantity(q: Any, qtype: str) -> str:
    if qtype == "count":
        return str(int(q))
    return repr(float(q))


def component_keys(comp: Any) -> tuple[str, ...]:
    """Dispatch keys of a component, most specific first."""
    if isinstance(comp, str):
        return (comp, "*")
    if isinstance(comp, EntityType):
        c, s = comp.color is not None, comp.shape is not None
        sub = "color+shape" if c and s else "color" if c else "shape" if s else "none"
        return (f"EntityType/{sub}", "EntityType", "*")
    if isinstance(comp, Attribute):
        return (f"Attribute/{comp.predtype}", "Attribute", "*")
    if isinstance(comp, Selector):
        return (f"Selector/{comp.predtype}/{int(comp.value)}", f"Selector/{comp.predtype}", "Selector", "*")
    if isinstance(comp, Relation):
        p = comp.predtype
        if p == "attribute":
            return (f"attribute/{comp.value.predtype}", "attribute", "Relation", "*")
        if p == "type":
            only_color = comp.value.color is not None and comp.value.shape is None
            return (("type/color",) if only_color else ()) + ("type", "Relation", "*")
        if p == "negation":
            return ("negation", "Relation", "*")
        return (f"{p}/{int(comp.value)}", p, "Relation", "*")
    if isinstance(comp, Existential):
        return ("Existential", "*")
    if isinstance(comp, Quantifier):
        q = _fmt_quantity(comp.quantity, comp.qtype)
        return (f"{comp.qtype}/{q}/{comp.qrange}", f"{comp.qtype}/{q}", comp.qtype, "Quantifier", "*")
    if isinstance(comp, Proposition):
        return (comp.proptype, "Proposition", "*")
    discourse_keys = _discourse_keys(comp)
    if discourse_keys is not None:
        return discourse_keys
    raise RealisationError(f"cannot realise {type(comp).__name__}: {comp!r}")


def _discourse_keys(comp: Any) -> tuple[str, ...] | None:
    """Keys of the components beyond the paper's templates: relative clauses and coreference; ShapeWorld's number bounds
    ("NumberBound", then its quantifier's keys) and comparative quantifiers
    ("ComparativeQuantifier/ratio/2.0/eq", ...)."""
    if isinstance(comp, RelativeType):
        return ("RelativeType", "*")
    if isinstance(comp, Anaphor):
        return (f"Anaphor/{comp.predtype}/{int(comp.value)}", "Anaphor", "*")
    if isinstance(comp, Coreference):
        return (f"Coreference/{comp.form}/{len(comp.parts)}", f"Coreference/{comp.form}", "Coreference", "*")
    kind = getattr(comp, "component", "")
    if kind == "NumberBound":
        q = comp.quantifier
        quantity = _fmt_quantity(q.quantity, q.qtype)
        return ("NumberBound", f"{q.qtype}/{quantity}/{q.qrange}", f"{q.qtype}/{quantity}", q.qtype, "*")
    if kind == "ComparativeQuantifier":
        quantity = _fmt_quantity(comp.quantity, comp.qtype)
        base = f"ComparativeQuantifier/{comp.qtype}"
        sign = "more" if comp.quantity > 0 else "fewer"
        return (f"{base}/{quantity}/{comp.qrange}", f"{base}/{sign}/{comp.qrange}", f"{base}/{quantity}", base,
                "ComparativeQuantifier", "*")
    return None


def _field(comp: Any, name: str) -> Any:
    if name == "self":
        return comp
    if name.startswith("clause") and name[6:].isdigit():
        i = int(name[6:])
        clauses = comp.clauses
        if len(clauses) != 2:
            raise RealisationError(f"{comp.proptype} with {len(clauses)} clauses is not supported")
        return clauses[i]
    if name.startswith("part"):  # the clauses of a Coreference
        parts = comp.parts
        if int(name[4:]) >= len(parts):
            raise RealisationError(f"{type(comp).__name__} has no {name}")
        return parts[int(name[4:])]
    try:
        return getattr(comp, name)
    except AttributeError:
        raise RealisationError(f"{type(comp).__name__} has no field {name!r}") from None


def _fmt_key(key: str, comp: Any) -> str:
    if "{" not in key:
        return key
    out, i = [], 0
    while i < len(key):
        j = key.find("{", i)
        if j < 0:
            out.append(key[i:])
            break
        k = key.index("}", j)
        out.append(key[i:j])
        name = key[j + 1:k]
        value = _field(comp, name)
        if name == "quantity":
            value = _fmt_quantity(value, comp.qtype)
        out.append(str(value))
        i = k + 1
    return "".join(out)


class Realiser:
    """Compiled realisation rules over a loaded grammar."""

    def __init__(self, data: GrammarData):
        self.version = data.version
        self.rules: dict[str, list] = {}
        for r in data.realise:
            self.rules.setdefault(r.cat, []).append(r)
        # lexicon: semantic key -> {slot: canonical form}; every known form (for literal checks)
        self.by_key: dict[str, Any] = {}
        self.forms: set[str] = set()
        self.onset: dict[str, str] = {}
        self.article: dict[str, str] = {}
        for e in data.entries:
            for slot in e.forms:
                for variant in slot:
                    form = " ".join(variant)
                    self.forms.add(form)
                    self.onset.setdefault(form.split()[0].lower(), entry_onset(e, variant))
            if e.key is not None and e.key not in self.by_key:
                self.by_key[e.key] = e
            if e.key == "a":
                # the a/an entry: slot categories say which onset each form precedes
                for line in data.lextypes[e.type]:
                    if line.cat.name == "D" and line.slot.isdigit():
                        self.article[line.cat.get("ONS") or "c"] = e.form(int(line.slot))
        if set(self.article) != {"v", "c"}:
            raise GrammarError("lexicon needs an article entry (key=a) with forms for both onsets")
        for r in data.realise:
            self._check(r.items, r.line)
        self._resolved: dict[tuple[str, tuple[str, ...], str], Any] = {}
        self._memo: dict[tuple, tuple[str, ...]] = {}

    def _check(self, items, line) -> None:
        for it in items:
            if it.kind == "lit":
                for w in it.words:
                    if w != SENTENCE_BREAK and w.replace("_", " ") not in self.forms:
                        raise GrammarError(f"realise.txt:{line}: {w!r} is not a word of the lexicon")
            elif it.kind == "lex" and "{" not in it.key and it.key not in self.by_key:
                raise GrammarError(f"realise.txt:{line}: no lexicon entry with key {it.key!r}")
            elif it.kind == "call" and it.cat not in self.rules:
                raise GrammarError(f"realise.txt:{line}: no realisation rules for {it.cat}")
            elif it.kind == "choice":
                for alt in it.alternatives:
                    self._check(alt, line)

    # ------------------------------------------------------------------ realisation
    def _rule(self, cat: str, comp: Any, num: str):
        keys = component_keys(comp)
        ck = (cat, keys, num)
        rule = self._resolved.get(ck)
        if rule is None:
            for r in self.rules.get(cat, ()):
                if r.key in keys and (r.num is None or r.num == num):
                    if rule is None or keys.index(r.key) < keys.index(rule.key):
                        rule = r
            if rule is None:
                raise RealisationError(f"no realisation rule {cat} for {keys[0]} ({num})")
            self._resolved[ck] = rule
        return rule

    def _lex(self, key: str, num: str) -> str:
        entry = self.by_key.get(key)
        if entry is None:
            raise RealisationError(f"no lexicon entry with key {key!r}")
        return entry.form(1 if num == "pl" and len(entry.forms) > 1 else 0)

    def _items(self, items, comp, num, out, choices, rng) -> None:
        for it in items:
            kind = it.kind
            if kind == "lit":
                out.extend(it.words)
            elif kind == "lex":
                out.append(self._lex(_fmt_key(it.key, comp), it.num or num))
            elif kind == "call":
                self._real(it.cat, _field(comp, it.field), it.num or num, out, choices, rng)
            else:  # choice
                n = len(it.alternatives)
                i = 0 if rng is None else int(rng.integers(n))
                choices.append(f"{it.name}={it.labels[i]}")
                self._items(it.alternatives[i], comp, num, out, choices, rng)

    def _real(self, cat, comp, num, out, choices, rng) -> None:
        try:
            mk = (cat, comp, num)
            hit = self._memo.get(mk)
        except TypeError:  # unhashable component
            mk, hit = None, None
        if hit is not None:
            out.extend(hit)
            return
        rule = self._rule(cat, comp, num)
        start, nchoices = len(out), len(choices)
        self._items(rule.items, comp, num, out, choices, rng)
        if mk is not None and len(choices) == nchoices:
            if len(self._memo) > _MEMO_LIMIT:
                self._memo.clear()
            self._memo[mk] = tuple(out[start:])

    def realise(self, caption: Any, rng=None) -> Realisation:
        out: list[str] = []
        choices: list[str] = []
        self._real("S", caption, "sg", out, choices, rng)
        words = [w.replace("_", " ") for w in out]
        article_c, article_v = self.article["c"], self.article["v"]
        for i in range(len(words) - 1):
            if words[i] == article_c or words[i] == article_v:
                nxt = words[i + 1].split(" ", 1)[0].lower()
                words[i] = article_v if self.onset.get(nxt, "c") == "v" else article_c
        text = " ".join(words).replace(" ,", ",")
        if SENTENCE_BREAK in words:  # captions of several sentences
            text = " ".join(_sentences(words)).replace(" ,", ",")
        return Realisation(normalise(text), tuple(choices))


__all__ = ["Realisation", "Realiser", "RealisationError", "component_keys"]
