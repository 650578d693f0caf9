"""The selection sampler's pool: every caption it may draw for a world with the probability it draws
it, their truth in many worlds at once (the evaluator's truth, from the columns), and the bounded
sampler drawing from the pool's survivors."""
from __future__ import annotations


import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.captions.selection import SelectionSampler
from shapeworldice.data import load_definition
from shapeworldice.semantics.selection import SELECTORS
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

WORLDS = WorldSampler(load_definition("selection").world_config)


def _world(seed: int):
    return WORLDS.sample(np.random.default_rng(seed), "test")


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_truth_table_is_the_evaluators_truth(seed):
    """Each candidate's truth in each world of a padded sample (worlds of 4 to 10 objects) is what
    the evaluator finds for its meaning, by the whole table and by one candidate's evaluator; every
    candidate is true of its own world (the sampler's own check)."""
    sampler, rng = SelectionSampler(), np.random.default_rng(seed)
    world = _world(seed)
    pool = sampler.pool(world)
    others = WorldSample.of([_world(int(s)) for s in rng.integers(0, 2**32, size=24)])
    check_truth_table(sampler, pool, world, others, rng.choice(len(pool), size=min(40, len(pool)), replace=False))


@pytest.mark.parametrize("seed, draws", [(12, 1_500), pytest.param(13, 8_000, marks=pytest.mark.slow)])
def test_the_pool_holds_the_samplers_distribution(seed, draws):
    """The pool's probabilities are those of the sampler's successful draws: every selector's, body's,
    comparison's and scope's share of the draws is within four standard errors of its probability,
    and every drawn caption is in the pool."""
    check_pool_law(SelectionSampler(), _world(seed), ("option", "body", "comparison", "scope"), draws, 0.99)


def test_meaning_codes_name_each_candidate_once():
    check_meaning_codes(SelectionSampler(), _world)


def test_a_sampler_of_some_selectors_lists_only_theirs():
    sampler = SelectionSampler(("x-max", "proximity-two"))
    pool = sampler.pool(_world(4))
    assert len(pool) and {pool.options[int(o)][0] for o in pool.option} <= {"x-max", "proximity-two"}
    assert set(pool.options) == {(p, v) for p in ("x-max", "proximity-two") for v in SELECTORS[p]}


def test_a_world_of_one_object_has_an_empty_pool():
    world = WorldSampler(load_definition("existential-oneshape").world_config).sample(np.random.default_rng(0), "test")
    sampler = SelectionSampler()
    assert len(sampler.pool(world)) == 0 and sampler(world, np.random.default_rng(0)) is None


def test_the_bounded_sampler_draws_within_the_bound_and_checks_with_the_pools_evaluator():
    """A drawn survivor is checked with its candidate's evaluator (the prior gets the same answer as
    without it), and only captions within the view bound on the world's re-fills are returned."""
    check_bounded_draws(SelectionSampler(), _world)


def test_a_prior_asked_with_the_pools_evaluator_finds_the_evaluators_truths():
    """Over a prior sample of several spans, the pool's evaluator gives each meaning the truth
    vector, the first true worlds and the bound decision of the general evaluator."""
    check_prior_with_pool_evaluator(SelectionSampler(), _world,
                                    lambda pool, rng: rng.choice(len(pool), size=6, replace=False))


def test_shares_counted_by_draw_drop_the_candidates_the_whole_table_drops():
    check_shares_by_draw(SelectionSampler(), _world(3), WorldSample.of([_world(100 + i) for i in range(16)]), 0.0)


def test_a_candidates_possible_worlds_hold_its_true_ones_and_decide_its_prior_as_its_count():
    """Every world a candidate is true in is among its possible worlds, and a prior that stops once
    the true and the possible worlds left decide the bound gives the decision of the whole count,
    for bounds on either side of it."""
    from shapeworldice.captions.selection_pool import possible_worlds
    from shapeworldice.interpret import formula_of
    from shapeworldice.interpret.prior import CaptionPrior

    sampler = SelectionSampler()
    sample = WorldSample.of([_world(900 + i) for i in range(1300)])
    pool = sampler.pool(_world(21))
    decided = 0
    for k in np.random.default_rng(3).choice(len(pool), size=6, replace=False):
        evaluate = sampler.evaluator(pool, int(k))
        truth, possible = evaluate(sample), possible_worlds(pool, int(k), sample)
        assert not (truth & ~possible).any()
        count = int(truth.sum())
        for bound in (0.0, (count - 1) / sample.size, count / sample.size, (count + 1) / sample.size, 0.4):
            prior = CaptionPrior(sample)
            within = prior.within(formula_of(sampler.caption(pool, int(k))), bound, evaluate)
            assert within == (count <= prior.limit(bound))
            decided += within
    assert decided  # some bound admits each candidate's count
