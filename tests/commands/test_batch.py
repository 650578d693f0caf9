"""evaluate over several caption files: one report per file, the bytes each file alone gives.

The reference outputs come from ``evaluate --captions FILE --out NAME.json`` run once per file;
the batch (here, or as jobs of a local 2-worker Dask cluster) must reproduce them byte for byte.
The cluster tests skip when the [dask] extra is not installed.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from shapeworldice.data.build import generate
from shapeworldice.engine import FAULT_ENV
from shapeworldice.errors import UserError
from shapeworldice.commands.batch import caption_files
from tests.cli_support import one_line_error, run


@pytest.fixture(scope="module")
def checkpoints(tmp_path_factory):
    """A 40-image test split, five checkpoint files of rising quality, and each file's outputs
    as ``evaluate`` writes them for that file alone."""
    from shapeworldice.evaluation.quickstart import mixed_checkpoints

    tmp = tmp_path_factory.mktemp("batch")
    dataset = generate("spatial-twoshapes", tmp / "data", seed=0, train=0, validation=0, test=40)
    (tmp / "captions").mkdir()
    files = [Path(f) for f in mixed_checkpoints(dataset, tmp / "captions")]
    alone = {}
    for path in files:
        result = run("evaluate", dataset, "--captions", path, "--out", tmp / f"{path.stem}.json",
                     "--details", tmp / f"{path.stem}.jsonl", "--quiet")
        assert result.exit_code == 0, result.output
        alone[path.stem] = ((tmp / f"{path.stem}.json").read_bytes(), (tmp / f"{path.stem}.jsonl").read_bytes())
    return dataset, files, alone


def _outputs(out: Path, details: Path) -> dict[str, tuple[bytes, bytes]]:
    return {p.stem: (p.read_bytes(), (details / f"{p.stem}.jsonl").read_bytes()) for p in sorted(out.glob("*.json"))}


def test_several_files_give_each_file_alone(checkpoints, tmp_path):
    dataset, files, alone = checkpoints
    captions = sum((["--captions", f] for f in reversed(files)), [])
    result = run("evaluate", dataset, *captions, "--out", tmp_path / "reports", "--details", tmp_path / "details")
    assert result.exit_code == 0, result.output
    assert _outputs(tmp_path / "reports", tmp_path / "details") == alone
    lines = result.output.splitlines()
    assert [line.split()[0] for line in lines[2:7]] == [f.name for f in reversed(files)]  # one row per file, as given
    assert lines[-1] == f"wrote 10 files to {tmp_path / 'reports'} and {tmp_path / 'details'}"


def test_a_folder_of_caption_files(checkpoints, tmp_path):
    dataset, files, alone = checkpoints
    result = run("evaluate", dataset, "--captions", files[0].parent, "--out", tmp_path, "--quiet")
    assert result.exit_code == 0 and result.output == ""
    assert {p.stem: p.read_bytes() for p in tmp_path.glob("*.json")} == {k: v[0] for k, v in alone.items()}


def test_a_bad_file_is_one_line_and_writes_nothing(checkpoints, tmp_path):
    dataset, files, _ = checkpoints
    bad = tmp_path / "broken.json"
    bad.write_text('[{"image_id": "nope", "caption": "x"}')
    line = one_line_error(run("evaluate", dataset, "--captions", files[0], "--captions", bad,
                              "--out", tmp_path / "reports", "--quiet"))
    assert "broken.json" in line
    assert not (tmp_path / "reports").exists()


def test_caption_files_are_expanded_and_checked(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    for name in ("a/x.json", "a/y.jsonl", "a/notes.txt", "b/x.json"):
        (tmp_path / name).write_text("[]")
    assert caption_files([str(tmp_path / "a")]) == [tmp_path / "a" / "x.json", tmp_path / "a" / "y.jsonl"]
    with pytest.raises(UserError, match="would both write x.json"):
        caption_files([str(tmp_path / "a"), str(tmp_path / "b")])
    with pytest.raises(UserError, match="twice"):
        caption_files([str(tmp_path / "b" / "x.json"), str(tmp_path / "b")])
    with pytest.raises(UserError, match="not found"):
        caption_files([str(tmp_path / "missing.json")])
    (tmp_path / "empty").mkdir()
    with pytest.raises(UserError, match="no .json or .jsonl"):
        caption_files([str(tmp_path / "empty")])


@pytest.mark.parametrize("make, words", [
    (lambda d: (d / "gone.json").symlink_to(d / "nowhere.json"), "gone.json is a dangling symbolic link"),
    (lambda d: ((d / "loop.json").symlink_to(d / "loop2.json"), (d / "loop2.json").symlink_to(d / "loop.json")),
     "is a symbolic link loop"),
    (lambda d: os.mkfifo(d / "pipe.jsonl"), "pipe.jsonl is not a regular file"),
    (lambda d: (d / "sub.json").mkdir(), "sub.json is a folder"),
])
def test_a_folder_entry_that_cannot_be_read_is_named_not_skipped(checkpoints, tmp_path, make, words):
    """Issue #33: evaluate --captions DIR/ skipped a symlink loop or a dangling link without a word."""
    dataset, files, _ = checkpoints
    folder = tmp_path / "captions"
    shutil.copytree(files[0].parent, folder)
    make(folder)
    line = one_line_error(run("evaluate", dataset, "--captions", f"{folder}/", "--out", tmp_path / "reports",
                              "--quiet"))
    assert words in line and line.startswith(f"error: --captions {folder}/: ")
    assert not (tmp_path / "reports").exists()


