"""Skill floors: re-filled worlds keep exactly what the view shows; choices are per image and seeded."""
from __future__ import annotations

import json
import subprocess
import sys
import zlib
from collections import Counter

import numpy as np
import pytest

from shapeworldice.data.build import generate
from shapeworldice.data.loader import load
from shapeworldice.errors import UserError
from shapeworldice.evaluation.studies.baselines import baseline
from shapeworldice.evaluation.studies.skill_floors import SKILL_KINDS, VIEWS, Candidates, skill_floor
from shapeworldice.interpret.refill import Refiller
from shapeworldice.interpret import formula_of, truth
from shapeworldice.semantics.components import from_json
from shapeworldice.interpret.prior import WorldSample


@pytest.fixture(scope="module")
def multishapes(tmp_path_factory):
    return generate("existential-multishapes", tmp_path_factory.mktemp("skill"), seed=0, train=300, validation=0,
                    test=12)


def _objects(cols, keys):
    return Counter(tuple(round(float(cols[k][j]), 9) for k in keys) for j in range(len(cols["x"])))


#: what each view must keep of the image (as a multiset of per-object tuples)
KEPT = {"count-only": (), "colours-only": ("color",), "shapes-only": ("shape",), "object-bag": ("color", "shape"),
        "positions-only": ("x", "y", "area"), "positions-colours": ("x", "y", "area", "color"),
        "positions-shapes": ("x", "y", "area", "shape")}


@pytest.mark.parametrize("view", SKILL_KINDS)
def test_refills_keep_the_view_and_vary_the_rest(multishapes, view):
    train, test = load(multishapes, "train"), load(multishapes, "test")
    tests = WorldSample.of([inst.world for inst in test])
    refiller = Refiller(view, WorldSample.of([inst.world for inst in train]), tests, seed=0)
    varied = 0
    for i in range(tests.size):
        n = int(tests.present[i].sum())
        own = {c: getattr(tests, c)[i, :n] for c in ("x", "y", "shape", "color", "area")}
        for r in range(6):
            cols = refiller.world(i, r)
            if view == "object-set":
                pairs = set(zip(cols["color"].tolist(), cols["shape"].tolist()))
                assert pairs == set(zip(own["color"].tolist(), own["shape"].tolist()))
            elif view == "colours-shapes-unbound":
                assert _objects(cols, ("color",)) == _objects(own, ("color",))
                assert _objects(cols, ("shape",)) == _objects(own, ("shape",))
            else:
                assert len(cols["x"]) == n
                assert _objects(cols, KEPT[view]) == _objects(own, KEPT[view])
            varied += _objects(cols, ("x", "y", "color", "shape")) != _objects(own, ("x", "y", "color", "shape"))
            assert refiller.world(i, r).keys() == cols.keys()
            assert all(np.array_equal(refiller.world(i, r)[c], cols[c]) for c in cols)  # seeded
    assert varied > tests.size  # the hidden attributes really are re-filled


def test_each_image_choice_depends_on_that_image_alone(multishapes):
    train, worlds = load(multishapes, "train"), [inst.world for inst in load(multishapes, "test")]
    whole = skill_floor(train, worlds, "colours-only", refills=8)
    part = skill_floor(train, worlds[5:9], "colours-only", refills=8)
    assert part.captions == whole.captions[5:9]
    assert skill_floor(train, worlds, "colours-only", refills=8) == whole


def test_candidates_compiled_once_choose_what_the_split_chooses(multishapes):
    """The nine floors of a manifest share one compiled candidate set and the images' keys: the
    same choices as each floor compiling its own from the training split."""
    train, worlds = load(multishapes, "train"), [inst.world for inst in load(multishapes, "test")]
    candidates = Candidates.of(train)
    assert candidates.meanings == sorted(candidates.meanings) and candidates.donors.size == len(train)
    keys = [zlib.crc32(w.to_json().encode("utf-8")) for w in worlds]
    for view in ("colours-only", "object-bag", "positions-shapes"):
        shared = skill_floor(candidates, worlds, view, refills=8, keys=keys)
        assert shared == skill_floor(train, worlds, view, refills=8)


def test_a_view_that_shows_all_an_existential_caption_needs_picks_true_captions(multishapes):
    """The object bag is all "there is a red square" needs: its floor is certain and right."""
    train, test = load(multishapes, "train"), load(multishapes, "test")
    floor = skill_floor(train, [inst.world for inst in test], "object-bag", refills=8)
    assert min(floor.probability) == 1.0
    for inst, meaning in zip(test, floor.semantics):
        assert truth(formula_of(from_json(meaning)), inst.world).label == "true"
    blind = skill_floor(train, [inst.world for inst in test], "count-only", refills=8)
    assert np.mean(blind.probability) < np.mean(floor.probability)


def test_baseline_kinds_and_unknown_views(multishapes):
    test = load(multishapes, "test")
    entries = baseline(test, "object-set")
    assert [e["image_id"] for e in entries] == [inst.id for inst in test]
    assert all(isinstance(e["caption"], str) and e["caption"].endswith(".") for e in entries)
    with pytest.raises(UserError, match="unknown skill floor"):
        skill_floor(load(multishapes, "train"), [test[0].world], "telepathy")
    assert set(VIEWS) == set(SKILL_KINDS)


def test_the_cli_offers_every_skill_floor(multishapes, tmp_path):
    from click.testing import CliRunner

    import shapeworldice.cli.scoring as scoring
    from shapeworldice.cli import main

    kind = next(p for p in main.commands["baseline"].params if p.name == "kind")
    assert kind.type.choices[-len(SKILL_KINDS):] == SKILL_KINDS
    assert not hasattr(scoring, "SKILL_KINDS")  # one definition, read by the CLI, not a copy of it
    code = "import sys, shapeworldice.cli; print('numpy' in sys.modules)"  # and starting the CLI stays light
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "False\n"
    out = tmp_path / "floor.json"
    result = CliRunner().invoke(main, ["baseline", str(multishapes), "--kind", "positions-shapes", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert len(json.loads(out.read_text())) == 12


def test_floor_scorer_gives_the_references_full_truth_and_takes_bits_from_false_captions(multishapes):
    from shapeworldice.evaluation.core.floors import load_prior
    from shapeworldice.evaluation.studies.skill_floors import FloorScorer

    test = load(multishapes, "test").instances
    scores = FloorScorer(test, load_prior(multishapes))
    own = scores([inst.semantics_json[0] for inst in test])
    assert own["truthfulness"] == 1.0 and 0.5 < own["informativeness_relative"] < 1.5
    others = scores([test[(i + 1) % len(test)].semantics_json[0] for i in range(len(test))])
    truths = [truth(formula_of(from_json(test[(i + 1) % len(test)].semantics_json[0])), inst.world).label == "true"
              for i, inst in enumerate(test)]
    assert others["truthfulness"] == sum(truths) / len(test) < 1.0
    assert others["informativeness_relative"] < own["informativeness_relative"]
