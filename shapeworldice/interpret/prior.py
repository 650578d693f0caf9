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

Truth is evaluated for all worlds at once by the one evaluator of :mod:`.agreement` (the one a
caption's truth on its own world comes from). Priors are cached per distinct meaning.
"""
from __future__ import annotations

import zlib
from typing import Any

import numpy as np

from ..workers import process_pool
from ..world.columns import WorldSample
from ..world.model import World
from .agreement import TruthUnavailable, agreement
from .logic import Formula, free_vars

#: worlds in a prior sample: standard error ≤ 0.005, so estimates are stable to ±0.01 (95%).
PRIOR_WORLDS = 10_000
#: the stream code of prior samples (train/validation/test builds use 0/1/2)
PRIOR_STREAM = 3

_MAX_PARTS = 20_000  # cached sub-results (inner quantifiers) before the cache is emptied
_MAX_TRUTHS = 2_048  # meanings whose truth vector over the sample is kept (10 kB each at 10,000 worlds)


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
    most one process per :data:`MIN_CHUNK_WORLDS` worlds), and for a dataset drawing another's
    worlds (``worlds_from``) that dataset's sample."""
    config, stream = definition.world_config, zlib.crc32(definition.stream_name.encode("utf-8"))
    step = max(MIN_CHUNK_WORLDS, -(-size // max(1, workers * 4)))
    chunks = [(config, seed, stream, (a, min(a + step, size))) for a in range(0, size, step)]
    if workers <= 1 or len(chunks) <= 1:
        parts = [_draw(c) for c in chunks]
    else:
        with process_pool(workers, len(chunks)) as pool:
            parts = list(pool.map(_draw, chunks))
    return WorldSample.of([w for part in parts for w in part])


def truth_in(formula: Formula, sample: WorldSample, relation_cache: dict | None = None,
             part_cache: dict | None = None) -> np.ndarray:
    """Whether the formula is true in each world of ``sample`` (a bool vector; caches as :func:`true_in`)."""
    if free_vars(formula):
        raise TruthUnavailable(f"formula has free variables: {formula}")
    return agreement(formula, sample, relations=relation_cache, parts=part_cache)[0]


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
        self._truths: dict[str, np.ndarray | None] = {}
        self._relations: dict = {}
        self._parts: dict = {}

    def truths(self, formula: Formula) -> np.ndarray | None:
        """Whether ``formula`` is true in each world of the sample (None: it cannot be computed);
        kept for the latest :data:`_MAX_TRUTHS` meanings, which the skill views ask for again."""
        key = str(formula)
        if key in self._truths:
            return self._truths[key]
        try:
            if len(self._parts) > _MAX_PARTS:
                self._parts.clear()
            found: np.ndarray | None = truth_in(formula, self.sample, self._relations, self._parts)
        except (ValueError, KeyError, TypeError):
            found = None
        if len(self._truths) >= _MAX_TRUTHS:
            del self._truths[next(iter(self._truths))]
        self._truths[key] = found
        self._counts[key] = None if found is None else int(found.sum())
        return found

    def count(self, formula: Formula) -> int | None:
        """Worlds where ``formula`` is true, or None if that cannot be computed."""
        key = str(formula)
        if key not in self._counts:
            self.truths(formula)
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


__all__ = ["CaptionPrior", "PRIOR_WORLDS", "TruthUnavailable", "WorldSample", "sample_worlds",
           "true_in", "truth_in"]