@pytest.mark.parametrize("extra, words", [
    (["--html", "r.html"], "--html shows one report"),
    (["--json"], "--json shows one report"),
    ([], "need --out FOLDER"),
    (["--out", "reports", "--details", "-"], "--details names a folder"),
    (["--out", "reports", "--address", "tcp://x:1"], "--address needs --engine"),
])
def test_options_that_need_one_file_are_refused(checkpoints, tmp_path, monkeypatch, extra, words):
    dataset, files, _ = checkpoints
    monkeypatch.chdir(tmp_path)
    line = one_line_error(run("evaluate", dataset, "--captions", files[0], "--captions", files[1], *extra))
    assert words in line
    assert not list(tmp_path.iterdir())


def test_critic_is_refused_on_the_engine(checkpoints, tmp_path, monkeypatch):
    """The learned critic is a measure of this process: engine workers would score without it."""
    from contextlib import nullcontext

    pytest.importorskip("torch")  # the critic's measure module imports it

    import shapeworldice.training as training
    from shapeworldice.training.critic import measure

    dataset, files, _ = checkpoints
    monkeypatch.setattr(training, "require_torch", lambda: None)
    monkeypatch.setattr(measure, "critic_measure", lambda *args: nullcontext())
    line = one_line_error(run("evaluate", dataset, "--captions", files[0].parent, "--out", tmp_path / "reports",
                              "--critic", tmp_path / "run", "--engine", "dask"))
    assert "--critic runs in this process only" in line
    assert not (tmp_path / "reports").exists()


def test_reports_never_replace_a_caption_file(checkpoints, tmp_path):
    dataset, files, _ = checkpoints
    folder = tmp_path / "captions"
    shutil.copytree(files[0].parent, folder)
    before = {p: p.read_bytes() for p in folder.iterdir()}
    line = one_line_error(run("evaluate", dataset, "--captions", folder, "--out", folder, "--quiet"))
    assert "would overwrite the input" in line
    assert {p: p.read_bytes() for p in folder.iterdir()} == before


def test_out_that_is_a_file_is_refused(checkpoints, tmp_path):
    dataset, files, _ = checkpoints
    (tmp_path / "taken").write_text("keep")
    line = one_line_error(run("evaluate", dataset, "--captions", files[0].parent, "--out", tmp_path / "taken"))
    assert "names a folder" in line
    assert (tmp_path / "taken").read_text() == "keep"


