"""``parse`` evaluates truth on a dataset image or on a line of an export's worlds file."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from shapeworldice.data import load
from shapeworldice.data.build import generate
from shapeworldice.data.export import export
from tests.cli_support import one_line_error, run



def truths(result) -> list[str]:
    assert result.exit_code in (0, 1), result.output
    return [json.loads(line)["truth"] for line in result.output.splitlines()]


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    return generate("spatial-twoshapes", tmp_path_factory.mktemp("parse-data"), seed=0, train=0, validation=3,
                    test=6)


@pytest.fixture(scope="module")
def exported(dataset, tmp_path_factory):
    out = tmp_path_factory.mktemp("parse-export")
    return export(dataset, out / "coco", "coco"), export(dataset, out / "png", "png")


def test_references_are_true_on_their_own_dataset_image(dataset):
    for inst in load(dataset, "test"):
        result = run("parse", *inst.captions, "--dataset", dataset, "--image", inst.id, "--json")
        assert truths(result) == ["true"] * len(inst.captions)


def test_dataset_image_without_its_build_tag(dataset):
    inst = next(iter(load(dataset, "test")))
    short = inst.id.partition("-")[2]
    assert short.startswith("test-") and short != inst.id
    assert truths(run("parse", *inst.captions, "--dataset", dataset, "--image", short, "--json")) == \
        ["true"] * len(inst.captions)


def test_dataset_image_and_export_line_give_the_same_truths(dataset, exported):
    coco, png = exported
    test = load(dataset, "test")
    captions = list(test[0].captions)
    seen = set()
    for inst in test:
        by_dataset = truths(run("parse", *captions, "--dataset", dataset, "--image", inst.id, "--json"))
        by_worlds = truths(run("parse", *captions, "--world", coco / "worlds_test.jsonl", "--image", inst.id,
                               "--json"))
        by_png = truths(run("parse", *captions, "--world", png / "test" / "captions.jsonl", "--image", inst.id,
                            "--json"))
        assert by_dataset == by_worlds == by_png
        seen.update(by_dataset)
    assert "false" in seen  # the world really changes with the image


def test_single_line_and_bare_world_files_need_no_image(dataset, exported, tmp_path):
    coco, _ = exported
    line = (coco / "worlds_test.jsonl").read_text().splitlines()[1]
    record = json.loads(line)
    (tmp_path / "one.jsonl").write_text(line + "\n")
    (tmp_path / "bare.json").write_text(json.dumps(record["world"], indent=2))
    caption = load(dataset, "test")[record["id"]].captions[0]
    assert truths(run("parse", caption, "--world", tmp_path / "one.jsonl", "--json")) == ["true"]
    assert truths(run("parse", caption, "--world", tmp_path / "bare.json", "--json")) == ["true"]


def test_split_is_searched_or_named(dataset):
    inst = load(dataset, "validation")[0]
    assert truths(run("parse", inst.captions[0], "--dataset", dataset, "--image", inst.id, "--json")) == ["true"]
    assert truths(run("parse", inst.captions[0], "--dataset", dataset, "--image", inst.id, "--split",
                      "validation", "--json")) == ["true"]
    line = one_line_error(run("parse", "A square.", "--dataset", dataset, "--image", inst.id, "--split", "test"))
    assert repr(inst.id) in line and "test split" in line


def test_bad_combinations_are_one_line_errors(dataset, exported, tmp_path):
    coco, _ = exported
    worlds = coco / "worlds_test.jsonl"
    image = load(dataset, "test")[0].id
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(json.loads(worlds.read_text().splitlines()[0])["world"]))
    cases = {
        ("--dataset", dataset): "--dataset needs --image",
        ("--image", image): "--image needs --dataset",
        ("--world", worlds, "--dataset", dataset, "--image", image): "not both",
        ("--world", worlds, "--split", "test"): "--split needs --dataset",
        ("--world", worlds): "pick one with --image",
        ("--world", worlds, "--image", "test-999999"): "no world for image 'test-999999'",
        ("--world", bare, "--image", image): "one world without an id",
        ("--dataset", dataset, "--image", "nope"): "no image 'nope' in any split",
        ("--dataset", dataset, "--image", image, "--split", "dev"): "unknown split",
        ("--dataset", Path(dataset) / "missing", "--image", image): "missing",
    }
    for args, message in cases.items():
        assert message in one_line_error(run("parse", "A square is red.", *args)), args


@pytest.mark.parametrize("content, message", [
    (b"", "empty file"),
    (b'{"id": "a", "world": {}}\n{oops\n', "line 2: invalid JSON"),
    (b'{"id": "a", "world": {}}\n{"id": "b"}\n', 'line 2: expected an object with "id" and "world"'),
    (b"[1, 2]", "expected a world JSON object"),
    (b'{"id": "a", "world": {"entities": 3}}', "'entities' list"),
    (b"\xff\xfe", "not UTF-8"),
])
def test_bad_world_files_are_one_line_errors(tmp_path, content, message):
    path = tmp_path / "w.jsonl"
    path.write_bytes(content)
    assert message in one_line_error(run("parse", "A square is red.", "--world", path))


def test_world_file_image_without_its_build_tag(dataset, exported):
    """Issue #33: parse --world worlds_test.jsonl --image test-000000 said "no world for image"."""
    coco, _ = exported
    inst = next(iter(load(dataset, "test")))
    short = inst.id.partition("-")[2]
    assert truths(run("parse", *inst.captions, "--world", coco / "worlds_test.jsonl", "--image", short, "--json")) \
        == ["true"] * len(inst.captions)
