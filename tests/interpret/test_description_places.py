"""What descriptions say about empty places, stacked places, sides of shapes, approximate numbers,
compound colour words, "another", "near but not touching" and varieties, end to end (parse, judge,
truth) on small hand-built worlds. Meanings: docs/descriptions.md.
"""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, shared_parser, verdict

from shapeworldice.reasons import judge
from shapeworldice.semantics.appearance import attribute, color_word
from shapeworldice.world.model import COLOR_NAMES, World



def at_x(*xs: float) -> World:
    return make_world(*[("circle", "red", x, 0.5 + 0.05 * i) for i, x in enumerate(xs)])


# ------------------------------------------------------------------------------ empty places
@pytest.mark.parametrize("caption,xs,expected", [
    ("The left half of the image is empty.", (0.6, 0.8), T),  # every shape clearly not on the left
    ("The left half of the image is empty.", (0.3, 0.8), F),  # one clearly on the left
    ("The left half of the image is empty.", (0.45, 0.8), A),  # one inside the margin
    ("The left side of the image is completely empty.", (0.6, 0.8), T),
    ("The left portion of the image is plain black.", (0.3, 0.8), F),
    ("The left part of the image is empty black space.", (0.6, 0.9), T),
    ("The left side of the image contains nothing.", (0.3,), F),
    ("The left half of the image is mostly empty.", (0.2, 0.3, 0.8), T),  # two there at most
    ("The left half of the image is mostly empty.", (0.1, 0.2, 0.3, 0.8), A),  # never false
    ("The bottom and left portions of the image are empty.", (0.3,), F),  # "the" of both places
    ("The bottom and left portions of the image are empty.", (0.8,), T),
    ("The top and left portions of the image are empty.", (0.45,), A),  # one inside the left's margin
])
def test_an_empty_place_has_no_shape_in_it(caption, xs, expected):
    assert verdict(caption, at_x(*xs)) == expected


@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(0.05, 0.95), min_size=1, max_size=6))
def test_mostly_empty_is_never_false_and_empty_is_no_shape_there(xs):
    world = at_x(*xs)
    assert verdict("The right half of the image is mostly empty.", world) != F
    none_right = verdict("No shape is on the right.", world)
    assert verdict("The right half of the image is empty.", world) == none_right


@settings(max_examples=25, deadline=None)
@given(st.lists(st.floats(0.05, 0.95), min_size=1, max_size=4),
       st.sampled_from(["The rest of the image is empty.", "The rest of the image is empty black space.",
                        "The rest of the image contains nothing but black space.",
                        "The rest of the image, including the entire right side, is empty.",
                        "There is nothing else in the image."]))
def test_the_rest_of_the_image_is_empty_says_no_other_shapes(xs, rest):
    # after one shape named alone: the same as "There are no other shapes." (a place "the rest"
    # includes is of the rest, so the named circle may be there)
    world = at_x(*xs)
    said = verdict(f"There is a red circle. {rest}", world)
    assert said == verdict("There is a red circle. There are no other shapes.", world)
    assert said == (T if len(xs) == 1 else F)
    # after a counted plural which shapes are excluded is not known; alone, nothing is excluded
    counted = verdict("There are two red circles.", world)
    assert (verdict(f"There are two red circles. {rest}", world) == F) == (counted == F)
    assert verdict(rest, world) not in (T, F)


# ------------------------------------------------------------------------------ places said together
@pytest.mark.parametrize("caption,x,y,expected", [
    ("The red square is near the bottom, on the left.", 0.2, 0.8, T),
    ("The red square is near the bottom, on the left.", 0.8, 0.8, F),
    ("The red square is on the left side, around the middle.", 0.2, 0.5, T),  # centre on the free axis
    ("The red square is at the top, touching the upper edge.", 0.5, 0.1, T),
    ("The red square is at the top, touching the upper edge.", 0.5, 0.35, F),
    ("There is a red square at the bottom, slightly left of center.", 0.3, 0.8, T),
    ("The red square is to the right of center.", 0.3, 0.5, F),
])
def test_places_said_one_after_another_are_one_place(caption, x, y, expected):
    assert verdict(caption, make_world(("square", "red", x, y))) == expected


@settings(max_examples=20, deadline=None)
@given(st.floats(0.05, 0.95), st.floats(0.05, 0.95), st.floats(0.05, 0.95), st.floats(0.05, 0.95),
       st.sampled_from([("on the right edge", "below"), ("at the bottom,", "just right of"),
                        ("on the left side,", "above"), ("on the right side,", "below")]))
