"""General English of detailed descriptions (the equative, fronted adverbs, verbs of putting, dashes,
appositions, places relative to the centre, measure phrases and ranges, plural colour
nouns, an approximator before a definite complement, "where" relatives, "a deep blue that ...",
subordinate clauses before the main one, "in each corner", "in warm colors", letters' shapes, a
participle phrase before the clause, modals, hyphenated places as nouns ("in the
lower-left"), an ordinal without a noun ("the first is ..."), "all over", ", or plus sign,",
"in width"), each with a near miss that stays
ungrammatical; the sentences are written in the style of the description corpus, not taken from it."""
from __future__ import annotations

import pytest

from shapeworldice.grammar import normalise, parse


@pytest.mark.parametrize("text,near_miss", [
    ("The square is as big as the circle.", "The square is as big as."),
    ("The square is about as big as the circle.", "The square is about about as big as the circle."),
    ("The square is nearly as wide as the circle.", "The square is nearly as as wide the circle."),
    ("The rectangle is about twice as long as it is wide.", "The rectangle is twice twice as long as it is wide."),
    ("There is a bar about twice as long as the square.", "There is a bar about twice as long as."),
    ("Notably, the two circles overlap.", "Notably, the two circles overlap overlap."),
    ("Clearly, the square is red.", "Clearly, the square is is red."),
    ("In addition, a small triangle sits near the top.", "In addition, a small triangle sits near the."),
    ("The composition places most shapes in the right half.", "The composition places most shapes in the."),
    ("The square sits near the top - its corner touching the edge.", "The square sits near the top - its corner."),
    ("The square \u2014 the largest shape \u2014 is red.", "The square \u2014 the largest shape \u2014 are red."),
    ("The circle is on the left -- near the edge.", "The circle is on the -- near the edge."),
    ("The square, the only red shape, is on the left.", "The square, the only red shape, is on the."),
    ("The shapes are well spaced with a lot of black space between them.",
     "The shapes are well spaced with a lot of black space between."),
    ("A large purple circle sits in the lower left of center.", "A large purple circle sits in the lower left of."),
    ("The circles form a gentle upward diagonal.", "The circles form a gentle upward."),
    ("The rectangle is rotated roughly 30 to 45 degrees.", "The rectangle is rotated roughly 30 to degrees."),
    ("It is tilted by about 35 degrees.", "It is tilted by about degrees 35."),
    ("There are 30 shapes.", "There are 30 the shapes."),
    ("The bar is roughly three times as long as it is wide.", "The bar is roughly three times as long as it is."),
    ("The image has a warm color scheme with yellows and reds.", "The image has a warm color scheme with yellows and."),
    ("The square is located at roughly the center of the image.", "The square is located at roughly the."),
    ("In summary, the image is simple.", "In summary, the image is is simple."),
    ("The right side, where most of the shapes are, is crowded.", "The right side, where, is crowded."),
    ("The square sits in the corner, where it touches both edges.", "The square sits in the corner, where."),
    ("The circle is a deep blue that stands out against the black background.", "The circle is a deep blue that."),
    ("The shapes are in bright colors, such as red, orange and yellow.",
     "The shapes are in bright colors, such as red, orange and."),
    ("The shapes are in warm colors.", "The shapes are in warm color."),
    ("There is one shape in each corner.", "There is one shape in each corners."),
    ("Although the square is small, it is bright.", "Although the square is small, it is is bright."),
    ("Because of the dark background, the shapes stand out.",
     "Because of the dark background, the the shapes stand out."),
    ("The square is more than twice as wide as the triangle.", "The square is more than twice as wide as."),
    ("There is an X-shaped cross.", "There is a X-shaped cross."),
    ("The image is a colorful and evenly spread arrangement of shapes.",
     "The image is an colorful and evenly spread arrangement of shapes."),
    ("Positioned near the top, the circle is partly cut off.", "Positioned near the top the circle."),
    ("Tilted slightly to the left, the rectangle lies near the bottom.",
     "Tilted slightly to the left, the rectangle lies near the."),
    ("Either circle could be the largest.", "Either circle could be be the largest."),
    ("The circles are the same size, but in different colors.", "The circles are the same size, but."),
    ("The shapes are clustered, with a few near the edges.", "The shapes are clustered, with a few near the."),
    ("The shapes seem to be arranged at random.", "The shapes seem to be arranged at."),
    ("The yellow square sits roughly halfway between the two circles.",
     "The yellow square sits roughly halfway between the."),
    ("The circle is shown without a border.", "The circle is shown without a."),
    ("The circle is cut by the edge.", "The circle is cut by the."),
    ("The circle sticks out past the edge.", "The circle sticks out past the."),
    ("A circle is in the lower-left.", "A circle is in the lower-left of."),
    ("The bottom-left of the image is empty.", "The bottom-left of the image are empty."),
    ("A triangle points up near the middle-right.", "A triangle points up near the middle-right of."),
    ("The first is a narrow rectangle.", "The first are a narrow rectangle."),
    ("The fifth is a red oval.", "The fifth are a red oval."),
    ("The circles are scattered all over the image.", "The circles are scattered all the image."),
    ("Below it is a red cross, or plus sign, tilted at an angle.", "Below it is a red cross, or plus signs."),
    ("At about the same height, a gray semicircle is partly visible.",
     "At about the same height, a gray semicircle are partly visible."),
    ("The cross is smaller than the circle in overall width.", "The cross is smaller than the circle in overall."),
    ("The square is wider than the circle in width.", "The square is wider than the circle in."),
    ("The shapes vary in size, with the pentagon being among the largest.",
     "The shapes vary in size, with the pentagon being among."),
])
def test_forms_of_detailed_descriptions(text, near_miss):
    assert parse(text).grammatical, text
    assert not parse(near_miss).grammatical, near_miss


