"""--engine dask: shards and checkpoints as jobs of a local 2-worker cluster give the local bytes.

The cluster tests skip when the [dask] extra is not installed; the refusals run everywhere.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from shapeworldice import generate  # as the command builds: the floors recorded
from shapeworldice.engine import FAULT_ENV
from tests.cli_support import one_line_error, run

SMALL = dict(train=40, validation=6, test=10)


def _small_definition(tmp_path: Path, name: str = "quantification-ratio") -> Path:
    """A shipped definition with 8-instance shards: the small build has 8 shards (5 + 1 + 2)."""
    text = (Path(__file__).resolve().parents[2] / "datasets" / f"{name}.toml").read_text()
    path = tmp_path / f"{name}.toml"
    path.write_text("shard_size = 8\n" + text)  # a top-level key, before any table
    return path


def _files(directory: Path) -> dict[str, bytes]:
    """Every file of a built dataset (shards, manifest, prior sample) by relative path."""
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def local_build(tmp_path_factory):
    """The reference: the small definition built locally, in one process."""
    tmp = tmp_path_factory.mktemp("local")
    definition = _small_definition(tmp)
    return definition, _files(generate(str(definition), tmp / "out", seed=5, **SMALL, workers=1))


def test_engine_without_extra_names_the_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed → ImportError
    line = one_line_error(run("generate", "quantification-ratio", "--out", tmp_path, "--test", 4, "--engine", "dask"))
    assert "shapeworldice[dask]" in line
    assert not (tmp_path / "quantification-ratio").exists()


def test_address_without_engine_is_refused(tmp_path):
    line = one_line_error(run("generate", "quantification-ratio", "--out", tmp_path, "--test", 4,
                              "--address", "tcp://127.0.0.1:8786"))
    assert "--engine" in line


def test_curves_address_without_engine_is_refused(tmp_path):
    line = one_line_error(run("curves", tmp_path, "--captions", tmp_path / "c.json", "--address", "tcp://x:1"))
    assert "--engine" in line


# ----------------------------------------------------------------------------- on a cluster

def test_engine_build_equals_local_build(local_build, tmp_path):
    pytest.importorskip("distributed")
    definition, reference = local_build
    built = generate(str(definition), tmp_path, seed=5, **SMALL, workers=2, engine="dask")
    assert _files(built) == reference
    assert len([f for f in reference if f.endswith(".parquet")]) == 8


def test_one_worker_and_reversed_order_give_the_same_bytes(tmp_path, monkeypatch):
    """An informative definition (its workers read the prior sample from the folder), jobs submitted
    last first to a 1-worker cluster: the files of a local build."""
    pytest.importorskip("distributed")
    import shapeworldice.engine as engine

    definition = _small_definition(tmp_path, "quantification-ratio-informative")
    reference = _files(generate(str(definition), tmp_path / "local", seed=2, **SMALL, workers=1))
    original = engine.run_jobs

    def reversed_jobs(client, function, items, *args):
        last = len(items) - 1
        for position, result in original(client, function, items[::-1], *args):
            yield last - position, result

    monkeypatch.setattr(engine, "run_jobs", reversed_jobs)
    built = generate(str(definition), tmp_path / "engine", seed=2, **SMALL, workers=1, engine="dask")
    assert _files(built) == reference


@pytest.mark.parametrize("mode", ["raise", "exit"])
def test_a_job_that_fails_once_gives_the_same_bytes(local_build, tmp_path, monkeypatch, mode):
    """A job that raises once is retried; a worker killed mid-job has its job rerun: same files, each once."""
    pytest.importorskip("distributed")
    definition, reference = local_build
    marker = tmp_path / "fault"
    monkeypatch.setenv(FAULT_ENV, f"{mode}:{marker}")
    built = generate(str(definition), tmp_path / "out", seed=5, **SMALL, workers=2, engine="dask")
    assert marker.exists()  # the fault did happen
    assert _files(built) == reference
    assert not list(built.rglob(".*.tmp"))


def test_engine_resumes_a_local_build(local_build, tmp_path, monkeypatch):
    """A build interrupted locally is finished on the engine; the shards kept are not written again."""
    pytest.importorskip("distributed")
    import shapeworldice.data.build as build

    definition, reference = local_build
    original, calls = build._run_task, {"n": 0}

    def interrupted(task):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return original(task)

    monkeypatch.setattr(build, "_run_task", interrupted)
    with pytest.raises(KeyboardInterrupt):
        generate(str(definition), tmp_path, seed=5, **SMALL, workers=1)
    monkeypatch.setattr(build, "_run_task", original)
    target = tmp_path / "quantification-ratio"
    kept = {p: p.stat().st_mtime_ns for p in target.glob("*/*.parquet")}
    assert len(kept) == 2
    generate(str(definition), tmp_path, seed=5, **SMALL, workers=2, engine="dask")
    assert _files(target) == reference
    assert all(p.stat().st_mtime_ns == mtime for p, mtime in kept.items())
    assert json.loads((target / "manifest.json").read_text())["complete"]


def test_generate_command_on_the_engine(local_build, tmp_path):
    pytest.importorskip("distributed")
    definition, reference = local_build
    result = run("generate", definition, "--out", tmp_path, "--seed", 5, "--train", 40, "--validation", 6,
                 "--test", 10, "--workers", 2, "--engine", "dask", "--quiet")
    assert result.exit_code == 0, result.output
    assert _files(tmp_path / "quantification-ratio") == reference


def test_engine_build_to_a_file_uri_equals_local_build(local_build, tmp_path):
    """--out as a file:// URI (a shared folder every worker sees), on a 2-worker cluster: the local bytes."""
    pytest.importorskip("distributed")
    definition, reference = local_build
    result = run("generate", definition, "--out", f"file://{tmp_path}/shared", "--seed", 5, "--train", 40,
                 "--validation", 6, "--test", 10, "--workers", 2, "--engine", "dask", "--quiet")
    assert result.exit_code == 0, result.output
    assert _files(tmp_path / "shared" / "quantification-ratio") == reference


