"""The one evaluator of truth: agree/disagree arrays of a logical form over a batch of worlds.

A formula is evaluated as a pair of boolean arrays (agree, disagree) with a leading world axis and
one axis per depth of quantifiers (size n along the axes of the variables it depends on, 1
elsewhere); quantifiers reduce their variable's axis. One world is a batch of one
(:func:`shapeworldice.interpret.evaluate.truth`), a prior sample a batch of thousands
(:mod:`.prior`), so a caption's truth and its prior can never disagree. The semantics is
ShapeWorld's agree/disagree semantics of :mod:`shapeworldice.semantics`:

* atoms: shapes and colours are crisp; relations use :func:`relations.conditions`; colour words,
  tones, sizes and places use :mod:`shapeworldice.semantics.appearance`;
* ``exists`` ("a T"): true if some entity agrees with restrictor and body, false if every
  entity disagrees with one of them; a quantifier inside the scope of another (a relation's
  reference, "... is above a circle") never picks the outer entity itself, and when the outer
  entity is the only possible reference the result is ambiguous, as :func:`relations.relate`;
* ``unique`` ("the T"): ShapeWorld's unique selector (agrees only when exactly one entity
  is a possible T and it definitely is one; never disagrees by itself). When T has a word of the
  descriptions (a tone, size, colour word or place: an ``Attr`` of T's variable, which ShapeWorld's
  captions never have), an entity that only may be a T (inside the word's margin) does not stop the
  one entity that clearly is a T from being the referent ("the bright red triangle" with one
  clearly bright red triangle and one of a borderline shade): it agrees when exactly one entity
  definitely is a T and the body holds of it; it still disagrees only when no possible T may make
  the body true (the borderline one may be the one the writer meant);
* ``definite`` ("the Ts", "the two Ts"): said of the group: true when every T is so, false when
  none may be (or there is no T), vague when some are and some are not (as "the T" of several);
  with a number N also the count "exactly N" of the restrictor;
* ``count``/``ratio``: lower bound from agreeing, upper bound from not-disagreeing entities,
  :func:`truth.ratio_bounds` and the :func:`truth.compare_quantity` table;
* negation swaps agree and disagree; and = min, or = max, if-then = max(consequent, −antecedent),
  iff = max(min(a, b), min(−a, −b)) (ShapeWorld's proposition table).

Padding entities of a batch (``present`` false) are outside every quantifier's range.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

from ..semantics import appearance, relations
from ..world.columns import WorldSample
from ..world.model import WorldArrays
from .logic import Attr, Compare, Formula, Quant, Rel, Scene, bound_vars, free_vars, nesting, walk
from .selector_tables import EXTRA_RELATIONS, compare, relation3, select_quantifier, selector_pairs
from .tables import atom, connective, exclude_context, quantifier

TV = tuple[np.ndarray, np.ndarray]  # (agree, disagree)
#: binary relations decided by the entities' columns alone (no outlines): computed for a whole batch at once
COLUMN_RELATIONS = frozenset({"x-rel", "y-rel", "size-rel", "shade-rel", "shape-rel", "color-rel", "id-rel"})


class TruthUnavailable(ValueError):
    """A meaning whose truth cannot be computed on these worlds (e.g. depth on a stored sample,
    which keeps no outlines)."""


class Plan:
    """Per-formula layout, shared by every evaluation of it: axis 0 = worlds, then one axis per
    depth of quantifiers (:func:`~.logic.nesting`; one per variable where a name is bound twice);
    for each quantifier the axes its restrictor and body depend on.

    Quantifiers are keyed by their variable when every variable is bound once (always the case
    for interpreted MRS and sampled captions), so the plan stays valid for copies of the formula
    (pickling); otherwise by node identity (and sub-results are not shared across formulas).
    """

    __slots__ = ("axis", "d", "outer", "restr_outer", "by_id", "keys")

    def __init__(self, formula: Formula):
        names = bound_vars(formula)
        self.by_id = len(set(names)) != len(names)
        # variables bound side by side share an axis (their arrays never meet), so the number of
        # axes is the depth of quantifiers, not their count
        self.axis = {v: i + 1 for i, v in enumerate(dict.fromkeys(names))} if self.by_id else nesting(formula)
        self.d = max(self.axis.values(), default=0) + 1
        self.outer: dict[Any, tuple[int, ...]] = {}
        self.restr_outer: dict[Any, frozenset[int]] = {}
        self.keys: dict[Any, tuple] = {}
        for q in walk(formula):
            if isinstance(q, Quant):
                rv = free_vars(q.restr) - {q.var}
                deps = rv | (free_vars(q.body) - {q.var})
                key = self.key(q)
                self.outer[key] = tuple(sorted(self.axis[v] for v in deps if v in self.axis))
                self.restr_outer[key] = frozenset(self.axis[v] for v in rv if v in self.axis)
                # an inner quantifier ("... above a red circle") recurs across many meanings: its
                # result depends only on its text and where its variables sit
                self.keys[key] = (str(q), self.axis[q.var], tuple(sorted((v, self.axis[v]) for v in deps)), self.d)

    def key(self, q: Quant) -> Any:
        return id(q) if self.by_id else q.var


class Agreement:
    """Agree/disagree of formulas on the worlds of a batch.

    ``arrays(w)`` gives world ``w``'s columns for relations (with outlines when the worlds are at
    hand, so overlap, touch and depth work; a stored sample has none); ``backgrounds`` the worlds'
    background colours, when known. ``relations`` caches relation matrices (per batch), ``parts``
    sub-results of inner quantifiers (per batch, across formulas).
    """

    def __init__(self, plan: Plan, worlds: WorldSample, arrays: Callable[[int], WorldArrays],
                 backgrounds: Sequence[str] | None = None, relations: dict | None = None,
                 parts: dict | None = None):
        self.plan, self.axis, self.d = plan, plan.axis, plan.d
        self.g, self.n, self.w = worlds, worlds.n, worlds.size
        self.world_arrays = arrays
        self.backgrounds = backgrounds
        self.relations = {} if relations is None else relations
        self.parts = None if plan.by_id else parts

    def shaped(self, columns: np.ndarray, var: str) -> np.ndarray:
        shape = [self.w] + [1] * (self.d - 1)
        shape[self.axis[var]] = self.n
        return columns.reshape(shape)

    def const(self, value: bool) -> TV:
        shape = (1,) * self.d
        return np.full(shape, value), np.full(shape, not value)

    def ev(self, f: Formula) -> TV:
        tv = atom(f, self.g.shape, self.g.color, self.shaped, self.const)
        if tv is not None:
            return tv
        if isinstance(f, Rel):
            return self.relation(f)
        if isinstance(f, Quant):
            if self.parts is None:
                return self.quant(f)
            key = self.plan.keys[f.var]
            hit = self.parts.get(key)
            if hit is None:
                hit = self.parts[key] = self.quant(f)
            return hit
        if isinstance(f, Attr):
            return self.attribute(f)
        if isinstance(f, Scene):
            return self.scene(f)
        if isinstance(f, Compare):
            return compare(f.spec, self.part_counts(f.left), self.part_counts(f.right))
        tv = connective(f, self.ev, self.const)
        if tv is None:
            raise TypeError(f"not a formula: {f!r}")
        return tv

    def attribute(self, f: Attr) -> TV:
        """A colour word, tone, size or place, world by world (padding neither agrees nor disagrees)."""
        if not self.g.padded and self.w == 1:  # one world: its columns as they are
            agree, disagree = appearance.attribute(f.kind, f.value, self.world_arrays(0))
            return self.shaped(agree, f.var), self.shaped(disagree, f.var)
        agree = np.zeros((self.w, self.n), dtype=bool)
        disagree = np.zeros((self.w, self.n), dtype=bool)
        for w in range(self.w):
            arrays = self.world_arrays(w)
            agree[w, :arrays.n], disagree[w, :arrays.n] = appearance.attribute(f.kind, f.value, arrays)
        return self.shaped(agree, f.var), self.shaped(disagree, f.var)

    def scene(self, f: Scene) -> TV:
        """"On a black background": the worlds' background colours; "The background is mostly
        empty": the sum of the shapes' areas in each world; "the most common colour": the counts."""
        shape = (self.w,) + (1,) * (self.d - 1)
        if f.kind == "coverage":
            agree, disagree = appearance.coverage(f.value, np.where(self.g.present, self.g.area, 0.0).sum(axis=1))
            return agree.reshape(shape), disagree.reshape(shape)
        if f.kind == "commonest":  # "cyan is the most common colour": counted in each world
            yes, no = zip(*(appearance.commonest(f.value, self.world_arrays(w)) for w in range(self.w)))
            return np.array(yes, dtype=bool).reshape(shape), np.array(no, dtype=bool).reshape(shape)
        if self.backgrounds is None:
            raise TruthUnavailable("these worlds record no background")
        yes, no = zip(*(appearance.background(f.value, b) for b in self.backgrounds))
        return np.array(yes, dtype=bool).reshape(shape), np.array(no, dtype=bool).reshape(shape)

    def part_counts(self, f: Quant) -> tuple[np.ndarray, np.ndarray]:
        """(agreeing, possible) counts of restrictor ∩ body of one side of a comparison, per world."""
        ra, rd = self.ev(f.restr)
        ba, bd = self.ev(f.body)
        ax = self.axis[f.var]
        present = self.shaped(self.g.present, f.var)
        shape = np.broadcast_shapes(ra.shape, rd.shape, ba.shape, bd.shape, present.shape)
        agree = np.broadcast_to(ra & ba & present, shape).sum(axis=ax, keepdims=True)
        possible = np.broadcast_to(~rd & ~bd & present, shape).sum(axis=ax, keepdims=True)
        return agree, possible

    def relation(self, f: Rel) -> TV:
        if f.kind in EXTRA_RELATIONS:
            return relation3(f, self.axis.__getitem__, self.d, self.g.x, self.g.y, lead=(0,), cache=self.relations)
        key = (f.kind, f.value)
        mats = self.relations.get(key)
        if mats is None:
            mats = self.relations[key] = self.relation_matrices(f.kind, f.value)
        agree, disagree = mats
        i, j = self.axis[f.var], self.axis[f.ref]
        if i == j:
            raise TruthUnavailable("a relation between a variable and itself")
        if i > j:
            agree, disagree = agree.transpose(0, 2, 1), disagree.transpose(0, 2, 1)
        shape = [self.w] + [1] * (self.d - 1)
        shape[i] = shape[j] = self.n
        return agree.reshape(shape), disagree.reshape(shape)

    def relation_matrices(self, kind: str, value: int) -> TV:
        """(worlds × n × n) agree/disagree of a binary relation: relations of the columns for all
        worlds at once, the others (depth, contact) world by world."""
        if not self.g.padded and self.w == 1:  # one world: its matrices as they are
            found = self._world_relation(kind, value, self.world_arrays(0))
            return found[0][None], found[1][None]
        if kind in COLUMN_RELATIONS:
            return self._column_relation(kind, value)
        agree = np.zeros((self.w, self.n, self.n), dtype=bool)
        disagree = np.ones_like(agree)
        for w in range(self.w):
            arrays = self.world_arrays(w)
            k = arrays.n
            agree[w, :k, :k], disagree[w, :k, :k] = self._world_relation(kind, value, arrays)
        return agree, disagree

    def _column_relation(self, kind: str, value: int) -> TV:
        """A relation of the columns in every world of the batch at once: the same elementwise
        tests as one world's (:func:`relations.conditions` on columns laid out entities × worlds);
        a pair with a padding entity disagrees, as world by world."""
        g = self.g
        columns = WorldArrays(x=g.x.T, y=g.y.T, shape=g.shape.T, color=g.color.T, shade=g.shade.T, area=g.area.T,
                              entities=())
        agree, disagree = relations.conditions(kind, value, columns)  # [e, r, world] (id-rel: [e, r])
        shape = (self.n, self.n, self.w)
        agree = np.moveaxis(np.broadcast_to(agree if agree.ndim == 3 else agree[..., None], shape), -1, 0)
        disagree = np.moveaxis(np.broadcast_to(disagree if disagree.ndim == 3 else disagree[..., None], shape), -1, 0)
        real = g.present[:, :, None] & g.present[:, None, :]
        return agree & real, disagree | ~real

    @staticmethod
    def _world_relation(kind: str, value: int, arrays: WorldArrays) -> TV:
        """(n × n) agree/disagree of a binary relation on one world."""
        if kind in appearance.CONTACT_RELATIONS or kind == "z-rel":
            if arrays.n and not arrays.entities and kind not in ("vague-rel", "area-rel"):
                raise TruthUnavailable(f"{kind} needs the shapes' outlines, which these worlds do not keep")
        if kind in appearance.CONTACT_RELATIONS:
            return appearance.contact(kind, value, arrays)
        return relations.conditions(kind, value, arrays)

    def diagonal(self, i: int, j: int) -> np.ndarray:
        """Boolean array, true where the entity on axis i is the entity on axis j."""
        shape_i, shape_j = [1] * self.d, [1] * self.d
        shape_i[i] = shape_j[j] = self.n
        idx = np.arange(self.n)
        return idx.reshape(shape_i) == idx.reshape(shape_j)

    def quant(self, f: Quant) -> TV:
        ra, rd = self.ev(f.restr)
        ba, bd = self.ev(f.body)
        key = self.plan.key(f)
        ax, outer = self.axis[f.var], self.plan.outer[key]
        full = [self.w] + [1] * (self.d - 1)
        for k in outer:
            full[k] = self.n
        full[ax] = self.n
        ra, r_possible = np.broadcast_to(ra, full), ~np.broadcast_to(rd, full)
        if self.g.padded:
            present = self.shaped(self.g.present, f.var)
            ra, r_possible = ra & present, r_possible & present
        ba, bd = np.broadcast_to(ba, full), np.broadcast_to(bd, full)
        if f.spec.kind == "unique":
            # ShapeWorld's unique selector, over all entities; with a description word, the one clear T
            unique = ra.sum(axis=ax, keepdims=True) == 1
            if not _described(f):
                unique = unique & (r_possible.sum(axis=ax, keepdims=True) == 1)
            ra = ra & unique
        ra, r_possible, only_self = exclude_context(ra, r_possible, ax, outer, not self.plan.restr_outer[key],
                                                    self.diagonal)
        if f.spec.kind == "select":
            cols = {c: getattr(self.g, c) for c in ("x", "y", "area", "shade", "shape", "color")}
            pairs = selector_pairs(f, ax, self.axis.__getitem__, self.d + 1, cols, lead=(0,))
            return select_quantifier(f.spec, ax, ra, r_possible, ba, bd, *pairs)
        return quantifier(f.spec, ax, ra, r_possible, ra & ba, r_possible & ~bd, only_self)


