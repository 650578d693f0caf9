"""Issue #18 item 1 on the command line: every command's outputs go through one path that refuses
(one line, exit 2, nothing written) an input, a dataset's files or a non-regular file, follows a
symlinked output to its target, keeps a private file private, and streams ``-`` to stdout where
that makes sense (``baseline --out``, ``evaluate --details``)."""
from __future__ import annotations

import json
import os
import shutil
import stat
from dataclasses import replace
from pathlib import Path

import pytest

from shapeworldice.data import load
from shapeworldice.data.build import generate
from tests.cli_support import one_line_error, run

needs_root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                                reason="making a device node needs root")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return generate("spatial-twoshapes", tmp_path_factory.mktemp("safety"), seed=0, train=0, validation=0, test=4)


@pytest.fixture
def dataset(built, tmp_path) -> Path:
    """A fresh copy of the built dataset per test, so a test that clobbers it harms no other."""
    return Path(shutil.copytree(built, tmp_path / built.name))


@pytest.fixture
def captions(dataset, tmp_path) -> Path:
    path = tmp_path / "c.json"
    entries = [{"image_id": inst.id, "caption": "There is a shape."} for inst in load(dataset, "test")]
    path.write_text(json.dumps(entries))
    return path


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_evaluate_refuses_to_write_over_the_manifest(dataset, captions):
    before = snapshot(dataset)
    line = one_line_error(run("evaluate", dataset, "--captions", captions, "--out", dataset / "manifest.json"))
    assert "inside the dataset directory" in line and snapshot(dataset) == before


def test_robustness_refuses_a_prefix_inside_the_dataset(dataset):
    before = snapshot(dataset)
    line = one_line_error(run("robustness", dataset, "--steps", 2, "--transforms", "shuffled", "--quiet",
                              "--out", dataset / "manifest"))
    assert "inside the dataset directory" in line and snapshot(dataset) == before


def test_variance_refuses_a_prefix_that_names_its_captions(dataset, captions, tmp_path):
    vcap = tmp_path / "vcap.json"
    shutil.copy(captions, vcap)
    before = vcap.read_bytes()
    line = one_line_error(run("variance", dataset, "--captions", vcap, "--draws", 2, "--quiet",
                              "--out", tmp_path / "vcap"))
    assert "would overwrite the input --captions" in line and vcap.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["vcap.json", "c.json", dataset.name])


def test_curves_refuses_outputs_that_are_its_checkpoints(dataset, captions, tmp_path):
    checkpoint = tmp_path / "ckpt-100.csv"  # any format is read by content, so a .csv name is a caption file
    shutil.copy(captions, checkpoint)
    before = checkpoint.read_bytes()
    line = one_line_error(run("curves", dataset, "--captions", f"100={checkpoint}", "--quiet",
                              "--out", tmp_path / "ckpt-100"))
    assert "would overwrite the input" in line and checkpoint.read_bytes() == before


def test_show_and_baseline_refuse_files_inside_the_dataset(dataset):
    before = snapshot(dataset)
    assert "inside the dataset directory" in one_line_error(run("show", dataset, "--out", dataset / "test" / "s.png"))
    assert "inside the dataset directory" in one_line_error(
        run("baseline", dataset, "--kind", "generic", "--out", dataset / "manifest.json"))
    assert snapshot(dataset) == before


@pytest.mark.parametrize("command", ["quickstart", "export"])
def test_folder_outputs_inside_a_dataset_are_refused(dataset, command):
    before = snapshot(dataset)
    args = ("quickstart", "--out", dataset / "q") if command == "quickstart" else ("export", dataset, "--out",
                                                                                  dataset / "q")
    assert "inside the dataset directory" in one_line_error(run(*args))
    assert snapshot(dataset) == before and not (dataset / "q").exists()


def test_evaluate_follows_a_symlinked_out_to_its_target(dataset, captions, tmp_path):
    target = tmp_path / "target.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert run("evaluate", dataset, "--captions", captions, "--out", link, "--quiet").exit_code == 0
    assert link.is_symlink() and json.loads(target.read_text())["captions"] == 4


