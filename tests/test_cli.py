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
                                     "curves", "quickstart", "robustness", "variance", "train"])
def test_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0 and "Usage" in result.output


def test_datasets_lists_every_definition():
    """The six paper datasets, their held-out variants and the informative variants of both (and the
    same four forms of ShapeWorld's nine other tasks), and ten of them at 384 pixels."""
    result = run("datasets")
    assert result.exit_code == 0
    assert len(result.output.strip().splitlines()) == 24 + 24 + 12 + 10


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
    assert line == (f"error: {tmp_path / 'spatial-twoshapes'} was built with other settings (--seed: 0 there, 7 now); "
                    "resume with the same options, or choose another --out or delete it")
    line = one_line_error(run("generate", "spatial-twoshapes", "--out", str(tmp_path), "--train", "3",
                              "--validation", "1", "--test", "5"))
    assert "(--test: 2 there, 5 now)" in line
    line = one_line_error(run("generate", "spatial-twoshapes", "--out", str(tmp_path), "--train", "3",
                              "--validation", "1", "--test", "5", "--refs", "4", "--seed", "1"))
    assert "(--refs: 10 there, 4 now; --test: 2 there, 5 now; --seed: 0 there, 1 now)" in line
    after = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert before == after


def test_build_differences_names_versions_and_definition_fields():
    """Fields no option sets are named by their path in the definition, versions in words."""
    from shapeworldice.data.build import build_differences, build_key
    from shapeworldice.data.definition import load_definition

    definition = load_definition("spatial-twoshapes")
    key = build_key(definition, 0)
    stored_definition = definition.resolved()
    stored_definition["world"] = {**stored_definition["world"], "shade_range": 0.1}
    manifest = {"definition": stored_definition, "build": {**key, "numpy": "0.1", "definition_sha256": "x"}}
    assert build_differences(manifest, definition, key) == [
        "definition world.shade_range: 0.1 there, 0.4 now", f"numpy version: 0.1 there, {key['numpy']} now"]
    assert build_differences({"definition": definition.resolved(), "build": key}, definition, key) == []


def test_empty_build_is_an_error(tmp_path):
    line = one_line_error(run("generate", "spatial-twoshapes", "--out", str(tmp_path), "--train", "0",
                              "--validation", "0", "--test", "0"))
    assert line == ("error: nothing to build: spatial-twoshapes has 0 train, 0 validation and 0 test instances "
                    "(give --train, --validation or --test a size above 0)")
    assert not any(tmp_path.iterdir())


def test_workers_zero_means_all_cores(tmp_path):
    """generate accepts --workers 0 like quickstart, and the bytes match a one-worker build."""
    args = ["--train", "2", "--validation", "0", "--test", "2", "--quiet"]
    assert run("generate", "existential-oneshape", "--out", str(tmp_path / "a"), "--workers", "0", *args).exit_code == 0
    assert run("generate", "existential-oneshape", "--out", str(tmp_path / "b"), "--workers", "1", *args).exit_code == 0
    a, b = tmp_path / "a" / "existential-oneshape", tmp_path / "b" / "existential-oneshape"
    assert (a / "manifest.json").read_bytes() == (b / "manifest.json").read_bytes()
    from shapeworldice.data.build import generate
    from shapeworldice.errors import UserError

    with pytest.raises(UserError, match=r"workers must be >= 0 \(0 = all cores\), got -2"):
        generate("existential-oneshape", tmp_path / "c", workers=-2, train=1, validation=0, test=0)
    assert not (tmp_path / "c").exists()


def test_unquoted_glob_in_curves_says_to_quote_it(tmp_path):
    files = []
    for i in (1, 2, 3):
        files.append(tmp_path / f"ckpt-{i}.json")
        files[-1].write_text("[]")
    line = one_line_error(run("curves", str(tmp_path / "data"), "--captions", *map(str, files),
                              "--out", str(tmp_path / "curves")))
    assert line == (f"error: unexpected extra arguments ({files[1]} {files[2]}): the shell expanded an unquoted glob? "
                    "Quote it, e.g. --captions 'ckpt-*.json', or repeat --captions for each file")
    assert sorted(tmp_path.iterdir()) == sorted(files)


def test_evaluate_quiet_without_an_output_is_a_usage_error(tmp_path):
    captions = tmp_path / "captions.json"
    captions.write_text("[]")
    line = one_line_error(run("evaluate", str(tmp_path / "data"), "--captions", str(captions), "--quiet"))
    assert line == ("error: --quiet hides the table: give --out, --details, --html or --json to keep the report, "
                    "or drop --quiet")