def test_a_folder_in_a_missing_folder_names_its_option(checkpoints, tmp_path):
    dataset, files, _ = checkpoints
    line = one_line_error(run("evaluate", dataset, "--captions", files[0].parent, "--out", tmp_path / "reports",
                              "--details", tmp_path / "missing" / "details"))
    assert line.startswith(f"error: --details {tmp_path / 'missing' / 'details'}") and "does not exist" in line
    assert not list(tmp_path.iterdir())


def test_engine_without_extra_names_the_extra(checkpoints, tmp_path, monkeypatch):
    import sys

    dataset, files, _ = checkpoints
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed → ImportError
    line = one_line_error(run("evaluate", dataset, "--captions", files[0].parent, "--out", tmp_path / "reports",
                              "--engine", "dask"))
    assert "shapeworldice[dask]" in line
    assert not (tmp_path / "reports").exists()


# ----------------------------------------------------------------------------- on a cluster

def test_engine_reports_equal_each_file_alone(checkpoints, tmp_path):
    pytest.importorskip("distributed")
    dataset, files, alone = checkpoints
    captions = sum((["--captions", f] for f in reversed(files)), [])
    result = run("evaluate", dataset, *captions, "--out", tmp_path / "reports", "--details", tmp_path / "details",
                 "--engine", "dask")
    assert result.exit_code == 0, result.output
    assert _outputs(tmp_path / "reports", tmp_path / "details") == alone
    local = run("evaluate", dataset, *captions, "--out", tmp_path / "local", "--details", tmp_path / "local-details")
    assert result.output.splitlines()[:-1] == local.output.splitlines()[:-1]  # the same table


def test_engine_job_that_fails_once_gives_the_same_reports(checkpoints, tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    dataset, files, alone = checkpoints
    marker = tmp_path / "fault"
    monkeypatch.setenv(FAULT_ENV, f"raise:{marker}")
    result = run("evaluate", dataset, "--captions", files[0].parent, "--out", tmp_path / "reports", "--quiet",
                 "--engine", "dask")
    assert result.exit_code == 0, result.output
    assert marker.exists()
    assert {p.stem: p.read_bytes() for p in (tmp_path / "reports").glob("*.json")} == \
        {k: v[0] for k, v in alone.items()}


def test_engine_bad_file_is_one_line_and_writes_nothing(checkpoints, tmp_path):
    pytest.importorskip("distributed")
    dataset, files, _ = checkpoints
    bad = tmp_path / "broken.json"
    bad.write_text("not json")
    line = one_line_error(run("evaluate", dataset, "--captions", files[0], "--captions", bad,
                              "--out", tmp_path / "reports", "--quiet", "--engine", "dask"))
    assert "broken.json" in line
    assert not (tmp_path / "reports").exists()


@pytest.mark.slow
def test_local_workers_die_with_a_killed_evaluate(checkpoints, tmp_path):
    """kill -9 of evaluate while its files are scored leaves no worker of its local cluster behind."""
    psutil = pytest.importorskip("psutil")
    pytest.importorskip("distributed")
    import signal
    import subprocess
    import sys
    import time

    dataset, files, _ = checkpoints
    many = tmp_path / "many"
    many.mkdir()
    for n in range(200):
        shutil.copyfile(files[n % len(files)], many / f"step-{n:03d}.json")
    cmd = [sys.executable, "-m", "shapeworldice", "evaluate", str(dataset), "--captions", str(many),
           "--out", str(tmp_path / "reports"), "--quiet", "--engine", "dask"]
    proc = subprocess.Popen(cmd, stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    workers: list = []
    while time.time() < deadline and len(workers) < 2:
        workers = psutil.Process(proc.pid).children()
        time.sleep(0.2)
    time.sleep(3)  # the workers are scoring
    workers = psutil.Process(proc.pid).children()  # both workers (and multiprocessing's resource tracker)
    assert proc.poll() is None and len(workers) >= 2
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    gone, alive = psutil.wait_procs(workers, timeout=10)
    assert not alive
    assert not (tmp_path / "reports").exists()  # no report of a run that did not finish
