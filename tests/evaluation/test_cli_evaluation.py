"""evaluate / baseline / curves / parse on the command line, including every bad-input case."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_support import one_line_error, run



@pytest.fixture(scope="module")
def ids(small_dataset):
    from shapeworldice.data import load

    return [i.id for i in load(small_dataset, "test")]


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def good_entries(ids: list[str]) -> list[dict]:
    return [{"image_id": i, "caption": "There is a shape."} for i in ids]


def bad_cases(ids: list[str]) -> dict[str, tuple[bytes, str]]:
    entries = good_entries(ids)
    return {
        "empty": (b"", "empty file"),
        "invalid-json": (b'[{"image_id": "x", "caption": ', "invalid JSON"),
        "non-utf8": (b'[{"image_id": "\xff\xfe", "caption": "x"}]', "not UTF-8"),
        "unknown-id": (json.dumps(entries + [{"image_id": "test-999999", "caption": "x."}]).encode(),
                       "unknown image id 'test-999999'"),
        "missing-id": (json.dumps(entries[1:]).encode(), f"no caption for image '{ids[0]}'"),
        "duplicate-id": (("{" + ", ".join(f'"{i}": ["A square is red."]' for i in ids)
                          + f', "{ids[0]}": ["x"]}}').encode(), f"duplicate image id '{ids[0]}'"),
        "huge-caption": (json.dumps([{"image_id": ids[0], "caption": "a " * 50_000}] + entries[1:]).encode(),
                         "100000 characters"),
        "bad-jsonl-line": (("\n".join(json.dumps(e) for e in entries[:3]) + "\n{oops\n").encode(),
                           "line 4: invalid JSON"),
    }


@pytest.mark.parametrize("case", ["empty", "invalid-json", "non-utf8", "unknown-id", "missing-id", "duplicate-id",
                                  "huge-caption", "bad-jsonl-line"])
def test_bad_caption_files(small_dataset, ids, tmp_path, case):
    data, expected = bad_cases(ids)[case]
    captions = write(tmp_path, "captions.json", data)
    out = tmp_path / "report.json"
    line = one_line_error(run("evaluate", small_dataset, "--captions", captions, "--out", out, "--no-meteor"))
    assert expected in line
    assert not out.exists()


def test_missing_dataset_and_corrupted_shard(small_dataset, ids, tmp_path):
    captions = write(tmp_path, "c.json", json.dumps(good_entries(ids)).encode())
    line = one_line_error(run("evaluate", tmp_path / "nope", "--captions", captions))
    assert "not found" in line
    import shutil

    copy = tmp_path / "copy"
    shutil.copytree(small_dataset, copy)
    shard = next(copy.glob("test/*.parquet"))
    shard.write_bytes(shard.read_bytes()[:100])
    out = tmp_path / "r.json"
    line = one_line_error(run("evaluate", copy, "--captions", captions, "--out", out))
    assert "corrupted shard" in line and not out.exists()


def test_three_formats_same_scores(small_dataset, ids, tmp_path):
    entries = [{"image_id": i, "caption": c} for i, c in zip(ids, ["There is a square.", "A shape is red."] * 500)]
    files = {
        "coco": json.dumps(entries).encode(),
        "jsonl": "\n".join(json.dumps(e) for e in entries).encode(),
        "mapping": json.dumps({e["image_id"]: [e["caption"]] for e in entries}).encode(),
    }
    reports = []
    for name, data in files.items():
        out = tmp_path / f"{name}.json"
        result = run("evaluate", small_dataset, "--captions", write(tmp_path, name, data), "--out", out,
                     "--no-meteor", "--quiet")
        assert result.exit_code == 0, result.output
        reports.append(json.loads(out.read_text())["scores"])
    assert reports[0] == reports[1] == reports[2]


def test_allow_missing(small_dataset, ids, tmp_path):
    captions = write(tmp_path, "c.json", json.dumps(good_entries(ids)[:5]).encode())
    result = run("evaluate", small_dataset, "--captions", captions, "--allow-missing", "--json", "--no-meteor")
    assert result.exit_code == 0, result.output
    from shapeworldice.evaluation.io.report_records import Report

    report = Report.from_json(json.loads(result.output))
    assert report.images == 5 and report.missing_images == len(ids) - 5


def test_baseline_then_evaluate(small_dataset, tmp_path):
    path = tmp_path / "refs.json"
    assert run("baseline", small_dataset, "--kind", "references", "--out", path).exit_code == 0
    result = run("evaluate", small_dataset, "--captions", path, "--json", "--no-meteor")
    from shapeworldice.evaluation.io.report_records import Report

    report = Report.from_json(json.loads(result.output))
    assert report.scores["grammaticality"] == 1.0 and report.scores["truthfulness"] == 1.0


def test_curves_five_checkpoints(small_dataset, tmp_path):
    from shapeworldice.evaluation.quickstart import mixed_checkpoints

    files = mixed_checkpoints(small_dataset, tmp_path)
    assert len(files) == 5
    prefix = tmp_path / "curve"
    result = run("curves", small_dataset, *sum((["--captions", f] for f in files), []), "--out", prefix)
    assert result.exit_code == 0, result.output
    assert "pearson" in result.output and "BLEU-4 " in result.output and "CIDEr-D " in result.output
    assert "bleu_4" not in result.output and "cider_d" not in result.output  # labels, not report keys
    rows = (tmp_path / "curve.csv").read_text().splitlines()
    assert rows[0].startswith("iteration,file,grammaticality,truthfulness,diversity,informativeness_relative,bleu_4")
    assert len(rows) == 6
    # every plotted score carries its 95% interval (the plot shades it)
    import csv

    table = list(csv.DictReader(rows))
    for row in table:
        for key in ("truthfulness", "bleu_4", "cider_d"):
            assert float(row[f"{key}_lo"]) <= float(row[key]) <= float(row[f"{key}_hi"])
    assert any(float(r["truthfulness_hi"]) > float(r["truthfulness_lo"]) for r in table)
    assert (tmp_path / "curve.png").read_bytes()[:4] == b"\x89PNG"
    assert b"<svg" in (tmp_path / "curve.svg").read_bytes()[:500]


def test_curves_bad_glob(small_dataset, tmp_path):
    line = one_line_error(run("curves", small_dataset, "--captions", tmp_path / "none-*.json"))
    assert "iteration" in line or "not found" in line


def test_parse_command(tmp_path):
    ok = run("parse", "A square is red.", "There is a circle.", "--json")
    assert ok.exit_code == 0, ok.output
    objs = [json.loads(line) for line in ok.output.splitlines()]
    assert [o["grammatical"] for o in objs] == [True, True]
    assert "_square_n_of" in objs[0]["mrs"] and objs[0]["dmrs"]["nodes"]
    bad = run("parse", "A square is red.", "Red the is square.")
    assert bad.exit_code == 1
    assert "ungrammatical" in bad.output
    for fmt in ("mrs", "dmrs", "penman", "semantics"):
        assert run("parse", "Exactly two squares are red.", "--format", fmt).exit_code == 0


def test_parse_with_world_and_bad_inputs(tmp_path):
    from tests.conftest import make_world

    world = write(tmp_path, "w.json", make_world(("square", "red", 0.3, 0.3)).to_json().encode())
    result = run("parse", "A square is red.", "A circle is red.", "The square is red.", "--world", world, "--json")
    assert [json.loads(x)["truth"] for x in result.output.splitlines()] == ["true", "false", "true"]
    assert "not UTF-8" in one_line_error(run("parse", "--input", write(tmp_path, "b.txt", b"\xff\xfe")))
    assert "world" in one_line_error(run("parse", "A square.", "--world", write(tmp_path, "x.json", b"{}"))).lower()
    assert "no captions" in one_line_error(run("parse"))
    stdin = run("parse", "--input", "-", "--json", input=b"There is a shape.\n\nA shape is blue.\n")
    assert stdin.exit_code == 0 and len(stdin.output.splitlines()) == 2


def test_ace_missing_is_one_line_error(small_dataset, tmp_path, monkeypatch):
    monkeypatch.delenv("SHAPEWORLDICE_ACE", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    captions = write(tmp_path, "c.json", b'[{"image_id": "test-000000", "caption": "x."}]')
    line = one_line_error(run("evaluate", small_dataset, "--captions", captions, "--parser", "ace"))
    assert "ACE binary not found" in line


def test_robustness_and_variance_commands(small_dataset, tmp_path):
    prefix = tmp_path / "rob"
    result = run("robustness", small_dataset, "--steps", "3", "--transforms", "shuffled,permuted", "--out", prefix)
    assert result.exit_code == 0, result.output
    assert "shuffled" in result.output and (tmp_path / "rob.png").is_file() and (tmp_path / "rob.json").is_file()
    areas = json.loads((tmp_path / "rob.json").read_text())["areas"]
    assert areas["shuffled"]["truthfulness"] < areas["shuffled"]["bleu_4"]
    assert "unknown" in one_line_error(run("robustness", small_dataset, "--transforms", "nonsense")).lower()
    captions = tmp_path / "shuffled.json"
    assert run("baseline", small_dataset, "--kind", "shuffled", "--out", captions).exit_code == 0
    result = run("variance", small_dataset, "--captions", captions, "--draws", "4", "--out", tmp_path / "var")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "var.csv").is_file() and (tmp_path / "var.svg").is_file()
    assert "draws" in one_line_error(run("variance", small_dataset, "--captions", captions, "--draws", "1"))


@pytest.mark.parametrize("index,expected", [("x", "bad reference_index 'x'"), (99, "bad reference_index 99"),
                                            (None, "bad reference_index None")])
def test_bad_reference_index(small_dataset, ids, tmp_path, index, expected):
    entries = [{"image_id": i, "caption": "There is a shape.", "reference_index": index} for i in ids]
    out = tmp_path / "r.json"
    line = one_line_error(run("evaluate", small_dataset, "--captions", write(tmp_path, "c.json",
                                                                          json.dumps(entries).encode()), "--out", out))
    assert expected in line and not out.exists()


def test_every_reference_excluded(small_dataset, ids, tmp_path):
    entries = [{"image_id": ids[0], "caption": "There is a shape.", "reference_index": k} for k in range(10)]
    line = one_line_error(run("evaluate", small_dataset, "--allow-missing", "--several-captions", "--captions",
                              write(tmp_path, "c.json", json.dumps(entries).encode())))
    assert "no reference left" in line


def test_outputs_checked_before_work_and_written_together(small_dataset, ids, tmp_path):
    captions = write(tmp_path, "c.json", json.dumps(good_entries(ids)).encode())
    blocker = write(tmp_path, "file", b"x")
    out = tmp_path / "r.json"
    line = one_line_error(run("evaluate", small_dataset, "--captions", captions, "--out", out,
                              "--details", blocker / "d.jsonl"))
    assert "output folder does not exist" in line and not out.exists()
    assert "output folder does not exist" in one_line_error(
        run("curves", small_dataset, "--captions", captions, "--out", tmp_path / "missing" / "c"))


def test_usage_errors_are_one_line(small_dataset):
    assert "Missing option '--captions'" in one_line_error(run("evaluate", small_dataset))
    assert "No such command" in one_line_error(run("nonsense"))


def test_curves_into_an_existing_folder_writes_inside_it(small_dataset, tmp_path):
    """``--out curves`` with a folder ``curves`` used to write curves.csv beside the folder."""
    from shapeworldice.evaluation.quickstart import mixed_checkpoints

    files = mixed_checkpoints(small_dataset, tmp_path)
    folder = tmp_path / "curves"
    folder.mkdir()
    result = run("curves", small_dataset, *sum((["--captions", f] for f in files), []), "--out", folder)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == ["curves.csv", "curves.png", "curves.svg"]
    assert not (tmp_path / "curves.csv").exists()
