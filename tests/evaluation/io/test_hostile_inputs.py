"""Issue #18 items 2 and 6 on the command line: a key repeated inside any object of any input (a
COCO record, a JSON Lines record, a worlds file, a manifest) is one line naming it, never a
silent choice of the last value; caption files are bounded by size before they are read."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from shapeworldice.data import load
from shapeworldice.data.build import generate
from tests.cli_support import one_line_error, run


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    return generate("spatial-twoshapes", tmp_path_factory.mktemp("hostile"), seed=0, train=0, validation=0, test=4)


@pytest.fixture(scope="module")
def ids(dataset) -> list[str]:
    return [inst.id for inst in load(dataset, "test")]


def record(image_id: str, caption: str = "There is a shape.") -> str:
    return json.dumps({"image_id": image_id, "caption": caption})


def test_coco_record_with_two_image_ids_is_refused(dataset, ids, tmp_path):
    rows = [record(i) for i in ids[1:]]
    rows.append(f'{{"image_id": "{ids[0]}", "image_id": "{ids[1]}", "caption": "There is a shape."}}')
    path = tmp_path / "c.json"
    path.write_text("[" + ", ".join(rows) + "]")
    line = one_line_error(run("evaluate", dataset, "--captions", path, "--allow-missing", "--several-captions"))
    assert "key 'image_id' repeated" in line


@pytest.mark.parametrize("lines", [1, 4])
def test_jsonl_record_with_two_captions_is_refused(dataset, ids, tmp_path, lines):
    rows = [f'{{"image_id": "{ids[0]}", "caption": "Nothing.", "caption": "There is a shape."}}']
    rows += [record(i) for i in ids[1:lines]]
    path = tmp_path / "c.jsonl"
    path.write_text("\n".join(rows) + "\n")
    line = one_line_error(run("evaluate", dataset, "--captions", path, "--allow-missing"))
    assert "key 'caption' repeated" in line


def test_mapping_with_a_repeated_image_id_still_names_the_id(dataset, ids, tmp_path):
    path = tmp_path / "c.json"
    path.write_text("{" + ", ".join(f'"{i}": "There is a shape."' for i in ids) + f', "{ids[0]}": "x"}}')
    assert f"duplicate image id '{ids[0]}'" in one_line_error(run("evaluate", dataset, "--captions", path))


def test_worlds_file_with_a_repeated_key_is_refused(tmp_path):
    world = tmp_path / "w.json"
    world.write_text('{"entities": [], "size": 64, "size": 32}')
    assert "key 'size' repeated" in one_line_error(run("parse", "--world", world, "There is a shape."))
    lines = tmp_path / "worlds.jsonl"
    lines.write_text('{"id": "a", "id": "b", "world": {"entities": []}}\n{"id": "c", "world": {"entities": []}}\n')
    assert "key 'id' repeated" in one_line_error(run("parse", "--world", lines, "--image", "b", "There is a shape."))


def test_manifest_with_a_repeated_key_is_refused(dataset, ids, tmp_path):
    copy = Path(shutil.copytree(dataset, tmp_path / dataset.name))
    manifest = copy / "manifest.json"
    text = manifest.read_text()
    manifest.write_text(text.replace("{", '{\n  "seed": 7,', 1))  # json.loads would keep the later seed 0
    captions = tmp_path / "c.json"
    captions.write_text("[" + ", ".join(record(i) for i in ids) + "]")
    assert "key 'seed' repeated" in one_line_error(run("evaluate", copy, "--captions", captions))


def test_dev_zero_captions_are_refused_by_size(dataset, monkeypatch):
    import shapeworldice.safe_read as safe_read

    monkeypatch.setattr(safe_read, "MAX_INPUT_BYTES", 1 << 20)  # the same check as at 256 MiB, faster
    line = one_line_error(run("evaluate", dataset, "--captions", "/dev/zero"))
    assert "larger than 1,048,576 bytes" in line


def test_a_file_of_nuls_over_the_bound_is_refused_before_reading(dataset, tmp_path, monkeypatch):
    import shapeworldice.safe_read as safe_read

    monkeypatch.setattr(safe_read, "MAX_INPUT_BYTES", 1 << 20)
    path = tmp_path / "nuls.json"
    with open(path, "wb") as handle:
        handle.truncate(2 << 20)
    opened = []
    real_read = safe_read.read_capped
    monkeypatch.setattr(safe_read, "read_capped", lambda *a, **k: opened.append(a) or real_read(*a, **k))
    assert "larger than 1,048,576 bytes" in one_line_error(run("evaluate", dataset, "--captions", path))
    assert opened == []  # refused by its size, not by reading it


def test_the_size_bound_is_stated_in_the_docs():
    from shapeworldice.safe_read import MAX_INPUT_BYTES

    formats = (Path(__file__).parents[3] / "docs" / "formats.md").read_text()
    assert f"{MAX_INPUT_BYTES // 2**20} MiB" in formats
