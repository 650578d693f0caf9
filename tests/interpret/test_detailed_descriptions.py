"""What the sentences of detailed descriptions claim, end to end on small hand-built
worlds: a likeness ("turned into a diamond") names no shape that must be there, look words add
nothing, and a list of colours is read as a list (some shapes of each colour) or, after a list of
kinds of shape, left undecided rather than pinned on the last noun."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import make_world
from tests.interpret.test_descriptions import A, F, T, check, verdict

from shapeworldice.interpret import says_nothing
from shapeworldice.interpret.logic import And, Not, Or, Shape

SQUARE_LOW_LEFT = make_world(("square", "gray", 0.35, 0.85))
CROSSES = make_world(("cross", "blue", 0.2, 0.2), ("cross", "magenta", 0.5, 0.5), ("cross", "yellow", 0.8, 0.8))


@pytest.mark.parametrize("caption", [
    "A gray square turned into a diamond sits near the bottom.",
    "A gray square turned like a diamond sits near the bottom.",
    "A gray square is rotated so that it looks like a diamond.",
    "A gray square, slightly tilted, is near the bottom.",
    "A gray square stands tilted at an angle.",
])
def test_look_words_and_likeness_add_nothing(caption):
    check(caption, SQUARE_LOW_LEFT, T)


def test_likeness_does_not_hide_a_false_place():
    check("A gray square turned into a diamond sits near the top.", SQUARE_LOW_LEFT, F)


@settings(max_examples=20, deadline=None)
@given(st.permutations(["blue", "magenta", "yellow"]))
def test_a_list_of_colours_is_some_of_each(colours):
    """"crosses in blue, magenta and yellow": a cross of each colour, not crosses of all three."""
    check(f"Crosses in {colours[0]}, {colours[1]} and {colours[2]}.", CROSSES, T)


def test_a_list_of_colours_with_a_missing_colour_is_false():
    check("Crosses in blue, magenta and green.", CROSSES, F)


SQUARES_AND_CROSSES = make_world(("square", "blue", 0.2, 0.2), ("square", "blue", 0.2, 0.8),
                                 ("cross", "magenta", 0.8, 0.2), ("cross", "yellow", 0.8, 0.8))


@pytest.mark.parametrize("caption,expected", [
    ("Squares and crosses in blue and yellow on a black background.", T),  # no blue cross: not the last's
    ("Squares and crosses in blue, magenta and yellow.", T),
    ("Squares, circles and crosses in blue, magenta and yellow.", F),  # no circle
    ("Squares and crosses in blue and green.", F),  # no green shape
])
def test_colours_after_a_list_of_kinds_are_not_pinned_on_the_last(caption, expected):
    check(caption, SQUARES_AND_CROSSES, expected)


def test_side_by_side_is_never_decided():
    """"side by side" after a there-clause parses; the world model does not decide it."""
    assert verdict("There are a blue cross and a magenta cross side by side.", CROSSES) not in (T, F)


@pytest.mark.parametrize("n,expected", [(0, F), (1, "ambiguous"), (2, T), (3, T)])
def test_some_of_the_shapes_is_clear_from_two(n, expected):
    """"some of the shapes are gray": none is false, one is vague (the guide's plural "some" is two),
    two or more is true."""
    world = make_world(("circle", "red", 0.2, 0.2), *[("square", "gray", 0.3 + 0.2 * i, 0.7) for i in range(n)])
    check("Some of the shapes are gray.", world, expected)


def test_further_right_than_is_shapeworlds_relation():
    world = make_world(("circle", "red", 0.2, 0.5), ("square", "blue", 0.8, 0.5))
    check("The blue square is further right than the red circle.", world, T)
    check("The red circle is further right than the blue square.", world, F)


def test_a_shared_the_over_a_bare_noun():
    world = make_world(("circle", "red", 0.2, 0.2), ("square", "blue", 0.8, 0.2))
    check("The red circle and blue square are at the top.", world, T)
    check("The red circle and blue square are at the bottom.", world, F)


def test_large_and_dark_on_one_definite_are_looks_not_selectors():
    world = make_world(("circle", "red", 0.5, 0.8, 0.12, -0.3))
    check("The large dark red circle is at the bottom.", world, T)


def test_a_part_of_a_shape_stands_for_the_shape():
    world = make_world(("circle", "red", 0.5, 0.5, 0.12), ("triangle", "blue", 0.6, 0.5, 0.06))
    check("A blue triangle overlaps the right side of a red circle.", world, T)
    check("A blue triangle overlaps the end of a green circle.", world, F)


def test_a_comparative_without_its_other_shape_is_read_not_unread():
    """"a smaller X" alone: smaller than some other shape (the one the writer compares it with, not
    said) is true, also with a still smaller third shape; larger than every other is false; a tone
    comparative with no other shape of its colour stays vague."""
    world = make_world(("rectangle", "yellow", 0.5, 0.5, 0.1, 0.3), ("rectangle", "blue", 0.55, 0.5, 0.05, -0.3))
    check("A pale yellow rectangle is overlapped by a smaller dark blue rectangle.", world, T)
    check("A pale yellow rectangle is overlapped by a smaller green rectangle.", world, F)
    check("A pale yellow rectangle is overlapped by a darker blue rectangle.", world, "ambiguous")
    check("A dark blue rectangle overlaps a smaller pale yellow rectangle.", world, F)
    third = make_world(("rectangle", "yellow", 0.5, 0.5, 0.1, 0.3), ("rectangle", "blue", 0.55, 0.5, 0.05, -0.3),
                       ("circle", "red", 0.1, 0.1, 0.02))
    check("A pale yellow rectangle is overlapped by a smaller dark blue rectangle.", third, T)
    check("A pale yellow rectangle is overlapped by a larger dark blue rectangle.", third, "ambiguous")  # < 0.005


def test_a_shapes_own_part_in_its_look_adds_nothing():
    check("There is a gray semicircle with its flat edge facing up.",
          make_world(("semicircle", "gray", 0.5, 0.5)), T)


@pytest.mark.parametrize("caption", [
    "There are a few yellow, gray and green shapes.", "Yellow, gray and green shapes.",
    "There are yellow, gray and green shapes.",
])
def test_a_list_of_colours_before_a_plural_is_some_of_each(caption):
    """One shape of each colour: the list is read as a list, never as each shape having every colour
    (a comma between prenominal adjectives must not split it)."""
    world = make_world(("circle", "yellow", 0.2, 0.2), ("square", "gray", 0.5, 0.5), ("triangle", "green", 0.8, 0.8))
    check(caption, world, T)


@pytest.mark.parametrize("others,expected", [(0, F), (1, "ambiguous"), (2, T), (3, T)])
def test_other_shapes_after_a_list(others, expected):
    """"A, B and other shapes": false without two shapes besides one named, true with two besides
    every named one, vague between (which shapes the list names is not known)."""
    world = make_world(("square", "blue", 0.2, 0.2), ("triangle", "red", 0.5, 0.2),
                       *[("circle", "gray", 0.1 + 0.2 * i, 0.8) for i in range(others)])
    check("A blue square, a red triangle and other shapes.", world, expected)


DARK_CYAN = make_world(("circle", "cyan", 0.2, 0.2, 0.06, -0.3), ("square", "blue", 0.8, 0.8))


@pytest.mark.parametrize("caption,expected", [
    ("The cyan circle is a dark cyan.", T), ("The cyan circle is a light cyan.", F),
    ("The cyan circle is a flat dark cyan.", T),
])
def test_a_colour_named_with_its_tone_is_said_of_the_shape(caption, expected):
    """"is a dark cyan" says what "is dark cyan" says."""
    check(caption, DARK_CYAN, expected)


@pytest.mark.parametrize("caption,expected", [
    ("The cyan circle is dark and is in the upper left.", T),
    ("The cyan circle is dark, and is in the lower right.", F),
    ("The cyan circle is light and is in the upper left.", F),
    ("The cyan circle is in the upper left, so it is near the top.", T),
    ("The cyan circle is in the upper left, so it is near the bottom.", F),
    ("The cyan circle is in the upper left while being partly cut off by the edge.", A),
    ("The cyan circle is in the lower right while being partly cut off by the edge.", F),
])
def test_verb_phrases_under_one_subject_and_so_claim_both(caption, expected):
    """Coordinated verb phrases are both said of the subject; ", so" + a clause claims the clause too;
    "while being" + a participle is said of the subject (here "cut off", which the world model does
    not decide: vague, and false only with the false place)."""
    check(caption, DARK_CYAN, expected)


@pytest.mark.parametrize("caption,expected", [
    ("In total, there are two shapes.", T), ("There are three shapes in total.", F),
    ("Overall, the cyan circle is in the upper left.", T), ("However, the cyan circle is in the lower right.", F),
    ("The cyan circle, which is dark, is in the upper left.", T),
    ("The cyan circle, which is light, is in the upper left.", F),
])
def test_sentence_adverbs_add_nothing_and_a_subjects_relative_is_claimed(caption, expected):
    """"in total", "overall", "however" add nothing to what the sentence claims; a relative clause
    between commas after the subject is claimed of it."""
    check(caption, DARK_CYAN, expected)


@pytest.mark.parametrize("caption", [
    "A gray square sits alone near the bottom.",
    "The shapes are close together.",  # (of a pair, "A and B are close together", it is nearness)
])
def test_an_undecided_word_said_of_a_verb_is_vague_of_its_subject(caption):
    """"sits alone", "are close together" (of a group): the word is vague of the one the verb is said
    of, so the sentence is read (never true) instead of left out."""
    world = make_world(("square", "gray", 0.35, 0.85), ("cross", "blue", 0.45, 0.85))
    assert verdict(caption, world) == "ambiguous", caption


def test_an_undecided_word_said_of_a_verb_does_not_hide_a_false_claim():
    check("A gray square sits alone near the top.", SQUARE_LOW_LEFT, F)


@pytest.mark.parametrize("caption,second,expected", [
    # a red square lying over a blue circle (overlapping it), level with it: over it, not above it
    ("A red square is on top of a blue circle.", ("circle", "blue", 0.55, 0.5), T),
    ("A red square lies partly over a blue circle.", ("circle", "blue", 0.55, 0.5), T),
    ("A red square is above a blue circle.", ("circle", "blue", 0.55, 0.5), "ambiguous"),
    # clearly above it, apart: over it as well
    ("A red square is on top of a blue circle.", ("circle", "blue", 0.5, 0.8), T),
    # apart and level: not lying over it, and level is inside ShapeWorld's margin of "above"
    ("A red square is on top of a blue circle.", ("circle", "blue", 0.85, 0.5), "ambiguous"),
    ("A red square is over a blue circle.", ("circle", "blue", 0.85, 0.5), "ambiguous"),
    # apart and below it: neither
    ("A red square is on top of a blue circle.", ("circle", "blue", 0.5, 0.2), F),
])
def test_over_and_on_top_of_are_above_or_lying_over(caption, second, expected):
    """"over", "on top of" in a flat picture: above it (ShapeWorld's margin) or lying over it
    (overlapping); false only when both are clearly false."""
    world = make_world(("square", "red", 0.5, 0.5), second)
    check(caption, world, expected)


def _two_red_triangles(clear: tuple[float, float], borderline: tuple[float, float]):
    """A clearly bright red triangle (shade 0.2) and one of a borderline shade for "bright" (−0.1)."""
    return make_world(("triangle", "red", *clear, 0.05, 0.2), ("triangle", "red", *borderline, 0.05, -0.1))


@pytest.mark.parametrize("caption,clear,borderline,expected", [
    # the one clear fit of "bright red triangle" is the referent when the claim holds of it ...
    ("The bright red triangle is in the upper right.", (0.85, 0.15), (0.15, 0.85), T),
    # ... but a claim false of it is not false while the borderline one may be meant and fits
    ("The bright red triangle is in the upper right.", (0.15, 0.85), (0.85, 0.15), "ambiguous"),
    # false when no possible referent fits
    ("The bright red triangle is in the upper right.", (0.15, 0.85), (0.2, 0.8), F),
    # without a description word, ShapeWorld's unique selector: two red triangles, no referent
    ("The red triangle is in the upper right.", (0.85, 0.15), (0.15, 0.85), "ambiguous"),
])
def test_the_one_clear_fit_of_a_description_word_is_the_referent(caption, clear, borderline, expected):
    check(caption, _two_red_triangles(clear, borderline), expected)


BLUE_AND_MAGENTA = make_world(("semicircle", "blue", 0.7, 0.2), ("semicircle", "magenta", 0.85, 0.3),
                              ("square", "gray", 0.2, 0.8))


@pytest.mark.parametrize("caption,expected", [
    ("Two semicircles, one blue and one magenta.", T),
    ("Two semicircles, one blue and one magenta, in the upper right of a black image.", T),
    ("Two semicircles, one blue and one magenta, are in the upper right.", T),
    ("Two semicircles, one blue and one green.", F),
    ("Two semicircles, one blue and one magenta, in the lower left.", F),
    ("Three semicircles, one blue and one magenta.", F),
])
def test_one_of_each_after_a_group_is_one_of_the_group_each(caption, expected):
    """"two semicircles, one blue and one magenta": the two, a blue one and a magenta one of them; a
    place after a comma is said of each."""
    check(caption, BLUE_AND_MAGENTA, expected)


@pytest.mark.parametrize("caption,expected", [
    ("A blue semicircle, magenta semicircle and gray square.", T),
    ("There is a blue semicircle, magenta semicircle and gray square.", T),
    ("A blue semicircle, magenta semicircle and red square.", F),
])
def test_a_shared_determiner_over_a_list(caption, expected):
    """"a blue semicircle, magenta semicircle and gray square": "a" shared by each bare noun of the list."""
    check(caption, BLUE_AND_MAGENTA, expected)


def test_lower_and_to_the_left_after_a_with_phrase_is_read():
    """"with a green cross lower and to the left": "lower" is said of what went before (vague), "to the
    left" of the picture; the sentence parses and a false place still decides."""
    world = make_world(("square", "red", 0.6, 0.3), ("cross", "green", 0.2, 0.6))
    assert verdict("There is a red square, with a green cross lower and to the left.", world) == "ambiguous"
    check("There is a red square, with a green cross lower and to the right.", world, F)


@pytest.mark.parametrize("caption,expected", [
    ("A bright blue, or slightly magenta, semicircle.", T),
    ("A bright green, or slightly yellow, semicircle.", F),
])
def test_an_alternative_colour_between_commas(caption, expected):
    """"a bright red, or slightly salmon-red, X": one colour or the other."""
    check(caption, BLUE_AND_MAGENTA, expected)


def test_side_by_side_after_a_noun_parses_and_stays_undecided():
    """"two larger squares side by side, a red one and a green one": "side by side" after the noun is a
    place the world model does not decide."""
    world = make_world(("square", "red", 0.4, 0.5), ("square", "green", 0.6, 0.5))
    assert verdict("Two squares side by side, a red one and a green one.", world) == "ambiguous"
    check("Two squares side by side, a red one and a blue one.", world, F)


@pytest.mark.parametrize("caption,expected", [
    ("At the top, a magenta semicircle is tilted.", F),
    ("At the top, a magenta semicircle is cut off.", F),
    ("In the lower half, a magenta semicircle is rotated slightly.", T),
    ("At the bottom, a magenta semicircle is tilted.", T),
])
def test_a_fronted_place_before_a_look_word_is_still_said(caption, expected):
    """"At the top, a semicircle is tilted": the place is said of the semicircle even though the look
    word ("tilted", "cut off") adds nothing; it was dropped with it (a false place read as true)."""
    check(caption, make_world(("semicircle", "magenta", 0.5, 0.9)), expected)


def test_the_very_top_and_outside_the_frame():
    """"at the very top" is the top; "partially outside the frame" parses and is not decided."""
    world = make_world(("circle", "red", 0.5, 0.1), ("circle", "blue", 0.5, 0.9))
    check("A red circle is at the very top.", world, T)
    check("A blue circle is at the very top.", world, F)
    assert verdict("One of the circles is partially outside the frame.", world) not in (T, F)


@pytest.mark.parametrize("caption,expected", [
    ("Each of the semicircles is on the right.", T),
    ("Each of the shapes is on the right.", F),
    ("Both the blue semicircle and the gray square are on the right.", F),
])
def test_each_of_and_both_and(caption, expected):
    """"each of the Ts" is every T; "both A and B" is "A and B"."""
    check(caption, BLUE_AND_MAGENTA, expected)


def test_a_relation_to_both_a_and_b():
    world = make_world(("semicircle", "blue", 0.7, 0.2), ("semicircle", "magenta", 0.85, 0.3),
                       ("square", "gray", 0.75, 0.8))
    check("The gray square is below both the blue semicircle and the magenta semicircle.", world, T)
    check("The gray square is above both the blue semicircle and the magenta semicircle.", world, F)


@pytest.mark.parametrize("caption,expected", [
    ("The semicircles are all on the right.", T),
    ("The semicircles are all on the left.", F),
])
def test_a_floating_all_after_the_copula(caption, expected):
    check(caption, BLUE_AND_MAGENTA, expected)


@pytest.mark.parametrize("caption", [
    "The shapes vary in size and color.",
    "The triangles point in different directions.",
    "There is no overlap between any of the shapes.",
    "The circles are all the same size.",
])
def test_more_of_the_descriptions_english_parses(caption):
    from tests.descriptions.measure import verdict as measured
    assert measured(caption, BLUE_AND_MAGENTA).grammatical, caption


THREE_CIRCLES = make_world(("circle", "red", 0.3, 0.5), ("circle", "green", 0.5, 0.5), ("circle", "blue", 0.7, 0.5))


@pytest.mark.parametrize("caption,expected", [
    ("Three circles, one red, one green and one blue.", T),
    ("Three circles, one red, one green and one yellow.", F),
    ("There are three circles: the red circle is left of the blue circle.", T),
    ("There are three circles: the red circle is right of the blue circle.", F),
    ("The red circle covers part of the green circle.", F),
])
def test_three_of_one_each_a_clause_after_a_colon_and_part_of(caption, expected):
    """"one red, one green and one blue" after a group; a clause after a colon is a further claim;
    "covers part of X" is a claim on X."""
    assert verdict(caption, THREE_CIRCLES) == expected, caption


@pytest.mark.parametrize("caption,expected", [
    ("Two semicircles, a blue one and a magenta one, are in the upper right.", T),
    ("Two semicircles, a blue one and a magenta one, are in the lower left.", F),
    ("A blue semicircle is tilted at roughly a 45-degree angle.", T),
])
def test_a_list_between_commas_before_the_verb(caption, expected):
    check(caption, BLUE_AND_MAGENTA, expected)


@pytest.mark.parametrize("caption,expected", [
    ("A few of the circles are on the left.", "ambiguous"),  # one is: the guide's "a few" is two or more
    ("A few of the circles are on the right.", "ambiguous"),
    ("A few of the circles are in the middle row.", "uninterpretable"),
    ("A few of the circles are at the bottom.", F),
])
def test_a_few_of_the_shapes_is_some_of_them(caption, expected):
    assert verdict(caption, THREE_CIRCLES).startswith(expected), caption


def test_close_together_after_a_participle_is_vague():
    assert verdict("A red circle and a green circle are positioned close together.", THREE_CIRCLES) == "ambiguous"
    check("A red circle and a green circle are positioned close together at the bottom.", THREE_CIRCLES, F)


@pytest.mark.parametrize("caption", [
    "The largest shape, a cyan pentagon, is located at the center.",
    "Some shapes are overlapping, while others are separated.",
])
def test_appositions_and_others_parse_and_are_left_undecided(caption):
    from tests.descriptions.measure import verdict as measured
    v = measured(caption, THREE_CIRCLES)
    assert v.grammatical and v.truth == "uninterpretable", (caption, v)


def test_the_rest_of_the_shapes_is_said_of_every_shape_it_may_be():
    """"the rest of the shapes are X": true when every shape is X, false when none may be (sound for
    any part of them), vague otherwise."""
    check("The rest of the shapes are circles.", THREE_CIRCLES, T)
    check("The rest of the shapes are squares.", THREE_CIRCLES, F)
    assert verdict("The rest of the shapes are red.", THREE_CIRCLES) == "ambiguous"


def test_another_alone_on_each_side_and_tucked_beneath_parse():
    from tests.descriptions.measure import verdict as measured
    for caption in ("One red circle is on the left, another is on the right.",
                    "There is a green circle with a blue circle on each side.",
                    "There is a green circle, with a red circle tucked beneath it."):
        assert measured(caption, THREE_CIRCLES).grammatical, caption
    # "another" alone is not read (which kind is not said): never true
    assert verdict("One red circle is on the left, another is on the right.", THREE_CIRCLES) not in (T, F)


@pytest.mark.parametrize("caption", [
    "The blue cross is roughly twice the size of the yellow cross.",
    "The blue cross and the magenta cross sit side by side without touching each other.",
    "The crosses, in blue, magenta and yellow, are scattered across the image.",
])
def test_sizes_as_multiples_apartness_and_colours_between_commas_are_never_decided(caption):
    """"twice the size of", "without touching" and colours between commas after a plural subject parse;
    none has a margin on the world model, so none decides the claim either way."""
    assert verdict(caption, CROSSES) not in (T, F)


def test_a_multiple_of_a_size_does_not_hide_a_missing_shape():
    """The shapes a vague size names must still be there: no red cross makes it false."""
    check("The red cross is roughly twice the size of the yellow cross.", CROSSES, F)


@pytest.mark.parametrize("caption,expected", [
    ("The blue cross is at the top left, though the yellow cross is at the bottom right.", T),
    ("The blue cross is at the top left, although the yellow cross is at the top left.", F),
    ("All the shapes are rendered in solid colors.", T),
])
def test_though_claims_both_clauses_and_rendering_adds_nothing(caption, expected):
    """", though" + a clause is claimed as "and" is; "rendered in solid colors" says only that the
    shapes are there."""
    check(caption, CROSSES, expected)


TWO_OVALS_ONE_OVER = make_world(("ellipse", "cyan", 0.2, 0.2), ("ellipse", "cyan", 0.5, 0.5),
                                ("rectangle", "blue", 0.52, 0.52))
TWO_OVALS_BOTH_OVER = make_world(("ellipse", "cyan", 0.5, 0.5), ("ellipse", "cyan", 0.5, 0.55),
                                 ("rectangle", "blue", 0.52, 0.52))
TWO_OVALS_APART = make_world(("ellipse", "cyan", 0.1, 0.1), ("ellipse", "cyan", 0.9, 0.1),
                             ("rectangle", "blue", 0.52, 0.9))
ONE_OVAL = make_world(("ellipse", "cyan", 0.2, 0.2), ("rectangle", "blue", 0.8, 0.8))
NO_OVAL = make_world(("rectangle", "blue", 0.52, 0.9))


@pytest.mark.parametrize("world,overlaps,at_top", [
    (TWO_OVALS_ONE_OVER, "ambiguous", "ambiguous"),  # which of the two is meant decides it
    (TWO_OVALS_BOTH_OVER, T, F),
    (TWO_OVALS_APART, F, T),
    (ONE_OVAL, F, "ambiguous"),  # no second oval: false only when the one there is not so
    (NO_OVAL, F, F),
])
def test_the_other_with_nothing_before_it_is_said_of_every_one(world, overlaps, at_top):
    """"the other X" on its own: one of at least two X, which one not said: true when every X is so,
    false when none is (or there is no X), vague otherwise and with a single X."""
    check("The other cyan ellipse overlaps the blue rectangle.", world, overlaps)
    check("The other cyan ellipse is at the top.", world, at_top)


def test_the_other_after_a_mention_still_refers_back():
    """After "a cyan ellipse", "the other cyan ellipse" is the one not mentioned (not every one)."""
    check("A cyan ellipse is at the top left. The other cyan ellipse overlaps the blue rectangle.",
          TWO_OVALS_ONE_OVER, T)


BIG_AND_SMALL_CIRCLES = make_world(("circle", "blue", 0.2, 0.2, 0.15), ("circle", "blue", 0.8, 0.2, 0.05),
                                   ("square", "red", 0.5, 0.8, 0.08))


@pytest.mark.parametrize("caption,expected", [
    ("There is a larger blue circle.", T),  # the big one is larger than every other shape
    ("There is a smaller blue circle.", T),  # the small one is smaller than every other shape
    ("There is a larger red square.", T),  # larger than one (the one compared with, not said)
    ("There is a smaller red square.", T),  # and smaller than the other
    ("There is a larger green circle.", F),  # no green circle at all
])
def test_a_larger_x_with_nothing_named_is_compared_with_some_other_shape(caption, expected):
    """"a larger X" names no shape to compare with: it is true when some X is clearly larger than some
    other shape (the one meant, not said), false when every X is clearly smaller than every other (or
    none is there), vague otherwise."""
    check(caption, BIG_AND_SMALL_CIRCLES, expected)


def test_a_larger_x_is_false_when_every_x_is_clearly_the_smallest():
    world = make_world(("circle", "blue", 0.2, 0.2, 0.05), ("square", "red", 0.5, 0.8, 0.15),
                       ("square", "gray", 0.8, 0.2, 0.12))
    check("There is a larger blue circle.", world, F)
    check("There is a smaller blue circle.", world, T)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0.0, 0.1), min_size=0, max_size=8))
