"""The prior's segmented evaluation decides what a whole-sample evaluation decides: the same truth
vectors, the same bound decisions, the same first true worlds, whatever the order of questions."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from shapeworldice.data.definition import load_definition
from shapeworldice.interpret import formula_of
from shapeworldice.interpret.prior import CaptionPrior, segments, sample_worlds, truth_in
from shapeworldice.semantics.components import Attribute, EntityType, Existential, Relation
from shapeworldice.world.model import COLOR_NAMES, SHAPES as SHAPE_NAMES

#: more worlds than the head spans, so the later spans are split by object count
SIZE = 2_500


@pytest.fixture(scope="module")
def sample():
    return sample_worlds(load_definition("spatial-multishapes"), SIZE)


def _caption(color: int, shape: int, ref_color: int, relation: int):
    subject = EntityType((Attribute("color", COLOR_NAMES[color % len(COLOR_NAMES)]),))
    reference = EntityType((Attribute("shape", SHAPE_NAMES[shape % len(SHAPE_NAMES)]),
                            Attribute("color", COLOR_NAMES[ref_color % len(COLOR_NAMES)])))
    kind, value = [("x-rel", -1), ("x-rel", 1), ("y-rel", -1), ("y-rel", 1)][relation % 4]
    return formula_of(Existential(subject, Relation(kind, value, reference)))


CAPTIONS = st.builds(_caption, st.integers(0, 20), st.integers(0, 20), st.integers(0, 20), st.integers(0, 3))


def test_segments_cover_every_world_once_in_span_order(sample):
    spans = segments(sample)
    flat = np.concatenate([np.sort(np.concatenate(span)) for span in spans])
    assert flat.tolist() == list(range(SIZE))
    counts = sample.present.sum(axis=1)
    assert len(spans[-1]) > 1  # the last span (1,476 worlds) is split
    for span in spans:  # a split span: one object count per part
        assert len(span) == 1 or all(len(np.unique(counts[part])) == 1 for part in span)


@settings(max_examples=15, deadline=None)
@given(formula=CAPTIONS, bound=st.floats(0.0, 1.0), k=st.integers(1, 12), order=st.permutations(range(3)))
def test_segmented_answers_equal_the_whole_sample_ones(sample, formula, bound, k, order):
    whole = truth_in(formula, sample)
    prior = CaptionPrior(sample)
    questions = [lambda: prior.within(formula, bound), lambda: prior.first_true(formula, k).tolist(),
                 lambda: prior.truths(formula).tolist()]
    expected = [whole.sum() / SIZE <= bound, np.flatnonzero(whole)[:k].tolist(), whole.tolist()]
    for q in order:  # any order of questions: the segments done are shared
        assert questions[q]() == expected[q]
    assert prior.count(formula) == int(whole.sum())


def test_limit_is_the_float_comparison(sample):
    prior = CaptionPrior(sample)
    for bound in (0.0, 0.1, 0.4, 1 / 3, 0.55, 1.0):
        k = prior.limit(bound)
        assert k / SIZE <= bound and (k == SIZE or (k + 1) / SIZE > bound)


def test_a_meaning_without_truth_is_never_within(sample):
    prior = CaptionPrior(sample)
    behind = formula_of(Existential(EntityType(), Relation("z-rel", -1, EntityType())))  # needs outlines
    assert prior.within(behind, 1.0) is False
    assert prior.first_true(behind, 3) is None and prior.truths(behind) is None


@pytest.mark.slow
@pytest.mark.parametrize("name", ["relational-proximity", "selection", "coreference", "logical",
                                  "relational-negation", "relative-clauses", "relational-comparative"])
def test_skipping_worlds_without_the_objects_a_caption_needs_changes_no_truth(name):
    """Worlds lacking an object an "a"/"the" quantifier needs are never evaluated: the sampled
    captions of every kind of family keep the whole-sample truth vectors."""
    from shapeworldice.data.build import InstanceBuilder
    from shapeworldice.interpret.prior import holds_all, witnesses

    definition = load_definition(name)
    sample = sample_worlds(definition, 1_200)
    builder = InstanceBuilder(definition)
    prior = CaptionPrior(sample)
    skipped = 0
    for i in range(8):
        rng = np.random.default_rng([23, i])
        world = builder.world_sampler.sample(rng, "test")
        caption = builder.samplers[0](world, rng)
        if caption is None:
            continue
        formula = formula_of(caption)
        whole = truth_in(formula, sample)
        possible = holds_all(sample, witnesses(formula))
        assert not (whole & ~possible).any()  # the necessary condition is necessary
        skipped += int((~possible).sum())
        assert prior.truths(formula).tolist() == whole.tolist()
    assert skipped > 0


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-2, len(COLOR_NAMES)), st.integers(-2, len(SHAPE_NAMES))), max_size=3))
def test_needs_counted_from_the_held_table_are_those_of_holds_all(sample, needs):
    """A prior counts the worlds holding a meaning's needed objects from its sample's table of held
    objects: the same worlds as asking the columns, for any needs (any colour or shape: −1; none: −2;
    one past the last, which no world has)."""
    from shapeworldice.interpret.prior import held_table, holds_all, holds_all_in

    assert holds_all_in(held_table(sample), needs).tolist() == holds_all(sample, needs).tolist()
