"""The quantifier sampler's pool: every caption it may draw for a world with the probability it draws
it, and the truth of all of them in many worlds at once; the bounded sampler draws from the pool's
survivors instead of drawing and rejecting."""
from __future__ import annotations

import collections

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.captions.comparative_quantifiers import ComparativeSampler, NumberBoundSampler
from shapeworldice.captions.quantifiers import MEANING_CODES, QuantifierSampler, census_tables, quantity_holds
from shapeworldice.captions.sampling import BoundedPrior
from shapeworldice.data import load_definition
from shapeworldice.interpret import formula_of
from shapeworldice.interpret.prior import BlockEvaluate, truth_in
from shapeworldice.semantics.truth import quantity_tolerance, quantity_verdicts
from shapeworldice.world.columns import WorldSample, stack
from shapeworldice.world.sampling import WorldSampler
from tests.captions.support import check_meaning_codes, check_truth_table

WORLDS = WorldSampler(load_definition("quantification-complex").world_config)


def _world(seed: int):
    return WORLDS.sample(np.random.default_rng(seed), "train")


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), qtype=st.sampled_from(["count", "ratio"]))
def test_the_truth_table_is_the_evaluators_truth(seed, qtype):
    """Counted from the worlds' shape–colour tables, each candidate's truth is what the evaluator
    finds for its meaning, in every world of a sample; every candidate is true of its own world."""
    sampler, rng = QuantifierSampler(qtype), np.random.default_rng(seed)
    world = _world(seed)
    pool = sampler.pool(world)
    others = WorldSample.of([_world(int(s)) for s in rng.integers(0, 2**32, size=12)])
    check_truth_table(sampler, pool, world, others, rng.choice(len(pool), size=25, replace=False),
                      each_evaluator=False)


@pytest.mark.parametrize("qtype", ["count", "ratio"])
def test_the_pool_holds_the_samplers_distribution(qtype):
    """The pool's probabilities are those of the sampler's draws: the structures' and templates' shares
    of 20,000 draws are within 0.015 of them (their standard error is at most 0.004)."""
    sampler, rng = QuantifierSampler(qtype), np.random.default_rng(5)
    world = _world(11)
    pool = sampler.pool(world)
    assert abs(pool.weight.sum() - 1.0) < 1e-9
    which = {str(sampler.caption(pool, k)): k for k in range(len(pool))}
    drawn = collections.Counter(which[str(sampler(world, rng))] for _ in range(20_000))
    for key in ("structure", "template"):
        values = getattr(pool, key)
        for v in np.unique(values):
            expected = pool.weight[values == v].sum()
            seen = sum(n for k, n in drawn.items() if values[k] == v) / 20_000
            assert abs(seen - expected) < 0.015, (key, v, seen, expected)


def test_the_bounded_sampler_draws_the_survivors_with_the_samplers_probabilities():
    """With view samples, a caption whose share in them is above the bound is never drawn, one that
    fails the full check is never returned, and the rest come in proportion to the sampler's
    probabilities (the distribution draw-and-reject keeps)."""
    sampler = QuantifierSampler("count")
    world = _world(3)
    refills = WorldSample.of([_world(100 + i) for i in range(16)])
    pool = sampler.pool(world)
    shares = sampler.truth_table(pool, refills).mean(axis=1)
    refused = {str(sampler.caption(pool, k)) for k in np.flatnonzero(shares <= 0.3)[:5]}
    bounded = BoundedPrior(sampler, lambda c, fast=None: str(c) not in refused,
                           view_exceeds=lambda c, w, fast=None: False, view_samples=lambda w: [refills], max_view=0.3)
    rng = np.random.default_rng(0)
    drawn = collections.Counter(str(bounded(world, rng)) for _ in range(4000))
    kept = {str(sampler.caption(pool, k)): pool.weight[k] for k in np.flatnonzero(shares <= 0.3)}
    kept = {c: w for c, w in kept.items() if c not in refused}
    assert set(drawn) <= set(kept) and len(drawn) > 1
    total = sum(kept.values())
    for caption, n in drawn.most_common(3):
        assert abs(n / 4000 - kept[caption] / total) < 0.03

    def fresh() -> BoundedPrior:
        return BoundedPrior(sampler, lambda c, fast=None: str(c) not in refused,
                            view_exceeds=lambda c, w, fast=None: False, view_samples=lambda w: [refills], max_view=0.3)

    first, second = fresh(), fresh()
    assert [str(first(world, np.random.default_rng(s))) for s in range(5)] == \
        [str(second(world, np.random.default_rng(s))) for s in range(5)]  # same seeds, same captions


def test_a_world_without_survivors_is_given_up_at_once():
    sampler = QuantifierSampler("count")
    world = _world(4)
    bounded = BoundedPrior(sampler, lambda c, fast=None: True, view_exceeds=lambda c, w, fast=None: False,
                           view_samples=lambda w: [WorldSample.of([w])], max_view=0.5)
    assert bounded(world, np.random.default_rng(0)) is None  # every caption is true of its own world


def test_meaning_codes_name_each_candidate_once():
    check_meaning_codes(QuantifierSampler("ratio"), _world, below=MEANING_CODES)


