"""The view bound: a caption's (or a world's) probability of being true given a view of the scene,
estimated on worlds re-filled from it (:mod:`.refill`). Informative datasets bound their captions' by
it (under a view that hides only the binding, they bound the world's likeliest colour–shape object
instead), and skill truth reports it.
"""
from __future__ import annotations

import zlib
from functools import lru_cache
from math import comb
from typing import Iterator, Sequence, cast

import numpy as np

from ..world.columns import COLUMNS, stack
from .prior import BlockEvaluate, CaptionPrior, CertainEvaluate, Evaluate, TruthUnavailable, WherePlacedEvaluate, \
    WorldSample, follows, formula_key, truth_in
from .refill import KEPT, Refiller

#: meanings whose early-stopped share a view bound keeps (see :meth:`ViewBound.worst`)
_ABOVE_KEPT = 200_000
#: donor worlds whose re-fills a view bound keeps (32 re-fills of n objects: about 1.6·n kB each, 11 kB
#: at 7 objects); a build asks for thousands of distinct donors, the early ones of the sample most often
_DONORS_KEPT = 4_000
#: re-fills per world when a dataset bounds its captions' view probability (standard error ≤ 0.09)
BOUND_REFILLS = 32
#: prior-sample worlds a caption is true of on which a dataset's view bound is checked too
BOUND_TRUE_WORLDS = 8
#: views that hide only which colour goes with which shape: a dataset bounding captions by one of them
#: bounds the world instead of a caption's true worlds (see :meth:`ViewBound.ceiling`)
BINDING_VIEWS: frozenset[str] = frozenset({"colours-shapes-unbound"})
#: the first version of a definition bounded by a binding view alone whose worlds' ceiling is exact
#: (:func:`exact_ceiling`: a function of the objects' colours and shapes, decided before they are placed);
#: earlier versions estimate it on the world's re-fills (seeded by its columns, positions included)
EXACT_CEILING_VERSION = 5
#: the first version of a definition bounded by several views at once (:class:`JointViewBound`) whose
#: captions are checked on fewer donor worlds, :data:`FEW_TRUE_WORLDS` (each still on
#: :data:`BOUND_REFILLS` re-fills); earlier versions check :data:`BOUND_TRUE_WORLDS`
JOINT_DONORS_VERSION = 4
#: the first version of a definition bounded by one view that keeps each object (:data:`OBJECT_VIEWS`:
#: the object bag of the relational, spatial, selection and coreference forms) whose captions are
#: checked on :data:`FEW_TRUE_WORLDS` donor worlds; earlier versions check :data:`BOUND_TRUE_WORLDS`
OBJECT_DONORS_VERSION = 5
#: donor worlds a caption is true of on which a bound of the fewer-donors law checks it
#: (:data:`JOINT_DONORS_VERSION`, :data:`OBJECT_DONORS_VERSION`)
FEW_TRUE_WORLDS = 4
#: views whose re-fills keep each of the image's objects as it is (its colour with its shape), placed anew
OBJECT_VIEWS: frozenset[str] = \
    frozenset(v for v, kept in KEPT.items() if {"color", "shape"} <= set(kept)) - BINDING_VIEWS


def world_key(world) -> int:
    """The number that seeds a world's re-fills under a view bound: the CRC of its image size and its
    columns (positions, shapes, colours, shades, areas) as little-endian bytes. The stored world's JSON
    writes every float exactly, so a world read back from a split has the key the builder used."""
    arrays = world.arrays
    parts = [np.array([world.size], dtype="<i8").tobytes()]
    parts += [np.ascontiguousarray(getattr(arrays, c), dtype="<i8" if c in ("shape", "color") else "<f8").tobytes()
              for c in COLUMNS]
    return zlib.crc32(b"".join(parts))


