"""Caption priors: how often a meaning is true of a world drawn from a dataset's own distribution.

The prior ``p`` of a meaning (a logical form of :mod:`shapeworldice.interpret`) is the share of
worlds of a fixed, seeded sample in which it is *true* (ambiguous counts as not true). A caption
with ``p`` near 1 says almost nothing about its scene; a "blind" model that never looks at the
image can score high truthfulness with such captions, so priors bound what a dataset may contain
and measure how informative a model's true captions are.

The sample has :data:`PRIOR_WORLDS` = 10,000 worlds: the standard error of a share is at most
``0.5 / sqrt(10000) = 0.005``, so every estimate is within ±0.01 of the true prior with 95%
confidence. World ``i`` is drawn from its own generator seeded with ``(seed, 3, i, dataset name)``
from the test-split distribution (the scenes a model is scored on), so the sample, and every
prior, is the same for any number of worker processes.

Truth is evaluated for all worlds at once, as NumPy arrays with a leading world axis (worlds
padded to the most entities, padding outside every quantifier's range), following the agree/disagree semantics
of :mod:`shapeworldice.interpret.evaluate` exactly (tested against it world by world).
Priors are cached per distinct meaning.
"""
from __future__ import annotations

import gzip
import io
import zlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from ..interpret.complex_tables import EXTRA_RELATIONS, compare, relation3, select_quantifier, selector_pairs
from ..interpret.logic import (
    Compare, Formula, Quant, Rel, bound_vars, free_vars, walk,
)
from ..interpret.tables import atom, connective, exclude_context, quantifier
from ..workers import process_pool
from ..world.model import World, WorldArrays
from . import relations

#: worlds in a prior sample: standard error ≤ 0.005, so estimates are stable to ±0.01 (95%).
PRIOR_WORLDS = 10_000
#: the stream code of prior samples (train/validation/test builds use 0/1/2)
PRIOR_STREAM = 3

_MAX_PARTS = 20_000  # cached sub-results (inner quantifiers) before the cache is emptied
_COLUMNS = ("x", "y", "shape", "color", "shade", "area")


class PriorUnavailable(ValueError):
    """A meaning whose prior cannot be computed on a stored sample (e.g. depth relations)."""


@dataclass(frozen=True)
class WorldSample:
    """A prior sample in compact form: (worlds × most entities) columns, padded; ``present``
    marks real entities (quantifiers range over them only; padding has shape and colour −1)."""

    x: np.ndarray
    y: np.ndarray
    shape: np.ndarray
    color: np.ndarray
    shade: np.ndarray
    area: np.ndarray
    present: np.ndarray

    @property
    def size(self) -> int:
        return int(self.x.shape[0])

    @property
    def n(self) -> int:
        return int(self.x.shape[1])

    @classmethod
    def of(cls, worlds: Sequence[World]) -> "WorldSample":
        width = max([len(w) for w in worlds] + [1])
        cols: dict[str, np.ndarray] = {}
        for c in _COLUMNS:
            integer = c in ("shape", "color")
            cols[c] = np.full((len(worlds), width), -1 if integer else 0.0, dtype=np.int64 if integer else float)
        present = np.zeros((len(worlds), width), dtype=bool)
        for i, world in enumerate(worlds):
            arrays, k = world.arrays, len(world)
            for c in _COLUMNS:
                cols[c][i, :k] = getattr(arrays, c)
            present[i, :k] = True
        return cls(present=present, **cols)

    def arrays(self, w: int) -> WorldArrays:
        """World ``w`` as the columns :mod:`relations` reads (without outlines)."""
        k = int(self.present[w].sum())
        return WorldArrays(x=self.x[w, :k], y=self.y[w, :k], shape=self.shape[w, :k], color=self.color[w, :k],
                           shade=self.shade[w, :k], area=self.area[w, :k], entities=())

    def to_bytes(self) -> bytes:
        """The columns as consecutive ``.npy`` records, gzip-compressed with no timestamp
        (the same sample always gives the same bytes)."""
        buffer = io.BytesIO()
        for c in (*_COLUMNS, "present"):
            np.save(buffer, getattr(self, c), allow_pickle=False)
        return gzip.compress(buffer.getvalue(), mtime=0)

    @classmethod
    def from_bytes(cls, data: bytes) -> "WorldSample":
        buffer = io.BytesIO(gzip.decompress(data))
        return cls(**{c: np.load(buffer, allow_pickle=False) for c in (*_COLUMNS, "present")})

    @classmethod
    def load(cls, path: str | Path) -> "WorldSample":
        return cls.from_bytes(Path(path).read_bytes())


# ----------------------------------------------------------------------------- sampling

def _draw(args: tuple[Any, int, int, tuple[int, int]]) -> list[World]:
    from ..world.sampling import WorldSampler

    config, seed, stream, (start, stop) = args
    sampler = WorldSampler(config)
    return [sampler.sample(np.random.default_rng([seed, PRIOR_STREAM, i, stream]), "test")
            for i in range(start, stop)]


