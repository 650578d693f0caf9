"""The logical form an ERG-style MRS is interpreted into.

A formula is a small tree of generalised quantifiers over entity variables, predicates on
those variables, and propositional connectives. It is the meeting point of the ERG and the
package's own grammar: both produce MRS, :func:`shapeworldice.interpret.interpret` turns either
into a :class:`Formula`, and :mod:`.evaluate` gives it ShapeWorld's three-valued truth.

Everything here is immutable and hashable, so interpretations can be cached and compared.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Iterator, Union

#: Qranges of ShapeWorld's quantifier table.
QRANGES: tuple[str, ...] = ("lt", "leq", "eq", "neq", "geq", "gt")

#: The negation of each qrange under the quantifier table (lt ⇔ ¬geq, leq ⇔ ¬gt, eq ⇔ ¬neq):
#: ShapeWorld's table is closed under negation, so "not (at least two)" = "less than two".
NEGATED_QRANGE: dict[str, str] = {"lt": "geq", "geq": "lt", "leq": "gt", "gt": "leq", "eq": "neq", "neq": "eq"}

#: Ratio literals as ShapeWorld writes them (``docs/semantics.md``: "a third" is 0.33 ± 0.005).
RATIO_LITERALS: dict[tuple[int, int], float] = {
    (0, 1): 0.0, (1, 4): 0.25, (1, 3): 0.33, (1, 2): 0.5, (2, 4): 0.5, (2, 3): 0.67, (3, 4): 0.75, (1, 1): 1.0,
}
#: Names of the ratio quantities, used in construction keys.
RATIO_NAMES: dict[float, str] = {
    0.0: "no", 0.25: "quarter", 0.33: "third", 0.5: "half", 0.67: "two-thirds", 0.75: "three-quarters", 1.0: "all",
}


@dataclass(frozen=True)
class QSpec:
    """What a quantifier says about how many restrictor entities satisfy its body.

    ``kind``: ``exists`` ("a", "some", bare indefinites), ``unique`` ("the" with a singular:
    ShapeWorld's unique selector), ``definite`` ("the" with a plural or a number: every
    restrictor entity satisfies the body and there is at least one; with a ``quantity`` N
    ("the two squares") there are exactly N), ``count`` (a number N with a qrange) or ``ratio``
    (a fraction with a qrange; "no" is ratio eq 0, "every"/"all" ratio eq 1, "most" ratio gt 0.5).
    ``word`` records the determiner family for reports ("a", "the", "every", "fraction", ...).
    """

    kind: str
    qrange: str | None = None
    quantity: float | None = None
    word: str = ""
    #: a number bound ("... of the three red shapes"): the restrictor has exactly this many entities
    bound: int | None = None

    def comparison(self) -> tuple[str, float]:
        """(qrange, quantity) of a count or ratio quantifier, which always has both."""
        if self.qrange is None or self.quantity is None:
            raise ValueError(f"{self.kind} quantifier has no range and quantity to compare with")
        return self.qrange, float(self.quantity)

    def negated(self) -> "QSpec":
        if self.qrange is None:
            raise ValueError("only count and ratio quantifiers have a negatable range")
        if self.bound is not None:
            raise ValueError("a number-bound quantifier has no simple negation")
        return QSpec(self.kind, NEGATED_QRANGE[self.qrange], self.quantity, self.word)

    def __str__(self) -> str:
        if self.kind in ("exists", "unique"):
            return self.kind
        if self.kind == "part":  # one side of a comparative quantifier
            return "part"
        if self.kind == "select":  # "the leftmost": word = selector predtype, quantity = direction
            return f"select[{self.word} {int(self.quantity or 0):+d}]"
        if self.bound is not None:
            return f"{self.kind}[{self.qrange} {self.quantity} of {self.bound}]"
        if self.kind == "definite":
            return "definite" if self.quantity is None else f"definite[{int(self.quantity)}]"
        q = int(self.quantity) if self.kind == "count" and self.quantity is not None else self.quantity
        return f"{self.kind}[{self.qrange} {q}]"


# --------------------------------------------------------------------------- atoms

@dataclass(frozen=True)
class Shape:
    """``var`` is a <value> (a shape noun: square, circle, ...)."""

    var: str
    value: str

    def __str__(self) -> str:
        return f"{self.value}({self.var})"


@dataclass(frozen=True)
class Color:
    """``var`` is <value> (a colour adjective, or the ERG's colour noun/verb homograph)."""

    var: str
    value: str

    def __str__(self) -> str:
        return f"{self.value}({self.var})"


@dataclass(frozen=True)
class Noun:
    """The generic noun "shape": true of every entity, but it records how an entity is described."""

    var: str

    def __str__(self) -> str:
        return f"shape({self.var})"


@dataclass(frozen=True)
class Exists:
    """"there is ..." (``_be_v_there``): true of every entity."""

    var: str

    def __str__(self) -> str:
        return f"exists({self.var})"


@dataclass(frozen=True)
class Attr:
    """``var`` has an appearance the world model records, named as people name it: ``kind``
    ``colour`` (a colour word of the colour table, ``value`` e.g. "pink", "light blue"),
    ``tone`` ("dark", "light", "bright"), ``size`` ("small", "large", ...), ``region`` (where it
    is in the image: "top-left", "left-edge", "centre", ...), or ``vague`` (a word the world model
    cannot decide: true and false of nothing). Meanings in :mod:`shapeworldice.semantics.appearance`."""

    var: str
    kind: str
    value: str

    def __str__(self) -> str:
        return f"{self.kind}:{self.value}({self.var})"


@dataclass(frozen=True)
class Scene:
    """A claim about the image as a whole: ``kind`` ``background`` with a colour word ``value``."""

    kind: str
    value: str

    def __str__(self) -> str:
        return f"{self.kind}:{self.value}"


@dataclass(frozen=True)
class Rel:
    """A binary relation of ``relations.BINARY_RELATIONS`` between ``var`` and its reference ``ref``;
    with ``comp``, the ternary proximity relation ("``var`` is closer to ``comp`` than ``ref``") or the
    proximity selector's link to its comparison (``proximity-sel``, true of every triple)."""

    kind: str
    value: int
    var: str
    ref: str
    comp: str | None = None

    def __str__(self) -> str:
        word = RELATION_WORDS.get((self.kind, self.value), self.kind)
        if self.comp is not None:
            return f"{word}({self.var},{self.ref},{self.comp})"
        return f"{word}({self.var},{self.ref})"


# --------------------------------------------------------------------------- connectives

@dataclass(frozen=True)
class Not:
    arg: "Formula"

    def __str__(self) -> str:
        return f"not({self.arg})"


@dataclass(frozen=True)
class And:
    args: tuple["Formula", ...]

    def __str__(self) -> str:
        return "and(" + ", ".join(map(str, self.args)) + ")"


@dataclass(frozen=True)
class Or:
    args: tuple["Formula", ...]

    def __str__(self) -> str:
        return "or(" + ", ".join(map(str, self.args)) + ")"


@dataclass(frozen=True)
class Implies:
    """"If <antecedent>, then <consequent>" (ShapeWorld's implication with clauses (consequent, antecedent))."""

    antecedent: "Formula"
    consequent: "Formula"

    def __str__(self) -> str:
        return f"if({self.antecedent}, {self.consequent})"


@dataclass(frozen=True)
class Iff:
    left: "Formula"
    right: "Formula"

    def __str__(self) -> str:
        return f"iff({self.left}, {self.right})"


@dataclass(frozen=True)
class Quant:
    """A generalised quantifier binding ``var``: Q(restrictor, body)."""

    spec: QSpec
    var: str
    restr: "Formula"
    body: "Formula"

    def __str__(self) -> str:
        return f"{self.spec} {self.var}.[{self.restr}][{self.body}]"


@dataclass(frozen=True)
class Compare:
    """A comparative quantifier ("twice as many squares as circles are red"): ``left`` and
    ``right`` are quantifiers (spec kind ``part``) over the compared sets with the same body; their
    counts are compared by ``spec`` (``count``: the difference, ``ratio``: the quotient)."""

    spec: QSpec
    left: Quant
    right: Quant

    def __str__(self) -> str:
        return f"compare[{self.spec.kind} {self.spec.qrange} {self.spec.quantity}]({self.left}; {self.right})"


Atom = Union[Shape, Color, Noun, Exists, Rel, Attr, Scene]
Formula = Union[Atom, Not, And, Or, Implies, Iff, Quant, Compare]

TRUE = And(())  # the empty conjunction

#: English words of each relation, for reports and SPICE tuples.
RELATION_WORDS: dict[tuple[str, int], str] = {
    ("x-rel", -1): "left-of", ("x-rel", 1): "right-of",
    ("y-rel", -1): "above", ("y-rel", 1): "below",
    ("z-rel", -1): "behind", ("z-rel", 1): "in-front-of",
    ("size-rel", -1): "smaller-than", ("size-rel", 1): "bigger-than",
    ("shade-rel", -1): "darker-than", ("shade-rel", 1): "lighter-than",
    ("shape-rel", -1): "different-shape", ("shape-rel", 1): "same-shape",
    ("color-rel", -1): "different-color", ("color-rel", 1): "same-color",
    ("id-rel", -1): "other-than",
    ("proximity-rel", -1): "closer-than", ("proximity-rel", 1): "farther-than",
    ("proximity-sel", -1): "closer-to", ("proximity-sel", 1): "farther-from",
    ("overlap-rel", 1): "overlaps", ("over-rel", 1): "over", ("touch-rel", 1): "touches", ("near-rel", 1): "next-to",
    ("area-rel", -1): "smaller-than", ("area-rel", 1): "bigger-than",
}


def children(f: Formula) -> tuple[Formula, ...]:
    """Immediate sub-formulas."""
    if isinstance(f, Quant):
        return (f.restr, f.body)
    if isinstance(f, Not):
        return (f.arg,)
    if isinstance(f, (And, Or)):
        return f.args
    if isinstance(f, Implies):
        return (f.antecedent, f.consequent)
    if isinstance(f, Iff):
        return (f.left, f.right)
    if isinstance(f, Compare):
        return (f.left, f.right)
    return ()


def rebuild(f: Formula, kids: "list[Formula] | tuple[Formula, ...]") -> Formula:
    """``f`` with its immediate sub-formulas (:func:`children`, in that order) replaced by ``kids``;
    a formula without sub-formulas is returned as it is."""
    if isinstance(f, Quant):
        return Quant(f.spec, f.var, kids[0], kids[1])
    if isinstance(f, Not):
        return Not(kids[0])
    if isinstance(f, (And, Or)):
        return type(f)(tuple(kids))
    if isinstance(f, Implies):
        return Implies(kids[0], kids[1])
    if isinstance(f, Iff):
        return Iff(kids[0], kids[1])
    if isinstance(f, Compare):
        left, right = kids
        assert isinstance(left, Quant) and isinstance(right, Quant)
        return Compare(f.spec, left, right)
    return f


def walk(f: Formula) -> Iterator[Formula]:
    """All sub-formulas, pre-order."""
    stack = [f]
    while stack:
        g = stack.pop()
        yield g
        stack.extend(reversed(children(g)))


def conjoin(parts: list[Formula]) -> Formula:
    """Flattened conjunction; a single conjunct is returned as is."""
    flat: list[Formula] = []
    for p in parts:
        if isinstance(p, And):
            flat.extend(p.args)
        else:
            flat.append(p)
    return flat[0] if len(flat) == 1 else And(tuple(flat))


def free_vars(f: Formula) -> frozenset[str]:
    """Variables of ``f`` not bound by a quantifier inside it."""
    if isinstance(f, (Shape, Color, Noun, Exists)):
        return frozenset((f.var,))
    if isinstance(f, Attr):
        return frozenset((f.var,))
    if isinstance(f, Scene):
        return frozenset()
    if isinstance(f, Rel):
        return frozenset((f.var, f.ref) if f.comp is None else (f.var, f.ref, f.comp))
    if isinstance(f, Quant):
        return (free_vars(f.restr) | free_vars(f.body)) - {f.var}
    out: frozenset[str] = frozenset()
    for c in children(f):
        out |= free_vars(c)
    return out


def substitute(f: Formula, old: str, new: str, suffix: str = "") -> Formula:
    """``f`` with the free variable ``old`` replaced by ``new``; with a ``suffix``, every variable
    bound inside ``f`` is renamed (``v`` → ``v + suffix``), so that a copy of a formula placed
    beside the original binds each variable once."""

    def var(v: str, bound: frozenset[str]) -> str:
        if v in bound:
            return v + suffix
        return new if v == old else v

    def go(g: Formula, bound: frozenset[str]) -> Formula:
        if isinstance(g, (Shape, Color, Noun, Exists, Attr)):
            return replace(g, var=var(g.var, bound))
        if isinstance(g, Scene):
            return g
        if isinstance(g, Rel):
            comp = None if g.comp is None else var(g.comp, bound)
            return Rel(g.kind, g.value, var(g.var, bound), var(g.ref, bound), comp)
        if isinstance(g, Quant):
            if suffix:
                inner = bound | {g.var}
            elif g.var == old:  # ``old`` is shadowed below this quantifier
                return g
            else:
                inner = bound
            return Quant(g.spec, var(g.var, inner), go(g.restr, inner), go(g.body, inner))
        if isinstance(g, (Not, And, Or, Implies, Iff, Compare)):
            return rebuild(g, [go(h, bound) for h in children(g)])
        raise TypeError(f"not a formula: {g!r}")

    return go(f, frozenset())


def bound_vars(f: Formula) -> tuple[str, ...]:
    """Variables bound by quantifiers in ``f``, outermost first (pre-order)."""
    return tuple(g.var for g in walk(f) if isinstance(g, Quant))


def nesting(f: Formula) -> dict[str, int]:
    """Each bound variable's depth: 1 plus the number of quantifiers around its own. Variables of
    quantifiers side by side (two sentences' shapes) share a depth: they are never evaluated
    together, so the evaluator gives them one array axis."""
    depth: dict[str, int] = {}
    stack: list[tuple[Formula, int]] = [(f, 1)]
    while stack:
        g, d = stack.pop()
        if isinstance(g, Quant):
            depth.setdefault(g.var, d)
            d += 1
        stack.extend((c, d) for c in children(g))
    return depth


def upward(spec: QSpec) -> bool:
    """Whether a quantifier is upward monotone in its body (Q(R, B∧C) entails Q(R, B)): "a",
    "the", "the Ts", "every", and counts and ratios of the form "at least" / "more than"."""
    if spec.kind in ("exists", "unique", "definite"):
        return True
    if spec.kind == "ratio" and spec.qrange == "eq" and spec.quantity == 1.0:
        return True
    return spec.kind in ("count", "ratio") and spec.qrange in ("geq", "gt")


def claims(f: Formula) -> list[Formula]:
    """The claims of a caption, each a closed formula the caption entails: the top-level
    conjuncts of its formula ("There is a square. There is a circle.", "There is a square and a
    circle." and "A square is red and a circle is blue." are two claims each), and for an
    upward-monotone quantifier over a conjunction (a pronoun or "and" between predicates of one
    entity: "There is a red square. It is above a circle.", "The square is red and above a
    circle.") one claim per conjunct of its body, each under the quantifier and its restrictor.

    A false claim makes the caption false. Every claim true makes a caption true when the claims
    are top-level conjuncts; claims split from one quantifier can be true of different entities
    while no one entity makes the caption true. A claim met twice (a list nested in a list says
    its members' existence at each level) is listed once."""
    seen: dict[str, Formula] = {}
    for c in _claims(f):
        seen.setdefault(_claim_key(c), c)
    return list(seen.values())


def _claim_key(f: Formula) -> str:
    """``f`` written with its bound variables numbered in order (a claim's identity)."""
    bound = sorted(set(bound_vars(f)), key=len, reverse=True)
    if not bound:
        return str(f)
    names: dict[str, str] = {}
    pattern = r"(?<![\w~])(?:" + "|".join(map(re.escape, bound)) + r")(?![\w~])"
    return re.sub(pattern, lambda m: names.setdefault(m.group(0), f"#{len(names)}"), str(f))


def _claims(f: Formula) -> list[Formula]:
    """:func:`claims`, with repeats."""
    if isinstance(f, And) and f.args:
        out: list[Formula] = []
        for g in f.args:
            out.extend(_claims(g))
        return out
    if isinstance(f, Quant) and isinstance(f.body, And) and upward(f.spec):
        parts = _conjuncts(f.body)
        if len(parts) > 1:  # a conjunct not about the entity (a later sentence) is a claim of its own
            return [Quant(f.spec, f.var, f.restr, part) if f.var in free_vars(part) else part for part in parts]
    return [f]


def _conjuncts(f: Formula) -> list[Formula]:
    """The conjuncts of nested conjunctions, flattened."""
    if isinstance(f, And):
        return [h for g in f.args for h in _conjuncts(g)]
    return [f]


def ratio_quantity(numerator: int, denominator: int) -> float | None:
    """ShapeWorld's literal for a fraction (1/3 → 0.33), or None if it has none."""
    return RATIO_LITERALS.get((numerator, denominator))


__all__ = [
    "QRANGES", "NEGATED_QRANGE", "RATIO_LITERALS", "RATIO_NAMES", "RELATION_WORDS", "QSpec",
    "Shape", "Color", "Noun", "Exists", "Attr", "Scene", "Rel", "Not", "And", "Or", "Implies", "Iff", "Quant",
    "Compare",
    "Atom", "Formula", "TRUE", "children", "claims", "upward", "rebuild", "walk", "conjoin", "free_vars",
    "bound_vars", "nesting",
    "ratio_quantity", "substitute",
]
