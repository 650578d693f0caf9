"""Issue #18 items 3 and 4: a build killed at any moment resumes, an unbuildable definition leaves
nothing, a finished build is not rewritten, pools are capped; export cleans its temp folder on
SIGTERM and on the next run; lock files go with their holder."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import shapeworldice.data.build as build
import shapeworldice.data.lock as lock
import shapeworldice.workers as workers
from shapeworldice.data.build import generate
from shapeworldice.errors import UserError
from shapeworldice.evaluation.studies.manifest_floors import record_floors
from tests.cli_support import one_line_error, run

ROOT = Path(__file__).resolve().parents[2]
TINY = dict(train=2, validation=0, test=2)


def _files(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder`` (hidden ones included) with its bytes and mtime."""
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _bytes(folder: Path) -> dict[str, bytes]:
    return {name: data for name, (data, _) in _files(folder).items()}


def _wait_for(path: Path, proc: subprocess.Popen, seconds: float = 120, may_finish: bool = False) -> bool:
    """Wait until the paused run writes ``path``; False when it finished first (``may_finish``)."""
    deadline = time.monotonic() + seconds
    while not path.exists():
        if may_finish and proc.poll() == 0:
            return False
        assert proc.poll() is None, "the run ended before reaching its pause point"
        assert time.monotonic() < deadline, "the run never reached its pause point"
        time.sleep(0.02)
    return True


# ------------------------------------------------------------------ kill -9 between any two writes

#: a generate run that stops for good just before its K-th file write (counting shards, the prior
#: sample and every manifest), after creating MARKER: the parent kills it there with SIGKILL
PAUSED_GENERATE = """
import sys, time
from pathlib import Path
import shapeworldice.data.build as build

stop, marker, out = int(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
writes = [0]

def paused(write):
    def wrapper(*args, **kwargs):
        if writes[0] == stop:
            marker.write_text("paused")
            time.sleep(3600)
        writes[0] += 1
        return write(*args, **kwargs)
    return wrapper

build.atomic_write_bytes = paused(build.atomic_write_bytes)
build.atomic_write_json = paused(build.atomic_write_json)
build.generate("spatial-twoshapes", out, seed=0, train=2, validation=0, test=2, workers=1)
"""


def _writes_of_a_build(tmp_path: Path, monkeypatch) -> int:
    count = [0]
    for name in ("atomic_write_bytes", "atomic_write_json"):
        original = getattr(build, name)

        def counted(*args, _original=original, **kwargs):
            count[0] += 1
            return _original(*args, **kwargs)

        monkeypatch.setattr(build, name, counted)
    generate("spatial-twoshapes", tmp_path / "count", seed=0, **TINY)
    monkeypatch.undo()
    return count[0]


def test_kill_9_before_any_write_resumes_to_the_same_bytes(tmp_path, monkeypatch):
    """Killed just before each write in turn — the first is the prior sample, the second the first
    manifest (the window of the issue) — the rerun completes to the bytes of an uninterrupted build."""
    reference = _bytes(generate("spatial-twoshapes", tmp_path / "reference", seed=0, **TINY))
    writes = _writes_of_a_build(tmp_path, monkeypatch)
    assert writes >= 5  # prior sample, manifests, two shards, floors
    failures = []
    for stop in range(writes):
        out, marker = tmp_path / f"run{stop}", tmp_path / f"paused{stop}"
        proc = subprocess.Popen([sys.executable, "-c", PAUSED_GENERATE, str(stop), str(marker), str(out)], cwd=ROOT)
        try:
            # the manifest is rewritten at a pace set by the clock, so a loaded machine may write it
            # fewer times than the counting build did: a run that finishes first has no write left
            if not _wait_for(marker, proc, may_finish=stop >= 5):
                writes = stop
                break
        finally:
            proc.kill()
            proc.wait()
        try:
            if _bytes(generate("spatial-twoshapes", out, seed=0, **TINY)) != reference:
                failures.append(f"killed before write {stop}: other bytes")
        except UserError as exc:
            failures.append(f"killed before write {stop}: {exc}")
    assert not failures
    for stop in range(writes):  # the killed run's lock file was taken and removed by the rerun
        assert [p.name for p in (tmp_path / f"run{stop}").iterdir()] == ["spatial-twoshapes"]


