"""The comparison sampler's pool (the ``comparison`` family: negated relations, comparatives, attribute
comparisons): every caption it may draw for a world with the probability it draws it, the relations'
reach probabilities, their truth in many worlds at once (the evaluator's truth, from the columns), and
the bounded sampler drawing from the pool's survivors."""
from __future__ import annotations

import collections
import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.captions.comparison_pool import COMPARISON_RELATIONS, kind_law, reach
from shapeworldice.captions.relational import ComparisonSampler, PooledComparisonSampler, descriptions
from shapeworldice.captions.sampling import make_sampler
from shapeworldice.data import load_definition
from shapeworldice.world.columns import WorldSample
from shapeworldice.world.sampling import WorldSampler
from tests.captions.support import (
    check_bounded_draws,
    check_meaning_codes,
    check_pool_law,
    check_prior_with_pool_evaluator,
    check_truth_table,
)

WORLDS = WorldSampler(load_definition("relational-negation").world_config)
TWO = WorldSampler(load_definition("spatial-twoshapes").world_config)
ALL = ("x-rel", "y-rel", "size-rel", "shade-rel", "shape-rel", "color-rel")
#: the families of the shipped definitions, and a negation-only one (its tries fail most often)
FAMILIES = [(ALL, 0.5), (("size-rel", "shade-rel"), 0.0), (("shape-rel", "color-rel"), 0.0), (("x-rel", "y-rel"), 1.0)]


def _world(seed: int, sampler: WorldSampler = WORLDS):
    return sampler.sample(np.random.default_rng(seed), "test")


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), family=st.sampled_from(FAMILIES))
def test_the_truth_table_is_the_evaluators_truth(seed, family):
    """Each candidate's truth in each world of a padded sample (2 to 10 objects) is what the evaluator
    finds for its meaning, by the whole table and by one candidate's evaluator; every candidate is true
    of its own world (the sampler's own check)."""
    sampler, rng = PooledComparisonSampler(*family), np.random.default_rng(seed)
    world = _world(seed)
    pool = sampler.pool(world)
    others = WorldSample.of([_world(int(s), [WORLDS, TWO][int(s) % 2]) for s in rng.integers(0, 2**32, size=20)])
    check_truth_table(sampler, pool, world, others, rng.choice(len(pool), size=min(40, len(pool)), replace=False))


@settings(max_examples=30, deadline=None)
@given(gives=st.lists(st.floats(0.0, 1.0), min_size=1, max_size=6))
def test_reach_is_the_share_of_orders_in_which_every_earlier_relation_gave_up(gives):
    """A relation's reach probability is its average, over every order of the relations, of the
    probability that each one before it returned nothing."""
    expected = np.zeros(len(gives))
    for order in itertools.permutations(range(len(gives))):
        carried = 1.0
        for o in order:
            expected[o] += carried
            carried *= 1.0 - gives[o]
    assert np.allclose(reach(np.array(gives)), expected / math.factorial(len(gives)), atol=1e-12)


@pytest.mark.parametrize("kind", COMPARISON_RELATIONS)
def test_the_kind_law_is_the_one_the_sampler_draws_descriptions_by(kind):
    """Each (subject kinds, reference kinds) of 4,000 draws of the sampler's descriptions comes with
    the pool's probability (within four standard errors), and none outside the pool's law."""
    subject_law, reference_law = kind_law(kind)
    expected: collections.Counter = collections.Counter()
    for s_shape, s_color, sp in subject_law:
        for r_shape, r_color, rp in reference_law:
            expected[(s_shape, s_color, r_shape, r_color)] += sp * rp
    rng, draws = np.random.default_rng(4), 4_000
    seen = collections.Counter()
    for _ in range(draws):
        subject, reference = descriptions(kind, rng)
        seen[("shape" in subject, "color" in subject, "shape" in reference, "color" in reference)] += 1
    assert set(seen) <= set(expected)
    for key, p in expected.items():
        assert abs(seen[key] / draws - p) <= 4 * np.sqrt(p * (1 - p) / draws) + 1e-12, (kind, key)


@pytest.mark.parametrize("seed, family, draws", [
    (12, FAMILIES[0], 2_000), (3, FAMILIES[3], 2_000),
    pytest.param(13, FAMILIES[0], 10_000, marks=pytest.mark.slow),
    pytest.param(105, FAMILIES[3], 10_000, marks=pytest.mark.slow),
    pytest.param(8, FAMILIES[1], 6_000, marks=pytest.mark.slow)])
