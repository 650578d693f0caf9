"""``compare``: a paired bootstrap of two caption sets on the same build."""
from __future__ import annotations

import json

from shapeworldice.evaluation.studies.baselines import baseline, write_baseline
from shapeworldice.evaluation.studies.compare import compare
from tests.cli_support import one_line_error, run


def test_a_real_difference_is_significant_and_noise_is_not(evaluator):
    shuffled = baseline(evaluator.data, "shuffled", seed=0)
    references = baseline(evaluator.data, "references", seed=0)
    other_shuffle = baseline(evaluator.data, "shuffled", seed=1)
    real = compare(evaluator, shuffled, references, draws=500)
    t = real.scores["truthfulness"]
    assert t.interval is not None and t.difference is not None and t.p is not None
    assert t.b == 1.0 and t.difference > 0.5 and t.p < 0.01 and t.interval[0] > 0
    noise = compare(evaluator, shuffled, other_shuffle, draws=500).scores["truthfulness"]
    assert noise.interval is not None and noise.p is not None
    assert noise.interval[0] < noise.difference < noise.interval[1]
    assert noise.interval[0] <= 0 <= noise.interval[1] and noise.p > 0.05
    assert "|paired:boot:500@0:95%:images" in real.signature and real.images == len(evaluator.ids)


def test_cli_compare_prints_writes_and_refuses(small_dataset, tmp_path):
    from shapeworldice.data.loader import load

    split = load(small_dataset, "test")
    a = write_baseline(baseline(split, "shuffled"), tmp_path / "a.json")
    b = write_baseline(baseline(split, "references"), tmp_path / "b.json")
    out = tmp_path / "cmp.json"
    result = run("compare", small_dataset, "--captions", a, "--captions", b, "--draws", 200, "--out", out)
    assert result.exit_code == 0, result.output
    t_line = next(line for line in result.output.splitlines() if line.startswith("T "))
    assert t_line.endswith(" *")  # shuffled vs references: T differs
    saved = json.loads(out.read_text())
    assert saved["scores"]["truthfulness"]["p"] < 0.05 and saved["a"] == str(a)
    assert "exactly two" in one_line_error(run("compare", small_dataset, "--captions", a))
    assert "--captions" in one_line_error(run("compare", small_dataset, "--captions", a, "--captions", b,
                                              "--out", a))  # an output may not replace an input


def test_a_gtd_report_given_as_captions_is_called_a_report(small_dataset, tmp_path):
    """Issue #33: compare called a GTD report 'a COCO ground-truth file' (it has an 'images' count)."""
    from shapeworldice.data.loader import load

    a = write_baseline(baseline(load(small_dataset, "test"), "shuffled"), tmp_path / "a.json")
    report = tmp_path / "report.json"
    assert run("evaluate", small_dataset, "--captions", a, "--out", report, "--quiet").exit_code == 0
    line = one_line_error(run("compare", small_dataset, "--captions", a, "--captions", report, "--draws", "100"))
    assert "report.json: this is a GTD report" in line and "ground-truth" not in line
    coco = tmp_path / "gt.json"
    coco.write_text(json.dumps({"images": [{"id": 1}], "annotations": [{"image_id": 1, "caption": "x"}]}))
    assert "COCO ground-truth file" in one_line_error(run("compare", small_dataset, "--captions", a,
                                                          "--captions", coco, "--draws", "100"))