def test_folder_with_only_a_prior_sample_resumes(tmp_path):
    """What a build of an earlier version left when killed in that window resumes too."""
    reference = generate("spatial-twoshapes", tmp_path / "reference", seed=0, **TINY)
    target = tmp_path / "run" / "spatial-twoshapes"
    target.mkdir(parents=True)
    (target / "prior-worlds.npy.gz").write_bytes(b"a torn sample from a killed run")
    (target / ".manifest.json.abc.tmp").write_bytes(b"{")
    assert _bytes(generate("spatial-twoshapes", tmp_path / "run", seed=0, **TINY)) == _bytes(reference)


def test_other_files_are_still_refused(tmp_path):
    (tmp_path / "spatial-twoshapes").mkdir()
    (tmp_path / "spatial-twoshapes" / "notes.txt").write_text("mine")
    with pytest.raises(UserError, match="exists and is not a dataset directory"):
        generate("spatial-twoshapes", tmp_path, seed=0, **TINY)
    assert (tmp_path / "spatial-twoshapes" / "notes.txt").read_text() == "mine"


# ------------------------------------------------------------------ an unbuildable definition leaves nothing


def _unbuildable(tmp_path: Path) -> Path:
    """Spatial captions need two shapes; these worlds have one, so no caption can be sampled."""
    path = tmp_path / "unbuildable.toml"
    path.write_text('extends = "spatial-twoshapes-informative"\nname = "unbuildable"\n\n[world]\nentity_counts = [1]\n')
    return path


def test_unbuildable_definition_leaves_nothing(tmp_path):
    definition = _unbuildable(tmp_path)
    out = tmp_path / "new" / "out"
    line = one_line_error(run("generate", definition, "--out", out, "--train", 2, "--validation", 0, "--test", 2,
                              "--quiet"))
    assert "cannot be built" in line
    assert not (tmp_path / "new").exists()
    existing = tmp_path / "existing"
    existing.mkdir()
    one_line_error(run("generate", definition, "--out", existing, "--test", 2, "--quiet"))
    assert list(existing.iterdir()) == []


# ------------------------------------------------------------------ a finished build is never rewritten


def test_rerun_of_a_finished_build_writes_nothing(tmp_path):
    target = generate("spatial-twoshapes", tmp_path, seed=0, **TINY)
    before = _files(tmp_path)
    assert ".spatial-twoshapes.lock" not in before
    assert generate("spatial-twoshapes", tmp_path, seed=0, **TINY) == target
    assert _files(tmp_path) == before  # the manifest's bytes and mtime too


