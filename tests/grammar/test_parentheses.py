"""Asides in parentheses ("a light blue (cyan) circle", "a square (rotated 45 degrees)"): the
tokeniser makes each parenthesis a token of its own, and strings without one tokenise as before."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

from shapeworldice.grammar import normalise, parse
from shapeworldice.grammar.parser import tokenise

#: the tokeniser's words and punctuation before parentheses were tokens
_WITHOUT_PARENTHESES = re.compile(r"[^\s,.;:!?]+|[,.;:!?]")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abc xyz,.;:!?'-0123", max_size=40))
def test_strings_without_parentheses_tokenise_as_before(text):
    norm = normalise(text)
    before = _WITHOUT_PARENTHESES.findall(norm)
    if before and before[-1] == ".":
        before.pop()
    assert tokenise(norm) == before


def test_a_parenthesis_is_a_token_of_its_own():
    assert tokenise(normalise("A light blue (cyan) circle.")) == ["A", "light", "blue", "(", "cyan", ")", "circle"]


@pytest.mark.parametrize("text", [
    "A light blue (cyan) circle sits near the top left corner.",
    "A gray square (rotated 45 degrees) sits just right of center.",
    "The circle is light blue (cyan).",
    "A circle sits at the top (slightly tilted).",
    "A magenta pentagon (the largest shape) sits in the center.",
    "There are five shapes in total (two circles and three squares).",
])
def test_asides_in_parentheses_parse(text):
    assert parse(text).grammatical, text


WORLD = make_world(("circle", "cyan", 0.3, 0.2), ("square", "red", 0.7, 0.7))


@pytest.mark.parametrize("text,expected", [
    ("The circle is light blue (cyan).", T),       # a colour named again: either name fits
    ("A red (magenta) circle is at the top.", F),  # neither fits
    ("A square (rotated 45 degrees) is at the bottom.", T),  # the aside adds nothing the world records
    ("A square (rotated 45 degrees) is at the top.", F),
    ("A red square (partly cut off) is on the right.", A),
])
def test_asides_in_parentheses_read_as_after_a_comma(text, expected):
    assert verdict(text, WORLD) == expected
