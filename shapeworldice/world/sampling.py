"""World sampling: ShapeWorld's random / reinforced attribute generators, vectorised.

A :class:`WorldSampler` turns a :class:`WorldConfig` and a ``numpy.random.Generator`` into a
:class:`~shapeworldice.world.model.World`. The result is a pure function of the generator's
state (no global randomness, no time, no hashing of unordered sets), so a dataset built from a
seed is byte-reproducible.

Placement follows ShapeWorld (``docs/world.md``, "Sampling"):

- attributes: shape and colour uniform (or from reinforced pools), shade U[−r, r], size
  area-uniform per shape, rotation U[0,1), centre U[0,1]² or "provoked" near a placed entity;
- boundary: reject an entity with more than ``boundary_tolerance`` of its area outside [0,1]²
  (tolerance 0: any part outside);
- collisions, tolerance > 0: with ``ov(a) = area(a ∩ b)/area(a)``, reject if the candidate's
  summed overlap ratios exceed the tolerance, if any placed entity's summed ratios (old + new)
  would exceed it (so no pair exceeds the tolerance as a fraction of the smaller shape), or if
  it overlaps (or even touches) an entity of the same colour whose shade differs by less than
  ``collision_shade_difference``;
- collisions, tolerance 0: reject if the candidate comes within ``touch_margin`` of any
  placed entity (no overlap and no touching, as ShapeWorld's 1-pixel rule at 64 px);
- provoked collisions: a per-world rate U[0, max_provoke_collision_rate]; the decision is
  redrawn after each placed entity and kept after a rejected attempt (so with tolerance 0 a
  provoked entity usually exhausts the attempts and the world is redrawn, as in ShapeWorld);
- 10·n attempts per world, else the whole world is redrawn (new count, new rates);
- kinds first (``sample(..., admits=...)``, a law of its own for definitions that bound a world by
  its objects' colours and shapes alone): every object's shape and colour is drawn before any is
  placed (the same rules, the reinforced pools grown after each drawn object); a draw ``admits``
  refuses is redrawn whole before anything is placed, and the admitted objects are placed in the
  order drawn (a world whose objects do not fit is redrawn whole, kinds included);
- held-out combinations (``held_out_combinations=True``): never in train (a held-out
  shape–colour draw is redrawn); in validation and test (ShapeWorld uses the same list for
  both) the first placed entity is a held-out combination, later ones come with probability
  ``space_rate`` ~ U(0,1) per world from the held-out space (half of those from the list itself),
  otherwise from the normal (possibly reinforced) distribution;
- drawing order (tolerance > 0): topological sort in which, for each overlapping pair, the
  entity more covered as a fraction of its own area is drawn later; ties and unconstrained
  entities keep insertion order (smallest insertion index first). ids = drawing order.
"""
from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Iterable, Sequence

import numpy as np
import shapely

from .geometry import entity_outline, half_size_from_uniforms, shape_area
from .model import BACKGROUNDS, COLOR_NAMES, COLORS, SHAPES, Entity, World

__all__ = ["HELD_OUT_COMBINATIONS", "KindsAdmit", "SPLITS", "SamplerStats", "WorldConfig", "WorldSampler",
           "is_held_out"]

# The sampler calls GEOS tens of thousands of times per thousand worlds, on one polygon against a
# few: shapely's compiled functions are called directly (the same functions its public ones
# wrap, so the same results), without the argument checks that cost as much as the work here.
# They are not public API: a shapely whose compiled module answers otherwise on a probe polygon
# gets the public functions instead (same results, slower).
_NO_HOLES = np.empty(0, dtype=object)
_NAN_ALLOWED = np.intc(0)  # shapely's HandleNaN.allow: the public linearrings' default


