"""Comparison and negated-relation captions: always true, with the compared attribute kept out of
the descriptions, and negated relations chosen among pairs where the relation clearly fails."""
from __future__ import annotations

from collections import Counter

import numpy as np

from shapeworldice.captions import make_sampler, template
from shapeworldice.captions.relational import ComparisonSampler, PooledComparisonSampler, descriptions
from shapeworldice.semantics import Truth
from tests.captions.support import draws
from tests.conftest import make_world

ALL = ("x-rel", "y-rel", "size-rel", "shade-rel", "shape-rel", "color-rel")



def test_every_caption_is_true_and_names_no_compared_attribute():
    kinds = Counter()
    for world, caption in draws(ComparisonSampler(ALL, negation=0.5)):
        if caption is None:
            continue
        assert caption.truth(world) == Truth.TRUE, template(caption)
        body = caption.body.value if caption.body.predtype == "negation" else caption.body
        kinds[body.predtype, caption.body.predtype == "negation"] += 1
        reference, subject = body.reference, caption.restrictor
        if body.predtype in ("shape-rel", "color-rel"):
            attribute = "shape" if body.predtype == "shape-rel" else "color"
            assert subject.get(attribute) is None and reference.get(attribute) is None
        if body.predtype in ("size-rel", "shade-rel"):
            attribute = "shape" if body.predtype == "size-rel" else "color"
            assert subject.get(attribute) is None and reference.get(attribute) is not None
    assert {k for k, _ in kinds} == set(ALL)
    negated = sum(v for (_, neg), v in kinds.items() if neg)
    assert 0.35 < negated / sum(kinds.values()) < 0.65


def test_descriptions_follow_shapeworld_redundancy_rules():
    rng = np.random.default_rng(1)
    for _ in range(50):
        subj, ref = descriptions("size-rel", rng)
        assert "shape" not in subj and "shape" in ref
        subj, ref = descriptions("color-rel", rng)
        assert "color" not in subj and "color" not in ref


def test_negated_relation_is_true_only_when_it_clearly_fails():
    # a red square far left of a blue circle: "not to the right of" holds, "not to the left of" cannot be drawn
    world = make_world(("square", "red", 0.2, 0.5), ("circle", "blue", 0.8, 0.5))
    sampler = ComparisonSampler(("x-rel",), negation=1.0)
    rng = np.random.default_rng(0)
    for _ in range(20):
        caption = sampler(world, rng)
        assert caption is not None and caption.body.predtype == "negation"
        inner = caption.body.value
        assert caption.truth(world) == Truth.TRUE
        # "the square is not to the right of the circle" or "the circle is not to the left of the square"
        left, right = (caption.restrictor, inner.reference) if inner.value == 1 else (inner.reference,
                                                                                        caption.restrictor)
        assert left.get("shape") in (None, "square") and left.get("color") in (None, "red")
        assert right.get("shape") in (None, "circle") and right.get("color") in (None, "blue")


def test_family_options_reach_the_sampler():
    sampler = make_sampler("comparison", {"relations": ["shape-rel"], "negation": 0.25})
    assert sampler == PooledComparisonSampler(("shape-rel",), 0.25)
