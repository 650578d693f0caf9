"""A look the world model does not record ("upright", "tilted") under an exact number, "only", "no" or
a negation (``shapeworldice.interpret.dropped_looks``), end to end on small hand-built worlds."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

ONE = make_world(("rectangle", "cyan", 0.2, 0.5), ("circle", "red", 0.8, 0.5))
TWO = make_world(("rectangle", "cyan", 0.2, 0.5), ("rectangle", "cyan", 0.5, 0.5), ("circle", "red", 0.8, 0.5))
NONE = make_world(("circle", "red", 0.8, 0.5))


@pytest.mark.parametrize("caption,world,expected", [
    ("One cyan rectangle stands upright.", ONE, T),  # exactly one of the rest: as without the word
    ("One cyan rectangle stands upright.", TWO, A),  # which of the two is upright is not recorded
    ("One cyan rectangle stands upright.", NONE, F),  # fewer than one whatever the word picks
    ("Only one rectangle is tilted.", TWO, A),
    ("Only one rectangle is tilted.", NONE, F),
    ("No rectangle is tilted.", TWO, A),  # was false: the rectangles may all be upright
    ("No rectangle is tilted.", NONE, T),
    ("The rectangle is not tilted.", ONE, A),  # was false
    ("Only one shape is brightly colored.", TWO, A),  # a passive's entity is its object
    ("Only one rectangle is slim.", TWO, A),
    ("A tilted rectangle is on the left.", ONE, T),  # an upward claim: the word is dropped as before
    ("A tilted rectangle is on the right.", ONE, F),
])
def test_a_dropped_look_under_a_claim_it_may_make_false(caption, world, expected):
    assert verdict(caption, world) == expected
