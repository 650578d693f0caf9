""""No other shapes" (and "the rest of the image is empty / black") after shapes named in a list:
read as "exactly as many shapes as were named" when the named shapes are single shapes of
different kinds said with "and" (so no two of them can be one shape); otherwise not decided."""
from __future__ import annotations

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

CIRCLE_AND_TRIANGLE = make_world(("circle", "yellow", 0.3, 0.8), ("triangle", "red", 0.7, 0.8))
THREE_SHAPES = make_world(("circle", "yellow", 0.3, 0.8), ("triangle", "red", 0.7, 0.8),
                          ("square", "blue", 0.5, 0.2))
TWO_CIRCLES = make_world(("circle", "yellow", 0.3, 0.8), ("circle", "yellow", 0.5, 0.2),
                         ("triangle", "red", 0.7, 0.8))


def test_no_other_shapes_after_a_list_is_true_when_the_named_are_all():
    for caption in ("There is a yellow circle and a red triangle. There are no other shapes.",
                    "The image shows a yellow circle and a red triangle. The rest of the background is black.",
                    "The image shows a yellow circle and a red triangle. The rest of the image is empty."):
        assert verdict(caption, CIRCLE_AND_TRIANGLE) == T, caption


def test_no_other_shapes_after_a_list_is_false_with_one_more_shape():
    for world in (THREE_SHAPES, TWO_CIRCLES):
        assert verdict("There is a yellow circle and a red triangle. There are no other shapes.", world) == F


def test_a_named_shape_that_is_missing_makes_it_false():
    assert verdict("The image shows a yellow circle and a red square. There are no other shapes.",
                   CIRCLE_AND_TRIANGLE) == F


def test_a_vague_colour_stays_vague():
    world = make_world(("circle", "red", 0.3, 0.8, 0.06, 0.1), ("triangle", "red", 0.7, 0.8))
    assert verdict("There is a salmon circle and a red triangle. There are no other shapes.", world) == A


def test_not_read_so_with_or_or_two_of_one_kind():
    assert verdict("There is a yellow circle or a red triangle. There are no other shapes.",
                   CIRCLE_AND_TRIANGLE) not in (T, F)
    two_kinds_alike = make_world(("circle", "yellow", 0.3, 0.8), ("circle", "red", 0.7, 0.8))
    assert verdict("There is a yellow circle and a red circle. There are no other shapes.",
                   two_kinds_alike) not in (T, F)


def test_other_circles_are_not_counted_as_shapes():
    caption = "There is a yellow circle and a red triangle. There are no other circles."
    assert verdict(caption, THREE_SHAPES) != F


def test_a_number_with_a_degree_is_no_single_shape():
    # found in review: "at least one red triangle" was counted as one, so the sentence was false of two
    world = make_world(("circle", "yellow", 0.3, 0.3), ("triangle", "red", 0.7, 0.7), ("triangle", "red", 0.7, 0.2))
    caption = "There is a yellow circle and at least one red triangle. There are no other shapes."
    assert verdict(caption, world) not in (T, F)
