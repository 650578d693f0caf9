"""Several views bounding one caption: its probability is the highest under any of them, and it
exceeds the bound exactly when it exceeds it under one of them (each view bounding its own world's
share and its first true worlds, never the binding view's world ceiling)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from shapeworldice.captions.quantifiers import QuantifierSampler
from shapeworldice.data.definition import load_definition
from shapeworldice.interpret import formula_of
from shapeworldice.interpret.prior import CaptionPrior, sample_worlds
from shapeworldice.interpret.views import JointViewBound, ViewBound, view_bound
from shapeworldice.world.sampling import WorldSampler

VIEWS = ("object-set", "colours-shapes-unbound")


@pytest.fixture(scope="module")
def setting():
    definition = load_definition("quantification-count-informative")
    donors = sample_worlds(definition, 500)
    prior = CaptionPrior(donors)
    sampler = WorldSampler(definition.world_config)
    worlds = [sampler.sample(np.random.default_rng([9, i]), "test") for i in range(3)]
    joint = view_bound(VIEWS, donors, true_worlds=4, prior=prior)
    singles = [ViewBound(v, donors, true_worlds=4, prior=prior, world_ceiling=False) for v in VIEWS]
    return worlds, joint, singles


def test_one_view_is_a_view_bound_and_several_are_joint(setting):
    worlds, joint, _ = setting
    assert isinstance(joint, JointViewBound) and joint.views == VIEWS and not joint.world_ceiling
    assert all(not b.world_ceiling for b in joint.bounds)  # counting captions are not "an object exists"
    donors = joint.bounds[0].donors
    assert isinstance(view_bound(("object-bag",), donors), ViewBound)
    assert view_bound(("colours-shapes-unbound",), donors).world_ceiling  # alone, the binding view's rule


@settings(max_examples=15, deadline=None)
@given(world=st.integers(0, 2), pick=st.integers(0, 10**6), bound=st.sampled_from([0.2, 0.55, 0.9]))
def test_the_joint_probability_is_the_highest_and_exceeds_is_any(setting, world, pick, bound):
    worlds, joint, singles = setting
    w = worlds[world]
    sampler = QuantifierSampler("count")
    pool = sampler.pool(w)
    formula = formula_of(sampler.caption(pool, pick % len(pool)))
    shares = [b.probability(formula, w) for b in singles]
    assert joint.probability(formula, w) == max(s for s in shares if s is not None)
    assert joint.exceeds(formula, w, bound) == any(b.exceeds(formula, w, bound) for b in singles)
    samples = list(joint.samples(w))
    assert [s.size for s in samples] == [32, 32]
    assert samples[-1] is joint.bounds[0].samples(w)[0]  # the object set's re-fills come last


@settings(max_examples=15, deadline=None)
@given(world=st.integers(0, 2), pick=st.integers(0, 10**6), bound=st.sampled_from([0.2, 0.55, 0.9]))
def test_a_caption_known_within_on_its_own_re_fills_is_decided_by_the_donor_worlds_alone(setting, world, pick,
                                                                                          bound):
    """A pool survivor's own shares were counted by the sampler: asking only the donor worlds gives the
    full check's decision whenever every view's own share is within the bound."""
    worlds, joint, singles = setting
    w = worlds[world]
    sampler = QuantifierSampler("count")
    pool = sampler.pool(w)
    formula = formula_of(sampler.caption(pool, pick % len(pool)))
    own = [b.own_share(formula, w) for b in joint.bounds]
    if all(s is not None and s <= bound for s in own):
        assert joint.exceeds(formula, w, bound, own_within=True) == joint.exceeds(formula, w, bound)
        assert all(b.exceeds(formula, w, bound, own_within=True) == b.exceeds(formula, w, bound) for b in singles)
    else:  # some view's own share is above the bound: the full check says so, whatever the donors say
        assert joint.exceeds(formula, w, bound)


def test_from_the_joint_donors_version_several_views_check_fewer_donor_worlds(setting):
    """A definition bounded by several views checks :data:`FEW_TRUE_WORLDS` donor worlds from
    :data:`JOINT_DONORS_VERSION` on and the asked number before it (builds made at an older version keep
    their law); a single object-set view keeps the asked number at any version."""
    from shapeworldice.interpret.views import BOUND_TRUE_WORLDS, JOINT_DONORS_VERSION, FEW_TRUE_WORLDS

    _, joint, _ = setting
    donors, prior = joint.bounds[0].donors, joint.bounds[0].prior
    assert FEW_TRUE_WORLDS < BOUND_TRUE_WORLDS
    old = view_bound(VIEWS, donors, true_worlds=BOUND_TRUE_WORLDS, prior=prior, version=JOINT_DONORS_VERSION - 1)
    new = view_bound(VIEWS, donors, true_worlds=BOUND_TRUE_WORLDS, prior=prior, version=JOINT_DONORS_VERSION)
    assert isinstance(old, JointViewBound) and isinstance(new, JointViewBound)
    assert [b.true_worlds for b in old.bounds] == [BOUND_TRUE_WORLDS] * 2
    assert [b.true_worlds for b in new.bounds] == [FEW_TRUE_WORLDS] * 2
    single = view_bound(("object-set",), donors, true_worlds=BOUND_TRUE_WORLDS, version=JOINT_DONORS_VERSION)
    assert isinstance(single, ViewBound) and single.true_worlds == BOUND_TRUE_WORLDS


def test_the_quantification_forms_are_at_the_joint_donors_version():
    """The three quantification forms (the definitions bounded by several views) take the fewer-donors law."""
    from shapeworldice.interpret.views import JOINT_DONORS_VERSION

    for kind in ("count", "ratio", "complex"):
        for name in (f"quantification-{kind}-informative", f"quantification-{kind}-informative-heldout"):
            assert load_definition(name).version >= JOINT_DONORS_VERSION, name
