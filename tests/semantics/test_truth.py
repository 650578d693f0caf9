"""Three-valued truth of caption semantics on hand-built worlds (ShapeWorld's tables)."""
from __future__ import annotations

import pytest

from shapeworldice.semantics import (
    Attribute, EntityType, Existential, Proposition, Quantifier, Relation, Selector, Truth, from_json,
)
from tests.conftest import make_world

RED_SQUARE = EntityType.of(shape="square", color="red")


def is_(kind: str, value: str) -> Relation:
    return Relation("attribute", Attribute(kind, value))


def test_there_is():
    world = make_world(("square", "red", 0.3, 0.3))
    assert RED_SQUARE.truth(world) == Truth.TRUE
    assert EntityType.of(shape="circle").truth(world) == Truth.FALSE
    assert EntityType().truth(world) == Truth.TRUE
    assert EntityType().truth(make_world()) == Truth.FALSE


def test_existential_copula():
    world = make_world(("square", "red", 0.3, 0.3), ("circle", "blue", 0.7, 0.7))
    assert Existential(EntityType.of(shape="square"), is_("color", "red")).truth(world) == Truth.TRUE
    assert Existential(EntityType.of(shape="square"), is_("color", "blue")).truth(world) == Truth.FALSE
    assert Existential(EntityType(), Relation("type", RED_SQUARE)).truth(world) == Truth.TRUE


@pytest.mark.parametrize("kind,value,expected", [
    ("x-rel", -1, Truth.TRUE),   # the square is to the left of the circle
    ("x-rel", 1, Truth.FALSE),
    ("y-rel", -1, Truth.AMBIGUOUS),  # dy = 0.05: outside the cone, not clearly on the other side
    ("y-rel", 1, Truth.AMBIGUOUS),
])
def test_spatial_cone(kind, value, expected):
    world = make_world(("square", "red", 0.3, 0.5), ("circle", "blue", 0.7, 0.55))
    caption = Existential(EntityType.of(shape="square"), Relation(kind, value, EntityType.of(shape="circle")))
    assert caption.truth(world) == expected


def test_spatial_ambiguity_margin():
    # horizontal offset 0.05 < 0.10: neither clearly left nor clearly right
    world = make_world(("square", "red", 0.45, 0.2), ("circle", "blue", 0.5, 0.8))
    left = Existential(EntityType.of(shape="square"), Relation("x-rel", -1, EntityType.of(shape="circle")))
    assert left.truth(world) == Truth.AMBIGUOUS
    above = Existential(EntityType.of(shape="square"), Relation("y-rel", -1, EntityType.of(shape="circle")))
    assert above.truth(world) == Truth.TRUE  # y is down: 0.2 is above 0.8


def test_negation_swaps_agree_and_disagree():
    world = make_world(("square", "red", 0.3, 0.5), ("circle", "blue", 0.7, 0.5))
    rel = Relation("x-rel", 1, EntityType.of(shape="circle"))
    assert Existential(EntityType.of(shape="square"), rel).truth(world) == Truth.FALSE
    assert Existential(EntityType.of(shape="square"), Relation("negation", rel)).truth(world) == Truth.TRUE


def test_size_and_shade_relations():
    world = make_world(("square", "red", 0.2, 0.2, 0.05, -0.3), ("square", "red", 0.7, 0.7, 0.1, 0.3))
    bigger = Existential(EntityType(), Relation("size-rel", 1, EntityType.of(shape="square")))
    assert bigger.truth(world) == Truth.TRUE
    darker = Existential(EntityType(), Relation("shade-rel", -1, EntityType.of(color="red")))
    assert darker.truth(world) == Truth.TRUE


def test_count_quantifiers():
    world = make_world(*[("square", "red", 0.1 + 0.2 * i, 0.2) for i in range(3)], ("circle", "red", 0.5, 0.8))
    def q(qrange, n):
        return Quantifier("count", qrange, n, EntityType.of(shape="square"), is_("color", "red")).truth(world)
    assert q("eq", 3) == Truth.TRUE and q("eq", 2) == Truth.FALSE
    assert q("geq", 3) == Truth.TRUE and q("gt", 3) == Truth.FALSE
    assert q("lt", 4) == Truth.TRUE and q("leq", 2) == Truth.FALSE
    assert q("neq", 2) == Truth.TRUE and q("neq", 3) == Truth.FALSE


def test_ratio_tolerance_accepts_thirds_only():
    def world_with(k, n):
        return make_world(*[("square", "red" if i < k else "blue", 0.05 + 0.09 * i, 0.5, 0.03) for i in range(n)])
    third = Quantifier("ratio", "eq", 0.33, EntityType(), is_("color", "red"))
    assert third.truth(world_with(1, 3)) == Truth.TRUE
    assert third.truth(world_with(2, 6)) == Truth.TRUE
    assert third.truth(world_with(3, 10)) == Truth.FALSE
    half = Quantifier("ratio", "gt", 0.5, EntityType(), is_("color", "red"))
    assert half.truth(world_with(3, 5)) == Truth.TRUE and half.truth(world_with(2, 4)) == Truth.FALSE


def test_unique_selector_presupposition():
    one = make_world(("square", "red", 0.3, 0.3), ("circle", "blue", 0.7, 0.7))
    two = make_world(("square", "red", 0.3, 0.3), ("square", "blue", 0.7, 0.7))
    caption = Existential(Selector("unique", EntityType.of(shape="square")), is_("color", "red"))
    assert caption.truth(one) == Truth.TRUE
    assert caption.truth(two) == Truth.AMBIGUOUS


def test_propositions():
    world = make_world(("square", "red", 0.3, 0.3))
    t, f = RED_SQUARE, EntityType.of(shape="circle")
    assert Proposition("conjunction", (t, f)).truth(world) == Truth.FALSE
    assert Proposition("disjunction", (t, f)).truth(world) == Truth.TRUE
    # implication: clause 1 is the antecedent — "if there is a circle, there is a red square"
    assert Proposition("implication", (t, f)).truth(world) == Truth.TRUE
    assert Proposition("implication", (f, t)).truth(world) == Truth.FALSE
    assert Proposition("equivalence", (f, f)).truth(world) == Truth.TRUE


def test_json_round_trip():
    caption = Quantifier("ratio", "leq", 0.67, EntityType.of(color="red"),
                         Relation("negation", Relation("y-rel", 1, Selector("unique", RED_SQUARE))))
    assert from_json(caption.to_json()) == caption
    prop = Proposition("implication", (RED_SQUARE, Existential(EntityType(), is_("shape", "circle"))))
    assert from_json(prop.to_json()) == prop
