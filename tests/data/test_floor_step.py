"""The floors are a step ``generate`` is handed: the builder imports nothing from the evaluation
above it, records no floors without the step, and the API and the command hand it the
evaluation's (the same manifest bytes either way)."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import shapeworldice as swi
from shapeworldice.data.build import FLOOR_FIELDS, generate
from shapeworldice.evaluation.studies.manifest_floors import record_floors
from shapeworldice.interpret.prior import CaptionPrior
from tests.cli_support import run

DATA = Path(swi.__file__).parent / "data"
TINY = dict(train=6, validation=0, test=3)


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function, as an absolute name."""
    package = "shapeworldice.data"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            found.add(".".join([*base, *([node.module] if node.module else [])]))
    return found


def test_the_builder_imports_nothing_from_the_evaluation():
    reaching_up = {str(p.name): sorted(m for m in _imported(p) if m.startswith("shapeworldice.evaluation"))
                   for p in sorted(DATA.glob("*.py"))}
    assert {name: found for name, found in reaching_up.items() if found} == {}


def test_without_the_step_no_floors_and_a_later_build_with_it_adds_them(tmp_path):
    target = generate("spatial-twoshapes", tmp_path / "data", seed=0, **TINY)
    prior = json.loads((target / "manifest.json").read_text())["prior"]
    assert not set(FLOOR_FIELDS) & set(prior) and "blind_floor" not in prior
    shards = {p: p.stat().st_mtime_ns for p in target.glob("*/*.parquet")}
    assert swi.generate("spatial-twoshapes", tmp_path / "data", seed=0, **TINY) == target
    prior = json.loads((target / "manifest.json").read_text())["prior"]
    assert set(FLOOR_FIELDS) <= set(prior) and "blind_floor" in prior
    assert {p: p.stat().st_mtime_ns for p in target.glob("*/*.parquet")} == shards


def test_the_api_and_the_command_record_the_same_floors(tmp_path):
    api = swi.generate("spatial-twoshapes", tmp_path / "api", seed=0, **TINY)
    done = run("generate", "spatial-twoshapes", "--out", tmp_path / "cli", "--train", 6, "--validation", 0,
               "--test", 3, "--quiet")
    assert done.exit_code == 0, done.output
    cli = tmp_path / "cli" / "spatial-twoshapes"
    assert (api / "manifest.json").read_bytes() == (cli / "manifest.json").read_bytes()
    assert "skill_floors" in json.loads((api / "manifest.json").read_text())["prior"]


def test_the_step_gets_the_finished_build_and_its_fields_are_recorded(tmp_path):
    calls = []

    def step(target, prior, seed, workers, progress):
        calls.append((target, type(prior), seed, workers, progress))
        return {"reference_mean_prior": {"test": 0.5}, "skill_floors": {
            "test_images": 0, "train_instances": 0, "seed": seed, "refills": 1, "floors": {}}}

    target = generate("spatial-twoshapes", tmp_path, seed=3, floors=step, **TINY)
    assert calls == [(target, CaptionPrior, 3, 1, False)]
    assert json.loads((target / "manifest.json").read_text())["prior"]["reference_mean_prior"] == {"test": 0.5}
    generate("spatial-twoshapes", tmp_path, seed=3, floors=step, **TINY)  # recorded: not measured again
    assert len(calls) == 1
    assert record_floors.__module__.startswith("shapeworldice.evaluation")
