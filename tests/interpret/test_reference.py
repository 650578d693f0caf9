"""Reference within and across the sentences of a description, end to end on small hand-built
worlds: what "it", "they", "its", "the other", "both" pick out, checked through the truth of the
caption and of each of its claims (the rules are in docs/semantics.md, "Reference across
sentences")."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.evaluation.core.claims import check
from shapeworldice.reasons import judge
from shapeworldice.world.model import World
from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, shared_parser, verdict

# a red square at the top, a blue circle below it, a green cross far off in the lower right
# (above the cross's level is the circle: the circle is not below the cross)
STACK = make_world(("square", "red", 0.45, 0.15), ("circle", "blue", 0.45, 0.55), ("cross", "green", 0.85, 0.9))
# the same with the circle above the square
FLIPPED = make_world(("square", "red", 0.45, 0.55), ("circle", "blue", 0.45, 0.15), ("cross", "green", 0.85, 0.9))


def claim_truths(caption: str, world: World) -> list[str]:
    """The verdict of each claim of ``caption`` on ``world``, in order."""
    judged = judge(shared_parser().parse(caption))
    assert judged.interpretation is not None, judged.reason.detail
    return [label for _, label in check(judged.interpretation, world).claims]


# ------------------------------------------------------------------------------ inside a list
@pytest.mark.parametrize("caption", [
    "A red square, a blue circle below it, and a green cross.",
    "There is a red square at the top, a blue circle below it, and a green cross.",
    "A green cross, a red square, and a blue circle below it.",
])
def test_it_in_an_item_of_a_list_is_the_item_just_before(caption):
    """"a green cross, a red square, and a blue circle below it": the square (the circle is not
    below the cross in STACK, so reading "it" as the cross would make the caption false)."""
    assert verdict(caption, STACK) == T
    assert verdict(caption, FLIPPED) == F


def test_the_item_claim_with_it_restates_the_item_before():
    assert claim_truths("A red square, a blue circle below it, and a green cross.", STACK) == [T, T, T]
    assert claim_truths("A red square, a blue circle below it, and a green cross.", FLIPPED) == [T, F, T]


def test_a_missing_item_before_makes_the_item_with_it_false():
    """"a yellow square, a blue circle below it": there is no yellow square, so no circle is below one."""
    assert claim_truths("A yellow square, a blue circle below it, and a green cross.", STACK) == [F, F, T]


@pytest.mark.parametrize("caption", [
    "A red square with a blue circle below it, and a green cross.",
    "A green cross, a red square with a blue circle just below it, and a blue circle.",
])
def test_it_in_a_with_phrase_of_an_item_is_the_noun_it_modifies(caption):
    assert verdict(caption, STACK) == T
    assert verdict(caption, FLIPPED) == F


def test_it_after_a_plural_item_is_not_decided():
    """"red squares, a blue circle below it": the item before is plural, "it" singular: which
    shape is meant is not decided."""
    assert verdict("Red squares, a blue circle below it, and a green cross.", STACK).startswith("uninterpretable")


@settings(max_examples=10, deadline=None)
@given(st.floats(0.05, 0.95), st.floats(0.05, 0.95))
def test_the_item_before_decides_wherever_the_circle_is(x, y):
    """The list's claim about the circle is the claim "a blue circle is below a red square"."""
    world = make_world(("square", "red", 0.5, 0.5), ("circle", "blue", x, y), ("cross", "green", 0.05, 0.05, 0.02))
    alone = verdict("A blue circle is below a red square.", world)
    assert verdict("A red square, a blue circle below it, and a green cross.", world) == alone


# ------------------------------------------------------------------- after an unread sentence
# "A blue circle is in a column." parses but cannot be read ("in a column" has no meaning on the
# world model): it is left out, and what it mentions (one blue circle) stays for the sentences after it.
UNREAD = "A blue circle is in a column."
# the circle above the cross, the square below it ...
CIRCLE_UP = make_world(("square", "red", 0.3, 0.9), ("circle", "blue", 0.7, 0.2), ("cross", "green", 0.7, 0.6))
# ... and the other way round
CIRCLE_DOWN = make_world(("square", "red", 0.7, 0.2), ("circle", "blue", 0.3, 0.9), ("cross", "green", 0.7, 0.6))


def left_out(caption: str) -> list[tuple[str, str]]:
    return list(shared_parser().parse(caption).uncovered)


