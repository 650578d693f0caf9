"""Samplers of ShapeWorld's complex quantification captions (``quantification_complex``).

* ``NumberBoundSampler``: "More than a third of the three blue shapes are triangles." — a ratio
  (range, fraction) template drawn uniformly, filled with a restrictor of 2-8 entities (the bound)
  and a body that make it true.
* ``ComparativeSampler``: "As many red shapes as cyan shapes are rectangles.", "Twice as many
  squares as circles are red.", "Two more squares than circles are red." — ShapeWorld's English
  comparatives: count eq ±1..±5, ratio lt/eq/gt 0.5, 1, 2; restrictor and comparison name two
  different values of one attribute kind present in the world, the body names the other kind.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, ClassVar

import numpy as np

from ..semantics.comparative_quantifiers import BOUNDS, ComparativeQuantifier, NumberBound, quotient_bounds
from ..semantics.components import Attribute, EntityType, Relation
from ..semantics.truth import Truth, quantity_tolerance, quantity_verdicts
from ..world.columns import WorldSample
from ..world.model import COLOR_NAMES, SHAPES, World
from .counted import (GRID, CandidateCounts, census_tables, colour_cell, grid_truth, ratio_rule, rule_table,
                      structure_columns)
from .describe import Census, kept_on
from .quantifiers import (FRACTIONS, Candidates, QuantifierPool, assemble_pool, candidates, pool_columns,
                          quantity_holds, structure_counts, template_verdicts)

#: number-bound quantifiers: every range with a proper fraction
BOUND_QUANTIFIERS: tuple[tuple[str, float], ...] = tuple(
    (r, f) for f in FRACTIONS for r in ("lt", "leq", "eq", "neq", "geq", "gt"))
#: ShapeWorld's English comparative quantifiers: (qtype, qrange, quantity)
COMPARATIVES: tuple[tuple[str, str, float], ...] = tuple(
    [("count", "eq", float(k)) for k in (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5)]
    + [("ratio", r, q) for q in (0.5, 1.0, 2.0) for r in ("lt", "eq", "gt")])


@dataclass(frozen=True)
class NumberBoundSampler:
    """"<ratio> of the <N> <restrictor> <body>" with N the restrictor's count (2-8)."""

    max_templates: int = 20
    #: the last world's pool (a bounded dataset draws many captions of one world)
    #: its pool's truth reads only each world's objects' colours and shapes (:mod:`.counted`)
    reads_objects: ClassVar[bool] = True
    _last: dict = field(default_factory=dict, compare=False, repr=False)

    #: the (range, fraction) templates, numbered as the pool numbers them
    quantifiers = BOUND_QUANTIFIERS

    @staticmethod
    def _verdicts(structure: Candidates, r: np.ndarray, rb: np.ndarray,
                  templates: tuple[tuple[str, float], ...] | None = None) -> np.ndarray:
        """Whether each template (of ``templates``, default all) is true of each filling's counts, with
        the restrictor's count the filling's bound in the sampled world (templates × ... × fillings)."""
        return template_verdicts(BOUND_QUANTIFIERS if templates is None else templates, rb / np.maximum(r, 1)) \
            & (r == structure.r_count)[None]

    def pool(self, world: World) -> QuantifierPool:
        """Every caption this sampler can draw for ``world`` with the probability it draws it (as
        :meth:`QuantifierSampler.pool`; a filling's bound is its restrictor's count, 2-8)."""
        if self._last.get("world") is not world:
            structures = candidates(Census.of(world))
            fits = [template_verdicts(BOUND_QUANTIFIERS, c.rb_count / np.maximum(c.r_count, 1))
                    & np.isin(c.r_count, BOUNDS)[None] for c in structures]
            self._last.clear()
            self._last.update(world=world, pool=assemble_pool(structures, fits))
        return self._last["pool"]

    def caption(self, pool: QuantifierPool, k: int) -> NumberBound:
        """Candidate ``k`` of ``pool`` as a caption."""
        qrange, quantity = BOUND_QUANTIFIERS[int(pool.template[k])]
        structure, i = pool.structures[int(pool.structure[k])], int(pool.filling[k])
        return NumberBound(int(structure.r_count[i]), structure.build(i, "ratio", qrange, quantity))

    def truth_table(self, pool: QuantifierPool, sample: WorldSample,
                    templates: tuple[tuple[str, float], ...] | None = None) -> np.ndarray:
        """Whether each candidate of ``pool`` is true in each world of ``sample`` (candidates × worlds;
        each candidate's rule looked up in its grid; ``templates``: the pool's template numbers index
        these instead of all)."""
        if templates is None:
            first, second = pool_columns(pool)
            bounds = np.zeros(len(pool), dtype=np.int64)
            for s, structure in enumerate(pool.structures):
                mine = pool.structure == s
                bounds[mine] = structure.r_count[pool.filling[mine]]
            if len(pool) and bounds.max() <= max(BOUNDS):
                found = grid_truth(sample, first, second, pool.template * (max(BOUNDS) + 1) + bounds, _bound_table())
                if found is not None:
                    return found
        return self.truth_from_tables(pool, census_tables(sample), templates)

    def truth_from_tables(self, pool: QuantifierPool, tables: np.ndarray,
                          templates: tuple[tuple[str, float], ...] | None = None) -> np.ndarray:
        """:meth:`truth_table` from the worlds' shape–colour tables (:func:`census_tables`)."""
        out = np.zeros((len(pool), len(tables)), dtype=bool)
        for s, structure in enumerate(pool.structures):
            mine = np.flatnonzero(pool.structure == s)
            if len(mine):
                verdicts = self._verdicts(structure, *structure_counts(structure, tables), templates)
                out[mine] = verdicts[pool.template[mine], :, pool.filling[mine]]
        return out

    def evaluator(self, pool: QuantifierPool, k: int) -> CandidateCounts:
        """Candidate ``k``'s truth in each world of a sample, from the worlds' counts."""
        structure, i = pool.structures[int(pool.structure[k])], int(pool.filling[k])
        first, second = structure_columns(structure.structure, int(structure.restrictor[i]), int(structure.body[i]))
        t, bound = int(pool.template[k]), int(structure.r_count[i])
        return CandidateCounts.of(first, second, _bound_name(t, bound), _bound_rule(t, bound))

    def codes(self, pool: QuantifierPool) -> np.ndarray:
        """The pool's meaning codes with each filling's bound: the same template and filling with
        another bound is another meaning."""
        bounds = np.zeros(len(pool), dtype=np.int64)
        for s, structure in enumerate(pool.structures):
            mine = pool.structure == s
            bounds[mine] = structure.r_count[pool.filling[mine]]
        return pool.codes * (max(BOUNDS) + 1) + bounds

    def __call__(self, world: World, rng: np.random.Generator) -> NumberBound | None:
        structures = candidates(Census.of(world))
        for _ in range(self.max_templates):
            qrange, quantity = BOUND_QUANTIFIERS[int(rng.integers(len(BOUND_QUANTIFIERS)))]
            tol = quantity_tolerance(quantity)
            fits = []
            for c in structures:
                ratio = c.rb_count / np.maximum(c.r_count, 1)
                ok = quantity_verdicts(qrange, ratio, ratio, quantity, tol)[0] & np.isin(c.r_count, BOUNDS)
                idx = np.flatnonzero(ok)
                if len(idx):
                    fits.append((c, idx))
            if not fits:
                continue
            c, idx = fits[int(rng.integers(len(fits)))]
            i = int(idx[int(rng.integers(len(idx)))])
            caption = NumberBound(int(c.r_count[i]), c.build(i, "ratio", qrange, quantity))
            if caption.truth(world) == Truth.TRUE:
                return caption
        return None


