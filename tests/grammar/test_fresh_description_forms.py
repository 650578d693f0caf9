"""Forms of the fresh dev descriptions (issue #29, images img-680..img-799): readings that decide truths (a
place noun shared by two place adjectives, a shape's possessive, "shades of" a colour) and the general
forms added with them (a colour's name as a subject, "twice", a floating "each", "across from"), each
beside near misses that stay ungrammatical."""
from __future__ import annotations

import pytest

from shapeworldice.grammar import normalise, parse
from tests.grammar.mrs_support import ep as _ep, eps as _eps, first_mrs as _mrs


@pytest.mark.parametrize("sentence, first, second, noun", [
    ("The entire bottom and left edges of the image are empty.", "_bottom_a_1", "_left_a_2", "_edge_n_of"),
    ("The top and right edges are empty.", "_top_a_1", "_right_a_3", "_edge_n_of"),
    ("The shapes are near the top and right edges.", "_top_a_1", "_right_a_3", "_edge_n_of"),
    ("The upper and lower corners are empty.", "_upper_a_1", "_lower_a_1", "_corner_n_of"),
])
def test_place_adjectives_share_a_plural_noun(sentence, first, second, noun):
    # "the bottom and left edges" is the bottom edge and the left edge: each adjective has a noun of its
    # own, coordinated; not "[the bottom] and [left edges]"
    mrs = _mrs(sentence)
    conj = _ep(mrs, "_and_c")
    nouns = _eps(mrs, noun)
    assert len(nouns) == 2
    left, right = conj.args["ARG1"], conj.args["ARG2"]
    assert {n.args["ARG0"] for n in nouns} == {left, right}
    assert _ep(mrs, first).args["ARG1"] == left
    assert _ep(mrs, second).args["ARG1"] == right
    assert not _eps(mrs, "_bottom_n_1") and not _eps(mrs, "_top_n_1")


def test_a_shared_noun_is_under_the_determiner():
    mrs = _mrs("The top and right edges are empty.")
    conj = _ep(mrs, "_and_c")
    assert _ep(mrs, "_the_q").args["ARG0"] == conj.args["ARG0"]
    assert _ep(mrs, "_empty_a_1").args["ARG1"] == conj.args["ARG0"]


@pytest.mark.parametrize("sentence, shape, possession", [
    ("The cyan cross is on the triangle's left side.", "_triangle_n_1", "_side_n_of"),
    ("The cyan cross is on the triangle\u2019s left side.", "_triangle_n_1", "_side_n_of"),
    ("A circle is near the square's edge.", "_square_n_of", "_edge_n_of"),
    ("A dot is on the circle's right.", "_circle_n_of", "_right_n_1"),
    ("The cross is on the cyan triangle's left side.", "_triangle_n_1", "_side_n_of"),
    ("The square's edge touches the circle.", "_square_n_of", "_edge_n_of"),
])
def test_a_shapes_possessive_owns_the_place(sentence, shape, possession):
    # as "its left side": def_explicit_q over the place, with poss to the shape (a definite noun phrase),
    # so the place is the shape's, not the picture's; no unknown word
    result = parse(sentence)
    assert result.grammatical and not result.unknown_words
    mrs = result.readings[0].mrs
    place = next(ep for ep in _eps(mrs, possession))
    poss = _ep(mrs, "poss")
    owner = _ep(mrs, shape)
    assert poss.args["ARG1"] == place.args["ARG0"]
    assert poss.args["ARG2"] == owner.args["ARG0"]
    assert any(q.predicate == "def_explicit_q" and q.args["ARG0"] == place.args["ARG0"] for q in mrs.rels)
    assert any(q.predicate == "_the_q" and q.args["ARG0"] == owner.args["ARG0"] for q in mrs.rels)
    assert not any(ep.predicate == "compound" for ep in mrs.rels)


@pytest.mark.parametrize("text, expected", [
    ("The triangle\u2019s left side.", "The triangle's left side."),
    ("It\u2019s red.", "It's red."),
    ("The \u2018shape\u2019s\u2019 edge.", "The 'shape's' edge."),
])
def test_curly_single_quotes_are_apostrophes(text, expected):
    assert normalise(text) == expected
    assert normalise(normalise(text)) == normalise(text)


@pytest.mark.parametrize("text, expected", [
    ("Overall, pink/magenta appears three times.", "Overall, pink or magenta appears three times."),
    ("A red/blue/green square.", "A red or blue or green square."),
    ("Squares and/or circles.", "Squares and/or circles."),
    ("About 1/3 of the shapes.", "About 1/3 of the shapes."),
])
def test_a_slash_between_words_is_or(text, expected):
    assert normalise(text) == expected
    assert normalise(expected) == expected


def test_two_names_with_a_slash_are_coordinated():
    mrs = _mrs("Pink/magenta is the most frequent color, and blue appears twice.")
    assert _eps(mrs, "_or_c")