def test_the_equative_is_comp_equal_on_the_adjective():
    """"as big as the circle": the ERG's comp_equal, ARG1 the adjective's event, ARG2 the circle."""
    rels = parse("The square is as big as the circle.").reading.mrs.rels
    big = next(r for r in rels if r.predicate == "_big_a_1")
    equal = next(r for r in rels if r.predicate == "comp_equal")
    circle = next(r for r in rels if r.predicate == "_circle_n_of")
    assert equal.args["ARG1"] == big.iv and equal.args["ARG2"] == circle.iv


def test_typographic_dashes_are_words_of_their_own():
    assert normalise("The top\u2014its corner") == "The top \u2014 its corner."
    assert normalise(normalise("A square \u2013 red \u2013 sits")) == normalise("A square \u2013 red \u2013 sits")


@pytest.mark.parametrize("text,normalised", [
    ('The image shows a "plus" sign.', "The image shows a plus sign."),
    ("A \u201cplus\u201d sign, rotated 45\u00b0", "A plus sign, rotated 45 degrees."),
    ("It is tilted about 30 \u00b0.", "It is tilted about 30 degrees."),
])
def test_quotes_are_dropped_and_the_degree_sign_is_a_word(text, normalised):
    assert normalise(text) == normalised
    assert normalise(normalised) == normalised
    assert parse(text).grammatical


def test_a_range_with_an_approximator_is_one_measure():
    """"rotated by roughly 30 to 45 degrees": the range is the degrees' number (not "by roughly 30" and
    "to 45 degrees", which would say where the rotation ends)."""
    rels = parse("The cross is rotated by roughly 30 to 45 degrees.").reading.mrs.rels
    assert not any(r.predicate == "_to_p" for r in rels)
    assert any(r.predicate == "_to_x_deg" for r in rels)


def test_a_range_of_counts_is_not_read_as_its_upper_bound():
    """"three to five shapes": the lower number is a degree word (_to_x_deg) of the upper's card, so
    no reading takes the range for exactly five."""
    rels = parse("There are three to five shapes.").reading.mrs.rels
    to = next(r for r in rels if r.predicate == "_to_x_deg")
    cards = {r.carg: r for r in rels if r.predicate == "card"}
    assert to.args["ARG1"] == cards["5"].iv and to.args["ARG2"] == cards["3"].iv


def test_a_hyphenated_place_is_its_noun_and_adjective():
    """"in the lower-left": the ERG splits the hyphen, so the MRS is that of "in the lower left"."""
    hyphen = sorted(r.predicate for r in parse("A circle is in the lower-left.").reading.mrs.rels)
    spaced = sorted(r.predicate for r in parse("A circle is in the lower left.").reading.mrs.rels)
    assert hyphen == spaced
