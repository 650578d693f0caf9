"""Relations of the columns computed for a whole batch at once give, world for world, the matrices
of each world on its own (padding included), and so the same truths."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from shapeworldice.data.definition import load_definition
from shapeworldice.interpret.agreement import COLUMN_RELATIONS, Agreement, Plan
from shapeworldice.interpret.logic import Shape
from shapeworldice.interpret.prior import sample_worlds


@pytest.fixture(scope="module")
def sample():
    return sample_worlds(load_definition("relational-comparative"), 200)


@settings(max_examples=25, deadline=None)
@given(kind=st.sampled_from(sorted(COLUMN_RELATIONS)), value=st.sampled_from([-1, 1]),
       rows=st.lists(st.integers(0, 199), min_size=1, max_size=12, unique=True))
def test_batched_relation_matrices_are_those_of_each_world(sample, kind, value, rows):
    worlds = sample.select(np.array(rows))
    agreement = Agreement(Plan(Shape("x", "square")), worlds, worlds.arrays)
    agree, disagree = agreement.relation_matrices(kind, value)
    assert agree.shape == disagree.shape == (worlds.size, worlds.n, worlds.n)
    for w in range(worlds.size):
        arrays = worlds.arrays(w)
        k = arrays.n
        own_agree, own_disagree = Agreement._world_relation(kind, value, arrays)
        np.testing.assert_array_equal(agree[w, :k, :k], own_agree)
        np.testing.assert_array_equal(disagree[w, :k, :k], own_disagree)
        assert not agree[w, k:].any() and not agree[w, :, k:].any()
        assert disagree[w, k:].all() and disagree[w, :, k:].all()
