"""Hostile conditions at the builder: concurrent runs, killed parents, full disks,
hostile manifests and definitions, and image ids tied to their build."""
from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from shapeworldice.data import load
from shapeworldice.data.build import generate
from shapeworldice.data.lock import exclusive
from shapeworldice.errors import UserError
from tests.cli_support import one_line_error, run

ROOT = Path(__file__).resolve().parents[2]
TINY = dict(train=0, validation=0, test=4)



@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    return generate("spatial-twoshapes", tmp_path_factory.mktemp("tiny"), seed=0, **TINY)


def _definition(tmp_path: Path, name: str, shard_size: int = 1024) -> Path:
    text = (ROOT / "datasets" / "spatial-twoshapes.toml").read_text()
    text = text.replace('name = "spatial-twoshapes"', f"name = {json.dumps(name)}", 1)
    text = text.replace("[world]", f"shard_size = {shard_size}\n\n[world]", 1)
    path = tmp_path / "definition.toml"
    path.write_text(text)
    return path


# ------------------------------------------------------------------ 2, 3: concurrent generate runs


def test_second_seed_into_same_out_is_refused(tiny):
    with pytest.raises(UserError, match="--seed: 0 there, 1 now"):
        generate("spatial-twoshapes", tiny.parent, seed=1, **TINY)
    assert json.loads((tiny / "manifest.json").read_text())["seed"] == 0


def test_concurrent_generate_refuses_and_keeps_the_other_runs_temp_files(tmp_path):
    target = tmp_path / "spatial-twoshapes"
    target.mkdir()
    theirs = target / ".manifest.json.abc123.tmp"  # a file the running build is writing
    with exclusive(target, "building"):
        theirs.write_bytes(b"half written")
        line = one_line_error(run("generate", "spatial-twoshapes", "--out", tmp_path, "--test", 4, "--train", 0,
                                  "--validation", 0, "--seed", 1, "--quiet"))
        assert "another run is building" in line
        assert theirs.read_bytes() == b"half written"
    # once that run is gone, its leftovers are orphans and the next build clears them
    generate("spatial-twoshapes", tmp_path, seed=1, **TINY)
    assert not theirs.exists()


# ------------------------------------------------------------------ 4: workers die with their parent


def _children(pid: int) -> list[int]:
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.append(int(entry))
    return kids


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_workers_die_with_a_killed_parent(tmp_path, sig):
    definition = _definition(tmp_path, "spatial-twoshapes", shard_size=2)
    code = ("from shapeworldice.data.build import generate; "
            f"generate({str(definition)!r}, {str(tmp_path / 'out')!r}, train=4000, validation=0, test=0, workers=2)")
    parent = subprocess.Popen([sys.executable, "-c", code])
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(workers) < 2:
            time.sleep(0.2)
            workers = _children(parent.pid)
        assert len(workers) >= 2, "the build never started its workers"
        time.sleep(1.0)
        parent.send_signal(sig)
        parent.wait(timeout=30)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and any(_alive(w) for w in workers):
            time.sleep(0.2)
        assert not any(_alive(w) for w in workers)
    finally:  # never leave a process of this test behind, whatever failed
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        for worker in workers:
            if _alive(worker):
                os.kill(worker, signal.SIGKILL)


# ------------------------------------------------------------------ 5: disk full


def _disk_full(monkeypatch):
    import shapeworldice.data.shards as shards

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(shards.os, "fsync", full)


def test_disk_full_during_generate_is_one_line(tmp_path, monkeypatch):
    _disk_full(monkeypatch)
    line = one_line_error(run("generate", "spatial-twoshapes", "--out", tmp_path, "--train", 0, "--validation", 0,
                              "--test", 4, "--quiet"))
    assert "No space left on device" in line


def test_disk_full_during_export_is_one_line(tiny, tmp_path, monkeypatch):
    import shapeworldice.data.export as export

    original = Path.write_bytes

    def full(self, data):
        if self.suffix == ".png":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))
        return original(self, data)

    monkeypatch.setattr(export.Path, "write_bytes", full)
    line = one_line_error(run("export", tiny, "--out", tmp_path / "coco"))
    assert "No space left on device" in line
    assert not (tmp_path / "coco").exists() and not list(tmp_path.glob(".coco.*.tmp"))


# ------------------------------------------------------------------ 6: deep nesting, huge numbers


def _copy(tiny: Path, tmp_path: Path) -> Path:
    copy = tmp_path / tiny.name
    copy.mkdir()
    for path in tiny.rglob("*"):
        if path.is_file():
            (copy / path.relative_to(tiny)).parent.mkdir(parents=True, exist_ok=True)
            (copy / path.relative_to(tiny)).write_bytes(path.read_bytes())
    return copy


@pytest.mark.parametrize("text", ["[" * 100_000, '{"name": ' + "[" * 100_000, '{"seed": ' + "9" * 5000 + "}"])
def test_hostile_manifest_json(tiny, tmp_path, text):
    copy = _copy(tiny, tmp_path)
    (copy / "manifest.json").write_text(text)
    line = one_line_error(run("export", copy, "--out", tmp_path / "x"))
    assert "manifest" in line


def test_deeply_nested_definition(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text('name = "deep"\nx = ' + "[" * 100_000)
    line = one_line_error(run("generate", path, "--out", tmp_path / "out", "--quiet"))
    assert "nested more than" in line and not (tmp_path / "out" / "deep").exists()


def test_deeply_nested_world_for_parse(tmp_path):
    world = tmp_path / "world.json"
    world.write_text("[" * 100_000)
    line = one_line_error(run("parse", "--world", world, "There is a square."))
    assert "nested more than" in line


# ------------------------------------------------------------------ 10: hand-edited manifests


def _drop(path: list[str]):
    def edit(manifest):
        node = manifest
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]
    return edit


