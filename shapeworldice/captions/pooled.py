"""The pool methods the bounded caption samplers share: a sampler that lists every caption it may draw
for a world, with its probability, lets a bounded dataset sample from the candidates that survive
its bound instead of drawing and rejecting."""
from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar, Sequence

import numpy as np

from ..semantics.components import Existential
from ..world.columns import WorldSample
from ..world.model import World


@dataclass(frozen=True)
class CandidateTruth:
    """One candidate of a pool as an evaluator: its truth in each world of a sample, from the columns;
    and, where its pool module knows them (a ``true_wherever_placed`` function), the worlds of a sample
    where it is true wherever their objects are placed, whatever their sizes and shades: a view that
    keeps each object's colour and shape then finds it true in every re-fill of such a world."""

    pools: ModuleType
    pool: Any
    k: int

    def __call__(self, sample: WorldSample) -> np.ndarray:
        return self.pools.truth_of(self.pool, self.k, sample)

    @property
    def wherever_placed(self) -> bool:
        """Whether :meth:`true_wherever_placed` is known for this candidate's pool."""
        return hasattr(self.pools, "true_wherever_placed")

    def true_wherever_placed(self, sample: WorldSample) -> np.ndarray:
        """The worlds of ``sample`` where the candidate is true wherever their objects are placed."""
        return self.pools.true_wherever_placed(self.pool, self.k, sample)

    def possible_in(self, sample: WorldSample) -> np.ndarray | None:
        """A superset of the worlds of ``sample`` where the candidate can be true, where its pool module
        tells it (a ``possible_worlds`` function: those with the entities it needs); None otherwise."""
        found = getattr(self.pools, "possible_worlds", None)
        return None if found is None else found(self.pool, self.k, sample)


@dataclass(frozen=True)
class BlockCandidateTruth(CandidateTruth):
    """A :class:`CandidateTruth` whose pool module also answers on several samples one after another
    (a ``truth_on_blocks(pool, k, blocks)`` function: a :class:`~..interpret.prior.BlockEvaluate`, so a
    donor's kept re-fills, with what they keep, are asked without stacking them: the same answers as
    on them stacked) and, where it knows them, on some worlds of a sample (a
    ``true_wherever_placed_at(pool, k, sample, rows)``: :meth:`certain_in`)."""

    def on_blocks(self, blocks: Sequence[WorldSample]) -> np.ndarray:
        """Its truth in the worlds of ``blocks``, in order: what it answers on them stacked."""
        return self.pools.truth_on_blocks(self.pool, self.k, blocks)

    @property
    def blocks_apart(self) -> bool:
        """Whether its pool module answers on several blocks one block at a time (``BLOCKS_APART``):
        asking them one by one then costs nothing more, and a view bound can stop at the first."""
        return getattr(self.pools, "BLOCKS_APART", False)

    def certain_in(self, view: str, sample: WorldSample, rows: np.ndarray) -> np.ndarray | None:
        """Which worlds ``rows`` of ``sample`` keep it true in every re-fill under ``view`` (None: not
        known): under a view that keeps each object's colour and shape, those where it is true wherever
        their objects are placed."""
        if view not in _OBJECT_VIEWS or not hasattr(self.pools, "true_wherever_placed_at"):
            return None
        return self.pools.true_wherever_placed_at(self.pool, self.k, sample, rows)


#: views whose re-fills keep each of the image's objects (its colour with its shape), placed anew
_OBJECT_VIEWS = frozenset({"object-bag"})


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
    def evaluator(cls, pool: Any, k: int) -> CandidateTruth:
        """Candidate ``k``'s truth in each world of a sample, from the columns."""
        if hasattr(cls._pools, "truth_on_blocks"):
            return BlockCandidateTruth(cls._pools, pool, k)
        return CandidateTruth(cls._pools, pool, k)
