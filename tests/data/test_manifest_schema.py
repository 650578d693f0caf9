"""Issue #18 items 5 and 6 (manifests): a hand-edited manifest is one line naming the field, the
prior sample's size is bounded, and a report signs the manifest bytes it actually read."""
from __future__ import annotations

import copy
import hashlib
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shapeworldice.data import load
from shapeworldice import generate  # as the command builds: the floors recorded
from shapeworldice.data.definition import definition_from_resolved
from shapeworldice.errors import UserError
from shapeworldice.evaluation.core.floors import load_prior
from tests.cli_support import one_line_error, run

TINY = dict(train=2, validation=0, test=2)


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    return generate("spatial-twoshapes", tmp_path_factory.mktemp("tiny"), seed=0, **TINY)


@pytest.fixture(scope="module")
def captions(tiny, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("captions") / "captions.json"
    assert run("baseline", tiny, "--kind", "references", "--out", path).exit_code == 0
    return path


def _edited(tiny: Path, tmp_path: Path, path: str, value, drop_prior_file: bool = False) -> Path:
    """A copy of ``tiny`` whose manifest has ``value`` at the dotted ``path``."""
    target = tmp_path / tiny.name
    shutil.copytree(tiny, target)
    manifest = json.loads((target / "manifest.json").read_text())
    node = manifest
    keys = path.split(".") if not path.startswith("shards.") else ["shards", *path[7:].rsplit(".", 1)]
    for key in keys[:-1]:
        node = node[key]
    node[keys[-1]] = value
    (target / "manifest.json").write_text(json.dumps(manifest))
    if drop_prior_file:
        (target / "prior-worlds.npy.gz").unlink()
    return target


CASES = [
    ("prior.worlds", 10**9, "prior.worlds must be an integer from 1 to 100000, got 1000000000"),
    ("prior.worlds", "x", "prior.worlds must be an integer from 1 to 100000, got 'x'"),
    ("prior", [1], "prior must be an object, got [1]"),
    ("prior.sha256", 5, "prior.sha256 must be a sha256 (64 lowercase hex digits), got 5"),
    ("prior.blind_floor", "a caption", "prior.blind_floor must be an object, got 'a caption'"),
    ("prior.skill_floors.test_images", -1,
     "prior.skill_floors.test_images must be an integer from 0 to 100000000, got -1"),
    ("prior.skill_floors.floors.object-bag.truthfulness", 1.5,
     "prior.skill_floors.floors.object-bag.truthfulness must be a number from 0 to 1, got 1.5"),
    ("prior.skill_floors.floors", {"Object Bag": {}},
     "bad view 'Object Bag' in prior.skill_floors.floors (expected a view name)"),
    ("definition.captions.families", {"spatial": 1},
     "definition.captions.families must be a non-empty list, got {'spatial': 1}"),
    ("definition.references", "ten", "definition.references must be an integer from 1 to 1000, got 'ten'"),
    ("definition.world.shapes", 5, "definition.world.shapes must be a non-empty list, got 5"),
    ("definition.world.size_range", "big", "definition.world.size_range must be a list of 2 items, got 'big'"),
    ("definition.image.size", 60000, "definition.image.size must be an integer from 8 to 1024, got 60000"),
    ("definition.captions.max_prior", True,
     "definition.captions.max_prior must be a number from 0 to 1 or null, got True"),
    ("shards.test/part-00000.parquet.templates", "x",
     "shards.test/part-00000.parquet.templates must be an object, got 'x'"),
    ("seed", "0", "seed must be an integer from 0 to 9223372036854775807, got '0'"),
]


@pytest.mark.parametrize("path, value, expected", CASES, ids=[f"{c[0]}={c[1]!r}"[:40] for c in CASES])
def test_hand_edited_field_is_one_line_naming_it(tiny, captions, tmp_path, path, value, expected):
    """Every command that reads the dataset (here evaluate, with the prior sample gone so that it
    would be drawn again) stops with one line, exit 2."""
    edited = _edited(tiny, tmp_path, path, value, drop_prior_file=True)
    line = one_line_error(run("evaluate", edited, "--captions", captions, "--several-captions", "--json"))
    assert line == f"error: corrupted manifest {edited / 'manifest.json'}: {expected}"
    assert expected in one_line_error(run("export", edited, "--out", tmp_path / "x"))
    assert not (tmp_path / "x").exists()


def test_a_missing_field_is_named(tiny, tmp_path):
    from shapeworldice.data.manifest import manifest_problem

    target = _edited(tiny, tmp_path, "definition.world", {})
    manifest = json.loads((target / "manifest.json").read_text())
    del manifest["splits"]["test"]["captions_per_instance"]
    assert manifest_problem(manifest) == "splits.test.captions_per_instance is missing"


def test_every_builder_manifest_passes(tiny):
    from shapeworldice.data.manifest import manifest_problem

    assert manifest_problem(json.loads((tiny / "manifest.json").read_text())) is None


# every JSON value hypothesis may put in place of a field
JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False)
                    | st.text(max_size=8), lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)


