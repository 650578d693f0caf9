"""The kinds-first world law (``WorldSampler.sample(..., admits=...)``): every object's shape and colour
drawn before any is placed, a refused draw redrawn whole, the admitted objects placed; the splits'
rules (counts, held-out combinations) as in the interleaved law."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from shapeworldice.world import COLOR_NAMES, WorldConfig, WorldSampler, is_held_out

ATTRIBUTE = WorldConfig(entity_counts=(4, 6, 7, 8, 9), heldout_entity_counts=(5, 10), collision_tolerance=0.25,
                        reinforcement=(1, 1), held_out_combinations=True)


def _kinds_of(world, config: WorldConfig) -> Counter:
    return Counter((config.shapes.index(e.shape), config.colors.index(e.color)) for e in world.entities)


def test_a_placed_world_holds_the_admitted_kinds_and_refused_draws_are_redrawn():
    """Each world holds exactly the shapes and colours the last call of ``admits`` was shown (a refused
    draw places nothing), refusals count as redraws, and the same generator gives the same world."""
    sampler = WorldSampler(ATTRIBUTE)
    rng = np.random.default_rng(3)
    for split in ("train", "test"):
        for _ in range(12):
            asked: list[tuple[list[int], list[int]]] = []

            def admits(shapes: list[int], colors: list[int], asked: list = asked) -> bool:
                asked.append((shapes, colors))
                return len(asked) > 2  # the first two draws refused

            before = sampler.stats.redraws
            world = sampler.sample(rng, split, admits)
            assert sampler.stats.redraws - before >= 2
            shapes, colors = asked[-1]
            assert len(world) == len(shapes) and len(world) in ATTRIBUTE.counts_for(split)
            assert _kinds_of(world, ATTRIBUTE) == Counter(zip(shapes, colors))
    again = [WorldSampler(ATTRIBUTE).sample(np.random.default_rng(5), "train", lambda s, c: len(set(c)) > 2)
             for _ in range(2)]
    assert again[0].to_json() == again[1].to_json()


def test_held_out_rules_hold_when_kinds_come_first():
    """No held-out combination in training worlds; each validation and test world holds one."""
    sampler = WorldSampler(ATTRIBUTE)
    rng = np.random.default_rng(7)
    train = [sampler.sample(rng, "train", lambda s, c: True) for _ in range(40)]
    assert not any(is_held_out(e.shape, e.color) for w in train for e in w.entities)
    test = [sampler.sample(rng, "test", lambda s, c: True) for _ in range(40)]
    assert all(any(is_held_out(e.shape, e.color) for e in w.entities) for w in test)
    assert all(e.color in COLOR_NAMES for w in test for e in w.entities)


def test_a_law_that_admits_nothing_says_so():
    config = WorldConfig(entity_counts=(3,), max_world_redraws=20)
    with pytest.raises(RuntimeError, match="admitted"):
        WorldSampler(config).sample(np.random.default_rng(0), "train", lambda s, c: False)
