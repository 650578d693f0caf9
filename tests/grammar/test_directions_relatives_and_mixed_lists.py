"""Constructions of model-written descriptions (issue #29, dev half): a bare direction after a verb's
object is the verb's, lists that mix noun phrases with bare singulars after "a", a clause in parentheses;
each beside near misses that stay ungrammatical (and a plural relative clause on a coordination, out)."""
from __future__ import annotations

import pytest

from shapeworldice.grammar import parse
from tests.grammar.mrs_support import eps as _eps, first_reading as _reading


@pytest.mark.parametrize("sentence, verb", [
    ("The periwinkle blue oval follows the magenta oval to the right.", "_follows/VBZ_u_unknown"),
    ("The blue square touches the red circle to the left.", "_touch_v_1"),
])
def test_a_direction_after_the_object_is_the_verbs(sentence, verb):
    # "to the right" on the verb's event (the ERG's attachment to the verb phrase), not a place of the object
    mrs = _reading(sentence).mrs
    (event,) = [ep.iv for ep in _eps(mrs, verb)]
    (to,) = _eps(mrs, "_to_p")
    assert to.args["ARG1"] == event
    objects = {ep.args["ARG2"] for ep in _eps(mrs, verb)}
    assert to.args["ARG1"] not in objects


@pytest.mark.parametrize("sentence", [
    "The gray triangle overlaps the right side of the green circle.",
    "The yellow semicircle overlaps the cyan circle below it.",
    "The lower half of the image contains a cluster of crosses.",
    "The blue square touches the red circle to the right of the triangle.",
    # after an indefinite object the direction stays with what ends it
    "The larger pentagon overlaps a coral red circle, which is partly hidden behind it to the left.",
    "A magenta circle sits above a gray pentagon that overlaps a dark red square, with a small ellipse to the right.",
])
def test_other_pps_after_an_object_stay_the_objects(sentence):
    # only the bare direction after a definite object moves to the verb: a PP with a complement stays
    # inside the object
    reading = _reading(sentence)
    assert "vp_v2_np_pdir" not in str(reading.derivation)


def test_the_direction_reads_as_a_preposition_and_its_noun_phrase():
    # the direction's EPs are those of "to" + "the right" (as after an intransitive verb)
    mrs = _reading("The blue square touches the red circle to the right.").mrs
    (to,) = _eps(mrs, "_to_p")
    (right,) = _eps(mrs, "_right_n_1")
    assert to.args["ARG2"] == right.iv
    assert any(ep.args.get("ARG0") == right.iv for ep in _eps(mrs, "_the_q"))


@pytest.mark.parametrize("sentence", [
    "Below it there is a purple pentagon and a yellow pentagon that touch each other.",
    "There are two ovals: a teal oval and a yellow oval, which overlap slightly.",
])
def test_a_plural_relative_clause_on_a_coordination_stays_out(sentence):
    # said of the coordinated entity it is read as "some listed shape" (test_fresh_set_constructions): out
    # until the interpreter reads it as said of each conjunct
    assert not parse(sentence).grammatical


@pytest.mark.parametrize("sentence", [
    "A green circle, green ellipse, two blue rectangles, a green rectangle and a purple circle on a black background.",
    "A pink half circle, yellow half circle, ovals and an olive circle on a black background.",
    "A red pentagon, green circle, blue triangles, a red ellipse and a green triangle are scattered on the ground.",
])
def test_a_list_mixing_noun_phrases_and_bare_singulars(sentence):
    mrs = _reading(sentence).mrs
    assert _eps(mrs, "implicit_conj") and _eps(mrs, "_and_c")


@pytest.mark.parametrize("sentence", [
    "A square, circle.",
    "Squares, circle and triangles are red.",
    "Two squares, circle, triangles and a pentagon are red.",
    "There are squares, circle, triangles and a pentagon.",
    "A square, circle, triangles and a pentagon is red.",
    "A square, circle, triangles and.",
])
def test_bare_singulars_in_a_list_need_a_first_a(sentence):
    assert not parse(sentence).grammatical


def test_a_clause_in_parentheses_after_a_sentence():
    mrs = _reading("A blue cross is partially cut off, so only its arms are visible (it looks a bit like a T).").mrs
    assert _eps(mrs, "implicit_conj")


@pytest.mark.parametrize("sentence", [
    "A blue cross is partially cut off (it looks a bit like).",
    "A blue cross is partially cut off (it looks a bit like a T.",
    "(It looks a bit like a T) a blue cross is cut off.",
])
def test_a_clause_in_parentheses_stays_a_whole_clause(sentence):
    assert not parse(sentence).grammatical
