"""Several sentences for a one-sentence parser: splitting a caption, joining the sentences'
readings into one MRS, and choosing each sentence's reading in the context of those before it.
The readings are the built-in grammar's (ERG predicate names), as a stand-in for the ERG's."""
from __future__ import annotations

import re

import pytest
from delphin.codecs import simplemrs
from hypothesis import given
from hypothesis import strategies as st

from shapeworldice.grammar import parse
from shapeworldice.interpret import Interpretation, claims, interpret, truth
from shapeworldice.interpret.discourse import choose, join, mentions, sentences
from tests.conftest import make_world

WORLD = make_world(("square", "red", 0.3, 0.3), ("circle", "blue", 0.3, 0.7), ("cross", "green", 0.7, 0.5))


def readings(sentence: str) -> list:
    """The built-in grammar's readings of one sentence, through SimpleMRS as ACE gives them."""
    return [simplemrs.decode(simplemrs.encode(r.mrs)) for r in parse(sentence).readings]


def read_as_ace(caption: str):
    parts = sentences(caption)
    return choose([readings(s) for _, s in parts], [offset for offset, _ in parts])


SENTENCE = st.from_regex(r"[A-Z][a-z]{0,6}( [a-z0-9][a-z0-9.]{0,5}){0,4}[.!?]", fullmatch=True)


@given(st.lists(SENTENCE, min_size=1, max_size=4))
def test_sentences_split_after_end_punctuation_and_keep_offsets(parts):
    """Words hold a letter or digit: a segment of punctuation alone (". .?") is no sentence and is dropped."""
    text = " ".join(parts)
    found = sentences(text)
    for offset, sentence in found:
        assert text[offset:offset + len(sentence)] == sentence
    assert " ".join(s for _, s in found) == text
    assert all(re.search(r"[.!?]$", s) for _, s in found)


def test_a_decimal_is_no_sentence_break():
    assert sentences("Half is 0.5 here. There is a square.") == [(0, "Half is 0.5 here."),
                                                                 (18, "There is a square.")]


@pytest.mark.parametrize("caption", [
    "There is a red square. It is above a blue circle.",
    "There is a square. There is a circle. There is a cross.",
    "A red square is above a blue circle. A green cross is below it.",
    "There is a red square. It is not above a blue circle.",
    "I can see a red square. It is above a blue circle. It is below a star.",
    "There are two squares. They are red.",
])
def test_the_joined_sentences_mean_what_the_builtin_reads_in_one_parse(caption):
    joined, _ = read_as_ace(caption)
    ours = interpret(joined)
    theirs = interpret(parse(caption).readings[0].mrs)
    assert isinstance(ours, Interpretation) and isinstance(theirs, Interpretation)
    assert truth(ours, WORLD) == truth(theirs, WORLD)
    assert [truth(c, WORLD) for c in claims(ours.formula)] == [truth(c, WORLD) for c in claims(theirs.formula)]
    # variables renamed apart: every variable is bound once
    names = re.findall(r"(?:exists|unique|count\[[^]]*\]|ratio\[[^]]*\]|definite) (x\d+)", str(ours))
    assert len(names) == len(set(names))


def test_a_pronoun_sentence_takes_the_reading_interpretable_after_the_sentences_before():
    """"It is above a blue circle." has no interpretable reading alone; after "There is a red
    square." the reading chosen is the one that reads: an uninterpretable twin offered first is
    passed over."""
    second = readings("It is above a blue circle.")
    assert not any(isinstance(interpret(m), Interpretation) for m in second)
    twin = simplemrs.decode(simplemrs.encode(second[0]).replace("_above_p", "_glorp_p"))
    joined, picked = choose([readings("There is a red square."), [twin, *second]], [0, 23])
    assert picked == (0, 1)
    assert str(interpret(joined).formula).count("above(") == 1


def test_one_sentence_is_its_own_reading():
    only = readings("There is a red square.")
    assert join(only[:1]) is only[0]
    joined, picked = choose([only])
    assert picked == (0,) and joined is only[0]


@pytest.mark.parametrize("sentence,said", [
    ("A small blue circle is in a column.", "sg:_circle_n_of,_small_a_1,_blue_a_1"),
    ("A blue circle and two yellow triangles are in a column.",
     "sg:_circle_n_of,_blue_a_1;pl:_triangle_n_1,_yellow_a_1"),
    ("There are no squares in a column.", "-"),
    ("The image is in a column.", "-"),
])
def test_what_an_unread_sentence_mentions(sentence, said):
    """The shapes a sentence names, with number and adjectives (not under "no"; not the image)."""
    assert mentions(readings(sentence)[0]) == said


def test_an_unread_sentence_stands_between_the_sentences_it_came_between():
    first, last = readings("There is a red square.")[0], readings("It is above a blue circle.")[0]
    joined = join([first, last], [0, 50], [(23, "sg:_circle_n_of"), (80, "-")])
    predicates = [ep.predicate for ep in joined.rels]
    # the second is after the last sentence and refers to nothing: not joined
    assert predicates.count("unread_sentence") == 1
    at = predicates.index("unread_sentence")
    assert predicates.index("_square_n_of") < at < predicates.index("pron")
    assert joined.rels[at].carg == "sg:_circle_n_of"
