""""X is one of the biggest (smallest) shapes" (``shapeworldice.interpret.superlatives``): true when X
is clearly the largest (smallest) shape, never false (how many count as "the biggest" is not said),
end to end on a hand-built world."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

WORLD = make_world(("circle", "red", 0.2, 0.2, 0.1), ("square", "green", 0.5, 0.5, 0.02), ("cross", "blue", 0.8, 0.8))


@pytest.mark.parametrize("caption,expected", [
    ("The red circle is one of the biggest shapes.", T),
    ("One of the biggest shapes is a red circle.", T),
    ("The blue cross is one of the biggest shapes.", A),  # second of three: not said either way
    ("The green square is one of the smallest shapes.", T),
    ("The green square is one of the biggest shapes.", A),  # never false
    ("One of the biggest shapes is a yellow circle.", F),  # there is none
])
def test_one_of_the_biggest(caption, expected):
    assert verdict(caption, WORLD) == expected
