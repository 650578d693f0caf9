"""One contract over every registered measure and metric (HF evaluate's idea): each describes
itself, has its place in the report layout, returns well-formed values, and — where it has
sufficient statistics — its score is the score of their sum (sacrebleu's contract)."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest

from shapeworldice.evaluation.core.measures import CaptionContext, CaptionMeasure, DatasetContext
from shapeworldice.evaluation.core.registry import caption_measures, measure_of
from shapeworldice.evaluation.studies.baselines import baseline
from shapeworldice.metrics import catalogue, get_metric, registry

CANDS = [["A red square is left of a circle."], ["There is a blue triangle.", "A shape is blue."],
         ["Two shapes are green."]]
REFS = [["A red square is to the left of a circle.", "There is a circle."], ["A triangle is blue."],
        ["There are two green shapes.", "A green shape is a circle."]]

MEASURES = caption_measures()
FAMILIES = list(registry.metrics())


@pytest.mark.parametrize("measure", MEASURES, ids=lambda m: type(m).__name__)
def test_a_caption_measure_describes_itself_and_has_a_layout(measure: CaptionMeasure):
    described = measure.describe()
    assert json.loads(json.dumps(described)) == described
    assert described["keys"] and described["description"].strip()
    assert measure.weighted <= set(measure.keys) and measure.counted <= set(measure.keys)
    for key in measure.keys:
        assert catalogue.measure(key).key == key  # its label, style and views
        assert measure_of(key) is measure


@pytest.mark.parametrize("measure", MEASURES, ids=lambda m: type(m).__name__)
def test_a_caption_measure_scores_every_caption_of_a_split(measure: CaptionMeasure, evaluator):
    prepared = measure.prepare(DatasetContext(evaluator.data, evaluator.prior))
    assert isinstance(prepared, CaptionMeasure) and prepared.keys == measure.keys
    entries = baseline(evaluator.data, "shuffled", seed=3)
    values: dict[str, list[float | None]] = {k: [] for k in measure.keys}
    weights: dict[str, list[float]] = {k: [] for k in measure.keys}
    for image, entry in zip(evaluator.images, entries):
        analysis = evaluator.analyse(entry["caption"])
        if not analysis.grammatical:
            continue
        truth = "true" if analysis.interpretation is not None else None
        context = CaptionContext(analysis, image, image.references, truth)
        scored = prepared.score(context)
        assert set(scored) == set(measure.keys)
        for key, value in scored.items():
            assert value is None or (isinstance(value, float) and math.isfinite(value))
            weight = prepared.weight(key, context)
            assert weight >= 0.0 and (key in measure.weighted or weight == 1.0)
            values[key].append(value)
            weights[key].append(weight)
    for key in measure.keys:
        total = prepared.aggregate(key, values[key], weights[key])
        assert total is None or math.isfinite(total)
        assert prepared.aggregate(key, [], []) in (None, 0.0)  # an empty set: no score, or a count of 0


@pytest.mark.parametrize("family", FAMILIES)
def test_a_metric_gives_its_results_with_signatures(family: str):
    metric = get_metric(family)
    results = metric.compute(CANDS, REFS)
    assert set(results) == set(metric.result_names)
    for name, result in results.items():
        entry = catalogue.measure(name)  # every result has its place in the layout
        assert entry.metric == family
        assert result.signature
        if result.score is None:
            assert result.unavailable  # METEOR without Java: a reason, never a silent gap
            continue
        assert entry.low - 1e-9 <= result.score <= entry.high + 1e-9
        assert result.per_image is not None and len(result.per_image) == len(CANDS)
        json.dumps(result.to_dict())


@pytest.mark.parametrize("family", FAMILIES)
def test_a_metric_is_the_score_of_its_statistics_or_has_per_caption_scores(family: str):
    metric = get_metric(family)
    results = metric.compute(CANDS, REFS)
    first = results[metric.result_names[0]]
    found = metric.statistics(first)
    if found is None:  # no statistics: the intervals resample its per-caption scores, which must be there
        for result in results.values():
            if result.score is not None:
                assert result.per_image is not None and len(result.per_image) == len(CANDS)
                assert all(v is None or math.isfinite(v) for v in result.per_image)
        return
    items = sum(len(c) for c in CANDS)
    assert found.values.shape[0] == items and found.item_image.shape == (items,)
    summed = found.score(found.values.sum(axis=0, keepdims=True))
    for name, result in results.items():
        assert summed[name][0] == pytest.approx(result.score, rel=1e-12)
    # the same statistics summed per image, then over images: the same score (what resampling sums)
    per_image = np.zeros((len(CANDS), found.values.shape[1]))
    np.add.at(per_image, found.item_image, found.values)
    again = found.score(np.ones((1, len(CANDS))) @ per_image)
    for name in results:
        assert again[name][0] == pytest.approx(summed[name][0], rel=1e-12)


def test_bleu_has_sufficient_statistics():
    """BLEU is the metric the report's intervals resample by its statistics: the contract must hold for it."""
    metric = get_metric("bleu")
    assert metric.statistics(metric.compute(CANDS, REFS)["bleu_1"]) is not None
