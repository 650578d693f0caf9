""""The pink cross" with no clearly pink cross (``unique`` in :mod:`shapeworldice.interpret.agreement`):
the one cross that may be pink is never taken as the referent, since that would drop the colour word
from the claim (true only when the world clearly makes it true); the claim is vague when the sentence
holds of it and false when it fails of every cross that may be pink."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T
from tests.interpret.test_descriptions import check

# a red cross of a light shade (pink is vague of it) in the upper left, a blue circle below it
ONE_CROSS = make_world(("cross", "red", 0.2, 0.2, 0.06, 0.3), ("circle", "blue", 0.3, 0.8, 0.06))
# two such crosses: which one "the pink cross" means is not decided
TWO_CROSSES = make_world(("cross", "red", 0.2, 0.2, 0.06, 0.3), ("cross", "red", 0.8, 0.8, 0.06, 0.3))
# one light red cross, one crisply magenta (pink) cross: the magenta one is the clear referent
PINK_AND_LIGHT_RED = make_world(("cross", "red", 0.2, 0.2, 0.06, 0.3), ("cross", "magenta", 0.8, 0.8, 0.06))
# one dark red cross (pink is false of it): no cross may be pink
DARK_CROSS = make_world(("cross", "red", 0.2, 0.2, 0.06, -0.3), ("circle", "blue", 0.8, 0.8, 0.06))


@pytest.mark.parametrize("caption,world,expected", [
    ("The pink cross is in the upper left.", ONE_CROSS, A),
    ("The pink cross is in the lower right.", ONE_CROSS, F),
    ("The pink cross is at the bottom.", ONE_CROSS, F),
    ("The pink cross is above the blue circle.", ONE_CROSS, A),
    ("The pink cross is red.", ONE_CROSS, A),
    # several crosses that may be pink: the selector's vagueness stays
    ("The pink cross is in the upper left.", TWO_CROSSES, A),
    ("The pink cross is at the bottom.", TWO_CROSSES, A),
    # a clear referent beside a borderline one: the clear one, never false while the borderline one
    # may make it true
    ("The pink cross is in the lower right.", PINK_AND_LIGHT_RED, T),
    ("The pink cross is in the upper left.", PINK_AND_LIGHT_RED, A),
    ("The pink cross is in the middle.", PINK_AND_LIGHT_RED, F),
])
def test_the_one_possible_referent(caption, world, expected):
    check(caption, world, expected)


@pytest.mark.parametrize("caption,world,expected", [
    # no cross may be pink: not resolved to the dark red cross (never true)
    ("The pink cross is in the upper left.", DARK_CROSS, F),
    # a vague word of the shape itself ("blob") is no kind to resolve by
    ("The pink blob is in the upper left.", ONE_CROSS, A),
])
def test_no_best_match_without_a_clear_kind(caption, world, expected):
    check(caption, world, expected)


# a light red square (orange is never true of anything, only vague of it) and a dark-ish blue square
LIGHT_RED_SQUARE = make_world(("square", "red", 0.2, 0.2, 0.06, 0.3), ("circle", "blue", 0.8, 0.8, 0.06))
BORDERLINE_DARK = make_world(("square", "blue", 0.2, 0.2, 0.06, -0.1), ("circle", "red", 0.8, 0.8, 0.06))


@pytest.mark.parametrize("caption,world,expected", [
    ("The orange square is red.", LIGHT_RED_SQUARE, A),
    ("The orange square is in the upper left.", LIGHT_RED_SQUARE, A),
    ("The dark blue square is in the upper left.", BORDERLINE_DARK, A),
    ("The dark blue square is in the lower right.", BORDERLINE_DARK, F),
])
def test_a_vague_look_word_is_never_dropped_from_the_referent(caption, world, expected):
    check(caption, world, expected)