def _compiled_geos() -> tuple[ModuleType, Callable[[np.ndarray], Any]]:
    """shapely's compiled module and a polygon maker on it, if they answer as the public
    functions do on a probe; else the public module and ``shapely.polygons``."""
    try:
        from shapely import lib

        def polygon(coords: np.ndarray) -> Any:
            return lib.polygons(lib.linearrings(coords, _NAN_ALLOWED), _NO_HOLES)

        probe = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [0.0, 0.0]])
        fast, public = polygon(probe), shapely.polygons(probe)
        other = shapely.polygons(probe * 0.5 + 0.25)
        many = np.array([other, public], dtype=object)
        lib.prepare(fast)
        same = (shapely.equals_exact(fast, public, 0.0)
                and float(lib.area(lib.clip_by_rect(fast, 0.0, 0.0, 0.5, 0.5)))
                == float(shapely.area(shapely.clip_by_rect(public, 0.0, 0.0, 0.5, 0.5)))
                and lib.dwithin(many, fast, 0.1).tolist() == shapely.dwithin(many, public, 0.1).tolist()
                and lib.intersects(many, fast).tolist() == shapely.intersects(many, public).tolist()
                and float(lib.area(lib.intersection(fast, other)))
                == float(shapely.area(shapely.intersection(public, other))))
        if same:
            return lib, polygon
    except (ImportError, AttributeError, TypeError, ValueError):
        pass
    return shapely, shapely.polygons


_geos, _polygon = _compiled_geos()

SPLITS: tuple[str, ...] = ("train", "validation", "test")
#: (shape indices, colour indices) of a world's objects, in the sampler's ``shapes`` / ``colors`` orders
#: → whether the world may be placed (:meth:`WorldSampler.sample`)
KindsAdmit = Callable[[list[int], list[int]], bool]
#: what a kinds-first attempt returns for kinds ``admits`` refused (as against None: objects that did not fit)
_REFUSED = object()

#: Shape–colour combinations never seen in training worlds when ``held_out_combinations`` is on
#: (ShapeWorld's ``*_test`` configurations; 13 unique entries).
HELD_OUT_COMBINATIONS: tuple[tuple[str, str], ...] = (
    ("square", "red"), ("triangle", "green"), ("circle", "blue"), ("rectangle", "yellow"),
    ("cross", "magenta"), ("ellipse", "cyan"),
    ("pentagon", "red"), ("pentagon", "green"), ("pentagon", "blue"), ("pentagon", "gray"),
    ("square", "gray"), ("triangle", "gray"), ("circle", "gray"),
)
_HELD_OUT_SET = frozenset(HELD_OUT_COMBINATIONS)


def is_held_out(shape: str, color: str) -> bool:
    return (shape, color) in _HELD_OUT_SET


def _tuple(value, cast=None) -> tuple | None:
    """A config value as a tuple (a scalar becomes a 1-tuple), each item cast; None stays None."""
    if value is None:
        return None
    if isinstance(value, (str, int, float)):
        value = (value,)
    return tuple(cast(v) if cast else v for v in value)


