"""Samplers of the selector, proximity and comparative-quantifier families: every caption is true of
its world, seeded draws repeat, and the template spread covers every selector, both proximity
directions and every comparative."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from shapeworldice.captions import make_sampler, template
from shapeworldice.captions.comparative_quantifiers import COMPARATIVES
from shapeworldice.data.definition import load_definition
from shapeworldice.semantics import Truth
from shapeworldice.semantics.selection import SELECTORS
from shapeworldice.world.sampling import WorldSampler


def draws(dataset: str, family: str, n: int, seed: int = 0) -> list:
    definition = load_definition(dataset)
    worlds, sampler = WorldSampler(definition.world), make_sampler(family)
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        world = worlds.sample(rng, "train")
        caption = sampler(world, rng)
        if caption is None:  # a world admitting none: the builder draws another world
            continue
        assert caption.truth(world) == Truth.TRUE
        out.append(caption)
    assert len(out) >= 0.9 * n
    return out


@pytest.mark.parametrize("dataset,family", [("selection", "selection"), ("relational-proximity", "proximity"),
                                            ("quantification-complex", "number-bound"),
                                            ("quantification-complex", "comparative")])
def test_captions_are_true_and_seeded(dataset, family):
    first = draws(dataset, family, 40)
    assert first == draws(dataset, family, 40)
    assert len({c.to_json() for c in first}) > 30


def test_selection_covers_every_selector():
    keys = Counter(template(c).split()[2] for c in draws("selection", "selection", 600))
    assert {f"{p}{v:+d}" for p, values in SELECTORS.items() for v in values} == set(keys)


def test_size_and_shade_selectors_name_what_they_compare():
    for caption in draws("selection", "selection", 300):
        selector = caption.restrictor
        if selector.predtype.startswith("size"):
            assert selector.scope.shape is not None and caption.body.value.predtype == "color"
        if selector.predtype.startswith("shade"):
            assert selector.scope.color is not None and caption.body.value.predtype == "shape"


def test_proximity_both_directions_and_a_unique_comparison():
    captions = draws("relational-proximity", "proximity", 200)
    assert {c.body.value for c in captions} == {-1, 1}
    assert all(c.body.comparison.predtype == "unique" for c in captions)


def test_comparatives_cover_shapeworlds_english():
    seen = {(c.qtype, c.qrange, c.quantity) for c in draws("quantification-complex", "comparative", 800)}
    assert seen <= set(COMPARATIVES)
    assert {c for c in COMPARATIVES if abs(c[2]) < 4} <= seen  # "four / five more" are rare
