"""Independent truth check: on every dataset, an independent labeller (sharing no code with the
evaluator) finds every reference true, and agrees with the evaluator on captions of other images,
many of them false."""
from __future__ import annotations

import pytest

from shapeworldice.data import load
from shapeworldice.data.build import generate
from shapeworldice.evaluation.core.gtd import Evaluator
from tests.conftest import SIX
from tests.data.independent_labels import label

DATASETS = [*SIX, *(f"{name}-informative" for name in SIX)]
IMAGES, FOREIGN = 16, 4


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("truth-check")
    return {name: generate(name, out, seed=0, train=0, validation=0, test=IMAGES) for name in DATASETS}


@pytest.mark.parametrize("name", DATASETS)
def test_references_are_true_and_the_evaluator_agrees_on_false_captions(built, name):
    split = load(built[name], "test")
    instances = list(split)
    entries, expected = [], {}
    for i, inst in enumerate(instances):
        for text, semantics in zip(inst.captions, inst.semantics_json):
            assert label(semantics, inst.world_json) is True, (name, text)
            entries.append({"image_id": inst.id, "caption": text})
            expected[inst.id, text] = True
        for k in range(1, FOREIGN + 1):  # a reference of another image, judged on this one
            other = instances[(i + k) % len(instances)]
            j = (i + k) % len(other.captions)
            text = other.captions[j]
            if (inst.id, text) in expected:
                continue
            entries.append({"image_id": inst.id, "caption": text})
            expected[inst.id, text] = label(other.semantics_json[j], inst.world_json)
    report = Evaluator(built[name]).evaluate(entries, several_captions=True)
    verdicts = {(r.image_id, r.caption): r.truth for r in report["details"]}
    decided = {key: value for key, value in expected.items() if value is not None}
    assert len(decided) >= 0.8 * len(expected)  # ratios over a restrictor the image lacks are undecided
    for key, value in decided.items():
        assert verdicts[key] == ("true" if value else "false"), (name, key, value, verdicts[key])
    assert sum(value is False for value in decided.values()) >= IMAGES  # false captions are checked too