def _paths(node, prefix=()):
    """Every (key path) of a manifest's objects and lists."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*prefix, key)
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield (*prefix, i)
            yield from _paths(value, (*prefix, i))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_hand_edit_is_a_user_error_or_usable(tiny, tmp_path, data):
    """Replace any one field of a real manifest with any JSON value: reading it and everything a
    reader derives from it (the shards' list, the definition, the prior sample) either works or
    is a UserError — never another exception."""
    original = json.loads((tiny / "manifest.json").read_text())
    manifest = copy.deepcopy(original)
    paths = list(_paths(manifest))
    where = data.draw(st.sampled_from(paths))
    node = manifest
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = data.draw(JSON)
    target = tmp_path / "fuzz"
    if not target.exists():
        shutil.copytree(tiny, target)
    (target / "manifest.json").write_text(json.dumps(manifest))
    try:
        split = load(target, "test")
        definition_from_resolved(split.manifest["definition"])
        load_prior(target, split.manifest)
        assert split.image_size >= 8 and len(split) >= 0
    except UserError as exc:
        assert "\n" not in str(exc)


def test_schema_names_every_field_a_reader_relies_on():
    from shapeworldice.data.manifest import MANIFEST

    assert set(MANIFEST.fields) >= {"name", "seed", "complete", "signature", "build", "definition", "prior",
                                    "shards", "splits"}


# ------------------------------------------------------------------ the signature names the bytes read


def test_report_signs_the_manifest_bytes_it_read(tiny, captions, tmp_path):
    """The manifest changes between the moment evaluate reads it and the moment it signs the
    report (a concurrent rerun of generate, say): the signature still names the bytes read."""
    from shapeworldice.evaluation.core.gtd import Evaluator

    target = tmp_path / tiny.name
    shutil.copytree(tiny, target)
    read = (target / "manifest.json").read_bytes()
    evaluator = Evaluator(target, "test")
    (target / "manifest.json").write_text(json.dumps(json.loads(read)))  # same content, other bytes
    report = evaluator.evaluate(captions, several_captions=True)
    assert f"@manifest:{hashlib.sha256(read).hexdigest()[:8]}|" in report["signature"]
    assert evaluator.data.manifest_sha256 == hashlib.sha256(read).hexdigest()


def test_read_manifest_returns_what_the_loader_sees(tiny):
    from shapeworldice.data.manifest import read_manifest

    assert read_manifest(tiny) == load(tiny, "test").manifest


def test_a_key_with_a_line_break_is_quoted_in_the_one_line_message():
    from shapeworldice.data.manifest import Int, Map

    message = Map(Int()).problem({"bad\nkey": None}, "splits.train.templates")
    assert message is not None and "\n" not in message and "'bad\\nkey'" in message
