"""Words said of a group as a whole (``shapeworldice.interpret.groups``), end to end on small
hand-built worlds: a number of colours, "various colours / sizes", and contact with no object."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

from shapeworldice.interpret.groups import COLOURS, is_group_word, read_group
from shapeworldice.interpret.logic import Attr, Noun, Quant, Rel, free_vars, walk

PALETTE = ["red", "green", "blue", "yellow", "magenta", "cyan", "gray"]


def crosses(colours: list[str]):
    return make_world(*[("cross", c, 0.1 + 0.8 * i / max(1, len(colours) - 1), 0.5, 0.04)
                        for i, c in enumerate(colours)])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(PALETTE), min_size=2, max_size=6))
def test_the_crosses_come_in_n_colours_counts_the_colours(colours):
    n = len(set(colours))
    for said, word in ((2, "two"), (3, "three")):
        assert verdict(f"The crosses come in {word} colors.", crosses(colours)) == (T if n == said else F)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(PALETTE), min_size=2, max_size=6))
def test_crosses_in_two_colours_is_never_false_with_more(colours):
    # an indefinite: which crosses are meant is not said, so more colours than two is vague
    n = len(set(colours))
    assert verdict("There are crosses in two colors.", crosses(colours)) == (F if n < 2 else T if n == 2 else A)


@pytest.mark.parametrize("colours,expected", [(["red", "red"], F), (["red", "blue"], T), (["red", "blue", "red"], T)])
def test_various_colours_is_at_least_two(colours, expected):
    assert verdict("There are crosses of various colours.", crosses(colours)) == expected
    assert verdict("The crosses have different colors.", crosses(colours)) == expected


def test_various_colours_of_one_shape_is_never_true():
    assert verdict("There are crosses of various colours.", crosses(["red"])) != T


def test_various_colours_after_a_list_may_be_of_the_whole_list():
    # "circles and triangles of various colours": the triangles alone, or circles and triangles
    world = make_world(("circle", "red", 0.2, 0.2), ("circle", "blue", 0.8, 0.2),
                       ("triangle", "green", 0.2, 0.8), ("triangle", "green", 0.8, 0.8))
    assert verdict("There are circles and triangles of various colours.", world) == A
    world = make_world(("circle", "red", 0.2, 0.2), ("circle", "blue", 0.8, 0.2),
                       ("triangle", "green", 0.2, 0.8), ("triangle", "yellow", 0.8, 0.8))
    assert verdict("There are circles and triangles of various colours.", world) == T


@pytest.mark.parametrize("halves,expected", [((0.04, 0.12), T), ((0.06, 0.061), A)])
def test_various_sizes_is_true_past_the_margin_and_never_false(halves, expected):
    world = make_world(("circle", "red", 0.3, 0.5, halves[0]), ("circle", "blue", 0.7, 0.5, halves[1]))
    assert verdict("There are circles of various sizes.", world) == expected
    assert verdict("There are circles in different sizes.", world) == expected


def test_a_group_word_becomes_a_claim_on_the_restrictor():
    restr = Noun("x")
    word = Attr("x", "vague", COLOURS + "2")
    assert is_group_word("x", word) and not is_group_word("y", word)
    claim = read_group("x", restr, word, whole=True)
    assert free_vars(claim) <= {"x"}
    assert any(isinstance(g, Rel) and g.kind == "color-rel" for g in walk(claim))
    assert all(g.restr == Noun(g.var) for g in walk(claim) if isinstance(g, Quant))


@pytest.mark.parametrize("caption", ["Most of the shapes are blue and green.",
                                     "Three of the shapes are blue and green."])
def test_two_colours_of_each_of_a_group_are_never_both_required(caption):
    # no shape has two colours: "blue and green" of each is one of them (which not said), never false
    # when each shape is one of the colours
    world = crosses(["blue", "green", "blue", "red"])
    assert verdict(caption, world) != F


def test_two_colours_of_each_of_a_group_none_of_which_fits_are_false():
    assert verdict("Most of the shapes are blue and green.", crosses(["red", "red", "yellow"])) == F


#: two half-circles overlapping each other, a third overlapping a square, a fourth apart
_HALVES = make_world(("semicircle", "red", 0.2, 0.2), ("semicircle", "blue", 0.25, 0.2),
                     ("semicircle", "green", 0.6, 0.5), ("square", "gray", 0.65, 0.5), ("semicircle", "cyan", 0.9, 0.9))


@pytest.mark.parametrize("caption,world,expected", [
    ("There are two overlapping half-circles.", make_world(("semicircle", "red", 0.2, 0.2),
                                                           ("semicircle", "blue", 0.25, 0.2)), T),  # each other
    ("There are several overlapping half-circles.", _HALVES, A),  # two overlap each other, three some shape
    ("There are four overlapping half-circles.", _HALVES, F),  # only three overlap any shape
    ("There are overlapping half-circles.", make_world(("semicircle", "red", 0.2, 0.2), ("square", "gray", 0.25, 0.2),
                                                       ("semicircle", "blue", 0.8, 0.8)), A),  # not each other
    ("There are overlapping half-circles.", make_world(("semicircle", "red", 0.2, 0.2),
                                                       ("semicircle", "blue", 0.8, 0.8)), F),  # none overlaps
])
def test_overlapping_shapes_with_no_object(caption, world, expected):
    """"overlapping Xs" with no object: true when they overlap each other, false only when they overlap
    no shape at all (which shapes they overlap is not said), vague otherwise."""
    assert verdict(caption, world) == expected
