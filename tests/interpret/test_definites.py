"""Definite anaphora across a description's sentences ("A red cross is near the top. The red cross
is at the left."): the definite is the one shape named before it that its words fit
(:mod:`shapeworldice.interpret.definites`, docs/semantics.md "Reference across sentences")."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T
from tests.interpret.test_descriptions import check

from shapeworldice.parsing import make_parser
from shapeworldice.reasons import judge


def interpretation(caption: str) -> object:
    """The evaluator's reading of ``caption`` (its formula)."""
    judged = judge(make_parser().parse(caption))
    assert judged.interpretation is not None, judged.reason.detail
    return judged.interpretation

# two red crosses: a small one in the upper left, a large one in the lower right; a blue circle
CROSSES = make_world(("cross", "red", 0.2, 0.2, 0.04), ("cross", "red", 0.8, 0.8, 0.12),
                     ("circle", "blue", 0.8, 0.2, 0.06))


@pytest.mark.parametrize("caption,expected", [
    # alone, "the red cross" of two red crosses is vague; after "a red cross" it is that cross
    ("The red cross is at the left.", A),
    ("A red cross is near the top. The red cross is at the left.", T),
    ("A red cross is near the top. The red cross is at the right.", F),
    ("A red cross is near the top. It is at the left.", T),  # as the pronoun
    ("A red cross is near the bottom. The cross is large.", T),  # "cross" fits "red cross"
    ("A red cross is near the bottom. The cross is small.", F),
    ("A red cross is near the top. The shape is at the left.", T),  # "shape" fits any shape
    # a word the definite adds is a claim about the shape, outside the sentence's "not"
    ("A red cross is near the top. The small red cross is not at the right.", T),
    ("A red cross is near the top. The large red cross is not at the right.", F),
])
def test_a_definite_refers_to_the_shape_named_before(caption, expected):
    check(caption, CROSSES, expected)


@pytest.mark.parametrize("caption,expected", [
    # several shapes it fits: the selector, as alone (vague with two red crosses)
    ("A red cross is at the top. A red cross is at the bottom. The red cross is at the left.", A),
    # a plural it fits counts as one of them
    ("There are two red crosses. A red cross is at the top. The red cross is at the left.", A),
    # words that cannot be true together with the shape's: it does not fit ("large" vs "tiny")
    ("There is a tiny red cross. The large red cross is at the right.", T),
    ("There is a tiny red cross. The large red cross is at the left.", F),  # alone: the one clearly large
    # another colour: another shape ("the blue circle" is not "a red cross")
    ("A red cross is near the top. The blue circle is at the right.", T),
])
def test_a_definite_with_several_or_no_fitting_shapes_stays_the_selector(caption, expected):
    check(caption, CROSSES, expected)


def test_colour_words_fit_by_the_colour_table():
    """"the pink cross" fits "a magenta cross" (pink names magenta), not "a red cross"."""
    world = make_world(("cross", "magenta", 0.2, 0.2, 0.04), ("cross", "magenta", 0.8, 0.8, 0.12))
    check("A magenta cross is near the top. The pink cross is small.", world, T)
    check("A magenta cross is near the top. The pink cross is large.", world, F)
    said = str(interpretation("A red cross is near the top. The pink cross is small."))
    assert "unique" in said  # no fitting shape: the selector


def test_a_list_item_is_restated():
    """An item of a list that only says what is there: the definite restates it ("a blue circle is
    at the bottom"); a list said to be somewhere leaves the definite the selector."""
    world = make_world(("circle", "red", 0.2, 0.2), ("circle", "blue", 0.5, 0.8), ("circle", "blue", 0.8, 0.2))
    check("The image shows a red circle and a blue circle. The blue circle is at the bottom.", world, T)
    check("The image shows a red circle and a blue circle. The blue circle is at the left.", world, F)
    check("There is a red circle and a blue circle, the blue circle at the bottom.", world, T)
    said = str(interpretation("A red circle and a blue circle are at the top. The blue circle is small."))
    assert "unique" in said


def test_the_same_sentence_needs_a_list():
    """Within one sentence only an item of a list before it is a referent: a definite that is the
    shape's own co-argument is not the shape ("A red cross is left of the red cross.")."""
    said = str(interpretation("A red cross is left of the red cross."))
    assert "unique" in said


def test_a_definite_of_a_relation_object_refers_to_it():
    """The object of a relation is a referent for "the" (not for "it": a definite names its shape)."""
    world = make_world(("square", "gray", 0.5, 0.5), ("cross", "red", 0.4, 0.1, 0.04),
                       ("cross", "red", 0.9, 0.9, 0.04))
    check("A gray square is below a red cross. The cross is small.", world, T)
    check("A gray square is below a red cross. The cross is at the right.", world, F)
    check("The cross is at the right.", world, A)
