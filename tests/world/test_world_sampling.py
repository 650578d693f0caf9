"""World sampler: placement rules, splits, held-out combinations, reproducibility."""
from __future__ import annotations

import numpy as np
import pytest
import shapely

from shapeworldice.world import (
    COLOR_NAMES,
    HELD_OUT_COMBINATIONS,
    World,
    WorldConfig,
    WorldSampler,
    entity_outside_fraction,
    is_held_out,
    overlap_matrix,
)

EXIST = WorldConfig(entity_counts=tuple(range(1, 11)))
SPATIAL2 = WorldConfig(entity_counts=(2,), collision_tolerance=0.0, reinforcement=(1, 1))
QUANT = WorldConfig(entity_counts=tuple(range(5, 16)), reinforcement=(1, 3))
QUANT_HELDOUT = WorldConfig(entity_counts=(6, 7, 8, 9, 11, 12, 13, 14), heldout_entity_counts=(5, 10, 15),
                            reinforcement=(1, 3), held_out_combinations=True)
COLFREE = WorldConfig(entity_counts=tuple(range(1, 11)), collision_tolerance=0.0)


def worlds(config, n, seed=0, split="train"):
    sampler = WorldSampler(config)
    rng = np.random.default_rng(seed)
    return [sampler.sample(rng, split) for _ in range(n)]


@pytest.fixture(scope="module")
def quant_worlds():
    return worlds(QUANT, 150, seed=1)


@pytest.fixture(scope="module")
def colfree_worlds():
    return worlds(COLFREE, 150, seed=2)


def test_ids_are_drawing_order_and_valid(quant_worlds):
    for w in quant_worlds:
        assert [e.id for e in w.entities] == list(range(len(w)))
        assert 5 <= len(w) <= 15
        for e in w.entities:
            assert e.shape in QUANT.shapes and e.color in COLOR_NAMES
            assert -0.4 <= e.shade <= 0.4 and 0 <= e.rotation < 1
            assert isinstance(e.center[0], float) and isinstance(e.half_size[0], float)


def test_counts_per_split():
    cfg = WorldConfig(entity_counts=(1, 2, 3), heldout_entity_counts=(5,), collision_tolerance=0.25)
    train = {len(w) for w in worlds(cfg, 80, split="train")}
    assert train == {1, 2, 3}
    for split in ("validation", "test"):
        counts = [len(w) for w in worlds(cfg, 120, seed=3, split=split)]
        assert set(counts) == {1, 2, 3, 5}
        assert 0.3 < counts.count(5) / len(counts) < 0.7  # held-out counts with probability 0.5
    # no held-out counts: all splits share the distribution
    for split in ("train", "validation", "test"):
        assert {len(w) for w in worlds(EXIST, 100, split=split)} <= set(range(1, 11))
    with pytest.raises(ValueError):
        WorldSampler(EXIST).sample(np.random.default_rng(0), "dev")


def test_tolerance_zero_no_overlap_no_touching(colfree_worlds):
    for w in colfree_worlds:
        ov = overlap_matrix(w.entities)
        assert not ov.any()
        geoms = [shapely.Polygon(e.polygon) for e in w.entities]
        for i in range(len(geoms)):
            for j in range(i):
                assert shapely.distance(geoms[i], geoms[j]) > COLFREE.touch_margin * 0.999
        for e in w.entities:  # boundary tolerance 0: fully inside
            (x0, y0), (x1, y1) = e.bounding_box
            assert x0 >= 0 and y0 >= 0 and x1 <= 1 and y1 <= 1
    # with tolerance 0 ids keep insertion order — nothing else to check; spatial two-shapes too
    for w in worlds(SPATIAL2, 100, seed=5):
        assert len(w) == 2 and not overlap_matrix(w.entities).any()


def test_tolerance_rules(quant_worlds):
    tol = QUANT.collision_tolerance
    some_overlap = 0
    for w in quant_worlds:
        ov = overlap_matrix(w.entities)
        some_overlap += int(ov.any())
        assert ov.max() <= tol + 1e-9  # no pair above the tolerance (fraction of the smaller one)
        assert ov.sum(axis=1).max() <= tol + 1e-9  # summed overlaps per entity
        for i, a in enumerate(w.entities):
            for j, b in enumerate(w.entities):
                if i != j and a.color == b.color and abs(a.shade - b.shade) < 0.5:
                    assert ov[i, j] == 0.0
            assert entity_outside_fraction(a) <= tol + 1e-9
    assert some_overlap > 30  # provoked collisions make overlaps common


def test_boundary_tolerance_separate():
    cfg = WorldConfig(entity_counts=(3,), collision_tolerance=0.25, boundary_tolerance=0.0)
    for w in worlds(cfg, 60):
        for e in w.entities:
            assert entity_outside_fraction(e) == 0.0
    cfg = WorldConfig(entity_counts=(1,), boundary_tolerance=0.5)
    fr = [entity_outside_fraction(w.entities[0]) for w in worlds(cfg, 300)]
    assert max(fr) <= 0.5 + 1e-9 and max(fr) > 0.25


def test_drawing_order(quant_worlds):
    checked = 0
    for w in quant_worlds:
        ov = overlap_matrix(w.entities)
        n = len(w)
        for i in range(n):
            for j in range(n):
                if ov[i, j] > 0 and ov[i, j] > ov[j, i] * (1 + 1e-9):
                    assert i > j  # the more covered one is drawn later (in front)
                    checked += 1
    assert checked > 30


