"""Forms that several writers of the description corpus use (issue #29, dev half): a direction and a bare
"to the left / right" as one direction of the verb, not a place of the subject; a part of the way in a
direction ("about two-thirds of the way down"); each beside near misses that stay ungrammatical."""
from __future__ import annotations

import pytest

from shapeworldice.grammar import parse
from tests.conftest import make_world
from tests.grammar.mrs_support import ep, eps, first_mrs
from tests.interpret.interpret_support import verdict

COMPOUND_DIRECTIONS = (
    "A semicircle is tilted with its flat side facing up and to the left.",
    "Below it, near the left edge, a gray semicircle is tilted with its flat side facing down and to the right.",
    "The green semicircle is facing up and to the right.",
    "The blue semicircle's flat edge is tilted down and to the right.",
    "A horizontal green rectangle is partly covered by a gray triangle that points downward and to the right.",
    "A narrow green rectangle is angled like a small bar pointing up and to the right.",
    "A dark purple triangle is positioned with one point aimed downward and slightly to the left.",
)


@pytest.mark.parametrize("sentence", COMPOUND_DIRECTIONS)
def test_a_direction_and_to_the_side_is_one_direction_of_the_verb(sentence):
    # "facing up and to the left": "to" takes the verb's event, coordinated with the adverb's; it had
    # been "[is tilted ... facing up] and [to the left]", a place of the shape (false of one on the right)
    mrs = first_mrs(sentence)
    to = ep(mrs, "_to_p")
    assert to.args["ARG1"].startswith("e"), sentence
    conj = [c for c in eps(mrs, "_and_c") if c.args["ARG2"] == to.args["ARG0"]
            or any(e.args.get("ARG0") == c.args["ARG2"] and e.args.get("ARG1") == to.args["ARG0"] for e in mrs.rels)]
    assert conj, sentence


def test_the_direction_is_not_read_as_the_shape_s_place():
    world = make_world(("semicircle", "magenta", 0.8, 0.7), ("square", "blue", 0.2, 0.2))
    assert verdict("A semicircle is tilted with its flat side facing up and to the left.", world) != "false"
    assert verdict("The magenta semicircle is facing up and to the left.", world) != "false"
    # a place coordinated with a predicate stays a place of the shape
    assert verdict("A semicircle is tilted and to the left.", world) == "false"
    assert verdict("The semicircle is magenta and to the right of the blue square.", world) == "true"


@pytest.mark.parametrize("sentence", [
    "The triangle is about two-thirds of the way down.",
    "On the far left, about three-quarters of the way down, a gray cross is isolated from the others.",
    "The blue square is roughly a fifth of the way down from the top edge.",
    "The cyan triangle is about halfway down the left side.",
    "A semicircle sits roughly two-thirds of the way toward the bottom.",
    "A square is at about a third of the way down the image.",
    "About two thirds of the way down the image, a circle is red.",
])
def test_a_part_of_the_way_in_a_direction(sentence):
    mrs = first_mrs(sentence)
    assert ep(mrs, "_further+down_p")


@pytest.mark.parametrize("sentence", [
    "The triangle is about two-thirds of the way.",
    "The triangle is about of the way down.",
    "The triangle is two-thirds the way down.",
    "The triangle is about two-thirds of the way down way.",
    "The triangle is about about a the way down.",
    "The semicircle is tilted with its flat side facing up and to the.",
    "The semicircle is tilted with its flat side facing up and and to the left.",
])
def test_near_misses_stay_out(sentence):
    assert not parse(sentence).grammatical, sentence


@pytest.mark.parametrize("sentence", [
    "Directly beneath the olive cross, and slightly overlapping it, is a solid dark red circle.",
    "To the right of the yellow ellipse, and overlapping it slightly, is a vivid green circle.",
])
def test_a_fronted_place_and_a_participle_coordinated_before_the_copula(sentence):
    # both the place and the participle are said of the inverted subject, never of the place's noun
    # phrase ("to the right of [the ellipse, and overlapping it]")
    mrs = first_mrs(sentence)
    subject = ep(mrs, "_circle_n_of").args["ARG0"]
    assert ep(mrs, "_overlap_v_1").args["ARG1"] == subject
    conj = ep(mrs, "_and_c")
    assert {conj.args["ARG2"]} == {ep(mrs, "_overlap_v_1").args["ARG0"]}


@pytest.mark.parametrize("sentence", [
    "There is an ellipse, slightly tilted, of about the same width as the semicircle.",
    "There is a slightly tilted cyan square of roughly the same color as the triangle.",
    "The ellipse is about the same width as the semicircle.",
])
def test_about_the_same_width_or_color_is_vague(sentence):
    assert ep(first_mrs(sentence), "_same_a_1")


def test_the_same_color_as_stays_a_comparison():
    # without an approximator "the same color as" keeps the comparison the interpreter decides
    assert ep(first_mrs("There is a square of the same color as the triangle."), "_same_a_as")


@pytest.mark.parametrize("sentence", [
    "Directly beneath the olive cross, and slightly overlapping it, a solid dark red circle.",
    "Directly beneath the olive cross, and, slightly overlapping it, is a red circle.",
    "Directly beneath the olive cross and, slightly overlapping it is a red circle.",
    "There is an ellipse of about the same width as.",
    "There is an ellipse of about same width as the semicircle.",
    "The ellipse is about the same the width as the semicircle.",
])
def test_near_misses_of_the_coordinated_participle_and_the_same_width_stay_out(sentence):
    assert not parse(sentence).grammatical, sentence


def test_closer_to_without_than_is_a_comparison_left_unread():
    # the ERG's comparative with its "to" complement and no "than" phrase: parsed, never false
    mrs = first_mrs("The remaining shapes sit closer to the edges.")
    assert ep(mrs, "_close_a_to") and ep(mrs, "more_comp")
    world = make_world(("cross", "yellow", 0.3, 0.5), ("circle", "green", 0.38, 0.5))
    assert verdict("The cross is closer to the circle.", world).startswith("uninterpretable")
    assert verdict("The cross is closer to the circle than the square.", world) == "false"


def test_and_then_in_a_sequence_is_and():
    sentence = ("To its right is a green rectangle, followed further right by a cyan rectangle angled upward and "
                "then a gray rectangle tilted along the right edge.")
    assert ep(first_mrs(sentence), "_and_c")


def test_a_comparative_tone_and_a_colour_after_a_comma():
    mrs = first_mrs("The lower red square is a slightly lighter, coral red.")
    square = ep(mrs, "_square_n_of").args["ARG0"]
    assert ep(mrs, "_light_a_1").args["ARG1"] == square and ep(mrs, "_red_a_1").args["ARG1"] == square


@pytest.mark.parametrize("sentence", [
    "The remaining shapes sit closer to.",
    "The remaining shapes sit closer the edges.",
    "A square and then.",
    "A square, and then and a circle.",
    "The square is a slightly lighter, coral red, .",
    "The square is a, slightly lighter coral red.",
])
def test_near_misses_of_closer_and_then_and_tones_stay_out(sentence):
    assert not parse(sentence).grammatical, sentence