@dataclass(frozen=True)
class ComparativePool:
    """Every caption :class:`ComparativeSampler` can draw for one world, with the probability it draws
    each: template ``template[k]`` over attribute kind ``kind[k]`` (0: colours compared, shapes as
    body; 1: the reverse), restrictor value ``restrictor[k]``, comparison value ``comparison[k]`` and
    body value ``body[k]``. The sampler draws a template and a kind uniformly, then a filling uniformly
    among those the world makes true, so a candidate's probability is ``1 / |fillings|`` of its
    (template, kind), renormalised over the (template, kind) pairs with any."""

    template: np.ndarray
    kind: np.ndarray
    restrictor: np.ndarray
    comparison: np.ndarray
    body: np.ndarray
    weight: np.ndarray

    def __len__(self) -> int:
        return len(self.weight)


def _comparative_verdicts(template: int, rb: np.ndarray, cb: np.ndarray) -> np.ndarray:
    """Whether comparative ``template`` is true of these |RB| and |CB| counts (crisp: no tolerance
    for counts; a ratio over |CB| = 0 is 0 or infinite, as the caption's truth reads it)."""
    qtype, qrange, quantity = COMPARATIVES[template]
    if qtype == "count":
        return quantity_holds(qrange, (rb - cb).astype(float), quantity, 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        value = np.where(cb > 0, rb / np.maximum(cb, 1), np.where(rb == 0, 0.0, np.inf))
    return quantity_holds(qrange, value, quantity, quantity_tolerance(quantity))


def _comparative_columns(pool: ComparativePool) -> tuple[np.ndarray, np.ndarray]:
    """The :func:`~.counted.census_counts` columns of each candidate's |RB| and |CB| (kept with the pool)."""
    def columns(pool: ComparativePool) -> tuple[np.ndarray, np.ndarray]:
        colours = pool.kind == 0  # colours compared, a shape as body: cell (body, value)
        first = np.where(colours, colour_cell(pool.body, pool.restrictor), colour_cell(pool.restrictor, pool.body))
        second = np.where(colours, colour_cell(pool.body, pool.comparison), colour_cell(pool.comparison, pool.body))
        return first, second
    return kept_on(pool, "_columns", columns)


_TABLES: dict[str, np.ndarray] = {}
_EMPTY = [np.zeros(0, dtype=np.int64)] * 5 + [np.zeros(0)]


def _triples(table: np.ndarray, kind: int) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Every (restrictor, comparison, body) of attribute kind ``kind`` (0: colours compared, shapes as
    body) whose two values are present and differ, in the sampler's order (None: fewer than two present)."""
    counts = (table.T, table)[kind]  # [value, body value]
    present = np.flatnonzero(counts.sum(axis=1))
    if len(present) < 2:
        return None
    r, c, b = (x.reshape(-1) for x in np.meshgrid(present, present, np.arange(counts.shape[1]), indexing="ij"))
    keep = r != c
    return r[keep], c[keep], b[keep]


def _by_template(table: np.ndarray) -> tuple[list[np.ndarray], int]:
    """A world's pool columns (template, kind, restrictor, comparison, body, weight before
    normalising) and how many (template, kind) pairs have a filling, template by template."""
    parts: list[tuple[np.ndarray, ...]] = []
    opened = 0
    for t, (qtype, _, _) in enumerate(COMPARATIVES):
        for kind in (0, 1):
            found = _triples(table, kind)
            if found is None:
                continue
            r, c, b = found
            counts = (table.T, table)[kind]
            rb, cb = counts[r, b], counts[c, b]
            ok = np.flatnonzero(_comparative_verdicts(t, rb, cb) & ((cb > 0) if qtype == "ratio" else True))
            if len(ok):
                opened += 1
                n = len(ok)
                parts.append((np.full(n, t), np.full(n, kind), r[ok], c[ok], b[ok], np.full(n, 1.0 / n)))
    return ([np.concatenate(x) for x in zip(*parts)] if parts else _EMPTY), opened


def _by_grid(table: np.ndarray) -> tuple[list[np.ndarray], int]:
    """:func:`_by_template`'s columns, every template's verdicts on both kinds' fillings looked up in
    the rule grids at once (counts below :data:`~.counted.GRID`): the same candidates in the same order
    with the same weights."""
    triples = [(k, t) for k in (0, 1) if (t := _triples(table, k)) is not None]
    if not triples:
        return _EMPTY, 0
    kind = np.concatenate([np.full(len(t[0]), k) for k, t in triples])
    r, c, b = (np.concatenate([t[i] for _, t in triples]) for i in range(3))
    counts = np.concatenate([np.stack([(table.T, table)[k][t[0], t[2]], (table.T, table)[k][t[1], t[2]]])
                             for k, t in triples], axis=1)  # (|RB|, |CB|) × fillings
    ok = _comparative_table()[:, counts[0] * GRID + counts[1]]  # templates × fillings
    ratio = np.array([q == "ratio" for q, _, _ in COMPARATIVES])
    ok[ratio] &= (counts[1] > 0)[None]
    sizes = np.stack([ok[:, kind == k].sum(axis=1) for k in (0, 1)], axis=1)  # templates × kinds
    template, column = np.nonzero(ok)
    weight = 1.0 / sizes[template, kind[column]]
    return [template, kind[column], r[column], c[column], b[column], weight], int((sizes > 0).sum())


def _comparative_table() -> np.ndarray:
    """The comparatives' rule grids, one row per template."""
    if "comparative" not in _TABLES:
        _TABLES["comparative"] = rule_table([("comparative", t) for t in range(len(COMPARATIVES))],
                                            [partial(_comparative_verdicts, t) for t in range(len(COMPARATIVES))])
    return _TABLES["comparative"]


def _bound_name(template: int, bound: int) -> tuple:
    qrange, quantity = BOUND_QUANTIFIERS[template]
    return ("ratio", qrange, quantity, bound)


def _bound_rule(template: int, bound: int) -> Any:
    qrange, quantity = BOUND_QUANTIFIERS[template]
    return ratio_rule(qrange, quantity, quantity_tolerance(quantity), quantity_holds, bound)


def _bound_table() -> np.ndarray:
    """The number bounds' rule grids, row ``template * (max bound + 1) + bound``."""
    if "bound" not in _TABLES:
        width = max(BOUNDS) + 1
        _TABLES["bound"] = rule_table([_bound_name(t, b) for t in range(len(BOUND_QUANTIFIERS)) for b in range(width)],
                                      [_bound_rule(t, b) for t in range(len(BOUND_QUANTIFIERS)) for b in range(width)])
    return _TABLES["bound"]


@dataclass(frozen=True)
class ComparativeSampler:
    """"<comparative> <restrictor> <as/than> <comparison> <body>"."""

    max_templates: int = 20
    #: the last world's pool (a bounded dataset draws many captions of one world)
    #: its pool's truth reads only each world's objects' colours and shapes (:mod:`.counted`)
    reads_objects: ClassVar[bool] = True
    _last: dict = field(default_factory=dict, compare=False, repr=False)

    def pool(self, world: World) -> ComparativePool:
        """Every caption this sampler can draw for ``world`` with the probability it draws it."""
        if self._last.get("world") is world:
            return self._last["pool"]
        table = Census.of(world).table  # [shape, colour]
        columns, opened = _by_grid(table) if table.max(initial=0) < GRID else _by_template(table)
        templates, kinds, restrictors, comparisons, bodies = (x.astype(np.int64) for x in columns[:5])
        pool = ComparativePool(templates, kinds, restrictors, comparisons, bodies, columns[5] / max(opened, 1))
        self._last.clear()
        self._last.update(world=world, pool=pool)
        return pool

    def caption(self, pool: ComparativePool, k: int) -> ComparativeQuantifier:
        """Candidate ``k`` of ``pool`` as a caption."""
        qtype, qrange, quantity = COMPARATIVES[int(pool.template[k])]
        colour = int(pool.kind[k]) == 0
        kind = "color" if colour else "shape"
        names, other = (COLOR_NAMES, SHAPES) if colour else (SHAPES, COLOR_NAMES)
        return ComparativeQuantifier(
            qtype, qrange, quantity, EntityType.of(**{kind: names[int(pool.restrictor[k])]}),
            EntityType.of(**{kind: names[int(pool.comparison[k])]}),
            Relation("attribute", Attribute("shape" if colour else "color", other[int(pool.body[k])])))

    def truth_table(self, pool: ComparativePool, sample: WorldSample) -> np.ndarray:
        """Whether each candidate of ``pool`` is true in each world of ``sample`` (candidates × worlds),
        each candidate's rule looked up in its grid."""
        first, second = _comparative_columns(pool)
        found = grid_truth(sample, first, second, pool.template, _comparative_table())
        return self.truth_from_tables(pool, census_tables(sample)) if found is None else found

    def truth_from_tables(self, pool: ComparativePool, tables: np.ndarray) -> np.ndarray:
        """:meth:`truth_table` from the worlds' shape–colour tables (worlds × shape × colour)."""
        out = np.zeros((len(pool), len(tables)), dtype=bool)
        by_kind = (tables.transpose(0, 2, 1), tables)  # worlds × value × body value
        for t in np.unique(pool.template):
            for kind in (0, 1):
                mine = np.flatnonzero((pool.template == t) & (pool.kind == kind))
                if len(mine):
                    counts = by_kind[kind]
                    rb = counts[:, pool.restrictor[mine], pool.body[mine]]
                    cb = counts[:, pool.comparison[mine], pool.body[mine]]
                    out[mine] = _comparative_verdicts(int(t), rb, cb).T
        return out

    def evaluator(self, pool: ComparativePool, k: int) -> CandidateCounts:
        """Candidate ``k``'s truth in each world of a sample, from the worlds' counts (|RB| and |CB|)."""
        r, c, b = int(pool.restrictor[k]), int(pool.comparison[k]), int(pool.body[k])
        if int(pool.kind[k]) == 0:  # colours compared, a shape as body
            first, second = colour_cell(b, r), colour_cell(b, c)
        else:
            first, second = colour_cell(r, b), colour_cell(c, b)
        t = int(pool.template[k])
        return CandidateCounts.of(first, second, ("comparative", t), partial(_comparative_verdicts, t))

    def codes(self, pool: ComparativePool) -> np.ndarray:
        """One number per candidate naming its meaning in every world."""
        width = max(len(SHAPES), len(COLOR_NAMES))
        return (((pool.template * 2 + pool.kind) * width + pool.restrictor) * width + pool.comparison) * width \
            + pool.body

    def __call__(self, world: World, rng: np.random.Generator) -> ComparativeQuantifier | None:
        table = Census.of(world).table  # [shape, colour]
        for _ in range(self.max_templates):
            qtype, qrange, quantity = COMPARATIVES[int(rng.integers(len(COMPARATIVES)))]
            kind = "color" if rng.random() < 0.5 else "shape"
            counts = table.T if kind == "color" else table  # [value, body value]
            present = np.flatnonzero(counts.sum(axis=1))
            if len(present) < 2:
                continue
            pairs = [(r, c, b) for r in present for c in present if r != c for b in range(counts.shape[1])]
            rb = np.array([counts[r, b] for r, c, b in pairs], dtype=float)
            cb = np.array([counts[c, b] for r, c, b in pairs], dtype=float)
            if qtype == "count":
                lower = upper = rb - cb
                ok = quantity_verdicts(qrange, lower, upper, quantity, 0.0)[0]
            else:
                q = np.array([quotient_bounds(x, x, y, y)[0] for x, y in zip(rb, cb)])
                ok = quantity_verdicts(qrange, q, q, quantity, quantity_tolerance(quantity))[0] & (cb > 0)
            idx = np.flatnonzero(ok)
            if not len(idx):
                continue
            r, c, b = pairs[int(idx[int(rng.integers(len(idx)))])]
            names, other = (COLOR_NAMES, SHAPES) if kind == "color" else (SHAPES, COLOR_NAMES)
            body_kind = "shape" if kind == "color" else "color"
            caption = ComparativeQuantifier(
                qtype, qrange, quantity, EntityType.of(**{kind: names[r]}), EntityType.of(**{kind: names[c]}),
                Relation("attribute", Attribute(body_kind, other[b])))
            if caption.truth(world) == Truth.TRUE:
                return caption
        return None


__all__ = ["BOUND_QUANTIFIERS", "COMPARATIVES", "ComparativePool", "ComparativeSampler", "NumberBoundSampler"]
