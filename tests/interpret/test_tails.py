"""Tails said of part of a plural ("..., mostly red", "..., all on the right", "..., none of them
touching", "..., two of them red"; ``shapeworldice.interpret.tails``), end to end on hand-built worlds."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict


def circles(*colours_x: tuple[str, float]):
    return make_world(*[("circle", c, x, 0.5, 0.03) for c, x in colours_x])


RRB = circles(("red", 0.1), ("red", 0.3), ("blue", 0.8))


@pytest.mark.parametrize("caption,world,expected", [
    ("Three circles on a black background, all red.", RRB, F),
    ("Three circles on a black background, all red.", circles(("red", 0.1), ("red", 0.3), ("red", 0.8)), T),
    ("The image shows three circles, two of them red.", RRB, T),
    ("The image shows three circles, one of them red.", RRB, T),  # "one of them": there is one
    ("The image shows three circles, one of them green.", RRB, F),
    ("Several circles on a black background, mostly red.", RRB, T),
    ("Several circles on a black background, mostly blue.", RRB, A),  # a third: inside the margin
    ("Several circles on a black background, mostly blue.",
     circles(("red", 0.1), ("red", 0.3), ("red", 0.5), ("blue", 0.8)), F),  # a quarter
    ("The image shows three circles, none of them green.", RRB, T),
    ("The image shows three circles, none of them blue.", RRB, F),
])
def test_a_tail_is_read_on_its_group(caption, world, expected):
    assert verdict(caption, world) == expected


def test_most_has_a_vague_margin():
    # two of five: more than a quarter and not more than half
    world = circles(("red", 0.1), ("red", 0.3), ("blue", 0.5), ("blue", 0.7), ("blue", 0.9))
    assert verdict("Several circles on a black background, mostly red.", world) == A


def test_a_tail_that_names_a_kind_counts_that_kind():
    world = make_world(("triangle", "red", 0.1, 0.5), ("triangle", "blue", 0.3, 0.5), ("triangle", "red", 0.5, 0.5),
                       ("circle", "red", 0.8, 0.5))
    assert verdict("The image shows four shapes, mostly triangles.", world) == T
    assert verdict("The image shows four shapes, mostly circles.", world) == F
    assert verdict("The image shows four shapes, mostly red triangles.", world) == A  # two of four


def test_a_tail_after_a_group_with_a_place_stays_some_of_them():
    # the group "circles on the left" is not every circle: "all" is not read on the circles
    assert verdict("There are circles on the left, all red.", RRB) != F


def test_all_or_both_after_a_list_is_said_of_each_item():
    world = make_world(("square", "red", 0.7, 0.3, 0.03), ("circle", "blue", 0.8, 0.7, 0.03))
    assert verdict("A red square and a blue circle, both on the right.", world) == T
    assert verdict("A red square and a blue circle, both on the left.", world) == F
    assert verdict("A red square and a blue circle, both tilted.", world) == T  # a look adds nothing


def test_none_after_a_group_it_cannot_find_is_never_false():
    # "circles on the left" is not every circle: "none of them blue" is true only when no shape is blue
    assert verdict("There are circles on the left, none of them blue.", RRB) == A
    assert verdict("There are circles on the left, none of them green.", RRB) == T
    far = make_world(("square", "red", 0.1, 0.5, 0.03), ("circle", "blue", 0.8, 0.5, 0.03))
    assert verdict("A red square and a blue circle, none of them green.", far) == T


def test_almost_all_is_not_most():
    # three of five: "most" is true, "almost all" is not (it keeps the reading of "some of them")
    world = circles(("red", 0.1), ("red", 0.3), ("red", 0.5), ("blue", 0.7), ("blue", 0.9))
    assert verdict("Several circles on a black background, mostly red.", world) == T
    assert verdict("Five circles, almost all of them red.", world) == A
    assert verdict("Five circles, almost all of them green.", world) == F


def test_both_after_a_group_not_named_as_two_is_never_every():
    # "three circles, both red": which two is not said; two of the three are red, so it is not false
    assert verdict("There are three circles, both red.", RRB) == A
    assert verdict("Three circles, both of them red.", RRB) == A
    assert verdict("Two circles, both red.", circles(("red", 0.1), ("red", 0.3))) == T
    assert verdict("Two circles, both red.", circles(("red", 0.1), ("blue", 0.3))) == F
    three = make_world(("square", "red", 0.7, 0.3, 0.03), ("circle", "blue", 0.8, 0.7, 0.03),
                       ("cross", "green", 0.2, 0.7, 0.03))
    assert verdict("A red square, a blue circle and a green cross, both on the right.", three) == A


def test_both_after_two_named_and_then_listed_is_each_item():
    world = make_world(("rectangle", "yellow", 0.2, 0.3, 0.05), ("rectangle", "green", 0.3, 0.7, 0.05))
    assert verdict("There are two rectangles, a yellow one and a green one, both on the left.", world) == T
    assert verdict("There are two rectangles, a yellow one and a green one, both on the right.", world) == F


def test_both_after_a_list_with_a_number_is_not_each_item():
    """"two red circles and a blue square, both small": the list names three shapes, so which two
    "both" means is not said (some of them), not each item."""
    world = make_world(("circle", "red", 0.2, 0.3, 0.03), ("circle", "red", 0.2, 0.6, 0.03),
                       ("square", "blue", 0.8, 0.5, 0.2))
    assert verdict("The image shows two red circles and a blue square, both small.", world) == A
    assert verdict("There are two red circles and a blue square, both on the left.", world) == A


def test_the_n_of_which_counts_n():
    world = make_world(*[("circle", c, 0.1 + 0.18 * i, 0.5, 0.03)
                         for i, c in enumerate(["red", "red", "red", "blue", "green"])])
    assert verdict("There are five circles, the three of which are red.", world) == T
    assert verdict("There are five circles, the four of which are red.", world) == F
