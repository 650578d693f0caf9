"""Description counts kept on a large sample, and the pools' one-candidate evaluators that read them:
a candidate's truth in a prior span (thousands of worlds, counts and relation matrices kept on the
sample) is its truth in the same worlds asked a few at a time (counted and computed for the worlds
asked alone)."""
from __future__ import annotations

import numpy as np

from shapeworldice.captions import clause_pool, proximity_pool, relation_pool, selection_pool
from shapeworldice.captions.coreference_truth import coreference_truth
from shapeworldice.captions.describe import DESCRIPTION_CODES, FITS, sample_types
from shapeworldice.captions.description_counts import KEPT_COUNT_WORLDS, conjunction, description_counts
from shapeworldice.captions.discourse import CoreferenceSampler
from shapeworldice.captions.relation_pool import KEPT_RELATION_WORLDS
from shapeworldice.data import load_definition
from shapeworldice.semantics.selection import SELECTORS
from shapeworldice.world.columns import WorldSample
from shapeworldice.world.sampling import WorldSampler

WORLDS = WorldSampler(load_definition("relational-proximity").world_config)


def _sample(size: int, seed: int) -> WorldSample:
    return WorldSample.of([WORLDS.sample(np.random.default_rng([seed, i]), "test") for i in range(size)])


LARGE = max(KEPT_COUNT_WORLDS, KEPT_RELATION_WORLDS) + 44


def test_conjunction_is_the_description_both_fit():
    """Every pair of description codes: the conjunction fits exactly the object types both fit, or is
    None where none does."""
    for a in range(DESCRIPTION_CODES):
        for b in range(DESCRIPTION_CODES):
            both, code = FITS[a] & FITS[b], conjunction(a, b)
            if code is None:
                assert not both.any()
            else:
                assert (FITS[code] == both).all()


def test_counts_are_the_fitting_entities_large_or_small():
    """On a large sample (kept counts of every description) and a small one (the codes asked alone), the
    counts are how many entities of each world fit each description."""
    for size in (LARGE, 20):
        sample = _sample(size, size)
        codes = list(range(DESCRIPTION_CODES))
        expected = FITS[codes][:, sample_types(sample)[0]].sum(axis=2).T
        assert np.array_equal(description_counts(sample, codes), expected)
        assert np.array_equal(description_counts(sample, [5, 0, 5]), expected[:, [5, 0, 5]])


def _check_split(truth_of, pool, sample: WorldSample, candidates) -> None:
    """Each candidate's truth in the large sample is its truth in its pieces of 32 worlds, and the
    candidates are true of some worlds (the check is not vacuous)."""
    pieces = [sample.select(np.arange(a, min(a + 32, sample.size))) for a in range(0, sample.size, 32)]
    found = 0
    for k in candidates:
        whole = truth_of(pool, int(k), sample)
        assert np.array_equal(whole, np.concatenate([truth_of(pool, int(k), p) for p in pieces]))
        found += int(whole.sum())
    assert found


def test_pool_evaluators_agree_on_a_prior_span_and_its_pieces():
    sample = _sample(LARGE, 7)
    rng = np.random.default_rng(3)
    world = WORLDS.sample(np.random.default_rng(99), "test")
    for module, pool in ((proximity_pool, proximity_pool.proximity_pool(world)),
                         (relation_pool, relation_pool.relation_pool(world, ("x-rel", "y-rel"))),
                         (clause_pool, clause_pool.clause_pool(world, ("x-rel", "y-rel"))),
                         (selection_pool, selection_pool.selection_pool(world, tuple(SELECTORS)))):
        candidates = rng.choice(len(pool), size=min(25, len(pool)), replace=False)
        _check_split(module.truth_of, pool, sample, candidates)


def test_coreference_truth_agrees_on_a_prior_span_and_its_pieces():
    sample = _sample(LARGE, 8)
    sampler, rng = CoreferenceSampler(), np.random.default_rng(4)
    pieces = [sample.select(np.arange(a, min(a + 32, sample.size))) for a in range(0, sample.size, 32)]
    checked = found = 0
    for seed in range(60):
        caption = sampler(WORLDS.sample(np.random.default_rng([5, seed]), "test"), rng)
        evaluate = None if caption is None else coreference_truth(caption)
        if evaluate is None:
            continue
        whole = evaluate(sample)
        assert np.array_equal(whole, np.concatenate([evaluate(p) for p in pieces]))
        checked, found = checked + 1, found + int(whole.sum())
    assert checked >= 20 and found
