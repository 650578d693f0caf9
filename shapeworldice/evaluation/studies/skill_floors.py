"""Skill floors: captioners that see only part of each scene, to test whether a dataset needs a skill.

A *view* is what a captioner without some skill knows of a scene (e.g. ``object-bag``: which
colour–shape objects occur and how often, but not where). For each test image the floor picks the
training caption most probably true given the image's view. That probability is estimated by
*re-filling*: the hidden attributes are taken from a training world (the *donor*) with the same
number of objects, its objects matched to the test image's in a random order, the visible ones kept
from the test image; the caption's truth is evaluated on :data:`REFILLS` such worlds per image.

Candidates are every distinct training meaning. They are screened on the first
:data:`SCREEN_REFILLS` re-fills of every image; each image's :data:`SHORTLIST` best go on to all
re-fills. Re-fill ``r`` of an image draws from its own generator seeded with ``(seed, view, the
CRC-32 of the image's world JSON, r)``, so an image's choice is the same whatever other images
are captioned with it, in any order (no worker processes are used).
Ties: the more frequent training meaning, then the meaning's text; the caption shown is the
meaning's most frequent training text.
"""
from __future__ import annotations

import zlib
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ...data.loader import Split
from ...errors import UserError
from ...interpret import formula_of
from ...semantics.components import from_json as caption_from_json
from ...semantics.prior import PriorUnavailable, WorldSample, truth_in
from ...world.model import World

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
REFILLS = 32
SCREEN_REFILLS = 4
SHORTLIST = 12
_VIEW_STREAM = 7  # keeps the floors' generators apart from the other baselines'


@dataclass(frozen=True)
class SkillFloor:
    """Per test image: the chosen caption, its meaning and its estimated probability of being true."""

    view: str
    captions: tuple[str, ...]
    semantics: tuple[str, ...]
    probability: tuple[float, ...]


def _candidates(train: Split) -> tuple[list[str], list[int], dict[str, str]]:
    by_meaning: dict[str, Counter] = {}
    for inst in train:
        for text, semantics in zip(inst.captions, inst.semantics_json):
            by_meaning.setdefault(semantics, Counter())[text] += 1
    if not by_meaning:
        raise UserError(f"the train split of {train.name} has no captions: no skill floor to choose")
    meanings = sorted(by_meaning)
    frequency = [sum(by_meaning[m].values()) for m in meanings]
    shown = {m: min(c.items(), key=lambda kv: (-kv[1], kv[0]))[0] for m, c in by_meaning.items()}
    return meanings, frequency, shown