def _check_pool(sampler, world, pool, rng, checked: int) -> None:
    """A pool's truth table is the evaluator's truth (in its world and 12 others, on ``checked``
    candidates), each meaning has its own code, and the sampler draws the pool's templates in
    the pool's proportions."""
    others = WorldSample.of([_world(int(s)) for s in rng.integers(0, 2**32, size=12)])
    check_truth_table(sampler, pool, world, others, rng.choice(len(pool), size=min(checked, len(pool)), replace=False),
                      each_evaluator=False)
    assert len(set(sampler.codes(pool).tolist())) == len(pool)
    which = {str(sampler.caption(pool, k)): k for k in range(len(pool))}
    draws = [sampler(world, rng) for _ in range(3000)]
    kept = [which[str(c)] for c in draws if c is not None]  # the sampler gives up after 20 templates
    drawn = collections.Counter(int(pool.template[k]) for k in kept)
    for t, n in drawn.items():
        assert abs(n / len(kept) - pool.weight[pool.template == t].sum()) < 0.04


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_number_bound_pools_hold_the_evaluators_truth_and_the_samplers_templates(seed):
    """"More than a third of the three blue shapes are triangles.": true where the restrictor counts
    exactly its bound and the ratio holds; each meaning (with its bound) has its own code; the
    templates come in the proportions the sampler draws them."""
    sampler, rng = NumberBoundSampler(), np.random.default_rng(seed)
    world = _world(seed)
    pool = sampler.pool(world)
    if not len(pool):
        return
    _check_pool(sampler, world, pool, rng, checked=20)


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_comparative_pools_hold_the_evaluators_truth_and_the_samplers_templates(seed):
    """"Two more squares than circles are red.": each candidate's truth in other worlds is the
    evaluator's (a ratio over no comparison objects read as the caption reads it), each meaning has
    its own code, and templates come in the proportions the sampler draws them."""
    sampler, rng = ComparativeSampler(), np.random.default_rng(seed)
    world = _world(seed)
    pool = sampler.pool(world)
    if not len(pool):
        return
    assert abs(pool.weight.sum() - 1.0) < 1e-9
    _check_pool(sampler, world, pool, rng, checked=25)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_candidates_evaluator_is_the_evaluators_truth(seed):
    """One candidate's evaluator (what the prior and the donor check ask, from the worlds' counts) finds
    what the general evaluator finds for its meaning, in every world, for each of the four samplers;
    a sample keeps its tables, and answers the same from them when asked again, alternately."""
    rng = np.random.default_rng(seed)
    world = _world(seed)
    samples = [WorldSample.of([_world(int(s)) for s in rng.integers(0, 2**32, size=n)]) for n in (9, 13)]
    for sampler in (QuantifierSampler("count"), QuantifierSampler("ratio"), NumberBoundSampler(),
                    ComparativeSampler()):
        pool = sampler.pool(world)
        for k in rng.choice(len(pool), size=min(8, len(pool)), replace=False):
            evaluate = sampler.evaluator(pool, int(k))
            formula = formula_of(sampler.caption(pool, int(k)))
            assert evaluate(WorldSample.of([world])).all()
            for sample in samples + samples:
                assert (evaluate(sample) == truth_in(formula, sample)).all(), formula
            assert isinstance(evaluate, BlockEvaluate)
            assert np.array_equal(evaluate.on_blocks(samples), truth_in(formula, stack(samples))), formula
    for sample in samples:
        assert np.array_equal(census_tables(sample), census_tables(WorldSample(*(getattr(sample, c) for c in (
            "x", "y", "shape", "color", "shade", "area", "present")))))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), templates=st.integers(1, 6), widths=st.lists(st.integers(0, 5), max_size=4))
def test_a_pool_lists_template_by_template_with_the_samplers_weights(seed, templates, widths):
    """Candidates come template by template, then structure by structure, then filling by filling
    (the order the draws index), each weighted 1 / (structures open under its template) / (its
    structure's true fillings there), normalised."""
    from shapeworldice.captions.quantifiers import assemble_pool

    rng = np.random.default_rng(seed)
    fits = [rng.random((templates, w)) < 0.4 for w in widths]
    pool = assemble_pool([], fits)
    expected = []
    for t in range(templates):
        open_ = [(s, np.flatnonzero(f[t])) for s, f in enumerate(fits) if f[t].any()]
        expected += [(s, int(i), t, 1.0 / len(open_) / len(idx)) for s, idx in open_ for i in idx]
    assert [(int(s), int(i), int(t)) for s, i, t in zip(pool.structure, pool.filling, pool.template)] == \
        [e[:3] for e in expected]
    weights = np.array([e[3] for e in expected])
    assert np.array_equal(pool.weight, weights / max(float(weights.sum()), 1e-300))


@settings(max_examples=60, deadline=None)
@given(qrange=st.sampled_from(["lt", "leq", "eq", "neq", "geq", "gt"]),
       values=st.lists(st.one_of(st.integers(-6, 15).map(float), st.floats(0.0, 3.0), st.just(float("inf"))),
                       min_size=1, max_size=12),
       target=st.sampled_from([0.0, 1.0, 2.0, 5.0, 0.25, 0.33, 0.5, 0.67, 0.75, 1.5]))
def test_quantity_holds_is_the_true_verdict_of_a_known_quantity(qrange, values, target):
    """A count or ratio known exactly holds a quantifier exactly where the general table's true verdict
    (lower = upper = the value) says so, with the tolerance of its target, infinities included."""
    value = np.array(values)
    tolerance = quantity_tolerance(target)
    assert np.array_equal(quantity_holds(qrange, value, target, tolerance),
                          quantity_verdicts(qrange, value, value, target, tolerance)[0])
