"""Side phrases of a named shape and demonstratives, end to end (parse, judge, truth) on small
hand-built worlds: "to its lower left" is relative to what "its" names, a shape coordinated with
"its left" inside a "with"-phrase is one more item of it, "this / that square" is "the square",
"immediately" adds nothing to a relation. Meanings: docs/descriptions.md.
"""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

#: a gray square low in the picture and a pentagon in the picture's lower left but above the square
ABOVE_IN_LOWER_LEFT = make_world(("square", "gray", 0.35, 0.95), ("pentagon", "green", 0.2, 0.7))
#: a pentagon clearly below the square and somewhat to its left (a diagonal: at best vague)
BELOW_LEFT = make_world(("square", "gray", 0.5, 0.2), ("pentagon", "green", 0.3, 0.8))


@pytest.mark.parametrize("caption,world,expected", [
    # the pentagon is in the picture's lower left, but not below the square: false, not true
    ("A gray square is at the bottom, with a green pentagon to its lower left.", ABOVE_IN_LOWER_LEFT, F),
    ("A gray square is at the bottom, and to its lower left is a green pentagon.", ABOVE_IN_LOWER_LEFT, F),
    ("A gray square is at the top, with a green pentagon to its lower left.", BELOW_LEFT, A),
    ("A gray square is at the top, with a green pentagon to its left.", BELOW_LEFT, A),
])
def test_its_lower_left_is_below_and_left_of_its_shape(caption, world, expected):
    assert verdict(caption, world) == expected


WITH_TWO = make_world(("triangle", "red", 0.5, 0.3), ("semicircle", "cyan", 0.2, 0.3),
                      ("rectangle", "magenta", 0.45, 0.8))


@pytest.mark.parametrize("caption,world,expected", [
    ("There is a red triangle, with a cyan semicircle to its left and a pink rectangle below it.", WITH_TWO, T),
    # the second item is claimed: with no such rectangle the sentence is false, not left out
    ("There is a red triangle, with a cyan semicircle to its left and a pink rectangle below it.",
     make_world(("triangle", "red", 0.5, 0.3), ("semicircle", "cyan", 0.2, 0.3)), F),
    ("There is a red triangle, with a cyan semicircle to its right and a pink rectangle below it.", WITH_TWO, F),
])
def test_a_shape_coordinated_with_its_side_is_an_item_of_the_with_phrase(caption, world, expected):
    assert verdict(caption, world) == expected


SQUARE_OVER_CIRCLE = make_world(("square", "red", 0.5, 0.2), ("circle", "blue", 0.5, 0.7))


@pytest.mark.parametrize("caption,expected", [
    ("There is a red square. A blue circle is below that square.", T),
    ("There is a red square. A blue circle is above this square.", F),
    ("There is a blue circle. A red square is immediately above it.", T),
    ("The red square is immediately below the blue circle.", F),
])
def test_demonstratives_are_definites_and_immediately_adds_nothing(caption, expected):
    assert verdict(caption, SQUARE_OVER_CIRCLE) == expected
