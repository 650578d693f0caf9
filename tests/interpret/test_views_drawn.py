"""The view bound's re-fills, drawn together from one generator per world and view: each re-fill keeps
what the view shows of the image and takes the rest from one donor of the right kind, the draws repeat
for the same seed and key, and they follow the distribution of the re-fills drawn one at a time (the
bound's proof rests on that distribution, not on the stream)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from shapeworldice.data.definition import load_definition
from shapeworldice.interpret.prior import WorldSample, sample_worlds
from shapeworldice.interpret.refill import KEPT, SKILL_KINDS, Refiller
from shapeworldice.interpret.views import world_key
from shapeworldice.world.model import World

_HIDDEN = ("x", "y", "shape", "color", "shade", "area")


@pytest.fixture(scope="module")
def samples():
    definition = load_definition("spatial-multishapes")
    return sample_worlds(definition, 300), sample_worlds(definition, 40, seed=3)


@pytest.fixture(scope="module")
def crowded():
    definition = load_definition("quantification-count")
    return sample_worlds(definition, 200), sample_worlds(definition, 40, seed=3)


def _objects(sample: WorldSample, w: int, columns: tuple[str, ...]) -> list[tuple]:
    k = int(sample.present[w].sum())
    return sorted(zip(*(getattr(sample, c)[w, :k].tolist() for c in columns)))


@settings(max_examples=25, deadline=None)
@given(view=st.sampled_from([v for v in SKILL_KINDS if v != "object-set"]), seed=st.integers(0, 5),
       refills=st.integers(1, 12), image=st.integers(0, 39))
def test_a_drawn_re_fill_keeps_the_view_and_takes_the_rest_from_one_donor(samples, view, seed, refills, image):
    donors, test = samples
    drawn = Refiller(view, donors, test, seed).drawn(image, refills)
    n = int(test.present[image].sum())
    assert drawn.size == refills and drawn.present.sum(axis=1).tolist() == [n] * refills
    kept = KEPT[view]
    hidden = tuple(c for c in ("x", "y", "shade", "area", "shape", "color") if c not in kept)
    same_count = {d for d in range(donors.size) if int(donors.present[d].sum()) == n}
    for r in range(refills):
        for c in kept:
            if view == "colours-shapes-unbound" and c == "shape":  # the image's shapes, re-paired
                assert sorted(drawn.shape[r, :n].tolist()) == sorted(test.shape[image, :n].tolist())
            else:
                np.testing.assert_array_equal(getattr(drawn, c)[r, :n], getattr(test, c)[image, :n])
        if hidden and same_count:  # the hidden columns: one donor's objects with as many objects
            assert any(set(_objects(drawn, r, hidden)) <= set(_objects(donors, d, hidden)) for d in same_count)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 5), refills=st.integers(1, 12), image=st.integers(0, 39))
def test_a_drawn_object_set_re_fill_holds_the_images_kinds_of_object(crowded, seed, refills, image):
    donors, test = crowded
    drawn = Refiller("object-set", donors, test, seed).drawn(image, refills)
    own = set(_objects(test, image, ("color", "shape")))
    for r in range(refills):
        assert set(_objects(drawn, r, ("color", "shape"))) == own


@pytest.mark.parametrize("view", SKILL_KINDS)
def test_the_same_seed_and_key_draw_the_same_re_fills_and_another_key_others(samples, view):
    donors, test = samples
    first, again = Refiller(view, donors, test, 4, keys=[7] * 40), Refiller(view, donors, test, 4, keys=[7] * 40)
    other = Refiller(view, donors, test, 4, keys=[8] * 40)
    a, b, c = first.drawn(3, 16), again.drawn(3, 16), other.drawn(3, 16)
    for col in (*_HIDDEN, "present"):
        np.testing.assert_array_equal(getattr(a, col), getattr(b, col))
    assert any(not np.array_equal(getattr(a, col), getattr(c, col)) for col in _HIDDEN)


def _statistics(sample: WorldSample) -> np.ndarray:
    """Per re-fill: its first object's position, size and shade, whether it is the first shape and
    the first colour, and whether the first two objects share a shape (re-fills × statistics)."""
    return np.stack([sample.x[:, 0], sample.y[:, 0], sample.area[:, 0], sample.shade[:, 0],
                     sample.shape[:, 0] == 0, sample.color[:, 0] == 0,
                     sample.shape[:, 0] == sample.shape[:, min(1, sample.n - 1)]], axis=1).astype(float)


@pytest.mark.parametrize("view", SKILL_KINDS)
def test_drawn_re_fills_follow_the_distribution_of_re_fills_drawn_one_at_a_time(samples, view):
    """Means over 2,000 re-fills each way agree within five standard errors of their difference: both
    are independent draws of the same law (the bound's interval rests on that law alone)."""
    donors, test = samples
    refiller = Refiller(view, donors, test, 1)
    for image in (0, 5, 11):
        together, alone = _statistics(refiller.drawn(image, 2000)), _statistics(refiller.block(image, 2000))
        error = np.sqrt((together.var(axis=0) + alone.var(axis=0)) / 2000)
        gap = np.abs(together.mean(axis=0) - alone.mean(axis=0))
        assert np.all(gap <= 5 * error + 1e-9), (view, image, gap / np.maximum(error, 1e-12))


def test_a_world_read_back_from_its_json_has_the_key_the_builder_used(samples):
    from shapeworldice.world.sampling import WorldSampler

    sampler = WorldSampler(load_definition("spatial-multishapes").world_config)
    rng = np.random.default_rng(5)
    keys = set()
    for _ in range(10):
        world = sampler.sample(rng, "test")
        assert world_key(World.from_json(world.to_json())) == world_key(world)
        keys.add(world_key(world))
    assert len(keys) == 10
    assert world_key(World(entities=())) != world_key(World(entities=(), size=32))


def test_drawn_objects_are_the_drawn_refills_objects():
    """The re-fills' colours and shapes drawn alone (:meth:`Refiller.drawn_objects`)
    are those of :meth:`Refiller.drawn`'s re-fills, by the same draws, under both views it serves; other
    views get None."""
    donors = sample_worlds(load_definition("quantification-count"), size=120)
    for view in ("colours-shapes-unbound", "object-set"):
        refiller = Refiller(view, donors, donors, 3)
        for i in range(0, donors.size, 3):
            objects, full = refiller.drawn_objects(i, 32), refiller.drawn(i, 32)
            assert objects is not None
            assert np.array_equal(objects.present, full.present)
            assert np.array_equal(objects.color, np.where(full.present, full.color, -1))
            assert np.array_equal(objects.shape, np.where(full.present, full.shape, -1))
    assert Refiller("object-bag", donors, donors, 3).drawn_objects(0, 32) is None


def test_a_worlds_refilled_objects_are_its_refills_objects():
    """A view bound's re-fills of a world asked for their objects alone hold the colours and shapes of
    its full re-fills, under each view of a joint bound, whichever is asked first; once the full ones are
    drawn they are what is given."""
    from shapeworldice.interpret.views import JointViewBound

    from shapeworldice.world.sampling import WorldSampler

    definition = load_definition("quantification-count")
    donors = sample_worlds(definition, size=150)
    sampler = WorldSampler(definition.world_config)
    for first_full in (False, True):
        joint = JointViewBound(("object-set", "colours-shapes-unbound"), donors)
        for w in range(6):
            world = sampler.sample(np.random.default_rng(w), "test")
            if first_full:
                full = list(joint.samples(world))
                objects = list(joint.object_samples(world))
                assert all(a is b for a, b in zip(full, objects))
            else:
                objects = list(joint.object_samples(world))
                full = list(joint.samples(world))
            for a, b in zip(objects, full):
                assert np.array_equal(a.present, b.present)
                assert np.array_equal(a.color, np.where(b.present, b.color, -1))
                assert np.array_equal(a.shape, np.where(b.present, b.shape, -1))