def test_it_after_an_unread_sentence_is_the_one_shape_it_names():
    """"It" is the blue circle of the unread sentence, not the red square before it: the claim
    is "a blue circle is above a green cross"; the caption is at most vague (a sentence is left out)."""
    caption = f"There is a red square. {UNREAD} It is above a green cross."
    assert [s for s, _ in left_out(caption)] == [UNREAD]
    assert claim_truths(caption, CIRCLE_UP) == [T, T]
    assert verdict(caption, CIRCLE_UP) == A
    assert claim_truths(caption, CIRCLE_DOWN) == [T, F]
    assert verdict(caption, CIRCLE_DOWN) == F


def test_its_after_an_unread_sentence_is_the_one_shape_it_names():
    caption = f"There is a red square. {UNREAD} A green cross is below it."
    assert claim_truths(caption, CIRCLE_UP) == [T, T]
    assert claim_truths(caption, CIRCLE_DOWN) == [T, F]


def test_it_passes_over_an_unread_sentence_that_names_no_single_shape():
    """"The shapes are in a column." names no single shape: "it" is the square before it."""
    caption = "There is a red square. The shapes are in a column. It is above a green cross."
    assert claim_truths(caption, CIRCLE_UP) == [T, F]  # there is a red square; it is above a green cross
    assert claim_truths(caption, CIRCLE_DOWN) == [T, T]


def test_it_after_an_unread_sentence_that_names_two_shapes_is_left_out_alone():
    caption = "There is a red square. A blue circle and a yellow triangle are in a column. It is above a green cross."
    out = left_out(caption)
    assert len(out) == 2
    assert out[1] == ("It is above a green cross.", "refers back to a sentence that could not be read")
    assert claim_truths(caption, CIRCLE_UP) == [T]


def test_a_pronoun_with_its_antecedent_in_its_own_sentence_is_kept_after_an_unread_one():
    """The sentence after the unread one says "it" of the cross it names itself: it is kept, and
    the claim is about that cross."""
    caption = f"{UNREAD} There is a green cross with a red square above it. There is a red square."
    assert [s for s, _ in left_out(caption)] == [UNREAD]
    assert claim_truths(caption, CIRCLE_UP)[0] == F
    assert claim_truths(caption, CIRCLE_DOWN)[0] == T


def test_one_after_an_unread_sentence_is_its_shape_noun():
    """"a green one" after "A blue circle is in a column.": a green circle (there is none)."""
    assert claim_truths(f"{UNREAD} There is a green one.", CIRCLE_UP) == [F]
    assert claim_truths(f"{UNREAD} There is a green one.", make_world(("circle", "green", 0.5, 0.5))) == [T]


@pytest.mark.parametrize("circles,expected", [(0, F), (1, A), (2, T)])
def test_another_after_an_unread_sentence_is_read_without_it(circles, expected):
    """"another blue circle" after the unread sentence: one blue circle besides one the writer had
    in mind, as when nothing comes before it: true with two, vague with one, false with none."""
    world = make_world(("square", "red", 0.2, 0.2), *[("circle", "blue", 0.5 + 0.3 * i, 0.7) for i in range(circles)])
    assert claim_truths(f"There is a red square. {UNREAD} There is another blue circle.", world)[-1] == expected


# ------------------------------------------------------------------------- "it" for the image
@pytest.mark.parametrize("caption", [
    "This image features a black background with one object in it.",
    "A black background with a red square on it.",
])
def test_it_for_the_image_or_its_background_adds_nothing(caption):
    """With no shape before it, "in it" / "on it" after the image or its background is "in the
    image": it adds nothing to what the caption claims."""
    assert verdict(caption, make_world(("square", "red", 0.3, 0.3))) == T
    assert verdict(caption, make_world(("circle", "blue", 0.3, 0.3))) == (
        T if "object" in caption else F)


@pytest.mark.parametrize("caption", [
    "This image features a black background with one object in it.",
    "A black background with one object.",
    "A black background with a single object in it.",
    "There is one shape.",
])
def test_one_object_of_the_whole_picture_is_exactly_one(caption):
    """"with one object in it" says nothing of the object but that it is there: a bare numeral,
    exactly one (false with two shapes; it was "at least one", as "one X" said of a shape is)."""
    assert verdict(caption, make_world(("square", "red", 0.3, 0.3))) == T
    assert verdict(caption, TWO) == F


def test_it_after_a_shape_is_the_shape_not_the_image():
    """"There is a red square in the image. A blue circle is below it.": the square, as before."""
    caption = "There is a red square in the image. A blue circle is below it."
    assert verdict(caption, make_world(("square", "red", 0.3, 0.3), ("circle", "blue", 0.3, 0.7))) == T
    assert verdict(caption, make_world(("square", "red", 0.3, 0.7), ("circle", "blue", 0.3, 0.3))) == F


