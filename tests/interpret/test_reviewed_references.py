"""Readings a review of the possessive, superlative and "the only" rules found wrong, kept
cautious: an opening place stays said, a coordination is no identity, a part's contact is needed
but not enough, a far side is not the near one, and "its" may be the picture's."""
from __future__ import annotations

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

BIG_CIRCLE_LOW_LEFT = make_world(("circle", "cyan", 0.2, 0.8, 0.15), ("square", "red", 0.7, 0.3, 0.05))
YELLOW_SQUARE_BIGGEST = make_world(("square", "yellow", 0.3, 0.3, 0.15), ("circle", "red", 0.7, 0.7, 0.05))
TWO_SQUARES = make_world(("square", "red", 0.2, 0.5, 0.06), ("square", "blue", 0.8, 0.5, 0.06))


def test_an_opening_place_stays_with_the_appositive_superlative():
    assert verdict("In the top right there is a large cyan circle, the biggest shape in the image.",
                   BIG_CIRCLE_LOW_LEFT) == F


def test_no_identity_with_one_conjunct_of_a_coordination():
    for caption in ("The image shows a yellow square, which is the largest shape, and a red circle.",
                    "There is a yellow square, which is the biggest, and a small red circle."):
        assert verdict(caption, YELLOW_SQUARE_BIGGEST) != F


def test_the_only_with_an_opening_place_or_one_is_not_counted():
    assert verdict("On the right, the red square is the only square.", TWO_SQUARES) != T
    assert verdict("The square is yellow, and the circle is the only red one.", YELLOW_SQUARE_BIGGEST) != F


def test_a_contact_with_a_part_is_needed_not_enough():
    world = make_world(("square", "red", 0.5, 0.5, 0.1), ("circle", "blue", 0.42, 0.58, 0.04),
                       ("triangle", "green", 0.68, 0.5, 0.06))
    assert verdict("There is a red square with a blue circle overlapping its upper right.", world) == A
    assert verdict("There is a red square with a green triangle overlapping its upper right.", world) == F
    assert verdict("The green triangle is next to the square's left side.", world) != T
    assert verdict("The square's left side touches the green triangle.", world) != T


def test_a_far_side_is_not_the_near_one():
    inside_near_top = make_world(("square", "red", 0.5, 0.5, 0.2), ("circle", "blue", 0.5, 0.36, 0.04))
    assert verdict("There is a large red square with a small blue circle just below its top edge.",
                   inside_near_top) == A
    below = make_world(("triangle", "red", 0.5, 0.2, 0.15), ("cross", "cyan", 0.5, 0.8, 0.15))
    assert verdict("There is a red triangle. A cyan cross is below its lower end.", below) == T


def test_its_part_of_a_named_picture_is_the_pictures():
    two_low = make_world(("circle", "cyan", 0.4, 0.8, 0.05), ("circle", "cyan", 0.6, 0.8, 0.05))
    two_high = make_world(("circle", "cyan", 0.4, 0.2, 0.05), ("circle", "cyan", 0.6, 0.2, 0.05))
    caption = "A plain black background with two bright cyan shapes in its lower portion."
    assert verdict(caption, two_low) == T
    assert verdict(caption, two_high) == F
    centred = make_world(("circle", "blue", 0.5, 0.5))
    assert verdict("A black background with a blue circle in its center.", centred) == T


def test_its_part_is_the_pictures_only_where_the_picture_holds_the_shape():
    inside = make_world(("square", "blue", 0.3, 0.3, 0.15), ("circle", "red", 0.3, 0.3, 0.04))
    assert verdict("The image shows a large square with a small circle in its center.", inside) == A
    low = make_world(("circle", "cyan", 0.4, 0.8, 0.05), ("circle", "cyan", 0.6, 0.8, 0.05))
    assert verdict("The image shows two cyan circles in its lower half.", low) == T
    assert verdict("The image shows two cyan circles in its upper half.", low) == F


def test_a_near_side_of_the_relations_own_object_is_not_read_as_it():
    world = make_world(("circle", "red", 0.5, 0.35, 0.05), ("square", "blue", 0.5, 0.6, 0.08))
    # "its" is the square's: read as "above it" the square would be above the circle (false)
    assert verdict("A red circle is positioned above the blue square, just above its upper edge.", world) != F
    assert verdict("There is a blue square. A red circle is above its upper edge.", world) == T


def test_a_contact_with_a_named_shapes_corner_is_needed_not_enough():
    world = make_world(("square", "blue", 0.5, 0.5, 0.1), ("circle", "red", 0.38, 0.62, 0.03),
                       ("triangle", "green", 0.9, 0.1, 0.03))
    assert verdict("The red circle touches the blue square's upper right corner.", world) == A
    assert verdict("The green triangle touches the blue square's upper right corner.", world) == F
