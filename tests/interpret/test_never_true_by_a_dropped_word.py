"""Words whose reading could turn a false claim true: a bare plural under a negation, an orientation
adverb before a place, "surface" as a shape's part, a relative clause said of a whole coordination.
Each case was a wrong "true" of a reading added for model-written descriptions (found by review)."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

#: a red square touching the only blue circle, a green triangle far away
TOUCHING = make_world(("square", "red", 0.3, 0.3, 0.1), ("circle", "blue", 0.42, 0.3, 0.05),
                      ("triangle", "green", 0.8, 0.8))


@pytest.mark.parametrize("caption", [
    "A green triangle. The red square does not touch blue circles.",
    "A red square does not touch blue circles.",
    "A red square is not next to blue circles.",
])
def test_a_bare_plural_under_a_negation_keeps_its_open_count(caption):
    # "two or more" under "not" would make one touching circle "not two or more": true
    assert verdict(caption, TOUCHING) in (F, A)


def test_a_bare_plural_beside_a_singular_is_still_two_or_more():
    world = make_world(("circle", "red", 0.2, 0.2), ("cross", "magenta", 0.5, 0.5), ("square", "blue", 0.8, 0.8))
    assert verdict("Red circles, a magenta cross and a blue square.", world) == F


LEFT = make_world(("rectangle", "red", 0.15, 0.5), ("circle", "blue", 0.8, 0.9))
TOP = make_world(("rectangle", "red", 0.5, 0.15), ("circle", "blue", 0.8, 0.9))


@pytest.mark.parametrize("caption,world,expected", [
    ("A rectangle stands vertically in the middle.", LEFT, F),       # how it stands, then the place
    ("A red rectangle sits vertically in the center.", LEFT, F),
    ("A rectangle lies horizontally in the middle.", TOP, F),
    ("The red rectangle is in the middle vertically.", LEFT, T),     # the place along one axis
    ("The red rectangle is in the middle horizontally.", TOP, T),
    ("The red rectangle is in the middle horizontally.", LEFT, F),
])
def test_an_axis_adverb_names_the_axis_only_after_the_place(caption, world, expected):
    assert verdict(caption, world) == expected


APART = make_world(("semicircle", "red", 0.5, 0.6, 0.1), ("triangle", "blue", 0.1, 0.1, 0.05))


@pytest.mark.parametrize("caption", [
    "A triangle rests on the curved surface of the semicircle.",
    "A triangle sits on the surface of the semicircle.",
])
def test_the_surface_of_a_shape_is_not_the_background(caption):
    assert verdict(caption, APART) != T


def test_a_black_surface_is_the_background():
    assert verdict("A red semicircle and a blue triangle on a black surface.", APART) == T


@pytest.mark.parametrize("caption", [
    "A square and a circle that are both red.",
    "There is a square and a circle that are red.",
])
def test_a_relative_clause_said_of_a_whole_coordination_is_never_true_of_one_of_them(caption):
    world = make_world(("square", "blue", 0.8, 0.2), ("circle", "red", 0.2, 0.8), ("circle", "red", 0.2, 0.5))
    assert verdict(caption, world) != T
