"""Independent truth check of ShapeWorld's relational, logical and discourse datasets: an independent
labeller (sharing no code with the package) finds every reference true, and agrees with the
evaluator on references of other images judged on each image (many of them false or undecided)."""
from __future__ import annotations

import pytest

from shapeworldice.data import load
from shapeworldice.data.build import generate
from shapeworldice.evaluation.core.gtd import Evaluator
from tests.data.relational_task_labels import label

TASKS = ("relational-attribute", "relational-comparative", "relational-negation", "logical", "relative-clauses",
         "coreference")
DATASETS = [f"{task}{suffix}" for task in TASKS for suffix in ("", "-heldout", "-informative", "-informative-heldout")]
IMAGES, FOREIGN = 16, 3
VERDICT = {1: "true", 0: "ambiguous", -1: "false"}


def check(directory, name: str) -> tuple[int, int]:
    """(references checked, foreign captions checked); asserts every verdict."""
    instances = list(load(directory, "test"))
    entries, expected, foreign = [], {}, 0
    for i, inst in enumerate(instances):
        for text, semantics in zip(inst.captions, inst.semantics_json):
            assert label(semantics, inst.world_json) == 1, (name, text)
            entries.append({"image_id": inst.id, "caption": text})
            expected[inst.id, text] = 1
        for k in range(1, FOREIGN + 1):
            other = instances[(i + k) % len(instances)]
            j = (i + k) % len(other.captions)
            if (inst.id, other.captions[j]) not in expected:
                entries.append({"image_id": inst.id, "caption": other.captions[j]})
                expected[inst.id, other.captions[j]] = label(other.semantics_json[j], inst.world_json)
                foreign += 1
    report = Evaluator(directory).evaluate(entries, several_captions=True)
    verdicts = {(r.image_id, r.caption): r.truth for r in report["details"]}
    for key, value in expected.items():
        assert verdicts[key] == VERDICT[value], (name, key, value, verdicts[key])
    return sum(len(inst.captions) for inst in instances), foreign


@pytest.mark.parametrize("name", DATASETS)
def test_references_are_true_and_the_evaluator_agrees(tmp_path, name):
    directory = generate(name, tmp_path, seed=0, train=0, validation=0, test=IMAGES)
    references, foreign = check(directory, name)
    assert references == IMAGES * 10 and foreign >= IMAGES
