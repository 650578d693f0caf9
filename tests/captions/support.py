"""Shared by the sampler tests: random worlds with one sampler's caption of each."""
from __future__ import annotations

from typing import Any, Callable, Iterator

import numpy as np

from shapeworldice.world import World, WorldConfig, WorldSampler

#: 4–10 shapes, no overlap reinforcement beyond ShapeWorld's default: the new tasks' worlds
MANY_SHAPES = WorldConfig(entity_counts=tuple(range(4, 11)), reinforcement=(1, 1))


def draws(sampler: Callable[[World, np.random.Generator], Any], n: int = 200, seed: int = 0,
          config: WorldConfig = MANY_SHAPES) -> Iterator[tuple[World, Any]]:
    """``n`` seeded worlds of ``config``, each with what ``sampler`` draws for it (None included)."""
    rng = np.random.default_rng(seed)
    worlds = WorldSampler(config)
    for _ in range(n):
        world = worlds.sample(rng)
        yield world, sampler(world, rng)
