"""Places of nearness with "each other" ("A and B are next to each other", "The shapes are close to
each other"; ``shapeworldice.interpret.reciprocal_places``), end to end on hand-built worlds."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import F, T, verdict

NEAR = make_world(("square", "red", 0.30, 0.5, 0.03), ("circle", "blue", 0.42, 0.5, 0.03))
FAR = make_world(("square", "red", 0.1, 0.5, 0.03), ("circle", "blue", 0.9, 0.5, 0.03))


@pytest.mark.parametrize("caption", ["The red square and the blue circle are next to each other.",
                                     "A red square and a blue circle are close to each other.",
                                     "The two shapes are near one another."])
def test_each_other_after_a_preposition_of_nearness_is_the_pair(caption):
    assert verdict(caption, NEAR) == T
    assert verdict(caption, FAR) == F


def test_not_next_to_each_other():
    assert verdict("The red square and the blue circle are not next to each other.", FAR) == T
