"""A place word compounded with a place noun keeps every part it names: "the upper-middle area" (the
grammar's "[upper center] area") is the top and the middle, as "the upper middle" is, not the middle
alone (which was false of a shape at the top centre)."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import F, T, verdict


@pytest.mark.parametrize("caption,x,y,expected", [
    ("A red square is in the upper-middle area.", 0.5, 0.2, T),
    ("A red square is in the upper-middle portion.", 0.5, 0.8, F),
    ("A red square is in the upper-middle area.", 0.15, 0.2, F),  # not the middle of the width
    ("A red square is in the lower-middle area.", 0.5, 0.8, T),
    ("A red square is in the bottom-center region.", 0.5, 0.8, T),
    ("A red square is in the bottom-center region.", 0.5, 0.2, F),
    ("A red square is in the upper middle.", 0.5, 0.2, T),
])
def test_a_compounded_place_keeps_its_parts(caption, x, y, expected):
    assert verdict(caption, make_world(("square", "red", x, y))) == expected
