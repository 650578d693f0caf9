"""Sentences models write that once raised inside the interpreter instead of getting a verdict.

Both were found by recombining the description corpus's sentences: a relation of a shape to itself
("The yellow ellipse is another shape.": the copula makes "another shape" the ellipse, so it was
"other than" itself, which the truth engine refuses), and a group word that a coordination left
vague ("The triangles and ovals are in various colors.": the vague mark was read again as a number
of colours). Each now gets a verdict, never a wrong one.
"""
from __future__ import annotations

import random

import pytest
from interpret_support import make_world

from shapeworldice.interpret import Interpretation, truth
from shapeworldice.parsing import make_parser
from shapeworldice.reasons import judge

_PARSER = make_parser()


def _judged(text: str):
    return judge(_PARSER.parse(text))


@pytest.mark.parametrize("text", ["The yellow ellipse is another shape.", "Shapes are other shapes."])
def test_a_shape_said_to_be_other_than_itself_is_not_read(text):
    judged = _judged(text)
    assert judged.interpretation is None
    assert "relates a shape to itself" in judged.reason.detail


def test_such_a_sentence_in_a_description_is_left_out_and_the_rest_read():
    judged = _judged("There is a circle. The square is another shape. The square is red.")
    assert isinstance(judged.interpretation, Interpretation)
    assert len(judged.interpretation.uncovered) == 1 and "another shape" in judged.interpretation.uncovered[0]


def test_another_shape_as_an_argument_is_still_read():
    judged = _judged("A red square is left of another square.")
    assert "other-than(x11,x2)" in str(judged.interpretation)


@pytest.mark.parametrize("text", ["The triangles and ovals are in various colors.",
                                  "The red and blue squares are in two colors."])
def test_a_group_word_on_a_coordination_stays_vague(text):
    judged = _judged(text)
    assert isinstance(judged.interpretation, Interpretation)
    world = make_world(("triangle", "red", 0.2, 0.2), ("ellipse", "blue", 0.7, 0.7),
                       ("square", "red", 0.4, 0.6), ("square", "blue", 0.6, 0.3))
    assert truth(judged.interpretation, world).label not in ("true", "false")


def test_recombined_corpus_sentences_get_a_verdict():
    # the search that found both: sentences of model-written descriptions, two or three at a time
    from tests.descriptions.measure import load_corpus, load_worlds, verdict

    sentences = sorted({c["text"] for r in load_corpus() for c in r["claims"]})
    worlds = list(load_worlds().values())
    rng = random.Random(19)
    for _ in range(60):
        text = " ".join(rng.choice(sentences) for _ in range(rng.choice((2, 3))))
        assert verdict(text, rng.choice(worlds)).truth  # raises on an interpreter bug
