"""Lists of adjectives and vague quantities on noun phrases (:mod:`shapeworldice.interpret.lists`),
end to end on small hand-built worlds."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import make_world
from tests.interpret.test_descriptions import A, F, T, check, triangles, verdict

from shapeworldice.interpret.lists import MANY_TRUE
from shapeworldice.interpret.predicates import QUANTITY_ADJS


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=7))
def test_many_has_a_vague_band_below_its_true_count(n):
    expected = T if n >= MANY_TRUE else F if n < QUANTITY_ADJS["_many_a_1"][0] else A
    check("There are many triangles.", triangles(n) if n else make_world(("square", "red", 0.5, 0.5)), expected)


def test_colour_lists_are_some_of_each_or_undecided():
    world = make_world(("cross", "blue", 0.2, 0.2), ("cross", "yellow", 0.8, 0.8), ("circle", "red", 0.5, 0.5))
    check("Crosses in blue and yellow.", world, T)
    check("Blue and yellow crosses.", world, T)
    check("Blue and green crosses.", world, F)
    check("Circles and crosses in blue and yellow.", world, A)  # one circle: a plural of one is vague


@pytest.mark.parametrize("caption,expected", [
    ("Circles and crosses in blue and yellow.", T),  # each colour some listed shape's
    ("Circles and crosses in blue, yellow and red.", T),
    ("Circles and crosses in blue and green.", F),  # no green shape at all
    ("Circles and squares in blue and yellow.", F),  # no square
    ("Circles and triangles in red and yellow.", A),  # one triangle: a plural of one is vague
    ("Crosses and circles in magenta and blue.", T),
    ("Crosses in blue and yellow and circles in magenta and cyan.", F),  # no cyan shape
    ("Blue, yellow and red circles and crosses.", T),
    ("Blue, green and red circles and crosses.", F),
])
def test_a_list_of_colours_after_a_list_of_kinds_is_each_colour_somewhere(caption, expected):
    """Which shape has which colour is not said: each colour is some listed shape's (true), false when
    no shape has that colour; a shape of that colour of another kind may be what was meant (vague)."""
    world = make_world(("cross", "blue", 0.2, 0.2), ("cross", "yellow", 0.8, 0.8), ("circle", "red", 0.5, 0.5),
                       ("circle", "magenta", 0.5, 0.2), ("triangle", "blue", 0.2, 0.8))
    check(caption, world, expected)


@pytest.mark.parametrize("caption,expected", [
    ("Crosses and a circle in blue and yellow.", T),  # the colours said of a list ending in a singular
    ("Crosses and a circle in blue and green.", F),  # no green shape at all
    ("Crosses and a circle in blue and magenta on a black background.", T),
    ("Crosses and a triangle in blue, yellow and magenta.", A),  # magenta is only the circle's
    ("Crosses, a circle and triangles in yellow and red.", A),  # one triangle: a plural of one is vague
    ("Crosses, a triangle and circles in yellow and red.", T),  # a singular between bare plurals
    ("Crosses, a triangle and circles in green and red.", F),
])
def test_colours_after_a_list_with_a_singular_are_each_colour_somewhere(caption, expected):
    """"rectangles and an oval in cyan and blue", "crosses, a pentagon and triangles in yellow and gray":
    the colours are said of the list as a whole (the parser may leave them on a label nothing holds),
    so each colour is some listed shape's, as after a list of bare plurals."""
    world = make_world(("cross", "blue", 0.2, 0.2), ("cross", "yellow", 0.8, 0.8), ("circle", "red", 0.5, 0.5),
                       ("circle", "magenta", 0.5, 0.2), ("triangle", "blue", 0.2, 0.8))
    check(caption, world, expected)


def test_the_background_after_colours_of_a_whole_list_is_read():
    """"rectangles and an oval in cyan and blue on a black background": the background phrase on the
    whole list (left unattached with the colours) is said of each item, not left out."""
    world = make_world(("cross", "blue", 0.2, 0.2), ("circle", "red", 0.8, 0.2), ("circle", "red", 0.5, 0.9))
    check("A cross and circles in blue and red on a black background.", world, T)
    check("A cross and circles in blue and green on a black background.", world, F)


