"""Views of a scene: what a captioner without some skill knows of it, and worlds re-filled from it.

A *view* keeps some attributes of a scene (e.g. ``object-bag``: which colour–shape objects occur and
how often, not where). A *re-fill* of a world under a view keeps what the view shows and takes the
rest from a *donor* world (one with as many objects, its objects matched to the world's in a random
order; for ``object-set``, one with as many kinds of object, renamed one-to-one). The share of
re-fills where a caption is true estimates its probability of being true given the view: skill
floors choose captions by it, and informative datasets bound their captions' by it (under a view
that hides only the binding, they bound the world's likeliest colour–shape object instead).

:meth:`Refiller.block` gives each re-fill its own generator (the skill floors' draws);
:meth:`Refiller.drawn` draws a world's re-fills from one generator as arrays (the view bound's, shared
by the builder and skill truth): each re-fill has the same law either way, only the stream differs.
"""
from __future__ import annotations

import zlib
from typing import Iterator, Sequence, cast

import numpy as np

from ..world.columns import assemble, stack
from .prior import BlockEvaluate, CaptionPrior, Evaluate, TruthUnavailable, WherePlacedEvaluate, WorldSample, \
    follows, truth_in

#: view name → the attributes the captioner sees (``n``: the number of objects only)
VIEWS: dict[str, str] = {
    "count-only": "the number of objects",
    "colours-only": "each object's colour",
    "shapes-only": "each object's shape",
    "colours-shapes-unbound": "the colours and the shapes present, not which goes with which",
    "object-set": "which colour–shape objects occur, not how many",
    "object-bag": "which colour–shape objects occur and how often, not where",
    "positions-only": "where each object is and its size",
    "positions-colours": "where each object is, its size and colour",
    "positions-shapes": "where each object is, its size and shape",
}
SKILL_KINDS: tuple[str, ...] = tuple(VIEWS)
_VIEW_STREAM = 7  # keeps the re-fills' generators apart from every other stream
_COLUMNS = ("x", "y", "shape", "color", "shade", "area")
#: view → the columns a re-fill keeps from the image (the rest come from a donor)
_KEPT: dict[str, tuple[str, ...]] = {
    "count-only": (), "colours-only": ("color",), "shapes-only": ("shape",),
    "colours-shapes-unbound": ("color", "shape"), "object-bag": ("color", "shape"),
    "positions-only": ("x", "y", "area"), "positions-colours": ("x", "y", "area", "color", "shade"),
    "positions-shapes": ("x", "y", "area", "shape")}


def generator(seed: int, code: int, key: int, r: int) -> np.random.Generator:
    """The generator of re-fill ``r`` of the world with ``key`` under the view numbered ``code``: seeded
    by the words ``seed, stream, code, key, r``."""
    return _seeded((seed, _VIEW_STREAM, code, key, r))


def world_generator(seed: int, code: int, key: int) -> np.random.Generator:
    """The one generator of every re-fill of the world with ``key`` under the view numbered ``code``
    (:meth:`Refiller.drawn`): seeded by the words ``seed, stream, code, key`` (four words where a
    re-fill's own :func:`generator` has five, so the two never share a stream)."""
    return _seeded((seed, _VIEW_STREAM, code, key))


def _seeded(words: tuple[int, ...]) -> np.random.Generator:
    """A generator seeded by ``words``: words that fit 32 bits go in as one ``uint32`` array (the same
    entropy as the list of ints, at half the cost of converting a list)."""
    if all(0 <= w < 2 ** 32 for w in words):
        return np.random.Generator(np.random.PCG64(np.array(words, dtype=np.uint32)))
    return np.random.default_rng(list(words))


def _permutations(rng: np.random.Generator, rows: int, n: int) -> np.ndarray:
    """``rows`` uniform random permutations of ``range(n)`` (the order of ``rows × n`` uniform draws)."""
    return np.argsort(rng.random((rows, n)), axis=1, kind="stable")