class WorldKey:
    """The last world asked about, as a sample of one and the number that seeds its re-fills
    (:func:`world_key`): computed once for all the views that bound the same world's captions."""

    def __init__(self) -> None:
        self._world: object = None
        self._value: tuple[WorldSample, int] | None = None

    def __call__(self, world) -> tuple[WorldSample, int]:
        if world is not self._world or self._value is None:
            self._world = world
            self._value = WorldSample.single(world.arrays), world_key(world)  # its columns as they are
        return self._value


class ViewBound:
    """Probability of a caption being true given a view of its own world, on re-fills whose donors are the
    prior sample (:meth:`Refiller.drawn`); a world's re-fills (and caches) are kept until the next world."""

    def __init__(self, view: str, donors: WorldSample, refills: int = BOUND_REFILLS, seed: int = 0,
                 true_worlds: int = 0, prior: CaptionPrior | None = None, world_ceiling: bool | None = None,
                 exact: bool = False):
        """``true_worlds``: also bound the caption on the first that many donor worlds it is true of;
        ``prior``: the prior of the donor sample, whose truth vectors are reused; ``world_ceiling``:
        bound the world's :meth:`ceiling` instead of the true worlds (default: for a :data:`BINDING_VIEWS`
        view); ``exact``: that ceiling is :func:`exact_ceiling` (see :data:`EXACT_CEILING_VERSION`),
        not its estimate on the world's re-fills."""
        #: whether the world's :meth:`ceiling` bounds its captions
        self.world_ceiling = view in BINDING_VIEWS if world_ceiling is None else world_ceiling
        #: whether that ceiling is exact (a function of the objects' colours and shapes alone)
        self.exact = exact
        self.refiller = Refiller(view, donors, WorldSample.of([]), seed)
        self.refills, self.true_worlds, self.donors = refills, true_worlds, donors
        self._world: object = None
        self._sample: WorldSample | None = None
        self._objects: WorldSample | None = None  # the re-fills' objects alone (:meth:`_objects_refilled`)
        self._caches: tuple[dict, dict] = ({}, {})
        self._donor_refiller = Refiller(view, donors, donors, seed) if true_worlds else None
        self._worst: dict[str, float | None] = {}
        self._above: dict[str, float] = {}  # a share found before an early stop: worst is at least it
        self._ceiling: float | None = None
        self._own: dict[str, float | None] = {}  # the world's own share of each meaning asked about
        self.prior = prior if prior is not None and prior.sample is donors else CaptionPrior(donors)
        self._donor_rows: dict[int, WorldSample] = {}  # a donor world's re-fills
        self._donor_kinds: dict[int, WorldSample] = {}  # their objects' colours and shapes alone
        self.world_key = WorldKey()  # shared by the views of a :class:`JointViewBound`

    def worst(self, formula, stop: float | None = None, evaluate: Evaluate | None = None) -> float | None:
        """The highest probability of ``formula`` given the view of a donor world it is true of
        (the first :attr:`true_worlds` such worlds; 0 when it is true of none). With ``stop``, the
        true worlds are found and re-filled a few at a time (those whose re-fills are kept first), and
        the first share above ``stop`` is returned (an answer that decides only ``worst > stop``; it
        is not kept). ``evaluate``: its truth by a faster evaluator with the same answers (:data:`~.prior.Evaluate`);
        one that also tells the worlds where it is true wherever their objects are placed
        (:class:`~.prior.WherePlacedEvaluate`, e.g. a pool's :class:`~..captions.pooled.CandidateTruth`)
        stops at such a world among the true worlds, under a view of :data:`OBJECT_VIEWS`, without
        re-filling it (its share is 1: the same decision)."""
        key = formula_key(formula)
        if key in self._worst:
            return self._worst[key]
        if stop is not None and self._above.get(key, 0.0) > stop:
            return self._above[key]  # an earlier early stop found this much already
        highest, seen = 0.0, 0
        # an evaluator that reads only the objects' colours and shapes is given re-fills drawn without the rest
        objects = getattr(evaluate, "reads_objects", False)
        donor_refills = self._donor_objects if objects else self._donor_refills
        blockwise = cast(BlockEvaluate, evaluate) if evaluate is not None and follows(evaluate, BlockEvaluate) \
            else None
        # one that answers block by block anyway (``blocks_apart``) is asked each kept donor alone: it stops
        # at the first share above the bound without asking the others
        apart = blockwise is not None and getattr(blockwise, "blocks_apart", False)
        # under a view that keeps the objects, a true world where the caption holds wherever its objects
        # are placed has it true in all its re-fills: a share of 1, above the bound, without re-filling
        placed = cast(WherePlacedEvaluate, evaluate) if evaluate is not None and stop is not None and stop < 1.0 \
            and self.refiller.view in OBJECT_VIEWS and follows(evaluate, WherePlacedEvaluate) else None
        # a true world whose every re-fill keeps the caption true: a share of 1, without re-filling
        certain = cast(CertainEvaluate, evaluate).certain_in if evaluate is not None and stop is not None \
            and stop < 1.0 and follows(evaluate, CertainEvaluate) else None
        wherever = placed.true_wherever_placed if placed is not None and placed.wherever_placed \
            and certain is None else None
        try:
            for found in self.prior.true_worlds(formula, evaluate):
                first = found[:self.true_worlds - seen]
                if wherever is not None and len(first) and wherever(self.donors.select(first)).any():
                    return self._stopped(key, 1.0)
                if certain is not None and len(first):
                    sure = certain(self.refiller.view, self.donors, first)
                    if sure is not None and sure.any():
                        return self._stopped(key, 1.0)
                for group in self._groups(first.tolist(), stop is not None, objects, apart):
                    blocks = [donor_refills(i) for i in group]
                    truth = blockwise.on_blocks(blocks) if blockwise is not None else \
                        truth_in(formula, stack(blocks)) if evaluate is None else evaluate(stack(blocks))
                    # each donor's count of true re-fills over their number: the mean's very value
                    shares = truth.reshape(len(group), self.refills).sum(axis=1) / self.refills
                    highest, seen = max(highest, float(shares.max())), seen + len(group)
                    if stop is not None and highest > stop:
                        return self._stopped(key, highest)
                if seen >= self.true_worlds:
                    break
        except (TruthUnavailable, ValueError, KeyError, TypeError):
            self._worst[key] = None
            return None
        self._worst[key] = highest
        return highest

    def _stopped(self, key: str, highest: float) -> float:
        """An early stop's share (above the bound asked), kept for the next question about ``key``."""
        if len(self._above) >= _ABOVE_KEPT:
            self._above.clear()
        self._above[key] = highest
        return highest

    def _groups(self, donors: list[int], early: bool, objects: bool = False, apart: bool = False) -> list[list[int]]:
        """The donors to re-fill, as groups evaluated together: all at once, or, when an early stop is
        wanted, first those whose re-fills are kept (no draw needed: a share above the bound among
        them stops before any other is drawn; ``objects``: their objects alone, :meth:`_donor_objects`,
        are kept too), together or, ``apart``, one at a time, then the others a few at a time
        (:func:`_groups`). Any grouping gives the same decision (the same shares, the same bound)."""
        if not early:
            return _groups(donors, False)
        kept = [i for i in donors if i in self._donor_rows or (objects and i in self._donor_kinds)]
        rest = [i for i in donors if i not in kept] if kept else donors
        return ([[i] for i in kept] if apart else [kept] if kept else []) + _groups(rest, True)

    def _donor_refills(self, index: int) -> WorldSample:
        """The re-fills of donor world ``index`` (kept: the first true worlds of many meanings are the same)."""
        hit = self._donor_rows.pop(index, None)
        if hit is None:
            assert self._donor_refiller is not None
            if len(self._donor_rows) >= _DONORS_KEPT:  # the least recently used goes
                del self._donor_rows[next(iter(self._donor_rows))]
            hit = self._donor_refiller.drawn(index, self.refills)
        self._donor_rows[index] = hit
        return hit

    def _donor_objects(self, index: int) -> WorldSample:
        """The re-fills of donor world ``index`` with only their objects' colours and shapes (the other
        columns 0; :meth:`Refiller.drawn_objects`, else :meth:`_donor_refills`), kept as those are."""
        hit = self._donor_kinds.pop(index, None)
        if hit is None:
            assert self._donor_refiller is not None
            if len(self._donor_kinds) >= _DONORS_KEPT:  # the least recently used goes
                del self._donor_kinds[next(iter(self._donor_kinds))]
            hit = self._donor_rows.get(index) or self._donor_refiller.drawn_objects(index, self.refills) or \
                self._donor_refills(index)
        self._donor_kinds[index] = hit
        return hit

    def _refilled(self, world) -> WorldSample:
        """The re-fills of ``world`` (kept, with their caches and ceiling, until another world comes;
        drawn on first use: :meth:`ceiling` may have asked about the world without them)."""
        self._switch(world)
        if self._sample is None:
            self._sample = self.refiller.drawn(0, self.refills)
        return self._sample

    def _switch(self, world) -> None:
        """Make ``world`` the one whose re-fills are drawn (its key), forgetting the last one's."""
        if world is not self._world:
            test, key = self.world_key(world)
            self.refiller.test, self.refiller.keys = test, [key]
            self._world, self._sample, self._caches = world, None, ({}, {})
            self._ceiling, self._own, self._objects = None, {}, None

    def _objects_refilled(self, world) -> WorldSample:
        """:meth:`_refilled`'s re-fills with only their objects' colours and shapes where those can be
        drawn alone (:meth:`Refiller.drawn_objects`; the re-fills themselves once drawn), kept as they are."""
        self._switch(world)
        if self._sample is not None:
            return self._sample
        if self._objects is None:
            self._objects = self.refiller.drawn_objects(0, self.refills)
        return self._refilled(world) if self._objects is None else self._objects

    def samples(self, world) -> list[WorldSample]:
        """The re-filled worlds its own-world share is counted on (one sample)."""
        return [self._refilled(world)]

    def object_samples(self, world) -> list[WorldSample]:
        """:meth:`samples` for a caller that reads only the objects' colours and shapes (those alone may
        be drawn: :meth:`_objects_refilled`)."""
        return [self._objects_refilled(world)]

    def own_share(self, formula, world, fast: Evaluate | None = None) -> float | None:
        """Share of ``world``'s re-fills where ``formula`` is true, kept by meaning until another world
        comes (the references of a test image draw the same meaning again); ``fast``: its truth by a
        faster evaluator with the same answers."""
        sample = self._refilled(world)
        key = formula_key(formula)
        if key not in self._own:
            self._own[key] = view_probability(formula, sample, *self._caches) if fast is None \
                else float(fast(sample).mean())
        return self._own[key]

    def ceiling(self, world) -> float:
        """The highest share of ``world``'s re-fills holding one colour–shape object: the most a
        captioner seeing this view can be right with any claim that such an object exists (with
        :attr:`exact`, that probability itself, :func:`exact_ceiling`)."""
        if self.exact:
            return exact_ceiling(world.arrays.color, world.arrays.shape)
        if world is self._world and self._ceiling is not None:
            return self._ceiling
        if world is not self._world:  # most worlds asked are refused: their objects alone, not re-filled
            test, key = self.world_key(world)
            self.refiller.test, self.refiller.keys = test, [key]
            objects = self.refiller.unbound_objects(0, self.refills)
            if objects is not None:
                self._world, self._sample, self._caches, self._own = world, None, ({}, {}), {}
                self._objects = None
                self._ceiling = objects_ceiling(*objects)
                return self._ceiling
        sample = self._refilled(world)
        if self._ceiling is None:
            self._ceiling = object_ceiling(sample)
        return self._ceiling

    def probability(self, formula, world) -> float | None:
        """Share of ``world``'s re-fills where ``formula`` is true (None: it cannot be computed);
        with :attr:`world_ceiling`, at least the world's :meth:`ceiling`; else, with
        :attr:`true_worlds`, at least its share on the donor worlds it is true of (:meth:`worst`)."""
        own = self.own_share(formula, world)
        if own is None:
            return None
        if self.world_ceiling:
            return max(own, self.ceiling(world))
        if not self.true_worlds:
            return own
        worst = self.worst(formula)
        return None if worst is None else max(own, worst)

    def admits(self, world, bound: float) -> bool:
        """Whether any caption of ``world`` can be within ``bound``: not when the world's ceiling
        applies and is above it (then every caption's probability is). A world where some colour and
        some shape together cover more objects than there are has a ceiling of 1 without re-filling."""
        if not self.world_ceiling:
            return True
        if not self.exact and bound < 1.0 and certain_object(world.arrays.color, world.arrays.shape):
            return False
        return not self.ceiling(world) > bound

    def admits_objects(self, colors: Sequence[int], shapes: Sequence[int], bound: float) -> bool:
        """:meth:`admits` of any world whose objects have these colours and shapes (in any order, placed
        anywhere), where it depends on those alone: with an :attr:`exact` ceiling, or none."""
        assert self.exact or not self.world_ceiling, "an estimated ceiling depends on the placed world"
        return not self.world_ceiling or not exact_ceiling(colors, shapes) > bound

    def exceeds(self, formula, world, bound: float, own_within: bool = False, fast: Evaluate | None = None) -> bool:
        """Whether ``formula``'s :meth:`probability` given ``world``'s view is above ``bound`` or
        cannot be computed: the same decision, with the cheap parts first (the world's own
        re-fills, then the donors' a few at a time, stopping at the first share above the bound).
        ``own_within``: the caller has counted the formula's share of this world's re-fills and
        found it within the bound (a sampler's pool), so only the donor worlds are asked (``fast``: :meth:`worst`)."""
        if self.world_ceiling and self.ceiling(world) > bound:
            return True  # this world's view leaves one object likely: no caption of it is within the bound
        if not (own_within and not self.world_ceiling):
            own = self.own_share(formula, world, fast)
            if own is None or own > bound:
                return True
        if self.world_ceiling or not self.true_worlds:  # no donor worlds to ask
            return False
        worst = self.worst(formula, stop=bound, evaluate=fast)
        return worst is None or worst > bound


