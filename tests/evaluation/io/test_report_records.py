"""The typed report records read a report's JSON and give back the same bytes: report.json and
details.jsonl, as the evaluator writes them and as they are read back from the files."""
from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.data.build import generate
from shapeworldice.evaluation.core.gtd import Evaluator
from shapeworldice.evaluation.core.scoring import CaptionResult
from shapeworldice.evaluation.io.inputs import HEADER_KEY
from shapeworldice.evaluation.io.outputs import json_text, rounded
from shapeworldice.evaluation.io.report import details_bytes, report_bytes
from shapeworldice.evaluation.io.report_records import Comparison, GroupSummary, Report
from shapeworldice.evaluation.quickstart import SUITES
from shapeworldice.evaluation.studies.baselines import FLOOR_KINDS, KINDS, baseline
from tests.bytes_digest import BASELINES, DATASETS, SIZES


def _read_back(report: Report) -> Report:
    """The report as a reader of report.json and details.jsonl gets it."""
    details = [CaptionResult.from_json(json.loads(line)) for line in details_bytes(report).decode().splitlines()]
    return Report.from_json(json.loads(report_bytes(report)), details)


def _assert_round_trips(report: Report) -> None:
    again = _read_back(report)
    assert report_bytes(again) == report_bytes(report)
    assert details_bytes(again) == details_bytes(report)
    assert report_bytes(_read_back(again)) == report_bytes(report)  # and once more from its own bytes


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Evaluator:
    """The bytes-digest sizes of spatial-twoshapes: 12 test images, 24 training ones."""
    return Evaluator(generate("spatial-twoshapes", tmp_path_factory.mktemp("records"), **SIZES))


@pytest.mark.parametrize("kind", BASELINES)
def test_each_baseline_report_round_trips_byte_for_byte(small, kind):
    _assert_round_trips(small.evaluate(baseline(small.data, kind, seed=0)))


def test_a_report_with_several_captions_a_captioner_and_a_nan_round_trips(small, tmp_path):
    entries = baseline(small.data, "shuffled", seed=0) + baseline(small.data, "permuted", seed=0)
    header = {HEADER_KEY: 1, "model": "echo", "prompt": {"name": "coco", "text": "Describe."},
              "decoding": {"max_new_tokens": 8}, "image": {"size": 64}}
    path = tmp_path / "results.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in [header, *entries]) + "\n", encoding="utf-8")
    report = small.evaluate(path, several_captions=True)
    assert report.diversity_section is not None and report.captioner is not None
    _assert_round_trips(report)
    diverged = replace(report, scores={**report.scores, "bleu_4": math.nan})
    again = _read_back(diverged)
    assert again.not_finite is not None and "scores.bleu_4" in again.not_finite
    assert report_bytes(again) == report_bytes(diverged)


def test_readers_see_the_fields_as_attributes_and_as_the_json_has_them(small):
    report = small.evaluate(baseline(small.data, "references", seed=0))
    document = json.loads(report_bytes(report))
    # the file writes floats to twelve significant digits (the same bytes on any CPU)
    assert rounded(report["scores"]) == document["scores"] and report["details"] == list(report.details)
    truth = report.score("truthfulness")
    assert rounded([truth.value, *truth.interval]) == [document["scores"]["truthfulness"],
                                                       *document["intervals"]["truthfulness"]]
    group = next(iter(report.breakdown["family"].values()))
    assert isinstance(group, GroupSummary) and group.counts.true <= group.captions
    assert report.counts.true == document["counts"]["true"]


def test_a_document_with_a_field_the_record_lacks_is_refused(small):
    document = json.loads(report_bytes(small.evaluate(baseline(small.data, "shuffled", seed=0))))
    with pytest.raises(ValueError, match="unknown fields \\['surprise'\\]"):
        Report.from_json({**document, "surprise": 1})
    with pytest.raises(ValueError, match="missing fields \\['counts'\\]"):
        Report.from_json({k: v for k, v in document.items() if k != "counts"})


