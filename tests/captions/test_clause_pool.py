"""The relative clause sampler's pool: every caption it may draw for a world with the probability it
draws it, their truth in many worlds at once (the evaluator's truth, from the columns), and the bounded
sampler drawing from the pool's survivors."""
from __future__ import annotations


import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.captions.clause_pool import OBJECT_COPULA, OBJECT_RELATION, SUBJECT
from shapeworldice.captions.discourse import PooledRelativeClauseSampler, RelativeClauseSampler
from shapeworldice.captions.sampling import make_sampler
from shapeworldice.data import load_definition
from shapeworldice.world.columns import WorldSample
from shapeworldice.world.sampling import WorldSampler
from tests.captions.support import (
    check_shares_by_draw,
    check_bounded_draws,
    check_meaning_codes,
    check_pool_law,
    check_prior_with_pool_evaluator,
    check_truth_table,
)

WORLDS = WorldSampler(load_definition("relative-clauses").world_config)
TWO = WorldSampler(load_definition("spatial-twoshapes").world_config)


def _world(seed: int, sampler: WorldSampler = WORLDS):
    return sampler.sample(np.random.default_rng(seed), "test")


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), relations=st.sampled_from([("x-rel", "y-rel"), ("x-rel",), ("y-rel",)]))
def test_the_truth_table_is_the_evaluators_truth(seed, relations):
    """Each candidate's truth in each world of a padded sample (2 to 10 objects) is what the evaluator
    finds for its meaning, by the whole table and by one candidate's evaluator, for each of the three
    forms; every candidate is true of its own world (the sampler's own check)."""
    sampler, rng = PooledRelativeClauseSampler(relations), np.random.default_rng(seed)
    world = _world(seed)
    pool = sampler.pool(world)
    others = WorldSample.of([_world(int(s), [WORLDS, TWO][int(s) % 2]) for s in rng.integers(0, 2**32, size=20)])
    mine = [np.flatnonzero(pool.form == form) for form in (SUBJECT, OBJECT_COPULA, OBJECT_RELATION)]
    check_truth_table(sampler, pool, world, others,
                      [k for ks in mine for k in rng.choice(ks, size=min(15, len(ks)), replace=False)])


@pytest.mark.parametrize("seed, draws", [(12, 2_000), pytest.param(13, 10_000, marks=pytest.mark.slow),
                                         pytest.param(127, 10_000, marks=pytest.mark.slow)])
def test_the_pool_holds_the_samplers_distribution(seed, draws):
    """The pool's probabilities are those of the sampler's successful draws: every form's, relation's,
    description's, attribute's and inner relation's share of the draws is within four standard errors
    of its probability, and every drawn caption is in the pool."""
    check_pool_law(PooledRelativeClauseSampler(), _world(seed),
                   ("form", "option", "subject", "reference", "attribute", "inner", "other"), draws, 0.99)


def test_meaning_codes_name_each_candidate_once():
    check_meaning_codes(PooledRelativeClauseSampler(), _world)


def test_the_family_draws_as_before_and_other_relations_have_no_pool():
    """The pool is an addition: the family's draws are the plain sampler's, and a family over a
    relation that is not an axis relation keeps the plain sampler."""
    pooled, plain = make_sampler("relative-clause"), RelativeClauseSampler()
    assert isinstance(pooled, PooledRelativeClauseSampler)
    for seed in range(20):
        world = _world(seed)
        assert str(pooled(world, np.random.default_rng(seed))) == str(plain(world, np.random.default_rng(seed)))
    assert not hasattr(make_sampler("relative-clause", {"relations": ["size-rel"]}), "pool")


def test_a_world_of_one_object_has_an_empty_pool():
    world = WorldSampler(load_definition("existential-oneshape").world_config).sample(np.random.default_rng(0), "test")
    sampler = PooledRelativeClauseSampler()
    assert len(sampler.pool(world)) == 0 and sampler(world, np.random.default_rng(0)) is None


def test_the_bounded_sampler_draws_within_the_bound_and_checks_with_the_pools_evaluator():
    """A drawn survivor is checked with its candidate's evaluator (the prior gets the same answer as
    without it), and only captions within the view bound on the world's re-fills are returned (their
    shares counted one drawn candidate at a time, then the rest at once)."""
    check_bounded_draws(PooledRelativeClauseSampler(), _world)


def test_a_prior_asked_with_the_pools_evaluator_finds_the_evaluators_truths():
    """Over a prior sample of several spans, the pool's evaluator gives each meaning the truth
    vector, the first true worlds and the bound decision of the general evaluator."""
    check_prior_with_pool_evaluator(PooledRelativeClauseSampler(), _world, lambda pool, rng: [
        k for form in (SUBJECT, OBJECT_COPULA, OBJECT_RELATION)
        for k in rng.choice(np.flatnonzero(pool.form == form), size=3, replace=False)])


def test_shares_counted_by_draw_drop_the_candidates_the_whole_table_drops():
    check_shares_by_draw(PooledRelativeClauseSampler(), _world(3),
                         WorldSample.of([_world(100 + i) for i in range(16)]), 0.3, draws=20)

