"""The proximity sampler's pool: every caption it may draw for a world with the probability it draws
it, their truth in many worlds at once (the evaluator's truth, from the columns), and the bounded
sampler drawing from the pool's survivors."""
from __future__ import annotations

import collections

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.captions.describe import description_code, description_parts
from shapeworldice.captions.proximity_pool import MEANING_CODES
from shapeworldice.captions.selection import ProximitySampler
from shapeworldice.data import load_definition
from shapeworldice.world.columns import WorldSample
from shapeworldice.world.sampling import WorldSampler
from tests.captions.support import (
    check_bounded_draws,
    check_meaning_codes,
    check_prior_with_pool_evaluator,
    check_truth_table,
)

WORLDS = WorldSampler(load_definition("relational-proximity").world_config)


def _world(seed: int):
    return WORLDS.sample(np.random.default_rng(seed), "test")


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_truth_table_is_the_evaluators_truth(seed):
    """Each candidate's truth in each world of a sample (worlds of 4 to 10 objects, padded) is what
    the evaluator finds for its meaning, by the whole table and by one candidate's evaluator; every
    candidate is true of its own world."""
    sampler, rng = ProximitySampler(), np.random.default_rng(seed)
    world = _world(seed)
    pool = sampler.pool(world)
    others = WorldSample.of([_world(int(s)) for s in rng.integers(0, 2**32, size=16)])
    check_truth_table(sampler, pool, world, others, rng.choice(len(pool), size=min(30, len(pool)), replace=False))


@settings(max_examples=20, deadline=None)
@given(shape=st.integers(-1, 7), color=st.integers(-1, 6))
def test_description_codes_round_trip(shape, color):
    code = description_code(np.array(shape), np.array(color))
    assert tuple(int(v) for v in description_parts(code)) == (shape, color)


def test_the_pool_holds_the_samplers_distribution():
    """The pool's probabilities are those of the sampler's draws: the relation value's and the
    comparison's shares of 8,000 draws are within 0.02 of them (standard error at most 0.0056), and
    every drawn caption is in the pool."""
    sampler, rng = ProximitySampler(), np.random.default_rng(5)
    world = _world(11)
    pool = sampler.pool(world)
    assert abs(pool.weight.sum() - 1.0) < 1e-9
    which = {str(sampler.caption(pool, k)): k for k in range(len(pool))}
    drawn = collections.Counter(which[str(sampler(world, rng))] for _ in range(8_000))
    for values in (pool.value, pool.comparison, pool.subject):
        for v in np.unique(values):
            expected = pool.weight[values == v].sum()
            seen = sum(n for k, n in drawn.items() if values[k] == v) / 8_000
            assert abs(seen - expected) < 0.02, (v, seen, expected)


def test_meaning_codes_name_each_candidate_once():
    check_meaning_codes(ProximitySampler(), _world, below=MEANING_CODES)


def test_a_world_of_too_few_objects_has_an_empty_pool():
    world = WorldSampler(load_definition("spatial-twoshapes").world_config).sample(np.random.default_rng(0), "test")
    sampler = ProximitySampler()
    assert len(sampler.pool(world)) == 0 and sampler(world, np.random.default_rng(0)) is None


def test_the_bounded_sampler_passes_the_pools_evaluator_to_the_checks():
    """A drawn survivor is checked with its candidate's evaluator (the prior gets the same answer as
    without it), and only captions within the view bound on the world's re-fills are returned."""
    check_bounded_draws(ProximitySampler(), _world)


def test_a_prior_asked_with_the_pools_evaluator_finds_the_evaluators_truths():
    """Over a prior sample of several spans, the pool's evaluator (a span at a time) gives each
    meaning the truth vector, the first true worlds and the bound decision of the general evaluator
    (a segment at a time), whichever is asked first."""
    check_prior_with_pool_evaluator(ProximitySampler(), _world,
                                    lambda pool, rng: rng.choice(len(pool), size=6, replace=False))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), codes=st.lists(st.integers(0, 71), min_size=1, max_size=6))
def test_a_description_fits_the_entities_of_its_shape_and_colour(seed, codes):
    """The type table gives each description the present entities of its shape and colour (any, where
    it names none), and the census counts them, in a padded sample."""
    from shapeworldice.captions.describe import FITS, description_matches, sample_types

    rng = np.random.default_rng(seed)
    sample = WorldSample.of([_world(int(s)) for s in rng.integers(0, 2**32, size=5)])
    found = description_matches(np.array(codes), sample)
    census = sample_types(sample)[1]
    for d, code in enumerate(codes):
        shape, color = (int(v) for v in description_parts(np.array(code)))
        expected = sample.present & ((shape < 0) | (sample.shape == shape)) & ((color < 0) | (sample.color == color))
        assert (found[d] == expected).all()
        assert (census[:, FITS[code]].sum(axis=1) == expected.sum(axis=1)).all()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), value=st.sampled_from([-1, 1]), grid=st.sampled_from([0.05, 0.15, 0.0]))
def test_the_best_pair_decides_as_every_pair_does(seed, value, grid):
    """One candidate's truth from the farthest subject and the nearest reference (or the reverse) is
    the ``any`` over every pair of the ternary relation, at exact ties with the distance threshold too
    (positions on a grid of the threshold's step; 0: continuous positions)."""
    from shapeworldice.captions.proximity_pool import _relation, _some_pair

    rng = np.random.default_rng(seed)
    worlds, entities = 40, int(rng.integers(2, 8))
    x, y = rng.random((worlds, entities)), rng.random((worlds, entities))
    if grid:
        x, y = np.round(x / grid) * grid, np.round(y / grid) * grid
    at = rng.integers(0, entities, size=worlds)
    subject, reference = rng.random((worlds, entities)) < 0.5, rng.random((worlds, entities)) < 0.5
    every = (subject[:, :, None] & _relation(value, x, y, at) & reference[:, None, :]).any(axis=(1, 2))
    assert (_some_pair(value, x, y, at, subject, reference) == every).all()
