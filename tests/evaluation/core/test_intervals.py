"""Bootstrap intervals over images and the paired bootstrap test (issue: error bars on every score)."""
from __future__ import annotations

import numpy as np
import pytest

from shapeworldice.evaluation.studies.baselines import baseline
from shapeworldice.evaluation.core.intervals import (
    diversity, draw_weights, image_table, intervals, paired_test, score_draws,
)
from shapeworldice.metrics import get_metric

PER_CAPTION = ("cider_d", "rouge_l", "informativeness", "informativeness_relative")


def _table(evaluator, kind, seed=0):
    captions = baseline(evaluator.data, kind, seed=seed)
    report = evaluator.evaluate(captions)
    images = evaluator.images
    bleu = get_metric("bleu")  # the metric's own statistics contract, computed afresh
    results = bleu.compute([[c["caption"]] for c in captions], [list(img.captions) for img in images])
    table = image_table(report.details, [img.id for img in images],
                        {img.id: [r.construction for r in img.references] for img in images},
                        {"bleu": bleu.statistics(results["bleu_1"])}, PER_CAPTION)
    return report, table


@pytest.mark.parametrize("kind", ["shuffled", "permuted"])
def test_weights_of_one_give_the_reports_scores(evaluator, kind):
    report, table = _table(evaluator, kind)
    point = score_draws(table, np.ones((1, len(table))))
    point["diversity"] = np.array([diversity(table)[0]])
    keys = ["grammaticality", "truthfulness", "truthfulness_grammatical", "diversity", "spice", "bleu_1", "bleu_4",
            *PER_CAPTION]
    for key in keys:
        expected = report.scores[key]
        if expected is None:
            assert np.isnan(point[key][0]), key
        else:
            assert point[key][0] == pytest.approx(expected, abs=1e-9), key


def test_draws_resample_images_and_are_seeded():
    w = draw_weights(50, draws=200, seed=3)
    assert w.shape == (200, 50) and (w.sum(axis=1) == 50).all()
    assert (w == draw_weights(50, draws=200, seed=3)).all() and not (w == draw_weights(50, 200, seed=4)).all()
    # each image is drawn about once per draw on average
    assert abs(w.mean() - 1.0) < 1e-12 and 0.9 < w.var() < 1.1


def test_interval_brackets_the_score_with_the_normal_width(evaluator):
    report, table = _table(evaluator, "shuffled")
    found = intervals(table, draws=500)
    for key in ("grammaticality", "truthfulness", "bleu_4", "cider_d", "diversity", "spice"):
        lo, hi = found[key]
        assert lo <= report.scores[key] + 1e-9 and report.scores[key] <= hi + 1e-9, key
    # T of shuffled on 64 images: a proportion p has a normal-theory 95% half-width ≈ 1.96·sqrt(p(1-p)/n)
    p, n = report.scores["truthfulness"], len(table)
    lo, hi = found["truthfulness"]
    assert (hi - lo) / 2 == pytest.approx(1.96 * np.sqrt(p * (1 - p) / n), rel=0.35)
    assert found["grammaticality"] == [1.0, 1.0]  # every shuffled caption parses: no spread


def test_diversity_jackknife_loses_a_construction_only_with_its_one_image():
    from types import SimpleNamespace as R

    results = [R(image_id=i, construction=c, grammatical=True, truth="true", spice=0.0, scores={})
               for i, c in (("a", "x"), ("b", "x"), ("c", "y"))]
    table = image_table(results, ["a", "b", "c"], {"a": ["x", "y"], "b": ["x", "z"], "c": ["y"]})
    full, left_out = diversity(table)
    assert full == 2 / 3  # x, y of x, y, z
    # leaving out a: x (b has it) and y (c has it) stay, x y z stay → 2/3; b: z goes → 2/2; c: y goes → 1/3
    assert list(left_out) == [2 / 3, 1.0, 1 / 3]
    lo, hi = intervals(table, draws=10)["diversity"]
    assert lo < full < hi


def test_paired_test_separates_a_real_difference_from_none(evaluator):
    _, references = _table(evaluator, "references")
    _, shuffled = _table(evaluator, "shuffled")
    _, shuffled_again = _table(evaluator, "shuffled")
    result = paired_test(shuffled, references, draws=500)
    assert result["truthfulness"]["difference"] > 0.5 and result["truthfulness"]["p"] < 0.01
    lo, hi = result["truthfulness"]["interval"]
    assert lo > 0
    same = paired_test(shuffled, shuffled_again, draws=500)
    assert same["truthfulness"]["difference"] == 0 and same["truthfulness"]["p"] == 1.0
    assert same["diversity"]["difference"] == 0 and same["diversity"]["p"] == 1.0
    with pytest.raises(ValueError, match="same images"):
        paired_test(shuffled, image_table([], [], {}), draws=10)