@pytest.mark.parametrize("sentence, colours", [
    ("Three of the five shapes are shades of gray.", {"_grey_a_1"}),
    ("The shapes are various shades of blue and green.", {"_blue_a_1", "_green_a_1"}),
    ("The square is a shade of gray.", {"_grey_a_1"}),
    ("The shapes are in shades of gray.", {"_grey_a_1"}),
])
def test_shades_of_a_colour_give_the_subject_its_colour(sentence, colours):
    mrs = _mrs(sentence)
    subject = mrs.rels[0].args["ARG0"] if mrs.rels[0].predicate.endswith("_q") else None
    found = {ep.predicate for ep in mrs.rels if ep.predicate in colours}
    assert found == colours
    assert not _eps(mrs, "_shade_n_1") and not _eps(mrs, "_be_v_id")
    holders = {ep.args["ARG1"] for ep in mrs.rels if ep.predicate in colours}
    assert len(holders) == 1
    if subject is not None:
        assert holders == {subject}


@pytest.mark.parametrize("sentence", [
    "Blue appears twice.",
    "Yellow and cyan each appear twice.",
    "Teal and cyan together make up four of the shapes.",
    "Overall, blue appears twice, and the center is empty.",
    "Pink and magenta are the most frequent colors.",
])
def test_a_colours_name_as_a_subject(sentence):
    result = parse(sentence)
    assert result.grammatical and not result.unknown_words
    preds = {ep.predicate for ep in result.readings[0].mrs.rels}
    assert preds & {"_blue_n_1", "_yellow_n_1", "_teal_n_1", "_pink_n_1", "_blue_a_1", "_pink_a_1"}


def test_twice_is_said_of_the_verb():
    mrs = _mrs("The square appears twice.")
    assert _ep(mrs, "_twice_a_1").args["ARG1"] == _ep(mrs, "_appear_v_1").args["ARG0"]


@pytest.mark.parametrize("sentence", [
    "The squares each appear twice.",
    "The squares are each red.",
    "Across from it, in the upper right portion of the image, there is a cross.",
    "The two shapes are placed diagonally across from each other.",
    "Crosses are the most common shape.",
    "Towards the bottom left corner, a blue oval is tilted diagonally as well.",
    "Two magenta semicircles appear as well, one above the gray pentagon and a smaller one on the left.",
    "Red is the most common color, followed by purple.",
    "Cyan is the most common color, followed by yellow and olive.",
    "Overall, pink/magenta appears three times, and half of the shapes are semicircles.",
    "Pentagons appear several times.",
    "A square tilted slightly clockwise touches the circle.",
    "The square is rotated counterclockwise.",
    "The right two-thirds of the image are empty.",
    "The upper two-thirds of the frame contains nothing.",
])
def test_fresh_forms_parse(sentence):
    result = parse(sentence)
    assert result.grammatical and not result.unknown_words


def test_a_verb_added_in_parentheses_shares_subject_and_object():
    mrs = _mrs("A square touches (and slightly overlaps) its upper-right edge.")
    touch, overlap, conj = _ep(mrs, "_touch_v_1"), _ep(mrs, "_overlap_v_1"), _ep(mrs, "_and_c")
    assert (conj.args["ARG1"], conj.args["ARG2"]) == (touch.args["ARG0"], overlap.args["ARG0"])
    assert touch.args["ARG1"] == overlap.args["ARG1"] and touch.args["ARG2"] == overlap.args["ARG2"]
    assert _ep(mrs, "_slightly_a_1").args["ARG1"] == overlap.args["ARG0"]


def test_another_name_after_or_in_parentheses():
    mrs = _mrs("A triangle overlaps a dark blue square (or slightly tilted rectangle).")
    conj = _ep(mrs, "_or_c")
    assert conj.args["ARG1"] == _ep(mrs, "_square_n_of").args["ARG0"]
    assert conj.args["ARG2"] == _ep(mrs, "_rectangle_n_1").args["ARG0"]
    assert _ep(mrs, "_overlap_v_1").args["ARG2"] == conj.args["ARG0"]


def test_more_like_is_like():
    mrs = _mrs("A gray semicircle (more like a half-disc) overlaps the square.")
    assert _ep(mrs, "_like_p").args["ARG1"] == _ep(mrs, "_grey_a_1").args["ARG1"]


@pytest.mark.parametrize("sentence", [
    # the ERG rejects a colour's name as a subject after an interjection
    "No yellow is above a gray square.",
    # nor with the copula and an adjective (the ERG rejects "Red is gray.")
    "Red is gray.",
    # a colour's name takes its verb's number
    "Blue appear twice.",
    "Pink or magenta is red.",
    # a floating "each" only after a plural
    "The square each appears twice.",
    # a shared noun needs its adjectives before it, and a possessive a noun after it
    "The bottom and left edges of the image is empty.",
    "The cross is on the triangle's.",
    "The cross is on triangle's left side.",
    "The cross is on the triangle's the left side.",
    # "shades of" takes a colour
    "The shapes are shades of.",
    "The square is across from.",
    # "as well" is said after what it adds to, a colour's name after "followed by" in an absolute only
    "As well the square is red.",
    "Shapes followed by red.",
    # a parenthesis needs its conjunction and what it adds
    "A square touches (and) the circle.",
    "A square touches (overlaps and) the circle.",
    "A triangle overlaps a square (or).",
])
def test_near_misses_stay_ungrammatical(sentence):
    assert not parse(sentence).grammatical
