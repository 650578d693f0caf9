"""A coreference caption's truth in many worlds at once from the columns (the bounded builder's
checks ask it instead of the general evaluator): the general evaluator's answers."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.captions.coreference_truth import coreference_truth
from shapeworldice.captions.discourse import CoreferenceSampler
from shapeworldice.data import load_definition
from shapeworldice.interpret import formula_of
from shapeworldice.interpret.prior import truth_in
from shapeworldice.semantics.components import Anaphor, Attribute, Coreference, EntityType, Relation
from shapeworldice.world.columns import WorldSample
from shapeworldice.world.sampling import WorldSampler

WORLDS = WorldSampler(load_definition("coreference").world_config)
SMALL = WorldSampler(load_definition("spatial-twoshapes").world_config)


def _world(seed: int, sampler: WorldSampler = WORLDS):
    return sampler.sample(np.random.default_rng(seed), "test")


def _others(rng: np.random.Generator, size: int) -> WorldSample:
    """A padded sample of worlds of 2 to 10 objects."""
    return WorldSample.of([_world(int(s), [WORLDS, SMALL][int(s) % 2]) for s in rng.integers(0, 2**32, size=size)])


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), relations=st.sampled_from([("x-rel", "y-rel"), ("x-rel",), ("y-rel",)]))
def test_drawn_captions_have_the_evaluators_truth(seed, relations):
    """Captions the sampler draws (every form, anaphors included) are true of their world and have
    the general evaluator's truth in each world of a padded sample, and in their own world alone."""
    sampler, rng = CoreferenceSampler(relations), np.random.default_rng(seed)
    others = _others(rng, 24)
    checked = 0
    for _ in range(12):
        world = _world(int(rng.integers(2**32)))
        caption = sampler(world, rng)
        if caption is None:
            continue
        evaluate = sampler.evaluator_of(caption)
        assert evaluate is not None, caption
        own = WorldSample.single(world.arrays)
        assert evaluate(own).all() and truth_in(formula_of(caption), own).all(), caption
        assert (evaluate(others) == truth_in(formula_of(caption), others)).all(), caption
        checked += 1
    assert checked


def test_anaphors_and_relations_of_every_column_relation_agree():
    """Hand-made captions over the other column relations, anaphors under each relation and value, and
    a description left empty: the evaluator's truth on 200 padded worlds (some true, some false)."""
    rng = np.random.default_rng(3)
    others = _others(rng, 200)
    square, red = Attribute("shape", "square"), Attribute("color", "red")
    captions = []
    for kind in ("x-rel", "y-rel", "size-rel", "shade-rel", "shape-rel", "color-rel"):
        for value in (-1, 1):
            captions.append(Coreference("sentences", EntityType((red,)),
                                        (Relation(kind, value, EntityType()),)))
            captions.append(Coreference("copula", EntityType(), (
                Relation("attribute", square), Relation(kind, value, EntityType((red,))),
                Anaphor(EntityType(), kind, value, Relation("attribute", red)))))
            captions.append(Coreference("clauses", EntityType(), (
                Anaphor(EntityType((square,)), kind, value, Relation("attribute", Attribute("color", "blue"))),)))
    seen = 0
    for caption in captions:
        truth = truth_in(formula_of(caption), others)
        evaluate = coreference_truth(caption)
        assert evaluate is not None, caption
        assert (evaluate(others) == truth).all(), caption
        seen += int(truth.any())
    assert seen > len(captions) // 3


def test_captions_it_does_not_read_are_left_to_the_general_evaluator():
    """A description naming one kind twice differently and a part of another kind give no evaluator."""
    square, circle = Attribute("shape", "square"), Attribute("shape", "circle")
    assert coreference_truth(Coreference("copula", EntityType((square,)), (Relation("attribute", circle),))) is None
    assert coreference_truth(Coreference("sentences", EntityType(), (
        Relation("type", EntityType((square,))),))) is None
    assert coreference_truth(EntityType((square,))) is None


def test_on_blocks_is_the_answer_on_the_blocks_stacked():
    """What a candidate with an axis anaphor answers on blocks one by one (each keeping its own axis
    relations) is its answer on them stacked, also on positions tied on a grid."""
    from shapeworldice.world.columns import stack

    rng = np.random.default_rng(5)
    sample = _others(rng, 40)
    gridded = WorldSample(np.round(sample.x * 10) / 10, np.round(sample.y * 10) / 10, sample.shape, sample.color,
                          sample.shade, sample.area, sample.present)
    caption = Coreference("clauses", EntityType(), (
        Anaphor(EntityType(), "y-rel", -1, Relation("attribute", Attribute("color", "red"))),))
    evaluate = coreference_truth(caption)
    assert evaluate is not None
    blocks = [_others(rng, 8), _others(rng, 5), gridded]
    assert np.array_equal(evaluate.on_blocks(blocks), evaluate(stack(blocks)))
