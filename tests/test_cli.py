"""The command line: help everywhere, one-line errors with exit 2 and nothing written on bad input."""
from __future__ import annotations


import pytest
from click.testing import CliRunner

from shapeworldice.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def one_line_error(result) -> str:
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert "Traceback" not in result.output
    return lines[0]


@pytest.mark.parametrize("command", ["datasets", "generate", "show", "export", "parse", "evaluate", "baseline",
                                     "curves", "quickstart", "robustness", "variance"])
def test_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0 and "Usage" in result.output


def test_datasets_lists_twenty_four():
    """The six paper datasets, their held-out variants and the informative variants of both."""
    result = run("datasets")
    assert result.exit_code == 0
    assert len(result.output.strip().splitlines()) == 24


def test_unknown_dataset(tmp_path):
    line = one_line_error(run("generate", "no-such-dataset", "--out", str(tmp_path)))
    assert "unknown dataset 'no-such-dataset'" in line
    assert not any(tmp_path.iterdir())


def test_negative_sizes(tmp_path):
    line = one_line_error(run("generate", "spatial-twoshapes", "--out", str(tmp_path), "--train", "-5"))
    assert "must be >= 0" in line
    assert not any(tmp_path.iterdir())


def test_unwritable_output(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    line = one_line_error(run("generate", "spatial-twoshapes", "--out", str(blocker / "sub"), "--train", "2",
                              "--validation", "1", "--test", "1"))
    assert "cannot create output directory" in line


def test_existing_dataset_from_other_definition(tmp_path):
    ok = run("generate", "spatial-twoshapes", "--out", str(tmp_path), "--train", "3", "--validation", "1",
             "--test", "2", "--quiet")
    assert ok.exit_code == 0, ok.output
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    line = one_line_error(run("generate", "spatial-twoshapes", "--out", str(tmp_path), "--train", "3",
                              "--validation", "1", "--test", "2", "--seed", "7"))
    assert "different definition" in line
    after = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert before == after


def test_show_and_export(tmp_path):
    assert run("generate", "existential-oneshape", "--out", str(tmp_path), "--train", "3", "--validation", "2",
               "--test", "4", "--quiet").exit_code == 0
    data = tmp_path / "existential-oneshape"
    sheet = tmp_path / "sheet.png"
    assert run("show", str(data), "--out", str(sheet), "--count", "4").exit_code == 0
    assert sheet.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    coco = tmp_path / "coco"
    assert run("export", str(data), "--format", "coco", "--out", str(coco)).exit_code == 0
    import json

    captions = json.loads((coco / "captions_test.json").read_text())
    assert len(captions["images"]) == 4 and len(captions["annotations"]) == 40
    first = captions["images"][0]["id"]
    assert first.endswith("-test-000000") and (coco / "images" / f"{first}.png").is_file()
    png = tmp_path / "png"
    assert run("export", str(data), "--format", "png", "--out", str(png)).exit_code == 0
    assert len((png / "train" / "captions.jsonl").read_text().splitlines()) == 3
    line = one_line_error(run("export", str(data), "--format", "png", "--out", str(png)))
    assert "not empty" in line


def test_show_missing_dataset(tmp_path):
    line = one_line_error(run("show", str(tmp_path / "nothing"), "--out", str(tmp_path / "x.png")))
    assert "not found" in line
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("body,expected", [
    ('family = 1', "unknown caption family 'family'"),
    ('spatial = -1', "must be a positive number"),
    ('spatial = "abc"', "must be a positive number"),
    ('spatial = { weight = 1, options = 5 }', "must be a table"),
    ('spatial = { weight = 1, options = { relations = ["x-rel", "foo"] } }', "relations of family 'spatial'"),
])
def test_bad_definition_files(tmp_path, body, expected):
    definition = tmp_path / "bad.toml"
    definition.write_text(f'name = "bad"\n[world]\nentity_counts = [2]\n[captions.families]\n{body}\n')
    line = one_line_error(run("generate", str(definition), "--out", str(tmp_path / "out")))
    assert expected in line
    assert not (tmp_path / "out" / "bad").exists()


def test_definition_that_cannot_be_built_writes_nothing(tmp_path):
    definition = tmp_path / "crowded.toml"
    definition.write_text('name = "crowded"\n[world]\nentity_counts = [31]\n[captions.families]\ncount = 1\n')
    assert "at most 30 shapes" in one_line_error(run("generate", str(definition), "--out", str(tmp_path / "o")))
    assert not (tmp_path / "o" / "crowded").exists()


def test_corrupted_manifest_and_permissions(tmp_path):
    assert run("generate", "existential-oneshape", "--out", str(tmp_path), "--train", "2", "--validation", "1",
               "--test", "1", "--quiet").exit_code == 0
    data = tmp_path / "existential-oneshape"
    import os

    umask = os.umask(0)
    os.umask(umask)
    assert (data / "manifest.json").stat().st_mode & 0o777 == 0o666 & ~umask  # not mkstemp's private 0600
    (data / "manifest.json").write_text('{"complete": true}')
    assert "corrupted manifest" in one_line_error(run("show", str(data), "--out", str(tmp_path / "s.png")))
