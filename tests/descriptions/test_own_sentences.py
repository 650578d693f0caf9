"""Sentences of our own in the models' descriptive style (``own_sentences.txt``): each parses, each
is read unless marked, and the constructions they brought in read soundly on small hand-built worlds
(a bare number after a colon counts part of what the clause named, a relative tail is "some of
them", an exception or "about the same size" is never decided by a word the world model lacks)."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

from shapeworldice.grammar import parse
from shapeworldice.semantics.appearance import AREA_MARGIN

HERE = Path(__file__).parent


def _sentences() -> list[tuple[str, bool]]:
    out = []
    for line in (HERE / "own_sentences.txt").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        text, _, note = line.partition("  # ")
        out.append((text.strip(), note.strip() != "not read"))
    return out


SENTENCES = _sentences()


def test_the_file_has_sentences_of_both_kinds():
    assert len(SENTENCES) >= 40 and any(read for _, read in SENTENCES) and not all(read for _, read in SENTENCES)


@pytest.mark.parametrize("text,read", SENTENCES)
def test_every_sentence_parses_and_is_read_unless_marked(text, read):
    assert parse(text).grammatical, text
    label = verdict(text, make_world(("square", "red", 0.3, 0.3)))
    assert (not label.startswith(("uninterpretable", "ungrammatical"))) == read, (text, label)


CROSS_SPECS = (("cross", "red", 0.2, 0.15), ("cross", "blue", 0.8, 0.2), ("cross", "gray", 0.5, 0.85))
CROSSES = make_world(*CROSS_SPECS)


def test_a_number_after_a_colon_counts_part_of_what_was_named():
    # "two at the top" are two of the crosses: at least two shapes are at the top, not exactly two
    check = verdict("There are three crosses: two at the top and one near the bottom.", CROSSES)
    assert check == T
    more = make_world(*CROSS_SPECS, ("circle", "green", 0.5, 0.1))
    assert verdict("There are three crosses: two at the top and one near the bottom.", more) != F
    assert verdict("There are three crosses: two at the bottom and one near the top.", CROSSES) == F


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["red", "blue", "gray", "green"]))
def test_a_relative_tail_is_some_of_them(colour):
    # "..., the larger of which is X": never true by itself, false when no cross can be X
    label = verdict(f"There are three crosses, the larger of which is {colour}.", CROSSES)
    assert label == (F if colour == "green" else A)


def test_an_exception_and_about_the_same_size_are_never_false():
    assert verdict("Every shape except for the gray cross is red.", CROSSES) != F
    assert verdict("The two circles are about the same size.",
                   make_world(("circle", "red", 0.2, 0.2, 0.05), ("circle", "blue", 0.8, 0.8, 0.12))) != F


@pytest.mark.parametrize("circle_half", [0.03, 0.15])
def test_by_far_the_smallest_reads_as_the_smallest(circle_half):
    world = make_world(("circle", "red", 0.1, 0.1, circle_half), ("square", "blue", 0.8, 0.8, 0.08))
    plain = verdict("A red circle sits in the upper left corner, the smallest shape in the image.", world)
    by_far = "A red circle sits in the upper left corner, by far the smallest shape in the image."
    assert verdict(by_far, world) == plain


GROUP = make_world(("circle", "red", 0.2, 0.2), ("circle", "blue", 0.8, 0.2), ("square", "gray", 0.2, 0.8),
                   ("triangle", "green", 0.8, 0.8))


def test_the_shapes_include_says_what_is_there():
    assert verdict("The shapes include two circles, a square, and a triangle.", GROUP) == T
    assert verdict("The shapes include two circles, a square, and a cross.", GROUP) == F
    # said of some of the shapes only, "include" is not what the picture holds: not read
    assert verdict("The red shapes include a circle.", GROUP).startswith("uninterpretable")


@pytest.mark.parametrize("n,expected", [(4, T), (3, F), (5, F)])
def test_a_total_of_n_is_exactly_n(n, expected):
    words = {3: "three", 4: "four", 5: "five"}
    assert verdict(f"The image contains a total of {words[n]} shapes.", GROUP) == expected


PAIR = make_world(("circle", "red", 0.3, 0.5, 0.06), ("square", "blue", 0.38, 0.5, 0.06))
APART = make_world(("circle", "red", 0.2, 0.5, 0.06), ("square", "blue", 0.8, 0.5, 0.06))


@pytest.mark.parametrize("text", ["The two overlap.", "The two shapes are touching.",
                                  "The two shapes overlap each other."])
def test_the_two_with_no_noun_is_the_shapes_spoken_of(text):
    assert verdict(text, PAIR) == T and verdict(text, APART) == F


def test_a_semicolon_joins_two_sentences():
    text = "One is a red circle; the other is a blue square."
    assert parse(text).grammatical
    assert verdict("There is a red circle; there is a green square.", PAIR) == F
    assert verdict("There is a red circle; there is a blue square.", PAIR) == T


@pytest.mark.parametrize("hedge", ["fairly", "quite", "relatively", "rather"])
@pytest.mark.parametrize("half", [0.03, 0.25])
def test_a_hedging_degree_adverb_reads_as_the_plain_size_word(hedge, half):
    world = make_world(("cross", "gray", 0.5, 0.5, half))
    for size in ("large", "small"):
        plain = verdict(f"There is a {size} gray cross.", world)
        assert verdict(f"There is a {hedge} {size} gray cross.", world) == plain
    assert verdict(f"There is a {hedge} large gray cross.", world) == (T if half > 0.1 else F)


COLOUR_WORLDS = {
    "yellow and cyan": (make_world(("cross", "yellow", 0.2, 0.2), ("cross", "cyan", 0.8, 0.2),
                                   ("cross", "yellow", 0.5, 0.8)), T),
    "a red one": (make_world(("cross", "yellow", 0.2, 0.2), ("cross", "red", 0.8, 0.2)), F),
    "three colours": (make_world(("cross", "yellow", 0.2, 0.2), ("cross", "cyan", 0.8, 0.2),
                                 ("cross", "red", 0.5, 0.8)), F),
    "one colour": (make_world(("cross", "yellow", 0.2, 0.2), ("cross", "yellow", 0.8, 0.2)), F),
}


@pytest.mark.parametrize("text", ["The crosses come in two colors, yellow and cyan.",
                                  "The crosses are in two colors, yellow and cyan."])
@pytest.mark.parametrize("name", sorted(COLOUR_WORLDS))
def test_a_number_of_colours_and_their_list(text, name):
    # the group has that many colours, and each member is one of the colours listed
    world, expected = COLOUR_WORLDS[name]
    assert verdict(text, world) == expected


def _reds_and_blues(reds: int) -> object:
    return make_world(*[("circle", "red", 0.1 + 0.12 * i, 0.3) for i in range(reds)],
                      *[("square", "blue", 0.1 + 0.12 * i, 0.8) for i in range(3)])


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 6), st.sampled_from(["several", "many", "multiple"]))
def test_a_vague_quantity_of_a_group_counts_as_it_does_before_a_noun(reds, word):
    # "several of the shapes are red" is "several shapes are red", with the same margins
    world = _reds_and_blues(reds)
    assert verdict(f"{word.capitalize()} of the shapes are red.", world) == verdict(
        f"{word.capitalize()} shapes are red.", world)


@pytest.mark.parametrize("text,expected", [
    ("The colors used are red and blue.", T),  # each shape is one of them, and each occurs
    ("The colors used are red, blue and green.", F),  # no green shape
    ("The colors are red.", A),  # as "The shapes are red.": which shapes are meant is not said
    ("The colors are bright.", A),  # a tone with no colour word: vague, never false
])
def test_the_colours_as_a_whole_are_said_of_the_shapes(text, expected):
    world = _reds_and_blues(2)
    assert verdict(text, world) == expected
    said_of_the_shapes = text.replace("colors used", "colors").replace("The colors are", "The shapes are")
    assert verdict(said_of_the_shapes, world) == expected


def test_what_else_is_said_of_the_colours_is_not_read():
    assert verdict("The colors stand out.", _reds_and_blues(2)).startswith("uninterpretable")


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["An image of", "A picture showing", "A simple image showing", "An image featuring",
                        "A black background featuring"]),
       st.sampled_from(["a red circle", "a red circle and a blue square", "a green triangle",
                        "a red circle, a blue square and a gray cross"]))
def test_a_picture_of_shapes_says_what_the_caption_without_it_says(frame, shapes):
    # "An image of a red circle and a blue square." says what "A red circle and a blue square." says
    world = make_world(("circle", "red", 0.2, 0.2), ("square", "blue", 0.8, 0.8))
    plain = verdict(f"{shapes[0].upper()}{shapes[1:]}.", world)
    assert plain in (T, F) and verdict(f"{frame} {shapes}.", world) == plain


@settings(max_examples=25, deadline=None)
@given(st.lists(st.floats(0.03, 0.15), min_size=2, max_size=4), st.sampled_from(["largest", "smallest"]))
def test_the_shape_is_the_largest_shape(halves, word):
    # true when larger (smaller) than every other shape by the margin, false when another is clearly so
    world = make_world(*[("circle", "red" if i == 0 else "blue", 0.15 + 0.25 * i, 0.5, h)
                         for i, h in enumerate(halves)])
    label = verdict(f"The red circle is the {word} shape.", world)
    assert label == verdict(f"The {word} shape is the red circle.", world)
    area = [e.area for e in world.entities]
    diff = [(area[0] - a) * (1 if word == "largest" else -1) for a in area[1:]]
    assert label == (T if all(d > AREA_MARGIN for d in diff) else F if any(d < -AREA_MARGIN for d in diff) else A)
