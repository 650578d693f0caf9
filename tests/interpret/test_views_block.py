"""A re-fill block gathers the very worlds the re-fills one at a time give: same columns, same
padding, for every view kind (the view bound's decisions, and so the built bytes, rest on it)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from shapeworldice.data.definition import load_definition
from shapeworldice.interpret.prior import WorldSample, sample_worlds
from shapeworldice.interpret.refill import SKILL_KINDS, Refiller
from shapeworldice.world.columns import assemble, stack

_COLUMNS = ("x", "y", "shape", "color", "shade", "area", "present")


@pytest.fixture(scope="module")
def samples():
    definition = load_definition("spatial-multishapes")
    return sample_worlds(definition, 300), sample_worlds(definition, 40, seed=3)


def _same(a: WorldSample, b: WorldSample) -> None:
    for c in _COLUMNS:
        left, right = getattr(a, c), getattr(b, c)
        assert left.dtype == right.dtype, c
        np.testing.assert_array_equal(left, right, err_msg=c)


@settings(max_examples=20, deadline=None)
@given(view=st.sampled_from(SKILL_KINDS), seed=st.integers(0, 3), refills=st.integers(1, 9),
       chosen=st.lists(st.integers(0, 39), min_size=1, max_size=5))
def test_a_block_is_the_worlds_refilled_one_at_a_time(samples, view, seed, refills, chosen):
    donors, test = samples
    refiller = Refiller(view, donors, test, seed)
    one_by_one = assemble([refiller.world(i, r) for i in chosen for r in range(refills)])
    _same(refiller.sample(refills, chosen), one_by_one)


@pytest.fixture(scope="module")
def crowded():
    definition = load_definition("quantification-count")
    return sample_worlds(definition, 200), sample_worlds(definition, 40, seed=3)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 3), refills=st.integers(1, 9), chosen=st.lists(st.integers(0, 39), min_size=1, max_size=5))
def test_an_object_set_block_of_crowded_worlds_is_its_worlds_refilled_one_at_a_time(crowded, seed, refills, chosen):
    """Object-set re-fills are gathered as one block too: scenes of 5-15 objects, many kinds each."""
    donors, test = crowded
    refiller = Refiller("object-set", donors, test, seed)
    one_by_one = assemble([refiller.world(i, r) for i in chosen for r in range(refills)])
    _same(refiller.sample(refills, chosen), one_by_one)


def test_an_empty_image_and_an_empty_stack_keep_the_padding_rules(samples):
    donors, _ = samples
    empty = WorldSample.of([])
    assert stack([]).size == 0 and stack([]).n == 1
    refiller = Refiller("object-bag", donors, WorldSample.of([]), 0)
    assert refiller.sample(4).size == 0
    assert empty.size == 0