class Refiller:
    """Re-filled worlds of one view: the test image's visible attributes, a donor's hidden ones."""

    def __init__(self, view: str, train: WorldSample, test: WorldSample, seed: int, keys: Sequence[int] | None = None):
        """``train``: the donor worlds; ``test``: the worlds to re-fill; ``keys``: one number per test world
        that seeds its re-fills (default: its index)."""
        self.view, self.train, self.test, self.seed = view, train, test, seed
        self.keys = list(range(test.size)) if keys is None else list(keys)
        self.code = SKILL_KINDS.index(view)
        self.width = max(train.n, test.n)
        counts = train.present.sum(axis=1)
        self.counts = counts.tolist()
        self.by_count = {int(k): np.flatnonzero(counts == k) for k in np.unique(counts)}
        pairs = [self._pairs(train, w) for w in range(train.size)]
        self.names = [sorted(set(p)) for p in pairs] if view == "object-set" else []  # a donor's distinct objects
        self.pairs = pairs if view == "object-set" else []
        #: each donor object's place among the donor's distinct objects
        self.slots = [np.array([names.index(p) for p in donor], dtype=np.int64)
                      for names, donor in zip(self.names, self.pairs)]
        #: each donor's object places among its distinct objects, padded with 0 (``object-set``)
        self.slot_table = np.zeros((train.size, max(train.n, 1)), dtype=np.int64)
        for d, slots in enumerate(self.slots):
            self.slot_table[d, :len(slots)] = slots
        self.count_array = counts.astype(np.int64)
        self._flats: dict[str, np.ndarray] = {}
        kinds = np.array([len(set(p)) for p in pairs])
        self.by_kinds = {int(k): np.flatnonzero(kinds == k) for k in np.unique(kinds)}

    @staticmethod
    def _pairs(sample: WorldSample, w: int) -> list[tuple[int, int]]:
        k = int(sample.present[w].sum())
        return list(zip(sample.color[w, :k].tolist(), sample.shape[w, :k].tolist()))

    def _donor(self, pool: np.ndarray | None, rng: np.random.Generator) -> int:
        if pool is None or not len(pool):
            pool = np.arange(self.train.size)
        return int(pool[int(rng.integers(len(pool)))])

    def _generator(self, i: int, r: int) -> np.random.Generator:
        """The generator of re-fill ``r`` of test image ``i`` (:func:`generator`)."""
        return generator(self.seed, self.code, self.keys[i], r)

    def _generators(self, i: int, refills: int) -> Iterator[np.random.Generator]:
        """The generators of re-fills ``0 .. refills - 1`` of test image ``i``: those of :meth:`_generator`,
        the first four words converted once."""
        words = np.array([self.seed, _VIEW_STREAM, self.code, self.keys[i], 0], dtype=np.int64)
        if not (0 <= words.min() and words.max() < 2 ** 32 and refills <= 2 ** 32):
            yield from (self._generator(i, r) for r in range(refills))
            return
        base = words.astype(np.uint32)
        for r in range(refills):
            entropy = base.copy()
            entropy[4] = r
            yield np.random.Generator(np.random.PCG64(entropy))

    def world(self, i: int, r: int) -> dict[str, np.ndarray]:
        """Columns of re-fill ``r`` of test image ``i``."""
        rng = self._generator(i, r)
        return self._object_set(i, rng) if self.view == "object-set" else self._refill(i, rng)

    def _refill(self, i: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
        """Columns of one re-fill of test image ``i`` (not under ``object-set``) drawn from ``rng``."""
        t, g = self.test, self.train
        n = int(t.present[i].sum())
        d = self._donor(self.by_count.get(n), rng)
        m = int(g.present[d].sum())
        order = rng.permutation(m)[:n] if m >= n else rng.integers(m, size=n) if m else None
        cols = {c: getattr(g, c)[d, order] if order is not None else getattr(t, c)[i, :n].copy()
                for c in ("x", "y", "shape", "color", "shade", "area")}
        for c in _KEPT[self.view]:
            cols[c] = getattr(t, c)[i, :n].copy()
        if self.view == "colours-shapes-unbound":
            cols["shape"] = cols["shape"][rng.permutation(n)]
        return cols

    def _object_set(self, i: int, rng: np.random.Generator,
                    own: list[tuple[int, int]] | None = None) -> dict[str, np.ndarray]:
        """A donor with as many distinct objects; its objects renamed one-to-one onto the image's
        (``own``: the image's distinct objects, when known)."""
        g = self.train
        if own is None:
            own = sorted(set(self._pairs(self.test, i)))
        d = self._donor(self.by_kinds.get(len(own)), rng)
        donor, names = self.pairs[d], self.names[d]
        if len(names) == len(own):  # the donor's k-th distinct object becomes the image's pick[k]-th
            pick = rng.permutation(len(own))
            mapped = np.array(own, dtype=np.int64).reshape(-1, 2)[pick][self.slots[d]]
        else:  # no donor with as many kinds of object: the image's own, then random ones of them
            listed = [own[int(k)] for k in rng.permutation(len(own))]
            listed += [own[int(rng.integers(len(own)))] for _ in range(max(0, len(donor) - len(own)))]
            mapped = np.array(listed, dtype=np.int64).reshape(-1, 2)
        positions = np.arange(len(mapped)) % max(1, len(donor))
        cols = {c: getattr(g, c)[d, positions] for c in ("x", "y", "shade", "area")}
        cols["color"], cols["shape"] = mapped[:, 0].copy(), mapped[:, 1].copy()
        return cols

    def block(self, i: int, refills: int) -> WorldSample:
        """Re-fills ``0 .. refills - 1`` of test image ``i`` as one sample: the worlds of :meth:`world`
        (the same generators, the same draws), their columns gathered at once rather than world by world."""
        t, g = self.test, self.train
        n = int(t.present[i].sum())
        if self.view == "object-set":
            return self._object_set_block(i, refills)
        if not n:
            return assemble([self.world(i, r) for r in range(refills)])
        pool = self.by_count.get(n)
        donors = np.empty(refills, dtype=np.int64)
        orders = np.empty((refills, n), dtype=np.int64)
        unbound = self.view == "colours-shapes-unbound"
        shuffles = np.empty((refills, n), dtype=np.int64) if unbound else None
        for r, rng in enumerate(self._generators(i, refills)):
            d = self._donor(pool, rng)
            m = self.counts[d]
            if not m:  # an empty donor keeps the image's own columns: world by world
                return assemble([self.world(i, r) for r in range(refills)])
            donors[r], orders[r] = d, rng.permutation(m)[:n] if m >= n else rng.integers(m, size=n)
            if shuffles is not None:
                shuffles[r] = rng.permutation(n)
        cols = {c: getattr(g, c)[donors[:, None], orders] for c in _COLUMNS}
        for c in _KEPT[self.view]:
            cols[c] = np.repeat(getattr(t, c)[i, :n][None], refills, axis=0)
        if shuffles is not None:
            cols["shape"] = np.take_along_axis(cols["shape"], shuffles, axis=1)
        return WorldSample(cols["x"], cols["y"], cols["shape"], cols["color"], cols["shade"], cols["area"],
                           np.ones((refills, n), dtype=bool))

    def _object_set_block(self, i: int, refills: int) -> WorldSample:
        """:meth:`block` under ``object-set``: the draws of :meth:`_object_set`, re-fill by re-fill,
        and the columns gathered at once (world by world where no donor has as many kinds of object)."""
        own = sorted(set(self._pairs(self.test, i)))
        pool = self.by_kinds.get(len(own))
        if pool is None or not len(own):  # no donor has as many kinds of object: world by world
            return assemble([self._object_set(i, self._generator(i, q), own) for q in range(refills)])
        donors = np.empty(refills, dtype=np.int64)
        picks = np.empty((refills, len(own)), dtype=np.int64)
        for r, rng in enumerate(self._generators(i, refills)):  # every donor of the pool has len(own) kinds
            d = self._donor(pool, rng)
            donors[r], picks[r] = d, rng.permutation(len(own))
        return self._renamed(own, donors, picks)

    def _renamed(self, own: list[tuple[int, int]], donors: np.ndarray, picks: np.ndarray) -> WorldSample:
        """Donor worlds (each with ``len(own)`` distinct objects) whose ``k``-th distinct object becomes
        the image's ``picks[r, k]``-th, as one sample: the columns of :meth:`_object_set`, gathered at once."""
        g = self.train
        sizes = self.count_array[donors]
        width = max(int(sizes.max()), 1)
        present = np.arange(width)[None, :] < sizes[:, None]
        slots = self.slot_table[donors, :width]
        kinds = np.array(own, dtype=np.int64).reshape(-1, 2)[np.take_along_axis(picks, slots, axis=1)]
        # every donor's first ``width`` places (a row gather; ``width`` is at most the sample's width)
        places = (donors, slice(0, width)) if width <= g.n else (donors[:, None], np.minimum(np.arange(width), g.n - 1))
        cols = {c: np.where(present, getattr(g, c)[places], 0.0) for c in ("x", "y", "shade", "area")}
        color = np.where(present, kinds[..., 0], -1)
        shape = np.where(present, kinds[..., 1], -1)
        return WorldSample(cols["x"], cols["y"], shape, color, cols["shade"], cols["area"], present)

    def drawn(self, i: int, refills: int) -> WorldSample:
        """Re-fills ``0 .. refills - 1`` of test image ``i`` drawn together from one generator
        (:func:`world_generator`): every re-fill's donor at once, then every re-fill's matching of the
        donor's objects to the image's (a uniform permutation per re-fill, from uniform draws), then,
        under ``colours-shapes-unbound``, every re-fill's re-pairing of shapes with colours. Each re-fill
        is drawn as :meth:`world` draws one (a donor uniform over those with as many objects, or as many
        kinds of object for ``object-set``; a uniform matching), independently of the others."""
        rng = world_generator(self.seed, self.code, self.keys[i])
        if self.view == "object-set":
            own = sorted(set(self._pairs(self.test, i)))
            pool = self.by_kinds.get(len(own))
            if pool is None or not own:  # no donor has as many kinds of object: world by world
                return assemble([self._object_set(i, rng, own) for _ in range(refills)])
            donors = pool[rng.integers(len(pool), size=refills)]
            return self._renamed(own, donors, _permutations(rng, refills, len(own)))
        t, g = self.test, self.train
        n = int(t.present[i].sum())
        if not n:
            return assemble([self._refill(i, rng) for _ in range(refills)])
        donors, sizes, width, draws = self._matchings(rng, n, refills)
        # a donor with at least n objects: n of them in a uniform order; with fewer: n picked with repeats
        orders = np.argsort(np.where(np.arange(width)[None] < sizes[:, None], draws, 2.0), axis=1,
                            kind="stable")[:, :n]
        few = sizes < n
        orders[few] = np.floor(draws[few, :n] * sizes[few, None]).astype(np.int64)
        flat = donors[:, None] * g.n + orders  # the donors' objects, as places in the flattened columns
        cols = {c: self._flat(c)[flat] for c in _COLUMNS if c not in _KEPT[self.view]}
        empty = sizes == 0  # an empty donor: the image's own columns
        for c in _COLUMNS:
            if c in _KEPT[self.view] or empty.any():
                own_col = np.repeat(getattr(t, c)[i, :n][None], refills, axis=0)
                cols[c] = own_col if c in _KEPT[self.view] else np.where(empty[:, None], own_col, cols[c])
        if self.view == "colours-shapes-unbound":
            cols["shape"] = np.take_along_axis(cols["shape"], _permutations(rng, refills, n), axis=1)
        return WorldSample(cols["x"], cols["y"], cols["shape"], cols["color"], cols["shade"], cols["area"],
                           np.ones((refills, n), dtype=bool))

    def _flat(self, column: str) -> np.ndarray:
        """A donor column flattened (world-major), kept: a gather at flat places is cheaper than one by
        (world, place) pairs."""
        found = self._flats.get(column)
        if found is None:
            found = self._flats[column] = np.ascontiguousarray(getattr(self.train, column)).reshape(-1)
        return found

    def _matchings(self, rng: np.random.Generator, n: int, refills: int) -> tuple[np.ndarray, np.ndarray, int,
                                                                                  np.ndarray]:
        """The draws of :meth:`drawn` for an image of ``n > 0`` objects (not under ``object-set``): each
        re-fill's donor (uniform over those with ``n`` objects, else over all), the donors' object
        counts, the width of the uniform draws and the draws that order each donor's objects."""
        pool = self.by_count.get(n)
        if pool is None or not len(pool):  # no donor has as many objects: any donor
            pool = np.arange(self.train.size)
        donors = pool[rng.integers(len(pool), size=refills)]
        sizes = self.count_array[donors]
        width = max(n, int(sizes.max()))
        return donors, sizes, width, rng.random((refills, width))

    def unbound_objects(self, i: int, refills: int) -> tuple[np.ndarray, np.ndarray] | None:
        """The colour and shape of each object of :meth:`drawn`'s re-fills of test image ``i`` under
        ``colours-shapes-unbound`` (re-fills × objects): the image's colours, its shapes re-paired by
        the same draws as :meth:`drawn`'s, without gathering the donors' columns (None: an image
        without objects, or another view)."""
        n = int(self.test.present[i].sum())
        if self.view != "colours-shapes-unbound" or not n:
            return None
        rng = world_generator(self.seed, self.code, self.keys[i])
        self._matchings(rng, n, refills)
        colors = np.repeat(self.test.color[i, :n][None], refills, axis=0)
        shapes = self.test.shape[i, :n][_permutations(rng, refills, n)]
        return colors, shapes

    def sample(self, refills: int, indices: Sequence[int] | None = None) -> WorldSample:
        """The first ``refills`` re-fills of every image (or of ``indices``): world ``k * refills + r``."""
        chosen = range(self.test.size) if indices is None else indices
        return stack([self.block(int(i), refills) for i in chosen])


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
#: views whose re-fills keep each of the image's objects as it is (its colour with its shape), placed anew
OBJECT_VIEWS: frozenset[str] = \
    frozenset(v for v, kept in _KEPT.items() if {"color", "shape"} <= set(kept)) - BINDING_VIEWS


def world_key(world) -> int:
    """The number that seeds a world's re-fills under a view bound: the CRC of its image size and its
    columns (positions, shapes, colours, shades, areas) as little-endian bytes. The stored world's JSON
    writes every float exactly, so a world read back from a split has the key the builder used."""
    arrays = world.arrays
    parts = [np.array([world.size], dtype="<i8").tobytes()]
    parts += [np.ascontiguousarray(getattr(arrays, c), dtype="<i8" if c in ("shape", "color") else "<f8").tobytes()
              for c in _COLUMNS]
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
            self._value = WorldSample.of([world]), world_key(world)
        return self._value


class ViewBound:
    """Probability of a caption being true given a view of its own world, on re-fills whose donors are the
    prior sample (:meth:`Refiller.drawn`); a world's re-fills (and caches) are kept until the next world."""

    def __init__(self, view: str, donors: WorldSample, refills: int = BOUND_REFILLS, seed: int = 0,
                 true_worlds: int = 0, prior: CaptionPrior | None = None, world_ceiling: bool | None = None):
        """``true_worlds``: also bound the caption on the first that many donor worlds it is true of;
        ``prior``: the prior of the donor sample, whose truth vectors are reused; ``world_ceiling``:
        bound the world's :meth:`ceiling` instead of the true worlds (default: for a :data:`BINDING_VIEWS`
        view)."""
        #: whether the world's :meth:`ceiling` bounds its captions
        self.world_ceiling = view in BINDING_VIEWS if world_ceiling is None else world_ceiling
        self.refiller = Refiller(view, donors, WorldSample.of([]), seed)
        self.refills, self.true_worlds, self.donors = refills, true_worlds, donors
        self._world: object = None
        self._sample: WorldSample | None = None
        self._caches: tuple[dict, dict] = ({}, {})
        self._donor_refiller = Refiller(view, donors, donors, seed) if true_worlds else None
        self._worst: dict[str, float | None] = {}
        self._above: dict[str, float] = {}  # a share found before an early stop: worst is at least it
        self._ceiling: float | None = None
        self._own: dict[str, float | None] = {}  # the world's own share of each meaning asked about
        self.prior = prior if prior is not None and prior.sample is donors else CaptionPrior(donors)
        self._donor_rows: dict[int, WorldSample] = {}  # a donor world's re-fills
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
        key = str(formula)
        if key in self._worst:
            return self._worst[key]
        if stop is not None and self._above.get(key, 0.0) > stop:
            return self._above[key]  # an earlier early stop found this much already
        highest, seen = 0.0, 0
        blockwise = cast(BlockEvaluate, evaluate) if evaluate is not None and follows(evaluate, BlockEvaluate) \
            else None
        # under a view that keeps the objects, a true world where the caption holds wherever its objects
        # are placed has it true in all its re-fills: a share of 1, above the bound, without re-filling
        placed = cast(WherePlacedEvaluate, evaluate) if evaluate is not None and stop is not None and stop < 1.0 \
            and self.refiller.view in OBJECT_VIEWS and follows(evaluate, WherePlacedEvaluate) else None
        wherever = placed.true_wherever_placed if placed is not None and placed.wherever_placed else None
        try:
            for found in self.prior.true_worlds(formula, evaluate):
                first = found[:self.true_worlds - seen]
                if wherever is not None and len(first) and wherever(self.donors.select(first)).any():
                    return self._stopped(key, 1.0)
                for group in self._groups(first.tolist(), stop is not None):
                    blocks = [self._donor_refills(i) for i in group]
                    truth = blockwise.on_blocks(blocks) if blockwise is not None else \
                        truth_in(formula, stack(blocks)) if evaluate is None else evaluate(stack(blocks))
                    shares = truth.reshape(len(group), self.refills).mean(axis=1)
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

    def _groups(self, donors: list[int], early: bool) -> list[list[int]]:
        """The donors to re-fill, as groups evaluated together: all at once, or, when an early stop is
        wanted, first those whose re-fills are kept (no draw needed: a share above the bound among
        them stops before any other is drawn), then the others a few at a time (:func:`_groups`)."""
        if not early:
            return _groups(donors, False)
        kept = [i for i in donors if i in self._donor_rows]
        return ([kept] if kept else []) + _groups([i for i in donors if i not in self._donor_rows], True)

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

    def _refilled(self, world) -> WorldSample:
        """The re-fills of ``world`` (kept, with their caches and ceiling, until another world comes;
        drawn on first use: :meth:`ceiling` may have asked about the world without them)."""
        if world is not self._world:
            test, key = self.world_key(world)
            self.refiller.test, self.refiller.keys = test, [key]
            self._world, self._sample, self._caches = world, None, ({}, {})
            self._ceiling, self._own = None, {}
        if self._sample is None:
            self._sample = self.refiller.drawn(0, self.refills)
        return self._sample

    def samples(self, world) -> list[WorldSample]:
        """The re-filled worlds its own-world share is counted on (one sample)."""
        return [self._refilled(world)]

    def own_share(self, formula, world, fast: Evaluate | None = None) -> float | None:
        """Share of ``world``'s re-fills where ``formula`` is true, kept by meaning until another world
        comes (the references of a test image draw the same meaning again); ``fast``: its truth by a
        faster evaluator with the same answers."""
        sample = self._refilled(world)
        key = str(formula)
        if key not in self._own:
            self._own[key] = view_probability(formula, sample, *self._caches) if fast is None \
                else float(fast(sample).mean())
        return self._own[key]

    def ceiling(self, world) -> float:
        """The highest share of ``world``'s re-fills holding one colour–shape object: the most a
        captioner seeing this view can be right with any claim that such an object exists."""
        if world is self._world and self._ceiling is not None:
            return self._ceiling
        if world is not self._world:  # most worlds asked are refused: their objects alone, not re-filled
            test, key = self.world_key(world)
            self.refiller.test, self.refiller.keys = test, [key]
            objects = self.refiller.unbound_objects(0, self.refills)
            if objects is not None:
                self._world, self._sample, self._caches, self._own = world, None, ({}, {}), {}
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
        if bound < 1.0 and certain_object(world.arrays.color, world.arrays.shape):
            return False
        return not self.ceiling(world) > bound

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
               true_worlds: int = 0, prior: CaptionPrior | None = None) -> "ViewBound | JointViewBound":
    """The bound of a dataset's skill views: one view's :class:`ViewBound`, several views' :class:`JointViewBound`."""
    if len(views) == 1:
        return ViewBound(views[0], donors, refills, seed, true_worlds, prior)
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
    return float(held.reshape(colors.shape[0], cells).mean(axis=0).max())


def view_probability(formula, sample: WorldSample, relation_cache: dict | None = None,
                     part_cache: dict | None = None) -> float | None:
    """Share of the re-fills in ``sample`` where ``formula`` is true (None: it cannot be computed)."""
    try:
        return float(truth_in(formula, sample, relation_cache, part_cache).mean())
    except (TruthUnavailable, ValueError, KeyError, TypeError):
        return None


__all__ = ["BINDING_VIEWS", "BOUND_REFILLS", "BOUND_TRUE_WORLDS", "JointViewBound", "OBJECT_VIEWS", "Refiller",
           "SKILL_KINDS", "VIEWS", "ViewBound", "WorldKey", "assemble", "certain_object", "generator", "object_ceiling",
           "objects_ceiling", "stack", "view_bound", "view_probability", "world_generator", "world_key"]
