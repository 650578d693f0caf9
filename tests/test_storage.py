"""Build destinations through pyarrow's filesystem layer: paths, file:// URIs, filesystem objects.

A destination with a local view becomes that local folder (so a build there is a local build,
byte for byte); anything else is refused in one line, before any write and without a network call.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest
from pyarrow import fs

from shapeworldice.data.build import generate
from shapeworldice.errors import UserError
from shapeworldice.storage import is_uri, local_folder
from tests.cli_support import one_line_error, run

SMALL = dict(train=6, validation=0, test=3)


def _files(directory: Path) -> dict[str, bytes]:
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def test_a_plain_path_is_kept_as_given():
    assert local_folder("data") == Path("data")
    assert local_folder(Path("a/b")) == Path("a/b")
    assert local_folder("run:1") == Path("run:1")  # a colon alone does not make a URI
    assert not is_uri("C:/data") and is_uri("file:///data") and is_uri("s3://bucket/prefix")


def test_local_uris_and_filesystems_name_their_folder(tmp_path):
    assert local_folder(f"file://{tmp_path}/out") == tmp_path / "out"
    assert local_folder(f"local://{tmp_path}") == tmp_path
    assert local_folder(f"file://{tmp_path}/with%20space") == tmp_path / "with space"
    assert local_folder((fs.LocalFileSystem(), str(tmp_path / "x"))) == tmp_path / "x"
    sub = fs.SubTreeFileSystem(str(tmp_path / "root"), fs.LocalFileSystem())
    assert local_folder(sub) == tmp_path / "root"
    assert local_folder((sub, "a/b")) == tmp_path / "root" / "a" / "b"
    nested = fs.SubTreeFileSystem("inner", sub)
    assert local_folder((nested, "c")) == tmp_path / "root" / "inner" / "c"


@pytest.mark.parametrize("uri, words", [
    ("foo://x", "Unrecognized filesystem type"),
    ("file://host/data", "hostname"),
    ("file://", "relative"),
    ("file:///data/%zz", "Cannot parse URI"),
])
def test_bad_uris_are_one_line(uri, words):
    with pytest.raises(UserError) as error:
        local_folder(uri)
    message = str(error.value)
    assert "\n" not in message and message.startswith(f"--out {uri}") and words in message


@pytest.mark.parametrize("uri", ["s3://bucket/prefix", "gs://bucket/p", "hdfs://host/p", "mock:///a"])
def test_filesystems_without_a_local_view_are_refused_without_contacting_them(uri):
    start = time.monotonic()
    with pytest.raises(UserError, match="no local view"):
        local_folder(uri)
    assert time.monotonic() - start < 1  # s3 would otherwise resolve the bucket's region over the network


def test_non_local_filesystem_objects_are_refused(tmp_path):
    with pytest.raises(UserError, match="mock filesystem has no local view"):
        local_folder(fs.SubTreeFileSystem("prefix", fs._MockFileSystem()))
    with pytest.raises(UserError, match="absolute path"):
        local_folder((fs.LocalFileSystem(), "relative/folder"))
    with pytest.raises(UserError, match="not a pyarrow filesystem"):
        local_folder((object(), "x"))


def test_builds_to_a_uri_and_to_a_subtree_equal_a_plain_build(tmp_path):
    plain = _files(generate("quantification-ratio", tmp_path / "plain", seed=3, **SMALL))
    by_uri = generate("quantification-ratio", f"file://{tmp_path}/uri", seed=3, **SMALL)
    assert by_uri == tmp_path / "uri" / "quantification-ratio"
    assert _files(by_uri) == plain
    subtree = fs.SubTreeFileSystem(str(tmp_path / "subtree"), fs.LocalFileSystem())
    assert _files(generate("quantification-ratio", subtree, seed=3, **SMALL)) == plain
    # a rerun through another spelling of the same folder resumes it: verified, nothing rewritten
    manifest = by_uri / "manifest.json"
    before = manifest.stat().st_mtime_ns
    generate("quantification-ratio", (fs.LocalFileSystem(), str(tmp_path / "uri")), seed=3, **SMALL)
    assert manifest.stat().st_mtime_ns == before


def test_the_lock_is_the_same_for_a_path_and_its_uri(tmp_path):
    from shapeworldice.data.lock import exclusive

    with exclusive(tmp_path / "quantification-ratio", "building"):
        line = one_line_error(run("generate", "quantification-ratio", "--out", f"file://{tmp_path}", "--test", 2,
                                  "--train", 0, "--validation", 0))
    assert "another run is building" in line


@pytest.mark.parametrize("text, words", [
    ("", "is empty"),
    ("  ", "is empty"),
    ("://bad", "neither a path nor a filesystem URI"),
    ("data/://x", "neither a path nor a filesystem URI"),
    ("file:relative/x", "neither a path nor a filesystem URI"),  # pyarrow and a path would disagree on it
    ("file:/one/slash", "neither a path nor a filesystem URI"),
    ("file:///tmp/u%00nul", "NUL"),
    ("file:///", "root"),
])
def test_ambiguous_or_unsafe_destinations_are_one_line(text, words):
    with pytest.raises(UserError) as error:
        local_folder(text)
    assert "\n" not in str(error.value) and words in str(error.value)


def test_a_path_with_a_colon_builds_and_reads_back(tmp_path, monkeypatch):
    """pyarrow reads "run:1/..." as a URI of scheme "run": shards are read through a file object."""
    from shapeworldice.data.loader import load

    monkeypatch.chdir(tmp_path)
    directory = generate("existential-oneshape", "run:1", seed=0, **SMALL)
    assert len(load(directory, "test")) == 3 and len(load(directory, "train")) == 6


def test_generate_refuses_an_out_inside_a_dataset(tmp_path):
    directory = generate("existential-oneshape", tmp_path, seed=0, **SMALL)
    before = _files(tmp_path)
    for inside in (directory, directory / "test", directory / "new"):
        with pytest.raises(UserError, match="inside the dataset directory"):
            generate("existential-oneshape", inside, seed=0, **SMALL)
    assert _files(tmp_path) == before


@pytest.mark.parametrize("uri", ["foo://x", "s3://bucket/prefix", "file://host/x"])
def test_generate_command_refuses_a_bad_uri_writing_nothing(tmp_path, monkeypatch, uri):
    monkeypatch.chdir(tmp_path)
    line = one_line_error(run("generate", "quantification-ratio", "--out", uri, "--test", 2))
    assert line.startswith(f"error: --out {uri}")
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("suffix", ["#3", "?x=1", "?", "#"])
def test_a_uri_with_a_fragment_or_query_is_refused_writing_nothing(tmp_path, monkeypatch, suffix):
    """Issue #33: pyarrow dropped '#3' and '?x=1', so --out file:///.../run#3 wrote into .../run."""
    monkeypatch.chdir(tmp_path)
    uri = f"file://{tmp_path}/run{suffix}"
    line = one_line_error(run("generate", "quantification-ratio", "--out", uri, "--test", 2))
    assert line.startswith(f"error: --out {uri} has a ") and ("fragment" in line or "query" in line)
    assert not list(tmp_path.iterdir())
