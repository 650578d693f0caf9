"""Language constructions for the diversity metric, and report breakdowns.

A construction is the logical form with values dropped (the D of ``docs/evaluation.md``; keys in
``docs/constructions.md``): every entity description keeps only *how* the entity is described —
by shape ("square"), by colour ("red shape"), by both ("red square") or by neither ("shape") —
and which shape, colour or number is dropped. Quantifier kind and range (and for ratios the
fraction: quarter, third, half, two-thirds, three-quarters, no, all), relation kind and
direction ("left-of" vs "right-of"), negation and proposition structure are kept. Variables are
renamed by order of binding and conjunctions are sorted, so equal constructions give equal
strings.

"A square is red." and "A circle is blue." → same key; "A shape is red." → a different key;
"Exactly two squares are red." and "Exactly four circles are blue." → same key.
The copula forms "is red" and "is a red shape" describe the same way (colour) and so share a key.
Plural definites have their own quantifier keys ("the squares": ``the-all``, "the two squares":
``the-all:number``); coordinated noun phrases are distributed, so "There is a square and a
circle." shares its key with "There is a square and there is a circle.".
"""
from __future__ import annotations

from typing import Any, Iterable, Union

from .interpret import Interpretation
from .logic import (
    RATIO_NAMES, RELATION_WORDS, And, Attr, Color, Compare, Exists, Formula, Iff, Implies, Noun, Not, Or, Quant,
    Rel, Scene, Shape, walk,
)

#: caption families; "coreference" and "relative" hold no caption of the paper's six datasets,
#: nor do "selection" and "comparative" (ShapeWorld's selectors and comparative quantifiers)
FAMILIES: tuple[str, ...] = ("existential", "spatial", "relational", "count", "ratio", "logical", "coreference",
                             "relative", "other", "selection", "comparative")
SPATIAL_KINDS = frozenset({"x-rel", "y-rel", "z-rel", "proximity-rel"})

_Interp = Union[Interpretation, Formula]


def _formula(x: _Interp) -> Formula:
    return x.formula if isinstance(x, Interpretation) else x


def _description(kinds: set[str]) -> str:
    extra = "".join(f"+{k}" for k in sorted(kinds - {"shape", "color"}))  # tone, size, region, vague
    if "shape" in kinds and "color" in kinds:
        return "color+shape" + extra
    if "shape" in kinds:
        return "shape" + extra
    if "color" in kinds:
        return "color" + extra
    return extra[1:] or "none"


def _qkey(q: Quant) -> str:
    s = q.spec
    if s.kind == "exists":
        return "a"
    if s.kind == "unique":
        return "the"
    if s.kind == "definite":  # "the squares" / "the two squares"
        return "the-all" if s.quantity is None else "the-all:number"
    if s.kind == "select":  # "the leftmost": the selector and its direction
        return f"the-{s.word}{int(s.quantity or 0):+d}"
    if s.kind == "part":  # one side of a comparative quantifier
        return "part"
    bound = "" if s.bound is None else ":of-number"  # "... of the three red shapes"
    if s.kind == "count":
        return f"count:{s.qrange}{bound}"
    # by meaning: "most" is "more than half" (ratio gt 0.5)
    name = RATIO_NAMES.get(s.comparison()[1], str(s.quantity))
    return f"ratio:{s.qrange}:{name}{bound}"


def _compare_key(f: Compare) -> str:
    """"twice as many": ``compare:ratio:eq:2``; "two more" / "one fewer": ``compare:count:eq:more`` /
    ``compare:count:eq:fewer`` (the number is dropped, as for counts)."""
    s = f.spec
    if s.kind == "count":
        quantity = "more" if (s.quantity or 0) > 0 else "fewer"
    else:
        quantity = f"{float(s.quantity or 0):g}"
    return f"compare:{s.kind}:{s.qrange}:{quantity}"


