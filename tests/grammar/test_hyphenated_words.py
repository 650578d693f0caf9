"""Words the descriptions write with a hyphen: a tone and a colour ("dark-blue", "medium-gray") are read as the
two words apart, a multi-word colour ("royal-blue") as its entry, a shape named by a letter or a sign ("an L
shape", "a plus-sign shape") as the spaced form or the letter's look. Each is checked against the spaced form
it stands for. Two colours' names ("olive-yellow", "yellow-green") and a place between the centre and a side
("center-left") stay unknown words: the interpreter reads the first as a colour between its parts, and would
read the compound place as both the centre and the side (false of a shape at the bottom center-right)."""
from __future__ import annotations

import pytest
from delphin import mrs as delphin_mrs

from shapeworldice.grammar import parse
from shapeworldice.grammar.loader import load

#: a hyphenated form and the spaced form whose reading it must have (the same MRS, up to variable names)
SAME_AS_SPACED = (
    ("A dark-blue circle is on the left.", "A dark blue circle is on the left."),
    ("The circle is dark-blue.", "The circle is dark blue."),
    ("A medium-gray circle is small.", "A medium gray circle is small."),
    ("The square is medium-gray.", "The square is medium gray."),
    ("Two light-green crosses overlap.", "Two light green crosses overlap."),
    ("A pale-yellow square is in the corner.", "A pale yellow square is in the corner."),
    ("A light-colored square is in the corner.", "A light colored square is in the corner."),
    ("The circle is royal-blue.", "The circle is royal blue."),
    ("A sky-blue square is at the top.", "A sky blue square is at the top."),
    ("The square is navy-blue.", "The square is navy blue."),
    ("A hot-pink ellipse is tilted.", "A hot pink ellipse is tilted."),
    ("A plus-sign shape is red.", "A plus sign shape is red."),
    ("Two x-shapes are red.", "Two x shapes are red."),
)

#: forms whose near miss (the article of the other onset, a number clash) stays out
NEAR_MISSES = (
    ("A dark-blue oval is tilted.", "An dark-blue oval is tilted."),
    ("A medium-gray circle is small.", "An medium-gray circle is small."),
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


def test_two_colours_names_and_centre_side_places_stay_unknown_words():
    for text, word in (("There is a yellow-green cross.", "yellow-green"),
                       ("There is an olive-yellow cross.", "olive-yellow"),
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
    assert entries[("dark-blue",)].attrs == {"pred": "_dark_a_1", "pred2": "_blue_a_1"}
    assert entries[("medium-gray",)].attrs == {"pred": "_medium_a_1", "pred2": "_grey_a_1"}
    # a multi-word colour's own hyphenated spelling, and a word with itself, make no pair
    assert ("royal-blue",) not in entries and ("dark-dark",) not in entries
    # the first word is a tone: a colour's name (a blend of two), a place or a size word is none
    assert ("yellow-green",) not in entries and ("olive-yellow",) not in entries
    assert ("left-green",) not in entries and ("small-red",) not in entries