def test_than_any_is_three_valued(areas):
    """"larger than a shape not named" (``more``) holds of a shape clearly larger than some other and
    fails of one clearly smaller than every other; "largest" (``most``) holds of at most one shape;
    never both ways at once, and "smaller" is "larger" of the negated areas."""
    import numpy as np

    from shapeworldice.semantics.appearance import AREA_MARGIN, than_any

    a = np.array(areas, dtype=float)
    more, not_more = than_any("more", a)
    less, not_less = than_any("less", a)
    most, not_most = than_any("most", a)
    assert most.sum() <= 1 and not (most & not_most).any()
    assert not (more & not_more).any() and not (less & not_less).any()
    assert (than_any("more", -a)[0] == less).all() and (than_any("more", -a)[1] == not_less).all()
    for i in range(len(a)):
        others = np.delete(a, i)
        assert more[i] == bool((a[i] - others > AREA_MARGIN).any())
        assert not_more[i] == bool(len(others) and (others - a[i] > AREA_MARGIN).all())
        assert not most[i] or more[i]  # the largest is larger than some other


def test_a_darker_x_is_darker_than_another_of_its_colour():
    """"a darker / lighter X" compares shades within the X's colour, by ShapeWorld's margin (0.2)."""
    world = make_world(("cross", "green", 0.2, 0.2, 0.06, -0.3), ("circle", "green", 0.5, 0.5, 0.06, 0.2),
                       ("square", "red", 0.8, 0.8, 0.06, 0.35), ("square", "red", 0.8, 0.2, 0.06, 0.3))
    check("There is a darker green cross.", world, T)
    check("There is a lighter green cross.", world, F)  # darker than the only other green shape
    check("There is a lighter green circle.", world, T)
    check("There is a darker red square.", world, A)  # shades 0.05 apart: within the margin
    check("There is a darker blue square.", world, F)  # no blue square


