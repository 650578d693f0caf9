"""Catalogue-driven reports: a registered metric or GTD hook reaches the report and the table;
progress bars, the METEOR rule and the curves' warnings."""
from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from shapeworldice.cli import main
from shapeworldice.evaluation.studies.baselines import baseline
from shapeworldice.evaluation.studies.curves import MIN_POINTS, correlations, warnings
from shapeworldice.progress import bar as progress_bar
from shapeworldice.evaluation.io.report import summary_text
from shapeworldice.evaluation.io.report_records import Report
from shapeworldice.evaluation.core.measures import CaptionContext, CaptionMeasure
from shapeworldice.evaluation.core.registry import registered
from shapeworldice.metrics import catalogue, score_all

from tests.metrics.test_catalogue import toy_metric


def test_registered_metric_reaches_report_and_table(evaluator):
    entries = baseline(evaluator.data, "shuffled", seed=0)
    by_id = {e["image_id"]: e["caption"] for e in entries}
    with toy_metric():
        report = evaluator.evaluate(entries)
        text = summary_text(report)
        expected = score_all([[by_id[i]] for i in evaluator.ids], [im.captions for im in evaluator.images])
    assert report.scores["length_ratio"] == pytest.approx(expected["length_ratio"].score, rel=1e-12)
    assert report.details[0].scores["length_ratio"] == pytest.approx(expected["length_ratio"].per_image[0])
    header = text.splitlines()[1]
    assert header.split()[-1] == "LenRatio"
    overall = next(line for line in text.splitlines() if line.startswith("overall"))
    assert overall.split()[-1] == f"{report['scores']['length_ratio']:.3f}"
    assert "length_ratio" not in evaluator.evaluate(entries)["scores"]  # gone once unregistered


class _TuplesKept(CaptionMeasure):
    """A toy per-caption measure: the share of the caption's tuples its image's references have,
    as a mean (``toy_gtd``) and as a maximum (``toy_gtd_max``)."""

    keys = ("toy_gtd", "toy_gtd_max")
    description = "share of a caption's tuples among its references' tuples"

    def score(self, context: CaptionContext) -> dict[str, float | None]:
        union = set().union(*(r.tuples for r in context.references))
        value = len(context.analysis.tuples & union) / max(len(context.analysis.tuples), 1)
        return {"toy_gtd": value, "toy_gtd_max": value}

    def aggregate(self, key, values, weights):
        if key == "toy_gtd_max":
            return max((v for v in values if v is not None), default=None)
        return super().aggregate(key, values, weights)


def test_per_caption_measure_reaches_report(evaluator):
    """A registered per-caption measure, computed from the caption's analysis and the image,
    averaged (0 if ungrammatical) or aggregated its own way; shown where its layout entry says."""
    entries = baseline(evaluator.data, "shuffled", seed=1)
    for entry in entries[::2]:
        entry["caption"] = "Square red a is."  # ungrammatical: no value, counts 0 in the mean
    layout = (catalogue.Measure("toy_gtd", "TG", views=frozenset({"report", "table"})),
              catalogue.Measure("toy_gtd_max", "TGmax"))
    with registered(_TuplesKept()), catalogue.registered(*layout):
        report = evaluator.evaluate(entries)
        text = summary_text(report)
    per_caption = []
    for image, entry in zip(evaluator.images, entries):
        a = evaluator.analyse(entry["caption"])
        refs = set().union(*image.tuples)
        per_caption.append(len(a.tuples & refs) / max(len(a.tuples), 1) if a.grammatical else None)
    assert any(v is None for v in per_caption) and any(v for v in per_caption)
    assert report.scores["toy_gtd"] == pytest.approx(sum(v or 0 for v in per_caption) / len(per_caption))
    assert report.scores["toy_gtd_max"] == max(v for v in per_caption if v is not None)
    assert [r.scores["toy_gtd"] for r in report.details] == per_caption
    assert text.splitlines()[1].split()[-1] == "TG"
    assert "toy_gtd" not in evaluator.evaluate(entries)["scores"]  # gone once unregistered


