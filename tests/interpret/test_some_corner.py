""""in the corner" with no side is one of the four corners, each with its named corner's margins (as
"the upper left corner": both parts): true where some corner holds, false where every corner fails
(a shape in the middle), vague between; said of several shapes it stays vague (one corner is meant,
and each shape could be in another)."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict


@pytest.mark.parametrize("x,y,expected", [
    (0.85, 0.1, T), (0.1, 0.9, T), (0.5, 0.5, F), (0.9, 0.5, F), (0.45, 0.2, A),
])
def test_a_shape_in_the_corner(x, y, expected):
    assert verdict("The pink cross is in the corner.", make_world(("cross", "magenta", x, y))) == expected


def test_several_shapes_in_the_corner_stay_vague():
    apart = make_world(("cross", "magenta", 0.1, 0.1), ("circle", "red", 0.9, 0.9))
    assert verdict("The cross and the circle are in the corner.", apart) == A


def test_a_corner_with_a_side_is_unchanged():
    world = make_world(("cross", "magenta", 0.85, 0.9))
    assert verdict("The cross is in the bottom right corner.", world) == T
    assert verdict("The cross is in the top left corner.", world) == F


def test_a_corner_named_otherwise_or_said_of_each_stays_vague():
    # found in review: "every corner", "each cross", "the far corner" were read as some corner (true)
    one = make_world(("cross", "magenta", 0.1, 0.1))
    two = make_world(("cross", "magenta", 0.1, 0.1), ("cross", "magenta", 0.9, 0.9))
    near = make_world(("cross", "magenta", 0.1, 0.1), ("circle", "red", 0.12, 0.2))
    assert verdict("There is a shape in each corner.", one) not in (T, F)
    assert verdict("A cross is in every corner.", two) not in (T, F)
    assert verdict("Each cross is in the corner.", two) not in (T, F)
    assert verdict("The cross is in the far corner.", one) not in (T, F)
    assert verdict("The cross is in the corner farthest from the circle.", near) not in (T, F)
    assert verdict("The cross is in the corner of the image.", one) == T
