"""Informativeness: 0 for a constant always-true caption, the references' own for the references."""
from __future__ import annotations

import pytest

from shapeworldice.evaluation.studies.baselines import GENERIC_CAPTION, baseline
from shapeworldice.evaluation.core.gtd import Evaluator
from shapeworldice.evaluation.core.informativeness import Informativeness, caption_information, context_for
from shapeworldice.interpret import formula_of
from shapeworldice.semantics import EntityType, Existential, Relation
from shapeworldice.interpret.prior import CaptionPrior, WorldSample
from tests.conftest import make_world


@pytest.fixture(scope="module")
def spatial(six_datasets):
    return Evaluator(six_datasets["spatial-twoshapes"])


def test_constant_always_true_caption_carries_nothing(spatial):
    report = spatial.evaluate([{"image_id": i, "caption": GENERIC_CAPTION} for i in spatial.ids])
    assert report.scores["truthfulness"] == 1.0
    assert report.scores["informativeness"] == 0.0
    assert report.scores["informativeness_relative"] == 0.0


def test_each_reference_position_averages_to_the_references_own(spatial):
    """Scoring reference k of every image, for k = 0..9, averages exactly to the references' mean."""
    values = []
    for k in range(10):
        entries = [{"image_id": image.id, "caption": image.captions[k]} for image in spatial.images]
        report = spatial.evaluate(entries)
        assert report.scores["truthfulness"] == 1.0
        values.append(report.scores["informativeness"])
    reference_mean = context_for(spatial.data, spatial.prior).reference_mean
    assert reference_mean > 1.0
    assert sum(values) / len(values) == pytest.approx(reference_mean, rel=1e-9)


def test_references_baseline_scores_about_one_and_false_captions_nothing(spatial):
    refs = spatial.evaluate(baseline(spatial.data, "references", seed=0))
    assert refs["scores"]["informativeness_relative"] == pytest.approx(1.0, abs=0.15)
    shuffled = spatial.evaluate(baseline(spatial.data, "shuffled", seed=0))
    for result in shuffled["details"]:
        if result.truth != "true":
            assert result.scores["informativeness"] == 0.0
    assert shuffled["scores"]["informativeness_relative"] < refs["scores"]["informativeness_relative"]
    family = refs["breakdown"]["family"]
    assert all("informativeness_relative" in group for group in family.values())
    assert refs["scores"]["prior_unavailable"] == 0.0


def test_a_true_caption_without_prior_is_counted():
    prior = CaptionPrior(WorldSample.of([make_world(("square", "red", 0.3, 0.5))]))
    behind = formula_of(Existential(EntityType.of(color="red"), Relation("z-rel", -1, EntityType())))
    assert caption_information(prior, behind, "true") is None
    assert caption_information(prior, behind, "false") == 0.0
    assert Informativeness().aggregate("prior_unavailable", [None, 1.0, 0.0, 1.0], [1.0] * 4) == 2.0
