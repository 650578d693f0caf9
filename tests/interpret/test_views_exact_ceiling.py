"""The binding view's exact world ceiling (definitions from version 5 on): the probability of the
likeliest colour–shape object under a uniform re-pairing, a function of the objects' colours and shapes
alone, so a world is admitted before its shapes are placed, and the evaluator's skill truth decides a
stored world as the builder did."""
from __future__ import annotations

from fractions import Fraction
from itertools import permutations
from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from shapeworldice.data import load_definition
from shapeworldice.data.build import InstanceBuilder
from shapeworldice.data.definition import list_definitions
from shapeworldice.evaluation.core.skill_truth import SkillTruth
from shapeworldice.interpret.prior import CaptionPrior, WorldSample, sample_worlds
from shapeworldice.interpret.views import (BINDING_VIEWS, EXACT_CEILING_VERSION, ViewBound, certain_object,
                                           exact_ceiling, view_bound)
from shapeworldice.world.model import Entity, World

_OBJECTS = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=6)


def _world(objects: list[tuple[int, int]]) -> World:
    """Objects (colour index, shape index) in a row."""
    from shapeworldice.world.model import COLOR_NAMES, SHAPES

    return World(tuple(Entity(i, SHAPES[s], COLOR_NAMES[c], 0.0, (0.05 + 0.12 * i, 0.5), (0.04, 0.04), 0.0)
                       for i, (c, s) in enumerate(objects)))


@pytest.fixture(scope="module")
def donors() -> WorldSample:
    return sample_worlds(load_definition("relational-attribute-informative"), 300)


@settings(max_examples=40, deadline=None)
@given(objects=_OBJECTS)
def test_the_exact_ceiling_is_the_likeliest_objects_share_of_every_re_pairing(objects):
    """Over every permutation of the shapes against the colours, the most often held colour–shape object
    is held in the exact ceiling's share of them; 1 exactly where an object is certain."""
    colors, shapes = [c for c, _ in objects], [s for _, s in objects]
    held: dict[tuple[int, int], int] = {}
    total = 0
    for order in set(permutations(range(len(objects)))):
        total += 1
        for cell in {(colors[i], shapes[j]) for i, j in enumerate(order)}:
            held[cell] = held.get(cell, 0) + 1
    expected = Fraction(max(held.values()), total)
    assert exact_ceiling(colors, shapes) == pytest.approx(float(expected), abs=1e-12)
    assert (exact_ceiling(np.array(colors), np.array(shapes)) == 1.0) == certain_object(np.array(colors),
                                                                                         np.array(shapes))


@settings(max_examples=15, deadline=None)
@given(objects=_OBJECTS)
def test_an_exact_bound_admits_a_world_by_its_objects_alone(donors, objects):
    """The exact bound's ceiling, its admission of the placed world and of its objects' colours and shapes
    (the sampler's question, in any order) agree; the estimated bound's ceiling is not asked."""
    world = _world(objects)
    bound = ViewBound("colours-shapes-unbound", donors, exact=True)
    colors, shapes = [c for c, _ in objects], [s for _, s in objects]
    assert bound.ceiling(world) == exact_ceiling(colors, shapes)
    for limit in (0.6, 1.0):
        assert bound.admits(world, limit) == bound.admits_objects(colors[::-1], shapes[::-1], limit)
        assert bound.admits(world, limit) == (exact_ceiling(colors, shapes) <= limit)
    with pytest.raises(AssertionError):
        ViewBound("colours-shapes-unbound", donors).admits_objects(colors, shapes, 0.6)


def test_the_version_decides_the_ceiling_and_the_builder_draws_kinds_first(donors):
    """From :data:`EXACT_CEILING_VERSION` on a lone binding view's ceiling is exact and the builder draws
    a world's colours and shapes before placing them; before it, and under other views, neither."""
    unbound = ("colours-shapes-unbound",)
    assert view_bound(unbound, donors, version=EXACT_CEILING_VERSION).exact
    assert not view_bound(unbound, donors, version=EXACT_CEILING_VERSION - 1).exact
    attribute = load_definition("relational-attribute-informative")
    assert InstanceBuilder(attribute, CaptionPrior(donors)).admits_kinds is not None
    for name in ("existential-multishapes-informative", "relational-comparative-informative"):
        assert InstanceBuilder(load_definition(name), CaptionPrior(donors)).admits_kinds is None


def test_the_shipped_definitions_with_an_exact_ceiling_are_the_attribute_forms():
    """Raising a binding-view definition to version 5 changes its world law (kinds first, the exact
    ceiling): it must be meant, listed here and in CHANGELOG.md."""
    exact = {name for name in list_definitions()
             if (d := load_definition(name)).skill_views and d.skill_views[0] in BINDING_VIEWS
             and len(d.skill_views) == 1 and d.version >= EXACT_CEILING_VERSION}
    assert exact == {"relational-attribute-informative", "relational-attribute-informative-heldout"}


def test_skill_truth_takes_the_ceiling_law_of_the_stored_definitions_version(donors):
    """The evaluator's view bound is built from the manifest's definition: exact from version 5 on, as
    the builder's was; estimated on re-fills for an earlier version (a dataset built by it)."""
    prior = CaptionPrior(donors)
    for version, exact in ((5, True), (4, False), (None, False)):
        definition = {"captions": {"skill_view": "colours-shapes-unbound", "max_view_prior": 0.6},
                      **({} if version is None else {"version": version})}
        context = SimpleNamespace(split=SimpleNamespace(manifest={"definition": definition}), prior=prior)
        measure = SkillTruth().prepare(context)
        assert isinstance(measure.view, ViewBound) and measure.view.exact == exact


def test_built_worlds_are_within_the_exact_ceiling_and_their_captions_within_the_bound(donors):
    """A few instances of the attribute form: every world's objects admitted by the exact ceiling, every
    caption within the bound as a fresh bound of the definition's version decides it."""
    from shapeworldice.interpret import formula_of
    from shapeworldice.semantics.components import from_json

    definition = load_definition("relational-attribute-informative")
    builder = InstanceBuilder(definition, CaptionPrior(donors))
    fresh = view_bound(definition.skill_views, donors, true_worlds=8, prior=CaptionPrior(donors),
                       version=definition.version)
    assert isinstance(fresh, ViewBound) and fresh.exact
    for index in range(3):
        row = builder.instance(1, "train", index)
        world = World.from_json(row.world)
        assert fresh.ceiling(world) <= 0.6
        for semantics in row.semantics:
            assert not fresh.exceeds(formula_of(from_json(semantics)), world, 0.6)