@pytest.mark.parametrize("caption,expected", [
    ("The image shows a simple scene with three crosses on a black background.", T),
    ("The image shows a simple scene with two crosses.", F),  # exactly two
    ("The image shows a scene with a red cross.", F),
])
def test_a_scene_with_x_says_x_is_there(caption, expected):
    """"a scene with X" is the picture, as "a black background with X": X is there."""
    check(caption, CROSSES, expected)


DARK_GREEN_CROSS = make_world(("cross", "green", 0.5, 0.5, 0.06, -0.3))


@pytest.mark.parametrize("caption,expected", [
    ("The cross is a dark shade of green.", T),
    ("The cross is a light shade of green.", F),  # the tone is said of the colour, as "light green"
    ("The cross is a shade of green.", T),
    ("The cross is a shade of red.", F),
])
def test_a_shade_of_a_colour_is_the_colour_with_its_tone(caption, expected):
    check(caption, DARK_GREEN_CROSS, expected)


@pytest.mark.parametrize("caption,expected", [
    ("The image contains three crosses in three different colors.", T),  # the colours of the crosses counted
    ("The image contains three crosses in two different colors.", "ambiguous"),  # more: which crosses is not said
    ("The image contains three crosses in four different colors.", F),
    ("The image contains two squares in three different colors.", F),  # the shapes must still be there
    ("A blue cross sits at the top left, its corner pointing upward.", T),  # the absolute adds nothing
    ("A blue cross sits at the bottom right, its corner pointing upward.", F),
])
def test_a_count_of_colours_is_counted_and_an_absolute_adds_nothing(caption, expected):
    check(caption, CROSSES, expected)