class JointViewBound:
    """Several views bounding one caption at once: its probability given the world's view is the
    highest under any of them, so a caption is within the bound only when it is within it under
    *each* view (a captioner that sees any one of them earns at most the bound, ``docs/skill-truth.md``).

    Every view bounds the caption on its own world and on its first :attr:`ViewBound.true_worlds` donor
    worlds; the world-ceiling rule of a lone binding view does not apply (a caption that counts is not a
    claim that one object exists, which is all the ceiling bounds)."""

    def __init__(self, views: Sequence[str], donors: WorldSample, refills: int = BOUND_REFILLS, seed: int = 0,
                 true_worlds: int = 0, prior: CaptionPrior | None = None):
        prior = prior if prior is not None and prior.sample is donors else CaptionPrior(donors)
        self.views = tuple(views)
        self.bounds = [ViewBound(v, donors, refills, seed, true_worlds, prior, world_ceiling=False) for v in self.views]
        self.world_ceiling = False
        shared = WorldKey()
        for b in self.bounds:
            b.world_key = shared
        #: the bounds in the order they are asked: ``object-set`` (the costliest re-fills to draw: a donor
        #: with as many kinds of object, renamed) last; any order gives the same decisions
        self.cheap_first = sorted(self.bounds, key=lambda b: b.refiller.view == "object-set")

    def samples(self, world) -> Iterator[WorldSample]:
        """Each view's re-filled worlds of ``world``, drawn as they are asked for (:attr:`cheap_first`),
        so a caller that stops once every caption is decided often draws no object-set re-fill."""
        for b in self.cheap_first:
            yield b.samples(world)[0]

    def object_samples(self, world) -> Iterator[WorldSample]:
        """:meth:`samples` for a caller that reads only the objects' colours and shapes
        (:meth:`ViewBound.object_samples`)."""
        for b in self.cheap_first:
            yield b.object_samples(world)[0]

    def probability(self, formula, world) -> float | None:
        """The highest :meth:`ViewBound.probability` over the views (None: one cannot be computed)."""
        shares = [b.probability(formula, world) for b in self.bounds]
        return None if any(s is None for s in shares) else max(s for s in shares if s is not None)

    def admits(self, world, bound: float) -> bool:
        """Whether any caption of ``world`` can be within ``bound`` under every view."""
        return all(b.admits(world, bound) for b in self.bounds)

    def exceeds(self, formula, world, bound: float, own_within: bool = False, fast: Evaluate | None = None) -> bool:
        """Whether ``formula`` is above ``bound`` under some view: every view's own re-fills first
        (cheap; skipped with ``own_within``, where the caller found every view's share of them within
        the bound), then each view's donor worlds (:attr:`cheap_first`: on the quantification forms the
        counts view rejects about four in five of the captions that pass their own re-fills, at half
        the object set's cost), stopping at the first view that decides it."""
        if not own_within:
            for b in self.cheap_first:
                own = b.own_share(formula, world, fast)
                if own is None or own > bound:
                    return True
        return any(b.exceeds(formula, world, bound, own_within, fast) for b in self.cheap_first)


