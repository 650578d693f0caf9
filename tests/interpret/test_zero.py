""""Zero", "no" and "none" mean exactly none, under either reading of bare numerals: "Zero shapes are
red." read as "at least zero" was true of every image."""
from __future__ import annotations

import pytest

from shapeworldice.grammar import parse
from shapeworldice.interpret import interpret, truth

from tests.interpret.interpret_support import make_world

RED = make_world(("square", "red", 0.3, 0.3), ("circle", "blue", 0.7, 0.7))
NONE_RED = make_world(("square", "green", 0.3, 0.3), ("circle", "blue", 0.7, 0.7))


@pytest.mark.parametrize("numerals", ["exact", "at-least"])
@pytest.mark.parametrize("text", ["Zero shapes are red.", "No shapes are red.", "None of the shapes are red.",
                                  "No shape is red."])
def test_none_means_exactly_none(text, numerals):
    result = parse(text)
    assert result.grammatical, text
    reading = interpret(result.reading.mrs)
    assert truth(reading, RED, numerals).label == "false", text
    assert truth(reading, NONE_RED, numerals).label == "true", text
