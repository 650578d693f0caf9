"""The manifest records every skill floor beside the blind one: T and I/ref as ``evaluate`` scores
them, on a capped, seeded sample, the same bytes for any worker count, added on a rerun of an
older build without touching its shards."""
from __future__ import annotations

import json

import pytest

from shapeworldice import generate
from shapeworldice.data.manifest import read_manifest
from shapeworldice.evaluation.core.gtd import Evaluator
from shapeworldice.evaluation.studies import skill_floors
from shapeworldice.evaluation.studies.baselines import baseline
from shapeworldice.evaluation.studies.skill_floors import SKILL_KINDS

SIZES = dict(train=120, validation=0, test=24)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return generate("spatial-multishapes", tmp_path_factory.mktemp("floors"), seed=0, **SIZES)


def test_every_floor_is_recorded_with_its_sizes(built):
    record = read_manifest(built)["prior"]["skill_floors"]
    assert record["test_images"] == 24 and record["train_instances"] == 120 and record["seed"] == 0
    assert record["refills"] == skill_floors.REFILLS
    assert sorted(record["floors"]) == sorted(SKILL_KINDS)
    for scores in record["floors"].values():
        assert 0 <= scores["truthfulness"] <= 1 and scores["informativeness_relative"] >= 0
    # seeing positions and shapes says more about spatial captions than seeing the count alone
    floors = record["floors"]
    assert floors["positions-shapes"]["truthfulness"] > floors["count-only"]["truthfulness"]


@pytest.mark.parametrize("view", ["count-only", "object-bag", "positions-colours"])
def test_recorded_scores_are_those_evaluate_gives_the_baseline(built, view):
    """The manifest scores meanings; ``evaluate`` parses the baseline's caption texts: they agree."""
    recorded = read_manifest(built)["prior"]["skill_floors"]["floors"][view]
    evaluator = Evaluator(built)
    scores = evaluator.evaluate(baseline(evaluator.data, view, seed=0))["scores"]
    assert recorded["truthfulness"] == pytest.approx(scores["truthfulness"], abs=1e-12)
    assert recorded["informativeness_relative"] == pytest.approx(scores["informativeness_relative"], abs=1e-9)


def test_large_splits_are_capped_at_their_first_instances(tmp_path, monkeypatch):
    """Instances are seeded by their index, so a build capped at 50 training and 10 test instances
    records what a build of exactly that size records."""
    exact = read_manifest(generate("spatial-twoshapes", tmp_path / "exact", seed=2, train=50, validation=0,
                                   test=10))["prior"]["skill_floors"]
    monkeypatch.setattr(skill_floors, "RECORD_TEST_IMAGES", 10)
    monkeypatch.setattr(skill_floors, "RECORD_TRAIN_INSTANCES", 50)
    target = generate("spatial-twoshapes", tmp_path / "capped", seed=2, train=80, validation=0, test=16)
    capped = read_manifest(target)["prior"]["skill_floors"]
    assert (capped["test_images"], capped["train_instances"], capped["seed"]) == (10, 50, 2)
    assert (capped.pop("test_images_of"), capped.pop("train_instances_of")) == (16, 80)  # the caps are stated
    assert capped == exact
    assert "train_instances_of" not in exact and "test_images_of" not in exact  # not when nothing was left out


def test_the_blind_floor_chooses_among_the_first_training_instances_only(tmp_path, monkeypatch):
    """A training split larger than the blind floor's cap gives the floor of its first instances."""
    from shapeworldice.evaluation.core import floors

    monkeypatch.setattr(floors, "TRAIN_WORLDS", 20)
    monkeypatch.setattr(floors, "SCREEN_WORLDS", 10)
    exact = generate("spatial-twoshapes", tmp_path / "exact", seed=4, train=20, validation=0, test=4)
    capped = generate("spatial-twoshapes", tmp_path / "capped", seed=4, train=45, validation=0, test=4)
    assert read_manifest(capped)["prior"]["blind_floor"] == read_manifest(exact)["prior"]["blind_floor"]


def test_same_bytes_for_any_worker_count_and_without_floors_on_an_empty_test_split(tmp_path):
    one = generate("existential-multishapes", tmp_path / "one", seed=1, train=40, validation=0, test=6, workers=1)
    two = generate("existential-multishapes", tmp_path / "two", seed=1, train=40, validation=0, test=6, workers=2)
    assert (one / "manifest.json").read_bytes() == (two / "manifest.json").read_bytes()
    empty = generate("existential-multishapes", tmp_path / "empty", seed=1, train=40, validation=2, test=0)
    record = read_manifest(empty)["prior"]["skill_floors"]
    assert record["test_images"] == 0 and record["floors"] == {}


def test_rerun_of_a_build_recorded_before_the_skill_floors_adds_them(tmp_path):
    target = generate("spatial-twoshapes", tmp_path, seed=0, train=30, validation=0, test=6)
    finished = (target / "manifest.json").read_bytes()
    manifest = json.loads(finished)
    del manifest["prior"]["skill_floors"]
    (target / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    assert read_manifest(target)["complete"]  # an older manifest, without the field, still reads
    shards = {p: p.stat().st_mtime_ns for p in target.glob("*/*.parquet")}
    generate("spatial-twoshapes", tmp_path, seed=0, train=30, validation=0, test=6)
    assert (target / "manifest.json").read_bytes() == finished
    assert {p: p.stat().st_mtime_ns for p in target.glob("*/*.parquet")} == shards
