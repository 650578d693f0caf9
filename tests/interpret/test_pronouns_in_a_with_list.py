""""A square with a triangle below it and a pentagon left of it": the items of a "with"-phrase are
placed alike, so the second pronoun means the head (the square), as the first does, not the
triangle the first item placed."""
from __future__ import annotations

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

SQUARE, TRIANGLE_BELOW = ("square", "green", 0.5, 0.5, 0.08), ("triangle", "red", 0.5, 0.8)
WORLD = make_world(SQUARE, TRIANGLE_BELOW, ("pentagon", "magenta", 0.2, 0.45))


def test_the_second_pronoun_means_the_head():
    for caption in ("There is a green square with a red triangle below it and a magenta pentagon left of it.",
                    "A green square sits in the center with a red triangle below it and a pentagon to its left."):
        assert verdict(caption, WORLD) == T, caption


def test_false_when_the_place_is_clearly_not_the_heads():
    caption = "A green square sits in the center with a red triangle below it and a pentagon to its right."
    assert verdict(caption, WORLD) == F


def test_vague_when_the_place_is_vague_of_the_head():
    world = make_world(SQUARE, TRIANGLE_BELOW, ("pentagon", "magenta", 0.35, 0.3))
    caption = "There is a green square with a red triangle below it and a magenta pentagon left of it."
    assert verdict(caption, world) == A
