"""Truth of free-form caption constructions on hand-built worlds.

The noun-modifying constructions (relative clauses with "that"/"which", reduced relatives /
PP modifiers) must give the same truth as the predicative form of the same claim: "There is
a green cross that is above a cyan shape." is false exactly where "A green cross is above a
cyan shape." is.
"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import make_world

from shapeworldice.grammar import parse
from shapeworldice.interpret import evaluate


def judge(text: str, world) -> str:
    r = parse(text)
    assert r.grammatical, text
    return evaluate([r.reading.mrs], world).truth


# the world of issue #22: a green cross whose only cyan neighbour is above it, not below it
BUG_WORLD = make_world(("cross", "green", 0.5, 0.7), ("circle", "cyan", 0.5, 0.3))

NOUN_MODIFYING = (
    "There is a green cross that is above a cyan shape.",
    "There is a green cross which is above a cyan shape.",
    "There is a green cross above a cyan shape.",
)


def test_relative_clause_is_false_where_the_predicative_form_is():
    assert judge("A green cross is above a cyan shape.", BUG_WORLD) == "false"
    for text in NOUN_MODIFYING:
        assert judge(text, BUG_WORLD) == "false", text


def test_relative_clause_is_true_where_the_predicative_form_is():
    world = make_world(("cross", "green", 0.5, 0.3), ("circle", "cyan", 0.5, 0.7))
    assert judge("A green cross is above a cyan shape.", world) == "true"
    for text in NOUN_MODIFYING:
        assert judge(text, world) == "true", text


def test_relative_clause_in_a_subject_keeps_the_predicate_outside():
    # "A green cross above a cyan shape is green." is about green crosses above cyan shapes
    assert judge("A green cross that is above a cyan shape is green.", BUG_WORLD) == "false"
    world = make_world(("cross", "green", 0.5, 0.3), ("circle", "cyan", 0.5, 0.7))
    assert judge("A green cross that is above a cyan shape is green.", world) == "true"


_SHAPES = ("cross", "circle", "square", "triangle")
_COLORS = ("green", "cyan", "red")
_entity = st.tuples(st.sampled_from(_SHAPES), st.sampled_from(_COLORS),
                    st.floats(0.15, 0.85), st.floats(0.15, 0.85))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_entity, min_size=1, max_size=4), st.sampled_from(_COLORS), st.sampled_from(_SHAPES),
       st.sampled_from(_COLORS), st.sampled_from(("above", "below", "to the left of")))
def test_every_noun_modifying_form_agrees_with_the_predicative_form(specs, c1, s1, c2, rel):
    world = make_world(*specs)
    predicative = judge(f"A {c1} {s1} is {rel} a {c2} shape.", world)
    for text in (f"There is a {c1} {s1} that is {rel} a {c2} shape.",
                 f"There is a {c1} {s1} {rel} a {c2} shape."):
        assert judge(text, world) == predicative, (text, specs)