@dataclass(frozen=True)
class WorldConfig:
    """Parameters of a world sampler (ShapeWorld defaults).

    ``reinforcement``: None = ShapeWorld's RandomAttributesGenerator; (lo, hi) = the
    ReinforcedAttributesGenerator, appending each placed entity's shape and colour k ∈ [lo, hi]
    more times to the pools ((1, 1) spatial, (1, 3) quantification).
    ``heldout_entity_counts``: counts used only in validation/test, with probability
    ``heldout_count_rate`` per world. ``held_out_combinations``: the 13 combinations of
    :data:`HELD_OUT_COMBINATIONS` never appear in train; validation and test worlds start with one.
    """

    entity_counts: tuple[int, ...] = (1,)
    heldout_entity_counts: tuple[int, ...] = ()
    collision_tolerance: float = 0.25
    boundary_tolerance: float | None = None  # None = same as collision_tolerance
    collision_shade_difference: float = 0.5
    reinforcement: tuple[int, int] | None = None
    max_provoke_collision_rate: float = 0.33
    held_out_combinations: bool = False
    shade_range: float = 0.4
    size_range: tuple[float, float] = (0.1, 0.25)
    distortion_range: tuple[float, float] = (2.0, 3.0)
    shapes: tuple[str, ...] = SHAPES
    colors: tuple[str, ...] = COLOR_NAMES
    world_size: int = 64
    background: str = "black"
    heldout_count_rate: float = 0.5
    touch_margin: float = 1.5 / 64  # tolerance-0 minimum gap between shapes (world units)
    max_attempts_per_entity: int = 10
    max_world_redraws: int = 10_000

    def __post_init__(self) -> None:
        s = object.__setattr__
        s(self, "entity_counts", _tuple(self.entity_counts, int))
        s(self, "heldout_entity_counts", _tuple(self.heldout_entity_counts, int))
        s(self, "size_range", _tuple(self.size_range, float))
        s(self, "distortion_range", _tuple(self.distortion_range, float))
        s(self, "shapes", _tuple(self.shapes, str))
        s(self, "colors", _tuple(self.colors, str))
        if self.reinforcement is not None:
            s(self, "reinforcement", _tuple(self.reinforcement, int))
        if not self.entity_counts or min(self.entity_counts) < 1:
            raise ValueError("entity_counts must be a non-empty list of positive integers")
        if self.heldout_entity_counts and min(self.heldout_entity_counts) < 1:
            raise ValueError("heldout_entity_counts must be positive integers")
        if self.collision_tolerance < 0 or (self.boundary_tolerance is not None and self.boundary_tolerance < 0):
            raise ValueError("tolerances must be >= 0")
        if not self.shapes or any(x not in SHAPES for x in self.shapes):
            raise ValueError(f"shapes must be a non-empty subset of {SHAPES}")
        if not self.colors or any(x not in COLORS for x in self.colors):
            raise ValueError(f"colors must be a non-empty subset of {COLOR_NAMES}")
        if len(self.size_range) != 2 or not 0 < self.size_range[0] <= self.size_range[1]:
            raise ValueError("size_range must be (a, b) with 0 < a <= b")
        if len(self.distortion_range) != 2 or not 1 <= self.distortion_range[0] <= self.distortion_range[1]:
            raise ValueError("distortion_range must be (a, b) with 1 <= a <= b")
        if self.reinforcement is not None and (len(self.reinforcement) != 2
                                               or not 0 <= self.reinforcement[0] <= self.reinforcement[1]):
            raise ValueError("reinforcement must be (lo, hi) with 0 <= lo <= hi")
        if not 0 <= self.max_provoke_collision_rate <= 1:
            raise ValueError("max_provoke_collision_rate must be in [0, 1]")
        if self.background not in BACKGROUNDS:
            raise ValueError(f"unknown background {self.background!r}")
        if self.held_out_combinations and not self.held_out_pairs:
            raise ValueError("held_out_combinations: no held-out combination uses the configured shapes/colours")

    @property
    def effective_boundary_tolerance(self) -> float:
        return self.collision_tolerance if self.boundary_tolerance is None else float(self.boundary_tolerance)

    @property
    def held_out_pairs(self) -> tuple[tuple[str, str], ...]:
        return tuple((sh, co) for sh, co in HELD_OUT_COMBINATIONS if sh in self.shapes and co in self.colors)

    def counts_for(self, split: str) -> tuple[int, ...]:
        """All entity counts that can occur in ``split``."""
        if split == "train" or not self.heldout_entity_counts:
            return self.entity_counts
        return tuple(sorted(set(self.entity_counts) | set(self.heldout_entity_counts)))


@dataclass
class SamplerStats:
    """Counters for benchmarks (not part of any world)."""

    worlds: int = 0
    redraws: int = 0
    attempts: int = 0

    def reset(self) -> None:
        self.worlds = self.redraws = self.attempts = 0


def _weighted_index(cumulative: list[int], u: float) -> int:
    """The index ``i`` of the first cumulative weight above ``u`` times the total (the last index
    if rounding lands on the total): the item drawn with probability weight / total."""
    i = bisect_right(cumulative, u * cumulative[-1])
    return i if i < len(cumulative) else len(cumulative) - 1


