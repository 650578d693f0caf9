"""Informative datasets: a bound on caption priors, applied when sampling, recorded in the manifest."""
from __future__ import annotations

import json

import pytest

from shapeworldice.data import load
from shapeworldice import generate
from shapeworldice.data.definition import list_definitions, load_definition, parse_definition
from shapeworldice.errors import UserError
from shapeworldice.evaluation.core.floors import blind_floor, load_prior, prior_floor
from shapeworldice.interpret import formula_of
from shapeworldice.semantics import Truth
from tests.conftest import SIX

SIZES = {"train": 150, "validation": 0, "test": 40}


def test_informative_variants_ship_and_paper_definitions_are_unchanged():
    names = list_definitions()
    for name in SIX:
        for variant in (f"{name}-informative", f"{name}-informative-heldout"):
            assert variant in names
            assert load_definition(variant).max_prior == 0.4
        paper = load_definition(name)
        assert paper.max_prior is None and "max_prior" not in paper.resolved()["captions"]


@pytest.mark.parametrize("value", [0, 1.5, -0.1, "half", True])
def test_bad_max_prior_is_one_clear_error(value):
    data = {"name": "x", "world": {"entity_counts": [2]}, "captions": {"max_prior": value, "families": {"spatial": 1}}}
    with pytest.raises(UserError, match="max_prior"):
        parse_definition(data, "x.toml")


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    out = tmp_path_factory.mktemp("informative")
    return (generate("quantification-count", out, seed=0, **SIZES),
            generate("quantification-count-informative", out, seed=0, **SIZES))


def _families(directory) -> set[str]:
    manifest = json.loads((directory / "manifest.json").read_text())
    return {t.split()[0] for split in manifest["splits"].values() for t in split["templates"]}


def test_every_caption_is_true_and_below_the_bound(pair):
    _, informative = pair
    prior = load_prior(informative)
    for split in ("train", "test"):
        for inst in load(informative, split):
            for caption in inst.semantics:
                assert caption.truth(inst.world) == Truth.TRUE
                assert prior.prior(formula_of(caption)) <= 0.4


def test_families_of_the_paper_dataset_are_kept(pair):
    paper, informative = pair
    assert _families(paper) <= _families(informative)


def test_manifest_records_mean_prior_and_blind_floor(pair):
    paper, informative = pair
    records = [json.loads((d / "manifest.json").read_text())["prior"] for d in pair]
    for record in records:
        assert record["worlds"] == 1000 and len(record["sha256"]) == 64
        assert 0 < record["reference_mean_prior"]["test"] <= 1
        assert set(record["blind_floor"]) >= {"caption", "train_truthfulness", "test_truthfulness", "prior"}
    assert records[1]["reference_mean_prior"]["test"] < records[0]["reference_mean_prior"]["test"]
    assert records[1]["blind_floor"]["prior"] <= 0.4 < records[0]["blind_floor"]["prior"]


def test_blind_and_prior_floors_come_from_training_captions(pair):
    _, informative = pair
    train = load(informative, "train")
    captions = {c for inst in train for c in inst.captions}
    blind, prior = blind_floor(train), prior_floor(train)
    assert blind.caption in captions and prior.caption in captions
    worlds = [inst.world for inst in train]
    from shapeworldice.semantics import from_json

    meaning = from_json(blind.semantics)
    assert blind.score == sum(meaning.truth(w) == Truth.TRUE for w in worlds) / len(worlds)


def test_same_seed_same_bytes_for_informative_builds(pair, tmp_path):
    _, informative = pair
    again = generate("quantification-count-informative", tmp_path, seed=0, **SIZES, workers=2)
    for name in ("manifest.json", "prior-worlds.npy.gz", "test/part-00000.parquet"):
        assert (again / name).read_bytes() == (informative / name).read_bytes()


def test_cli_blind_baseline_writes_one_constant_caption(pair, tmp_path):
    from click.testing import CliRunner

    from shapeworldice.cli import main

    _, informative = pair
    out = tmp_path / "blind.json"
    result = CliRunner().invoke(main, ["baseline", str(informative), "--kind", "blind", "--out", str(out)])
    assert result.exit_code == 0, result.output
    entries = json.loads(out.read_text())
    assert len(entries) == SIZES["test"] and len({e["caption"] for e in entries}) == 1
    assert entries[0]["caption"] == blind_floor(load(informative, "train")).caption


def test_blind_baseline_without_training_captions_is_one_clear_error(tmp_path):
    from click.testing import CliRunner

    from shapeworldice.cli import main

    directory = generate("spatial-twoshapes", tmp_path, seed=0, train=0, validation=0, test=4)
    out = tmp_path / "p.json"
    result = CliRunner().invoke(main, ["baseline", str(directory), "--kind", "prior", "--out", str(out)])
    assert result.exit_code == 2 and "no captions" in result.output
    assert not out.exists()
