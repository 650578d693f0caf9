"""Issue #18 item 1: the one output path — what it refuses, and how it writes (beside the resolved
target, keeping the target's mode, never replacing a link, a device or a pipe)."""
from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from shapeworldice.errors import UserError
from shapeworldice.safe_write import (check_folder, check_outputs, dataset_root, resolve_output, write_file,
                                      write_together)

needs_root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                                reason="making a device node needs root")


def fake_dataset(folder: Path) -> Path:
    """A folder laid out as the builder leaves one: manifest, prior sample, a shard."""
    (folder / "test").mkdir(parents=True)
    (folder / "manifest.json").write_text("{}")
    (folder / "test" / "part-00000.parquet").write_bytes(b"PAR1")
    return folder


def test_symlink_output_updates_the_target_and_keeps_the_link(tmp_path):
    target = tmp_path / "real.json"
    target.write_bytes(b"old")
    link = tmp_path / "link.json"
    link.symlink_to(target.name)
    write_file(link, b"new")
    assert link.is_symlink() and os.readlink(link) == "real.json"
    assert target.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real.json"]  # no temp file left


def test_dangling_symlink_creates_its_target(tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to("made.json")
    write_file(link, b"x")
    assert link.is_symlink() and (tmp_path / "made.json").read_bytes() == b"x"


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o444])
def test_existing_file_keeps_its_mode(tmp_path, mode):
    path = tmp_path / "private.json"
    path.write_bytes(b"old")
    path.chmod(mode)
    write_file(path, b"new")
    assert stat.S_IMODE(path.stat().st_mode) == mode and path.read_bytes() == b"new"


def test_new_file_gets_the_umask_default(tmp_path):
    mask = os.umask(0o022)
    os.umask(mask)
    path = write_file(tmp_path / "new.json", b"x")
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask


def test_fifo_is_refused_and_left_alone(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(UserError, match="not a regular file"):
        write_file(fifo, b"x")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_symlink_to_a_fifo_is_refused(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    (tmp_path / "out.json").symlink_to(fifo)
    with pytest.raises(UserError, match="not a regular file"):
        check_outputs({"--out": tmp_path / "out.json"})
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and (tmp_path / "out.json").is_symlink()


@needs_root
def test_character_device_is_refused_and_left_alone(tmp_path):
    device = tmp_path / "null"
    os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # a second /dev/null, in the test's folder
    with pytest.raises(UserError, match="not a regular file"):
        write_file(device, b"report")
    assert stat.S_ISCHR(device.lstat().st_mode)


@pytest.mark.parametrize("path", ["/dev/null", "/dev/stdout", "/dev/stderr", "/proc/self/fd/1"])
def test_device_paths_are_refused_without_touching_them(path):
    before = os.lstat(path)
    with pytest.raises(UserError, match="device path"):
        resolve_output(path, "--out")
    after = os.lstat(path)
    assert (before.st_mode, before.st_ino) == (after.st_mode, after.st_ino)


def test_dash_is_refused_where_stdout_is_not_allowed(tmp_path):
    with pytest.raises(UserError, match="standard output"):
        check_outputs({"--out": "-"})
    check_outputs({"--details": "-"}, stdout=("--details",))
    with pytest.raises(UserError, match="both write to standard output"):
        check_outputs({"--out": "-", "--details": "-"}, stdout=("--out", "--details"))


@pytest.mark.parametrize("inside", ["manifest.json", "manifest", "test/part-00000.parquet", "test/new.json",
                                    "new.json"])
def test_nothing_is_written_inside_a_dataset_directory(tmp_path, inside):
    data = fake_dataset(tmp_path / "D")
    before = {p: p.read_bytes() for p in data.rglob("*") if p.is_file()}
    with pytest.raises(UserError, match="inside the dataset directory"):
        write_file(data / inside, b"report")
    assert {p: p.read_bytes() for p in data.rglob("*") if p.is_file()} == before


def test_dataset_directory_through_a_symlinked_folder(tmp_path):
    data = fake_dataset(tmp_path / "D")
    (tmp_path / "alias").symlink_to(data)
    with pytest.raises(UserError, match="inside the dataset directory"):
        check_outputs({"--out": tmp_path / "alias" / "manifest.json"})
    with pytest.raises(UserError, match="inside the dataset directory"):
        check_folder(tmp_path / "alias" / "run")


def test_a_stopped_build_with_only_its_prior_sample_is_a_dataset(tmp_path):
    (tmp_path / "D").mkdir()
    (tmp_path / "D" / "prior-worlds.npy.gz").write_bytes(b"\x1f\x8b")
    assert dataset_root(tmp_path / "D" / "x.json") == tmp_path / "D"


def test_a_manifest_alone_is_not_a_dataset(tmp_path):
    (tmp_path / "manifest.json").write_text("{}")  # a web project's, say
    (tmp_path / "test").mkdir()
    assert dataset_root(tmp_path / "out.json") is None
    write_file(tmp_path / "out.json", b"ok")


def test_outputs_that_are_inputs_are_refused(tmp_path):
    captions = tmp_path / "c.json"
    captions.write_bytes(b"[]")
    os.link(captions, tmp_path / "hard.json")
    (tmp_path / "soft.json").symlink_to(captions)
    for out in (captions, tmp_path / "hard.json", tmp_path / "soft.json", tmp_path / "." / "c.json"):
        with pytest.raises(UserError, match="would overwrite the input --captions"):
            check_outputs({"--out": out}, {"--captions": captions})
    assert captions.read_bytes() == b"[]"


def test_two_outputs_naming_one_file_are_refused(tmp_path):
    (tmp_path / "link.json").symlink_to("r.json")
    with pytest.raises(UserError, match="--out and --html name the same file"):
        check_outputs({"--out": tmp_path / "r.json", "--html": tmp_path / "link.json"})


def test_missing_folder_and_directory_outputs(tmp_path):
    with pytest.raises(UserError, match="output folder does not exist"):
        check_outputs({"--out": tmp_path / "absent" / "r.json"})
    with pytest.raises(UserError, match="is a directory"):
        check_outputs({"--out": tmp_path})


def test_a_failed_set_leaves_every_old_file(tmp_path):
    old = tmp_path / "a.json"
    old.write_bytes(b"old")
    with pytest.raises(UserError):
        write_together([(old, b"new"), (tmp_path / "absent" / "b.json", b"new")])
    assert old.read_bytes() == b"old" and sorted(p.name for p in tmp_path.iterdir()) == ["a.json"]


@settings(max_examples=30, deadline=None)
@given(st.binary(max_size=2000))
def test_written_bytes_are_the_given_bytes(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("w") / "f.bin"
    write_file(path, data)
    assert path.read_bytes() == data


@pytest.mark.parametrize("device", ["/dev/null", "/dev/stdout", "/proc/self/fd/1"])
def test_symlinks_to_device_paths_are_refused(tmp_path, device):
    link = tmp_path / "out.json"
    link.symlink_to(device)
    with pytest.raises(UserError, match="device path|not a regular file"):
        write_file(link, b"x")
    assert link.is_symlink() and os.readlink(link) == device