class WorldSampler:
    """Samples worlds for a :class:`WorldConfig`; ``sample(rng, split)`` is a pure function of rng."""

    def __init__(self, config: WorldConfig):
        self.config = config
        self.stats = SamplerStats()
        c = config
        self._tol = float(c.collision_tolerance)
        self._btol = float(c.effective_boundary_tolerance)
        self._shapes = c.shapes
        self._colors = c.colors
        self._pairs = c.held_out_pairs
        self._pair_set = frozenset(self._pairs)
        self._ho_shapes = tuple(sh for sh in c.shapes if any(p[0] == sh for p in self._pairs))
        self._ho_colors = tuple(co for co in c.colors if any(p[1] == co for p in self._pairs))

    # ------------------------------------------------------------------ public
    def sample(self, rng: np.random.Generator, split: str = "train", admits: KindsAdmit | None = None) -> World:
        """A world of ``split`` drawn from ``rng``. ``admits``: every object's shape and colour are
        drawn first and placed only where ``admits`` them (a refused draw is redrawn whole: count,
        rates, kinds), a law of its own (:meth:`_attempt_kinds_first`); without it, ShapeWorld's draws,
        each object's kind drawn with its placement (:meth:`_attempt_world`)."""
        if split not in SPLITS:
            raise ValueError(f"unknown split {split!r}; expected one of {SPLITS}")
        refused = 0
        for _ in range(self.config.max_world_redraws):
            world = self._attempt_world(rng, split) if admits is None else self._attempt_kinds_first(rng, split, admits)
            if isinstance(world, World):
                self.stats.worlds += 1
                return world
            self.stats.redraws += 1
            refused += world is _REFUSED
        if refused == self.config.max_world_redraws:
            raise RuntimeError(f"no draw of a world's shapes and colours was admitted in "
                               f"{self.config.max_world_redraws} redraws")
        raise RuntimeError(f"could not place a world in {self.config.max_world_redraws} redraws; "
                           "the configuration is too crowded")

    # ----------------------------------------------------------------- helpers
    def _choose_count(self, rng: np.random.Generator, split: str) -> int:
        c = self.config
        counts = c.entity_counts
        if split != "train" and c.heldout_entity_counts:
            if rng.random() < c.heldout_count_rate:
                counts = c.heldout_entity_counts
        return counts[int(rng.random() * len(counts))]

    def _world_draws(self, rng: np.random.Generator, split: str) -> tuple[int, float, bool, float]:
        """A world's first draws: its object count, provoked-collision rate, whether its kinds come from
        the held-out space (validation and test of a held-out definition) and how often."""
        n = self._choose_count(rng, split)
        rate = self.config.max_provoke_collision_rate * rng.random()
        eval_split = self.config.held_out_combinations and split != "train"
        space_rate = rng.random() if eval_split else 0.0
        return n, rate, eval_split, space_rate

    def _attempt_world(self, rng: np.random.Generator, split: str) -> World | None:
        """One try at a whole world: place entities until ``n`` fit or the attempts run out, each
        attempt drawing its entity's kind with the rest."""
        c = self.config
        n, rate, eval_split, space_rate = self._world_draws(rng, split)
        pools = _Pools(len(self._shapes), len(self._colors))
        placed = _Placed(n)
        provoke = rng.random() < rate
        attempts = 0
        max_attempts = c.max_attempts_per_entity * n
        while placed.m < n and attempts < max_attempts:
            attempts += 1
            u = rng.random(12).tolist()
            si, ci = self._kind(rng, u, placed.m, pools, split, eval_split, space_rate)
            if not self._place(placed, u, si, ci, provoke):
                continue
            self._reinforce(pools, si, ci, u)
            provoke = rng.random() < rate
        self.stats.attempts += attempts
        return self._finished(placed, n)

    def _attempt_kinds_first(self, rng: np.random.Generator, split: str, admits: KindsAdmit) -> World | object | None:
        """One try at a whole world whose kinds come first: the count and rates, then every object's
        shape and colour (from a row of uniforms each, drawn at once and read as an attempt's; the
        pools reinforced after each), refused
        (:data:`_REFUSED`) unless ``admits`` them; then the objects placed in that order, each attempt
        drawing the rest (size, shade, rotation, centre) until ``n`` fit or the attempts run out."""
        c = self.config
        n, rate, eval_split, space_rate = self._world_draws(rng, split)
        pools = _Pools(len(self._shapes), len(self._colors))
        kinds = []
        for m, u in enumerate(rng.random((n, 12)).tolist()):  # the kinds' uniforms at once (those of an attempt)
            si, ci = self._kind(rng, u, m, pools, split, eval_split, space_rate)
            self._reinforce(pools, si, ci, u)
            kinds.append((si, ci))
        if not admits([si for si, _ in kinds], [ci for _, ci in kinds]):
            return _REFUSED
        placed = _Placed(n)
        provoke = rng.random() < rate
        attempts = 0
        max_attempts = c.max_attempts_per_entity * n
        while placed.m < n and attempts < max_attempts:
            attempts += 1
            u = rng.random(12).tolist()
            if self._place(placed, u, *kinds[placed.m], provoke):
                provoke = rng.random() < rate
        self.stats.attempts += attempts
        return self._finished(placed, n)

    def _kind(self, rng: np.random.Generator, u: list[float], m: int, pools: _Pools, split: str, eval_split: bool,
              space_rate: float) -> tuple[int, int]:
        """The shape and colour indices of object ``m`` from the uniforms ``u``: the held-out space's in
        validation and test of a held-out definition (the first object's always, later ones' with
        probability ``space_rate``), else the normal (possibly reinforced) distribution's."""
        if eval_split and (m == 0 or u[9] < space_rate):
            return self._held_out_kind(u, first=m == 0)
        return self._normal_kind(rng, u, pools, split)

    def _reinforce(self, pools: _Pools, si: int, ci: int, u: list[float]) -> None:
        """Reinforce the pools with a placed (or, kinds first, drawn) object's shape and colour."""
        if self.config.reinforcement is not None:
            lo, hi = self.config.reinforcement
            pools.reinforce(si, ci, lo + int(u[11] * (hi - lo + 1)))

    def _place(self, placed: _Placed, u: list[float], si: int, ci: int, provoke: bool) -> bool:
        """Try to place an object of shape ``si`` and colour ``ci`` with the uniforms ``u`` (size,
        shade, rotation, centre, provoked near a placed one when ``provoke``): whether it fits."""
        c = self.config
        shape = self._shapes[si]
        half = half_size_from_uniforms(shape, u[3], u[4], c.size_range, c.distortion_range)
        center = placed.provoked_center(u) if provoke and placed.m > 0 else (u[6], u[7])
        shade = -c.shade_range + 2.0 * c.shade_range * u[2]
        cand = _Candidate(shape, self._colors[ci], ci, shade, center, half, u[5])
        if not self._inside(cand) or (placed.m > 0 and not self._free(placed, cand)):
            return False
        placed.add(cand)
        return True

    def _finished(self, placed: _Placed, n: int) -> World | None:
        """The world of ``placed`` once all ``n`` objects fit (ids in drawing order), else None."""
        if placed.m < n:
            return None
        order = _drawing_order(n, placed.pair_overlaps, placed.area) if self._tol > 0.0 else range(n)
        return World(entities=placed.entities(order), size=self.config.world_size,
                     background=self.config.background)

    def _held_out_kind(self, u: list[float], first: bool) -> tuple[int, int]:
        """Shape and colour indices from the held-out space (the list itself for the first entity)."""
        if first or u[10] < 0.5:
            shape, color = self._pairs[int(u[0] * len(self._pairs))]
        else:
            shape = self._ho_shapes[int(u[0] * len(self._ho_shapes))]
            color = self._ho_colors[int(u[1] * len(self._ho_colors))]
        return self._shapes.index(shape), self._colors.index(color)

    def _normal_kind(self, rng: np.random.Generator, u: list[float], pools: _Pools, split: str) -> tuple[int, int]:
        """Shape and colour indices, uniform or from the reinforced pools; a held-out
        combination is redrawn in train."""
        ua, ub = u[0], u[1]
        no_held_out = self.config.held_out_combinations and split == "train"
        while True:
            si, ci = pools.draw(ua, ub, self.config.reinforcement is not None)
            if not (no_held_out and (self._shapes[si], self._colors[ci]) in self._pair_set):
                return si, ci
            ua, ub = rng.random(2).tolist()

    def _inside(self, cand: _Candidate) -> bool:
        """Whether at most ``boundary_tolerance`` of the candidate's area lies outside [0,1]²."""
        x0, y0, x1, y1 = cand.bbox
        if x0 >= 0.0 and y0 >= 0.0 and x1 <= 1.0 and y1 <= 1.0:
            return True
        btol, area = self._btol, cand.area
        if btol <= 0.0:
            return False
        # exact bounds from the bounding box: outside(shape) <= outside(bbox) and
        # inside(shape) <= inside(bbox); clip the polygon only when they do not decide
        bbox_area = (x1 - x0) * (y1 - y0)
        bbox_in = max(0.0, min(x1, 1.0) - max(x0, 0.0)) * max(0.0, min(y1, 1.0) - max(y0, 0.0))
        if bbox_in < (1.0 - btol) * area:
            return False
        if bbox_area - bbox_in > btol * area:
            inside = float(_geos.area(_geos.clip_by_rect(cand.geometry(), 0.0, 0.0, 1.0, 1.0)))
            return 1.0 - inside / area <= btol
        return True

    def _free(self, placed: _Placed, cand: _Candidate) -> bool:
        """Whether the candidate's collisions with the placed entities are allowed."""
        return self._apart(placed, cand) if self._tol <= 0.0 else self._overlap_allowed(placed, cand)

    def _apart(self, placed: _Placed, cand: _Candidate) -> bool:
        """Tolerance 0: no placed entity within ``touch_margin`` of the candidate."""
        margin = self.config.touch_margin
        x0, y0, x1, y1 = cand.bbox
        a0, b0, a1, b1 = x0 - margin, y0 - margin, x1 + margin, y1 + margin
        idx = [i for i, (p0, q0, p1, q1) in enumerate(placed.bbox)
               if p0 < a1 and p1 > a0 and q0 < b1 and q1 > b0]
        return not idx or not _geos.dwithin(placed.geoms[idx], cand.geometry(), margin).any()

    def _overlap_allowed(self, placed: _Placed, cand: _Candidate) -> bool:
        """Tolerance > 0: summed overlap ratios within the tolerance for the candidate and every
        placed entity, and no contact with a same-colour entity of similar shade. Records the
        candidate's overlaps on it."""
        x0, y0, x1, y1 = cand.bbox
        idx = [i for i, (p0, q0, p1, q1) in enumerate(placed.bbox)
               if p0 < x1 and p1 > x0 and q0 < y1 and q1 > y0]
        if not idx:
            return True
        geom = cand.geometry()
        # prepared predicate first: bounding boxes overlap more often than shapes
        touching = _geos.intersects(placed.geoms[idx], geom).tolist()
        idx = [i for i, t in zip(idx, touching) if t]
        if not idx:
            return True
        same_diff = self.config.collision_shade_difference
        if any(placed.colorix[i] == cand.colorix and abs(placed.shade[i] - cand.shade) < same_diff for i in idx):
            return False
        # one intersection at a time, stopping at the first that breaks a tolerance (most rejected
        # candidates touch several entities); the running sum only grows, so a partial sum over
        # the tolerance rejects as the whole one would
        tol, area = self._tol, cand.area
        total = 0.0
        overlaps = []
        for i in idx:
            a = float(_geos.area(_geos.intersection(geom, placed.geoms[i])))
            if placed.covered[i] + a / placed.area[i] > tol:
                return False
            total += a
            if total / area > tol:
                return False
            if a > 0.0:
                overlaps.append((i, a))
        cand.overlaps = overlaps
        return True


