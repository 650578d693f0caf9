""""X is the largest / smallest shape" with "it" or an indefinite as X ("It is the biggest shape.",
"a yellow square, which is the biggest shape"): some such shape is the largest, end to end on
hand-built worlds; "The largest shape is a blue square." stays ShapeWorld's selector."""
from __future__ import annotations

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, shared_parser, verdict
from shapeworldice.reasons import judge



def _formula(text: str) -> str:
    interpretation = judge(shared_parser().parse(text)).interpretation
    assert interpretation is not None
    return str(interpretation.formula)


# a big yellow square, a smaller red triangle and a small blue circle
WORLD = make_world(("square", "yellow", 0.2, 0.2, 0.30), ("triangle", "red", 0.5, 0.5, 0.20),
                   ("circle", "blue", 0.8, 0.8, 0.08))


def test_an_indefinite_subject_is_the_largest():
    assert verdict("A yellow square is the biggest shape.", WORLD) == T
    assert verdict("A red triangle is the biggest shape.", WORLD) == F
    assert verdict("A blue circle is the smallest shape.", WORLD) == T


def test_in_a_relative_clause():
    assert verdict("There is a yellow square, which is the biggest shape in the image.", WORLD) == T
    assert verdict("There is a red triangle, which is the largest shape.", WORLD) == F


def test_it_is_the_largest():
    assert verdict("There is a yellow square. It is the biggest shape.", WORLD) == T
    assert verdict("There is a red triangle. It is the biggest shape.", WORLD) == F
    assert verdict("There is a red triangle. It is the smallest triangle.", WORLD) == T


def test_within_the_margin_it_is_vague():
    world = make_world(("square", "yellow", 0.3, 0.5, 0.1), ("square", "red", 0.7, 0.5, 0.1005))
    assert verdict("There is a yellow square, which is the biggest shape.", world) == A


def test_an_indefinite_complement_stays_a_selector():
    assert "select[size-max" in _formula("The largest shape is a yellow square.")
    assert "than-any" in _formula("A yellow square is the largest shape.")


def test_an_apposition_after_there_is_is_said_of_the_shape():
    assert verdict("There is a yellow square, the biggest shape in the image.", WORLD) == T
    assert verdict("There is a red triangle, the biggest shape in the image.", WORLD) == F
    assert verdict("There is a blue circle, the smallest shape in the image.", WORLD) == T
    assert "than-any" in _formula("There is a red triangle, the biggest shape in the image.")
