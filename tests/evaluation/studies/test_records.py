"""The robustness, variance and validity results as records: PREFIX.json read back gives the same bytes,
and the readers (table, CSV, plot) work from the record read back as from the one computed."""
from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.evaluation.io.outputs import json_text
from shapeworldice.evaluation.studies.baselines import baseline, write_baseline
from shapeworldice.evaluation.studies.records import RobustnessResult, SubsetSpread, ValidityResult, VarianceResult
from shapeworldice.evaluation.studies.robustness import robustness, robustness_table, write_robustness
from shapeworldice.evaluation.studies.validity import validity, validity_csv, validity_table
from shapeworldice.evaluation.studies.variance import variance, variance_table, write_variance


@pytest.fixture(scope="module")
def robust(evaluator) -> RobustnessResult:
    return robustness(None, steps=2, transforms=["shuffled"], evaluator=evaluator)


@pytest.fixture(scope="module")
def spread(evaluator) -> VarianceResult:
    return variance(None, baseline(evaluator.data, "shuffled"), draws=2, max_size=2, evaluator=evaluator)


def test_a_written_robustness_result_reads_back_to_its_bytes(robust, tmp_path):
    json_file, csv_file, *_ = write_robustness(robust, tmp_path / "r")
    again = RobustnessResult.from_json(json.loads(json_file.read_bytes()))
    assert (json_text(again.to_json(), indent=1) + "\n").encode() == json_file.read_bytes()
    assert robustness_table(again) == robustness_table(robust)
    assert write_robustness(again, tmp_path / "again")[1].read_bytes() == csv_file.read_bytes()


def test_a_written_variance_result_reads_back_to_its_bytes(spread, tmp_path):
    json_file, csv_file, *_ = write_variance(spread, tmp_path / "v")
    again = VarianceResult.from_json(json.loads(json_file.read_bytes()))
    assert isinstance(again.subsets["bleu_4"], SubsetSpread)
    assert (json_text(again.to_json(), indent=1) + "\n").encode() == json_file.read_bytes()
    assert variance_table(again) == variance_table(spread)
    assert write_variance(again, tmp_path / "again")[1].read_bytes() == csv_file.read_bytes()


def test_a_written_validity_result_reads_back_to_its_bytes(evaluator, tmp_path):
    files = [str(write_baseline(baseline(evaluator.data, kind, seed=0), tmp_path / f"{kind}.json"))
             for kind in ("references", "shuffled")]
    result = validity(evaluator, files, draws=0)
    written = json_text(result.to_json(), indent=1, sort_keys=True)  # what write_validity writes as PREFIX.json
    again = ValidityResult.from_json(json.loads(written))
    assert json_text(again.to_json(), indent=1, sort_keys=True) == written
    assert validity_table(again) == validity_table(result) and validity_csv(again) == validity_csv(result)


def test_a_nan_is_written_as_null_named_and_read_back(spread, tmp_path):
    diverged = replace(spread, full={**spread.full, "bleu_4": math.nan})
    json_file = write_variance(diverged, tmp_path / "nan")[0]
    again = VarianceResult.from_json(json.loads(json_file.read_bytes()))
    assert again.full["bleu_4"] is None and again.not_finite is not None and "full.bleu_4" in again.not_finite
    assert (json_text(again.to_json(), indent=1) + "\n").encode() == json_file.read_bytes()


_value = st.one_of(st.none(), st.floats(allow_nan=False, allow_infinity=False))


@settings(max_examples=40, deadline=None)
@given(values=st.lists(_value, min_size=2, max_size=4), area=_value, unavailable=st.dictionaries(
    st.sampled_from(["meteor", "cider_d"]), st.text(max_size=8)))
def test_any_robustness_document_round_trips_in_its_order(values, area, unavailable):
    document = {"signature": "GTD|x", "dataset": "d", "split": "test", "steps": len(values), "seed": 0,
                "images": 3, "gammas": [k / (len(values) - 1) for k in range(len(values))], "metrics": ["bleu_4"],
                "curves": {"shuffled": {"bleu_4": values}}, "areas": {"shuffled": {"bleu_4": area}},
                "drops": {"shuffled": {"bleu_4": None if area is None else 1 - area}},
                "raw": {"shuffled": {"bleu_4": values}}, "unavailable": unavailable, "convention": "c"}
    written = json_text(document, indent=1)
    assert json_text(RobustnessResult.from_json(document).to_json(), indent=1) == written
    assert json_text(RobustnessResult.from_json(json.loads(written)).to_json(), indent=1) == written
