"""Side phrases of a named shape and demonstratives, end to end (parse, judge, truth) on small
hand-built worlds: "to its lower left" is relative to what "its" names, a shape coordinated with
"its left" inside a "with"-phrase is one more item of it, "this / that square" is "the square",
"immediately" adds nothing to a relation, "a couple of X" is "some X", "the image is filled with X"
says X is there, "X overlaps Y on its right" leaves the side vague. Meanings: docs/descriptions.md.
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


TWO_GRAY = make_world(("rectangle", "gray", 0.2, 0.3), ("rectangle", "gray", 0.7, 0.6), ("pentagon", "green", 0.5, 0.8))


@pytest.mark.parametrize("caption,world,expected", [
    ("There are a couple of gray rectangles.", TWO_GRAY, T),
    ("The image shows a green pentagon and a couple of gray rectangles.", TWO_GRAY, T),
    ("There are a couple of gray rectangles.", make_world(("rectangle", "gray", 0.2, 0.3)), A),  # one: vague
    ("There are a couple of red rectangles.", TWO_GRAY, F),
])
def test_a_couple_of_is_some(caption, world, expected):
    """The grammar reads "a couple of X" as the partitive "some of X": at least one, clearly from two."""
    assert verdict(caption, world) == expected


@pytest.mark.parametrize("caption,expected", [
    ("The image is filled with gray rectangles.", T),
    ("This image is filled with shapes.", T),
    ("The picture is filled with red circles.", F),
])
def test_filled_with_is_what_the_image_shows(caption, expected):
    assert verdict(caption, TWO_GRAY) == expected


#: a triangle overlapping the right side of a circle (the circle is left of the triangle)
ON_ITS_RIGHT = make_world(("triangle", "yellow", 0.56, 0.5), ("circle", "green", 0.44, 0.5, 0.1))


@pytest.mark.parametrize("caption,world,expected", [
    # "its" may be the triangle's (the circle right of it: false) or the circle's (its right side: true)
    ("A yellow triangle overlaps a green circle on its right.", ON_ITS_RIGHT, A),
    ("A yellow triangle overlaps a green circle on its left.", ON_ITS_RIGHT, A),
    # no contact: false on either reading
    ("A yellow triangle overlaps a green circle on its right.",
     make_world(("triangle", "yellow", 0.9, 0.5), ("circle", "green", 0.2, 0.5)), F),
])
def test_a_side_on_the_object_of_a_contact_verb_is_vague(caption, world, expected):
    assert verdict(caption, world) == expected