# --------------------------------------------------------------- "it" inside a shape's clause
LOW_AND_HIGH = make_world(("circle", "yellow", 0.5, 0.3, 0.1), ("circle", "red", 0.5, 0.42, 0.1),
                          ("square", "blue", 0.1, 0.9))


def test_it_in_a_clause_on_the_object_is_the_subject():
    """"a yellow circle sits on top of a red circle, partially overlapping it": whichever circle
    "overlapping" is said of, "it" is the other one (the object's clause does not make the subject
    the place of the pronoun, as "the square to the left of it" would)."""
    caption = "A yellow circle sits on top of a red circle, partially overlapping it."
    assert verdict(caption, LOW_AND_HIGH) == T
    apart = make_world(("circle", "yellow", 0.5, 0.1), ("circle", "red", 0.5, 0.6))
    assert verdict(caption, apart) == F


def test_it_is_not_the_head_of_a_place_around_it():
    assert verdict("There is a square to the left of it.", LOW_AND_HIGH).startswith("uninterpretable")


# ------------------------------------------------------------------------------ "no other"
TWO = make_world(("square", "red", 0.3, 0.3), ("circle", "blue", 0.7, 0.7))
THREE = make_world(("square", "red", 0.3, 0.3), ("circle", "blue", 0.7, 0.7), ("cross", "green", 0.5, 0.5))


@pytest.mark.parametrize("world,expected", [(TWO, T), (THREE, F)])
def test_no_other_shapes_excludes_every_shape_named_before(world, expected):
    """Not only the latest: with the square and the circle named, "no other shapes" holds of a
    world with just those two (it was false there, the square counted among the "other" shapes)."""
    caption = "There is a red square. There is a blue circle. There are no other shapes."
    assert verdict(caption, world) == expected
    assert claim_truths(caption, world)[-1] == expected


def test_no_other_shapes_after_one_shape():
    assert verdict("There is a red square. There are no other shapes.", make_world(("square", "red", 0.3, 0.3))) == T
    assert verdict("There is a red square. There are no other shapes.", TWO) == F


def test_no_other_shapes_after_an_unread_sentence_is_not_decided():
    caption = f"There is a red square. {UNREAD} There are no other shapes."
    assert [s for s, _ in left_out(caption)] == [UNREAD, "There are no other shapes."]


# ---------------------------------------------------------- "them" for a relation's two shapes
PAIR_ABOVE = make_world(("circle", "blue", 0.4, 0.3), ("circle", "green", 0.5, 0.3), ("square", "red", 0.45, 0.8))


@pytest.mark.parametrize("caption", [
    "A blue circle overlaps a green circle. Just below them is a red square.",
    "A blue circle overlaps a green circle, with a red square just below them.",
])
def test_them_after_a_relation_of_two_shapes_is_both(caption):
    """The place is said of each: the square is below the blue circle and below the green one."""
    assert verdict(caption, PAIR_ABOVE) == T
    # the circles overlap and the square is below the blue one, but above the green one: not below "them"
    one_only = make_world(("circle", "blue", 0.3, 0.1, 0.15), ("circle", "green", 0.45, 0.45, 0.25),
                          ("square", "red", 0.2, 0.3, 0.03))
    assert verdict("A blue circle overlaps a green circle.", one_only) == T
    assert verdict(caption, one_only) == F


# ------------------------------------------------- "both", "each", "the two", "the pair" back
# two small blue circles and a large red square: "both" is the circles, not every shape
CIRCLES_AND_SQUARE = make_world(("circle", "blue", 0.3, 0.3, 0.05), ("circle", "blue", 0.7, 0.3, 0.05),
                                ("square", "red", 0.5, 0.8, 0.2))
# the same with the right circle large
ONE_LARGE = make_world(("circle", "blue", 0.3, 0.3, 0.05), ("circle", "blue", 0.7, 0.3, 0.2),
                       ("square", "red", 0.5, 0.8, 0.05))


@pytest.mark.parametrize("first,one_large", [("The two circles are blue.", A), ("There are two blue circles.", F),
                                              ("A blue circle is to the left of a blue circle.", F)])
@pytest.mark.parametrize("second", ["Both are small.", "Each is small.", "The two are small.", "The pair is small.",
                                    "The two shapes are small.", "Both of them are small.", "Each of them is small.",
                                    "All of them are small."])
def test_a_pair_word_after_two_shapes_means_those_two(first, one_large, second):
    """"The two circles are blue. Both are small.": the circles are small (true), though the
    third shape, the square, is large; when one circle is large, false (vague for "the two
    circles", as "The two circles are small." is: the definite's own reading)."""
    caption = f"{first} {second}"
    assert verdict(caption, CIRCLES_AND_SQUARE) == T
    assert verdict(caption, ONE_LARGE) == one_large