class _Renderer:
    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def var(self, v: str) -> str:
        return self.names.get(v, "?")

    def render(self, f: Formula) -> str:
        if isinstance(f, Quant):
            self.names[f.var] = f"v{len(self.names)}"
            return f"{_qkey(f)} {self.var(f.var)}[{self.render(f.restr)}][{self.render(f.body)}]"
        if isinstance(f, (Shape, Color, Noun, Exists, Rel, Attr, Scene, And)):
            return self.conjunction(f.args if isinstance(f, And) else (f,))
        if isinstance(f, Not):
            return f"not({self.render(f.arg)})"
        if isinstance(f, Or):
            return "or(" + ",".join(self.render(g) for g in f.args) + ")"
        if isinstance(f, Implies):
            return f"if({self.render(f.antecedent)},{self.render(f.consequent)})"
        if isinstance(f, Iff):
            return f"iff({self.render(f.left)},{self.render(f.right)})"
        if isinstance(f, Compare):
            return f"{_compare_key(f)}({self.render(f.left)};{self.render(f.right)})"
        raise TypeError(f"not a formula: {f!r}")

    def conjunction(self, parts: tuple[Formula, ...]) -> str:
        described: dict[str, set[str]] = {}
        other: list[str] = []
        for p in parts:
            if isinstance(p, Shape):
                described.setdefault(p.var, set()).add("shape")
            elif isinstance(p, Color) or isinstance(p, Attr) and p.kind == "colour":
                described.setdefault(p.var, set()).add("color")
            elif isinstance(p, Attr):  # tone, size, place: what kind of word, not which one
                described.setdefault(p.var, set()).add(p.kind)
            elif isinstance(p, Scene):
                other.append(p.kind)
            elif isinstance(p, Noun):
                described.setdefault(p.var, set())
            elif isinstance(p, Exists):
                other.append(f"there({self.var(p.var)})")
            elif isinstance(p, Rel):
                word = RELATION_WORDS.get((p.kind, p.value), f"{p.kind}{p.value:+d}")
                comp = "" if p.comp is None else f",{self.var(p.comp)}"
                other.append(f"{word}({self.var(p.var)},{self.var(p.ref)}{comp})")
            else:
                other.append(self.render(p))
        items = [f"{self.var(v)}:{_description(k)}" for v, k in described.items()] + other
        if not items:
            return "true"
        return "&".join(sorted(items))


def construction(interpretation: _Interp, marks: Iterable[str] = ()) -> str:
    """Canonical key of the caption's language construction (values dropped), with the syntax
    marks of its reading (:func:`syntax_marks`) after a ``|`` when there are any."""
    key = _Renderer().render(_formula(interpretation))
    marks = sorted(set(marks))
    return key + "|" + ",".join(marks) if marks else key


_COORDINATORS = frozenset({"_and_c", "_or_c", "implicit_conj"})
_FINITE = frozenset({"pres", "past", "fut"})


def syntax_marks(mrs: Any) -> tuple[str, ...]:
    """The non-template constructions of one reading (see the module docstring), sorted.

    ``mrs`` is a pydelphin MRS; only predicates, labels, ARG0-3 and the TENSE of events are read,
    which the built-in grammar and the ERG both provide.
    """
    if mrs is None:
        return ()
    eps = list(mrs.rels)
    noun_labels: dict[str, set[str]] = {}  # label -> the instances of the nouns it carries
    for ep in eps:
        arg0 = ep.args.get("ARG0", "")
        if arg0.startswith("x") and "RSTR" not in ep.args and ep.predicate not in _COORDINATORS:
            noun_labels.setdefault(ep.label, set()).add(arg0)
    by_event = {ep.args["ARG0"]: ep for ep in eps if ep.args.get("ARG0", "").startswith("e")}
    by_label: dict[str, list[Any]] = {}
    for ep in eps:
        by_label.setdefault(ep.label, []).append(ep)
    marks: set[str] = set()
    for ep in eps:
        arg0 = ep.args.get("ARG0", "")
        if ep.predicate in _COORDINATORS:
            if arg0.startswith("x"):
                marks.add("np-coordination")
            elif ep.predicate == "implicit_conj":
                marks.add("run-on")
            elif _same_subject(_conjunct(ep.args.get("ARG1"), by_event, by_label),
                               _conjunct(ep.args.get("ARG2"), by_event, by_label)):
                marks.add("predicate-coordination")
            continue
        if ep.label not in noun_labels or not arg0.startswith("e"):
            continue
        tense = str(mrs.variables.get(arg0, {}).get("TENSE", "untensed")).lower()
        if tense in _FINITE:
            marks.add("relative-clause")
        elif (ep.predicate.endswith("_p") and ep.predicate != "_of_p"  # "left of", "half of": arguments
              and ep.args.get("ARG1") in noun_labels[ep.label]):
            marks.add("pp-modifier")
    return tuple(sorted(marks))


def construction_marks(caption: Any) -> tuple[str, ...]:
    """The syntax marks (:func:`syntax_marks`) of the sentence the builder realises for a stored
    caption: ``relative-clause`` for a RelativeType, ``run-on`` for a coreference
    caption of several sentences, ``pp-modifier`` for "the T above / below it"; template
    captions have none."""
    from ..semantics.components import Anaphor, Coreference, Existential, Proposition, Relation, RelativeType

    marks: set[str] = set()

    def visit(c: Any) -> None:
        if isinstance(c, RelativeType):
            marks.add("relative-clause")
            visit(c.clause)
        elif isinstance(c, Coreference):
            if c.form in ("sentences", "copula"):
                marks.add("run-on")
            for part in c.parts:
                visit(part)
        elif isinstance(c, Anaphor):
            marks.add("pp-modifier")
        elif isinstance(c, Existential):
            visit(c.restrictor)
            visit(c.body)
        elif isinstance(c, Relation):
            visit(c.value)
            visit(c.reference)
        elif isinstance(c, Proposition):
            for clause in c.clauses:
                visit(clause)

    visit(caption)
    return tuple(sorted(marks))