def view_bound(views: Sequence[str], donors: WorldSample, refills: int = BOUND_REFILLS, seed: int = 0,
               true_worlds: int = 0, prior: CaptionPrior | None = None,
               version: int = 1) -> "ViewBound | JointViewBound":
    """The bound of a dataset's skill views: one view's :class:`ViewBound`, several views' :class:`JointViewBound`.
    ``version``: the definition's (from :data:`EXACT_CEILING_VERSION` on, a binding view's world ceiling is
    exact; from :data:`JOINT_DONORS_VERSION` on, several views check at most :data:`FEW_TRUE_WORLDS` donors,
    and from :data:`OBJECT_DONORS_VERSION` on, one of :data:`OBJECT_VIEWS` does)."""
    if len(views) == 1:
        if views[0] in OBJECT_VIEWS and version >= OBJECT_DONORS_VERSION:
            true_worlds = min(true_worlds, FEW_TRUE_WORLDS)
        return ViewBound(views[0], donors, refills, seed, true_worlds, prior, exact=version >= EXACT_CEILING_VERSION)
    if version >= JOINT_DONORS_VERSION:
        true_worlds = min(true_worlds, FEW_TRUE_WORLDS)
    return JointViewBound(views, donors, refills, seed, true_worlds, prior)


def _groups(items: list[int], few_first: bool) -> list[list[int]]:
    """``items`` as one group, or, when an early stop is wanted, as groups of 1, 2, 4, ... items."""
    if not few_first:
        return [items] if items else []
    groups, size = [], 1
    while items:
        groups.append(items[:size])
        items, size = items[size:], size * 2
    return groups