class _Refiller:
    """Re-filled worlds of one view: the test image's visible attributes, a donor's hidden ones."""

    def __init__(self, view: str, train: WorldSample, test: WorldSample, seed: int, keys: Sequence[int] | None = None):
        self.view, self.train, self.test, self.seed = view, train, test, seed
        self.keys = list(range(test.size)) if keys is None else list(keys)
        self.code = SKILL_KINDS.index(view)
        self.width = max(train.n, test.n)
        counts = train.present.sum(axis=1)
        self.by_count = {int(k): np.flatnonzero(counts == k) for k in np.unique(counts)}
        pairs = [self._pairs(train, w) for w in range(train.size)]
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

    def world(self, i: int, r: int) -> dict[str, np.ndarray]:
        """Columns of re-fill ``r`` of test image ``i``."""
        rng = np.random.default_rng([self.seed, _VIEW_STREAM, self.code, self.keys[i], r])
        t, g = self.test, self.train
        n = int(t.present[i].sum())
        if self.view == "object-set":
            return self._object_set(i, rng)
        d = self._donor(self.by_count.get(n), rng)
        m = int(g.present[d].sum())
        order = rng.permutation(m)[:n] if m >= n else rng.integers(m, size=n) if m else None
        cols = {c: getattr(g, c)[d, order] if order is not None else getattr(t, c)[i, :n].copy()
                for c in ("x", "y", "shape", "color", "shade", "area")}
        keep = {"count-only": (), "colours-only": ("color",), "shapes-only": ("shape",),
                "colours-shapes-unbound": ("color", "shape"), "object-bag": ("color", "shape"),
                "positions-only": ("x", "y", "area"), "positions-colours": ("x", "y", "area", "color", "shade"),
                "positions-shapes": ("x", "y", "area", "shape")}[self.view]
        for c in keep:
            cols[c] = getattr(t, c)[i, :n].copy()
        if self.view == "colours-shapes-unbound":
            cols["shape"] = cols["shape"][rng.permutation(n)]
        return cols

    def _object_set(self, i: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
        """A donor with as many distinct objects; its objects renamed one-to-one onto the image's."""
        g = self.train
        own = sorted(set(self._pairs(self.test, i)))
        d = self._donor(self.by_kinds.get(len(own)), rng)
        donor = self._pairs(g, d)
        names = sorted(set(donor))
        if len(names) == len(own):
            rename = dict(zip(names, [own[int(k)] for k in rng.permutation(len(own))]))
            mapped = [rename[p] for p in donor]
        else:  # no donor with as many kinds of object: the image's own, then random ones of them
            mapped = [own[int(k)] for k in rng.permutation(len(own))]
            mapped += [own[int(rng.integers(len(own)))] for _ in range(max(0, len(donor) - len(own)))]
        m = len(mapped)
        positions = np.arange(m) % max(1, len(donor))
        cols = {c: getattr(g, c)[d, positions].copy() for c in ("x", "y", "shade", "area")}
        cols["color"] = np.array([p[0] for p in mapped], dtype=np.int64)
        cols["shape"] = np.array([p[1] for p in mapped], dtype=np.int64)
        return cols

    def sample(self, refills: int) -> WorldSample:
        """All images' first ``refills`` re-fills: world ``i * refills + r``."""
        rows = [self.world(i, r) for i in range(self.test.size) for r in range(refills)]
        width = max([len(c["x"]) for c in rows] + [1])
        out: dict[str, np.ndarray] = {}
        for c in ("x", "y", "shape", "color", "shade", "area"):
            integer = c in ("shape", "color")
            out[c] = np.full((len(rows), width), -1 if integer else 0.0, dtype=np.int64 if integer else float)
            for w, row in enumerate(rows):
                out[c][w, :len(row[c])] = row[c]
        present = np.zeros((len(rows), width), dtype=bool)
        for w, row in enumerate(rows):
            present[w, :len(row["x"])] = True
        return WorldSample(present=present, **out)


def _probabilities(formulas: list, sample: WorldSample, refills: int) -> np.ndarray:
    """(formulas × images) share of each image's re-fills where each formula is true (−1: unknown)."""
    images = sample.size // refills
    out = np.full((len(formulas), images), -1.0)
    relations: dict = {}
    parts: dict = {}
    for k, f in enumerate(formulas):
        if len(parts) > 20_000:
            parts.clear()
        try:
            out[k] = truth_in(f, sample, relations, parts).reshape(images, refills).mean(axis=1)
        except (PriorUnavailable, ValueError, KeyError, TypeError):
            pass
    return out


def skill_floor(train: Split, test: Sequence[World], view: str, seed: int = 0, refills: int = REFILLS,
                screen_refills: int = SCREEN_REFILLS, shortlist: int = SHORTLIST) -> SkillFloor:
    """The floor of ``view`` on the ``test`` worlds: per world the training caption most probably true
    given its view. Each world's choice depends on that world alone (and the training split)."""
    if view not in VIEWS:
        raise UserError(f"unknown skill floor {view!r} (expected one of {', '.join(SKILL_KINDS)})")
    if not len(test):
        raise UserError("no test images: no skill floor to choose")
    meanings, frequency, text = _candidates(train)
    formulas = [formula_of(caption_from_json(m)) for m in meanings]
    refiller = _Refiller(view, WorldSample.of([inst.world for inst in train]),
                         WorldSample.of(list(test)), seed, [zlib.crc32(w.to_json().encode("utf-8")) for w in test])
    screen_refills = min(screen_refills, refills)
    freq = np.array(frequency, dtype=float)
    screened = _probabilities(formulas, refiller.sample(screen_refills), screen_refills)
    # best first: probability, then frequency, then the meaning's text (its index: meanings are sorted)
    order = np.lexsort((np.arange(len(meanings))[:, None].repeat(len(test), 1),
                        -freq[:, None].repeat(len(test), 1), -screened), axis=0)
    short = sorted({int(k) for k in order[:shortlist].ravel()})
    full = _probabilities([formulas[k] for k in short], refiller.sample(refills), refills)
    row_of = {k: j for j, k in enumerate(short)}
    chosen, probability = [], []
    for i in range(len(test)):
        candidates = order[:shortlist, i].tolist()
        rows = {k: full[row_of[k], i] for k in candidates}
        best = min(candidates, key=lambda k: (-rows[k], -frequency[k], k))
        chosen.append(best)
        probability.append(float(max(rows[best], 0.0)))
    return SkillFloor(view, tuple(text[meanings[k]] for k in chosen), tuple(meanings[k] for k in chosen),
                      tuple(probability))


__all__ = ["REFILLS", "SKILL_KINDS", "SkillFloor", "VIEWS", "skill_floor"]