def test_evaluate_keeps_a_private_report_private(dataset, captions, tmp_path):
    report = tmp_path / "private.json"
    report.write_text("old")
    report.chmod(0o600)
    assert run("evaluate", dataset, "--captions", captions, "--out", report, "--quiet").exit_code == 0
    assert stat.S_IMODE(report.stat().st_mode) == 0o600 and json.loads(report.read_text())["captions"] == 4


def test_a_fifo_output_is_refused_before_the_run(dataset, captions, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    line = one_line_error(run("baseline", dataset, "--kind", "generic", "--out", fifo))
    assert "not a regular file" in line and stat.S_ISFIFO(fifo.lstat().st_mode)


@pytest.mark.parametrize("device", ["/dev/null", "/dev/stdout"])
def test_outputs_leading_to_devices_are_refused(dataset, captions, tmp_path, device):
    link = tmp_path / "out.json"  # a link in the test's folder: on a broken build only the link is lost
    link.symlink_to(device)
    line = one_line_error(run("evaluate", dataset, "--captions", captions, "--out", link))
    assert "device path" in line and os.readlink(link) == device


@needs_root
def test_a_device_node_output_is_refused(dataset, captions, tmp_path):
    device = tmp_path / "null"
    os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    line = one_line_error(run("evaluate", dataset, "--captions", captions, "--out", device))
    assert "not a regular file" in line and stat.S_ISCHR(device.lstat().st_mode)


def test_baseline_dash_streams_the_captions(dataset, tmp_path):
    result = run("baseline", dataset, "--kind", "generic", "--out", "-")
    assert result.exit_code == 0 and not (Path.cwd() / "-").exists()
    entries = json.loads(result.stdout)
    assert [e["image_id"] for e in entries] == [inst.id for inst in load(dataset, "test")]
    file = tmp_path / "g.json"
    run("baseline", dataset, "--kind", "generic", "--out", file)
    assert result.stdout_bytes == file.read_bytes()


def test_evaluate_details_dash_streams_jsonl_and_moves_the_table_to_stderr(dataset, captions):
    result = run("evaluate", dataset, "--captions", captions, "--details", "-")
    assert result.exit_code == 0
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(rows) == 4 and {r["caption"] for r in rows} == {"There is a shape."}
    assert "overall" in result.stderr
    assert "both print to standard output" in one_line_error(
        run("evaluate", dataset, "--captions", captions, "--details", "-", "--json"))
    assert "standard output (-) is not allowed" in one_line_error(
        run("evaluate", dataset, "--captions", captions, "--out", "-"))


def _strict(text: str):
    """json.loads that refuses NaN and Infinity, as strict JSON parsers do."""
    def refuse(constant):
        raise ValueError(f"non-standard JSON constant {constant}")

    return json.loads(text, parse_constant=refuse)


def test_a_nan_score_is_written_as_null_with_its_reason(dataset, captions, monkeypatch):
    """Issue #33: a diverged critic's NaN reached report.json as ``NaN``, which strict JSON parsers
    reject. Every JSON output writes null instead and names the value under ``not_finite``."""
    import math

    import shapeworldice as swi
    from shapeworldice.evaluation.io.report import details_bytes, report_bytes

    found = swi.evaluate(dataset, str(captions))
    report = replace(found, scores={**found.scores, "bleu_4": math.nan},
                     intervals={**found.intervals, "truthfulness": (-math.inf, math.inf)})
    report.details[0].spice = math.nan
    written = _strict(report_bytes(report).decode())
    assert written["scores"]["bleu_4"] is None and written["intervals"]["truthfulness"] == [None, None]
    assert written["not_finite"]["scores.bleu_4"].startswith("nan: not a finite number")
    assert set(written["not_finite"]) == {"scores.bleu_4", "intervals.truthfulness[0]", "intervals.truthfulness[1]"}
    first = _strict(details_bytes(report).decode().splitlines()[0])
    assert first["scores"]["spice"] is None and "scores.spice" in first["not_finite"]
    clean = swi.evaluate(dataset, str(captions))
    assert "not_finite" not in _strict(report_bytes(clean).decode())  # nothing added when all is finite
