"""Asides and examples in model-written descriptions (issue #29, dev half): two asides in one pair of
parentheses, a participle between coordinated verb phrases, coordinated participles after a noun, an
adjective with its "as" phrase after a noun, "with" + a noun phrase + an adjective and a place, colours'
names after "including", "several times each"; each beside near misses that stay ungrammatical."""
from __future__ import annotations

import pytest

from shapeworldice.grammar import parse
from tests.grammar.mrs_support import ep as _ep, first_mrs as _mrs


def test_two_asides_in_parentheses_are_said_of_the_noun():
    mrs = _mrs("A yellow semicircle (tilted, with its flat side facing right) overlaps a circle.")
    semicircle = _ep(mrs, "_semicircle_n_1").iv
    assert _ep(mrs, "_tilted_v_1").args["ARG2"] == semicircle
    assert _ep(mrs, "_with_p").args["ARG1"] == semicircle


def test_a_participle_between_coordinated_verb_phrases_is_said_of_the_subject():
    mrs = _mrs("A blue rectangle is oriented vertically, slightly tilted, and touches the left edge.")
    rectangle = _ep(mrs, "_rectangle_n_1").iv
    assert _ep(mrs, "_tilted_v_1").args["ARG2"] == rectangle
    assert _ep(mrs, "_touch_v_1").args["ARG1"] == rectangle
    conj = _ep(mrs, "_and_c")
    assert {conj.args["ARG1"], conj.args["ARG2"]} == {_ep(mrs, "_oriented_v_1").iv, _ep(mrs, "_touch_v_1").iv}


def test_coordinated_participles_after_a_noun_are_said_of_it():
    mrs = _mrs("A cyan rectangle angled diagonally and cut off by the bottom edge is red.")
    rectangle = _ep(mrs, "_rectangle_n_1").iv
    assert _ep(mrs, "_angled_v_1").args["ARG2"] == rectangle
    cut = _ep(mrs, "_cut+off_v_1")
    assert cut.args["ARG2"] == rectangle
    assert _ep(mrs, "_by_p").args["ARG1"] == cut.iv


def test_with_a_noun_phrase_an_adjective_and_a_place():
    mrs = _mrs("A semicircle faces left, with its flat edge vertical on the right side.")
    edge = _ep(mrs, "_edge_n_of").iv
    assert _ep(mrs, "_with_p").args["ARG2"] == edge
    assert _ep(mrs, "_on_p").args["ARG1"] == edge


def test_an_adjective_with_its_as_phrase_after_a_noun():
    mrs = _mrs("A bright cyan circle about the same size as the gray circle is cut off by the bottom edge.")
    same = _ep(mrs, "_same_a_1")
    assert same.args["ARG1"] == _ep(mrs, "_bright_a_1").args["ARG1"]
    assert _ep(mrs, "_as_p").args["ARG1"] == same.iv


def test_an_unknown_word_with_a_pp_after_a_noun_stays_a_verb():
    # only "as" follows an adjective after a noun: "account for" is no adjective of "shades" here
    result = parse("Red shades account for three of the eight shapes.")
    assert all("postp" not in str(r.derivation) for r in result.readings)


def test_colours_names_after_including():
    mrs = _mrs("The image features crosses in various colors, including yellow, salmon, red and cyan, "
               "on a black background.")
    including = _ep(mrs, "_including_p")
    assert including.args["ARG2"] in {ep.iv for ep in mrs.rels if ep.predicate in ("implicit_conj", "_and_c")}


def test_including_before_adjectives_keeps_the_noun():
    # "cyan and magenta crosses" stays a noun phrase with two adjectives, "crosses" no verb
    mrs = _mrs("Shapes including cyan and magenta crosses.")
    assert any(ep.predicate == "_cross_n_1" for ep in mrs.rels)


def test_several_times_each():
    mrs = _mrs("Pentagons and ellipses appear several times each.")
    assert _ep(mrs, "_several+times_a_1").args["ARG1"] == _ep(mrs, "_appear_v_1").iv


@pytest.mark.parametrize("sentence", [
    "A yellow semicircle (tilted, with its flat side facing right overlaps a circle.",
    "A yellow semicircle (tilted, with) overlaps a circle.",
    "A yellow semicircle (tilted, the) overlaps a circle.",
    "A blue rectangle is oriented vertically, slightly tilted, and.",
    "A blue rectangle is oriented vertically, slightly tilted and, touches the left edge.",
    "The image features crosses, including yellow, salmon, red and, on a black background.",
    "A cyan rectangle angled diagonally and cut off by the is red.",
    "A cyan rectangle angled diagonally and cut off by is red.",
    "A semicircle faces left, with its flat edge vertical on the.",
    "A circle about the same size as is red.",
    "A circle about the same size the square as is red.",
    "The squares are red each.",
    "The squares appear several times each each.",
])
def test_stays_ungrammatical(sentence):
    assert not parse(sentence).grammatical
