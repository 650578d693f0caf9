""""at the right end of the ellipse", "at the upper part of the square", "at the top of the square":
a side of another shape is ShapeWorld's relation to that shape (``shape_parts.sides_of_shapes``), end
to end on a hand-built world."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

WORLD = make_world(("ellipse", "magenta", 0.5, 0.5, 0.12), ("circle", "red", 0.75, 0.5, 0.04),
                   ("circle", "blue", 0.5, 0.2, 0.04), ("cross", "gray", 0.56, 0.52, 0.03))


@pytest.mark.parametrize("caption,expected", [
    ("The red circle is at the right end of the magenta ellipse.", T),
    ("The red circle is at the left end of the magenta ellipse.", F),
    ("The blue circle is at the top of the magenta ellipse.", T),
    ("The blue circle is at the upper end of the magenta ellipse.", T),
    ("The blue circle is at the lower part of the magenta ellipse.", F),
    ("The red circle is at the right of the magenta ellipse.", T),
    ("The gray cross is at the right end of the magenta ellipse.", A),  # inside the margin
])
def test_a_side_of_a_shape_is_the_relation_to_it(caption, expected):
    assert verdict(caption, WORLD) == expected


@pytest.mark.parametrize("caption", [
    "The flat edge of the magenta ellipse is along the bottom.",  # which way it faces, or where it is
    "The right end of the magenta ellipse is near the top.",
])
def test_a_part_placed_in_the_picture_is_not_its_shape_placed(caption):
    """A part of a shape placed in the picture may name where the part is within its shape, so it is
    not read as the shape's own place (which would make the claim false of a shape elsewhere)."""
    assert verdict(caption, WORLD) not in (T, F)


def test_a_part_in_contact_stands_for_its_shape():
    assert verdict("The right end of the magenta ellipse overlaps the gray cross.", WORLD) == T
