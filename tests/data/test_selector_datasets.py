"""The twelve definitions of proximity, selection and complex quantification (relational-proximity,
selection, quantification-complex with their held-out and informative forms): on built test images
every reference is grammatical and true (G = T = 1, parsed by the built-in grammar), and the
independent labeller of ``tests/semantics/independent_selectors.py`` (plain Python from the stored
JSON) finds each one true. The fast test builds 32 images with 5 references; ``-m slow`` builds 512
with 10."""
from __future__ import annotations

import pytest

from shapeworldice.data import load
from shapeworldice.data.build import generate
from shapeworldice.evaluation.core.gtd import Evaluator
from tests.semantics.independent_selectors import label

TASKS = ("relational-proximity", "selection", "quantification-complex")
NAMES = [f"{t}{s}" for t in TASKS for s in ("", "-heldout", "-informative", "-informative-heldout")]


def check(directory) -> int:
    split = load(directory, "test")
    entries, checked = [], 0
    for inst in split:
        for text, semantics in zip(inst.captions, inst.semantics_json):
            assert label(semantics, inst.world_json) == 1, (text, semantics)
            entries.append({"image_id": inst.id, "caption": text})
            checked += 1
    report = Evaluator(directory).evaluate(entries, several_captions=True)
    bad = [(r.caption, r.truth) for r in report["details"] if r.truth != "true"]
    assert not bad, bad[:5]
    assert report["scores"]["grammaticality"] == 1.0
    assert report["scores"]["truthfulness"] == 1.0
    return checked


@pytest.mark.parametrize("name", NAMES)
def test_references_are_grammatical_true_and_independently_true(tmp_path, name):
    directory = generate(name, tmp_path, seed=0, train=0, validation=0, test=32, references=5)
    assert check(directory) == 32 * 5


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_512_images(tmp_path, name):
    directory = generate(name, tmp_path, seed=0, train=0, validation=0, test=512)
    assert check(directory) == 512 * 10