@settings(max_examples=8, deadline=None)
@given(st.floats(0.02, 0.2), st.floats(0.02, 0.2))
def test_both_after_two_circles_is_each_circle_is_small(left, right):
    """"both are small" says of each circle what "the circle is small" says of it alone."""
    world = make_world(("circle", "blue", 0.25, 0.25, left), ("circle", "blue", 0.75, 0.25, right),
                       ("square", "red", 0.5, 0.8, 0.2))
    caption = "A blue circle is to the left of a blue circle. Both are small."
    alone = [verdict("The circle is small.", make_world(("circle", "blue", 0.5, 0.5, h))) for h in (left, right)]
    expected = T if alone == [T, T] else F if F in alone else A
    assert verdict(caption, world) == expected


@pytest.mark.parametrize("caption", [
    "There are three circles. Both are small.",
    "There is a red square. There is a blue circle. There is a green cross. Both are small.",
    "There is a red square, a blue circle and a green cross. Both are small.",
    "There is a blue circle and a green cross. There is a red square. Both are small.",
])
def test_both_after_other_than_two_shapes_is_not_decided(caption):
    """"both" after three shapes, or after a longer list: which two it means is not decided, the
    sentence is left out (never false for it)."""
    assert [s for s, _ in left_out(caption)] == ["Both are small."]


@settings(max_examples=8, deadline=None)
@given(st.floats(0.02, 0.2), st.floats(0.02, 0.2), st.sampled_from(["Both are small.", "Both shapes are small."]))
def test_both_after_a_list_of_two_is_each_of_them(left, right, second):
    """"A red square and a blue circle. Both are small.": each of the two, whatever a third shape is."""
    world = make_world(("square", "red", 0.25, 0.25, left), ("circle", "blue", 0.75, 0.25, right),
                       ("cross", "gray", 0.5, 0.8, 0.2))
    alone = [verdict(f"The {s} is small.", make_world((s, "red", 0.5, 0.5, h))) for s, h in
             (("square", left), ("circle", right))]
    expected = T if alone == [T, T] else F if F in alone else A
    for first in ("There is a red square and a blue circle.", "A red square and a blue circle."):
        assert verdict(f"{first} {second}", world) == expected


@pytest.mark.parametrize("caption,alone", [("Both are small.", "Both shapes are small."),
                                           ("The two are small.", "The two shapes are small.")])
def test_a_bare_pair_word_with_nothing_before_is_the_pictures_shapes(caption, alone):
    """Alone, "the two are small" is "the two shapes are small": the picture's two shapes."""
    for world in (CIRCLES_AND_SQUARE, TWO, make_world(("circle", "blue", 0.3, 0.3, 0.05), ("square", "red", 0.7, 0.7))):
        assert verdict(caption, world) == verdict(alone, world)


def test_each_after_a_plural_of_three_is_each_of_them():
    circles = [("circle", "blue", 0.2 + 0.3 * i, 0.3, 0.05) for i in range(3)]
    world = make_world(*circles, ("square", "red", 0.5, 0.8, 0.2))
    assert verdict("There are three blue circles. Each is small.", world) == T
    assert verdict("There are three blue circles. Each is large.", world) == F


def test_all_of_them_keeps_the_number_of_the_shapes_it_means():
    """"The two circles are blue. All of them are small.": "them" is the two circles, so the first
    sentence stays "the two circles are blue" (it was read "all circles are blue", false here,
    where a third circle is red; with three circles "the two circles" is vague)."""
    world = make_world(("circle", "blue", 0.3, 0.3, 0.05), ("circle", "blue", 0.7, 0.3, 0.05),
                       ("circle", "red", 0.5, 0.8, 0.05))
    assert verdict("The two circles are blue. All of them are small.", world) == A


def test_both_shapes_with_nothing_before_is_the_pictures_two_shapes():
    """"Both shapes are blue." on its own: exactly two shapes, both blue (as before)."""
    assert verdict("Both shapes are blue.", make_world(("square", "blue", 0.3, 0.3), ("circle", "blue", 0.7, 0.7))) == T
    assert verdict("Both shapes are blue.", CIRCLES_AND_SQUARE) == F


def test_the_two_shapes_after_an_unread_sentence_keeps_its_own_reading():
    """After an unread sentence, "the two shapes" is the picture's two shapes (its reading alone)."""
    caption = f"There are two shapes. {UNREAD} The two shapes are small."
    assert [s for s, _ in left_out(caption)] == [UNREAD]
    for big in (0.05, 0.2, None):
        extra = [("cross", "green", 0.5, 0.9, 0.05)] if big is None else []
        world = make_world(("circle", "blue", 0.3, 0.3, 0.05), ("square", "red", 0.7, 0.7, big or 0.05), *extra)
        assert claim_truths(caption, world)[-1] == verdict("The two shapes are small.", world)


