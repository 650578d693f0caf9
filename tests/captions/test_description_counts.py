"""Description counts kept on a large sample, and the pools' one-candidate evaluators that read them:
a candidate's truth in a prior span (thousands of worlds, counts and relation matrices kept on the
sample) is its truth in the same worlds asked a few at a time (counted and computed for the worlds
asked alone)."""
from __future__ import annotations

from typing import Iterator

import numpy as np
import pytest

from shapeworldice.captions import clause_pool, proximity_pool, relation_pool, selection_pool
from shapeworldice.captions.coreference_truth import coreference_truth
from shapeworldice.captions.describe import DESCRIPTION_CODES, FITS, sample_types
from shapeworldice.captions.description_counts import KEPT_COUNT_WORLDS, conjunction, description_counts
from shapeworldice.captions.discourse import CoreferenceSampler
from shapeworldice.data import load_definition
from shapeworldice.interpret.refill import Refiller
from shapeworldice.semantics.selection import SELECTORS
from shapeworldice.world.columns import WorldSample, stack
from shapeworldice.world.sampling import WorldSampler

WORLDS = WorldSampler(load_definition("relational-proximity").world_config)


def _sample(size: int, seed: int) -> WorldSample:
    return WorldSample.of([WORLDS.sample(np.random.default_rng([seed, i]), "test") for i in range(size)])


LARGE = KEPT_COUNT_WORLDS + 44


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


def _pool(module, world):
    """``module``'s pool of ``world`` (the samplers' relations and selectors)."""
    if module is proximity_pool:
        return proximity_pool.proximity_pool(world)
    if module is selection_pool:
        return selection_pool.selection_pool(world, tuple(SELECTORS))
    return module.relation_pool(world, ("x-rel", "y-rel")) if module is relation_pool \
        else module.clause_pool(world, ("x-rel", "y-rel"))


def test_pool_evaluators_agree_on_a_prior_span_and_its_pieces():
    sample = _sample(LARGE, 7)
    rng = np.random.default_rng(3)
    world = WORLDS.sample(np.random.default_rng(99), "test")
    for module in (proximity_pool, relation_pool, clause_pool, selection_pool):
        pool = _pool(module, world)
        candidates = rng.choice(len(pool), size=min(25, len(pool)), replace=False)
        _check_split(module.truth_of, pool, sample, candidates)


def _coreference_evaluators(stream: int, seed: int) -> Iterator:
    """The column evaluators of the coreference captions sampled on 60 test worlds (those it has)."""
    sampler, rng = CoreferenceSampler(), np.random.default_rng(seed)
    for k in range(60):
        caption = sampler(WORLDS.sample(np.random.default_rng([stream, k]), "test"), rng)
        evaluate = None if caption is None else coreference_truth(caption)
        if evaluate is not None:
            yield evaluate


def test_coreference_truth_agrees_on_a_prior_span_and_its_pieces():
    sample = _sample(LARGE, 8)
    pieces = [sample.select(np.arange(a, min(a + 32, sample.size))) for a in range(0, sample.size, 32)]
    checked = found = 0
    for evaluate in _coreference_evaluators(5, 4):
        whole = evaluate(sample)
        assert np.array_equal(whole, np.concatenate([evaluate(p) for p in pieces]))
        checked, found = checked + 1, found + int(whole.sum())
    assert checked >= 20 and found


def _refill_blocks() -> list[WorldSample]:
    """Twelve donors' re-fills (blocks of different widths, no padding)."""
    donors = _sample(120, 9)
    refiller = Refiller("object-bag", donors, donors, 0)
    return [refiller.drawn(i, 32) for i in range(12)]


def _padded_blocks() -> list[WorldSample]:
    """Twelve padded samples of one to eight worlds (a block asked in every world at once must give
    padding no description and no relation)."""
    return [_sample(1 + i % 8, 30 + i) for i in range(12)]


