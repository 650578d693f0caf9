"""Forms of the newest model styles' descriptions (issue #29, dev half, LLaVA-OneVision, Gemma-3, Qwen3-VL):
a number of degrees spelt out ("rotated about forty-five degrees"), "fill" as a noun ("a flat, solid
fill"), "diameter" ("twice the diameter of"), "a large number of", "form" without an object; each beside
near misses that stay ungrammatical."""
from __future__ import annotations

import pytest

from shapeworldice.grammar import parse
from shapeworldice.grammar.normalise import normalise
from tests.conftest import make_world
from tests.grammar.mrs_support import ep, first_mrs
from tests.interpret.interpret_support import verdict


@pytest.mark.parametrize(("spelt", "digits"), [
    ("A square is rotated forty-five degrees.", "A square is rotated 45 degrees."),
    ("A square rotated about Forty-five degrees is red.", "A square rotated about 45 degrees is red."),
    ("A bar at a ninety-degree angle.", "A bar at a 90-degree angle."),
    ("A cross tilted thirty degrees.", "A cross tilted 30 degrees."),
])
def test_a_number_of_degrees_spelt_out_is_written_in_digits(spelt, digits):
    assert normalise(spelt) == digits
    assert normalise(normalise(spelt)) == digits


@pytest.mark.parametrize("text", [
    "Forty-five shapes are red.", "A tenth degree.", "Forty-fives degrees.", "The fortyfive degrees.",
])
def test_other_number_words_are_left_alone(text):
    assert normalise(text) == text


@pytest.mark.parametrize("sentence", [
    "Left of center, a magenta square rotated forty-five degrees appears as a diamond.",
    "Near the bottom edge, left of center, a large bright magenta square rotated forty-five degrees forms a "
    "diamond and is partly cut off by the bottom border.",
    "In the lower-right quadrant sits a bright magenta diamond, a square rotated about forty-five degrees, "
    "which is the largest of the three shapes.",
    "A bright green rectangle is rotated diagonally, about forty-five degrees.",
])
def test_a_rotation_in_degrees_spelt_out(sentence):
    result = parse(sentence)
    assert result.grammatical, sentence
    assert not result.unknown_words, sentence
    # read as the same sentence with the digits
    assert str(result.readings[0].mrs) == str(first_mrs(sentence.replace("forty-five", "45")))


def test_a_negated_participle_after_a_comma_stays_out():
    # at the end of a clause the parser would hang it on the nearest noun phrase ("A red square is above
    # a blue circle, not touching the triangle" said of the circle), which a reader says of the square
    for sentence in ("A red square is above a blue circle, not touching the triangle.",
                     "A small yellow square stands apart, not touching any other shape."):
        assert not parse(sentence).grammatical, sentence


@pytest.mark.parametrize("sentence", [
    "The circle has smooth, clean edges and a flat, solid fill with no shading or outline.",
    "The square has crisp, clean edges and a flat, uniform fill with no shading.",
    "There is a circle with a solid fill.",
])
def test_fill_as_a_noun(sentence):
    assert ep(first_mrs(sentence), "_fill_n_1")


def test_fill_stays_a_verb_where_it_is_one():
    assert ep(first_mrs("The shapes fill the frame."), "_fill_v_1")


@pytest.mark.parametrize("sentence", [
    "The gray circle is roughly twice the diameter of the magenta one.",
    "In the lower half, just below the center, a small magenta circle is placed next to a larger light gray "
    "circle on its right; the gray circle is roughly twice the diameter of the magenta one, and the two are "
    "close but not touching.",
])
def test_twice_the_diameter_as_twice_the_size(sentence):
    assert ep(first_mrs(sentence), "_twice+size_p")


@pytest.mark.parametrize("sentence", [
    "The square is red the circle is blue.",
    "A square is red, not not touching any other shape.",
    "A square is red, not blue.",
    "A square is red, touching not the circle.",
    "The circle has flat a fill.",
    "The circle is diameter.",
    "The circle is twice the diameter.",
    "A square rotated the forty-five degrees is red.",
    "A square is rotated forty-five degrees a.",
    "Square the forty-five degrees rotated a.",
    "Fill the not touching diameter of.",
])
def test_near_misses_stay_out(sentence):
    assert not parse(sentence).grammatical, sentence


@pytest.mark.parametrize("sentence", [
    "In this image, there are a large number of geometric shapes spread across a black background, with green "
    "being the dominant color.",
    "A large number of shapes are red.",
    "There are a great number of shapes.",
])
def test_a_large_number_of_as_many(sentence):
    assert ep(first_mrs(sentence), "_many_a_1")


def test_a_large_number_is_many():
    two = make_world(("square", "red", 0.3, 0.5), ("circle", "blue", 0.7, 0.5))
    assert verdict("There are a large number of shapes.", two) == "false"


def test_form_without_an_object():
    mrs = first_mrs("In the lower part of the image, a cluster forms: a bright yellow cross rotated like an X sits "
                    "on the left, and to its right a smaller light gray cross is also tilted.")
    assert ep(mrs, "_form_v_1").args["ARG1"] == ep(mrs, "_cluster_n_1").args["ARG0"]
    # with an object it stays the transitive verb
    assert "ARG2" in ep(first_mrs("The shapes form a line."), "_form_v_1").args


@pytest.mark.parametrize("sentence", [
    "There are a large number shapes.",
    "There are a large of number shapes.",
    "A cluster forms a.",
    "A cluster forms the.",
])
def test_more_near_misses_stay_out(sentence):
    assert not parse(sentence).grammatical, sentence
