""""In the vertical middle" is the middle of the height, "near the horizontal center" the middle of
the width; "across / along the horizontal middle" is the horizontal line through the middle. Two
shapes a hair apart (under a thousandth of the picture) touch to the eye: "overlaps" is vague there,
false only from that gap on."""
from __future__ import annotations

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict
from shapeworldice.semantics.appearance import OVERLAP_APART, contact
from shapeworldice.world.model import WorldArrays

LEFT_MIDDLE = make_world(("square", "red", 0.2, 0.5))
TOP_CENTRE = make_world(("square", "red", 0.5, 0.15))


def test_an_axis_on_the_middle_names_one_axis():
    assert verdict("The red square is in the vertical middle.", LEFT_MIDDLE) == T
    assert verdict("The red square is in the vertical middle.", TOP_CENTRE) == F
    assert verdict("The red square is near the horizontal center.", TOP_CENTRE) == T
    assert verdict("The red square is near the horizontal center.", LEFT_MIDDLE) == F
    assert verdict("The red square is in the middle.", LEFT_MIDDLE) == F  # both axes


def test_across_or_along_an_axis_middle_is_the_line():
    assert verdict("The red square lies across the horizontal middle.", LEFT_MIDDLE) == T
    assert verdict("The red square lies across the horizontal middle.", TOP_CENTRE) == F
    assert verdict("The red square is along the vertical middle.", TOP_CENTRE) == T
    assert verdict("The red square is along the vertical middle.", LEFT_MIDDLE) == F


def test_a_look_word_on_a_middle_leaves_the_place_unread():
    for world in (LEFT_MIDDLE, TOP_CENTRE):
        assert verdict("The red square is at the horizontal centre of the image.", world) not in (T, F)


def test_one_shape_is_not_in_the_corners():
    world = make_world(("cross", "magenta", 0.1, 0.1), ("circle", "red", 0.5, 0.5))
    assert verdict("The cross is in the corner.", world) == T
    assert verdict("The cross is in the corners.", world) not in (T, F)


def _touching(gap: float):
    # two squares of half-size 0.06 side by side, ``gap`` apart
    return make_world(("square", "red", 0.3, 0.5), ("square", "blue", 0.42 + gap, 0.5))


def test_overlaps_is_false_only_from_a_visible_gap():
    assert verdict("The red square overlaps the blue square.", _touching(0.0005)) == A
    assert verdict("The red square overlaps the blue square.", _touching(0.01)) == F
    agree, disagree = contact("overlap-rel", 1, WorldArrays.of(_touching(2 * OVERLAP_APART)))
    assert disagree[0, 1] and not agree[0, 1]