@pytest.mark.parametrize("caption,expected", [
    ("Red crosses and circles.", F),  # no red cross on either reading
    ("Blue crosses and circles.", A),  # the circles are red: only the narrow reading ("blue" on the crosses) holds
])
def test_an_adjective_on_the_first_noun_is_said_of_both_or_of_the_first(caption, expected):
    world = make_world(("cross", "blue", 0.2, 0.2), ("cross", "blue", 0.8, 0.8), ("circle", "red", 0.5, 0.5),
                       ("circle", "red", 0.5, 0.2))
    check(caption, world, expected)


@pytest.mark.parametrize("caption,expected", [
    # the wide reading (blue circles) is false, the narrow one (circles) true: vague, as in a coordination of two
    ("Blue crosses and circles, a red circle and a red square.", A),
    ("Blue crosses and squares, a red circle and a red square.", F),  # one square: "squares" is two or more
    ("Blue crosses and circles, a red circle and a red circle.", A),
    ("Red crosses and circles, a red circle and a red square.", F),  # no red cross
])
def test_an_adjective_on_the_first_noun_reaches_the_list_that_follows(caption, expected):
    world = make_world(("cross", "blue", 0.2, 0.2), ("cross", "blue", 0.8, 0.8), ("circle", "red", 0.5, 0.5),
                       ("circle", "red", 0.5, 0.2), ("square", "red", 0.2, 0.8))
    check(caption, world, expected)


@settings(max_examples=10, deadline=None)
@given(st.floats(min_value=0.05, max_value=0.95))
def test_a_place_said_of_a_group_is_never_false(x):
    world = make_world(("circle", "gray", x, 0.5), ("square", "cyan", 0.85, 0.5))
    said = verdict("A group of gray and cyan shapes on the right side of the image.", world)
    assert said.startswith("ambiguous") or said.startswith("true"), said
    assert verdict("A group of gray and red shapes on the right side of the image.", world).startswith("false")


@pytest.mark.parametrize("caption,colours,expected", [
    ("Two crosses in blue and yellow.", ("blue", "yellow"), T),
    ("Two crosses in blue and yellow.", ("blue", "blue"), F),  # no yellow one
    ("Two crosses in blue and yellow.", ("blue", "yellow", "red"), T),  # the count is of those colours
    ("Three crosses in blue and yellow.", ("blue", "yellow"), F),
    ("Two crosses in blue and pink.", ("blue", "magenta"), T),  # pink is magenta (the colour table)
    ("Two blue or yellow crosses.", ("blue", "blue"), T),  # "or": no "some of each"
])
def test_a_counted_plural_in_a_list_of_colours_is_some_of_each(caption, colours, expected):
    world = make_world(*[("cross", c, 0.2 + 0.3 * i, 0.5) for i, c in enumerate(colours)])
    check(caption, world, expected)


@pytest.mark.parametrize("caption,colours,expected", [
    ("The crosses are yellow and cyan.", ("yellow", "cyan", "cyan"), T),
    ("The crosses are yellow and cyan.", ("yellow", "yellow"), F),  # no cyan one
    ("The crosses are yellow and cyan.", ("yellow", "cyan", "red"), A),  # a plural "the" is the group's
    ("The crosses are yellow or cyan.", ("yellow", "yellow"), T),
    ("The crosses are mostly yellow and cyan.", ("yellow", "cyan", "red"), T),  # more than half
    ("The crosses are mostly yellow and cyan.", ("yellow", "red", "red", "red", "cyan", "red", "red", "red"), F),
])
def test_a_list_of_colours_said_of_a_plural_is_one_each_and_some_of_each(caption, colours, expected):
    world = make_world(*[("cross", c, 0.1 + 0.1 * i, 0.5) for i, c in enumerate(colours)])
    check(caption, world, expected)


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["light", "dark", "pale", "bright"]), st.sampled_from([-0.3, 0.0, 0.3]))
def test_a_tone_colour_after_a_colour_in_a_list_is_its_own_kind(tone, shade):
    # "blue and light green triangles": blue triangles and light green ones (the parser puts "green"
    # outside "blue and light"), never triangles each both blue and green
    world = make_world(("triangle", "blue", 0.2, 0.2), ("triangle", "green", 0.8, 0.8, 0.06, shade))
    alone = verdict(f"There is a {tone} green triangle.", world)
    assert verdict(f"There are blue and {tone} green triangles.", world) == alone
    assert verdict(f"There are red and {tone} green triangles.", world) == F
    no_green = make_world(("triangle", "blue", 0.2, 0.2), ("triangle", "blue", 0.8, 0.8))
    assert verdict(f"There are blue and {tone} green triangles.", no_green) == F