_number = st.one_of(st.none(), st.floats(allow_nan=True, allow_infinity=True), st.integers(-5, 5))
_interval = st.one_of(st.none(), st.tuples(_number, _number))
_counts = st.fixed_dictionaries({k: st.integers(0, 99) for k in (
    "grammatical", "true", "false", "ambiguous", "uninterpretable", "constructions_output",
    "constructions_references")})
_keys = st.sampled_from(["truthfulness", "grammaticality", "bleu_4", "critic", "informativeness"])


@settings(max_examples=60, deadline=None)
@given(scores=st.dictionaries(_keys, _number), intervals=st.dictionaries(_keys, _interval), counts=_counts,
       group_scores=st.dictionaries(_keys, _number), captioner=st.one_of(st.none(), st.just({"model": "m"})),
       section=st.booleans())
def test_any_report_document_round_trips(scores, intervals, counts, group_scores, captioner, section):
    """Scores of any value (NaN and infinities written as null and named), any interval, present
    or absent: the record writes back the bytes it was read from, and the bytes of the report it
    was built from."""
    document = {
        "signature": "GTD|x", "warnings": ["w"], "dataset": "d", "split": "test", "parser": "builtin",
        "images": 3, "captions": 3, "missing_images": 0, "scores": scores,
        "intervals": {k: None if v is None else list(v) for k, v in intervals.items()}, "counts": counts,
        "reasons": {"ok": 3}, "notes": {}, "unavailable": {}, "metric_signatures": {"bleu_4": "BLEU"},
        "breakdown": {"family": {"spatial": {"captions": 3, **group_scores, "counts": counts, "reasons": {"ok": 3},
                                             "intervals": {}}}},
        "diversity_section": _SECTION if section else None,
    }
    if captioner is not None:
        document["captioner"] = captioner
    written = json_text(document, indent=2, sort_keys=True)
    assert json_text(Report.from_json(document).to_json(), indent=2, sort_keys=True) == written
    read = json.loads(written)
    assert json_text(Report.from_json(read).to_json(), indent=2, sort_keys=True) == written


_SECTION = {"images": 2, "images_single_caption": 1, "captions_per_image": {"min": 2, "max": 2, "mean": 2.0},
            "max_captions_compared": 50, "images_capped": 0, "self_cider": 0.5, "lsa": 0.4, "mbleu_1": 0.1,
            "mbleu_2": 0.1, "mbleu_3": 0.1, "mbleu_4": 0.1, "mbleu_mix": 0.9, "accuracy": 0.5, "beta2": 5.0,
            "f_score": 0.5, "signatures": {"lsa": "LSA"}, "notes": {"cap": "c"}}


@given(a=_number, b=_number, p=st.one_of(st.none(), st.floats(0, 1)), interval=_interval)
def test_a_comparison_round_trips(a, b, p, interval):
    document = {"signature": "GTD|x|paired", "a": "A", "b": "B", "images": 4, "alpha": 0.05,
                "scores": {"truthfulness": {"a": a, "b": b, "difference": None, "p": p,
                                            "interval": None if interval is None else list(interval)}}}
    written = json_text(document, indent=1, sort_keys=True)
    assert json_text(Comparison.from_json(document).to_json(), indent=1, sort_keys=True) == written
    assert json_text(Comparison.from_json(json.loads(written)).to_json(), indent=1, sort_keys=True) == written


#: the quickstart's datasets (both suites) and the bytes-digest fixture's informative forms
QUICKSTART = sorted({*DATASETS, *(name for names in SUITES.values() for name in names)})


@pytest.mark.slow
@pytest.mark.parametrize("name", QUICKSTART)
def test_every_quickstart_report_round_trips_byte_for_byte(name, tmp_path: Path):
    """The reports the quickstart computes (every baseline it scores, on each of its datasets)
    and those of the bytes-digest fixture, at the fixture's sizes."""
    evaluator = Evaluator(generate(name, tmp_path, **SIZES))
    try:
        for kind in (*KINDS, *FLOOR_KINDS):
            _assert_round_trips(evaluator.evaluate(baseline(evaluator.data, kind, seed=0)))
    finally:
        evaluator.close()
