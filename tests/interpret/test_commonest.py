""""X is the most common colour / shape" (``shapeworldice.interpret.commonest``): counted on the
world, vague on a tie, end to end on hand-built worlds."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

WORLD = make_world(("circle", "cyan", 0.1, 0.2), ("square", "cyan", 0.5, 0.2), ("circle", "red", 0.9, 0.2),
                   ("circle", "blue", 0.5, 0.8))


@pytest.mark.parametrize("caption,expected", [
    ("Cyan is the most common color.", T),
    ("The most common colour is teal.", T),  # the colour table: teal is cyan
    ("Red is the most common color.", F),
    ("Yellow is the most common colour.", F),  # no yellow shape: a colour none has is not the commonest
    ("Pink is the most common colour.", F),  # the colour table: pink is magenta, and none is
    ("Cyan is the most common colour.", T),
    ("Green is the most common colour.", F),  # "green" parsed as a noun: the same reading
    ("Circles are the most common shape.", T),
    ("The squares are the most common shape.", F),
])
def test_the_most_common_colour_or_shape_is_counted(caption, expected):
    assert verdict(caption, WORLD) == expected


def test_a_tie_is_vague():
    world = make_world(("circle", "cyan", 0.2, 0.5), ("square", "red", 0.8, 0.5))
    assert verdict("Cyan is the most common color.", world) == A
    assert verdict("Circles are the most common shape.", world) == A