def test_a_relation_after_a_place_is_said_of_the_shape(x1, y1, x2, y2, words):
    # "on the right edge below the triangle": the edge is not below the triangle, the circle is
    world = make_world(("circle", "blue", x1, y1), ("triangle", "green", x2, y2))
    place, relation = words
    both = verdict(f"The blue circle is {place} {relation} the green triangle.", world)
    apart = [verdict(f"The blue circle is {place.rstrip(',')}.", world),
             verdict(f"The blue circle is {relation} the green triangle.", world)]
    assert both == (F if F in apart else T if apart == [T, T] else A)


@pytest.mark.parametrize("caption,ys,expected", [
    ("The lower half contains a red circle.", (0.8,), T),
    ("The lower half contains a red circle.", (0.2,), F),
    ("The lower half of the image contains two red circles.", (0.8, 0.9), T),
    ("The lower half of the image contains two red circles.", (0.8, 0.9, 0.85), F),  # a bare number is exact
    ("The upper half has most of the shapes.", (0.1, 0.2, 0.9), T),
    ("The upper half has most of the shapes.", (0.1, 0.8, 0.9), F),
])
def test_a_place_that_contains_a_shape_says_the_shape_is_there(caption, ys, expected):
    # "The lower half contains X" is "X is in the lower half", with the place's margins
    world = make_world(*[("circle", "red", 0.2 + 0.3 * i, y) for i, y in enumerate(ys)])
    assert verdict(caption, world) == expected
    said_of_the_shapes = {"The lower half contains a red circle.": "A red circle is in the lower half.",
                          "The upper half has most of the shapes.": "Most of the shapes are in the upper half."}
    if caption in said_of_the_shapes:
        assert verdict(said_of_the_shapes[caption], world) == expected


@pytest.mark.parametrize("y,expected", [(0.8, T), (0.3, F)])
def test_a_side_below_the_middle_is_one_place(y, expected):
    world = make_world(("circle", "blue", 0.8, y))
    assert verdict("A blue circle is located on the right side, below the middle.", world) == expected


@settings(max_examples=30, deadline=None)
@given(st.floats(0.05, 0.95), st.floats(0.05, 0.95), st.floats(0.05, 0.95), st.floats(0.05, 0.95))
def test_the_side_of_a_shape_is_the_relation(x1, y1, x2, y2):
    world = make_world(("square", "red", x1, y1), ("circle", "blue", x2, y2))
    for side in ("left", "right"):
        assert (verdict(f"The red square is on the {side} side of the blue circle.", world)
                == verdict(f"The red square is to the {side} of the blue circle.", world))


