"""The GTD evaluator: baseline orderings on the six datasets, metric equality, reports."""
from __future__ import annotations

import json

import pytest

from shapeworldice.evaluation.studies.baselines import KINDS, baseline
from shapeworldice.evaluation.core.gtd import Evaluator, evaluate
from shapeworldice.evaluation.io.report import summary_text, write_details, write_report

from tests.evaluation.conftest import SIX

#: "shuffled" keeps at least this fraction of the references' BLEU-4 (stated in docs/results.md).
SHUFFLED_BLEU_FRACTION = 0.3


@pytest.fixture(scope="module")
def baseline_scores(six_datasets):
    scores = {}
    for name, directory in six_datasets.items():
        evaluator = Evaluator(directory)
        for kind in KINDS:
            report = evaluator.evaluate(baseline(evaluator.data, kind, seed=0), include_meteor=False)
            scores[name, kind] = report.scores
    return scores


@pytest.mark.parametrize("name", SIX)
def test_baseline_orderings(baseline_scores, name):
    s = {kind: baseline_scores[name, kind] for kind in KINDS}
    assert s["references"]["grammaticality"] == 1.0 and s["references"]["truthfulness"] == 1.0
    assert s["generic"]["grammaticality"] == 1.0 and s["generic"]["truthfulness"] == 1.0
    assert s["generic"]["diversity"] == min(v["diversity"] for v in s.values() if v["grammaticality"] > 0.5)
    assert s["generic"]["diversity"] < s["references"]["diversity"]
    assert s["shuffled"]["grammaticality"] == 1.0
    assert s["shuffled"]["truthfulness"] <= 0.7
    assert s["shuffled"]["bleu_4"] >= SHUFFLED_BLEU_FRACTION * s["references"]["bleu_4"]
    assert s["permuted"]["grammaticality"] < 0.3
    assert s["random-words"]["grammaticality"] < 0.3


def test_bleu_and_cider_match_pycocoevalcap(six_datasets):
    from pycocoevalcap.bleu.bleu import Bleu
    from pycocoevalcap.cider.cider import Cider

    from shapeworldice.metrics.tokenize import tokenize_caption

    directory = six_datasets["quantification-count"]
    evaluator = Evaluator(directory)
    entries = baseline(evaluator.data, "shuffled", seed=3)
    report = evaluator.evaluate(entries, include_meteor=False)
    gts = {i.id: [tokenize_caption(c) for c in i.captions] for i in evaluator.data}
    res = {e["image_id"]: [tokenize_caption(e["caption"])] for e in entries}
    bleu, _ = Bleu(4).compute_score(gts, res, verbose=0)
    cider, _ = Cider().compute_score(gts, res)
    for n in range(4):
        assert report.scores[f"bleu_{n + 1}"] == pytest.approx(bleu[n], abs=1e-9)
    assert report.scores["cider_d"] == pytest.approx(cider, abs=1e-9)


def test_report_files_and_details(small_dataset, tmp_path):
    evaluator = Evaluator(small_dataset)
    report = evaluator.evaluate(baseline(evaluator.data, "shuffled"), include_meteor=False)
    write_report(report, tmp_path / "report.json")
    write_details(report, tmp_path / "details.jsonl")
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["signature"].startswith("GTD|v:") and "|parser:builtin|" in data["signature"]
    assert data["signature"].endswith("|split:test|refs:10|boot:1000@0:95%:images")
    assert set(data["scores"]) >= {"grammaticality", "truthfulness", "truthfulness_grammatical", "diversity",
                                   "bleu_1", "bleu_4", "meteor", "rouge_l", "cider_d", "spice"}
    assert data["counts"]["true"] + data["counts"]["false"] + data["counts"]["ambiguous"] \
        + data["counts"]["uninterpretable"] == data["counts"]["grammatical"]
    assert "family" in data["breakdown"] and "heldout" in data["breakdown"]
    lines = [json.loads(x) for x in (tmp_path / "details.jsonl").read_text().splitlines()]
    assert len(lines) == 200
    assert {"image_id", "caption", "grammatical", "truth", "construction", "family", "scores"} <= set(lines[0])
    assert lines[0]["scores"]["bleu_4"] is not None
    assert "GTD|" in summary_text(report)


def test_constructions_ignore_values(small_dataset):
    evaluator = Evaluator(small_dataset)
    ids = evaluator.ids[:2]
    report = evaluator.evaluate([{"image_id": ids[0], "caption": "A square is to the left of a red shape."},
                                 {"image_id": ids[1], "caption": "A circle is to the left of a blue shape."}],
                                allow_missing=True, include_meteor=False)
    assert report.counts.constructions_output == 1
    assert report.missing_images == len(evaluator.ids) - 2


def test_several_captions_per_image(small_dataset):
    evaluator = Evaluator(small_dataset)
    entries = [{"image_id": i, "caption": c} for i in evaluator.ids for c in ("There is a shape.", "A shape is.")]
    report = evaluator.evaluate(entries, include_meteor=False, several_captions=True)
    assert report.captions == 2 * report.images
    assert report.scores["grammaticality"] == 1.0
    assert report.counts.uninterpretable == report.images  # VP ellipsis: grammatical, no proposition
    assert report.scores["truthfulness"] == 0.5
    section = report["diversity_section"]
    assert section["images"] == report.images and 0.0 < section["self_cider"] <= 1.0
    assert section["f_score"] is not None
    single = evaluator.evaluate([{"image_id": i, "caption": "There is a shape."} for i in evaluator.ids],
                                include_meteor=False)
    assert single["diversity_section"] is None


def test_meteor_reported_unavailable_or_number(small_dataset):
    report = evaluate(small_dataset, [{"image_id": i, "caption": "There is a shape."} for i in
                                      Evaluator(small_dataset).ids], include_meteor=False)
    assert report.scores["meteor"] is None and "meteor" in report.unavailable


def test_package_level_evaluate(small_dataset):
    """``shapeworldice.evaluate`` reaches the GTD evaluator (it once imported a name that does not exist)."""
    import shapeworldice

    ids = Evaluator(small_dataset).ids[:1]
    entries = [{"image_id": ids[0], "caption": "There is a shape."}]
    report = shapeworldice.evaluate(small_dataset, entries, allow_missing=True)
    assert report == evaluate(small_dataset, entries, allow_missing=True)
    assert report.captions == 1 and report.scores["grammaticality"] == 1.0
