"""A re-fill's generator is seeded by the words ``seed, stream, code, key, r``, a world's one generator
(the view bound's) by ``seed, stream, code, key`` (its key: the CRC of the world's columns,
:func:`world_key`): converted as one array or as a list of ints, the draws are the same, so the
re-fills, the view bound's decisions and the built bytes do not depend on how the words are handed
to NumPy."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

from shapeworldice.interpret.prior import WorldSample
from shapeworldice.interpret.refill import _VIEW_STREAM, Refiller, generator, world_generator
from shapeworldice.interpret.views import WorldKey, world_key
from shapeworldice.world.model import World

_WORD = st.integers(0, 2 ** 33)  # past 32 bits too: those words go in as a list


def _draws(rng: np.random.Generator) -> list:
    return [int(rng.integers(37)), rng.permutation(9).tolist(), rng.integers(5, size=3).tolist(),
            float(rng.random()), rng.permutation(4).tolist()]


@settings(max_examples=60, deadline=None)
@given(seed=_WORD, code=st.integers(0, 8), key=_WORD, r=st.integers(0, 64))
def test_the_generator_draws_as_one_seeded_by_the_list_of_words(seed, code, key, r):
    listed = np.random.default_rng([seed, _VIEW_STREAM, code, key, r])
    assert _draws(generator(seed, code, key, r)) == _draws(listed)


@settings(max_examples=20, deadline=None)
@given(seed=_WORD, key=_WORD, refills=st.integers(1, 40))
def test_a_blocks_generators_are_the_re_fills_own(seed, key, refills):
    refiller = Refiller("object-bag", WorldSample.of([]), WorldSample.of([]), seed, keys=[key])
    together = [_draws(g) for g in refiller._generators(0, refills)]
    assert together == [_draws(refiller._generator(0, r)) for r in range(refills)]


def test_a_world_key_is_computed_once_per_world_and_is_the_key_of_its_columns():
    first, second = World(entities=()), World(entities=(), size=32)
    key = WorldKey()
    sample, value = key(first)
    assert value == world_key(first) and sample.size == 1
    assert key(first)[0] is sample  # the same world again: kept
    assert key(second)[1] == world_key(second) != value


@settings(max_examples=60, deadline=None)
@given(seed=_WORD, code=st.integers(0, 8), key=_WORD)
def test_a_worlds_one_generator_draws_as_one_seeded_by_the_list_of_four_words(seed, code, key):
    listed = np.random.default_rng([seed, _VIEW_STREAM, code, key])
    assert _draws(world_generator(seed, code, key)) == _draws(listed)
    assert _draws(world_generator(seed, code, key)) != _draws(generator(seed, code, key, 0))
