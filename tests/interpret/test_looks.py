"""How a shape looks: "The circle looks red." is "The circle is red." for the words the world
decides (colour, tone, size), other words after "looks" stay unread; a "so that" clause on a rotation
or a crop ("tilted so that its flat side faces up") says how the shape looks and is dropped."""
from __future__ import annotations

import pytest
from interpret_support import make_world

from shapeworldice.interpret import Interpretation, truth
from shapeworldice.parsing import make_parser
from shapeworldice.reasons import judge

_PARSER = make_parser()
#: a small blue square at the top, a red circle below it
_WORLD = make_world(("square", "blue", 0.5, 0.2, 0.04), ("circle", "red", 0.5, 0.7))


def _label(text: str, world) -> str:
    judged = judge(_PARSER.parse(text))
    assert isinstance(judged.interpretation, Interpretation), judged.reason.detail
    return truth(judged.interpretation, world).label


@pytest.mark.parametrize("text, value", [("The circle looks red.", "true"), ("The circle looks blue.", "false"),
                                         ("The square looks small.", "true"), ("The square looks large.", "false")])
def test_looks_with_a_word_of_the_world_is_that_word(text, value):
    assert _label(text, _WORLD) == value


def test_looks_with_two_words_says_both():
    dark = make_world(("square", "blue", 0.5, 0.5, 0.06, -0.3))
    light = make_world(("square", "blue", 0.5, 0.5, 0.06, 0.3))
    text = "The square looks dark blue."
    assert (_label(text, dark), _label(text, light)) == ("true", "false")


@pytest.mark.parametrize("text", ["The arrangement looks random.", "The square looks haphazard."])
def test_looks_with_other_words_says_nothing_decided(text):
    assert judge(_PARSER.parse(text)).interpretation is None



@pytest.mark.parametrize("text", ["A blue square is tilted so that its flat side faces up.",
                                  "A blue square is rotated so that it looks like a diamond.",
                                  "A blue square is cut off by the top edge so that only its lower half is visible."])
def test_so_that_on_a_look_is_dropped(text):
    assert _label(text, _WORLD) in ("true", "ambiguous")  # the square is there; the clause adds nothing
    assert _label(text.replace("blue square", "green square"), _WORLD) == "false"


def test_so_that_on_another_verb_is_not_dropped():
    assert judge(_PARSER.parse("A red square is placed so that it overlaps a circle.")).interpretation is None
