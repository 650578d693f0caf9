"""`export --format hf`: `datasets.load_dataset(FOLDER)` gives the build's images, captions and
world models, split by split, and the folder carries a dataset card with the build's signature."""
from __future__ import annotations

import json

import pytest

from shapeworldice.data.build import generate
from shapeworldice.data.loader import load
from tests.cli_support import run


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return generate("spatial-twoshapes", tmp_path_factory.mktemp("hf-data"), seed=0, train=6, validation=0, test=5)


@pytest.fixture(scope="module")
def exported(built, tmp_path_factory):
    out = tmp_path_factory.mktemp("hf") / "export"
    result = run("export", built, "--format", "hf", "--out", out)
    assert result.exit_code == 0, result.output
    return out


def test_the_card_names_the_build(built, exported):
    card = (exported / "README.md").read_text(encoding="utf-8")
    assert card.startswith("---\nlicense: mit\n")
    assert f"signature: `{load(built).signature}`" in card
    assert "arXiv:1912.08960" in card and "path: data/test-*.parquet" in card
    assert "validation" not in card.split("---")[1]  # an empty split gets no data files
    assert sorted(p.name for p in (exported / "data").iterdir()) == ["test-00000-of-00001.parquet",
                                                                    "train-00000-of-00001.parquet"]


def test_the_parquet_files_hold_the_build(built, exported):
    import pyarrow.parquet as pq

    table = pq.read_table(exported / "data" / "test-00000-of-00001.parquet").to_pylist()
    split = load(built)
    assert [row["id"] for row in table] == [inst.id for inst in split]
    assert [row["image"]["bytes"] for row in table] == [inst.png for inst in split]
    assert [tuple(row["captions"]) for row in table] == [inst.captions for inst in split]


def test_load_dataset_gives_the_same_images_captions_and_worlds(built, exported, tmp_path):
    datasets = pytest.importorskip("datasets")
    if not hasattr(datasets, "load_dataset"):  # the repo's own datasets/ folder, not the library
        pytest.skip("the datasets library is not installed (the [hf] extra)")
    import numpy as np

    loaded = datasets.load_dataset(str(exported), cache_dir=str(tmp_path / "cache"))
    assert sorted(loaded) == ["test", "train"]
    for name in ("train", "test"):
        split = load(built, name)
        rows = loaded[name]
        assert rows["id"] == [inst.id for inst in split]
        assert [tuple(c) for c in rows["captions"]] == [inst.captions for inst in split]
        assert [json.loads(w) for w in rows["world"]] == [json.loads(inst.world_json) for inst in split]
        for row, inst in zip(rows, split):
            assert (np.asarray(row["image"].convert("RGB")) == inst.image).all()
