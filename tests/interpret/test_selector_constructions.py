"""Selector, proximity and comparative constructions through the built-in grammar: each
example of ``docs/constructions.md`` parses to its documented key and family, and reads ShapeWorld's ERG predicates."""
from __future__ import annotations

import pytest

from shapeworldice.grammar import parse
from shapeworldice.interpret import Interpretation, construction, family, interpret_readings, truth
from shapeworldice.semantics import Truth
from tests.conftest import make_world

KEYS = [
    ("The leftmost semicircle is blue.", "the-x-max-1 v0[v0:shape][v0:color]", "selection"),
    ("The bigger square is red.", "the-size-two+1 v0[v0:shape][v0:color]", "selection"),
    ("The left square is a red shape.", "the-x-two-1 v0[v0:shape][v0:color]", "selection"),
    ("The gray shape closer to the red ellipse is a triangle.",
     "the v0[v0:color+shape][the-proximity-two-1 v1[closer-to(v1,v0)&v1:color][v1:shape]]", "selection"),
    ("A green ellipse is closer to the green rectangle than an ellipse.",
     "a v0[v0:color+shape][the v1[v1:color+shape][a v2[v2:shape][closer-than(v0,v2,v1)]]]", "spatial"),
    ("More than a third of the three blue shapes are triangles.", "ratio:gt:third:of-number v0[v0:color][v0:shape]",
     "ratio"),
    ("As many red shapes as cyan shapes are rectangles.",
     "compare:ratio:eq:1(part v0[v0:color][v0:shape];part v1[v1:color][v1:shape])", "comparative"),
    ("Two more squares than circles are red.",
     "compare:count:eq:more(part v0[v0:shape][v0:color];part v1[v1:shape][v1:color])", "comparative"),
]


def interpretation(text: str) -> Interpretation:
    parsed = parse(text)
    assert parsed.grammatical, text
    _, result = interpret_readings([r.mrs for r in parsed.readings])
    assert isinstance(result, Interpretation), (text, result)
    return result


@pytest.mark.parametrize("text,key,fam", KEYS)
def test_documented_keys(text, key, fam):
    result = interpretation(text)
    assert construction(result) == key
    assert family(result) == fam


def test_erg_predicates():
    preds = {ep.predicate for r in parse("The shape closest to the red ellipse is blue.").readings for ep in r.mrs.rels}
    assert {"_close_a_to", "superl", "_the_q"} <= preds
    preds = {ep.predicate for r in parse("Less than twice as many squares as circles are red.").readings
             for ep in r.mrs.rels}
    assert {"much-many_a", "comp_equal", "_twice_x_deg", "_less+than_x"} <= preds


@pytest.mark.parametrize("text,expected", [
    ("The leftmost square is red.", Truth.TRUE),
    ("The rightmost square is red.", Truth.FALSE),
    ("The square closest to the blue circle is red.", Truth.TRUE),
    ("A red square is closer to the blue circle than a square.", Truth.TRUE),
    ("A red square is farther from the blue circle than a square.", Truth.FALSE),
    ("Twice as many squares as circles are red.", Truth.FALSE),
    ("One more square than circles is red.", Truth.TRUE),
    ("Exactly half of the two squares are red.", Truth.TRUE),
])
def test_truth_on_a_hand_built_world(text, expected):
    world = make_world(("square", "red", 0.1, 0.5), ("square", "green", 0.7, 0.5), ("circle", "blue", 0.2, 0.6))
    assert truth(interpretation(text), world) == expected
