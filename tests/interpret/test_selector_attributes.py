"""Under "the", only an adjective that selects makes a selector (the selector rewrite counts no
positive "large" or "dark"): "the large dark red circle" is a circle that is large, dark and red,
and "the leftmost square" still selects."""
from __future__ import annotations

from shapeworldice.grammar import parse
from shapeworldice.interpret import Uninterpretable, interpret


def _reading(text: str):
    result = parse(text)
    assert result.grammatical, text
    return interpret(result.reading.mrs)


def test_positive_size_and_shade_beside_a_noun_are_attributes():
    for text in ("The large dark red circle is on the left.", "The small light blue square is above a circle."):
        assert not isinstance(_reading(text), Uninterpretable), text


def test_a_selector_still_selects():
    reading = _reading("The leftmost square is red.")
    assert not isinstance(reading, Uninterpretable)
    assert "select" in str(reading.formula) or "max" in str(reading.formula)