def test_an_order_from_left_to_right_is_vague_and_floats_inverts():
    """"From left to right, there are A and B": the order is not tied to the shapes (vague unless a
    shape is missing); "At the top floats X" is "X floats at the top"."""
    assert verdict("From left to right, there are a blue cross and a yellow cross.", CROSSES) == "ambiguous"
    check("From left to right, there are a blue cross and a red cross.", CROSSES, F)
    check("At the top left floats a blue cross.", CROSSES, T)
    check("At the top left floats a yellow cross.", CROSSES, F)


GAPPED = make_world(("circle", "red", 0.2, 0.2), ("circle", "blue", 0.8, 0.8))


@pytest.mark.parametrize("caption,expected", [
    ("A red circle is in the upper left, and a blue circle the lower right.", T),
    ("A red circle is in the upper left, and a blue circle the upper right.", F),
    ("A red circle is at the top, and a blue circle the bottom.", T),
    ("A blue circle is at the top, and a red circle the bottom.", F),
])
def test_a_gapped_place_after_and_is_the_same_kind_of_place(caption, expected):
    """"…, and a blue circle the lower right": the copula and the preposition are left out."""
    check(caption, GAPPED, expected)


@pytest.mark.parametrize("caption,expected", [
    ("There is a red circle and a blue circle, the blue circle at the bottom.", T),
    ("There is a red circle and a blue circle, the blue circle at the top.", F),
    ("There is a red circle and a blue circle, the red circle green.", F),
])
def test_an_absolute_after_a_comma_is_said_of_its_noun_phrase(caption, expected):
    """"…, the left one slightly larger": a noun phrase and what is said of it, without a copula."""
    check(caption, GAPPED, expected)