def test_engine_refuses_a_bad_uri_before_starting(tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.chdir(tmp_path)
    line = one_line_error(run("generate", "quantification-ratio", "--out", "s3://bucket/prefix", "--test", 4,
                              "--engine", "dask"))
    assert "no local view" in line
    assert not list(tmp_path.iterdir())


def test_curves_on_the_engine_equal_local_curves(tmp_path):
    pytest.importorskip("distributed")
    from shapeworldice.evaluation.quickstart import mixed_checkpoints

    dataset = generate("spatial-twoshapes", tmp_path / "data", seed=0, train=0, validation=0, test=40)
    files = mixed_checkpoints(dataset, tmp_path)
    captions = sum((["--captions", f] for f in reversed(files)), [])  # given out of order: rows by iteration
    local = run("curves", dataset, *captions, "--out", tmp_path / "local", "--no-meteor", "--quiet")
    assert local.exit_code == 0, local.output
    engine = run("curves", dataset, *captions, "--out", tmp_path / "engine", "--no-meteor", "--quiet",
                 "--engine", "dask")
    assert engine.exit_code == 0, engine.output
    assert engine.output.replace("engine.", "local.") == local.output
    table = (tmp_path / "engine.csv").read_text()
    assert table == (tmp_path / "local.csv").read_text()
    iterations = [int(line.split(",")[0]) for line in table.splitlines()[1:]]
    assert iterations == sorted(iterations) and len(iterations) == 5


@pytest.mark.slow
def test_unreachable_scheduler_is_one_line(tmp_path):
    pytest.importorskip("distributed")
    line = one_line_error(run("generate", "quantification-ratio", "--out", tmp_path, "--test", 4,
                              "--engine", "dask", "--address", "tcp://127.0.0.1:9"))
    assert "cannot reach the dask scheduler at tcp://127.0.0.1:9" in line
    assert not list(tmp_path.iterdir())  # refused before anything was written


@pytest.mark.slow
def test_local_workers_die_with_a_killed_driver(tmp_path):
    """kill -9 of the command mid-build leaves no worker of its local cluster behind."""
    psutil = pytest.importorskip("psutil")
    pytest.importorskip("distributed")
    import signal
    import subprocess
    import time

    definition = _small_definition(tmp_path)
    cmd = [sys.executable, "-m", "shapeworldice", "generate", str(definition), "--out", str(tmp_path / "run"),
           "--train", "400", "--validation", "0", "--test", "0", "--workers", "2", "--engine", "dask", "--quiet"]
    proc = subprocess.Popen(cmd, stderr=subprocess.DEVNULL)
    target = tmp_path / "run" / "quantification-ratio"
    deadline = time.time() + 120
    while time.time() < deadline and not list(target.glob("train/*.parquet")):
        time.sleep(0.05)
    workers = psutil.Process(proc.pid).children()
    assert len(workers) >= 2  # the two workers (and multiprocessing's resource tracker)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    gone, alive = psutil.wait_procs(workers, timeout=10)
    assert not alive


@pytest.fixture
def silent_scheduler():
    """A TCP server that accepts connections and never answers (a hung or foreign service)."""
    import socket

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        server.close()


@pytest.mark.parametrize("command", ["generate", "evaluate"])
def test_a_scheduler_that_never_answers_is_one_line_within_the_timeout(tmp_path, monkeypatch, silent_scheduler,
                                                                         command):
    """Issue #33: an address that accepts and never answers hung past the 20 s the code asked for."""
    import time

    pytest.importorskip("distributed")
    import shapeworldice.engine as engine

    monkeypatch.setattr(engine, "CONNECT_SECONDS", 2.0)
    args = (["generate", "quantification-ratio", "--out", tmp_path / "out", "--test", 4] if command == "generate" else
            ["evaluate", tmp_path, "--captions", tmp_path / "c.json", "--out", tmp_path / "out"])
    (tmp_path / "c.json").write_text("[]")
    start = time.monotonic()
    line = one_line_error(run(*args, "--engine", "dask", "--address", silent_scheduler))
    assert time.monotonic() - start < 8
    assert f"cannot reach the dask scheduler at {silent_scheduler}: no answer within 2 s" in line
    assert not (tmp_path / "out").exists()


def test_a_tls_address_without_tls_settings_is_one_line(tmp_path):
    """Issue #33: --address tls://... was a TypeError traceback from deep inside Dask."""
    pytest.importorskip("distributed")
    line = one_line_error(run("generate", "quantification-ratio", "--out", tmp_path, "--test", 4,
                              "--engine", "dask", "--address", "tls://127.0.0.1:9"))
    assert "cannot connect to the dask scheduler at tls://127.0.0.1:9: TLS needs Dask's TLS settings" in line
    assert not list(tmp_path.iterdir())
