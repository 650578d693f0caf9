"""The axis relations a sample keeps (one function for the pooled and coreference evaluators): the
general relation tests of each world, under each value, padding pairs agreeing with nothing."""
from __future__ import annotations

import numpy as np

from shapeworldice.captions.axis_relations import axis_agree, axis_relation, axis_tests
from shapeworldice.data import load_definition
from shapeworldice.semantics.relations import conditions
from shapeworldice.world.columns import WorldSample
from shapeworldice.world.model import WorldArrays
from shapeworldice.world.sampling import WorldSampler

WORLDS = WorldSampler(load_definition("coreference").world_config)
SMALL = WorldSampler(load_definition("spatial-twoshapes").world_config)


def _padded(seed: int, size: int) -> WorldSample:
    """A padded sample of worlds of 2 to 10 objects."""
    rng = np.random.default_rng(seed)
    return WorldSample.of([[WORLDS, SMALL][i % 2].sample(rng, "test") for i in range(size)])


def _gridded(sample: WorldSample) -> WorldSample:
    """``sample`` with its positions rounded to a grid of 0.1 (distances of exactly 0 and of the margin)."""
    return WorldSample(np.round(sample.x * 10) / 10, np.round(sample.y * 10) / 10, sample.shape, sample.color,
                       sample.shade, sample.area, sample.present)


def test_kept_relations_are_the_general_tests_under_each_value():
    """Kept (value −1 as the transpose of value 1) or computed, agree and disagree are
    :func:`conditions`' matrices of each world's real entities, padding pairs agreeing with nothing and
    disagreeing with everything; rows cut the kept matrices."""
    for s in (_padded(3, 30), _gridded(_padded(4, 30))):
        assert s.padded and not s.present.all()
        for kind in ("x-rel", "y-rel"):
            assert axis_relation(s, kind, 1)[0] is axis_relation(s, kind, -1)[0].base  # kept, not computed again
            for value in (1, -1):
                kept, direct = axis_relation(s, kind, value), axis_tests(s, kind, value)
                assert np.array_equal(kept[0], direct[0]) and np.array_equal(kept[1], direct[1])
                rows = np.array([0, 3, 7])
                assert np.array_equal(axis_agree(s, kind, value, rows), kept[0][rows])
                for w in range(s.size):
                    k = int(s.present[w].sum())
                    columns = WorldArrays(x=s.x[w, :k], y=s.y[w, :k], shape=s.shape[w, :k], color=s.color[w, :k],
                                          shade=s.shade[w, :k], area=s.area[w, :k], entities=())
                    agree, disagree = conditions(kind, value, columns)
                    assert np.array_equal(kept[0][w, :k, :k], agree)
                    assert np.array_equal(kept[1][w, :k, :k], disagree)
                    assert not kept[0][w, k:].any() and not kept[0][w, :, k:].any()
                    assert kept[1][w, k:].all() and kept[1][w, :, k:].all()
                    assert not np.diagonal(kept[0][w]).any()
