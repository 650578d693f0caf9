"""The pool methods the bounded caption samplers share: a sampler that lists every caption it may draw
for a world, with its probability, lets a bounded dataset sample from the candidates that survive
its bound instead of drawing and rejecting."""
from __future__ import annotations

from functools import partial
from types import ModuleType
from typing import Any, Callable, ClassVar

import numpy as np

from ..semantics.components import Existential
from ..world.columns import WorldSample
from ..world.model import World


class PooledSampler:
    """What the bounded samplers share: a world's pool of every caption they may draw with its
    probability (kept until another world comes: a test image draws all its references from one),
    a candidate's caption, the pool's truth in many worlds at once, and one candidate's evaluator
    from the columns (for its prior and its donor worlds' re-fills). ``_pools`` is the module that
    computes them (:mod:`.proximity_pool`, :mod:`.selection_pool`, :mod:`.relation_pool`)."""

    _pools: ClassVar[ModuleType]
    _last: dict

    def _new_pool(self, world: World) -> Any:
        raise NotImplementedError

    def pool(self, world: World) -> Any:
        """Every caption this sampler can draw for ``world`` and the probability it draws it."""
        if self._last.get("world") is not world:
            self._last.clear()
            self._last.update(world=world, pool=self._new_pool(world))
        return self._last["pool"]

    @classmethod
    def caption(cls, pool: Any, k: int) -> Existential:
        """Candidate ``k`` of ``pool`` as a caption."""
        return cls._pools.caption(pool, k)

    @classmethod
    def truth_table(cls, pool: Any, sample: WorldSample) -> np.ndarray:
        """Whether each candidate of ``pool`` is true in each world of ``sample`` (candidates × worlds)."""
        return cls._pools.truth_table(pool, sample)

    @classmethod
    def evaluator(cls, pool: Any, k: int) -> Callable[[WorldSample], np.ndarray]:
        """Candidate ``k``'s truth in each world of a sample, from the columns."""
        return partial(cls._pools.truth_of, pool, k)
