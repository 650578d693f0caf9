"""Sentences whose reading must not depend on which of two equally cheap analyses the chart keeps
(:mod:`tie_order`): "at (a slight / an) angle" is a PP and an adverb with one predicate, so "placed at
a slight angle" (a PP and an adverb after the verb at equal cost) is not read once as a rotation that
adds nothing and once as a word the world model does not define."""
from __future__ import annotations

import pytest

from shapeworldice.grammar import parse
from tests.conftest import make_world
from tests.grammar.tie_order import last_ties
from tests.interpret.interpret_support import verdict

ANGLES = (
    "To the lower left, a vibrant magenta triangle is placed at a slight angle.",
    "A red square is placed at an angle.",
    "A red square is tilted at an angle.",
    "A gray rectangle lies at a slight angle near the bottom center.",
    "A red square at an angle is above a circle.",
    "A square sits at a slight angle and overlaps a circle.",
)


def _predicates(text: str) -> list[str]:
    result = parse(text)
    assert result.grammatical, text
    return sorted(ep.predicate for ep in result.readings[0].mrs.rels)


@pytest.mark.parametrize("text", ANGLES)
def test_an_angle_reads_the_same_under_either_tie_rule(text):
    world = make_world(("square", "red", 0.3, 0.3), ("circle", "blue", 0.3, 0.7))
    first = _predicates(text), verdict(text, world)
    with last_ties():
        last = _predicates(text), verdict(text, world)
    assert first == last
    assert "_flat_a_1" in first[0] and not first[1].startswith(("uninterpretable", "ungrammatical")), first


def test_the_other_tie_rule_does_change_some_derivations():
    # the tool is not a no-op: a stacked PP after a noun has two analyses of equal cost
    text = "A red square on the left with a blue circle in the middle."
    first = str(parse(text).readings[0].derivation)
    with last_ties():
        last = str(parse(text).readings[0].derivation)
    assert parse(text).grammatical
    assert first != last