def certain_object(colors: np.ndarray, shapes: np.ndarray) -> bool:
    """Whether every matching of these colours with these shapes holds one colour–shape object: true
    when the most frequent colour and the most frequent shape are on more objects than there are (an
    object of that colour must get that shape). Re-fills under a binding view match them anew, so
    all of them hold it: the world's :meth:`ViewBound.ceiling` is 1."""
    n = len(colors)
    return bool(n) and int(np.bincount(colors).max()) + int(np.bincount(shapes).max()) > n


def exact_ceiling(colors: Sequence[int] | np.ndarray, shapes: Sequence[int] | np.ndarray) -> float:
    """The probability of the likeliest colour–shape object given the view that shows these colours
    and these shapes but not which goes with which (the shapes matched to the colours by a uniform
    permutation, as a re-fill matches them): for a colour on ``a`` of ``n`` objects and a shape on
    ``b``, the object is absent with probability C(n − a, b) / C(n, b), which falls as ``a`` or ``b``
    grows, so the likeliest is the most frequent colour's with the most frequent shape. 1 where they
    cover more objects than there are (:func:`certain_object`); 0 for no object."""
    n = len(colors)
    if not n:
        return 0.0
    if isinstance(colors, list) and isinstance(shapes, list):  # the world sampler's few objects: in Python
        a, b = max(map(colors.count, set(colors))), max(map(shapes.count, set(shapes)))
    else:
        a, b = int(np.bincount(np.asarray(colors)).max()), int(np.bincount(np.asarray(shapes)).max())
    return _likeliest(n, a, b)


