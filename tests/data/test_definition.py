"""Dataset definitions: forms derived from their base (``extends``) resolve to exactly the
definitions their full copies did, bad chains are one line, and the image-size variants
(``worlds_from``) draw their base's worlds and captions byte for byte."""
from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shapeworldice.data import load
from shapeworldice.data.build import InstanceBuilder, build_tag, generate
from shapeworldice.data.definition import (definition_from_resolved, definitions_dir, list_definitions,
                                           load_definition, merge_tables, parse_definition,
                                           resolve_extends)
from shapeworldice.errors import UserError
from shapeworldice.render import decode_png
from tests.cli_support import one_line_error, run

#: every shipped definition as it resolved when each form was a full copy of its base's text
FROZEN = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "dataset-definitions-resolved.json")
                    .read_text(encoding="utf-8"))
#: the datasets of the descriptions corpus, each with a variant rendered at 384 pixels
SIZED = ("existential-multishapes", "spatial-twoshapes", "spatial-multishapes", "quantification-count",
         "quantification-ratio", "relational-comparative", "relational-proximity", "relational-attribute",
         "selection", "coreference")
FORMS = ("-heldout", "-informative", "-informative-heldout")


def _toml(name: str) -> dict:
    return tomllib.loads((definitions_dir() / f"{name}.toml").read_text(encoding="utf-8"))


def test_every_frozen_definition_resolves_as_before():
    """Digest, resolved definition and build tag (the prefix of every image id) of the 60
    definitions are those of the full copies: a build of any of them writes the same bytes."""
    assert set(FROZEN) <= set(list_definitions())
    for name, frozen in FROZEN.items():
        definition = load_definition(name)
        assert definition.resolved() == frozen["resolved"], name
        assert definition.digest == frozen["digest"], name
        assert build_tag(definition, 0) == frozen["build_tag_seed0"], name


def test_forms_hold_only_what_differs_from_their_base():
    bases = sorted(name for name in FROZEN if not name.endswith(("-heldout", "-informative")))
    assert len(bases) == 15
    for base in bases:
        assert "extends" not in _toml(base)
        for form in FORMS:
            data = _toml(base + form)
            parent = data.pop("extends")
            assert parent == (base + "-informative" if form == "-informative-heldout" else base)
            assert {"splits", "image"}.isdisjoint(data), f"{base + form} repeats its base's sizes"
            merged_parent = resolve_extends(definitions_dir() / f"{parent}.toml")
            for table, values in data.items():
                if isinstance(values, dict):
                    for key, value in values.items():
                        assert merged_parent.get(table, {}).get(key) != value, (base + form, table, key)


def test_a_derived_form_builds_the_bytes_of_its_frozen_definition(tmp_path):
    """Built from its two-level ``extends`` chain and from the frozen resolved copy, a form writes
    the same shard bytes."""
    name = "existential-oneshape-heldout"
    sizes = {"train": 12, "validation": 0, "test": 6}
    derived = generate(name, tmp_path / "derived", seed=0, **sizes, workers=1)
    frozen = generate(definition_from_resolved(FROZEN[name]["resolved"]), tmp_path / "frozen", seed=0, **sizes,
                      workers=1)
    shards = sorted(p.relative_to(derived) for p in derived.rglob("*.parquet"))
    assert shards and shards == sorted(p.relative_to(frozen) for p in frozen.rglob("*.parquet"))
    for shard in shards:
        assert (derived / shard).read_bytes() == (frozen / shard).read_bytes()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["spatial-twoshapes-informative-heldout", "quantification-complex-heldout"])
def test_informative_and_heldout_forms_build_their_frozen_bytes(tmp_path, name):
    sizes = {"train": 20, "validation": 4, "test": 8}
    derived = generate(name, tmp_path / "derived", seed=0, **sizes, workers=1)
    frozen = generate(definition_from_resolved(FROZEN[name]["resolved"]), tmp_path / "frozen", seed=0, **sizes,
                      workers=1)
    for shard in sorted(derived.rglob("*.parquet")):
        assert shard.read_bytes() == (frozen / shard.relative_to(derived)).read_bytes()


# ----------------------------------------------------------------------------- extends

def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


BASE = """name = "mine"
[world]
entity_counts = [2]
[captions.families]
spatial = 1
[splits]
train = 10
test = 5
"""


def test_a_form_beside_its_base_merges_key_by_key(tmp_path):
    _write(tmp_path, "mine", BASE)
    form = _write(tmp_path, "mine-more", 'extends = "mine"\nname = "mine-more"\n[world]\n'
                  'entity_counts = [3, 4]\n[splits]\ntest = 7\n')
    definition = load_definition(form)
    assert definition.world.entity_counts == (3, 4)
    assert definition.sizes == {"train": 10, "validation": 0, "test": 7}
    assert [f.name for f in definition.families] == ["spatial"]


def test_a_users_form_extends_a_shipped_dataset(tmp_path):
    form = _write(tmp_path, "small", 'extends = "spatial-twoshapes"\nname = "small"\n[splits]\ntrain = 5\n')
    definition, shipped = load_definition(form), load_definition("spatial-twoshapes")
    assert definition.world == shipped.world and definition.sizes["train"] == 5
    assert definition.description == shipped.description  # inherited when the form names none


