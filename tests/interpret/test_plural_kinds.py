""""The shapes are circles and semicircles", "Most of the shapes are circles and squares": each shape
one of the kinds, and every kind there (``shapeworldice.interpret.kinds``), on hand-built worlds."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

WORLD = make_world(("circle", "red", 0.1, 0.2), ("circle", "blue", 0.4, 0.2), ("semicircle", "red", 0.7, 0.2),
                   ("pentagon", "blue", 0.5, 0.8))


@pytest.mark.parametrize("caption,expected", [
    ("Most of the shapes are circles and semicircles.", T),  # three of four are one or the other
    ("Most of the shapes are circles and squares.", F),  # there is no square
    ("All of the shapes are circles and semicircles.", F),  # the pentagon is neither
    ("Most of the shapes are pentagons and semicircles.", F),  # two of four
])
def test_a_list_of_kinds_said_of_a_plural(caption, expected):
    assert verdict(caption, WORLD) == expected


#: two red circles and a blue square: no red square
_RED_CIRCLES = make_world(("circle", "red", 0.1, 0.5), ("circle", "red", 0.3, 0.5), ("square", "blue", 0.8, 0.5))


@pytest.mark.parametrize("caption,world,expected", [
    # whether both kinds are among the red shapes is not a claim on any one shape: never true
    ("The red shapes are circles and squares.", _RED_CIRCLES, A),
    ("The shapes on the left are circles and squares.", _RED_CIRCLES, A),
    # a red shape of another kind, or a kind the picture lacks, is still false
    ("The red shapes are squares and triangles.", _RED_CIRCLES, F),
    ("The shapes are circles and squares.", _RED_CIRCLES, T),
])
def test_a_subject_with_words_of_its_own_is_not_checked_for_each_kind(caption, world, expected):
    assert verdict(caption, world) == expected


@pytest.mark.parametrize("caption,expected", [
    ("Most of the shapes are regular circles and semicircles.", T),  # "regular" adds nothing to the kinds
    ("Most of the shapes are regular circles and squares.", F),  # still no square
    ("Most of the shapes are tilted pentagons and semicircles.", F),  # a look adds nothing; two of four
])
def test_a_word_that_adds_nothing_keeps_a_list_of_kinds(caption, expected):
    assert verdict(caption, WORLD) == expected
