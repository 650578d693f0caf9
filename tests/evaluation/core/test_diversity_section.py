"""The report's diversity section for several captions per image (Wang & Chan)."""
from __future__ import annotations

import pytest

from shapeworldice.evaluation.core.diversity_section import BETA2, diversity_section
from shapeworldice.metrics import lsa_diversity, mbleu, self_cider

SAME = "A red square is to the left of a blue circle."
VARIED = ["A red square is to the left of a blue circle.", "There is a green triangle.",
          "Most shapes are yellow.", "A cross is above an ellipse."]


def test_none_for_single_captions():
    assert diversity_section({"a": [SAME], "b": ["There is a shape."]}, 1.0) is None
    assert diversity_section({}, 0.5) is None


def test_identical_captions_have_no_diversity():
    section = diversity_section({"a": [SAME] * 4, "b": [SAME] * 3}, 0.8)
    assert section["images"] == 2
    assert section["self_cider"] == pytest.approx(0.0, abs=1e-12)
    assert section["lsa"] == pytest.approx(0.0, abs=1e-12)
    assert section["mbleu_4"] == pytest.approx(1.0)
    assert section["mbleu_mix"] == pytest.approx(0.0, abs=1e-9)
    assert section["f_score"] == pytest.approx(0.0, abs=1e-12)


def test_varied_captions_and_f_score():
    grouped = {"a": VARIED, "b": VARIED[:2], "c": ["There is a shape."]}
    section = diversity_section(grouped, 0.6)
    assert section["images"] == 2 and section["images_single_caption"] == 1
    assert section["captions_per_image"] == {"min": 2, "max": 4, "mean": 3.0}
    candidates = list(grouped.values())
    assert section["self_cider"] == pytest.approx(self_cider(candidates).score)
    assert section["lsa"] == pytest.approx(lsa_diversity(candidates).score)
    assert section["mbleu_mix"] == pytest.approx(mbleu(candidates)["mbleu_mix"].score)
    assert 0.5 < section["self_cider"] <= 1.0
    div, acc = section["self_cider"], 0.6
    assert BETA2 == 5.0
    assert section["f_score"] == pytest.approx((1 + 5) * div * acc / (5 * div + acc))
    assert section["accuracy"] == 0.6


def test_no_accuracy_no_f_score():
    section = diversity_section({"a": VARIED}, None)
    assert section["f_score"] is None and section["self_cider"] is not None
