"""Readings of the newest model styles (issue #29), end to end on small hand-built worlds: a verb of
gathering or an unknown verb leaves its places unread (``shapeworldice.interpret.concentrations``)."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

#: two shapes in the lower left, one on the right, one in the middle
SPREAD = make_world(("square", "red", 0.2, 0.8), ("circle", "blue", 0.15, 0.85),
                    ("triangle", "green", 0.9, 0.5), ("square", "red", 0.5, 0.5))
#: two gray shapes in the upper right
UPPER_RIGHT = make_world(("pentagon", "gray", 0.8, 0.2), ("circle", "gray", 0.85, 0.15))


@pytest.mark.parametrize("caption,world,expected", [
    # was false: the places read as every shape's ("concentrated in X" is most are there)
    ("The shapes are concentrated in the lower left and along the right side.", SPREAD, A),
    ("The shapes are gathered in the lower left and along the right side.", SPREAD, A),
    ("The shapes are clustered in the lower left and on the right.", SPREAD, A),
    ("The shapes are massed in the lower left.", SPREAD, A),
    ("The circle is glorped in the upper left.", SPREAD, A),  # an unknown verb: its place is unread
    ("The group of shapes is concentrated in the lower half of the image.", SPREAD, A),
    # a list of shapes clustered in a place: each is there, as before
    ("A gray pentagon and a gray circle are clustered in the upper right.", UPPER_RIGHT, A),  # "clustered" vague
    ("A gray pentagon and a gray circle are clustered in the lower left.", UPPER_RIGHT, F),
    # what the rest still says: a shape that does not exist
    ("A yellow star and a gray circle are clustered in the upper right.", UPPER_RIGHT, F),
])
def test_places_of_a_verb_of_gathering(caption, world, expected):
    assert verdict(caption, world) == expected


#: a blue and a cyan shape; two blues; a blue and a red
BLUE_CYAN = make_world(("square", "blue", 0.2, 0.8), ("circle", "cyan", 0.15, 0.85))
BLUES = make_world(("square", "blue", 0.2, 0.8), ("circle", "blue", 0.15, 0.85, 0.06, 0.3))
BLUE_RED = make_world(("square", "blue", 0.2, 0.8), ("circle", "red", 0.15, 0.85))
ONE_CYAN = make_world(("circle", "cyan", 0.5, 0.5))
ONE_RED = make_world(("circle", "red", 0.5, 0.5))


@pytest.mark.parametrize("caption,world,expected", [
    # was true of any colour ("tones" not recorded): a family of colours, cyan a shade of blue
    ("The shapes are in blue tones.", BLUES, T),
    ("The shapes are in blue tones.", BLUE_CYAN, A),
    ("The circle is in blue tones.", ONE_CYAN, A),
    ("The circle is in blue tones.", ONE_RED, F),  # clearly none of blue's neighbours
    ("The circle is in blue hues.", ONE_RED, F),
])
def test_colour_families(caption, world, expected):
    assert verdict(caption, world) == expected


#: two red bars (rectangles) and a yellow circle; a red and a yellow bar and a red circle; no yellow
TWO_RED = make_world(("rectangle", "red", 0.2, 0.8), ("rectangle", "red", 0.5, 0.2), ("circle", "yellow", 0.9, 0.5))
RED_YELLOW = make_world(("rectangle", "red", 0.2, 0.8), ("rectangle", "yellow", 0.5, 0.2), ("circle", "red", 0.9, 0.5))
NO_YELLOW = make_world(("rectangle", "red", 0.2, 0.8), ("rectangle", "red", 0.5, 0.2))


@pytest.mark.parametrize("caption,world,expected", [
    # was false: "one red" read as exactly one red shape of the whole picture
    ("There are two bars, one red and one yellow.", TWO_RED, A),
    ("There are two bars, one red and one yellow.", RED_YELLOW, A),
    ("There are two stripes, one red and one yellow.", TWO_RED, A),
    # a shape noun: "one" takes it, as before
    ("There are two rectangles, one red and one yellow.", RED_YELLOW, T),
    ("There are two rectangles, one red and one yellow.", NO_YELLOW, F),
    # an item of a later sentence keeps its own colour ("a blue yellow triangle" was the old mistake)
    ("There are two yellow triangles. There is a blue one.", make_world(
        ("triangle", "yellow", 0.2, 0.2), ("triangle", "yellow", 0.5, 0.2), ("triangle", "blue", 0.8, 0.2)), T),
])
def test_items_of_a_counted_plural(caption, world, expected):
    assert verdict(caption, world) == expected


def test_one_shape_gathered_somewhere_is_there():
    # found in review: the place of one shape was dropped with the gathering verb (vague, where it is false)
    world = make_world(("square", "red", 0.8, 0.8), ("circle", "blue", 0.2, 0.2))
    assert verdict("A red square is clustered in the upper left.", world) == F