def _absolute_shard(manifest):
    file = manifest["splits"]["test"]["shards"][0]
    absolute = "/etc/" + file
    manifest["splits"]["test"]["shards"][0] = absolute
    manifest["shards"][absolute] = manifest["shards"].pop(file)


@pytest.mark.parametrize("edit, expected", [
    (_drop(["splits", "test", "captions_per_instance"]), "captions_per_instance"),
    (_drop(["definition", "world"]), "definition.world"),
    (_drop(["definition", "image"]), "definition.image"),
    (_absolute_shard, "bad shard path"),
])
def test_hand_edited_manifest(tiny, tmp_path, edit, expected):
    copy = _copy(tiny, tmp_path)
    manifest = json.loads((copy / "manifest.json").read_text())
    edit(manifest)
    (copy / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(UserError, match=expected):
        load(copy, "test")
    assert expected in one_line_error(run("export", copy, "--out", tmp_path / "x"))


# ------------------------------------------------------------------ 11: dataset names


@pytest.mark.parametrize("name", ["../../escaped", "/tmp/absolute", "", "a/b", ".."])
def test_dataset_name_must_be_plain(tmp_path, name):
    definition = _definition(tmp_path, name)
    out = tmp_path / "deep" / "er" / "out"
    line = one_line_error(run("generate", definition, "--out", out, "--quiet", "--test", 2, "--train", 0,
                              "--validation", 0))
    assert "plain name" in line
    assert not (tmp_path / "escaped").exists() and not out.exists()


# ------------------------------------------------------------------ 12: concurrent exports


def test_concurrent_export_refuses_with_one_line(tiny, tmp_path):
    target = tmp_path / "coco"
    with exclusive(target, "exporting to"):
        line = one_line_error(run("export", tiny, "--out", target))
    assert "another run is exporting to" in line and not target.exists()
    assert run("export", tiny, "--out", target).exit_code == 0
    assert "not empty" in one_line_error(run("export", tiny, "--out", target))


# ------------------------------------------------------------------ ids tied to the build


def test_ids_carry_a_build_tag(tiny, tmp_path):
    ids = [inst.id for inst in load(tiny, "test")]
    tag = ids[0].split("-")[0]
    assert len(tag) == 8 and all(i == f"{tag}-test-{k:06d}" for k, i in enumerate(ids))
    again = generate("spatial-twoshapes", tmp_path / "again", seed=0, **TINY)
    assert (again / "test" / "part-00000.parquet").read_bytes() == (tiny / "test" / "part-00000.parquet").read_bytes()
    others = [generate("spatial-twoshapes", tmp_path / "seed", seed=1, **TINY),
              generate("spatial-twoshapes", tmp_path / "size", seed=0, train=0, validation=0, test=5),
              generate("spatial-multishapes", tmp_path / "other", seed=0, **TINY)]
    for other in others:
        assert not {inst.id for inst in load(other, "test")} & set(ids)


# ------------------------------------------------------------------ absurd numbers


@pytest.mark.parametrize("args, expected", [
    (["--train", str(10**30)], "split size for train must be >= 0 and <="),
    (["--refs", str(10**9)], "references must be >= 1 and <="),
    (["--seed", str(2**64)], "is not in the range 0<=x<=9223372036854775807"),  # 2**63 - 1
])
def test_absurd_numbers_are_one_line(tmp_path, args, expected):
    line = one_line_error(run("generate", "spatial-twoshapes", "--out", tmp_path / "out", "--quiet", *args))
    assert expected in line and not (tmp_path / "out" / "spatial-twoshapes").exists()


# ------------------------------------------------------------------ 2, 3, 12: real races between processes


def _race(commands: list[list[str]]) -> list[subprocess.CompletedProcess]:
    procs = [subprocess.Popen([sys.executable, "-m", "shapeworldice", *c], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for c in commands]
    results = []
    for proc, command in zip(procs, commands):
        out, err = proc.communicate(timeout=300)
        results.append(subprocess.CompletedProcess(command, proc.returncode, out, err))
    return results


def _one_line_or_success(result: subprocess.CompletedProcess) -> None:
    if result.returncode != 0:
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
        assert len([line for line in result.stderr.splitlines() if line.strip()]) == 1, result.stderr


def test_racing_generates_never_mix_seeds(tmp_path):
    common = ["generate", "spatial-twoshapes", "--out", str(tmp_path), "--train", "40", "--validation", "0",
              "--test", "8", "--quiet"]
    results = _race([[*common, "--seed", "0"], [*common, "--seed", "1"], [*common, "--seed", "0"]])
    for result in results:
        _one_line_or_success(result)
    winners = {r.args[-1] for r in results if r.returncode == 0}
    assert len(winners) == 1
    split = load(tmp_path / "spatial-twoshapes", "train")  # verifies every shard against the manifest
    assert split.manifest["seed"] == int(winners.pop()) and split.manifest["complete"]
    assert not list((tmp_path / "spatial-twoshapes").rglob("*.tmp"))


def test_racing_exports_one_wins_the_others_refuse(tiny, tmp_path):
    target = tmp_path / "coco"
    results = _race([["export", str(tiny), "--out", str(target)] for _ in range(3)])
    for result in results:
        _one_line_or_success(result)
    assert sum(r.returncode == 0 for r in results) == 1
    assert len(json.loads((target / "captions_test.json").read_text())["images"]) == TINY["test"]
