"""Caption samplers write only true captions, with ShapeWorld's template distribution."""
from __future__ import annotations

from collections import Counter

import pytest

from shapeworldice.captions import COUNT_QUANTIFIERS, RATIO_QUANTIFIERS, make_sampler, template
from shapeworldice.semantics import EntityType, Existential, Quantifier, Truth
from shapeworldice.world import WorldConfig
from tests.captions import support

CONFIGS = {
    "there-is": WorldConfig(entity_counts=tuple(range(1, 11))),
    "existential": WorldConfig(entity_counts=tuple(range(1, 11))),
    "spatial": WorldConfig(entity_counts=(2,), collision_tolerance=0.0, reinforcement=(1, 1)),
    "count": WorldConfig(entity_counts=tuple(range(5, 16)), reinforcement=(1, 3)),
    "ratio": WorldConfig(entity_counts=tuple(range(5, 16)), reinforcement=(1, 3)),
}


def draws(family: str, n: int = 150, seed: int = 0):
    return support.draws(make_sampler(family), n, seed, CONFIGS[family])


@pytest.mark.parametrize("family", list(CONFIGS))
def test_every_caption_is_true(family):
    produced = 0
    for world, caption in draws(family):
        if caption is not None:
            produced += 1
            assert caption.truth(world) == Truth.TRUE, template(caption)
    assert produced >= 140


def test_existential_never_repeats_an_attribute_kind():
    for _, caption in draws("existential", 300):
        assert isinstance(caption, Existential)
        body = caption.body
        body_kinds = {body.value.predtype} if body.predtype == "attribute" else set(body.value.kinds)
        assert not (body_kinds & caption.restrictor.kinds)


def test_there_is_type_distribution():
    kinds = Counter(frozenset(c.kinds) for _, c in draws("there-is", 600))
    assert isinstance(next(iter(draws("there-is", 1)))[1], EntityType)
    assert 0.4 < kinds[frozenset({"shape", "color"})] / 600 < 0.6


@pytest.mark.parametrize("family,table", [("count", COUNT_QUANTIFIERS), ("ratio", RATIO_QUANTIFIERS)])
def test_quantifier_ranges_roughly_uniform(family, table):
    ranges = Counter()
    for _, caption in draws(family, 600, seed=1):
        assert isinstance(caption, Quantifier)
        assert (caption.qrange, caption.quantity) in table
        ranges[caption.qrange] += 1
    expected = Counter(r for r, _ in table)
    for qrange, k in expected.items():
        share = ranges[qrange] / 600
        assert abs(share - k / len(table)) < 0.07, (qrange, share)


def test_spatial_relations_roughly_uniform():
    relations = Counter((c.body.predtype, c.body.value) for _, c in draws("spatial", 800, seed=2) if c)
    total = sum(relations.values())
    assert set(relations) == {("x-rel", -1), ("x-rel", 1), ("y-rel", -1), ("y-rel", 1)}
    assert all(0.18 < k / total < 0.32 for k in relations.values())


def test_same_rng_same_caption():
    a = [c.to_json() for _, c in draws("ratio", 30, seed=5)]
    b = [c.to_json() for _, c in draws("ratio", 30, seed=5)]
    assert a == b


def test_unknown_family():
    with pytest.raises(ValueError, match="unknown caption family"):
        make_sampler("nonsense")
