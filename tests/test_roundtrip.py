"""Round trip: every caption the builder writes parses, and its parse means the same thing.

For each dataset, the builder's captions (semantics → English through the grammar) are parsed
back (English → MRS → logical form) and the truth of the parse is compared with the truth of
the source semantics on the caption's own world and on 20 other random worlds. The fast path
checks 300 captions per dataset; ``-m slow`` checks 10,000 per dataset (the issue's size).
"""
from __future__ import annotations

import numpy as np
import pytest

from shapeworldice.data import load_definition
from shapeworldice.data.build import InstanceBuilder
from shapeworldice.grammar import parse
from shapeworldice.interpret import Interpretation, construction, formula_of, interpret_readings, truth
from shapeworldice.semantics import Truth, from_json
from shapeworldice.interpret.prior import CaptionPrior, sample_worlds
from shapeworldice.world import World, WorldConfig, WorldSampler
from tests.conftest import SIX


def other_worlds(n: int = 20) -> list[World]:
    rng = np.random.default_rng(123)
    configs = [WorldConfig(entity_counts=(1, 2, 3)), WorldConfig(entity_counts=(2,), collision_tolerance=0.0),
               WorldConfig(entity_counts=tuple(range(4, 16)), reinforcement=(1, 3))]
    samplers = [WorldSampler(c) for c in configs]
    return [samplers[i % 3].sample(rng) for i in range(n)]


def check(name: str, captions: int, bound_priors: bool = False) -> int:
    """Round-trip ``captions`` of ``name``'s test instances; with ``bound_priors`` the builder bounds
    priors on a 1,000-world sample (informative forms), and each caption's prior is checked too."""
    definition = load_definition(name)
    prior = CaptionPrior(sample_worlds(definition, 1000)) if bound_priors and definition.max_prior is not None \
        else None
    builder = InstanceBuilder(definition, prior)
    worlds = other_worlds()
    checked, index = 0, 0
    while checked < captions:
        row = builder.instance(0, "test", index)
        index += 1
        world = World.from_json(row.world)
        for text, semantics in zip(row.captions, row.semantics):
            caption = from_json(semantics)
            parsed = parse(text)
            assert parsed.grammatical, text
            _, interpretation = interpret_readings([r.mrs for r in parsed.readings])
            assert isinstance(interpretation, Interpretation), (text, interpretation)
            assert construction(interpretation) == construction(formula_of(caption)), text
            assert truth(interpretation, world) == caption.truth(world) == Truth.TRUE, text
            for other in worlds:
                assert truth(interpretation, other) == caption.truth(other), (text, other.to_json())
            if prior is not None:
                p = prior.prior(formula_of(caption))
                assert p is not None and p <= definition.max_prior, text
            checked += 1
    return checked


@pytest.mark.parametrize("name", SIX)
def test_builder_captions_round_trip(name):
    assert check(name, 300) >= 300


@pytest.mark.slow
@pytest.mark.parametrize("name", SIX)
def test_builder_captions_round_trip_10000(name):
    assert check(name, 10_000) >= 10_000
