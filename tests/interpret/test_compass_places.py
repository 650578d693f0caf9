"""Compass words for places in the picture ("in the northwest corner", "along the western edge",
"toward the southeast") and "half-disc": each reads as the plain place or shape word it names (north
is the top of the picture), end to end (parse, judge, truth) on small hand-built worlds.
"""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import F, T, verdict

#: a compass phrase and the plain phrase it must read as
SAME_PLACE = [
    ("in the northwest corner", "in the upper left corner"),
    ("in the north-east corner", "in the upper right corner"),
    ("in the southwest quadrant", "in the lower left quadrant"),
    ("in the southeast", "in the lower right"),
    ("toward the northeast", "toward the upper right"),
    ("along the western edge", "along the left edge"),
    ("on the eastern side", "on the right side"),
    ("in the northern half", "in the top half"),
    ("in the southern half", "in the bottom half"),
]

#: one shape in each corner and one in the middle: every place above is clearly true of one of them
WORLDS = [
    make_world(("circle", "red", 0.1, 0.1)),
    make_world(("circle", "red", 0.9, 0.1)),
    make_world(("circle", "red", 0.1, 0.9)),
    make_world(("circle", "red", 0.9, 0.9)),
    make_world(("circle", "red", 0.5, 0.5)),
]


@pytest.mark.parametrize("compass,plain", SAME_PLACE)
def test_compass_place_reads_as_the_plain_place(compass: str, plain: str) -> None:
    truths = [verdict(f"There is a red circle {compass}.", w) for w in WORLDS]
    assert truths == [verdict(f"There is a red circle {plain}.", w) for w in WORLDS]
    assert T in truths and F in truths  # decided both ways, not vague


def test_northwest_corner_truth() -> None:
    assert verdict("The red circle is in the northwest corner.", WORLDS[0]) == T
    assert verdict("The red circle is in the northwest corner.", WORLDS[3]) == F


def test_half_disc_is_a_semicircle() -> None:
    world = make_world(("semicircle", "blue", 0.3, 0.3), ("square", "red", 0.7, 0.7))
    assert verdict("There is a blue half-disc.", world) == T
    assert verdict("There are two half-discs.", world) == F