# ------------------------------------------------------------------------------ numbers and plurals
@pytest.mark.parametrize("n,expected", [(10, T), (9, T), (11, T), (8, A), (13, A), (6, F), (14, F)])
def test_about_a_number(n, expected):
    world = make_world(*[("circle", "red", 0.05 + 0.09 * (i % 10), 0.2 + 0.3 * (i // 10)) for i in range(n)])
    assert verdict("There are about ten circles.", world) == expected
    assert verdict("There are roughly ten circles.", world) == expected


@pytest.mark.parametrize("n,expected", [(0, F), (1, A), (2, T)])
def test_another_on_its_own_and_a_bare_plural(n, expected):
    world = make_world(*[("pentagon", "red", 0.2 + 0.3 * i, 0.5) for i in range(n)], ("circle", "blue", 0.5, 0.9))
    assert verdict("There is another red pentagon.", world) == expected
    assert verdict("There is a second red pentagon.", world) == expected
    assert verdict("There are red pentagons.", world) == expected
    # beside a single shape, a plural says several: one alone is false
    assert verdict("There are red pentagons and a blue circle.", world) == (F if n == 1 else expected)


@pytest.mark.parametrize("n,plain,several", [(0, F, F), (1, A, A), (2, A, A), (3, T, A), (4, T, T)])
def test_other_shapes_on_their_own(n, plain, several):
    """Besides at least one shape not named: one more than the plural says is true whichever one."""
    world = make_world(*[("pentagon", "red", 0.1 + 0.2 * i, 0.5) for i in range(n)], ("circle", "blue", 0.5, 0.9))
    assert verdict("There are other red pentagons.", world) == plain
    assert verdict("There are a few other red pentagons.", world) == plain
    assert verdict("There are several other red pentagons.", world) == several


# ------------------------------------------------------------------------------ colour words
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(COLOR_NAMES), st.floats(-0.4, 0.4),
       st.sampled_from(["salmon-red", "olive-yellow", "purple-magenta", "blue-violet"]))
def test_a_compound_colour_is_between_its_parts(color, shade, word):
    world = make_world(("circle", color, 0.5, 0.5, 0.06, shade))
    first, second = word.split("-")
    arrays = world.arrays
    (a1, d1), (a2, d2) = attribute("colour", first, arrays), attribute("colour", second, arrays)
    expected = T if (a1 & ~d2 | a2 & ~d1)[0] else F if (d1 & d2)[0] else A
    article = "an" if word[0] in "aeiou" else "a"
    assert verdict(f"There is {article} {word} circle.", world) == expected


@pytest.mark.parametrize("color,shade,expected", [
    ("yellow", -0.3, T), ("yellow", -0.1, A), ("yellow", 0.1, F), ("green", -0.3, A), ("green", 0.2, A),
    ("blue", -0.3, F),
])
def test_olive_green_is_olive_and_may_be_a_green(color, shade, expected):
    """"olive green" names olive (a dark yellow, the table's olive row); a green shape may be called so."""
    world = make_world(("circle", color, 0.5, 0.5, 0.06, shade))
    assert verdict("There is an olive-green circle.", world) == expected
    assert verdict("There is an olive green circle.", world) == expected


@pytest.mark.parametrize("color,expected", [("cyan", T), ("blue", A), ("green", A), ("red", F)])
def test_blue_green_is_the_mixture_cyan(color, expected):
    """"blue-green" (teal) is cyan; a blue or a green shape may be called so; a red one is not."""
    world = make_world(("circle", color, 0.5, 0.5, 0.06, 0.0))
    assert verdict("There is a blue-green circle.", world) == expected


def test_colour_endings_and_untabled_compounds():
    assert color_word("olive-colored") == "olive" and color_word("reddish") == "red"
    assert color_word("salmon-red") == "salmon-red" and color_word("periwinkle-blue") is None
    world = make_world(("ellipse", "red", 0.5, 0.5, 0.06, 0.3))
    assert verdict("There is a salmon-colored ellipse.", world) == T
    assert verdict("There is a periwinkle-blue ellipse.", world) == A  # outside the table: vague
    parsed = shared_parser().parse("There is a salmon-red ellipse.")
    assert "read by the colour table" in judge(parsed).reason.detail


# ------------------------------------------------------------------------------ contact, varieties, framing
@pytest.mark.parametrize("x2,expected", [(0.5 + 0.12 + 0.05, T), (0.5 + 0.12, F), (0.95, F)])
def test_close_to_but_not_touching(x2, expected):
    world = make_world(("square", "red", 0.5, 0.5), ("circle", "blue", x2, 0.5))
    assert verdict("A red square is close to but not touching the blue circle.", world) == expected


def test_varieties_are_said_of_the_group_and_this_image_adds_no_claim():
    world = make_world(("cross", "red", 0.3, 0.5), ("cross", "blue", 0.7, 0.5))
    assert verdict("There are crosses of various colours.", world) == T
    assert verdict("The crosses have different sizes.", world) == A  # alike within the margin: vague, never false
    sizes = make_world(("cross", "red", 0.3, 0.5, 0.04), ("cross", "blue", 0.7, 0.5, 0.1))
    assert verdict("The crosses have different sizes.", sizes) == T
    assert verdict("This image shows two crosses.", world) == T
    assert verdict("The shapes have no outlines or shading.", world) == T
    assert verdict("A red cross is below.", world) == A  # below what went before: not said


def test_empty_place_words_do_not_reach_shapes():
    # "empty" of a shape stays vague (only a place of the picture is read as having no shape in it)
    world = make_world(("square", "red", 0.3, 0.5))
    assert verdict("The red square is empty.", world) == A
    assert np.isclose(world.entities[0].center[0], 0.3)


@pytest.mark.parametrize("caption,expected", [
    ("The image shows three shapes, mostly yellow.", T),  # two of the three shapes: more than half
    ("The image shows three shapes, mostly red.", F),  # none is
    ("The image shows three shapes, most of them yellow.", T),
])
def test_a_tail_about_part_of_a_list(caption, expected):
    world = make_world(("circle", "yellow", 0.2, 0.5), ("square", "yellow", 0.5, 0.5), ("cross", "blue", 0.8, 0.5))
    assert verdict(caption, world) == expected


@pytest.mark.parametrize("caption,x,y,background,expected", [
    ("The image is black.", 0.5, 0.5, "black", T),
    ("The image is black.", 0.5, 0.5, "white", F),
    ("The red cross is near the top right edge.", 0.9, 0.1, "black", T),  # at both edges
    ("The red cross is near the top right edge.", 0.9, 0.5, "black", F),
])
def test_the_image_and_its_corner_edges(caption, x, y, background, expected):
    world = dataclasses.replace(make_world(("cross", "red", x, y)), background=background)
    assert verdict(caption, world) == expected


@pytest.mark.parametrize("blue,expected", [(3, T), (2, A), (1, F)])
def test_mostly_said_of_a_plural(blue, expected):
    """"The shapes are mostly blue": true from more than half, false up to a quarter, vague between."""
    world = make_world(*[("circle", "blue" if i < blue else "red", 0.1 + 0.2 * i, 0.5) for i in range(5)])
    assert verdict("The shapes are mostly blue.", world) == expected


def test_second_and_or_after_a_shared_determiner():
    world = make_world(("cross", "red", 0.3, 0.2), ("cross", "red", 0.6, 0.8), ("square", "magenta", 0.5, 0.5))
    assert verdict("The second red cross is at the bottom.", world) == A  # which one is second: not said
    assert verdict("The second red cross is at the left edge.", world) == F  # false of both
    assert verdict("There is a red square or cross.", world) == T


@pytest.mark.parametrize("dx,expected", [(0.08, T), (0.4, F)])
def test_its_corner_after_a_contact_verb_is_the_shape(dx, expected):
    world = make_world(("square", "gray", 0.3, 0.5), ("pentagon", "yellow", 0.3 + dx, 0.5))
    assert verdict("There is a gray square. A yellow pentagon overlaps its lower right corner.", world) == expected


def test_a_word_of_a_look_outside_the_vocabulary_is_read_as_adding_nothing() -> None:
    """An unknown word of what the world model does not record ("visibly") adds nothing: the reason
    says so, not "vague"; an unknown word of no known kind stays vague."""
    from shapeworldice.reasons import judge as reason_judge

    parser = shared_parser()
    detail = reason_judge(parser.parse("There is a visibly red square.")).reason.detail
    assert "'visibly', read as adding nothing" in detail and "vague" not in detail
    assert "'glorp', read as vague" in reason_judge(parser.parse("A glorp square is red.")).reason.detail


@settings(max_examples=30, deadline=None)
@given(st.floats(0.05, 0.95))
def test_toward_a_side_is_a_leaning(x):
    """"toward the right" is true where "on the right" is and false only where the shape is clearly
    on the other side (x at most 0.4); "on the right" is false from x = 0.5 down."""
    world = make_world(("square", "red", x, 0.5))
    toward, on = verdict("A red square is toward the right.", world), verdict("A red square is on the right.", world)
    assert toward == (T if x >= 0.6 else F if x <= 0.4 else A)
    assert on == T or toward != T
    assert toward != F or on == F


@settings(max_examples=20, deadline=None)
@given(st.floats(-0.1, 1.1), st.sampled_from(["is partially outside the frame", "is partly out of frame",
                                               "is partially out of the frame", "sits off frame"]))
def test_out_of_the_frame_is_a_vague_place(x, words):
    # the world model does not say which shapes stick out of the picture: never true nor false
    world = make_world(("square", "red", x, 0.5))
    assert verdict(f"The red square {words}.", world) == A
    assert verdict(f"The blue square {words}.", world) == F  # there is no blue square


@settings(max_examples=20, deadline=None)
@given(st.floats(0.05, 0.95), st.floats(0.05, 0.95), st.floats(0.05, 0.95), st.floats(0.05, 0.95),
       st.sampled_from([("Below", "right"), ("Above", "left"), ("Below", "left")]))
def test_a_side_between_commas_after_a_fronted_relation_is_the_same_shapes_side(x1, y1, x2, y2, words):
    # "Below the red circle, slightly to the right, is a blue square": below and right of the circle
    world = make_world(("circle", "red", x1, y1), ("square", "blue", x2, y2))
    relation, side = words
    fronted = verdict(f"{relation} the red circle, slightly to the {side}, is a blue square.", world)
    apart = [verdict(f"A blue square is {relation.lower()} the red circle.", world),
             verdict(f"A blue square is to the {side} of the red circle.", world)]
    assert fronted == (F if F in apart else T if apart == [T, T] else A)


# ------------------------------------------------------------------------------ past the frame
@settings(max_examples=15, deadline=None)
@given(st.floats(min_value=0.1, max_value=0.9), st.sampled_from([
    "A red circle runs off the right edge.", "The red circle is cut off by the left edge.",
    "The red circle extends past the bottom edge.", "The red circle is partly cut off at the top edge.",
    "The red circle is partly cut off."]))
def test_a_shape_past_the_frame_is_never_decided_by_its_place(x, caption):
    # the world model does not say whether a shape is partly out of the picture: the claim is vague
    # wherever the shape is, never true because the verb was dropped with its place
    assert verdict(caption, at_x(x)) == A


@pytest.mark.parametrize("x,expected", [(0.9, T), (0.75, A), (0.4, F)])
def test_extending_to_an_edge_is_being_at_it(x, expected):
    assert verdict("A red circle extends to the right edge.", at_x(x)) == expected


# ------------------------------------------------------------------------------ a "with"-list placed by "it"
STACK = make_world(("square", "blue", 0.5, 0.5), ("rectangle", "yellow", 0.5, 0.2), ("ellipse", "red", 0.5, 0.8))


@pytest.mark.parametrize("caption,expected", [
    ("A blue square sits in the middle, with a yellow rectangle above it and a red ellipse below it.", T),
    ("There is a blue square with a yellow rectangle above it and a red ellipse below it.", T),
    ("There is a blue square with a yellow rectangle above it and a red ellipse.", T),
    ("There is a blue square with a yellow rectangle below it and a red ellipse below it.", F),
    ("There is a blue square with a yellow rectangle above it and a red ellipse above it.", F),
    ("There is a blue square with a yellow rectangle above it and a green ellipse below it.", F),
])
def test_each_item_of_a_with_list_is_placed_by_the_shape_it_names(caption, expected):
    # "it" in every item is the square the "with"-phrase is on, not the item before
    assert verdict(caption, STACK) == expected


# ------------------------------------------------------------------------------ likenesses
@pytest.mark.parametrize("look", ["tilted 45 degrees so that it looks like a diamond",
                                  "rotated about 45 degrees so that it looks like an X",
                                  "turned slightly, like a diamond"])
@pytest.mark.parametrize("shape,expected", [("square", T), ("circle", F)])
def test_a_likeness_and_its_modifiers_add_nothing(look, shape, expected):
    # the look is not recorded: the claim is that of "There is a red <shape> at the top."
    world = make_world(("square", "red", 0.5, 0.2))
    assert verdict(f"There is a red {shape} at the top, {look}.", world) == expected


# ------------------------------------------------------------------------------ the image is black, with X
@pytest.mark.parametrize("caption,expected", [
    ("The image is almost entirely black, with just two small shapes near the bottom.", T),
    ("The image is black, with two small shapes near the bottom.", T),
    ("The image is black, with three small shapes near the bottom.", F),  # a bare number is exact
    ("The image is black, with two small shapes near the top.", F),
])
def test_a_black_image_with_shapes_says_the_background_and_the_shapes(caption, expected):
    world = make_world(("circle", "red", 0.3, 0.85, 0.04), ("square", "blue", 0.7, 0.85, 0.04))
    assert verdict(caption, world) == expected
    assert verdict(caption, dataclasses.replace(world, background="white")) == F


@pytest.mark.parametrize("caption,expected", [
    ("A gray circle and a yellow semicircle are on the right, with a blue ellipse below them.", T),
    ("A gray circle and a yellow semicircle sit on the right, with a blue ellipse.", T),
    ("A gray circle and a yellow semicircle are on the right, with a blue ellipse above them.", F),
    ("A gray circle and a yellow semicircle are on the left, with a blue ellipse below them.", F),
])
def test_the_company_of_a_list_placed_together(caption, expected):
    # "with" hangs on "the right": the company of the list the place is said of
    world = make_world(("circle", "gray", 0.8, 0.3), ("semicircle", "yellow", 0.9, 0.3), ("ellipse", "blue", 0.85, 0.7))
    assert verdict(caption, world) == expected


@pytest.mark.parametrize("caption,expected", [
    ("A cyan triangle is right below the red square.", T),
    ("A cyan triangle is right above the red square.", F),
    ("There is a red square, and just below it a cyan triangle points down.", T),
    ("There is a red square, and right above it a cyan triangle points down.", F),
])
def test_right_and_just_before_a_place(caption, expected):
    """"right below it" is "directly below it" (the degree adds nothing, as "just"); a fronted place
    with its degree word and no comma ("and just below it a triangle ...") is where the subject is."""
    world = make_world(("square", "red", 0.2, 0.3), ("triangle", "cyan", 0.2, 0.5))
    assert verdict(caption, world) == expected


@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(0.03, 0.3), min_size=1, max_size=4))
def test_mostly_empty_is_a_claim_on_what_the_shapes_cover(halves):
    """"The background is mostly empty": true when the shapes' areas add up to at most
    MOSTLY_EMPTY_COVER of the picture, vague otherwise (never false: the sum overstates what
    overlapping shapes cover); the same of "the image" and of "a mostly empty background"."""
    from shapeworldice.semantics.appearance import MOSTLY_EMPTY_COVER
    world = make_world(*[("square", "red", 0.2 + 0.2 * i, 0.5, h) for i, h in enumerate(halves)])
    covered = sum(e.area for e in world.entities)
    expected = T if covered <= MOSTLY_EMPTY_COVER else A
    for caption in ("The background is mostly empty.", "The image is largely empty black space.",
                    "The squares are on a mostly empty black background."):
        assert verdict(caption, world) == expected, caption


@pytest.mark.parametrize("caption,expected", [
    ("A blue circle is against the left edge.", T),  # "against the edge" is at it
    ("A red square is against the left edge.", F),
    ("The large middle portion of the image is completely empty.", F),  # "large" adds nothing to the place
    ("The large upper portion of the image is completely empty.", T),
])
def test_places_against_an_edge_and_large_portions(caption, expected):
    world = make_world(("circle", "blue", 0.1, 0.8), ("square", "red", 0.5, 0.5))
    assert verdict(caption, world) == expected


@pytest.mark.parametrize("caption,expected", [
    ("There is a red square. There is a blue circle. The background is otherwise empty.", T),
    ("There is a red square. The background is otherwise empty.", F),  # the circle is another shape
    ("A red square is at the top. A blue circle is at the bottom. The image is otherwise black.", T),
    ("Most of the image is empty black space.", T),  # as "The image is mostly empty."
])
def test_otherwise_empty_is_the_rest_and_most_of_the_image_is_mostly(caption, expected):
    world = make_world(("square", "red", 0.2, 0.2), ("circle", "blue", 0.8, 0.8))
    assert verdict(caption, world) == expected


# ------------------------------------------------------------------- a place before coordinated clauses
@pytest.mark.parametrize("caption,expected", [
    ("Above the blue circle there is a red square, and a green triangle is at the bottom.", T),
    ("Below the blue circle there is a red square, and a green triangle is at the bottom.", F),
    ("At the top there is a red square, and there is a green triangle.", T),  # the first clause's place
    ("At the bottom there is a red square, and there is a green triangle.", F),
    ("Above the blue circle there is a red square, and a green triangle is at the top.", F),
])
def test_a_place_before_coordinated_clauses_is_the_first_clauses(caption, expected):
    """"Above the green circle there is a gray pentagon, and at the bottom a gray cross ...": the parser
    puts the fronted place on the coordination; it is where the first clause's subject is."""
    world = make_world(("square", "red", 0.5, 0.15), ("circle", "blue", 0.5, 0.5), ("triangle", "green", 0.5, 0.85))
    assert verdict(caption, world) == expected, caption


# ------------------------------------------------------------- a spread over the picture, "only" on a plural
@pytest.mark.parametrize("caption,expected", [
    ("The shapes are placed around the image.", T),  # the place is the whole picture: it adds nothing
    ("Two red circles are placed around the image, along with a square.", F),  # no square
    ("Two red circles are placed across the picture, along with a blue circle.", T),
    ("Two red circles are spread across the picture, along with a blue circle.", A),  # "spread" is vague
    ("There are only a few shapes.", T),  # "only" adds nothing to the plural's quantity
    ("The image shows only two shapes.", F),
    ("There is only one shape.", F),
])
def test_places_of_the_whole_picture_and_only_on_a_plural(caption, expected):
    world = make_world(("circle", "red", 0.2, 0.2), ("circle", "red", 0.8, 0.8), ("circle", "blue", 0.5, 0.5))
    assert verdict(caption, world) == expected, caption


@pytest.mark.parametrize("caption,x,expected", [
    ("A red square is at the top, and below it on the left is a blue circle.", 0.2, A),  # a diagonal
    ("A red square is at the top, and below it on the left is a blue circle.", 0.95, F),
])
def test_a_clause_of_a_place_and_a_relation_is_read_in_a_coordination(caption, x, expected):
    """"…, and below it on the left is X": the second clause's event is renamed when "on the left"
    becomes a relation to "it"; the clause is the rest of the coordination, not left out."""
    world = make_world(("square", "red", 0.6, 0.15), ("circle", "blue", x, 0.6))
    assert verdict(caption, world) == expected, caption


# ------------------------------------------------------------------------------ "the center right of the image"
@pytest.mark.parametrize("caption,xy,expected", [
    ("The circle is in the center right of the image.", (0.75, 0.5), T),  # right, at mid-height
    ("The circle is in the center right of the image.", (0.2, 0.5), F),  # on the left
    ("The circle is in the center left of the picture.", (0.2, 0.9), F),  # at the bottom
])
def test_a_side_of_the_picture_after_a_place_noun(caption, xy, expected):
    # the parser reads "the center (right of the image)": "right of the picture" is the place's side
    assert verdict(caption, make_world(("circle", "red", *xy))) == expected


TOP_ROW = make_world(("triangle", "yellow", 0.2, 0.15), ("triangle", "gray", 0.5, 0.2), ("triangle", "red", 0.66, 0.15),
                     ("circle", "blue", 0.5, 0.8))


@pytest.mark.parametrize("caption,expected", [
    # a colour list after a place is the shapes' (a place has no colour)
    ("There are three triangles at the top of the image, yellow, gray and red.", T),
    ("There are three triangles at the top, yellow, gray and red.", T),
    ("There are three triangles at the top, yellow, gray and blue.", F),
    ("There are three triangles at the bottom of the image, yellow, gray and red.", F),
    # a shape beside another after a place: the shape is beside it, not the place
    ("A gray triangle sits at the top next to a red triangle.", T),
    ("A gray triangle sits at the top next to a blue circle.", F),
])
def test_what_the_parser_says_of_a_place_is_said_of_the_shape(caption, expected):
    assert verdict(caption, TOP_ROW) == expected


# ------------------------------------------------------------------------------ the middle on one axis
@pytest.mark.parametrize("caption,x,y,expected", [
    ("The gray cross is roughly in the middle vertically.", 0.9, 0.55, T),  # y only: far right is no matter
    ("The gray cross is roughly in the middle vertically.", 0.5, 0.85, F),
    ("The gray cross is roughly in the middle vertically.", 0.5, 0.75, A),  # between the margins
    ("The gray cross is near the center horizontally.", 0.45, 0.95, T),  # x only
    ("The gray cross is near the center horizontally.", 0.9, 0.5, F),
    ("The gray cross is across the middle.", 0.05, 0.5, T),  # the horizontal band
    ("The gray cross is across the middle.", 0.5, 0.1, F),
    ("The gray cross is in the middle.", 0.9, 0.5, F),  # both axes when no axis is said
])
def test_a_middle_on_one_axis(caption, x, y, expected):
    """"in the middle vertically" is the middle along y only, "horizontally" along x only, and "across
    the middle" is the horizontal middle band: the centre's margins on that one axis."""
    assert verdict(caption, make_world(("cross", "gray", x, y))) == expected


@pytest.mark.parametrize("caption,x,y,expected", [
    ("The gray cross is on the left side of the image, a little above the middle.", 0.2, 0.3, T),
    ("The gray cross is on the left side of the image, a little above the middle.", 0.2, 0.8, F),
    ("The gray cross is on the left side of the image, a little above the middle.", 0.8, 0.3, F),
])
def test_a_place_after_the_frame(caption, x, y, expected):
    """A place the parser hangs on "the image" ("on the left side of the image, a little above the
    middle") is the shape's, one place with the first."""
    assert verdict(caption, make_world(("cross", "gray", x, y))) == expected