def test_rerun_after_the_floors_were_lost_only_adds_them(tmp_path):
    target = generate("spatial-twoshapes", tmp_path, seed=0, floors=record_floors, **TINY)
    finished = (target / "manifest.json").read_bytes()
    manifest = json.loads(finished)
    for key in ("reference_mean_prior", "blind_floor"):
        del manifest["prior"][key]
    (target / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    shards = {p: p.stat().st_mtime_ns for p in target.glob("*/*.parquet")}
    generate("spatial-twoshapes", tmp_path, seed=0, floors=record_floors, **TINY)
    assert (target / "manifest.json").read_bytes() == finished
    assert {p: p.stat().st_mtime_ns for p in target.glob("*/*.parquet")} == shards


# ------------------------------------------------------------------ pools capped at their jobs and the cores


def test_pools_are_capped_at_their_jobs_and_the_cores(tmp_path, monkeypatch):
    """``--workers 48`` on a 24-instance build forks at most min(24, cores) processes per pool,
    here on a machine said to have 64 cores (and the real one's, when the build asks for all)."""
    sizes: list[int] = []
    real = workers.ProcessPoolExecutor

    class Recorded(real):  # type: ignore[misc, valid-type]
        def __init__(self, max_workers=None, **kwargs):
            sizes.append(max_workers)
            super().__init__(max_workers=min(max_workers, 2), **kwargs)  # this test forks two at most

    monkeypatch.setattr(workers, "ProcessPoolExecutor", Recorded)
    monkeypatch.setattr(workers, "cores", lambda: 64)
    monkeypatch.setattr(build, "cores", lambda: 64)
    text = (ROOT / "datasets" / "spatial-twoshapes.toml").read_text()
    (tmp_path / "small.toml").write_text(text.replace("[world]", "shard_size = 4\n\n[world]"))
    generate(str(tmp_path / "small.toml"), tmp_path / "out", seed=0, train=20, validation=0, test=4, workers=48,
             floors=record_floors)
    assert sizes and max(sizes) <= 24
    assert sizes[-2:] == [6, 9]  # the shard pool (5 train shards, 1 test shard), then the nine skill floors
    assert workers.pool_size(48, 1000) == 48 and workers.pool_size(48, 3) == 3 and workers.pool_size(0, 5) == 1


def test_workers_are_capped_at_the_real_cores(tmp_path, monkeypatch):
    sizes: list[int] = []
    real = workers.ProcessPoolExecutor

    class Recorded(real):  # type: ignore[misc, valid-type]
        def __init__(self, max_workers=None, **kwargs):
            sizes.append(max_workers)
            super().__init__(max_workers=min(max_workers, 2), **kwargs)

    monkeypatch.setattr(workers, "ProcessPoolExecutor", Recorded)
    generate("spatial-twoshapes", tmp_path, seed=0, train=20, validation=0, test=4, workers=48)
    assert all(size <= min(24, os.cpu_count() or 1) for size in sizes), sizes


def test_floors_do_not_import_the_builder():
    """The prior-sample file name lives with the manifest: evaluation.floors and data.build no
    longer import each other."""
    code = "import sys, shapeworldice.evaluation.core.floors; print('shapeworldice.data.build' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


# ------------------------------------------------------------------ export: SIGTERM, stale temp folders


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    return generate("spatial-twoshapes", tmp_path_factory.mktemp("tiny"), seed=0, **TINY)


PAUSED_EXPORT = """
import sys, time
from pathlib import Path
import shapeworldice.data.export as export

marker = Path(sys.argv[3])
original = export._coco

def paused(split, root):
    original(split, root)
    marker.write_text(str(root))
    time.sleep(3600)

export._coco = paused
export.export(sys.argv[1], sys.argv[2])
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_export_stopped_by_sigterm_leaves_nothing(tiny, tmp_path):
    out, marker = tmp_path / "coco", tmp_path / "paused"
    proc = subprocess.Popen([sys.executable, "-c", PAUSED_EXPORT, str(tiny), str(out), str(marker)], cwd=ROOT)
    try:
        _wait_for(marker, proc)
        assert Path(marker.read_text()).is_dir()  # the temp folder, half written
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == -signal.SIGTERM  # still reported as killed by SIGTERM
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["paused"]


def test_next_export_removes_the_temp_folder_of_a_killed_one(tiny, tmp_path):
    ours = tmp_path / ".coco.k2x_9abc.tmp"  # what mkdtemp named the folder of a run killed with -9
    (ours / "images").mkdir(parents=True)
    (ours / "images" / "x.png").write_bytes(b"png")
    others = [tmp_path / ".coco.x.k2x_9abc.tmp", tmp_path / ".cocoa.k2x_9abc.tmp", tmp_path / ".coco.k2x.tmp"]
    for other in others:  # another export's (target coco.x, cocoa) or not mkdtemp's: kept
        other.mkdir()
    assert run("export", tiny, "--out", tmp_path / "coco").exit_code == 0
    assert not ours.exists() and all(other.is_dir() for other in others)
    assert not (tmp_path / ".coco.lock").exists()


# ------------------------------------------------------------------ lock files


def test_lock_file_goes_with_its_holder(tmp_path):
    target = tmp_path / "run"
    path = tmp_path / ".run.lock"
    with lock.exclusive(target, "training into"):
        assert path.exists()
        with pytest.raises(UserError, match="another run is training into"):
            with lock.exclusive(target, "training into"):
                pass
        assert path.exists()  # a refused run does not remove the holder's file
    assert not path.exists()
    with pytest.raises(RuntimeError):
        with lock.exclusive(target, "training into"):
            raise RuntimeError("the run failed")
    assert not path.exists()


@pytest.mark.skipif(sys.platform == "win32", reason="flock")
def test_a_run_that_opened_a_removed_lock_file_does_not_share_the_lock(tmp_path, monkeypatch):
    """A run opens the lock file just before its holder removes it; a third run then creates a
    new file and takes its lock.  The first must refuse, not hold the old file's lock beside it."""
    import fcntl

    target = tmp_path / "out"
    path = tmp_path / ".out.lock"
    path.write_text("")
    original_open = os.open
    third: list[int] = []

    def open_then_replaced(name, flags, mode=0o777):
        fd = original_open(name, flags, mode)
        if not third:  # the holder removes the file; the third run takes a new one
            os.unlink(path)
            third.append(original_open(path, os.O_RDWR | os.O_CREAT, 0o666))
            fcntl.flock(third[0], fcntl.LOCK_EX | fcntl.LOCK_NB)
        return fd

    monkeypatch.setattr(lock.os, "open", open_then_replaced)
    try:
        with pytest.raises(UserError, match="another run is exporting to"):
            with lock.exclusive(target, "exporting to"):
                pass
    finally:
        os.close(third[0])
