"""Count and ratio quantifier captions: ShapeWorld's quantifier templates, filled from a world.

The (range, quantity) template is drawn as ShapeWorld draws it; the restrictor and body are then
chosen among the fillings whose counts in the world make it true (:func:`candidates`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from ..semantics.components import Attribute, EntityType, Quantifier, Relation
from ..semantics.truth import Truth, quantity_tolerance, quantity_verdicts
from ..world.columns import WorldSample
from ..world.model import COLOR_NAMES, SHAPES, World
from .counted import (GRID, CandidateCounts, census_tables, count_rule, grid_truth, ratio_rule, rule_table,
                      structure_columns)
from .describe import Census, kept_on

#: (qrange, quantity) pairs the builder writes; tautologies ("at least zero", "at most all") are left out.
COUNT_QUANTIFIERS: tuple[tuple[str, float], ...] = tuple(
    [("lt", q) for q in range(1, 6)] + [("leq", q) for q in range(1, 6)]
    + [("eq", q) for q in range(0, 6)] + [("neq", q) for q in range(0, 6)]
    + [("geq", q) for q in range(1, 6)] + [("gt", q) for q in range(0, 6)]
)
FRACTIONS: tuple[float, ...] = (0.25, 0.33, 0.5, 0.67, 0.75)
RATIO_QUANTIFIERS: tuple[tuple[str, float], ...] = tuple(
    [(r, f) for f in FRACTIONS for r in ("lt", "leq", "eq", "neq", "geq", "gt")]
    + [("eq", 0.0), ("eq", 1.0), ("neq", 1.0)]
)


#: quantifier (restrictor kind, body kind) structures, as ShapeWorld's quantification captioner builds them.
QUANTIFIER_STRUCTURES: tuple[tuple[str | None, str], ...] = (
    (None, "color"), (None, "shape"), (None, "type"), ("color", "shape"), ("shape", "color"),
)


@dataclass(frozen=True)
class Candidates:
    """All (restrictor value, body value) fillings of one structure, with the world's counts."""

    structure: tuple[str | None, str]
    restrictor: np.ndarray  # value index per candidate (−1 = no restrictor attribute)
    body: np.ndarray  # value index per candidate (type bodies: shape * 7 + colour)
    r_count: np.ndarray
    rb_count: np.ndarray

    def build(self, i: int, qtype: str, qrange: str, quantity: float) -> Quantifier:
        r_kind, b_kind = self.structure
        rv, bv = int(self.restrictor[i]), int(self.body[i])
        restrictor = EntityType() if r_kind is None else EntityType.of(
            **{r_kind: (SHAPES if r_kind == "shape" else COLOR_NAMES)[rv]})
        if b_kind == "type":
            body = Relation("type", EntityType.of(shape=SHAPES[bv // len(COLOR_NAMES)],
                                                  color=COLOR_NAMES[bv % len(COLOR_NAMES)]))
        else:
            body = Relation("attribute", Attribute(b_kind, (SHAPES if b_kind == "shape" else COLOR_NAMES)[bv]))
        return Quantifier(qtype, qrange, quantity, restrictor, body)


def candidates(census: Census) -> list[Candidates]:
    """Every filling of every quantifier structure, with this world's counts."""
    table = census.table  # [shape, colour]
    n = census.total
    n_s, n_c = table.shape
    per_shape, per_color = table.sum(axis=1), table.sum(axis=0)
    out = [
        Candidates((None, "color"), np.full(n_c, -1), np.arange(n_c), np.full(n_c, n), per_color),
        Candidates((None, "shape"), np.full(n_s, -1), np.arange(n_s), np.full(n_s, n), per_shape),
        Candidates((None, "type"), np.full(n_s * n_c, -1), np.arange(n_s * n_c), np.full(n_s * n_c, n),
                    table.reshape(-1)),
    ]
    colors = np.flatnonzero(per_color)  # restrictors name attributes present in the world
    out.append(Candidates(("color", "shape"), np.repeat(colors, n_s), np.tile(np.arange(n_s), len(colors)),
                           np.repeat(per_color[colors], n_s), table[:, colors].T.reshape(-1)))
    shapes = np.flatnonzero(per_shape)
    out.append(Candidates(("shape", "color"), np.repeat(shapes, n_c), np.tile(np.arange(n_c), len(shapes)),
                           np.repeat(per_shape[shapes], n_c), table[shapes, :].reshape(-1)))
    return out


def structure_counts(structure: Candidates, tables: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(|R|, |R∩B|) of each filling of ``structure`` in each world of ``tables`` (worlds × fillings),
    summing only the table columns the fillings name (one candidate's evaluator asks for one)."""
    n_c = len(COLOR_NAMES)
    r_kind, b_kind = structure.structure
    rv, bv = structure.restrictor, structure.body
    if r_kind is None:
        r = np.repeat(tables.sum(axis=(1, 2))[:, None], len(bv), axis=1)
        if b_kind == "type":
            rb = tables[:, bv // n_c, bv % n_c]
        else:
            rb = tables[:, :, bv].sum(axis=1) if b_kind == "color" else tables[:, bv, :].sum(axis=2)
    elif r_kind == "color":
        r, rb = tables[:, :, rv].sum(axis=1), tables[:, bv, rv]
    else:
        r, rb = tables[:, rv, :].sum(axis=2), tables[:, rv, bv]
    return r, rb


_RESTRICTOR_CODES = max(len(SHAPES), len(COLOR_NAMES)) + 1  # value + 1 (0: no restrictor attribute)
_BODY_CODES = len(SHAPES) * len(COLOR_NAMES)
#: the range of :attr:`QuantifierPool.codes`
MEANING_CODES = max(len(COUNT_QUANTIFIERS), len(RATIO_QUANTIFIERS)) * len(QUANTIFIER_STRUCTURES) \
    * _RESTRICTOR_CODES * _BODY_CODES
_RANGES: dict[tuple[tuple[str, float], ...], dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]] = {}


def _ranges(quantifiers: tuple[tuple[str, float], ...]) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The templates of each quantifier range: their rows, quantities and tolerances."""
    if quantifiers not in _RANGES:
        groups: dict[str, list[int]] = {}
        for i, (qrange, _) in enumerate(quantifiers):
            groups.setdefault(qrange, []).append(i)
        _RANGES[quantifiers] = {q: (np.array(rows), np.array([quantifiers[i][1] for i in rows], dtype=float),
                                    np.array([quantity_tolerance(quantifiers[i][1]) for i in rows]))
                                for q, rows in groups.items()}
    return _RANGES[quantifiers]


@dataclass(frozen=True)
class QuantifierPool:
    """Every caption :class:`QuantifierSampler` can draw for one world, with the probability it draws
    each: candidate ``k`` is template ``template[k]`` filled with filling ``filling[k]`` of structure
    ``structure[k]``. The sampler draws a template uniformly, a structure uniformly among those with a
    filling the world makes true under it, and one such filling uniformly, so a candidate's
    probability is the sum over its template of ``1 / |templates| / |structures| / |fillings|``
    (renormalised over the templates with any true filling)."""

    structures: list[Candidates]
    structure: np.ndarray
    filling: np.ndarray
    template: np.ndarray
    weight: np.ndarray

    def __len__(self) -> int:
        return len(self.weight)

    @property
    def codes(self) -> np.ndarray:
        """One number per candidate that names its meaning in every world (template, structure,
        restrictor value, body value), below :data:`MEANING_CODES`."""
        restrictor = np.zeros(len(self), dtype=np.int64)
        body = np.zeros(len(self), dtype=np.int64)
        for s, structure in enumerate(self.structures):
            mine = self.structure == s
            restrictor[mine] = structure.restrictor[self.filling[mine]] + 1
            body[mine] = structure.body[self.filling[mine]]
        return ((self.template * len(QUANTIFIER_STRUCTURES) + self.structure) * _RESTRICTOR_CODES + restrictor) \
            * _BODY_CODES + body


#: each sampler kind's rule grids, one row per template (:func:`~.counted.rule_table`)
_RULE_TABLES: dict[str, np.ndarray] = {}
#: each quantifier type's rules, one per template
_RULES: dict[str, list[Any]] = {}


def pool_columns(pool: QuantifierPool) -> tuple[np.ndarray, np.ndarray]:
    """The :func:`~.counted.census_counts` columns each candidate of ``pool`` counts (|R| and |R∩B|):
    :func:`~.counted.structure_columns` of its filling; kept with the pool."""
    def columns(pool: QuantifierPool) -> tuple[np.ndarray, np.ndarray]:
        first = np.zeros(len(pool), dtype=np.int64)
        second = np.zeros(len(pool), dtype=np.int64)
        for s, structure in enumerate(pool.structures):
            mine = np.flatnonzero(pool.structure == s)
            if len(mine):
                i = pool.filling[mine]
                first[mine], second[mine] = structure_columns(structure.structure, structure.restrictor[i],
                                                              structure.body[i])
        return first, second
    return kept_on(pool, "_columns", columns)


def quantity_holds(qrange: str, value: np.ndarray, target: float | np.ndarray,
                   tolerance: float | np.ndarray) -> np.ndarray:
    """Whether a count or ratio known exactly (``value``) makes the quantifier true: the true verdict of
    :func:`~..semantics.truth.quantity_verdicts` with ``lower = upper = value``, by the same operations
    (so the same answers, infinities included), without its false verdict."""
    t = tolerance
    if qrange == "lt":
        return np.asarray(value < target - t)
    if qrange == "leq":
        return np.asarray(value <= target + t)
    if qrange == "eq":
        return np.asarray(np.maximum(value - target, target - value) <= t)
    if qrange == "neq":
        return np.asarray(np.maximum(target - value, value - target) > t)
    if qrange == "geq":
        return np.asarray(value >= target - t)
    if qrange == "gt":
        return np.asarray(value > target + t)
    raise ValueError(f"unknown quantifier range {qrange!r}")


def template_verdicts(quantifiers: tuple[tuple[str, float], ...], value: np.ndarray) -> np.ndarray:
    """Whether each (range, quantity) template is true of each count or ratio in ``value``
    (templates × value's shape), the templates of one quantifier range at once."""
    out = np.empty((len(quantifiers), *value.shape), dtype=bool)
    column = (-1,) + (1,) * value.ndim
    for qrange, (rows, targets, tolerances) in _ranges(quantifiers).items():
        out[rows] = quantity_holds(qrange, value[None], targets.reshape(column), tolerances.reshape(column))
    return out


def assemble_pool(structures: list[Candidates], fits: list[np.ndarray]) -> QuantifierPool:
    """The pool of a sampler that draws a template uniformly, then a structure uniformly among those
    with a filling true under it (``fits[s]``: templates × fillings), then one such filling uniformly.
    Candidates come template by template, then structure by structure, then filling by filling."""
    if not fits or not sum(f.size for f in fits):
        empty = np.zeros(0, dtype=np.int64)
        return QuantifierPool(structures, empty, empty, empty, np.zeros(0))
    every = np.concatenate(fits, axis=1)  # templates × (every structure's fillings)
    owner = np.concatenate([np.full(f.shape[1], s, dtype=np.int64) for s, f in enumerate(fits)])
    place = np.concatenate([np.arange(f.shape[1], dtype=np.int64) for f in fits])
    counts = np.stack([f.sum(axis=1) for f in fits], axis=1)  # templates × structures: true fillings
    opened = (counts > 0).sum(axis=1)  # templates: structures with a true filling
    template, column = np.nonzero(every)
    structure = owner[column]
    weight = 1.0 / opened[template] / counts[template, structure]
    return QuantifierPool(structures, structure, place[column], template.astype(np.int64),
                          weight / max(float(weight.sum()), 1e-300))


@dataclass(frozen=True)
class QuantifierSampler:
    """Count or ratio quantifier captions: the (range, quantity) template is drawn uniformly,
    then filled with a restrictor and body whose count in this world makes it true."""

    qtype: str = "count"
    max_templates: int = 20
    #: the last world's fillings and their counts (a bounded dataset draws many captions of one world)
    #: its pool's truth reads only each world's objects' colours and shapes (:mod:`.counted`)
    reads_objects: ClassVar[bool] = True
    _last: dict = field(default_factory=dict, compare=False, repr=False)

    def _fillings(self, world: World) -> tuple[list[Candidates], list[tuple[np.ndarray, np.ndarray]]]:
        """Every filling of ``world`` with the quantity each makes true (kept until another world comes)."""
        if self._last.get("world") is not world:
            structures = candidates(Census.of(world))
            bounds = []
            for c in structures:
                if self.qtype == "count":
                    lower = upper = c.rb_count.astype(float)
                else:
                    lower = upper = c.rb_count / np.maximum(c.r_count, 1)
                bounds.append((lower, upper))
            self._last.clear()
            self._last.update(world=world, fillings=(structures, bounds))  # a new world: its pool too
        return self._last["fillings"]

    @property
    def quantifiers(self) -> tuple[tuple[str, float], ...]:
        return COUNT_QUANTIFIERS if self.qtype == "count" else RATIO_QUANTIFIERS

    def _verdicts(self, structure: Candidates, r: np.ndarray, rb: np.ndarray,
                  templates: tuple[tuple[str, float], ...] | None = None) -> np.ndarray:
        """Whether each template (of ``templates``, default all) is true of each filling's counts
        (templates × ... × fillings)."""
        return template_verdicts(self.quantifiers if templates is None else templates,
                                 rb.astype(float) if self.qtype == "count" else rb / np.maximum(r, 1))

    def pool(self, world: World) -> QuantifierPool:
        """Every caption this sampler can draw for ``world`` and the probability it draws it
        (:class:`QuantifierPool`; kept with the world's fillings until another world comes)."""
        if self._last.get("world") is world and "pool" in self._last:
            return self._last["pool"]
        structures, _ = self._fillings(world)
        table = Census.of(world).table[None]
        if table.max(initial=0) < GRID:  # each template's verdict on each filling's counts, from its grid
            rules = self._rule_table()
            fits = [rules[:, np.asarray(r[0] * GRID + rb[0], dtype=np.int64)]
                    for r, rb in (structure_counts(c, table) for c in structures)]
        else:
            fits = [self._verdicts(c, *structure_counts(c, table))[:, 0, :] for c in structures]  # templates × fillings
        pool = assemble_pool(structures, fits)
        self._last["pool"] = pool
        return pool

    def caption(self, pool: QuantifierPool, k: int) -> Quantifier:
        """Candidate ``k`` of ``pool`` as a caption."""
        qrange, quantity = self.quantifiers[int(pool.template[k])]
        return pool.structures[int(pool.structure[k])].build(int(pool.filling[k]), self.qtype, qrange, quantity)

    def truth_table(self, pool: QuantifierPool, sample: WorldSample,
                    templates: tuple[tuple[str, float], ...] | None = None) -> np.ndarray:
        """Whether each candidate of ``pool`` is true in each world of ``sample`` (candidates × worlds),
        computed from the worlds' counts at once, each candidate's rule looked up in its grid
        (``templates``: the pool's template numbers index these instead of all)."""
        if templates is None:
            first, second = pool_columns(pool)
            found = grid_truth(sample, first, second, pool.template, self._rule_table())
            if found is not None:
                return found
        return self.truth_from_tables(pool, census_tables(sample), templates)

    def truth_from_tables(self, pool: QuantifierPool, tables: np.ndarray,
                          templates: tuple[tuple[str, float], ...] | None = None) -> np.ndarray:
        """:meth:`truth_table` from the worlds' shape–colour tables (:func:`census_tables`)."""
        out = np.zeros((len(pool), len(tables)), dtype=bool)
        for s, structure in enumerate(pool.structures):
            mine = np.flatnonzero(pool.structure == s)
            if not len(mine):
                continue
            # templates × worlds × fillings
            verdicts = self._verdicts(structure, *structure_counts(structure, tables), templates)
            out[mine] = verdicts[pool.template[mine], :, pool.filling[mine]]
        return out

    def evaluator(self, pool: QuantifierPool, k: int) -> CandidateCounts:
        """Candidate ``k``'s truth in each world of a sample, from the worlds' counts."""
        structure, i = pool.structures[int(pool.structure[k])], int(pool.filling[k])
        first, second = structure_columns(structure.structure, int(structure.restrictor[i]), int(structure.body[i]))
        t = int(pool.template[k])
        return CandidateCounts.of(first, second, self._rule_names()[t], self._rules()[t])

    def _rule_table(self) -> np.ndarray:
        """The templates' rule grids (:func:`~.counted.rule_table`), made once per quantifier type."""
        table = _RULE_TABLES.get(self.qtype)
        if table is None:
            table = _RULE_TABLES[self.qtype] = rule_table(self._rule_names(), self._rules())
        return table

    def _rule_names(self) -> list[tuple]:
        """Each template's rule, named for :func:`~.counted.rule_grid`."""
        return [(self.qtype, qrange, quantity, None) for qrange, quantity in self.quantifiers]

    def _rules(self) -> list[Any]:
        """Each template's rule on (|R|, |R∩B|) (:func:`~.counted.count_rule`, :func:`~.counted.ratio_rule`;
        made once per quantifier type)."""
        found = _RULES.get(self.qtype)
        if found is None:
            make = count_rule if self.qtype == "count" else ratio_rule
            found = _RULES[self.qtype] = [make(qrange, quantity, quantity_tolerance(quantity), quantity_holds)
                                          for qrange, quantity in self.quantifiers]
        return found

    def __call__(self, world: World, rng: np.random.Generator) -> Quantifier | None:
        quantifiers = self.quantifiers
        structures, bounds = self._fillings(world)
        for _ in range(self.max_templates):
            qrange, quantity = quantifiers[int(rng.integers(len(quantifiers)))]
            tolerance = quantity_tolerance(quantity)
            fits = [(c, np.flatnonzero(quantity_verdicts(qrange, lo, up, quantity, tolerance)[0]))
                    for c, (lo, up) in zip(structures, bounds)]
            fits = [(c, idx) for c, idx in fits if len(idx)]
            if not fits:
                continue
            c, idx = fits[int(rng.integers(len(fits)))]
            caption = c.build(int(idx[int(rng.integers(len(idx)))]), self.qtype, qrange, quantity)
            if caption.truth(world) == Truth.TRUE:
                return caption
        return None


__all__ = ["COUNT_QUANTIFIERS", "CandidateCounts", "FRACTIONS", "QUANTIFIER_STRUCTURES", "RATIO_QUANTIFIERS",
           "Candidates", "MEANING_CODES", "QuantifierPool", "QuantifierSampler", "assemble_pool", "candidates",
           "census_tables", "quantity_holds", "structure_counts", "template_verdicts"]
