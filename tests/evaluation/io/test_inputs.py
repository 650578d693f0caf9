"""Caption files at the evaluator: many captions per image, hostile caption
files, colliding outputs, reports replaced as a set, line splitting, duplicate ids, and results
tied to the build they were made for."""
from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from shapeworldice.data import load
from shapeworldice.data.build import generate
from shapeworldice.data.export import export
from shapeworldice.errors import UserError
from shapeworldice.evaluation.core.diversity_section import MAX_DIVERSITY_CAPTIONS, capped, diversity_section
from shapeworldice.evaluation.io.inputs import group_by_image, parse_outputs, split_lines
from tests.cli_support import one_line_error, run

TINY = dict(train=0, validation=0, test=4)



@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    return generate("spatial-twoshapes", tmp_path_factory.mktemp("tiny"), seed=0, **TINY)


@pytest.fixture(scope="module")
def ids(tiny) -> list[str]:
    return [inst.id for inst in load(tiny, "test")]


def entries(ids: list[str], caption: str = "There is a shape.") -> list[dict]:
    return [{"image_id": i, "caption": caption} for i in ids]


# ------------------------------------------------------------------ 1: many captions per image


def test_diversity_compares_a_bounded_deterministic_subset():
    words = ["red", "blue", "green", "square", "circle", "left", "right", "above", "below", "cross"]
    captions = [f"A {words[k % 10]} {words[(k // 10) % 10]} is {words[(k // 100) % 10]}." for k in range(700)]
    chosen = capped(captions)
    assert len(chosen) == MAX_DIVERSITY_CAPTIONS and chosen == capped(captions)
    assert chosen[0] == captions[0] and chosen[1] == captions[700 // MAX_DIVERSITY_CAPTIONS]
    section = diversity_section({"a": captions, "b": captions[:3]}, 0.5)
    same = diversity_section({"a": chosen, "b": captions[:3]}, 0.5)
    assert section["images_capped"] == 1 and section["captions_per_image"]["max"] == 700
    for key in ("self_cider", "lsa", "mbleu_4", "mbleu_mix", "f_score"):
        assert section[key] == same[key]


def test_evaluate_many_captions_for_one_image(tiny, ids, tmp_path):
    pool = [c for inst in load(tiny, "test") for c in inst.captions]
    rows = [{"image_id": ids[0], "caption": pool[k % len(pool)]} for k in range(300)]
    path = tmp_path / "many.json"
    path.write_text(json.dumps(rows))
    result = run("evaluate", tiny, "--captions", path, "--several-captions", "--allow-missing", "--no-meteor",
                 "--json")
    assert result.exit_code == 0, result.output
    section = json.loads(result.output)["diversity_section"]
    assert section["images_capped"] == 1 and section["max_captions_compared"] == MAX_DIVERSITY_CAPTIONS


# ------------------------------------------------------------------ 6: deep nesting, huge numbers


@pytest.mark.parametrize("data, expected", [
    (b"[" * 100_000, "nested more than"),
    (b"{" + b'"a": [' * 50_000, "nested more than"),
    (b'[{"image_id": ' + b"7" * 5000 + b', "caption": "x"}]', "unreadable JSON"),
    (b'{"image_id": ' + b"7" * 5000 + b', "caption": "x"}\n', "unreadable JSON"),
])
def test_hostile_caption_files(tiny, tmp_path, data, expected):
    with pytest.raises(UserError, match=expected):
        parse_outputs(data, "c.json")
    path = tmp_path / "c.json"
    path.write_bytes(data)
    assert expected in one_line_error(run("evaluate", tiny, "--captions", path))


# ------------------------------------------------------------------ 7, 8: output paths and the set of outputs


def test_out_equal_to_details_is_refused(tiny, ids, tmp_path):
    captions = tmp_path / "c.json"
    captions.write_text(json.dumps(entries(ids)))
    line = one_line_error(run("evaluate", tiny, "--captions", captions, "--no-meteor", "--out", tmp_path / "r.json",
                              "--details", tmp_path / "." / "r.json"))
    assert "--out and --details name the same file" in line and not (tmp_path / "r.json").exists()


def test_out_equal_to_captions_is_refused(tiny, ids, tmp_path):
    captions = tmp_path / "c.json"
    captions.write_text(json.dumps(entries(ids)))
    before = captions.read_bytes()
    line = one_line_error(run("evaluate", tiny, "--captions", captions, "--no-meteor", "--out", captions))
    assert "would overwrite the input --captions" in line and captions.read_bytes() == before


def test_old_report_survives_disk_full_during_details(tiny, ids, tmp_path, monkeypatch):
    import shapeworldice.safe_write as outputs

    captions, report, details = tmp_path / "c.json", tmp_path / "r.json", tmp_path / "d.jsonl"
    captions.write_text(json.dumps(entries(ids)))
    report.write_bytes(b"old report\n")
    original = outputs.os.fsync
    calls = {"n": 0}

    def full_on_second(fd):
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return original(fd)

    monkeypatch.setattr(outputs.os, "fsync", full_on_second)
    line = one_line_error(run("evaluate", tiny, "--captions", captions, "--no-meteor", "--out", report,
                              "--details", details))
    assert "No space left on device" in line
    assert report.read_bytes() == b"old report\n" and not details.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.json", "r.json"]


# ------------------------------------------------------------------ 9: lines split on \n only


def test_unicode_line_breaks_stay_inside_a_jsonl_caption(ids):
    text = "A red square\u2028is left\u0085of a\x0cblue circle."
    data = (json.dumps({"image_id": ids[0], "caption": text}, ensure_ascii=False) + "\r\n"
            + json.dumps({"image_id": ids[1], "caption": "x"}) + "\n").encode("utf-8")
    records = parse_outputs(data, "c.jsonl")
    assert [r["caption"] for r in records] == [text, "x"]
    assert split_lines("a\u2028b\x0cc\r\nd\n") == ["a\u2028b\x0cc", "d"]


def test_parse_input_keeps_lines_aligned(tmp_path):
    path = tmp_path / "in.txt"
    path.write_bytes("There is a red\u2028square.\nThere is a\x0ccircle.\r\nThere is a shape.\n".encode("utf-8"))
    result = run("parse", "--input", path, "--json")
    assert result.exit_code in (0, 1), result.output
    lines = [json.loads(line) for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 3 and lines[2]["text"] == "There is a shape."


# ------------------------------------------------------------------ one duplicate rule


def _three_formats(ids: list[str]) -> dict[str, bytes]:
    rows = entries(ids) + [{"image_id": ids[0], "caption": "A square is red."}]
    as_dict = {i: ["There is a shape."] for i in ids}
    as_dict[ids[0]].append("A square is red.")
    return {"coco-list": json.dumps(rows).encode(), "jsonl": "\n".join(json.dumps(r) for r in rows).encode(),
            "dict": json.dumps(as_dict).encode()}


@pytest.mark.parametrize("fmt", ["coco-list", "jsonl", "dict"])
def test_one_duplicate_rule_for_every_format(ids, fmt):
    records = parse_outputs(_three_formats(ids)[fmt], fmt)
    with pytest.raises(UserError, match=f"duplicate image id '{ids[0]}'"):
        group_by_image(records, ids, source=fmt)
    grouped, missing = group_by_image(records, ids, source=fmt, several=True)
    assert len(grouped[ids[0]]) == 2 and not missing and sum(map(len, grouped.values())) == len(ids) + 1


def test_duplicate_coco_row_refused_on_the_command_line(tiny, ids, tmp_path):
    path = tmp_path / "c.json"
    path.write_bytes(_three_formats(ids)["coco-list"])
    assert "duplicate image id" in one_line_error(run("evaluate", tiny, "--captions", path, "--no-meteor"))
    result = run("evaluate", tiny, "--captions", path, "--no-meteor", "--several-captions", "--json")
    assert result.exit_code == 0 and json.loads(result.output)["captions"] == len(ids) + 1


# ------------------------------------------------------------------ results tied to their build


def _results_from_export(directory: Path, tmp_path: Path) -> Path:
    """A plain COCO results list made from the ids of the build's COCO export."""
    coco = export(directory, tmp_path / f"coco-{directory.parent.name}")
    images = json.loads((coco / "captions_test.json").read_text())["images"]
    path = tmp_path / f"results-{directory.parent.name}.json"
    path.write_text(json.dumps([{"image_id": image["id"], "caption": "There is a shape."} for image in images]))
    return path


def test_results_accepted_for_their_build_only(tiny, tmp_path):
    results = _results_from_export(tiny, tmp_path)
    assert run("evaluate", tiny, "--captions", results, "--no-meteor").exit_code == 0
    others = [generate("spatial-twoshapes", tmp_path / "seed", seed=1, **TINY),
              generate("spatial-twoshapes", tmp_path / "size", seed=0, train=0, validation=0, test=6),
              generate("spatial-multishapes", tmp_path / "dataset", seed=0, **TINY)]
    for other in others:
        line = one_line_error(run("evaluate", other, "--captions", results, "--no-meteor", "--allow-missing"))
        assert "belong to another build" in line and other.name in line


def test_ids_without_the_build_tag_are_this_builds(tiny, ids, tmp_path):
    """Issue #33: docs/api.md says ids work with or without the build tag; evaluate refused untagged
    ids as another build's. An untagged id is read as this split's id: the same report as the tagged
    file, ids in the details tagged; an id and its short form together are one image twice."""
    import shapeworldice as swi

    short = [i.partition("-")[2] for i in ids]
    assert short[0] == "test-000000"
    tagged, untagged = tmp_path / "tagged.json", tmp_path / "untagged.json"
    tagged.write_text(json.dumps(entries(ids)))
    untagged.write_text(json.dumps(entries(short)))
    for path in (tagged, untagged):
        assert run("evaluate", tiny, "--captions", path, "--out", path.with_suffix(".report"), "--quiet").exit_code == 0
    assert untagged.with_suffix(".report").read_bytes() == tagged.with_suffix(".report").read_bytes()
    report = swi.evaluate(tiny, entries(short))
    assert [r.image_id for r in report.details] == ids
    mixed = tmp_path / "mixed.json"
    mixed.write_text(json.dumps(entries(ids) + entries(short[:1])))
    assert f"duplicate image id {ids[0]!r}" in one_line_error(run("evaluate", tiny, "--captions", mixed))
    unknown = tmp_path / "unknown.json"
    unknown.write_text(json.dumps(entries(["test-000099"])))
    assert "unknown image id 'test-000099'" in one_line_error(run("evaluate", tiny, "--captions", unknown,
                                                                  "--allow-missing"))