#: the fewest worlds a worker process of the prior sample draws (a process costs more than 100 worlds)
MIN_CHUNK_WORLDS = 100


def sample_worlds(definition: Any, size: int = PRIOR_WORLDS, seed: int = 0, workers: int = 1) -> WorldSample:
    """The prior sample of a dataset definition; the same worlds for any ``workers`` (a pool of at
    most one process per :data:`MIN_CHUNK_WORLDS` worlds)."""
    config = replace(definition.world, world_size=definition.image_size)
    stream = zlib.crc32(definition.name.encode("utf-8"))
    step = max(MIN_CHUNK_WORLDS, -(-size // max(1, workers * 4)))
    chunks = [(config, seed, stream, (a, min(a + step, size))) for a in range(0, size, step)]
    if workers <= 1 or len(chunks) <= 1:
        parts = [_draw(c) for c in chunks]
    else:
        with process_pool(workers, len(chunks)) as pool:
            parts = list(pool.map(_draw, chunks))
    return WorldSample.of([w for part in parts for w in part])


# ----------------------------------------------------------------------------- batched truth

class _Plan:
    """Per-formula layout, shared by every evaluation of it: axis 0 = worlds, then one axis per
    bound variable; for each quantifier the axes its restrictor and body depend on."""

    def __init__(self, formula: Formula):
        names = bound_vars(formula)
        if len(set(names)) != len(names):
            raise PriorUnavailable("a variable is bound twice")
        self.axis = {v: i + 1 for i, v in enumerate(names)}
        self.d = len(names) + 1
        self.outer: dict[str, tuple[int, ...]] = {}
        self.restr_outer: dict[str, frozenset[int]] = {}
        self.keys: dict[str, tuple] = {}
        for q in walk(formula):
            if isinstance(q, Quant):
                rv = free_vars(q.restr) - {q.var}
                deps = rv | (free_vars(q.body) - {q.var})
                self.outer[q.var] = tuple(sorted(self.axis[v] for v in deps if v in self.axis))
                self.restr_outer[q.var] = frozenset(self.axis[v] for v in rv if v in self.axis)
                # an inner quantifier ("... above a red circle") recurs across many meanings: its
                # result depends only on its text and where its variables sit
                self.keys[q.var] = (str(q), self.axis[q.var], tuple(sorted((v, self.axis[v]) for v in deps)), self.d)


class _BatchEval:
    """Agree/disagree of a formula on all worlds of a sample at once."""

    def __init__(self, plan: _Plan, sample: WorldSample, relation_cache: dict, part_cache: dict | None = None):
        self.plan, self.axis, self.d = plan, plan.axis, plan.d
        self.g, self.n, self.w = sample, sample.n, sample.size
        self.relations = relation_cache
        self.parts = part_cache

    def shaped(self, columns: np.ndarray, var: str) -> np.ndarray:
        shape = [self.w] + [1] * (self.d - 1)
        shape[self.axis[var]] = self.n
        return columns.reshape(shape)

    def const(self, value: bool) -> tuple[np.ndarray, np.ndarray]:
        shape = (1,) * self.d
        return np.full(shape, value), np.full(shape, not value)

    def ev(self, f: Formula) -> tuple[np.ndarray, np.ndarray]:
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
        if isinstance(f, Compare):
            return compare(f.spec, self.part_counts(f.left), self.part_counts(f.right))
        tv = connective(f, self.ev, self.const)
        if tv is None:
            raise PriorUnavailable(f"not a formula: {f!r}")
        return tv

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

    def relation(self, f: Rel) -> tuple[np.ndarray, np.ndarray]:
        if f.kind in EXTRA_RELATIONS:
            return relation3(f, self.axis.__getitem__, self.d, self.g.x, self.g.y, lead=(0,), cache=self.relations)
        key = (f.kind, f.value)
        mats = self.relations.get(key)
        if mats is None:
            mats = _relation_matrices(self.g, f.kind, f.value)
            self.relations[key] = mats
        agree, disagree = mats
        i, j = self.axis[f.var], self.axis[f.ref]
        if i == j:
            raise PriorUnavailable("a relation between a variable and itself")
        if i > j:
            agree, disagree = agree.transpose(0, 2, 1), disagree.transpose(0, 2, 1)
        shape = [self.w] + [1] * (self.d - 1)
        shape[i] = shape[j] = self.n
        return agree.reshape(shape), disagree.reshape(shape)

    def diagonal(self, i: int, j: int) -> np.ndarray:
        shape_i, shape_j = [1] * self.d, [1] * self.d
        shape_i[i] = shape_j[j] = self.n
        idx = np.arange(self.n)
        return idx.reshape(shape_i) == idx.reshape(shape_j)

    def quant(self, f: Quant) -> tuple[np.ndarray, np.ndarray]:
        ra, rd = self.ev(f.restr)
        ba, bd = self.ev(f.body)
        ax, outer = self.axis[f.var], self.plan.outer[f.var]
        full = [self.w] + [1] * (self.d - 1)
        for k in outer:
            full[k] = self.n
        full[ax] = self.n
        ra = np.broadcast_to(ra, full)
        present = self.shaped(self.g.present, f.var)
        ra = ra & present
        r_possible = ~np.broadcast_to(rd, full) & present
        ba, bd = np.broadcast_to(ba, full), np.broadcast_to(bd, full)
        if f.spec.kind == "unique":
            unique = (ra.sum(axis=ax, keepdims=True) == 1) & (r_possible.sum(axis=ax, keepdims=True) == 1)
            ra = ra & unique
        elif f.spec.kind not in ("exists", "definite", "count", "ratio", "select"):
            raise PriorUnavailable(f"quantifier {f.spec.kind!r} has no prior")
        ra, r_possible, only_self = exclude_context(ra, r_possible, ax, outer, not self.plan.restr_outer[f.var],
                                                    self.diagonal)
        if f.spec.kind == "select":
            cols = {c: getattr(self.g, c) for c in ("x", "y", "area", "shade", "shape", "color")}
            pairs = selector_pairs(f, ax, self.axis.__getitem__, self.d + 1, cols, lead=(0,))
            return select_quantifier(f.spec, ax, ra, r_possible, ba, bd, *pairs)
        return quantifier(f.spec, ax, ra, r_possible, ra & ba, r_possible & ~bd, only_self)


def _relation_matrices(sample: WorldSample, kind: str, value: int) -> tuple[np.ndarray, np.ndarray]:
    """(worlds × n × n) agree/disagree of a binary relation, through :func:`relations.conditions`."""
    if kind == "z-rel":
        raise PriorUnavailable("depth relations (behind / in front of) need the shapes' outlines")
    agree = np.zeros((sample.size, sample.n, sample.n), dtype=bool)
    disagree = np.ones_like(agree)
    for w in range(sample.size):
        arrays = sample.arrays(w)
        k = arrays.n
        agree[w, :k, :k], disagree[w, :k, :k] = relations.conditions(kind, value, arrays)
    return agree, disagree


def truth_in(formula: Formula, sample: WorldSample, relation_cache: dict | None = None,
             part_cache: dict | None = None) -> np.ndarray:
    """Whether the formula is true in each world of ``sample`` (a bool vector; caches as :func:`true_in`)."""
    if free_vars(formula):
        raise PriorUnavailable(f"formula has free variables: {formula}")
    cache = {} if relation_cache is None else relation_cache
    agree, _ = _BatchEval(_Plan(formula), sample, cache, part_cache).ev(formula)
    return np.broadcast_to(agree, (sample.size,) + agree.shape[1:]).reshape(sample.size, -1)[:, 0].astype(bool)


def true_in(formula: Formula, sample: WorldSample, relation_cache: dict | None = None,
            part_cache: dict | None = None) -> int:
    """In how many worlds of ``sample`` the formula is true (caches: relation matrices, sub-results)."""
    return int(truth_in(formula, sample, relation_cache, part_cache).sum())


class CaptionPrior:
    """Priors of meanings on one world sample, cached per distinct meaning.

    ``prior(f)`` is the share of worlds where ``f`` is true; ``smoothed(f)`` is
    ``(k + 1/2) / (S + 1/2)`` for ``k`` true worlds out of ``S``: 1 for a meaning true in every
    world, and never 0, so that no true caption carries infinite information.
    """

    def __init__(self, sample: WorldSample):
        if not sample.size:
            raise ValueError("a prior needs a non-empty world sample")
        self.sample = sample
        self.size = sample.size
        self._counts: dict[Any, int | None] = {}
        self._relations: dict = {}
        self._parts: dict = {}

    def count(self, formula: Formula) -> int | None:
        """Worlds where ``formula`` is true, or None if that cannot be computed."""
        key = str(formula)
        if key not in self._counts:
            try:
                if len(self._parts) > _MAX_PARTS:
                    self._parts.clear()
                self._counts[key] = true_in(formula, self.sample, self._relations, self._parts)
            except (PriorUnavailable, ValueError, KeyError, TypeError):
                self._counts[key] = None
        return self._counts[key]

    def prior(self, formula: Formula) -> float | None:
        k = self.count(formula)
        return None if k is None else k / self.size

    def smoothed(self, formula: Formula) -> float | None:
        k = self.count(formula)
        return None if k is None else (k + 0.5) / (self.size + 0.5)

    def information(self, formula: Formula) -> float | None:
        """−log2 of the smoothed prior: bits a *true* caption with this meaning carries."""
        p = self.smoothed(formula)
        return None if p is None else float(-np.log2(p))


__all__ = ["CaptionPrior", "PRIOR_WORLDS", "PriorUnavailable", "WorldSample", "sample_worlds",
           "true_in", "truth_in"]
