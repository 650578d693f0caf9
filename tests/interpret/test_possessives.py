"""Possessives of shapes, end to end on hand-built worlds: "the triangle's left side" is read as
"the left side of the triangle", and "its <part>" as a place is vague (never the picture's side)."""
from __future__ import annotations

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

# a cyan cross at the left, a red triangle right of it, a blue circle overlapping the triangle
WORLD = make_world(("cross", "cyan", 0.2, 0.5, 0.15), ("triangle", "red", 0.55, 0.5, 0.2),
                   ("circle", "blue", 0.62, 0.5, 0.12))


def test_the_owner_named_is_the_of_form():
    assert verdict("The cyan cross is on the triangle's left side.", WORLD) == T
    assert verdict("The cyan cross is on the triangle's right side.", WORLD) == F
    assert verdict("The cyan cross is on the left side of the triangle.", WORLD) == T


def test_a_contact_with_a_named_owners_part_needs_a_contact_with_the_owner():
    # which part it overlaps is not recorded: a contact with the owner is needed, not enough
    assert verdict("The blue circle overlaps the triangle's left side.", WORLD) == A
    assert verdict("The cyan cross overlaps the triangle's left side.", WORLD) == F


def test_its_part_as_a_place_is_vague_not_the_pictures_side():
    # the circle is right of the picture's middle: read as the picture's left it would be false
    assert verdict("There is a red triangle with a blue circle at its left side.", WORLD) == A
    assert verdict("The red triangle is overlapped along its lower-left side by the blue circle.", WORLD) == A


def test_the_shape_and_contact_with_its_part_are_still_claimed():
    assert verdict("There is a green triangle with a blue circle at its left side.", WORLD) == F
    assert verdict("The cyan cross is overlapped along its lower-left side by the blue circle.", WORLD) == F


def test_its_right_stays_a_side_relation():
    assert verdict("There is a cyan cross. A red triangle is to its right.", WORLD) == T
    assert verdict("There is a red triangle. A cyan cross is to its right.", WORLD) == F


def test_a_relation_to_its_part_is_to_it():
    world = make_world(("triangle", "red", 0.5, 0.2, 0.15), ("cross", "cyan", 0.5, 0.8, 0.15),
                       ("circle", "blue", 0.9, 0.2, 0.1))
    assert verdict("There is a red triangle. A cyan cross is below its lower end.", world) == T
    assert verdict("There is a cyan cross. A red triangle is below its lower end.", world) == F
    assert verdict("There is a blue circle. A red triangle is below its lower end.", world) == A


def test_a_contact_with_its_side_needs_a_contact_with_it():
    # which part it overlaps is not recorded: true only of the whole would be too much
    assert verdict("There is a red triangle with a blue circle overlapping its upper right.", WORLD) == A
    assert verdict("There is a cyan cross with a blue circle overlapping its upper right.", WORLD) == F