@lru_cache(maxsize=None)
def _likeliest(n: int, a: int, b: int) -> float:
    """1 − C(n − a, b) / C(n, b): the chance that a colour on ``a`` of ``n`` objects gets a shape on ``b``."""
    return 1.0 - comb(n - a, b) / comb(n, b)


def object_ceiling(sample: WorldSample) -> float:
    """The highest share of ``sample``'s worlds that hold one colour–shape object (0 for no world)."""
    if not sample.size:
        return 0.0
    width = int(max(sample.shape.max(), 0)) + 1
    codes = np.where(sample.present, sample.color * width + sample.shape, -1)
    held = np.zeros((sample.size, int(codes.max()) + 1), dtype=bool)
    rows = np.broadcast_to(np.arange(sample.size)[:, None], codes.shape)
    held[rows[sample.present], codes[sample.present]] = True
    return float(held.mean(axis=0).max()) if held.shape[1] else 0.0


def objects_ceiling(colors: np.ndarray, shapes: np.ndarray) -> float:
    """:func:`object_ceiling` of worlds given by their objects' colours and shapes (worlds × objects,
    every object present)."""
    if not colors.size:
        return 0.0
    width = int(shapes.max()) + 1
    codes = colors.astype(np.int64) * width + shapes
    cells = int(codes.max()) + 1
    held = np.zeros(colors.shape[0] * cells, dtype=bool)
    held[(np.arange(colors.shape[0])[:, None] * cells + codes).reshape(-1)] = True
    # the most worlds holding one cell over their number: the highest of the cells' means, exactly
    # (dividing by a positive number keeps the order, and a mean of booleans is its count so divided)
    return float(held.reshape(colors.shape[0], cells).sum(axis=0).max() / colors.shape[0])


def view_probability(formula, sample: WorldSample, relation_cache: dict | None = None,
                     part_cache: dict | None = None) -> float | None:
    """Share of the re-fills in ``sample`` where ``formula`` is true (None: it cannot be computed)."""
    try:
        return float(truth_in(formula, sample, relation_cache, part_cache).mean())
    except (TruthUnavailable, ValueError, KeyError, TypeError):
        return None


__all__ = ["BINDING_VIEWS", "BOUND_REFILLS", "BOUND_TRUE_WORLDS", "EXACT_CEILING_VERSION", "JOINT_DONORS_VERSION",
           "FEW_TRUE_WORLDS", "JointViewBound", "OBJECT_DONORS_VERSION",
           "OBJECT_VIEWS", "ViewBound", "WorldKey", "certain_object", "exact_ceiling", "object_ceiling",
           "objects_ceiling", "view_bound", "view_probability", "world_key"]