def test_per_caption_scores_with_several_captions(evaluator):
    ids = evaluator.ids[:3]
    entries = [{"image_id": i, "caption": c} for i in ids for c in ("There is a shape.", "A red shape is a square.")]
    report = evaluator.evaluate(entries, allow_missing=True, several_captions=True)
    expected = score_all([["There is a shape.", "A red shape is a square."]] * 3,
                         [im.captions for im in evaluator.images[:3]])["bleu_1"].extra["per_caption"]
    assert [r.scores["bleu_1"] for r in report.details] == [v for values in expected for v in values]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_only_on_a_terminal():
    for stream, enabled, shown in ((_Terminal(), True, True), (_Terminal(), False, False),
                                   (io.StringIO(), True, False)):
        with progress_bar(4, "evaluate", enabled, unit="caption", stream=stream) as bar:
            bar.update(4)
        assert ("evaluate" in stream.getvalue()) is shown, (enabled, stream.getvalue())


def test_evaluate_progress_stays_off_stderr_when_not_a_terminal(evaluator, capsys):
    evaluator.evaluate(baseline(evaluator.data, "generic", seed=0), progress=True)
    assert capsys.readouterr().err == ""


def test_correlation_reasons_and_warning():
    rows = [{"truthfulness": t, "bleu_4": b, "cider_d": 1.0, "spice": None}
            for t, b in ((0.1, 0.2), (0.5, 0.3), (0.9, 0.5))]
    table = correlations(rows)
    assert table["bleu_4"]["pearson"] == pytest.approx(0.9820, abs=1e-4) and table["bleu_4"]["reason"] is None
    assert table["bleu_4"]["spearman"] == pytest.approx(1.0) and table["bleu_4"]["points"] == 3
    assert table["cider_d"]["pearson"] is None
    assert table["cider_d"]["reason"] == "CIDEr-D is the same at every checkpoint"
    assert table["spice"]["reason"].startswith("SPICE* has no value")
    assert "needs at least 3" in correlations(rows[:2])["bleu_4"]["reason"]
    assert warnings(rows) == [f"only 3 checkpoints: correlations from fewer than {MIN_POINTS} points are unreliable"]
    assert warnings(rows * 2) == []


@pytest.mark.parametrize("command", ["evaluate", "robustness", "variance", "curves"])
def test_one_meteor_rule_in_every_help(command):
    result = CliRunner().invoke(main, [command, "--help"])
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "--meteor / --no-meteor" in text and "Off by default in every command" in text
    assert "--quiet" in text


def test_cli_reports_meteor_in_plain_words(small_dataset, tmp_path):
    captions = tmp_path / "generic.json"
    runner = CliRunner()
    directory = str(small_dataset)
    assert runner.invoke(main, ["baseline", directory, "--kind", "generic", "--out", str(captions)]).exit_code == 0
    result = runner.invoke(main, ["evaluate", directory, "--captions", str(captions)])
    assert result.exit_code == 0, result.output
    assert "METEOR: not computed (use --meteor)" in result.output
    report = Report.from_json(json.loads(runner.invoke(main, ["evaluate", directory, "--captions", str(captions),
                                                              "--json"]).stdout))
    assert report.unavailable == {"meteor": "not computed (use --meteor)"}


def test_curves_warns_with_few_checkpoints(small_dataset, tmp_path):
    from shapeworldice.evaluation.quickstart import mixed_checkpoints

    files = mixed_checkpoints(small_dataset, tmp_path)[:3]
    result = CliRunner().invoke(main, ["curves", str(small_dataset), *sum((["--captions", f] for f in files), []),
                                       "--out", str(tmp_path / "c")])
    assert result.exit_code == 0, result.output
    assert f"warning: only 3 checkpoints: correlations from fewer than {MIN_POINTS} points" in result.stderr
    assert "warning" not in result.stdout
