"""Readings a review of the words about the world found wrong, kept cautious: colours of two
kinds each are not pooled, a likeness to a shape the world has still claims it, "no [A or B]" with
a place is not read, and a direction on a verb is neither fronted nor of a picture."""
from __future__ import annotations

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict


def test_colours_of_two_kinds_each_are_not_pooled():
    crossed = make_world(("square", "blue", 0.2, 0.3), ("square", "blue", 0.3, 0.3),
                         ("circle", "red", 0.6, 0.7), ("circle", "red", 0.7, 0.7))
    assert verdict("The shapes are red squares and blue circles.", crossed) != T  # was true
    assert verdict("The shapes are red squares and triangles.", crossed) == F  # no triangle


def test_a_likeness_to_a_shape_the_world_has_still_claims_it():
    world = make_world(("square", "green", 0.3, 0.5, 0.08), ("circle", "red", 0.7, 0.5, 0.06))
    assert verdict("The green square is rotated roughly 30 degrees, like a blue square.", world) == F
    assert verdict("The green square is rotated roughly 30 degrees, like a diamond.", world) == T


def test_no_over_a_list_with_a_place_is_not_read():
    world = make_world(("square", "red", 0.8, 0.5), ("triangle", "green", 0.2, 0.5))
    assert verdict("There are no squares or circles on the left.", world) != F  # was false
    assert verdict("There are no squares or circles.", world) == F
    assert verdict("There are no blue squares or circles.", world) == T


def test_a_direction_before_the_clause_or_after_a_depiction_is_a_place():
    pair = make_world(("square", "magenta", 0.7, 0.5, 0.06), ("square", "blue", 0.8, 0.5, 0.06))
    assert verdict("To the right, the magenta square overlaps the blue square.", pair) == T
    assert verdict("To the left, the magenta square overlaps the blue square.", pair) == F
    assert verdict("The image shows the blue square to the right.", pair) == T
    assert verdict("The magenta square faces the blue square to the left.", pair) == A