@pytest.mark.parametrize("blocks_of", [_refill_blocks, _padded_blocks])
def test_truth_on_blocks_is_the_truth_on_them_stacked(blocks_of):
    """A pool candidate's truth on several donors' re-fills laid side by side (blocks of different
    widths, each block's types kept on it), or on padded samples, is its truth on the blocks stacked,
    and on each alone."""
    blocks = blocks_of()
    assert len({b.n for b in blocks}) > 2
    rng = np.random.default_rng(6)
    world = WORLDS.sample(np.random.default_rng(98), "test")
    modules = [m for m in (proximity_pool, relation_pool, clause_pool, selection_pool) if hasattr(m, "truth_on_blocks")]
    assert modules
    found = 0
    for module in modules:
        pool = _pool(module, world)
        for k in rng.choice(len(pool), size=min(30, len(pool)), replace=False):
            for group in (blocks[:1], blocks[1:3], blocks[3:12]):
                on_blocks = module.truth_on_blocks(pool, int(k), group)
                assert np.array_equal(on_blocks, module.truth_of(pool, int(k), stack(group)))
                found += int(on_blocks.sum())
    assert found


def test_coreference_truth_on_blocks_is_its_truth_on_them_stacked():
    donors = _sample(120, 10)
    refiller = Refiller("object-bag", donors, donors, 0)
    blocks = [refiller.drawn(i, 32) for i in range(10)]
    checked = found = 0
    for evaluate in _coreference_evaluators(6, 7):
        for group in (blocks[:1], blocks[1:4], blocks[4:]):
            on_blocks = evaluate.on_blocks(group)
            assert np.array_equal(on_blocks, evaluate(stack(group)))
            found += int(on_blocks.sum())
        checked += 1
    assert checked >= 20 and found


def test_the_selection_pool_picks_out_what_the_selectors_masks_pick_out():
    """For every selector, value, scope kind (and comparison), the entities the pool finds picked out
    over their own description are those the selector's masks agree on in the world (the sampler's
    test), with the comparison left out of a proximity selector's scope."""
    from shapeworldice.captions.describe import describe
    from shapeworldice.captions.selection_pool import SCOPE_KINDS, _selected, scope_kinds
    from shapeworldice.semantics.components import EntityType, Selector

    kinds_of = {SCOPE_KINDS[0]: frozenset(), SCOPE_KINDS[1]: frozenset({"shape"}), SCOPE_KINDS[2]: frozenset({"color"})}
    picked_any = 0
    for seed in range(4):
        world = WORLDS.sample(np.random.default_rng([11, seed]), "test")
        a = world.arrays
        cols = {"x": a.x, "y": a.y, "area": a.area, "shade": a.shade, "shape": np.asarray(a.shape, dtype=np.int64),
                "color": np.asarray(a.color, dtype=np.int64)}
        n = len(world)
        for predtype, values in SELECTORS.items():
            law = tuple(k for k, _ in scope_kinds(predtype))
            selected = _selected(predtype, values, cols, law)
            for v, value in enumerate(values):
                for k, kinds in enumerate(law):
                    for e in range(n):
                        if selected.ndim == 3:
                            mask = Selector(predtype, describe(world, e, kinds_of[kinds]), value).masks(a)
                            assert bool(selected[v, k, e]) == bool(mask.agree[e])
                            picked_any += int(selected[v, k, e])
                            continue
                        for c in range(n):
                            comparison = Selector("unique", EntityType.of(shape=world.entities[c].shape,
                                                                          color=world.entities[c].color))
                            if sum(1 for o in world.entities if (o.shape, o.color) ==
                                   (world.entities[c].shape, world.entities[c].color)) != 1:
                                continue  # the comparison must describe c alone
                            mask = Selector(predtype, describe(world, e, kinds_of[kinds]), value, comparison).masks(a)
                            assert bool(selected[v, k, e, c]) == bool(mask.agree[e])
                            picked_any += int(selected[v, k, e, c])
    assert picked_any
