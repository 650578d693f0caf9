"""What an uninterpretable reading says about why: the reason, and the kind of failure that the
join of a description's sentences treats apart (a reference with nothing to refer to)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shapeworldice.grammar import parse
from shapeworldice.interpret import interpret
from shapeworldice.interpret.discourse import cover, sentences
from shapeworldice.interpret.errors import REFERENCE, UninterpretableMRS
from shapeworldice.interpret.interpret import Uninterpretable


@given(st.text(max_size=40), st.sampled_from(["", REFERENCE]))
def test_the_exception_carries_its_reason_and_kind(reason, kind):
    exc = UninterpretableMRS(reason, kind)
    assert str(exc) == reason and exc.kind == kind
    assert UninterpretableMRS(reason).kind == ""


def test_the_kind_neither_shows_nor_counts_in_comparisons():
    assert Uninterpretable("r", REFERENCE) == Uninterpretable("r")
    assert repr(Uninterpretable("r", REFERENCE)) == repr(Uninterpretable("r"))


@pytest.mark.parametrize("sentence", ["It is red.", "They are red.", "The other squares are red."])
def test_a_reference_with_nothing_before_it_is_a_reference_failure(sentence):
    result = interpret(parse(sentence).readings[0].mrs)
    assert isinstance(result, Uninterpretable)
    assert result.kind == REFERENCE


@pytest.mark.parametrize("sentence", ["A square is bigger.", "A square is in the entire picture."])
def test_other_failures_are_not(sentence):
    result = interpret(parse(sentence).readings[0].mrs)
    assert isinstance(result, Uninterpretable)
    assert result.kind == ""


def test_a_pronoun_after_an_unread_sentence_is_said_to_refer_back_to_it():
    """"A blue circle and a yellow triangle are in a column." is not read and names two shapes: "it"
    fails as a reference, and the reason given is the sentence it depends on."""
    text = "There is a red square. A blue circle and a yellow triangle are in a column. It is above a green cross."
    parts = sentences(text)
    _, left_out = cover([[r.mrs for r in parse(s).readings] for _, s in parts], [o for o, _ in parts])
    assert [k for k, _ in left_out] == [1, 2]
    assert left_out[1][1] == "refers back to a sentence that could not be read"