def test_tones_coordinated_share_the_colour_after_them():
    world = make_world(("triangle", "green", 0.2, 0.2, 0.06, -0.3), ("triangle", "green", 0.8, 0.8, 0.06, 0.3))
    check("There are dark and light green triangles.", world, T)
    check("There are dark and light blue triangles.", world, F)


def test_a_colour_of_another_kind_leaves_the_list_vague():
    """The only green shape is a triangle: "circles and crosses in ... green" may mean it (vague)."""
    world = make_world(("cross", "blue", 0.2, 0.2), ("cross", "blue", 0.8, 0.8), ("circle", "red", 0.5, 0.5),
                       ("circle", "red", 0.5, 0.2), ("triangle", "green", 0.2, 0.8))
    check("Circles and crosses in blue and red.", world, T)
    check("Circles and crosses in blue, red and green.", world, A)
    check("Circles and crosses in blue, red and yellow.", world, F)


@pytest.mark.parametrize("caption,expected", [
    ("The light green, blue and red half circles are at the top.", T),   # "light" is the green one's
    ("The light green, blue and olive-yellow half circles are at the top.", T),  # an unknown colour word in the list
    ("The light green, blue and red half circles are at the bottom.", F),
    ("The light blue, green and red half circles are at the top.", F),   # the blue one is dark
])
def test_a_tone_before_a_list_of_colours_is_the_first_colours(caption, expected):
    """A tone word before a list of colours is said of the first colour only (the red and blue ones are
    dark: "light" on them would be false), and a colour word the
    grammar does not know ("olive-yellow") is a list item as any colour is: never one shape of all the
    colours (which no shape is)."""
    world = make_world(("semicircle", "green", 0.2, 0.2, 0.06, 0.3), ("semicircle", "blue", 0.5, 0.2, 0.06, -0.3),
                       ("semicircle", "red", 0.8, 0.2, 0.06, -0.3), ("semicircle", "yellow", 0.8, 0.1, 0.06, -0.3))
    check(caption, world, expected)


@pytest.mark.parametrize("caption,expected", [
    ("There are circles in teal, pink, cyan and dark red.", T),  # one circle of each colour
    ("There are circles in teal, pink, cyan and dark blue.", F),  # no blue circle
    ("There are circles in gray, pink, cyan and dark red.", F),  # no gray circle
])
def test_each_colour_of_a_list_is_one_item(caption, expected):
    """The parser leaves a list's first colour out of the list ("teal [pink, cyan and dark] red"): it is
    an item of its own, not said of the last one (a circle teal and red at once, which none is)."""
    world = make_world(("circle", "cyan", 0.2, 0.2), ("circle", "magenta", 0.5, 0.2), ("circle", "cyan", 0.8, 0.2),
                       ("circle", "red", 0.5, 0.8, 0.02, -0.3))
    check(caption, world, expected)


@pytest.mark.parametrize("caption,expected", [
    ("Blue crosses and pentagons.", A),  # blue crosses; pentagons, but none blue: the narrow reading only
    ("Blue crosses and circles.", T),  # both readings true
    ("Blue crosses and squares.", F),  # no square: both readings false
    ("Red crosses and pentagons.", F),  # no red cross: false on both
])
def test_an_adjective_before_coordinated_nouns_has_two_scopes(caption, expected):
    """"blue crosses and pentagons": "blue" on both nouns or on the crosses alone; false only when both
    readings are false, true when both are true, else vague."""
    world = make_world(("cross", "blue", 0.2, 0.2), ("cross", "blue", 0.4, 0.2), ("pentagon", "cyan", 0.6, 0.2),
                       ("pentagon", "green", 0.8, 0.2), ("circle", "blue", 0.2, 0.8), ("circle", "blue", 0.5, 0.8))
    check(caption, world, expected)
