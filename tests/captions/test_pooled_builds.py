"""Builds of the forms whose captions are drawn from a pool (captions/pooled.py and its samplers):
an instance does not depend on what was built before it, and every kept caption is within both
bounds as the general evaluator decides them. One test per property over every pooled form."""
from __future__ import annotations

import pytest

from shapeworldice.data import load_definition
from shapeworldice.interpret import formula_of
from shapeworldice.interpret.prior import CaptionPrior


@pytest.mark.slow
@pytest.mark.parametrize("name, built, picked", [
    ("relative-clauses-informative", 10, (9, 4)), ("relational-negation-informative", 10, (9, 4)),
    ("selection-informative", 10, (9, 4)), ("relational-proximity-informative", 10, (9, 4)),
    ("quantification-count-informative", 12, (11, 7)), ("quantification-complex-informative", 12, (11, 7))])
def test_an_instance_is_the_same_whatever_was_built_before_it(name, built, picked):
    """An informative instance built after others is the instance built alone (any --workers,
    any resume): a pool built for one world leaves nothing behind that changes the next (for the
    quantifier pool: meanings that failed in earlier worlds are dropped without the check, with the
    same draws)."""
    from shapeworldice.data.build import InstanceBuilder
    from shapeworldice.interpret.prior import sample_worlds

    definition = load_definition(name)
    sample = sample_worlds(definition, 1000)
    warm = InstanceBuilder(definition, CaptionPrior(sample))
    rows = [warm.instance(0, "train", i) for i in range(built)] + [warm.instance(0, "test", 0)]
    first, second = picked
    for split, index, row in (("train", first, rows[first]), ("train", second, rows[second]), ("test", 0, rows[-1])):
        alone = InstanceBuilder(definition, CaptionPrior(sample)).instance(0, split, index)
        assert (alone.captions, alone.world) == (row.captions, row.world)


@pytest.mark.slow
@pytest.mark.parametrize("name", [
    "relative-clauses-informative", "relative-clauses-informative-heldout",
    "relational-negation-informative", "relational-negation-informative-heldout",
    "relational-comparative-informative", "relational-attribute-informative",
    "selection-informative", "selection-informative-heldout",
    "relational-proximity-informative", "spatial-multishapes-informative"])
def test_every_kept_caption_is_within_the_bound_as_skill_truth_decides_it(name):
    """The builder's captions, drawn from a pool's survivors and checked with the pool's evaluator,
    are within the view bound and the prior bound as a fresh view bound and prior decide them with
    the general evaluator (what skill truth asks at evaluation)."""
    from shapeworldice.data.build import InstanceBuilder
    from shapeworldice.interpret.prior import sample_worlds
    from shapeworldice.interpret.views import BOUND_TRUE_WORLDS, view_bound
    from shapeworldice.semantics.components import from_json
    from shapeworldice.world.model import World

    definition = load_definition(name)
    sample = sample_worlds(definition, 1000)
    builder = InstanceBuilder(definition, CaptionPrior(sample))
    prior = CaptionPrior(sample)
    bound = view_bound(definition.skill_views, sample, true_worlds=BOUND_TRUE_WORLDS, prior=prior,
                       version=definition.version)
    checked = 0
    for split, index in [("train", i) for i in range(6)] + [("test", 0), ("test", 1)]:
        row = builder.instance(0, split, index)
        world = World.from_json(row.world)
        for semantics in row.semantics:
            formula = formula_of(from_json(semantics))
            assert not bound.exceeds(formula, world, definition.max_view_prior), (name, split, index, semantics)
            assert prior.within(formula, definition.max_prior)
            checked += 1
    assert checked == 6 + 2 * definition.references
