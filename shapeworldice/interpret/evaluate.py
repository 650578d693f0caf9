"""Three-valued truth of a logical form on a world, with ShapeWorld's agree/disagree semantics.

A formula with k bound variables is evaluated as a pair of boolean arrays (agree, disagree)
with one axis per variable (size n along the axes of the variables it depends on, 1 elsewhere);
quantifiers reduce their variable's axis. This reproduces the caption semantics of
:mod:`shapeworldice.semantics` exactly:

* atoms: shapes and colours are crisp; relations use :func:`relations.conditions`;
* ``exists`` ("a T"): true if some entity agrees with restrictor and body, false if every
  entity disagrees with one of them; a quantifier inside the scope of another (a relation's
  reference, "... is above a circle") never picks the outer entity itself, and when the outer
  entity is the only possible reference the result is ambiguous, as :func:`relations.relate`;
* ``unique`` ("the T"): ShapeWorld's unique selector (agrees only when exactly one entity
  is a possible T and it definitely is one; never disagrees by itself);
* ``definite`` ("the Ts", "the two Ts"): the ratio quantifier "all" (eq 1, false when there is
  no T), and with a number N also the count "exactly N" of the restrictor;
* ``count``/``ratio``: lower bound from agreeing, upper bound from not-disagreeing entities,
  :func:`truth.ratio_bounds` and the :func:`truth.compare_quantity` table;
* negation swaps agree and disagree; and = min, or = max, if-then = max(consequent, −antecedent),
  iff = max(min(a, b), min(−a, −b)) (ShapeWorld's proposition table).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Hashable, Sequence, Union

import numpy as np

from ..semantics import appearance, relations
from ..semantics.truth import Truth
from ..world.model import World, WorldArrays
from .interpret import Interpretation, Uninterpretable, interpret_readings
from .tables import atom, connective, exclude_context, quantifier
from .complex_tables import EXTRA_RELATIONS, compare, relation3, select_quantifier, selector_pairs
from .quantifiers import numeral_reading, read_numerals
from .logic import (
    Attr, Compare, Formula, Quant, Rel, Scene, bound_vars, free_vars, walk,
)


TV = tuple[np.ndarray, np.ndarray]  # (agree, disagree)


class _Plan:
    """Per-formula precomputation: an axis per bound variable, and for each quantifier the
    axes of the outer variables its restrictor and body depend on.

    Quantifiers are keyed by their variable when every variable is bound once (always the case
    for interpreted MRS and :func:`formula_of`), so the plan stays valid for copies of the
    formula (pickling); otherwise by node identity, and the plan is not cached.
    """

    __slots__ = ("axis", "d", "outer", "restr_outer", "by_id")

    def __init__(self, formula: Formula):
        names = bound_vars(formula)
        self.by_id = len(set(names)) != len(names)
        self.axis = {v: i for i, v in enumerate(dict.fromkeys(names))}
        self.d = len(self.axis)
        self.outer: dict[Any, tuple[int, ...]] = {}
        self.restr_outer: dict[Any, frozenset[int]] = {}
        for g in walk(formula):
            if isinstance(g, Quant):
                rv = free_vars(g.restr) - {g.var}
                deps = rv | (free_vars(g.body) - {g.var})
                key = id(g) if self.by_id else g.var
                self.outer[key] = tuple(sorted(self.axis[v] for v in deps if v in self.axis))
                self.restr_outer[key] = frozenset(self.axis[v] for v in rv if v in self.axis)

    def key(self, q: Quant) -> Any:
        return id(q) if self.by_id else q.var


def _plan(interpretation: Union[Interpretation, Formula]) -> tuple[Formula, _Plan]:
    if isinstance(interpretation, Interpretation):
        plan = interpretation.__dict__.get("_plan")
        if plan is None:
            plan = _Plan(interpretation.formula)
            if not plan.by_id:
                object.__setattr__(interpretation, "_plan", plan)  # a cache, not a field
        return interpretation.formula, plan
    return interpretation, _Plan(interpretation)


class _Eval:
    def __init__(self, plan: _Plan, arrays: WorldArrays, background: str = "black"):
        self.a = arrays
        self.background = background
        self.n = arrays.n
        self.plan = plan
        self.axis = plan.axis
        self.d = plan.d
        self.rel_cache: dict[tuple[str, int], tuple[np.ndarray, np.ndarray]] = {}

    def shaped(self, vec: np.ndarray, var: str) -> np.ndarray:
        shape = [1] * self.d
        shape[self.axis[var]] = self.n
        return vec.reshape(shape)

    def const(self, value: bool) -> TV:
        shape = (1,) * self.d
        return np.full(shape, value), np.full(shape, not value)

    def const_vague(self) -> TV:
        shape = (1,) * self.d
        return np.zeros(shape, dtype=bool), np.zeros(shape, dtype=bool)

    def ev(self, f: Formula) -> TV:
        tv = atom(f, self.a.shape, self.a.color, self.shaped, self.const)
        if tv is not None:
            return tv
        if isinstance(f, Rel):
            return self.relation(f)
        if isinstance(f, Quant):
            return self.quant(f)
        if isinstance(f, Attr):
            agree, disagree = appearance.attribute(f.kind, f.value, self.a)
            return self.shaped(agree, f.var), self.shaped(disagree, f.var)
        if isinstance(f, Scene):
            yes, no = appearance.background(f.value, self.background)
            return self.const(True) if yes else (self.const(False) if no else self.const_vague())
        if isinstance(f, Compare):
            return compare(f.spec, self.part_counts(f.left), self.part_counts(f.right))
        tv = connective(f, self.ev, self.const)
        if tv is None:
            raise TypeError(f"not a formula: {f!r}")
        return tv

    def part_counts(self, f: Quant) -> tuple[np.ndarray, np.ndarray]:
        """(agreeing, possible) counts of restrictor ∩ body of one side of a comparison."""
        ra, rd = self.ev(f.restr)
        ba, bd = self.ev(f.body)
        ax = self.axis[f.var]
        shape = np.broadcast_shapes(ra.shape, rd.shape, ba.shape, bd.shape)
        agree = np.broadcast_to(ra & ba, shape).sum(axis=ax, keepdims=True)
        possible = np.broadcast_to(~rd & ~bd, shape).sum(axis=ax, keepdims=True)
        return agree, possible

    def relation(self, f: Rel) -> TV:
        if f.kind in EXTRA_RELATIONS:
            return relation3(f, self.axis.__getitem__, self.d, self.a.x, self.a.y)
        key = (f.kind, f.value)
        mats = self.rel_cache.get(key)
        if mats is None:
            if f.kind in appearance.CONTACT_RELATIONS:
                mats = appearance.contact(f.kind, f.value, self.a)
            else:
                mats = relations.conditions(f.kind, f.value, self.a)
            self.rel_cache[key] = mats
        agree, disagree = mats
        i, j = self.axis[f.var], self.axis[f.ref]
        if i == j:
            raise ValueError("a relation between a variable and itself")
        if i > j:
            agree, disagree = agree.T, disagree.T
        shape = [1] * self.d
        shape[i] = shape[j] = self.n
        return agree.reshape(shape), disagree.reshape(shape)

    def quant(self, f: Quant) -> TV:
        ra, rd = self.ev(f.restr)
        ba, bd = self.ev(f.body)
        ax = self.axis[f.var]
        key = self.plan.key(f)
        outer = self.plan.outer[key]
        full = [1] * self.d
        for k in outer:
            full[k] = self.n
        full[ax] = self.n
        ra = np.broadcast_to(ra, full)
        r_possible = ~np.broadcast_to(rd, full)
        ba = np.broadcast_to(ba, full)
        bd = np.broadcast_to(bd, full)
        if f.spec.kind == "unique":
            # ShapeWorld's unique selector, over all entities
            unique = (ra.sum(axis=ax, keepdims=True) == 1) & (r_possible.sum(axis=ax, keepdims=True) == 1)
            ra = ra & unique
        ra, r_possible, only_self = exclude_context(ra, r_possible, ax, outer, not self.plan.restr_outer[key],
                                                    self.diagonal)
        if f.spec.kind == "select":
            cols = {"x": self.a.x, "y": self.a.y, "area": self.a.area, "shade": self.a.shade,
                    "shape": self.a.shape, "color": self.a.color}
            pairs = selector_pairs(f, ax, self.axis.__getitem__, self.d + 1, cols)
            return select_quantifier(f.spec, ax, ra, r_possible, ba, bd, *pairs)
        return quantifier(f.spec, ax, ra, r_possible, ra & ba, r_possible & ~bd, only_self)

    def diagonal(self, i: int, j: int) -> np.ndarray:
        """Boolean array, true where the entity on axis i is the entity on axis j."""
        shape_i = [1] * self.d
        shape_i[i] = self.n
        shape_j = [1] * self.d
        shape_j[j] = self.n
        idx = np.arange(self.n)
        return idx.reshape(shape_i) == idx.reshape(shape_j)


def read(interpretation: Union[Interpretation, Formula], numerals: str | None = None
         ) -> Union[Interpretation, Formula]:
    """The interpretation with its bare numerals read as ``numerals`` (default: the reading in force):
    what its truth is computed from, and what its claims say."""
    reading = numerals or numeral_reading()
    if reading == "at-least":
        return interpretation
    if isinstance(interpretation, Interpretation):
        hit = interpretation.__dict__.get("_exact")
        if hit is None:
            hit = replace(interpretation, formula=read_numerals(interpretation.formula, reading))
            object.__setattr__(interpretation, "_exact", hit)  # a cache, not a field
        return hit
    return read_numerals(interpretation, reading)


def truth(interpretation: Union[Interpretation, Formula], world: World, numerals: str | None = None) -> Truth:
    """Three-valued truth (+1 true, 0 ambiguous, −1 false) of an interpretation on a world; bare
    numerals read as ``numerals`` ("exact" / "at-least"; default: :func:`numeral_reading`)."""
    interpretation = read(interpretation, numerals)
    formula, plan = _plan(interpretation)
    e = _Eval(plan, world.arrays, world.background)
    if not isinstance(interpretation, Interpretation) and free_vars(formula):
        raise ValueError(f"formula has free variables: {formula}")
    agree, disagree = e.ev(formula)
    if bool(agree.reshape(-1)[0]):
        if isinstance(interpretation, Interpretation) and interpretation.uncovered:
            return Truth.AMBIGUOUS  # the parts it could read are true; the rest is not decided
        return Truth.TRUE
    if bool(disagree.reshape(-1)[0]):
        return Truth.FALSE
    return Truth.AMBIGUOUS


@dataclass(frozen=True)
class Result:
    """Outcome of evaluating a caption's readings on a world.

    ``truth``: "true", "false", "ambiguous" or "uninterpretable"; ``reading_index``: which
    reading was used (index into the given readings), None if none was interpretable;
    ``interpretation``: the reading's :class:`Interpretation`, or the :class:`Uninterpretable`
    reason of the most preferred reading.
    """

    truth: str
    reading_index: int | None
    interpretation: Union[Interpretation, Uninterpretable]


class InterpretationCache:
    """Caches the chosen reading of a caption by a caller-supplied key (e.g. the normalised text)."""

    def __init__(self, maxsize: int = 100_000):
        self.maxsize = maxsize
        self._data: dict[Hashable, tuple[int | None, Union[Interpretation, Uninterpretable]]] = {}

    def get(self, key: Hashable, compute: Callable[[], tuple[int | None, Union[Interpretation, Uninterpretable]]]):
        hit = self._data.get(key)
        if hit is None:
            hit = compute()
            if len(self._data) >= self.maxsize:
                self._data.pop(next(iter(self._data)))
            self._data[key] = hit
        return hit

    def clear(self) -> None:
        self._data.clear()


_DEFAULT_CACHE = InterpretationCache()


def evaluate(readings: Sequence[Any], world: World, key: Hashable | None = None,
             cache: InterpretationCache | None = None, numerals: str | None = None) -> Result:
    """Evaluate a caption given its parser readings (MRS objects or SimpleMRS strings).

    The reading used is the first interpretable one in :func:`preference_order` (fewest
    dispreferred analyses, then parser order), so the result is deterministic. With ``key``
    (e.g. the normalised caption text), the chosen reading is cached for later calls.
    """
    if key is not None:
        index, interp = (cache or _DEFAULT_CACHE).get(key, lambda: interpret_readings(readings))
    else:
        index, interp = interpret_readings(readings)
    if isinstance(interp, Uninterpretable):
        return Result("uninterpretable", None, interp)
    return Result(verdict(interp, world, numerals), index, interp)


def verdict(interpretation: Union[Interpretation, Uninterpretable, None], world: World,
            numerals: str | None = None) -> str:
    """"true", "false" or "ambiguous" on the world; "uninterpretable" without an interpretation."""
    if interpretation is None or isinstance(interpretation, Uninterpretable):
        return "uninterpretable"
    return truth(interpretation, world, numerals).label


__all__ = ["Result", "InterpretationCache", "read", "truth", "evaluate", "verdict"]