@pytest.mark.parametrize("files, message", [
    ({"a": 'extends = "a"\nname = "a"\n'}, r"extends makes a cycle \(a -> a\)"),
    ({"a": 'extends = "b"\nname = "a"\n', "b": 'extends = "a"\nname = "b"\n'}, r"cycle \(a -> b -> a\)"),
    ({"a": 'extends = "nowhere"\nname = "a"\n'}, r"extends 'nowhere', but no nowhere.toml"),
    ({"a": 'extends = 3\nname = "a"\n'}, "extends must name a dataset"),
    ({"a": 'extends = "../b"\nname = "a"\n'}, "extends must name a dataset"),
    ({"a": 'extends = "spatial-twoshapes"\n'}, "needs its own name"),
])
def test_bad_chains_are_one_clear_line(tmp_path, files, message):
    for name, text in files.items():
        _write(tmp_path, name, text)
    with pytest.raises(UserError, match=message):
        load_definition(tmp_path / "a.toml")
    out = tmp_path / "out"
    line = one_line_error(run("generate", tmp_path / "a.toml", "--out", out, "--train", 1))
    assert ".toml: " in line and not out.exists()  # the file at fault, then the problem


_KEYS = st.sampled_from("abcd")
_LEAVES = st.integers(0, 3) | st.lists(st.integers(0, 3), max_size=2)
_DATA = st.dictionaries(_KEYS, _LEAVES | st.dictionaries(_KEYS, _LEAVES | st.dictionaries(_KEYS, _LEAVES, max_size=2),
                                                         max_size=3), max_size=4)


@given(_DATA, _DATA)
def test_merge_keeps_the_base_and_lets_the_form_win(base, form):
    merged = merge_tables(base, form)
    assert merge_tables(base, {}) == base and merge_tables({}, form) == form
    assert list(merged)[:len(base)] == list(base)  # the base's key order first
    for key, value in form.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            assert merged[key] == merge_tables(base[key], value)
        else:
            assert merged[key] == value
    for key in base.keys() - form.keys():
        assert merged[key] == base[key]


# ----------------------------------------------------------------------------- worlds_from

def test_the_sized_variants_ship_and_record_their_size():
    for base in SIZED:
        definition = load_definition(f"{base}-384")
        assert (definition.image_size, definition.worlds_from, definition.stream_name) == (384, base, base)
        assert definition.resolved()["image"]["size"] == 384
        assert definition.world_config == load_definition(base).world_config  # worlds record size 64
        again = definition_from_resolved(definition.resolved())
        assert (again.worlds_from, again.digest) == (base, definition.digest)


@pytest.mark.parametrize("base", SIZED)
def test_sized_variants_draw_the_same_worlds_and_captions(base):
    small, large = InstanceBuilder(load_definition(base)), InstanceBuilder(load_definition(f"{base}-384"))
    for split, count in (("train", 3), ("test", 2)):
        for index in range(count):
            a, b = small.instance(0, split, index), large.instance(0, split, index)
            assert (a.world, a.captions, a.semantics, a.templates, a.choices) == \
                   (b.world, b.captions, b.semantics, b.templates, b.choices)
            assert decode_png(b.image).shape == (384, 384, 3) and decode_png(a.image).shape == (64, 64, 3)
            assert a.id != b.id  # the ids still name their own build


def test_a_sized_build_matches_its_base_and_its_manifest_says_384(tmp_path):
    sizes = {"train": 6, "validation": 0, "test": 4}
    small = generate("spatial-twoshapes", tmp_path, seed=3, **sizes, workers=1)
    large = generate("spatial-twoshapes-384", tmp_path, seed=3, **sizes, workers=1)
    for split in ("train", "test"):
        a, b = list(load(small, split)), list(load(large, split))
        assert [(i.world_json, i.captions) for i in a] == [(i.world_json, i.captions) for i in b]
    manifest = json.loads((large / "manifest.json").read_text())
    assert manifest["definition"]["image"]["size"] == 384 and "|img:384" in manifest["signature"]


@pytest.mark.parametrize("change, message", [
    ("[world]\nentity_counts = [3]\n", r"the same \[world\]"),
    ("[captions]\nmax_prior = 0.4\n", r"the same \[captions\]"),
    ("[splits]\nreferences = 5\n", r"the same \[references\]"),
    ("[image]\nnoise_std = 0.1\n", "without pixel noise"),
    ("[world]\nworld_size = 384\n", "world_size = 64"),
])
def test_worlds_from_refuses_what_would_change_the_worlds(tmp_path, change, message):
    form = _write(tmp_path, "mine", 'extends = "spatial-twoshapes"\nworlds_from = "spatial-twoshapes"\n'
                  f'name = "mine"\n{change}')
    with pytest.raises(UserError, match=message):
        load_definition(form)


def test_worlds_from_names_a_dataset_that_draws_its_own(tmp_path):
    with pytest.raises(UserError, match="no nowhere.toml"):
        load_definition(_write(tmp_path, "a", 'extends = "spatial-twoshapes"\nworlds_from = "nowhere"\nname = "a"\n'))
    with pytest.raises(UserError, match="itself draws the worlds of 'spatial-twoshapes'"):
        load_definition(_write(tmp_path, "b", 'extends = "spatial-twoshapes-384"\nworlds_from = "spatial-twoshapes-384"'
                               '\nname = "b"\n'))
    with pytest.raises(UserError, match="worlds_from must"):
        parse_definition({"name": "x", "worlds_from": "a/b", "world": {"entity_counts": [2]},
                          "captions": {"families": {"spatial": 1}}}, "x.toml")
