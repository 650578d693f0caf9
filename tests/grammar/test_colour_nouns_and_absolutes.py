"""Colour names as nouns after a preposition, coordinated absolutes and the other constructions of
the descriptions' sixteenth grammar round, each with a near miss that stays ungrammatical; and the
colour nouns the ERG rejects stay out."""
from __future__ import annotations

import pytest

from shapeworldice.grammar import parse


@pytest.mark.parametrize("text,near_miss", [
    ("The contrast between the blue, the yellow and the black background makes the shapes stand out.",
     "The contrast between the blue, the yellow and makes the shapes stand out."),
    ("The palette is limited to magenta, pink, purple and dark red.",
     "The palette is limited to magenta, pink, purple and and dark red."),
    ("The image uses a palette of cyan, magenta, purple and pink.", "The image uses a palette of cyan, magenta,."),
    ("There are shades of pink and purple.", "There are shades of pink and."),
    ("The composition is lively, with colors like red and yellow dominating the scene.",
     "The composition is lively, with colors like red and yellow dominating the."),
    ("The image consists almost entirely of a solid black background.",
     "The image consists almost entirely a solid black background."),
    ("A square has been rotated.", "A square has been been rotated."),
    ("The image has a small but bright look.", "The image has a small but look."),
    ("There is a large green circle, overlapped on its right by a yellow triangle.",
     "There is a large green circle, overlapped on its right by."),
    ("The square is on one side.", "The square is on one."),
    ("The shapes appear pushed toward the edges and corners.", "The shapes appear pushed toward the and corners."),
    ("Near the bottom, a yellow square and a green square line the lower edge.",
     "Near the bottom, a yellow square and a green square line the."),
    ("There are two red ellipses, one tilted diagonally and one smaller, partly cut off by the edge.",
     "There are two red ellipses, one tilted diagonally and one, partly cut off by the edge."),
    ("There are two rectangles, one a teal bar and the other a cyan bar tilted diagonally.",
     "There are two rectangles, one a teal bar and the other a."),
    ("It is rotated by about 20 degrees.", "It is rotated by about."),
    ("The circle looks like a sun in a night sky.", "The circle looks like a sun in a the sky."),
    ("The shapes are spread, with the two pentagons echoing each other on opposite sides.",
     "The shapes are spread, with the two pentagons echoing each other on opposite."),
    ("It is small, occupying a tiny fraction of the area.", "It is small, occupying a tiny fraction of the."),
    ("Moving to the right and downward, a red rectangle is tilted.",
     "Moving to the right and, a red rectangle is tilted."),
])
def test_sentences_of_the_sixteenth_round(text, near_miss):
    assert parse(text).grammatical, text
    assert not parse(near_miss).grammatical, near_miss


@pytest.mark.parametrize("text", [
    "A gray is below a blue square.", "None of the red are gray circles.", "Three quarters of the cyan are squares.",
    "A pentagon gray is.", "There is a gray.", "At five magenta shapes are circles.",
])
def test_colour_nouns_and_numbers_stay_out_where_the_erg_rejects_them(text):
    """A colour noun is a noun phrase only after a preposition (never "a gray", a subject or a bare
    relative's subject), and "on one side" takes "in" / "on", no "at" before a number."""
    assert not parse(text).sentence, text


def test_a_list_of_colour_nouns_is_the_ergs_coordination():
    """"between the cyan, the pink and the black background": implicit_conj of the first and the
    coordination of the others, each colour its noun (_cyan_n_1) under its quantifier."""
    rels = parse("The contrast between the cyan, the pink and the black background is strong.").reading.mrs.rels
    preds = [ep.predicate for ep in rels]
    assert {"_cyan_n_1", "_pink_n_1", "_and_c", "implicit_conj", "_between_p"} <= set(preds)
    between = next(ep for ep in rels if ep.predicate == "_between_p")
    conj = next(ep for ep in rels if ep.predicate == "implicit_conj")
    assert between.args["ARG2"] == conj.iv


@pytest.mark.parametrize("text", ["A pink circle with cyan and magenta crosses on a black background.",
                                  "A square among red and blue circles."])
def test_shapes_listed_after_with_stay_a_noun_phrase(text):
    """No colour noun after "with" / "among": the colours stay adjectives of the shapes, not colour nouns
    before the verb "crosses" (a sentence would hide the noun phrase caption)."""
    r = parse(text)
    assert r.grammatical and not r.sentence, text


@pytest.mark.parametrize("text", ["A collection of shapes in the lower half of a black background.",
                                  "A red square in the left half of the image."])
def test_half_is_a_noun_of_noun_phrase_captions(text):
    r = parse(text)
    assert r.grammatical and not r.sentence, text