def _described(f: Quant) -> bool:
    """Whether the restrictor of ``f`` says a word of the descriptions of its variable (an ``Attr``)."""
    return any(isinstance(g, Attr) and g.var == f.var for g in walk(f.restr))


#: plans of the formulas evaluated last, by object (a meaning is evaluated on many batches in a row:
#: its own re-fills, the prior sample's segments, its donors' re-fills); the formula is kept with its
#: plan, so its id is not reused while the entry lives
_PLANS: dict[int, tuple[Formula, Plan]] = {}
_PLANS_KEPT = 64


def plan_of(formula: Formula) -> Plan:
    """The :class:`Plan` of ``formula``, kept for the latest :data:`_PLANS_KEPT` formula objects."""
    hit = _PLANS.get(id(formula))
    if hit is not None and hit[0] is formula:
        return hit[1]
    if len(_PLANS) >= _PLANS_KEPT:
        del _PLANS[next(iter(_PLANS))]
    plan = Plan(formula)
    _PLANS[id(formula)] = (formula, plan)
    return plan


def agreement(formula: Formula, worlds: WorldSample, arrays: Callable[[int], WorldArrays] | None = None,
              backgrounds: Sequence[str] | None = None, plan: Plan | None = None,
              relations: dict | None = None, parts: dict | None = None) -> TV:
    """(agree, disagree) of a closed formula in each world of ``worlds``: two bool vectors."""
    agree, disagree = Agreement(plan or plan_of(formula), worlds, arrays or worlds.arrays, backgrounds,
                                relations, parts).ev(formula)
    size = worlds.size

    def flat(v: np.ndarray) -> np.ndarray:
        return np.broadcast_to(v, (size,) + v.shape[1:]).reshape(size, -1)[:, 0].astype(bool)

    return flat(agree), flat(disagree)


__all__ = ["Agreement", "Plan", "TruthUnavailable", "agreement", "plan_of"]