def test_the_two_hashes_have_their_own_labels(tmp_path):
    """The manifest's signature carries def:DIGEST8, the report's manifest:SHA8 of manifest.json."""
    import hashlib
    import json

    from shapeworldice.data.definition import load_definition

    assert run("generate", "existential-oneshape", "--out", str(tmp_path), "--train", "0", "--validation", "0",
               "--test", "3", "--quiet").exit_code == 0
    data = tmp_path / "existential-oneshape"
    manifest = json.loads((data / "manifest.json").read_text())
    digest = load_definition("existential-oneshape").with_overrides(
        sizes={"train": 0, "validation": 0, "test": 3}).digest
    assert manifest["build"]["definition_sha256"] == digest
    assert f"|data:existential-oneshape@def:{digest[:8]}|seed:0|" in manifest["signature"]
    captions = tmp_path / "generic.json"
    assert run("baseline", str(data), "--kind", "generic", "--out", str(captions)).exit_code == 0
    report = tmp_path / "report.json"
    result = run("evaluate", str(data), "--captions", str(captions), "--out", str(report), "--quiet")
    assert result.exit_code == 0, result.output
    manifest_sha = hashlib.sha256((data / "manifest.json").read_bytes()).hexdigest()
    signature = json.loads(report.read_text())["signature"]
    assert f"|data:existential-oneshape@manifest:{manifest_sha[:8]}|seed:0|split:test|refs:10" in signature
    assert "@def:" not in signature and "@manifest:" not in manifest["signature"]


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


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    """A 6-image spatial-twoshapes test split and a caption file for it."""
    from shapeworldice.data.build import generate

    out = tmp_path_factory.mktemp("bounds")
    directory = generate("spatial-twoshapes", out, seed=0, train=0, validation=6, test=6)
    captions = out / "c.json"
    assert run("baseline", str(directory), "--kind", "shuffled", "--out", str(captions)).exit_code == 0
    return str(directory), str(captions)


SEEDED = [
    ("baseline", "D", "--kind", "shuffled", "--out", "OUT/x.json"),
    ("compare", "D", "--captions", "C", "--captions", "C"),
    ("validity", "D", "--captions", "C", "--out", "OUT/v"),
    ("variance", "D", "--captions", "C", "--draws", "2", "--out", "OUT/v"),
    ("robustness", "D", "--steps", "2", "--out", "OUT/r"),
    ("critic", "train", "D", "--out", "OUT/critic", "--epochs", "1"),
    ("train", "D", "--model", "lrcn1u", "--out", "OUT/run", "--iterations", "1"),
    ("generate", "spatial-twoshapes", "--out", "OUT/data", "--test", "2"),
]


@pytest.mark.parametrize("args", SEEDED, ids=lambda a: a[0] if a[0] != "critic" else "critic-train")
def test_a_negative_seed_is_one_line_on_every_command(tiny, tmp_path, args):
    """Issue #33: --seed -1 was a NumPy traceback on baseline, compare, validity, variance, robustness
    and critic train (which also left its config.json behind)."""
    directory, captions = tiny
    out = tmp_path / "out"
    out.mkdir()
    filled = [directory if a == "D" else captions if a == "C" else a.replace("OUT", str(out)) for a in args]
    line = one_line_error(run(*filled, "--seed", "-1"))
    assert "--seed" in line and "-1 is not in the range 0<=x" in line
    assert list(out.iterdir()) == []


@pytest.mark.parametrize("args, option", [
    (("compare", "D", "--captions", "C", "--captions", "C", "--draws", "100000000"), "--draws"),
    (("robustness", "D", "--steps", "100000000"), "--steps"),
    (("variance", "D", "--captions", "C", "--draws", "100000000"), "--draws"),
    (("validity", "D", "--captions", "C", "--draws", "100000000"), "--draws"),
])
def test_repetition_counts_are_bounded_before_any_work(tiny, args, option):
    """Issue #33: compare --draws 100000000 and robustness --steps 100000000 ended in MemoryError tracebacks."""
    directory, captions = tiny
    filled = [directory if a == "D" else captions if a == "C" else a for a in args]
    line = one_line_error(run(*filled))
    assert f"Invalid value for '{option}': 100000000 is not in the range" in line


def test_the_study_functions_bound_their_counts_too(tiny):
    from shapeworldice.errors import UserError
    from shapeworldice.evaluation.core.gtd import Evaluator
    from shapeworldice.evaluation.studies.compare import compare
    from shapeworldice.evaluation.studies.robustness import robustness

    directory, captions = tiny
    evaluator = Evaluator(directory)
    with pytest.raises(UserError, match="--draws must be an integer from 100 to 10,000, got 100000000"):
        compare(evaluator, captions, captions, draws=100_000_000)
    with pytest.raises(UserError, match="--steps must be an integer from 2 to 101, got 100000000"):
        robustness(directory, steps=100_000_000, evaluator=evaluator)


def test_a_newline_in_an_output_path_is_printed_escaped(tmp_path):
    """Issue #33: generate --out $'a\\nb' printed its 'built' line with a raw newline (two lines)."""
    out = tmp_path / "a\nb"
    result = run("generate", "existential-oneshape", "--out", str(out), "--train", "0", "--validation", "0",
                 "--test", "2")
    assert result.exit_code == 0, result.output
    shown = [line.split("\r")[-1].strip() for line in result.output.splitlines()
             if "existential-oneshape" in line and "%" not in line]
    assert shown == [f"built {tmp_path}/a\\nb/existential-oneshape"]  # one line, the newline escaped
    written = run("baseline", str(out / "existential-oneshape"), "--kind", "generic", "--out",
                  str(tmp_path / "c\nd.json"))
    assert written.output.splitlines() == [f"wrote {tmp_path}/c\\nd.json"]


def test_baseline_quiet_writes_the_file_and_prints_nothing(tiny, tmp_path):
    """Issue #33: baseline had no --quiet (every other writing command has one)."""
    import json

    directory, _ = tiny
    out = tmp_path / "b.json"
    result = CliRunner().invoke(main, ["baseline", directory, "--kind", "generic", "--out", str(out), "--quiet"])
    assert result.exit_code == 0 and result.output == ""
    assert len(json.loads(out.read_text())) == 6
    assert run("baseline", directory, "--kind", "generic", "--out", str(out)).output == f"wrote {out}\n"
