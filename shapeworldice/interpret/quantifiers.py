"""Quantifier specs: what a (rewritten) quantifier EP says about how many entities.

Bare numerals are the ERG's "at least" in the logical form (word "numeral"), and exact when truth is
computed unless the "at-least" reading is asked for ("There are four triangles." is false of five:
the reading every judge of miscounts and hallucination measure takes); bare fractions are read as
"exactly" ("Half the shapes are red." = ratio eq 0.5), "most" as "more than half", "no" as ratio
eq 0, "every"/"all" as ratio eq 1 (ShapeWorld's semantics, so "every square is red" is false when
there is no square). A singular "the" is ShapeWorld's unique selector; a plural one ("the squares") is said of
the group: true when all of them are so (and exist; with a number, "the two squares", also exactly that
many), false when none may be so, vague when some are and some are not (``tables.quantifier``).
"""
from __future__ import annotations

from .errors import UninterpretableMRS
from .logic import Formula, QSpec, Quant, ratio_quantity
from .predicates import INDEFINITE_QUANTIFIERS, UNIVERSAL_QUANTIFIERS
from .working_mrs import EP, QuantifierMods

#: qrange of a bare numeral in the logical form: the ERG's "at least" ("Two squares are red."); the
#: truth of a caption reads it by :func:`numeral_reading` (exact by default), see :func:`read_numerals`
BARE_COUNT_RANGE = "geq"
#: how bare numerals are read when truth is computed: "exact" (every judge of miscounts and every
#: hallucination measure reads "four triangles" as four) or "at-least" (the ERG's and ShapeWorld's)
NUMERAL_READINGS = ("exact", "at-least")
_reading = ["exact"]


def numeral_reading() -> str:
    """The reading of bare numerals in force ("exact" unless :func:`set_numeral_reading` changed it)."""
    return _reading[0]


def set_numeral_reading(reading: str) -> None:
    """Read bare numerals as ``reading`` ("exact" or "at-least") from now on, in this process."""
    if reading not in NUMERAL_READINGS:
        raise ValueError(f"numerals must be one of {', '.join(NUMERAL_READINGS)}, not {reading!r}")
    _reading[0] = reading


def _one_of_them(q: Quant) -> bool:
    """"One X" as the subject of what is said of it ("One yellow pentagon is near the left edge.",
    "One semicircle is blue and one is magenta.") is one of the Xs, at least one, as writers and
    judges mean it; "there is one X", "the image shows one X", "a black background with one
    object" (existence alone: nothing is said of the X) stay exact."""
    from .logic import Exists, free_vars

    return q.spec.quantity == 1.0 and not isinstance(q.body, Exists) and q.var in free_vars(q.body)


def read_numerals(f: Formula, reading: str) -> Formula:
    """``f`` with its bare numerals (QSpec word "numeral", the ERG's "at least") read as ``reading``."""
    if reading == "at-least":
        return f
    from .logic import children, rebuild

    def go(g: Formula) -> Formula:
        if isinstance(g, Quant):
            spec = g.spec
            if spec.word == "numeral" and not _one_of_them(g):
                spec = QSpec(spec.kind, "eq", spec.quantity, spec.word, bound=spec.bound)
            return Quant(spec, g.var, go(g.restr), go(g.body))
        return rebuild(g, [go(h) for h in children(g)])

    return go(f)
#: qrange of a bare fraction ("A third of the squares are red." = exactly a third).
BARE_RATIO_RANGE = "eq"


def _indefinite(m: QuantifierMods) -> QSpec:
    """"a"/"some"/bare plural, with whatever number, fraction or "most" is attached; a partitive's
    number bound ("a third of the three squares") is kept on the count or ratio."""
    spec = _indefinite_unbounded(m)
    if m.bound is None:
        return spec
    if spec.kind not in ("count", "ratio") or spec.word == "most":
        raise UninterpretableMRS("a number bound without a count or fraction")
    return QSpec(spec.kind, spec.qrange, spec.quantity, spec.word, bound=m.bound)


