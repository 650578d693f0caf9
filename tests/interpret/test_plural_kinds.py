""""The shapes are circles and semicircles", "Most of the shapes are circles and squares": each shape
one of the kinds, and every kind there (``shapeworldice.interpret.kinds``), on hand-built worlds."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import F, T, verdict

WORLD = make_world(("circle", "red", 0.1, 0.2), ("circle", "blue", 0.4, 0.2), ("semicircle", "red", 0.7, 0.2),
                   ("pentagon", "blue", 0.5, 0.8))


@pytest.mark.parametrize("caption,expected", [
    ("Most of the shapes are circles and semicircles.", T),  # three of four are one or the other
    ("Most of the shapes are circles and squares.", F),  # there is no square
    ("All of the shapes are circles and semicircles.", F),  # the pentagon is neither
    ("Most of the shapes are pentagons and semicircles.", F),  # two of four
])
def test_a_list_of_kinds_said_of_a_plural(caption, expected):
    assert verdict(caption, WORLD) == expected
