""""The larger pink triangle": a ``-two`` selector whose colour, tone or size words only may fit some
shapes (``described_two`` in :mod:`shapeworldice.interpret.selector_tables`). Its scope is the
shapes that clearly are triangles and may be pink: with two, the larger of those two; with three or
more, one of those clearly larger than another (true when the sentence holds of each of them,
false when of none); with one, ShapeWorld's selector (never true, false when the sentence fails of
the one triangle). ShapeWorld's own selector ("the bigger
square", no word of looks) is unchanged."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T
from tests.interpret.test_descriptions import check

# a magenta triangle (clearly pink), large, upper left; a light red one (pink vague), small, lower right
PAIR = make_world(("triangle", "magenta", 0.2, 0.2, 0.12), ("triangle", "red", 0.8, 0.8, 0.05, 0.3))
# three pink triangles: a small one on the left, two large ones on the right
THREE = make_world(("triangle", "magenta", 0.2, 0.5, 0.04), ("triangle", "magenta", 0.8, 0.2, 0.10),
                   ("triangle", "magenta", 0.8, 0.8, 0.12))
# three pink triangles of one size but one: the large one at the top left
THREE_ONE_LARGE = make_world(("triangle", "magenta", 0.2, 0.2, 0.12), ("triangle", "magenta", 0.5, 0.8, 0.05),
                             ("triangle", "magenta", 0.8, 0.8, 0.05))
# one pink triangle and a blue square
ONE = make_world(("triangle", "magenta", 0.2, 0.2, 0.12), ("square", "blue", 0.8, 0.8, 0.05))


@pytest.mark.parametrize("caption,world,expected", [
    # two triangles that may be pink: the larger of the two
    ("The larger pink triangle is in the upper left.", PAIR, T),
    ("The larger pink triangle is in the lower right.", PAIR, F),
    ("The smaller pink triangle is in the lower right.", PAIR, T),
    ("The smaller pink triangle is at the top.", PAIR, F),
])
def test_two_shapes_of_the_kind(caption, world, expected):
    check(caption, world, expected)


@pytest.mark.parametrize("caption,world,expected", [
    # "the larger" of three: either large one on the right may be meant
    ("The larger pink triangle is on the right.", THREE, T),
    ("The larger pink triangle is on the left.", THREE, F),
    ("The larger pink triangle is at the top.", THREE, A),
    ("The smaller pink triangle is on the left.", THREE, A),  # the middle one is smaller than the largest
    # one clearly larger than the other two: it, and only it, may be meant
    ("The larger pink triangle is in the upper left.", THREE_ONE_LARGE, T),
    ("The larger pink triangle is at the bottom.", THREE_ONE_LARGE, F),
    # "the smaller" of three: the two small ones may be meant
    ("The smaller pink triangle is at the bottom.", THREE_ONE_LARGE, T),
    ("The smaller pink triangle is in the upper left.", THREE_ONE_LARGE, F),
])
def test_three_shapes_of_the_kind(caption, world, expected):
    check(caption, world, expected)


@pytest.mark.parametrize("caption,world,expected", [
    # one triangle: nothing to compare it with among its kind (never true)
    ("The larger pink triangle is in the upper left.", ONE, A),
    ("The larger pink triangle is in the lower right.", ONE, F),
    # ShapeWorld's selector without words of looks stays as it was (vague with three squares)
    ("The bigger triangle is on the right.", THREE, A),
])
def test_no_comparison_or_no_words_of_looks(caption, world, expected):
    check(caption, world, expected)
