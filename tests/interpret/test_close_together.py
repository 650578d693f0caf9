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