def test_reproducible_and_pure():
    a = [w.to_json() for w in worlds(QUANT_HELDOUT, 30, seed=11, split="test")]
    b = [w.to_json() for w in worlds(QUANT_HELDOUT, 30, seed=11, split="test")]
    c = [w.to_json() for w in worlds(QUANT_HELDOUT, 30, seed=12, split="test")]
    assert a == b and a != c
    # the result depends only on the rng state, not on the sampler's history
    sampler = WorldSampler(QUANT)
    sampler.sample(np.random.default_rng(99), "train")
    rng1, rng2 = np.random.default_rng(5), np.random.default_rng(5)
    assert sampler.sample(rng1, "train").to_json() == WorldSampler(QUANT).sample(rng2, "train").to_json()
    assert rng1.random() == rng2.random()


def test_json_round_trip_geometry(quant_worlds):
    for w in quant_worlds[:40]:
        text = w.to_json()
        back = World.from_json(text)
        assert back.to_json() == text
        for e, f in zip(w.entities, back.entities):
            assert e == f
            assert e.area == f.area and e.bounding_box == f.bounding_box
            assert np.array_equal(e.polygon, f.polygon)
        np.testing.assert_array_equal(overlap_matrix(w.entities), overlap_matrix(back.entities))
        np.testing.assert_array_equal(w.arrays.overlap, back.arrays.overlap)


def test_held_out_combinations():
    assert len(set(HELD_OUT_COMBINATIONS)) == 13
    train = worlds(QUANT_HELDOUT, 120, seed=4, split="train")
    assert not any(is_held_out(e.shape, e.color) for w in train for e in w.entities)
    assert {len(w) for w in train} <= set(QUANT_HELDOUT.entity_counts)
    for split in ("validation", "test"):
        ws = worlds(QUANT_HELDOUT, 120, seed=6, split=split)
        assert all(any(is_held_out(e.shape, e.color) for e in w.entities) for w in ws)
        share = np.mean([is_held_out(e.shape, e.color) for w in ws for e in w.entities])
        assert 0.15 < share < 0.9
    # with tolerance 0 ids keep insertion order, so entity 0 is the first placed: held out
    cfg = WorldConfig(entity_counts=(3,), collision_tolerance=0.0, held_out_combinations=True)
    for w in worlds(cfg, 60, seed=8, split="test"):
        assert is_held_out(w.entities[0].shape, w.entities[0].color)
    for w in worlds(cfg, 60, seed=8, split="train"):
        assert not any(is_held_out(e.shape, e.color) for e in w.entities)


def test_reinforcement_repeats_attributes():
    def distinct_colours(cfg):
        return np.mean([len({e.color for e in w.entities}) for w in worlds(cfg, 120, seed=9)])
    plain = WorldConfig(entity_counts=(10,))
    reinforced = WorldConfig(entity_counts=(10,), reinforcement=(1, 3))
    assert distinct_colours(reinforced) < distinct_colours(plain) - 0.4


def test_provoked_collisions_raise_overlap():
    def overlap_rate(rate):
        cfg = WorldConfig(entity_counts=(6,), max_provoke_collision_rate=rate)
        return np.mean([overlap_matrix(w.entities).any() for w in worlds(cfg, 120, seed=10)])
    assert overlap_rate(0.33) > overlap_rate(0.0)


def test_config_validation():
    with pytest.raises(ValueError):
        WorldConfig(entity_counts=())
    with pytest.raises(ValueError):
        WorldConfig(entity_counts=(1,), shapes=("hexagon",))
    with pytest.raises(ValueError):
        WorldConfig(entity_counts=(1,), collision_tolerance=-1)
    cfg = WorldConfig(entity_counts=[1, 2], reinforcement=[1, 3], size_range=[0.1, 0.2])
    assert cfg.entity_counts == (1, 2) and cfg.reinforcement == (1, 3)
    assert cfg.effective_boundary_tolerance == 0.25
    assert QUANT_HELDOUT.counts_for("test") == (5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
    assert QUANT_HELDOUT.counts_for("train") == QUANT_HELDOUT.entity_counts


def test_crowded_config_raises():
    cfg = WorldConfig(entity_counts=(40,), collision_tolerance=0.0, max_world_redraws=3)
    with pytest.raises(RuntimeError):
        WorldSampler(cfg).sample(np.random.default_rng(0), "train")


def test_compiled_geos_path_equals_public_functions(monkeypatch):
    """The sampler calls shapely's compiled module where it answers as the public functions do;
    the public functions (the fallback for another shapely) draw the same worlds."""
    from shapeworldice.world import sampling

    fast = [w.to_json() for w in worlds(QUANT, 40, seed=21)] + [w.to_json() for w in worlds(COLFREE, 40, seed=22)]
    assert sampling._geos is not shapely  # this environment's shapely takes the compiled path
    monkeypatch.setattr(sampling, "_geos", shapely)
    monkeypatch.setattr(sampling, "_polygon", shapely.polygons)
    public = [w.to_json() for w in worlds(QUANT, 40, seed=21)] + [w.to_json() for w in worlds(COLFREE, 40, seed=22)]
    assert fast == public