class _Pools:
    """Shape and colour weights of ShapeWorld's reinforced generator (all 1 = uniform), kept as
    running sums so that a draw is a binary search."""

    def __init__(self, n_shapes: int, n_colors: int):
        self.n_shapes, self.n_colors = n_shapes, n_colors
        self.shape_cum = list(range(1, n_shapes + 1))
        self.color_cum = list(range(1, n_colors + 1))

    def draw(self, ua: float, ub: float, reinforced: bool) -> tuple[int, int]:
        if not reinforced:
            return int(ua * self.n_shapes), int(ub * self.n_colors)
        return _weighted_index(self.shape_cum, ua), _weighted_index(self.color_cum, ub)

    def reinforce(self, si: int, ci: int, k: int) -> None:
        for cum, first in ((self.shape_cum, si), (self.color_cum, ci)):
            for i in range(first, len(cum)):
                cum[i] += k


class _Candidate:
    """One drawn entity: its attributes, outline (the very functions Entity.polygon /
    Entity.area use), bounding box, and shapely geometry once something needs it."""

    __slots__ = ("shape", "color", "colorix", "shade", "center", "half", "rotation",
                 "poly", "area", "bbox", "_geom", "overlaps")

    def __init__(self, shape: str, color: str, colorix: int, shade: float,
                 center: tuple[float, float], half: tuple[float, float], rotation: float):
        self.shape, self.color, self.colorix, self.shade = shape, color, colorix, shade
        self.center, self.half, self.rotation = center, half, rotation
        self.poly, self.bbox = entity_outline(shape, half, rotation, center)
        self.area = shape_area(shape, half)
        self._geom: shapely.Geometry | None = None
        self.overlaps: list[tuple[int, float]] = []  # (placed index, intersection area > 0)

    def geometry(self) -> shapely.Geometry:
        if self._geom is None:
            self._geom = _polygon(self.poly)
        return self._geom


