""""about half of the shapes", "almost all of the shapes", "nearly every shape": an approximate share
(``FormulaBuilder._about`` on a ratio), end to end on hand-built worlds. "almost all" was read as
"about one" and made "Almost all of the shapes are red." true with two red shapes of four."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict


def circles(*colours: str):
    return make_world(*[("circle", c, 0.1 + 0.15 * i, 0.5, 0.03) for i, c in enumerate(colours)])


@pytest.mark.parametrize("caption,world,expected", [
    ("About half of the shapes are red.", circles("red", "red", "blue", "blue"), T),
    ("About half of the shapes are red.", circles("red", "red", "blue"), A),  # two thirds: in the margin
    ("About half of the shapes are red.", circles("blue", "blue", "blue", "blue", "red"), F),  # a fifth
    ("Almost all of the shapes are red.", circles("red", "red", "blue", "blue"), F),  # not even most
    ("Almost all of the shapes are red.", circles("red", "red", "red", "red", "blue"), A),  # never true
    ("Almost every shape is a circle.", circles("red", "red", "red"), A),
])
def test_an_approximate_share_has_margins(caption, world, expected):
    assert verdict(caption, world) == expected


@pytest.mark.parametrize("caption,reds,n", [
    ("Almost half of the shapes are red.", 3, 5),  # "almost half" read as "about half": never true above it
    ("Nearly half of the shapes are red.", 6, 10),
])
def test_about_half_is_never_true_above_half(caption, reds, n):
    world = circles(*(["red"] * reds + ["blue"] * (n - reds)))
    assert verdict(caption, world) == A
