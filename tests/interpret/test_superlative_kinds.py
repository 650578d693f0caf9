""""X is the largest / smallest <shape>" (the labelling guide's "the largest X": compared with the
shapes of that kind only), end to end on hand-built worlds."""
from __future__ import annotations

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

# a big square beside two triangles, the red one clearly larger than the blue one
WORLD = make_world(("square", "green", 0.2, 0.2, 0.30), ("triangle", "red", 0.5, 0.5, 0.20),
                   ("triangle", "blue", 0.8, 0.8, 0.08))


def test_the_largest_triangle_compares_triangles_only():
    assert verdict("The red triangle is the largest triangle.", WORLD) == T
    assert verdict("The blue triangle is the largest triangle.", WORLD) == F
    assert verdict("The blue triangle is the smallest triangle.", WORLD) == T
    # of every shape, the square is larger than the red triangle
    assert verdict("The red triangle is the largest shape.", WORLD) == F


def test_a_shape_of_another_kind_is_not_the_largest_triangle():
    assert verdict("The green square is the largest triangle.", WORLD) == F


def test_within_the_margin_it_is_vague():
    world = make_world(("triangle", "red", 0.3, 0.5, 0.1), ("triangle", "blue", 0.7, 0.5, 0.1005))
    assert verdict("The red triangle is the largest triangle.", world) == A
