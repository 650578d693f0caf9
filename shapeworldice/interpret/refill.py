"""Views of a scene and worlds re-filled from it: what a captioner without some skill knows of it.

A *view* keeps some attributes of a scene (e.g. ``object-bag``: which colour–shape objects occur and
how often, not where). A *re-fill* of a world under a view keeps what the view shows and takes the
rest from a *donor* world (one with as many objects, its objects matched to the world's in a random
order; for ``object-set``, one with as many kinds of object, renamed one-to-one). The share of
re-fills where a caption is true estimates its probability of being true given the view (the view
bound of :mod:`.views`, and the skill floors).

:meth:`Refiller.block` gives each re-fill its own generator (the skill floors' draws);
:meth:`Refiller.drawn` draws a world's re-fills from one generator as arrays (the view bound's, shared
by the builder and skill truth): each re-fill has the same law either way, only the stream differs.
"""
from __future__ import annotations

from typing import Iterator, Sequence

import numpy as np

from ..world.columns import COLUMNS, assemble, stack
from .prior import WorldSample

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
#: view → the columns a re-fill keeps from the image (the rest come from a donor)
KEPT: dict[str, tuple[str, ...]] = {
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
        #: the columns a re-fill takes from its donor and those it keeps from the image
        self._columns = (tuple(c for c in COLUMNS if c not in KEPT.get(view, ())), KEPT.get(view, ()))
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
        for c in KEPT[self.view]:
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
        cols = {c: getattr(g, c)[donors[:, None], orders] for c in COLUMNS}
        for c in KEPT[self.view]:
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

    def _renamed_objects(self, own: list[tuple[int, int]], donors: np.ndarray,
                         picks: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Which places of the donor worlds hold an object and its colour and shape once the donor's
        ``k``-th distinct object becomes the image's ``picks[r, k]``-th (present, colour, shape)."""
        sizes = self.count_array[donors]
        width = max(int(sizes.max()), 1)
        present = np.arange(width)[None, :] < sizes[:, None]
        slots = self.slot_table[donors, :width]
        # each place's object among the image's, or one past them (colour and shape −1) where there is none
        chosen = np.where(present, picks[np.arange(len(donors))[:, None], slots], len(own))
        colours = np.array([c for c, _ in own] + [-1], dtype=np.int64)
        shapes = np.array([s for _, s in own] + [-1], dtype=np.int64)
        return present, colours[chosen], shapes[chosen]

    def _renamed(self, own: list[tuple[int, int]], donors: np.ndarray, picks: np.ndarray) -> WorldSample:
        """Donor worlds (each with ``len(own)`` distinct objects) whose ``k``-th distinct object becomes
        the image's ``picks[r, k]``-th, as one sample: the columns of :meth:`_object_set`, gathered at once."""
        g = self.train
        present, color, shape = self._renamed_objects(own, donors, picks)
        width = present.shape[1]
        # every donor's first ``width`` places (a row gather; ``width`` is at most the sample's width)
        places = (donors, slice(0, width)) if width <= g.n else (donors[:, None], np.minimum(np.arange(width), g.n - 1))
        cols = {c: np.where(present, getattr(g, c)[places], 0.0) for c in ("x", "y", "shade", "area")}
        return WorldSample(cols["x"], cols["y"], shape, color, cols["shade"], cols["area"], present)

    def drawn_objects(self, i: int, refills: int) -> WorldSample | None:
        """The colours and shapes of :meth:`drawn`'s re-fills of test image ``i``, by the same draws,
        without gathering the donors' positions, sizes and shades (0 here), under
        ``colours-shapes-unbound`` and ``object-set``; None under another view or where ``drawn`` draws
        world by world. For evaluators that read only which objects a world holds."""
        if self.view == "colours-shapes-unbound":
            objects = self.unbound_objects(i, refills)
            if objects is None:
                return None
            colors, shapes = objects
            present = np.ones(colors.shape, dtype=bool)
        elif self.view == "object-set":
            rng = world_generator(self.seed, self.code, self.keys[i])
            own = sorted(set(self._pairs(self.test, i)))
            pool = self.by_kinds.get(len(own))
            if pool is None or not own:
                return None
            donors = pool[rng.integers(len(pool), size=refills)]
            present, colors, shapes = self._renamed_objects(own, donors, _permutations(rng, refills, len(own)))
        else:
            return None
        zero = np.zeros(colors.shape)
        return WorldSample(zero, zero, shapes, colors, zero, zero, present)

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
        n = self.counts[i] if t is g else int(t.present[i].sum())  # a donor's own re-fills: its count, known
        if not n:
            return assemble([self._refill(i, rng) for _ in range(refills)])
        pool = self.by_count.get(n)
        if pool is not None and len(pool):  # every donor has n objects: each matching is the order of its draws
            donors = pool[rng.integers(len(pool), size=refills)]
            orders = np.argsort(rng.random((refills, n)), axis=1, kind="stable")
            empty: np.ndarray | None = None
        else:
            donors, sizes, width, draws = self._matchings(rng, n, refills)
            # a donor with at least n objects: n of them in a uniform order; with fewer: n picked with repeats
            orders = np.argsort(np.where(np.arange(width)[None] < sizes[:, None], draws, 2.0), axis=1,
                                kind="stable")[:, :n]
            few = sizes < n
            orders[few] = np.floor(draws[few, :n] * sizes[few, None]).astype(np.int64)
            empty = sizes == 0 if not sizes.all() else None  # an empty donor: the image's own columns
        flat = donors[:, None] * g.n + orders  # the donors' objects, as places in the flattened columns
        drawn, kept = self._columns
        cols = {c: self._flat(c)[flat] for c in drawn}
        for c in kept:  # the image's own row in every re-fill
            own = getattr(t, c)[i, :n]
            cols[c] = np.empty((refills, n), dtype=own.dtype)
            cols[c][:] = own
        if empty is not None:
            for c in drawn:
                cols[c] = np.where(empty[:, None], getattr(t, c)[i, :n][None], cols[c])
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
        pool = self.by_count.get(n)
        if pool is not None and len(pool):  # :meth:`_matchings`' draws: every donor has n objects, so n wide
            rng.integers(len(pool), size=refills)
            rng.random((refills, n))
        else:
            self._matchings(rng, n, refills)
        colors = np.repeat(self.test.color[i, :n][None], refills, axis=0)
        shapes = self.test.shape[i, :n][_permutations(rng, refills, n)]
        return colors, shapes

    def sample(self, refills: int, indices: Sequence[int] | None = None) -> WorldSample:
        """The first ``refills`` re-fills of every image (or of ``indices``): world ``k * refills + r``."""
        chosen = range(self.test.size) if indices is None else indices
        return stack([self.block(int(i), refills) for i in chosen])


__all__ = ["KEPT", "SKILL_KINDS", "VIEWS", "Refiller", "generator", "world_generator"]
