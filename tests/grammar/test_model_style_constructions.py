"""Constructions of the models' detailed descriptions (issue #29's grammar round after the tails), in
sentences of our own in the models' style, each with a near miss that stays ungrammatical."""
from __future__ import annotations

import pytest

from shapeworldice.grammar import parse

CASES = (
    # an adverb before a present participle (post_adv_ing, post_adv_ing_mod)
    ("A cyan triangle sits just below it, also pointing left.", "A cyan triangle sits just below it, also pointing the."),
    ("Two ellipses lie near the bottom edge, slightly overlapping the gray square.",
     "Two ellipses lie near the bottom edge, slightly overlapping the gray."),
    # a tail and a participle after a noun phrase caption (root_fragment_tail_post)
    ("Several colorful shapes, mostly triangles, scattered across a black background.",
     "Several colorful shapes, mostly triangles, scattered across a."),
    ("Five small circles, all blue, arranged in a loose row on a black background.",
     "Five small circles, all blue, arranged in a loose row on a."),
    # a place between commas after the coordinator (s_coord_pp_comma, s_coord_comma_pp_comma)
    ("A red circle sits in the upper left and, next to it, a blue square is slightly tilted.",
     "A red circle sits in the upper left and, next to it, a blue square is."),
    ("The triangle points up, and, to its right, a green cross is cut off by the edge.",
     "The triangle points up, and, to its right, a green cross is cut off by the."),
    # two nouns under one "a" after "in" (pp_def_a_and)
    ("Three crosses sit in a row, each in a different shade and size.",
     "Three crosses sit in a row, each in a different shade and."),
    ("The two pentagons are drawn in a similar size and color.", "The two pentagons are drawn in a similar size and."),
    # an amount of a colour (nshade_n lot, touch, hint)
    ("The picture has a lot of blue and only a touch of red.", "The picture has a lot of blue and only a touch of."),
    ("The scene is mostly gray, with a hint of green near the bottom.",
     "The scene is mostly gray, with a hint of near the bottom."),
    # "at mid-left" / "at mid-right"
    ("A small yellow square sits at mid-right, just below the circle.", "A small yellow square sits at mid, just below the circle."),
    # "a lot like", "much like"
    ("The cross looks a lot like a plus sign.", "The cross looks a lot like."),
    ("Together the triangles look much like an arrow.", "Together the triangles look much like an."),
    # several rotations
    ("Three rectangles lie at slight angles near the top edge.", "Three rectangles lie at slight near the top edge."),
    # "crowded with" after a noun
    ("A black background crowded with small colorful circles.", "A black background crowded with."),
    # a serial "or" list ending in a mass noun
    ("There are no other shapes, lines, or text in the picture.", "There are no other shapes, lines, or in the picture."),
    # "almost all of them" as a tail
    ("The picture shows seven shapes, almost all of them circles.", "The picture shows seven shapes, almost all of them of."),
    ("Eight shapes, nearly all of them red, on a black background.", "Eight shapes, nearly all of them red, on a black."),
    # "off-center" as a predicate
    ("The arrangement is sparse and off-center.", "The arrangement is sparse off-center and."),
    # "mixed in"
    ("The image is mostly blue, with a touch of red mixed in near the bottom.",
     "The image is mostly blue, with a touch of red mixed in near the."),
)


@pytest.mark.parametrize(("text", "near_miss"), CASES)
def test_model_style_sentence_and_its_near_miss(text, near_miss):
    assert parse(text).grammatical, text
    assert not parse(near_miss).grammatical, near_miss


@pytest.mark.parametrize("text", [
    "A red circle sits in the upper left and, next to it, a blue square is slightly tilted.",
    "Three crosses sit in a row, each in a different shade and size.",
])
def test_constructions_are_sentences(text):
    assert parse(text).sentence, text


def test_a_lot_of_a_colour_is_its_noun():
    preds = [ep.predicate for ep in parse("There is a lot of gray.").readings[0].mrs.rels]
    assert {"_lot_n_1", "_of_p", "_grey_n_1"} <= set(preds)


def test_at_mid_left_is_the_nouns_place():
    preds = [ep.predicate for ep in parse("A red circle sits at mid-left.").readings[0].mrs.rels]
    assert {"_at_p", "_left_n_1", "_middle_a_1"} <= set(preds)