def _indefinite_unbounded(m: QuantifierMods) -> QSpec:
    if m.den is not None:
        num = m.card if m.card is not None else 1
        quantity = ratio_quantity(num, m.den)
        if quantity is None:
            raise UninterpretableMRS(f"fraction {num}/{m.den} is not a ShapeWorld ratio")
        return QSpec("ratio", m.degree or BARE_RATIO_RANGE, quantity, "fraction")
    if m.card == 0 and not m.degree:  # "zero shapes": exactly none under either reading, never "at least zero"
        return QSpec("count", "eq", 0.0, "number")
    if m.card is not None:  # also "two of the squares"
        return QSpec("count", m.degree or BARE_COUNT_RANGE, float(m.card), "number" if m.degree else "numeral")
    if m.most:  # also "most of the shapes"
        if m.degree:
            raise UninterpretableMRS("degree word on 'most'")
        return QSpec("ratio", "gt", 0.5, "most")
    if m.partitive:
        raise UninterpretableMRS("partitive without a quantity")
    if m.degree:
        raise UninterpretableMRS("degree word on an indefinite")
    return QSpec("exists", word="a")


def _definite(m: QuantifierMods) -> QSpec:
    """"the T" (unique), "the Ts" / "the two Ts" (all of them, which exist; with a number,
    exactly that many)."""
    if m.den is not None or m.partitive or m.degree is not None or m.most:
        raise UninterpretableMRS("modified definite")
    if m.selector is not None:  # "the leftmost square": ShapeWorld's selector
        if m.card is not None or m.plural:
            raise UninterpretableMRS("a selector on a plural")
        return QSpec("select", quantity=float(m.selector[1]), word=m.selector[0])
    if m.card is not None or m.plural:
        return QSpec("definite", "eq", None if m.card is None else float(m.card), "the")
    return QSpec("unique", word="the")


def qspec(q: EP) -> QSpec:
    """The :class:`~.logic.QSpec` of quantifier ``q`` given its :class:`QuantifierMods`."""
    m, p = q.mods, q.pred
    numbered = m.card is not None or m.den is not None
    if p in INDEFINITE_QUANTIFIERS:
        return _indefinite(m)
    if p == "_most_q":
        if m.degree or numbered:
            raise UninterpretableMRS("modified 'most'")
        return QSpec("ratio", "gt", 0.5, "most")
    if p == "_the_q":
        return _definite(m)
    if p == "_both_q":  # "both shapes": the two shapes
        if m.card is not None or m.den is not None or m.degree or m.partitive or m.most:
            raise UninterpretableMRS("modified 'both'")
        return QSpec("definite", "eq", 2.0, "both")
    if p == "_no_q":
        if numbered:
            raise UninterpretableMRS("'no' with a number")
        if m.degree:  # the ERG's determiner "zero" ("exactly zero shapes"): a count, same truth
            return QSpec("count", m.degree, 0.0, "number")
        return QSpec("ratio", "eq", 0.0, "no")
    if p in UNIVERSAL_QUANTIFIERS:
        if numbered:
            raise UninterpretableMRS("'all' with a number")
        return QSpec("ratio", m.degree or "eq", 1.0, "all")
    if p == "_half_q":
        if numbered:
            raise UninterpretableMRS("'half' with a number")
        return QSpec("ratio", m.degree or BARE_RATIO_RANGE, 0.5, "fraction", bound=m.bound)
    raise UninterpretableMRS(f"quantifier {p} cannot be interpreted")


def apply_degree(f: Formula, qrange: str) -> Formula:
    """A scopal degree word ("exactly [...]") sets the range of the quantity directly below it."""
    if isinstance(f, Quant) and f.spec.kind in ("count", "ratio"):
        spec = f.spec
        if spec.word == "no" and spec.qrange == "eq":  # "exactly zero": determiner "zero" read as "no"
            return Quant(QSpec("count", qrange, 0.0, "number"), f.var, f.restr, f.body)
        bare = BARE_COUNT_RANGE if spec.kind == "count" else BARE_RATIO_RANGE
        if spec.word in ("number", "numeral", "fraction") and spec.qrange == bare:  # only a bare quantity takes one
            word = "number" if spec.word == "numeral" else spec.word
            return Quant(QSpec(spec.kind, qrange, spec.quantity, word, bound=spec.bound), f.var, f.restr, f.body)
    raise UninterpretableMRS("degree word without a quantity below it")


__all__ = ["BARE_COUNT_RANGE", "BARE_RATIO_RANGE", "NUMERAL_READINGS", "apply_degree", "numeral_reading", "qspec",
           "read_numerals", "set_numeral_reading"]
