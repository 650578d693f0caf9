""""close together" said of a pair is nearness (the guide's gap margins: 0.1 true, 0.3 false), as
"close to each other"; said of a larger group it stays vague (a cluster)."""
from __future__ import annotations

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

NEAR = make_world(("circle", "cyan", 0.30, 0.5, 0.06), ("cross", "yellow", 0.45, 0.5, 0.06))
FAR = make_world(("circle", "cyan", 0.10, 0.5, 0.06), ("cross", "yellow", 0.90, 0.5, 0.06))
BETWEEN = make_world(("circle", "cyan", 0.30, 0.5, 0.06), ("cross", "yellow", 0.62, 0.5, 0.06))


def test_a_pair_close_together_is_near():
    for caption in ("The two shapes are close together.", "The teal circle and the yellow cross are close together."):
        assert verdict(caption, NEAR) == T
        assert verdict(caption, FAR) == F
        assert verdict(caption, BETWEEN) == A


def test_a_group_close_together_stays_vague():
    three = make_world(("circle", "cyan", 0.1, 0.5), ("cross", "yellow", 0.9, 0.5), ("square", "red", 0.5, 0.1))
    assert verdict("The shapes are close together.", three) == A


def test_close_in_a_respect_is_not_nearness():
    # found in review: "close in size / colour" was read as distance
    far = make_world(("square", "red", 0.1, 0.5, 0.06), ("square", "blue", 0.9, 0.5, 0.06))
    near = make_world(("square", "red", 0.3, 0.5, 0.02), ("square", "blue", 0.5, 0.5, 0.15))
    for text in ("The two squares are close in size.", "The two squares are close in color.",
                 "The red square and the blue square are close in shade."):
        assert verdict(text, far) not in (T, F) and verdict(text, near) not in (T, F), text
