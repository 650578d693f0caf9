"""A quantifier candidate's truth from its world's counts (:mod:`shapeworldice.captions.counted`):
its rule looked up in a grid answers as the pool's counted truth table does, and the worlds it
calls certain under a binding view keep it true in every re-fill."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.captions.comparative_quantifiers import ComparativeSampler, NumberBoundSampler
from shapeworldice.captions.counted import GRID, census_counts, census_tables
from shapeworldice.captions.quantifiers import QuantifierSampler
from shapeworldice.data import load_definition
from shapeworldice.interpret.refill import Refiller
from shapeworldice.world.columns import WorldSample
from shapeworldice.world.sampling import WorldSampler

WORLDS = WorldSampler(load_definition("quantification-complex").world_config)
SAMPLERS = (QuantifierSampler("count"), QuantifierSampler("ratio"), NumberBoundSampler(), ComparativeSampler())


def _sample(rng: np.random.Generator, size: int) -> WorldSample:
    return WorldSample.of([WORLDS.sample(np.random.default_rng(int(s)), "train")
                           for s in rng.integers(0, 2**32, size=size)])


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_grid_truth_table_is_the_counted_one(seed):
    """Each sampler's pool truth table, looked up in its rules' grids, equals the one counted from the
    worlds' shape–colour tables by the templates' verdicts (every candidate, every world), and one
    candidate's evaluator gives its row."""
    rng = np.random.default_rng(seed)
    world = WORLDS.sample(rng, "train")
    sample = _sample(rng, 40)
    assert census_counts(sample).max() < GRID
    for sampler in SAMPLERS:
        pool = sampler.pool(world)
        if not len(pool):
            continue
        table = sampler.truth_table(pool, sample)
        assert np.array_equal(table, sampler.truth_from_tables(pool, census_tables(sample)))
        for k in rng.choice(len(pool), size=min(10, len(pool)), replace=False):
            assert np.array_equal(sampler.evaluator(pool, int(k))(sample), table[k])


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_certain_worlds_keep_the_candidate_true_in_every_refill(seed):
    """A world the evaluator calls certain under ``colours-shapes-unbound`` has the candidate true in
    every one of its 32 re-fills; under ``object-bag`` certain is true; under ``object-set`` unknown.
    Some candidates are found certain somewhere (the check is not vacuous)."""
    rng = np.random.default_rng(seed)
    donors = _sample(rng, 60)
    refiller = Refiller("colours-shapes-unbound", donors, donors, 0)
    rows = np.arange(donors.size)
    found = 0
    for sampler in SAMPLERS:
        pool = sampler.pool(WORLDS.sample(rng, "train"))
        for k in rng.choice(len(pool), size=min(12, len(pool)), replace=False):
            evaluate = sampler.evaluator(pool, int(k))
            certain = evaluate.certain_in("colours-shapes-unbound", donors, rows)
            truth = evaluate(donors)
            assert np.array_equal(evaluate.certain_in("object-bag", donors, rows), truth)
            assert evaluate.certain_in("object-set", donors, rows) is None
            for i in np.flatnonzero(certain):
                assert truth[i] and evaluate(refiller.drawn(int(i), 32)).all()
            found += int(certain.sum())
    assert found


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_comparative_pool_by_grid_is_the_pool_by_template(seed):
    """A comparative pool assembled from every template's grid at once lists the candidates of the
    template-by-template loop in the same order with the same weights."""
    from shapeworldice.captions import comparative_quantifiers as cq
    from shapeworldice.captions.describe import Census

    table = Census.of(WORLDS.sample(np.random.default_rng(seed), "train")).table
    (loop, opened), (grid, grid_opened) = cq._by_template(table), cq._by_grid(table)
    assert opened == grid_opened
    for a, b in zip(loop, grid):
        assert a.dtype.kind == b.dtype.kind and np.array_equal(a, b)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), qtype=st.sampled_from(["count", "ratio"]))
def test_the_quantifier_pool_from_grids_is_the_pool_from_verdicts(seed, qtype):
    """A quantifier pool whose fillings' verdicts are looked up in the templates' grids is the pool
    assembled from the templates' verdicts: the same candidates, order and weights."""
    from shapeworldice.captions.describe import Census
    from shapeworldice.captions.quantifiers import assemble_pool, structure_counts

    sampler, world = QuantifierSampler(qtype), WORLDS.sample(np.random.default_rng(seed), "train")
    table = Census.of(world).table[None]
    structures, _ = sampler._fillings(world)
    expected = assemble_pool(structures, [sampler._verdicts(c, *structure_counts(c, table))[:, 0, :]
                                          for c in structures])
    pool = sampler.pool(world)
    for name in ("structure", "filling", "template", "weight"):
        assert getattr(pool, name).dtype == getattr(expected, name).dtype
        assert np.array_equal(getattr(pool, name), getattr(expected, name))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_census_counts_are_the_objects_counted_one_by_one(seed):
    """A padded sample's counts (cells, each colour, each shape, all) are those of counting its present
    objects one at a time, as 16-bit integers."""
    rng = np.random.default_rng(seed)
    size, width = int(rng.integers(1, 40)), int(rng.integers(1, 16))
    present = rng.random((size, width)) < 0.7
    shape = np.where(present, rng.integers(0, 8, (size, width)), -1)
    color = np.where(present, rng.integers(0, 7, (size, width)), -1)
    zero = np.zeros((size, width))
    sample = WorldSample(zero, zero, shape, color, zero, zero, present)
    tables = np.zeros((size, 8, 7), dtype=np.int64)
    for w, e in zip(*np.nonzero(present)):
        tables[w, shape[w, e], color[w, e]] += 1
    wanted = np.concatenate([tables.reshape(size, 56), tables.sum(axis=1), tables.sum(axis=2),
                             tables.sum(axis=(1, 2))[:, None]], axis=1)
    assert census_counts(sample).dtype == np.int16
    assert np.array_equal(census_tables(sample), tables)
    assert np.array_equal(census_counts(sample), wanted)