def _conjunct(arg: Any, by_event: dict[str, Any], by_label: dict[str, list[Any]]) -> Any:
    """The predication a coordination argument stands for: its event's EP, or (a handle) the EP
    with an event under that label."""
    if not isinstance(arg, str):
        return None
    if arg in by_event:
        return by_event[arg]
    for ep in by_label.get(arg, ()):
        if ep.args.get("ARG0", "").startswith("e") and ep.args.get("ARG1"):
            return ep
    return None


def _same_subject(left: Any, right: Any) -> bool:
    if left is None or right is None:
        return False
    a, b = left.args.get("ARG1"), right.args.get("ARG1")
    return isinstance(a, str) and a.startswith("x") and a == b


def _strip_not(f: Formula) -> Formula:
    while isinstance(f, Not):
        f = f.arg
    return f


def _relations(f: Formula) -> list[Rel]:
    from .logic import walk

    return [g for g in walk(f) if isinstance(g, Rel)]


def family(interpretation: _Interp, discourse: bool = True) -> str:
    """Caption family: existential, spatial, relational, count, ratio, logical, coreference,
    relative or other.

    "There is"/copula sentences are existential; left/right/above/below/behind/in front of are
    spatial; comparatives and attribute (in)equality are relational; connectives between
    clauses are logical. A sentence-level negation does not change the family. With
    ``discourse`` false, relative clauses and pronouns across clauses keep their relation's
    family (:func:`claim_family`).
    """
    f = _strip_not(_formula(interpretation))
    if (isinstance(f, (And, Or)) and len(f.args) >= 2) or isinstance(f, (Implies, Iff)):
        return "logical"
    if isinstance(f, Compare):
        return "comparative"
    if isinstance(f, Quant) and any(isinstance(g, Quant) and g.spec.kind == "select" for g in walk(f)):
        return "selection"
    if isinstance(f, Quant):
        if f.spec.kind in ("count", "ratio"):
            return f.spec.kind
        found = _discourse_family(f) if discourse else None
        if found is not None:
            return found
        rels = _relations(f)
        if rels:
            return "spatial" if rels[0].kind in SPATIAL_KINDS else "relational"
        return "existential"
    return "other"


def claim_family(interpretation: _Interp) -> str:
    """The family of what a caption claims, however it is phrased: "There is a square above a
    circle.", "A square that is above a circle is red." and "There is a square. It is above a
    circle." are spatial, as "A square is above a circle." is. Informativeness compares this
    family with the references' (a caption outside them earns no bits), so a true claim is not
    worth less for being framed the way a model writes it; breakdowns use :func:`family`."""
    return family(interpretation, discourse=False)


def _relational(f: Formula) -> bool:
    """Whether ``f`` says something of another entity (holds a quantifier or a relation)."""
    from .logic import walk

    return any(isinstance(g, (Quant, Rel)) for g in walk(f))


def _discourse_family(f: Quant) -> str | None:
    """"Coreference" when the top quantifier's body joins a relational clause with
    something more said of the same entity ("There is a square. It is above a circle.", "A
    circle is blue, and the square below it is green."); "relative" when an entity is picked
    out by its relation to another ("A square that is above a circle is red."). Template
    captions (the paper's six datasets) are neither."""
    from .logic import walk

    body = _strip_not(f.body)
    if isinstance(body, And) and len(body.args) >= 2 and any(_relational(g) for g in body.args):
        return "coreference"
    if any(isinstance(g, Quant) and _relational(g.restr) for g in walk(f)):
        return "relative"
    return None


def quantifier_range(interpretation: _Interp) -> str | None:
    """qrange (lt, leq, eq, neq, geq, gt) of a count/ratio caption's main quantifier, else None."""
    f = _strip_not(_formula(interpretation))
    if isinstance(f, Quant) and f.spec.kind in ("count", "ratio"):
        return f.spec.qrange
    return None


def relation(interpretation: _Interp) -> str | None:
    """The first relation word of the caption ("left-of", "bigger-than", "same-color", ...), else None."""
    rels = _relations(_formula(interpretation))
    if not rels:
        return None
    r = rels[0]
    return RELATION_WORDS.get((r.kind, r.value), f"{r.kind}{r.value:+d}")


__all__ = ["FAMILIES", "claim_family", "construction", "construction_marks", "family", "quantifier_range", "relation",
           "syntax_marks"]
