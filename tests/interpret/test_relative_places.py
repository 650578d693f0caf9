"""Places relative to what came before ("Lower down is X.", "Below that is X.", "to the left of
that", "A cyan oval is below."), and a plural pronoun after an unread sentence that names several shapes.

Each is read on the world, with its three values: "Lower down is a red circle." after "There is
a blue square." is true when the circle is clearly below the square, false when it is clearly above
it; alone it stays vague (nothing it could be lower than).
"""
from __future__ import annotations

import pytest
from interpret_support import make_world

from shapeworldice.interpret import Interpretation, truth
from shapeworldice.parsing import make_parser
from shapeworldice.reasons import judge

_PARSER = make_parser()
#: a blue square at the top, a red circle below it
_BELOW = make_world(("square", "blue", 0.5, 0.2, 0.04), ("circle", "red", 0.5, 0.7))
#: the same two, the circle above the square
_ABOVE = make_world(("square", "blue", 0.5, 0.7), ("circle", "red", 0.5, 0.2))


def _label(text: str, world) -> str:
    judged = judge(_PARSER.parse(text))
    assert isinstance(judged.interpretation, Interpretation), judged.reason.detail
    return truth(judged.interpretation, world).label


@pytest.mark.parametrize("place", ["Lower down is", "Below that is", "Beneath that is", "Lower down, there is",
                                   "Further down, there is", "Farther down, there is"])
def test_a_place_relative_to_the_shape_before_is_below_it(place):
    text = f"There is a blue square. {place} a red circle."
    assert _label(text, _BELOW) == "true"
    assert _label(text, _ABOVE) == "false"


def test_above_that_is_above_it():
    text = "There is a blue square. Above that is a red circle."
    assert (_label(text, _ABOVE), _label(text, _BELOW)) == ("true", "false")


@pytest.mark.parametrize("text", ["There is a blue square. A red circle sits further down.",
                                  "There is a blue square. A red circle is farther down."])
def test_a_relative_place_after_the_verb_is_below_the_shape_before(text):
    assert (_label(text, _BELOW), _label(text, _ABOVE)) == ("true", "false")


def test_with_nothing_before_it_the_place_stays_vague():
    assert _label("Lower down is a red circle.", _BELOW) == "ambiguous"
    assert _label("Lower down is a green circle.", _BELOW) == "false"  # there is no green circle


def test_that_alone_is_the_shape_named_before():
    text = "There is a blue square. To the left of that is a red circle."
    world = make_world(("square", "blue", 0.7, 0.5), ("circle", "red", 0.2, 0.5))
    assert _label(text, world) == "true"
    assert _label(text, make_world(("square", "blue", 0.2, 0.5), ("circle", "red", 0.7, 0.5))) == "false"


def test_these_after_an_unread_sentence_of_several_shapes_is_not_decided():
    # "these" may mean the two shapes of the sentence that could not be read, not the four shapes
    text = ("The image shows four shapes. A red circle touches the top edge, with a blue square just below "
            "and to its left. Beneath these, a green triangle sits on the left.")
    judged = judge(_PARSER.parse(text))
    assert isinstance(judged.interpretation, Interpretation)
    assert any("Beneath these" in u for u in judged.interpretation.uncovered)


def test_a_bare_below_as_the_predicate_is_below_the_shape_before():
    text = "There is a blue square. A red circle is below, on the left."
    world = make_world(("square", "blue", 0.5, 0.2), ("circle", "red", 0.3, 0.7))
    assert _label(text, world) == "true"
    assert _label(text, make_world(("square", "blue", 0.5, 0.7), ("circle", "red", 0.3, 0.2))) == "false"


def test_a_place_coordinated_with_another_of_the_same_shape_is_not_bare():
    # "just above and touching a gray circle": above the circle, perhaps; not above the square
    text = "There is a blue square. A red cross sits just above and touching a gray circle."
    world = make_world(("square", "blue", 0.5, 0.2), ("cross", "red", 0.5, 0.6), ("circle", "gray", 0.5, 0.7))
    assert _label(text, world) != "false"


def test_a_side_coordinated_with_a_place_of_an_object_is_that_objects_side():
    # "Above it and slightly to the left": left of it, not the picture's left (a diagonal: at best vague)
    text = "There is a yellow circle. Above it and slightly to the left is a small ellipse."
    right_of_it = make_world(("circle", "yellow", 0.8, 0.6), ("ellipse", "green", 0.6, 0.3))
    assert _label(text, right_of_it) == "ambiguous"  # on the picture's right, but left of the circle
    assert _label(text, make_world(("circle", "yellow", 0.2, 0.6), ("ellipse", "green", 0.4, 0.3))) == "false"
