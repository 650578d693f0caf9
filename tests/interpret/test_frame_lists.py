""""<shape> in the middle of the image and <shape 2> ..." (``shapeworldice.interpret.frame_lists``):
the second shape is listed beside the first, not with "the image", end to end on a hand-built world."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import F, T, verdict

WORLD = make_world(("circle", "red", 0.2, 0.2), ("circle", "blue", 0.8, 0.8), ("square", "green", 0.2, 0.8))


@pytest.mark.parametrize("caption,expected", [
    ("There is a red circle at the top of the image and a blue circle at the bottom.", T),
    ("There is a red circle at the top of the image and a blue circle at the top.", F),
    ("The image shows a red circle at the top of the image and a blue circle at the bottom.", T),
    ("A red circle sits at the top of the image and a blue circle at the bottom.", T),
    ("There is a red circle at the top of the image and a green square.", T),
    ("There is a red circle at the top of the image and a yellow square.", F),
])
def test_a_shape_after_of_the_image_is_the_next_item(caption, expected):
    assert verdict(caption, WORLD) == expected


def test_the_colours_of_the_image_stay_the_image_s():
    """"the black and white image": colours before the frame's noun are the image's, not a list said
    of the shape (read as the shape's, a red circle there was false)."""
    world = make_world(("circle", "red", 0.5, 0.12, 0.05))
    assert verdict("A red circle is at the top of the black and white image.", world) != F
