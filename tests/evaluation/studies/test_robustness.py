"""Robustness curves (Cui et al.'s pathological transformations) on a small built dataset."""
from __future__ import annotations

import csv
import json

import numpy as np
import pytest

from shapeworldice.errors import UserError
from shapeworldice.evaluation.io.outputs import rounded
from shapeworldice.evaluation.studies.baselines import baseline
from shapeworldice.evaluation.studies.robustness import (
    metrics,
    _Base,
    _OtherReferences,
    robustness,
    robustness_table,
    score_step,
    write_robustness,
)
from shapeworldice.evaluation.studies.transforms import transform

STEPS = 6




@pytest.fixture(scope="module")
def result(evaluator):
    return robustness(None, steps=STEPS, evaluator=evaluator)


def test_shape_and_normalisation(result):
    assert result.gammas == pytest.approx(list(np.linspace(0, 1, STEPS)))
    assert set(result.curves) == {"shuffled", "permuted", "random-words"}
    assert result.metrics == metrics() and "meteor" not in metrics() and "meteor" in metrics(True)
    for t, cols in result.curves.items():
        for m, values in cols.items():
            assert len(values) == STEPS
            assert values[0] == 1.0, (t, m)  # the untransformed human caption scores 1
            assert result.raw[t][m][0] == result.raw["shuffled"][m][0]  # γ = 0 shared
            area = result.areas[t][m]
            assert 0.0 <= area <= 1.2, (t, m, area)
            assert result.drops[t][m] == pytest.approx(1 - area)
            g = result.gammas
            assert area == pytest.approx(sum((g[k + 1] - g[k]) * (values[k] + values[k + 1]) / 2
                                             for k in range(STEPS - 1)))
    assert result.signature.startswith("GTD|") and "robustness:shuffled,permuted,random-words" in result.signature


def test_gtd_falls_where_it_should(result):
    for t in ("permuted", "random-words"):
        g = result.curves[t]["grammaticality"]
        assert g[-1] < g[STEPS // 2] < g[0] and g[-1] < 0.2, (t, g)
    shuffled = result.curves["shuffled"]
    assert shuffled["grammaticality"] == [1.0] * STEPS  # references of other images stay grammatical
    t = shuffled["truthfulness"]
    assert t[-1] < t[STEPS // 2] < t[0] and t[-1] < 0.2, t


def test_ngram_metrics_keep_more_than_t_under_shuffled(result):
    areas = result.areas["shuffled"]
    assert areas["bleu_4"] > areas["truthfulness"]
    assert areas["cider_d"] > areas["truthfulness"]
    assert areas["grammaticality"] == pytest.approx(1.0)
    # G is the robust metric under the pathological word-level transformations
    for t in ("permuted", "random-words"):
        assert result.areas[t]["grammaticality"] < result.areas[t]["bleu_1"]


def test_step_scores_equal_the_evaluator_report(evaluator):
    base = _Base(evaluator, seed=0)
    ref_entries = baseline(evaluator.data, "references", seed=0)
    assert base.entries(base.captions) == ref_entries
    for name, gamma in (("shuffled", 0.5), ("permuted", 0.6), ("random-words", 0.3)):
        captions = transform(name, base.captions, base.others, gamma, np.random.default_rng(7), base.vocab)
        scores, _ = score_step(evaluator, base, captions)
        report = evaluator.evaluate(base.entries(captions), include_meteor=False)["scores"]
        for metric, value in scores.items():
            assert value == pytest.approx(report[metric], rel=1e-12, abs=1e-15), (name, metric)


def test_other_references_pool():
    captions = [("a", "b"), ("c",), ("d", "e", "f")]
    offsets = [0, 2, 3, 6]
    for i, expected in enumerate((["c", "d", "e", "f"], ["a", "b", "d", "e", "f"], ["a", "b", "c"])):
        pool = _OtherReferences(captions, offsets, i)
        assert list(pool) == expected and len(pool) == len(expected)
        with pytest.raises(IndexError):
            pool[len(expected)]


def test_seeded_and_subsettable(evaluator, result):
    again = robustness(None, transforms=["shuffled"], steps=STEPS, evaluator=evaluator)
    assert list(again.curves) == ["shuffled"]
    assert again.raw["shuffled"] == result.raw["shuffled"]
    other = robustness(None, transforms=["shuffled"], steps=STEPS, seed=1, evaluator=evaluator)
    assert other.raw["shuffled"]["truthfulness"] != result.raw["shuffled"]["truthfulness"]


def test_bad_arguments(evaluator):
    with pytest.raises(UserError, match="unknown transformation"):
        robustness(None, transforms=["reversed"], evaluator=evaluator)
    with pytest.raises(UserError, match="steps"):
        robustness(None, steps=1, evaluator=evaluator)
    with pytest.raises(UserError, match="twice"):
        robustness(None, transforms=["permuted", "permuted"], evaluator=evaluator)


def test_write(result, tmp_path):
    paths = write_robustness(result, tmp_path / "robust")
    assert [p.name for p in paths] == ["robust.json", "robust.csv", "robust.png", "robust.svg"]
    assert json.loads(paths[0].read_text())["areas"] == rounded(result.areas)  # twelve digits
    rows = list(csv.DictReader(paths[1].open()))
    assert len(rows) == 3 * len(result.metrics) * STEPS
    first = rows[0]
    assert float(first["normalised"]) == 1.0 and first["gamma"] == "0.0"
    assert paths[2].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and b"<svg" in paths[3].read_bytes()[:2000]
    assert write_robustness(result, tmp_path / "again.json")[0].name == "again.json"
    with pytest.raises(UserError, match="does not exist"):
        write_robustness(result, tmp_path / "missing" / "robust")
    table = robustness_table(result)
    assert "shuffled" in table and "CIDEr-D" in table
    # the numbers say what they are, in the same words as the plot's title
    assert table.splitlines()[0].startswith("Area under the normalised score")
    assert "small area = the metric notices the damage" in table


def test_meteor_without_java_is_unavailable_not_zero(evaluator, monkeypatch):
    import shapeworldice.evaluation.studies.robustness as module

    monkeypatch.setattr(module, "java_available", lambda: False)
    result = robustness(None, transforms=["permuted"], steps=2, include_meteor=True, evaluator=evaluator)
    assert result.metrics == metrics(True) and "meteor" in result.metrics
    assert result.raw["permuted"]["meteor"] == [None, None]
    assert result.areas["permuted"]["meteor"] is None and result.drops["permuted"]["meteor"] is None
    assert result.unavailable["meteor"] == "java not found"
    assert "n/a" in robustness_table(result)


@pytest.mark.slow
def test_meteor_curve(evaluator):
    from shapeworldice.metrics import java_available

    if not java_available():
        pytest.skip("no java")
    result = robustness(None, transforms=["shuffled"], steps=2, include_meteor=True, evaluator=evaluator)
    assert result.curves["shuffled"]["meteor"][0] == 1.0
    assert 0 < result.areas["shuffled"]["meteor"] < 1
