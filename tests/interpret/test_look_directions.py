"""Which way a shape points or faces is its look, never its place: "a triangle pointing to the left",
"is pointing down and to the left", "tilted with its flat side facing up and to the left" say nothing
about where the shape is, while "to the left of the circle" and a place of its own still do."""
from __future__ import annotations

from tests.conftest import make_world
from tests.interpret.interpret_support import F, T, verdict

ON_THE_RIGHT = make_world(("triangle", "magenta", 0.8, 0.8), ("circle", "blue", 0.3, 0.5),
                          ("semicircle", "cyan", 0.75, 0.3))


def test_a_direction_beside_a_look_on_the_noun_is_no_place():
    assert verdict("A magenta triangle pointing to the left is located at the bottom.", ON_THE_RIGHT) == T
    assert verdict("A magenta triangle pointing to the left is located at the top.", ON_THE_RIGHT) == F
    assert verdict("A magenta triangle pointing to the left is on the right.", ON_THE_RIGHT) == T
    assert verdict("A magenta triangle pointing to the right is on the left.", ON_THE_RIGHT) == F


def test_a_direction_coordinated_with_a_look_is_no_place():
    assert verdict("A magenta triangle is pointing down and to the left.", ON_THE_RIGHT) == T
    assert verdict("A cyan semicircle is tilted with its flat side facing up and to the left.", ON_THE_RIGHT) == T
    assert verdict("A blue semicircle is tilted with its flat side facing up and to the left.", ON_THE_RIGHT) == F


def test_a_place_with_an_object_or_without_a_look_stays():
    assert verdict("A magenta triangle is to the left.", ON_THE_RIGHT) == F
    assert verdict("A magenta triangle is tilted and on the left.", ON_THE_RIGHT) == F
    assert verdict("The triangle is tilted and to the right of the circle.", ON_THE_RIGHT) == T


def test_a_direction_said_as_the_clause_predicate_beside_a_look_is_a_place():
    # found in review: these were read as looks (true of a triangle on the right)
    for text in ("A magenta triangle is tilted and to the left.",
                 "A magenta triangle is pointing up and is to the left.",
                 "A magenta triangle is rotated and positioned to the left.",
                 "A magenta triangle, pointing up, is to the left.",
                 "The magenta triangle, which is pointing up, is to the left.",
                 "A tilted magenta triangle to the left.",
                 "A magenta triangle, tilted slightly, is to the left."):
        assert verdict(text, ON_THE_RIGHT) == F, text


def test_a_direction_to_a_side_or_corner_noun_is_the_looks_too():
    # found in review: "pointing to the left side" was read as the triangle being on the left
    for text in ("A magenta triangle pointing to the left side.", "A magenta triangle pointing toward the top.",
                 "A magenta triangle pointing to the lower left corner."):
        assert verdict(text, ON_THE_RIGHT) == T, text
    assert verdict("A magenta triangle on the left side.", ON_THE_RIGHT) == F