def test_the_pool_holds_the_samplers_distribution(seed, family, draws):
    """The pool's probabilities are those of the sampler's successful draws: every relation's,
    negation's, subject's and reference's share of the draws is within four standard errors of its
    probability, and every drawn caption is in the pool."""
    check_pool_law(PooledComparisonSampler(*family), _world(seed), ("option", "negated", "subject", "reference"),
                   draws, 0.9)


def test_a_negated_relation_that_often_fails_is_reached_less_often():
    """In world 105 (8 objects) the negated "left of" mostly fails its tries, so the sampler goes on to
    another relation: its share is below the others' (the slow distribution test draws this world)."""
    pool = PooledComparisonSampler(("x-rel", "y-rel"), 1.0).pool(_world(105))
    shares = np.bincount(pool.option, weights=pool.weight, minlength=4)
    assert shares[0] < shares[1:].min() - 0.03


def test_meaning_codes_name_each_candidate_once():
    check_meaning_codes(PooledComparisonSampler(ALL, 0.5), _world)


def test_the_family_draws_as_before_and_other_relations_have_no_pool():
    """The pool is an addition: the family's draws are the plain sampler's, and a family over a
    relation the columns do not decide keeps the plain sampler."""
    pooled, plain = make_sampler("comparison", {"relations": list(ALL), "negation": 0.5}), ComparisonSampler(ALL, 0.5)
    assert isinstance(pooled, PooledComparisonSampler)
    for seed in range(20):
        world = _world(seed)
        assert str(pooled(world, np.random.default_rng(seed))) == str(plain(world, np.random.default_rng(seed)))
    assert not hasattr(make_sampler("comparison", {"relations": ["z-rel", "x-rel"]}), "pool")


def test_a_world_of_one_object_has_an_empty_pool():
    world = WorldSampler(load_definition("existential-oneshape").world_config).sample(np.random.default_rng(0), "test")
    sampler = PooledComparisonSampler(ALL, 0.5)
    assert len(sampler.pool(world)) == 0 and sampler(world, np.random.default_rng(0)) is None


def test_the_bounded_sampler_draws_within_the_bound_and_checks_with_the_pools_evaluator():
    """A drawn survivor is checked with its candidate's evaluator (the prior gets the same answer as
    without it), and only captions within the view bound on the world's re-fills are returned."""
    check_bounded_draws(PooledComparisonSampler(ALL, 0.5), _world)


def test_a_prior_asked_with_the_pools_evaluator_finds_the_evaluators_truths():
    """Over a prior sample of several spans, the pool's evaluator gives each meaning the truth
    vector, the first true worlds and the bound decision of the general evaluator."""
    check_prior_with_pool_evaluator(PooledComparisonSampler(ALL, 0.5), _world,
                                    lambda pool, rng: rng.choice(len(pool), size=8, replace=False))


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), family=st.sampled_from(FAMILIES))
def test_a_candidate_answers_on_blocks_and_on_rows_as_on_the_stacked_worlds(seed, family):
    """One candidate's evaluator answers on several samples one after another as on them stacked (each
    keeps its relations: asked twice, the same), and tells on some worlds of a sample where it is true
    wherever their objects are placed as on those worlds selected; certain only under ``object-bag``."""
    from shapeworldice.captions.comparison_pool import true_wherever_placed
    from shapeworldice.world.columns import stack

    sampler, rng = PooledComparisonSampler(*family), np.random.default_rng(seed)
    pool = sampler.pool(_world(seed))
    blocks = [WorldSample.of([_world(int(s), [WORLDS, TWO][int(s) % 2]) for s in rng.integers(0, 2**32, size=n)])
              for n in (7, 12, 5)]
    big = WorldSample.of([_world(int(s)) for s in rng.integers(0, 2**32, size=300)])
    rows = np.sort(rng.choice(big.size, size=9, replace=False))
    for k in rng.choice(len(pool), size=min(12, len(pool)), replace=False):
        evaluate = sampler.evaluator(pool, int(k))
        for _ in range(2):
            assert np.array_equal(evaluate.on_blocks(blocks), evaluate(stack(blocks)))
        for sample, at in ((big, rows), (blocks[1], np.arange(blocks[1].size))):
            assert np.array_equal(evaluate.certain_in("object-bag", sample, at),
                                  true_wherever_placed(pool, int(k), sample.select(at)))
        assert evaluate.certain_in("object-set", big, rows) is None
