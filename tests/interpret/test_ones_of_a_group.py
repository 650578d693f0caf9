""""There are two yellow triangles, one at the top and one (the other) near the center": each
"one" and "the other" after a counted plural is one of that plural's shapes, not any shape."""
from __future__ import annotations

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

WORLD = make_world(("triangle", "yellow", 0.5, 0.1), ("triangle", "yellow", 0.5, 0.5), ("circle", "red", 0.2, 0.8))


def test_each_one_is_one_of_the_group():
    for caption in ("There are two yellow triangles, one at the top and one near the center.",
                    "There are two yellow triangles, one at the top and the other near the center."):
        assert verdict(caption, WORLD) == T, caption


def test_a_shape_of_another_kind_does_not_make_it_true():
    # the red circle is at the bottom, but no yellow triangle is
    assert verdict("There are two yellow triangles, one at the top and one at the bottom.", WORLD) == F


def test_vague_place_of_the_group_stays_vague():
    world = make_world(("triangle", "yellow", 0.5, 0.1), ("triangle", "yellow", 0.5, 0.55))
    assert verdict("There are two yellow triangles, one at the top and one at the bottom.", world) == A


def test_a_smaller_one_is_one_of_the_group():
    world = make_world(("triangle", "yellow", 0.5, 0.1, 0.08), ("triangle", "yellow", 0.5, 0.5, 0.04),
                       ("circle", "red", 0.2, 0.8, 0.02))
    assert verdict("There are two yellow triangles, one at the top and a smaller one near the center.", world) == T
    # the small red circle at the bottom is no yellow triangle
    assert verdict("There are two yellow triangles, one at the top and a smaller one at the bottom.", world) == F
