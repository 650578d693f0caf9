"""A quantifier caption's truth from two counts of its world's objects.

Every caption the quantifier samplers draw (count and ratio quantifiers, number bounds, comparatives)
is decided by two numbers of a world: how many of its objects fall in each of two sets of
shape–colour cells (the restrictor and its body, or the body's two comparisons), and a rule on them.
A world's counts are one row of :func:`census_counts` (every cell, every colour, every shape, and all
objects), kept on a sample, so a candidate is evaluated on thousands of worlds by two column reads and
its rule, and on a donor's kept re-fills without recounting them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Hashable, Sequence

import numpy as np

from ..world.columns import WorldSample
from ..world.model import COLOR_NAMES, SHAPES
from .describe import kept_on

_N_C, _N_S = len(COLOR_NAMES), len(SHAPES)
_CELLS = _N_S * _N_C
#: :func:`census_counts` columns: cell ``shape * 7 + colour``; then each colour's, each shape's, all
COLOUR_COLUMN, SHAPE_COLUMN, TOTAL_COLUMN = _CELLS, _CELLS + _N_C, _CELLS + _N_C + _N_S


def census_tables(sample: WorldSample) -> np.ndarray:
    """Counts of every shape×colour combination in each world of ``sample`` (worlds × 8 × 7); kept
    with the sample (the prior sample's spans are asked again for every candidate checked, a world's
    re-fills for every candidate of its pool)."""
    return kept_on(sample, "_census_tables", _count_tables)


def _count_tables(sample: WorldSample) -> np.ndarray:
    # padding goes to one bin past the last world's cells, dropped after counting
    size = sample.size
    cells = np.arange(size)[:, None] * _CELLS + sample.shape * _N_C + sample.color
    flat = np.where(sample.present, cells, size * _CELLS).reshape(-1)
    counts = np.bincount(flat, minlength=size * _CELLS + 1)[:-1].reshape(size, _N_S, _N_C)
    return counts.astype(np.int16)  # at most a world's objects: small, and kept (a donor's re-fills, by thousands)


def census_counts(sample: WorldSample) -> np.ndarray:
    """Each world's counts (worlds × 72): its 56 cells (:func:`census_tables`, shape-major), then the
    objects of each colour, of each shape, and all of them; kept with the sample."""
    return kept_on(sample, "_census_counts", _margins)


def _margin_matrix() -> np.ndarray:
    """Cells × census columns, 1 where a cell counts towards a column (itself, its colour, its shape, all)."""
    matrix = np.zeros((_CELLS, TOTAL_COLUMN + 1), dtype=np.float32)
    for cell in range(_CELLS):
        shape, colour = divmod(cell, _N_C)
        matrix[cell, [cell, COLOUR_COLUMN + colour, SHAPE_COLUMN + shape, TOTAL_COLUMN]] = 1
    return matrix


#: :func:`census_counts` from the cells, as one product (32-bit floats: exact, the counts are small)
_MARGINS = _margin_matrix()


def _margins(sample: WorldSample) -> np.ndarray:
    tables = census_tables(sample)
    return (tables.reshape(len(tables), _CELLS).astype(np.float32) @ _MARGINS).astype(np.int16)


def census_columns(sample: WorldSample) -> np.ndarray:
    """:func:`census_counts` column by column (72 × worlds, each column contiguous: one candidate reads
    two of them on a whole prior sample); kept with the sample."""
    return kept_on(sample, "_census_columns", lambda x: np.ascontiguousarray(census_counts(x).T))


def colour_cell(shape: Any, colour: Any) -> Any:
    """The :func:`census_counts` column of one shape–colour cell (or of arrays of them)."""
    return shape * _N_C + colour


#: a count's values a rule grid holds (0 .. GRID - 1): more than any world of these datasets has objects
GRID = 16
Rule = Callable[[np.ndarray, np.ndarray], np.ndarray]
_GRIDS: dict[Hashable, tuple[np.ndarray, np.ndarray]] = {}


def rule_grid(name: Hashable, rule: Rule) -> tuple[np.ndarray, np.ndarray]:
    """``rule`` on every pair of counts below :data:`GRID` (flat, first count major), and the
    running counts of its false cells (:data:`GRID` + 1 square, for rectangle sums): computed once per
    ``name`` (a rule's template and parameters). The rule is elementwise, so looking its answer up
    gives what applying it to the counts gives."""
    found = _GRIDS.get(name)
    if found is None:
        values = np.arange(GRID, dtype=np.int64)
        truth = np.broadcast_to(np.asarray(rule(values[:, None], values[None, :]), dtype=bool), (GRID, GRID))
        falses = np.zeros((GRID + 1, GRID + 1), dtype=np.int64)
        falses[1:, 1:] = (~truth).cumsum(axis=0).cumsum(axis=1)
        found = _GRIDS[name] = (truth.reshape(-1), falses)
    return found


def small_counts(sample: WorldSample) -> bool:
    """Whether every count of ``sample``'s worlds is below :data:`GRID` (so rule grids answer for
    them); kept with the sample."""
    return bool(kept_on(sample, "_census_small", lambda s: np.array(census_counts(s).max(initial=0) < GRID)))


@dataclass(frozen=True)
class CandidateCounts:
    """One quantifier candidate as an evaluator (:data:`~..interpret.prior.Evaluate`): its truth in
    each world is ``rule(counts[first], counts[second])`` over the world's :func:`census_counts`, the
    same numbers and operations its pool's ``truth_table`` uses, so the same answers as the general
    evaluator; looked up in the rule's :func:`rule_grid`. It answers on several samples from their
    kept counts (``on_blocks``: a :class:`~..interpret.prior.BlockEvaluate`), is cheap on a whole
    prior sample (``whole``), and tells the worlds where every re-fill under a view keeps it true
    (:meth:`certain_in`)."""

    first: int
    second: int
    #: (first counts, second counts) → truth, elementwise (any broadcast shapes)
    rule: Rule
    #: the rule's :func:`rule_grid`
    grid: tuple[np.ndarray, np.ndarray]
    #: a prior asks its truth on the whole sample at once rather than span by span
    whole: ClassVar[bool] = True
    #: its truth reads only each world's objects' colours and shapes
    reads_objects: ClassVar[bool] = True
    #: :meth:`on_blocks` asks each block by itself (a view bound may ask kept blocks one at a time)
    blocks_apart: ClassVar[bool] = True

    @classmethod
    def of(cls, first: int, second: int, name: Hashable, rule: Rule) -> "CandidateCounts":
        """The candidate counting columns ``first`` and ``second`` with the rule named ``name``."""
        return cls(first, second, rule, rule_grid(name, rule))

    def __call__(self, sample: WorldSample) -> np.ndarray:
        if small_counts(sample):
            columns = census_columns(sample)
            return self.grid[0][columns[self.first] * GRID + columns[self.second]]
        counts = census_counts(sample)
        return np.asarray(self.rule(counts[:, self.first], counts[:, self.second]), dtype=bool)

    def on_blocks(self, blocks: Sequence[WorldSample]) -> np.ndarray:
        """Its truth in the worlds of ``blocks``, one sample after another, from each sample's kept
        counts: what it answers on them stacked, without stacking them."""
        return np.concatenate([self(b) for b in blocks]) if blocks else np.zeros(0, dtype=bool)

    def certain_in(self, view: str, sample: WorldSample, rows: np.ndarray) -> np.ndarray | None:
        """Which worlds ``rows`` of ``sample`` have the candidate true in every re-fill under ``view``
        (None: not known for this view). Under ``colours-shapes-unbound`` a re-fill keeps every
        colour's and every shape's count and pairs them anew, so a cell's count can be any value from
        ``max(0, colour + shape - all)`` to ``min(colour, shape)``: true for every value (every pair,
        for two cells) is true in every re-fill. Under ``object-bag`` every count is kept."""
        if view == "object-bag":
            return self(sample)[rows]
        if view != "colours-shapes-unbound" or not small_counts(sample):
            return None
        counts = census_counts(sample)[rows].astype(np.int64)
        (x0, x1), (y0, y1) = _span(counts, self.first), _span(counts, self.second)
        falses = self.grid[1]
        inside = falses[x1 + 1, y1 + 1] - falses[x0, y1 + 1] - falses[x1 + 1, y0] + falses[x0, y0]
        return np.asarray(inside == 0)


def grid_truth(sample: WorldSample, first: np.ndarray, second: np.ndarray, rules: np.ndarray,
               table: np.ndarray) -> np.ndarray | None:
    """Whether each candidate (columns ``first`` and ``second``, row ``rules`` of the rule grids
    ``table``: rules × :data:`GRID` ²) is true in each world of ``sample`` (candidates × worlds), by
    looking its counts up; None where a count is too large for the grids."""
    if not small_counts(sample):
        return None
    # candidate-major (each candidate's two count rows, contiguous), 32-bit codes: the same look-ups
    counts = census_columns(sample).astype(np.int32)
    codes = counts[first] * GRID + counts[second] + (rules * (GRID * GRID)).astype(np.int32)[:, None]
    return table.reshape(-1)[codes]


def rule_table(names: Sequence[Hashable], rules: Sequence[Rule]) -> np.ndarray:
    """The :func:`rule_grid` of each rule, as rows (rules × :data:`GRID` ²)."""
    return np.stack([rule_grid(n, r)[0] for n, r in zip(names, rules)]) if len(names) else \
        np.zeros((0, GRID * GRID), dtype=bool)


def _span(counts: np.ndarray, column: int) -> tuple[np.ndarray, np.ndarray]:
    """The lowest and highest value column ``column`` of these worlds' counts takes over the
    pairings of their colours with their shapes (every value between is taken by some pairing)."""
    if column >= _CELLS:  # a colour's, a shape's or all objects: kept by every pairing
        return counts[:, column], counts[:, column]
    shape, colour = divmod(column, _N_C)
    c, s, n = counts[:, COLOUR_COLUMN + colour], counts[:, SHAPE_COLUMN + shape], counts[:, TOTAL_COLUMN]
    return np.maximum(0, c + s - n), np.minimum(c, s)


def count_rule(qrange: str, quantity: float, tolerance: float, quantity_holds: Callable[..., Any]
               ) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """The rule of a count quantifier: on the body's count (the restrictor's is not read)."""
    return lambda r, rb: quantity_holds(qrange, np.asarray(rb).astype(float), quantity, tolerance)


def ratio_rule(qrange: str, quantity: float, tolerance: float, quantity_holds: Callable[..., Any],
               bound: int | None = None) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """The rule of a ratio quantifier (|R∩B| / max(|R|, 1)); with ``bound``, a number bound's, whose
    restrictor must also count exactly ``bound`` objects."""
    if bound is None:
        return lambda r, rb: quantity_holds(qrange, rb / np.maximum(r, 1), quantity, tolerance)
    return lambda r, rb: quantity_holds(qrange, rb / np.maximum(r, 1), quantity, tolerance) & (r == bound)


def structure_columns(structure: tuple[str | None, str], restrictor: Any, body: Any) -> tuple[Any, Any]:
    """The :func:`census_counts` columns of a quantifier filling's restrictor (|R|) and its body within
    it (|R∩B|), for a structure of :data:`~.quantifiers.QUANTIFIER_STRUCTURES` (type bodies: shape *
    7 + colour, a cell's own column); values may be arrays of fillings."""
    r_kind, b_kind = structure
    if r_kind is None:
        if b_kind == "type":
            return TOTAL_COLUMN, body
        return TOTAL_COLUMN, (COLOUR_COLUMN if b_kind == "color" else SHAPE_COLUMN) + body
    if r_kind == "color":
        return COLOUR_COLUMN + restrictor, colour_cell(body, restrictor)
    return SHAPE_COLUMN + restrictor, colour_cell(restrictor, body)


__all__ = ["COLOUR_COLUMN", "CandidateCounts", "GRID", "SHAPE_COLUMN", "TOTAL_COLUMN", "census_columns",
           "census_counts", "census_tables", "colour_cell", "count_rule", "grid_truth", "ratio_rule", "rule_grid",
           "rule_table", "small_counts", "structure_columns"]
