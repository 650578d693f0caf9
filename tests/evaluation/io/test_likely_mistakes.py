"""Error messages for the mistakes a new user makes (issue: what a researcher needs, item 6)."""
from __future__ import annotations

import json

from shapeworldice.data.build import generate
from shapeworldice.evaluation.core.gtd import evaluate
from shapeworldice.evaluation.io.report import summary_text
from shapeworldice.evaluation.studies.baselines import baseline
from shapeworldice.data.loader import load
from tests.cli_support import one_line_error, run


def test_the_exports_ground_truth_file_is_named_as_such(small_dataset, tmp_path):
    coco = tmp_path / "coco"
    assert run("export", small_dataset, "--format", "coco", "--out", coco).exit_code == 0
    truth = next(coco.glob("*.json"))
    line = one_line_error(run("evaluate", small_dataset, "--captions", truth))
    assert "COCO ground-truth file" in line and "not model outputs" in line and "COCO results list" in line


def test_csv_and_plain_text_name_the_three_formats(small_dataset, tmp_path):
    for name, text in (("c.csv", "image_id,caption\nabc-test-000000,A square is red.\n"),
                       ("c.txt", "A square is red.\nA circle is blue.\n")):
        path = tmp_path / name
        path.write_text(text)
        line = one_line_error(run("evaluate", small_dataset, "--captions", path))
        assert "line 1 is not JSON" in line
        assert "COCO results list" in line and "JSON object" in line and "JSON Lines" in line


def test_a_bare_json_value_is_called_json_of_the_wrong_shape(small_dataset, tmp_path):
    for text in ("null\n", "42\n", '"A square is red."\n'):
        path = tmp_path / "c.json"
        path.write_text(text)
        line = one_line_error(run("evaluate", small_dataset, "--captions", path))
        assert "line 1 is not a JSON object" in line and "COCO results list" in line


def test_a_misspelt_dataset_name_gets_the_closest(tmp_path):
    line = one_line_error(run("generate", "spatial-twoshape", "--out", tmp_path / "d", "--test", "4"))
    assert "did you mean 'spatial-twoshapes'?" in line
    assert not (tmp_path / "d").exists()
    far = one_line_error(run("generate", "zebra", "--out", tmp_path / "d"))
    assert "known: " in far and "did you mean" not in far


def test_evaluating_the_training_split_warns_about_its_one_reference(tmp_path):
    directory = generate("existential-oneshape", tmp_path, seed=0, train=6, validation=0, test=4)
    captions = baseline(load(directory, "train"), "generic")
    report = evaluate(directory, captions, split="train")
    assert len(report["warnings"]) == 1 and "1 reference caption per image" in report["warnings"][0]
    assert summary_text(report).startswith("warning: the train split has 1 reference caption per image")
    assert evaluate(directory, baseline(load(directory, "test"), "generic"))["warnings"] == []
    assert json.loads(json.dumps(report["warnings"])) == report["warnings"]