@pytest.mark.parametrize("caption", [
    "There is a red square. There is a blue circle. A green cross is below both.",
    "There is a red square. There is a blue circle. A green cross is below them.",
])
def test_both_as_an_object_is_each_shape_before_not_its_own_subject(caption):
    """"A green cross is below both": below the square and below the circle, not below itself."""
    below = make_world(("square", "red", 0.3, 0.2), ("circle", "blue", 0.7, 0.2), ("cross", "green", 0.5, 0.8))
    between = make_world(("square", "red", 0.3, 0.2), ("circle", "blue", 0.7, 0.9), ("cross", "green", 0.5, 0.5))
    assert verdict(caption, below) == T
    assert verdict(caption, between) == F


def test_the_pair_as_the_place_of_a_shape_that_may_be_one_of_them_is_not_decided():
    """"Two shapes … On the left of the pair is a gray cross.": the cross is the left one of the
    two, not left of both (that would make it left of itself: false)."""
    caption = "There are two shapes. On the left of the pair is a gray cross."
    assert [s for s, _ in left_out(caption)] == ["On the left of the pair is a gray cross."]


@pytest.mark.parametrize("x,expected", [(0.85, T), (0.05, F)])
def test_their_side_is_the_side_of_what_they_mean(x, expected):
    """"To their right": "their" names its owner's number (the determiner's CARG), so the side is of
    the two shapes listed before it (each of them), not of one "it" left undecided among them."""
    world = make_world(("square", "red", 0.15, 0.2), ("circle", "blue", 0.3, 0.2), ("triangle", "green", x, 0.25))
    caption = "A red square and a blue circle are at the top. To their right is a green triangle."
    assert verdict(caption, world) == expected


@pytest.mark.parametrize("y,expected", [(0.8, T), (0.1, F)])
@pytest.mark.parametrize("caption", [
    "There is a red square. Below it, a green triangle overlaps a blue circle.",
    "Below the red square, a green triangle overlaps a blue circle.",
])
def test_a_place_before_the_subject_is_where_the_subject_is(caption, y, expected):
    """"Below it, a triangle overlaps a circle": the fronted place sets where the verb's subject is
    ("below it" was once a sentence adverb that said only "nearby")."""
    world = make_world(("square", "red", 0.3, 0.4), ("circle", "blue", 0.6, y), ("triangle", "green", 0.65, y))
    assert verdict(caption, world) == expected


@pytest.mark.parametrize("half,expected", [(0.06, T), (0.2, F)])
def test_both_after_a_list_of_the_latest_two_shapes(half, expected):
    """"There is a large red square. A blue circle and a green triangle are at the bottom. Both are
    small.": "both" is the list of the two latest shapes, though a shape was named before it; after
    a longer list, or with a shape named after the list, it is left out (never false for it)."""
    world = make_world(("square", "red", 0.3, 0.2, 0.25), ("circle", "blue", 0.3, 0.8),
                       ("triangle", "green", 0.7, 0.8, half))
    listed = ("There is a large red square at the top. A blue circle and a green triangle are at the bottom. "
              "Both are small.")
    assert verdict(listed, world) == expected
    longer = "There is a red square, a blue circle and a green triangle. Both are small."
    assert verdict(longer, world) == A


# ------------------------------------------------------------------ "them" after a group and single shapes
@pytest.mark.parametrize("caption,expected", [
    # the two of the latest relation since the group, when "them" is the object of a place
    ("There are three shapes. A red square is above a blue circle, and a green cross is below them.", T),
    ("There are three shapes. A red square is above a blue circle, and a green cross is above them.", F),
    # no relation between the single shapes: the group or the shapes since, not decided
    ("There are three shapes. There is a red square, and there is a blue circle. They are small.", A),
    # with nothing since the group, the group
    ("There are three shapes. They are small.", T),
])
def test_them_after_a_group_and_then_single_shapes(caption, expected):
    """"The image shows six shapes. ... a cross with a circle beside it and a rectangle to its right,
    while a pentagon sits below them": "them" is not the six shapes when single shapes were named since."""
    world = make_world(("square", "red", 0.3, 0.15, 0.04), ("circle", "blue", 0.3, 0.5, 0.04),
                       ("cross", "green", 0.35, 0.85, 0.04))
    assert verdict(caption, world) == expected, caption
