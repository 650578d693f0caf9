"""Words the descriptions write with a hyphen: a colour compound ("lime-green", "olive-yellow", "royal-blue",
"salmon-colored") is read as its two words apart, a shape named by a letter or a sign ("an L shape", "a
plus-sign shape") as the spaced form or the letter's look. Each is checked against the spaced form it
stands for; a blend of two basic hues ("yellow-green") and a place between the centre and a side
("center-left") stay unknown words, which the interpreter reads as vague rather than as both hues or
both places (false of a yellow-green cross, of a shape at the bottom center-right)."""
from __future__ import annotations

import pytest
from delphin import mrs as delphin_mrs

from shapeworldice.grammar import parse
from shapeworldice.grammar.loader import load

#: a hyphenated form and the spaced form whose reading it must have (the same MRS, up to variable names)
SAME_AS_SPACED = (
    ("A lime-green circle is on the left.", "A lime green circle is on the left."),
    ("The circle is lime-green.", "The circle is lime green."),
    ("An olive-yellow oval sits near the top.", "An olive yellow oval sits near the top."),
    ("A coral-red square is tilted.", "A coral red square is tilted."),
    ("A medium-gray circle is small.", "A medium gray circle is small."),
    ("The square is medium-gray.", "The square is medium gray."),
    ("The circle is royal-blue.", "The circle is royal blue."),
    ("A sky-blue square is at the top.", "A sky blue square is at the top."),
    ("The square is navy-blue.", "The square is navy blue."),
    ("A hot-pink ellipse is tilted.", "A hot pink ellipse is tilted."),
    ("A salmon-colored square is in the corner.", "A salmon colored square is in the corner."),
    ("Two lavender-blue crosses overlap.", "Two lavender blue crosses overlap."),
    ("A plus-sign shape is red.", "A plus sign shape is red."),
    ("Two x-shapes are red.", "Two x shapes are red."),
)

#: forms whose near miss (the article of the other onset, a number clash) stays out
NEAR_MISSES = (
    ("An olive-yellow oval is tilted.", "A olive-yellow oval is tilted."),
    ("A lime-green circle is small.", "An lime-green circle is small."),
    ("A T shape is red.", "An T shape is red."),
    ("An L shape is red.", "An L shapes is red."),
    ("An X shape is red.", "An X shapes is red."),
    ("A Greek cross is red.", "A Greek crosses is red."),
)


def _mrs(text: str):
    result = parse(text)
    assert result.grammatical, text
    return result.readings[0].mrs


@pytest.mark.parametrize(("hyphenated", "spaced"), SAME_AS_SPACED)
def test_hyphenated_form_reads_as_its_spaced_form(hyphenated, spaced):
    result = parse(hyphenated)
    assert result.grammatical and not result.unknown_words, hyphenated
    assert delphin_mrs.is_isomorphic(result.readings[0].mrs, _mrs(spaced)), (hyphenated, spaced)


@pytest.mark.parametrize(("good", "near_miss"), NEAR_MISSES)
def test_hyphenated_form_parses_and_its_near_miss_does_not(good, near_miss):
    assert parse(good).grammatical, good
    assert not parse(near_miss).grammatical, near_miss


def test_multi_word_colour_keeps_its_own_predicate_before_a_noun():
    # "royal blue" is one colour name (the colour table's synonym of blue); its hyphenated spelling is that
    # entry wherever it stands, where the spaced words before a noun may also be read one by one
    for text, pred in (("A royal-blue cross is above a circle.", "_royal+blue_a_1"),
                       ("A navy-blue square is at the top.", "_navy+blue_a_1"),
                       ("A hot-pink ellipse is tilted.", "_hot+pink_a_1")):
        assert pred in {ep.predicate for ep in _mrs(text).rels}, text


def test_blends_of_basic_hues_and_centre_side_places_stay_unknown_words():
    for text, word in (("There is a yellow-green cross.", "yellow-green"),
                       ("A square is in the center-left.", "center-left"),
                       ("A circle sits near the bottom center-right.", "center-right")):
        result = parse(text)
        assert result.grammatical and result.unknown_words == (word,), text


def test_letter_shapes_read_as_the_letter_and_a_greek_cross_as_a_cross():
    # "an X shape" is the X's look (no noun compound the interpreter cannot read), "a Greek cross" a cross
    for text in ("An X shape is red.", "The X shape is red.", "An L shape is red.", "A T shape is red."):
        preds = {ep.predicate for ep in _mrs(text).rels}
        assert "_x_n_1" in preds and "compound" not in preds, text
    assert {ep.predicate for ep in _mrs("A Greek cross is red.").rels} >= {"_cross_n_1"}
    assert not parse("A Greek cross is red.").unknown_words


def test_hyphenate_makes_an_entry_of_each_pair_and_leaves_existing_forms_alone():
    entries = {e.forms[0][0]: e for e in load().entries if e.type == "adj_hyph"}
    assert entries[("olive-yellow",)].attrs == {"pred": "_olive_a_1", "pred2": "_yellow_a_1"}
    assert entries[("coral-red",)].attrs == {"pred": "_coral_a_1", "pred2": "_red_a_1"}
    # a multi-word colour's own hyphenated spelling, and a word with itself, make no pair
    assert ("royal-blue",) not in entries and ("red-red",) not in entries
    # the first word is a tone or a named shade: a basic hue (a blend), a place or a size word is none
    assert ("yellow-green",) not in entries and ("blue-violet",) not in entries
    assert ("left-green",) not in entries and ("small-red",) not in entries
    assert ("lime-green",) in entries and ("medium-gray",) in entries
