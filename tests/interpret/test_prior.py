"""Caption priors: hand-counted shares, agreement with per-world truth, worker-independence."""
from __future__ import annotations

import math
import zlib
from dataclasses import replace

import numpy as np
import pytest

from shapeworldice.data.build import InstanceBuilder
from shapeworldice.data.definition import load_definition
from shapeworldice.interpret import formula_of, truth
from shapeworldice.semantics import Attribute, EntityType, Existential, Quantifier, Relation, Truth
from shapeworldice.interpret.prior import CaptionPrior, WorldSample, _draw, sample_worlds, true_in
from tests.conftest import SIX, make_world

THERE_IS_A_SHAPE = formula_of(EntityType())


def red_square() -> EntityType:
    return EntityType.of(shape="square", color="red")


# four worlds, counted by hand
TINY = [
    make_world(("square", "red", 0.2, 0.5), ("circle", "blue", 0.7, 0.5)),   # red square left of a circle
    make_world(("circle", "blue", 0.2, 0.5), ("square", "red", 0.7, 0.5)),   # red square right of a circle
    make_world(("square", "green", 0.5, 0.5)),                                # no red square, no circle
    make_world(("square", "red", 0.2, 0.45), ("square", "red", 0.8, 0.8), ("circle", "red", 0.5, 0.5)),
]


def test_hand_counted_priors_on_a_tiny_distribution():
    prior = CaptionPrior(WorldSample.of(TINY))
    left_of_circle = Existential(red_square(), Relation("x-rel", -1, EntityType.of(shape="circle")))
    two_red = Quantifier("count", "geq", 2, EntityType(), Relation("attribute", Attribute("color", "red")))
    # "There is a red square.": worlds 1, 2, 4
    assert prior.prior(formula_of(red_square())) == 3 / 4
    # "A red square is to the left of a circle." (clearly more left than up or down): worlds 1 and 4
    assert prior.prior(formula_of(left_of_circle)) == 2 / 4
    # "At least two shapes are red.": world 4 only
    assert prior.prior(formula_of(two_red)) == 1 / 4
    assert prior.prior(THERE_IS_A_SHAPE) == 1.0


def test_information_is_zero_when_always_true_and_finite_when_never():
    prior = CaptionPrior(WorldSample.of(TINY))
    assert prior.information(THERE_IS_A_SHAPE) == 0.0
    never = formula_of(EntityType.of(shape="pentagon"))
    assert prior.prior(never) == 0.0
    assert prior.information(never) == pytest.approx(-math.log2(0.5 / 4.5))


@pytest.fixture(scope="module", params=SIX)
def sample(request):
    definition = load_definition(request.param)
    return definition, sample_worlds(definition, 120)


def test_there_is_a_shape_has_prior_one_on_every_dataset(sample):
    _, worlds = sample
    assert CaptionPrior(worlds).prior(THERE_IS_A_SHAPE) == 1.0


def test_batched_prior_equals_per_world_truth(sample):
    definition, _ = sample
    config = replace(definition.world, world_size=definition.image_size)
    worlds = _draw((config, 0, zlib.crc32(definition.name.encode("utf-8")), (0, 60)))
    batch = WorldSample.of(worlds)
    builder = InstanceBuilder(definition)
    checked = 0
    for i in range(15):
        rng = np.random.default_rng([7, i])
        world = builder.world_sampler.sample(rng, "test")
        for sampler in builder.samplers:
            caption = sampler(world, rng)
            if caption is None:
                continue
            formula = formula_of(caption)
            assert true_in(formula, batch) == sum(truth(formula, w) == Truth.TRUE for w in worlds), caption
            checked += 1
    assert checked >= 15


def test_prior_sample_is_the_same_for_any_worker_count():
    definition = load_definition("spatial-twoshapes")
    one, two = sample_worlds(definition, 48, workers=1), sample_worlds(definition, 48, workers=2)
    assert one.to_bytes() == two.to_bytes()
    caption = formula_of(Existential(EntityType.of(color="red"), Relation("y-rel", 1, EntityType())))
    assert CaptionPrior(one).prior(caption) == CaptionPrior(two).prior(caption)


def test_sample_round_trips_through_bytes():
    worlds = WorldSample.of(TINY)
    again = WorldSample.from_bytes(worlds.to_bytes())
    assert again.to_bytes() == worlds.to_bytes()
    assert np.array_equal(again.present, worlds.present) and again.size == 4


def test_depth_relations_have_no_prior():
    prior = CaptionPrior(WorldSample.of(TINY))
    behind = formula_of(Existential(red_square(), Relation("z-rel", -1, EntityType())))
    assert prior.prior(behind) is None and prior.information(behind) is None


def test_a_dataset_drawing_anothers_worlds_has_its_prior_sample():
    """A 384-pixel variant draws its base's worlds, so its prior (and its floors) are the base's."""
    from shapeworldice.data.definition import load_definition

    base = sample_worlds(load_definition("spatial-twoshapes"), size=40)
    large = sample_worlds(load_definition("spatial-twoshapes-384"), size=40)
    assert base.to_bytes() == large.to_bytes()


def test_evaluator_protocols_are_decided_by_class():
    """A pool candidate's evaluator follows the protocols its class implements (a count evaluator answers
    on blocks, a comparison candidate knows where it is true wherever placed); a plain function follows
    neither; the answer, kept per class, is ``isinstance``'s."""
    from shapeworldice.captions.pooled import CandidateTruth
    from shapeworldice.captions.quantifiers import CandidateCounts
    from shapeworldice.interpret.prior import BlockEvaluate, WherePlacedEvaluate, follows

    def plain(sample):
        return np.zeros(sample.size, dtype=bool)

    counts = CandidateCounts.of(0, 1, ("either", ), lambda a, b: (a > 0) | (b > 0))
    truth = CandidateTruth(None, None, 0)  # type: ignore[arg-type]
    for _ in range(2):  # asked again: the kept answer
        assert follows(counts, BlockEvaluate) and not follows(counts, WherePlacedEvaluate)
        assert follows(truth, WherePlacedEvaluate) and not follows(truth, BlockEvaluate)
        assert not follows(plain, BlockEvaluate) and not follows(plain, WherePlacedEvaluate)
