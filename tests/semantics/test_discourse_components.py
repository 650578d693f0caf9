"""Relative clauses, coreference and anaphoric definites: three-valued truth on hand-built worlds,
serialisation, and the logical form's agreement with the component truth."""
from __future__ import annotations

import numpy as np
import pytest

from shapeworldice.captions import template
from shapeworldice.interpret import formula_of, truth
from shapeworldice.semantics import Truth
from shapeworldice.semantics.components import (
    Anaphor, Attribute, CaptionModelError, Coreference, EntityType, Existential, Relation, RelativeType, family,
    from_json,
)
from shapeworldice.world import WorldConfig, WorldSampler
from tests.conftest import make_world

T = EntityType.of
RED = Relation("attribute", Attribute("color", "red"))
ABOVE_CIRCLE = Relation("y-rel", -1, T(shape="circle"))

# a red square above a blue circle; a green square far below-right
WORLD = make_world(("square", "red", 0.3, 0.2), ("circle", "blue", 0.3, 0.6), ("square", "green", 0.8, 0.9))


def test_subject_relative_clause():
    assert Existential(RelativeType(T(shape="square"), ABOVE_CIRCLE), RED).truth(WORLD) == Truth.TRUE
    green = Relation("attribute", Attribute("color", "green"))
    assert Existential(RelativeType(T(shape="square"), ABOVE_CIRCLE), green).truth(WORLD) == Truth.FALSE


def test_object_relative_clause():
    below = Relation("y-rel", 1, RelativeType(T(shape="square"), RED))
    assert Existential(T(shape="circle"), below).truth(WORLD) == Truth.TRUE
    green = Relation("attribute", Attribute("color", "green"))
    below_green = Relation("y-rel", 1, RelativeType(T(shape="square"), green))
    assert Existential(T(shape="circle"), below_green).truth(WORLD) == Truth.FALSE


def test_coreference_is_one_entity_with_every_part():
    there = Coreference("sentences", T(shape="square"), (ABOVE_CIRCLE,))
    assert there.truth(WORLD) == Truth.TRUE
    # "A square is green. It is above a circle.": the green square is not above the circle
    green = Relation("attribute", Attribute("color", "green"))
    copula = Coreference("copula", T(shape="square"), (green, ABOVE_CIRCLE))
    assert copula.truth(WORLD) == Truth.FALSE
    blue = Relation("attribute", Attribute("color", "blue"))
    definite = Coreference("copula-clauses", T(shape="square"), (RED, Anaphor(T(shape="circle"), "y-rel", 1, blue)))
    assert definite.truth(WORLD) == Truth.TRUE


def test_serialisation_round_trip_and_family():
    captions = [
        Existential(RelativeType(T(shape="square"), ABOVE_CIRCLE), RED),
        Coreference("copula-clauses", T(shape="square"), (RED, Anaphor(T(shape="circle"), "y-rel", 1, RED))),
    ]
    for caption in captions:
        assert from_json(caption.to_json()) == caption
    assert family(captions[1]) == "coreference"
    with pytest.raises(CaptionModelError):
        Coreference("poem", T(), (RED,))
    with pytest.raises(CaptionModelError):
        Anaphor(T(), "y-rel", 2, RED)


def test_logical_form_has_the_component_truth_on_random_worlds():
    rng = np.random.default_rng(0)
    worlds = WorldSampler(WorldConfig(entity_counts=tuple(range(2, 9)), reinforcement=(1, 1)))
    captions = [
        Existential(RelativeType(T(shape="square"), ABOVE_CIRCLE), RED),
        Existential(T(color="red"), Relation("x-rel", -1, RelativeType(T(), Relation("y-rel", 1, T(color="blue"))))),
        Coreference("sentences", T(color="red"), (ABOVE_CIRCLE, Relation("x-rel", 1, T()))),
        Coreference("clauses", T(), (Anaphor(T(color="red"), "y-rel", -1,
                                             Relation("attribute", Attribute("shape", "square"))),)),
    ]
    seen = set()
    for _ in range(150):
        world = worlds.sample(rng)
        for caption in captions:
            value = caption.truth(world)
            assert truth(formula_of(caption), world) == value
            seen.add(value)
    assert seen == {Truth.TRUE, Truth.FALSE, Truth.AMBIGUOUS}


def test_batched_prior_truth_is_the_per_world_truth():
    """The prior sample evaluates the new logical forms (a quantifier inside a restriction, "the T
    below it", conjoined clauses) world by world as the component truth does."""
    from shapeworldice.interpret.prior import WorldSample, truth_in

    rng = np.random.default_rng(4)
    sampler = WorldSampler(WorldConfig(entity_counts=tuple(range(2, 9)), reinforcement=(1, 1)))
    worlds = [sampler.sample(rng) for _ in range(300)]
    sample = WorldSample.of(worlds)
    captions = [
        Existential(RelativeType(T(color="red"), Relation("y-rel", -1, T())), Relation("type", T())),
        Coreference("clauses", T(color="blue"), (Anaphor(T(color="red"), "y-rel", 1, Relation("type", T())),)),
        Coreference("sentences", T(color="red"), (ABOVE_CIRCLE, Relation("x-rel", 1, T()))),
    ]
    for caption in captions:
        expected = [caption.truth(w) == Truth.TRUE for w in worlds]
        assert truth_in(formula_of(caption), sample).tolist() == expected
        assert 0 < sum(expected) < len(worlds), template(caption)