@pytest.mark.parametrize("caption", [
    "The shapes get smaller from left to right.", "The circles grow larger toward the bottom.",
    "The shapes are not arranged in any pattern.", "The image is divided into two halves.",
])
def test_trends_and_patterns_parse_and_are_never_decided(caption):
    """A trend ("get smaller from left to right") or a pattern is not in the world model."""
    assert verdict(caption, GAPPED) not in (T, F)


@pytest.mark.parametrize("caption", [
    "The overall arrangement looks haphazard.",
    "The composition looks balanced.",
])
def test_a_caption_whose_every_word_is_dropped_makes_no_claim(caption):
    """Every word dropped leaves the empty conjunction: no claim, never true."""
    assert verdict(caption, SQUARE_LOW_LEFT).startswith("uninterpretable: ")
    assert "makes no claim" in verdict(caption, SQUARE_LOW_LEFT)


def test_a_dropped_sentence_among_others_leaves_their_claims():
    check("The overall arrangement looks haphazard. A gray square is near the bottom.", SQUARE_LOW_LEFT, T)
    check("The overall arrangement looks haphazard. A gray square is near the top.", SQUARE_LOW_LEFT, F)


@settings(max_examples=30, deadline=None)
@given(st.recursive(st.just(And(())), lambda kids: st.one_of(
    st.lists(kids, max_size=3).map(lambda a: And(tuple(a))), st.lists(kids, max_size=3).map(lambda a: Or(tuple(a))),
    kids.map(Not)), max_leaves=6))
def test_connectives_alone_say_nothing(formula):
    assert says_nothing(formula)
    assert not says_nothing(And((formula, Shape("x", "square"))))


SEMICIRCLE_LOW = make_world(("semicircle", "red", 0.3, 0.85))


@pytest.mark.parametrize("caption,expected", [
    ("A semicircle sits near the bottom, flat side down.", T),
    ("A semicircle sits near the top, flat side down.", F),
    ("A semicircle, curved side up, sits near the bottom.", T),
])
def test_which_way_a_side_faces_adds_nothing_and_the_place_decides(caption, expected):
    check(caption, SEMICIRCLE_LOW, expected)