class _Placed:
    """The entities accepted so far in one world attempt, in insertion order. Small per-entity
    state lives in Python lists, which beat NumPy on arrays of at most a few dozen items."""

    def __init__(self, n: int):
        self.m = 0
        self.cands: list[_Candidate] = []
        self.colorix: list[int] = []
        self.shade: list[float] = []
        self.area: list[float] = []
        self.bbox: list[tuple[float, float, float, float]] = []
        self.covered: list[float] = []  # summed overlap ratios, as a fraction of own area
        self.geoms = np.empty(n, dtype=object)
        self.pair_overlaps: list[tuple[int, int, float]] = []  # (i, j, area(i ∩ j)) for i > j

    def provoked_center(self, u: list[float]) -> tuple[float, float]:
        """A centre near a random placed entity (a provoked collision)."""
        j = self.cands[int(u[6] * self.m)]
        ang = 2.0 * math.pi * u[7]
        scale = 0.75 + u[8]
        (jx, jy), (jhx, jhy) = j.center, j.half
        return jx + math.cos(ang) * jhx * scale, jy + math.sin(ang) * jhy * scale

    def add(self, cand: _Candidate) -> None:
        m = self.m
        geom = cand.geometry()
        _geos.prepare(geom)
        self.geoms[m] = geom
        self.cands.append(cand)
        self.colorix.append(cand.colorix)
        self.shade.append(cand.shade)
        self.area.append(cand.area)
        self.bbox.append(cand.bbox)
        covered = 0.0
        if cand.overlaps:
            for i, a in cand.overlaps:
                self.covered[i] += a / self.area[i]
                covered += a
                self.pair_overlaps.append((m, i, a))
            covered /= cand.area
        self.covered.append(covered)
        self.m += 1

    def entities(self, order: Iterable[int]) -> tuple[Entity, ...]:
        entities = []
        for new_id, k in enumerate(order):
            c = self.cands[k]
            e = Entity(id=new_id, shape=c.shape, color=c.color, shade=c.shade,
                       center=c.center, half_size=c.half, rotation=c.rotation)
            # prime the caches with the identical computation (see geometry.entity_polygon)
            e.__dict__["polygon"] = c.poly
            e.__dict__["area"] = c.area
            entities.append(e)
        return tuple(entities)


def _drawing_order(n: int, pair_overlaps: Sequence[tuple[int, int, float]],
                   areas: Sequence[float]) -> list[int]:
    """Topological order: for overlapping i, j the one more covered (relative to its own area)
    comes later; among free entities the smallest insertion index goes first."""
    if not pair_overlaps:
        return list(range(n))
    preds: list[set[int]] = [set() for _ in range(n)]
    for i, j, a in pair_overlaps:
        ri, rj = a / areas[i], a / areas[j]
        if ri > rj:
            preds[i].add(j)  # i is more covered: drawn after j
        elif rj > ri:
            preds[j].add(i)
    done: set[int] = set()
    order: list[int] = []
    remaining = list(range(n))
    while remaining:
        for i in remaining:
            if preds[i] <= done:
                break
        else:  # cannot happen: "more covered" means strictly smaller area, which is acyclic
            i = remaining[0]
        order.append(i)
        done.add(i)
        remaining.remove(i)
    return order
