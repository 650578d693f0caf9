""""A red square with a blue circle (just) below": a bare "above" / "below" of a shape a
"with"-phrase names is said of the phrase's head, where that head is clear."""
from __future__ import annotations

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

SQUARE_TOP = ("square", "red", 0.5, 0.1)
BELOW = make_world(SQUARE_TOP, ("circle", "blue", 0.5, 0.35))
ABOVE = make_world(("square", "red", 0.5, 0.5), ("circle", "blue", 0.5, 0.2))
BESIDE = make_world(("square", "red", 0.5, 0.5), ("circle", "blue", 0.75, 0.6))


def test_a_bare_below_is_below_the_head():
    for caption in ("There is a red square with a blue circle below.",
                    "A red square sits at the top with a blue circle just below."):
        assert verdict(caption, BELOW) == T, caption
    assert verdict("There is a red square with a blue circle above.", ABOVE) == T


def test_false_when_clearly_on_the_other_side():
    assert verdict("There is a red square with a blue circle below.", ABOVE) == F
    assert verdict("There is a red square with a blue circle above.", BELOW) == F


def test_vague_within_the_margin():
    assert verdict("There is a red square with a blue circle just below.", BESIDE) == A


def test_not_said_of_a_head_related_to_another_shape():
    world = make_world(SQUARE_TOP, ("circle", "blue", 0.5, 0.35), ("triangle", "green", 0.5, 0.12))
    caption = "A red square overlapped by a green triangle, with a blue circle below."
    assert verdict(caption, world) not in (T, F)
