"""The axis relation sampler's pool (the ``spatial`` family): every caption it may draw for a world
with the probability it draws it, and their truth in many worlds at once (the evaluator's truth,
from the columns)."""
from __future__ import annotations

import collections

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.captions.sampling import AxisRelationSampler, RelationSampler, make_sampler
from shapeworldice.data import load_definition
from shapeworldice.interpret import formula_of
from shapeworldice.interpret.prior import CaptionPrior
from shapeworldice.world.columns import WorldSample
from shapeworldice.world.sampling import WorldSampler
from tests.captions.support import check_truth_table

WORLDS = WorldSampler(load_definition("spatial-multishapes").world_config)
TWO = WorldSampler(load_definition("spatial-twoshapes").world_config)


def _world(seed: int, sampler: WorldSampler = WORLDS):
    return sampler.sample(np.random.default_rng(seed), "test")


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), relations=st.sampled_from([("x-rel", "y-rel"), ("x-rel",), ("y-rel",)]))
def test_the_truth_table_is_the_evaluators_truth(seed, relations):
    """Each candidate's truth in each world of a padded sample (2 to 10 objects) is what the evaluator
    finds for its meaning, by the table and by one candidate's evaluator; all are true of their world."""
    sampler, rng = AxisRelationSampler(relations), np.random.default_rng(seed)
    world = _world(seed)
    pool = sampler.pool(world)
    others = WorldSample.of([_world(int(s), [WORLDS, TWO][int(s) % 2]) for s in rng.integers(0, 2**32, size=16)])
    check_truth_table(sampler, pool, world, others, rng.choice(len(pool), size=min(30, len(pool)), replace=False))


def test_the_pool_holds_the_samplers_distribution():
    """The relation's and the subject's shares of 20,000 draws are within 0.015 of the pool's."""
    sampler, rng = AxisRelationSampler(), np.random.default_rng(5)
    world = _world(11)
    pool = sampler.pool(world)
    assert abs(pool.weight.sum() - 1.0) < 1e-9
    which = {str(sampler.caption(pool, k)): k for k in range(len(pool))}
    drawn = collections.Counter(which[str(sampler(world, rng))] for _ in range(20_000))
    for values in (pool.option, pool.subject, pool.reference):
        for v in np.unique(values):
            expected = pool.weight[values == v].sum()
            seen = sum(n for k, n in drawn.items() if values[k] == v) / 20_000
            assert abs(seen - expected) < 0.015, (v, seen, expected)


def test_the_spatial_family_draws_as_before_and_other_relations_have_no_pool():
    """The pool is an addition: the spatial family's draws are the plain relation sampler's, and a
    family over other relations keeps the plain sampler."""
    pooled, plain = make_sampler("spatial"), RelationSampler()
    assert isinstance(pooled, AxisRelationSampler)
    for seed in range(20):
        world = _world(seed)
        assert str(pooled(world, np.random.default_rng(seed))) == str(plain(world, np.random.default_rng(seed)))
    assert not hasattr(make_sampler("relational"), "pool")


def test_meaning_codes_name_each_candidate_once_and_a_prior_agrees():
    sampler = AxisRelationSampler()
    pool, other = sampler.pool(_world(8)), sampler.pool(_world(9))
    assert len(set(pool.codes.tolist())) == len(pool)
    mine = {str(sampler.caption(pool, k)): int(c) for k, c in enumerate(pool.codes)}
    theirs = {str(sampler.caption(other, k)): int(c) for k, c in enumerate(other.codes)}
    assert all(mine[c] == theirs[c] for c in set(mine) & set(theirs))
    sample = WorldSample.of([_world(700 + i) for i in range(600)])
    fast, plain = CaptionPrior(sample), CaptionPrior(sample)
    for k in range(0, len(pool), max(1, len(pool) // 5)):
        formula = formula_of(sampler.caption(pool, k))
        truths = fast.truths(formula, sampler.evaluator(pool, k))
        expected = plain.truths(formula)
        assert truths is not None and expected is not None and (truths == expected).all()
