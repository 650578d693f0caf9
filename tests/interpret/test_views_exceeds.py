"""The view bound's early-stopping decision is the one its probability gives: ``exceeds(f, w, b)``
is ``probability(f, w) is None or probability(f, w) > b``, for every view kind and bound."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from shapeworldice.data.definition import load_definition
from shapeworldice.interpret import formula_of
from shapeworldice.interpret.prior import sample_worlds
from shapeworldice.interpret.views import ViewBound
from shapeworldice.semantics.components import Attribute, EntityType, Existential, Relation
from shapeworldice.world.model import COLOR_NAMES, SHAPES
from shapeworldice.world.sampling import WorldSampler


@pytest.fixture(scope="module")
def setting():
    definition = load_definition("spatial-multishapes")
    donors = sample_worlds(definition, 600)
    sampler = WorldSampler(definition.world_config)
    worlds = [sampler.sample(np.random.default_rng([5, i]), "test") for i in range(4)]
    return donors, worlds


def _caption(color: int, shape: int, relation: int):
    subject = EntityType((Attribute("color", COLOR_NAMES[color % len(COLOR_NAMES)]),))
    reference = EntityType((Attribute("shape", SHAPES[shape % len(SHAPES)]),))
    kind, value = [("x-rel", -1), ("x-rel", 1), ("y-rel", -1), ("y-rel", 1)][relation % 4]
    return formula_of(Existential(subject, Relation(kind, value, reference)))


@settings(max_examples=12, deadline=None)
@given(view=st.sampled_from(["object-bag", "colours-shapes-unbound", "object-set", "colours-only"]),
       color=st.integers(0, 20), shape=st.integers(0, 20), relation=st.integers(0, 3),
       world=st.integers(0, 3), bound=st.sampled_from([0.0, 0.3, 0.55, 0.9, 1.0]))
def test_exceeds_is_the_probability_above_the_bound(setting, view, color, shape, relation, world, bound):
    donors, worlds = setting
    formula = _caption(color, shape, relation)
    deciding = ViewBound(view, donors, refills=8, true_worlds=4)
    measuring = ViewBound(view, donors, refills=8, true_worlds=4)
    p = measuring.probability(formula, worlds[world])
    assert deciding.exceeds(formula, worlds[world], bound) == (p is None or p > bound)
    assert deciding.probability(formula, worlds[world]) == p  # an early stop keeps no partial answer
