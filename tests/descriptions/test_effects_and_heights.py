"""Constructions of descriptions that add nothing the world model records (a verb of effect with what
it causes, "whose" + a shape's own part, a fronted participle of the describer's path, "such as"
examples) and the places "at mid-height" and "at upper left": each reads as the plain sentence."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

RED_BLUE = make_world(("square", "red", 0.3, 0.3), ("circle", "blue", 0.7, 0.7))
RED_ONLY = make_world(("square", "red", 0.3, 0.3))


@pytest.mark.parametrize("extra,plain", [
    ("The square is red, which makes it stand out.", "The square is red."),
    ("The square is red, which gives it a calm, balanced look.", "The square is red."),
    ("The square is red, which creates a strong contrast with the background.", "The square is red."),
    ("There is a red square, which makes the circle stand out.", "There is a red square."),
    ("Moving right, a blue circle sits near the bottom.", "A blue circle sits near the bottom."),
    ("A red square stands upright at a slight tilt.", "A red square stands upright."),
    ("There is a blue semicircle whose flat side faces down.", "There is a blue semicircle."),
    ("The square and the circle overlap in a few places.", "The square and the circle overlap."),
])
@pytest.mark.parametrize("world", [RED_BLUE, RED_ONLY], ids=["red-blue", "red-only"])
def test_what_the_world_model_does_not_record_adds_nothing(extra, plain, world):
    assert verdict(extra, world) == verdict(plain, world)


def test_such_as_names_shapes_that_are_there():
    text = "Shapes such as a red square and a blue circle on a black background."
    assert verdict(text, RED_BLUE) == T and verdict(text, RED_ONLY) == F


@pytest.mark.parametrize("y,expected", [(0.5, T), (0.35, T), (0.25, A), (0.1, F), (0.9, F)])
def test_mid_height_is_the_middle_of_the_height_with_the_centres_margins(y, expected):
    for x in (0.1, 0.5, 0.9):  # the width is not said
        assert verdict("A red square sits at about mid-height.", make_world(("square", "red", x, y))) == expected


@pytest.mark.parametrize("x,y", [(0.2, 0.2), (0.8, 0.2), (0.2, 0.8), (0.45, 0.45), (0.8, 0.8)])
def test_at_upper_left_without_the_is_in_the_upper_left(x, y):
    world = make_world(("square", "red", x, y))
    assert verdict("A red square sits at upper left.", world) == verdict("A red square sits in the upper left.", world)


def test_similar_in_size_is_never_decided_by_itself():
    world = make_world(("circle", "red", 0.3, 0.3), ("square", "blue", 0.7, 0.7, 0.2))
    assert verdict("There is a red circle similar in size to the blue square.", world) == A


@pytest.mark.parametrize("ellipse_y,expected", [(0.2, T), (0.9, F)])
def test_a_coordinated_subject_after_a_fronted_place_is_placed_whole(ellipse_y, expected):
    # "Above the circle is A and B": each is above the circle (the copula agrees with the first)
    world = make_world(("circle", "gray", 0.5, 0.7), ("square", "red", 0.5, 0.3), ("ellipse", "blue", 0.3, ellipse_y))
    assert verdict("Above the circle is a red square and a blue ellipse.", world) == expected


@pytest.mark.parametrize("y", [0.1, 0.33, 0.5, 0.9])
def test_a_part_of_the_way_down_is_never_decided_by_itself(y):
    world = make_world(("square", "red", 0.3, y))
    assert verdict("A red square sits about a third of the way down from the top.", world) == A
