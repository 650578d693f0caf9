"""METEOR via Java: a float in [0, 1] with Java; 'unavailable' (never a crash) without it."""
from __future__ import annotations

import shutil

import pytest

from shapeworldice.metrics import Meteor, get_metric, score_all

CANDS = [["A red square is to the left of a circle."], ["There is a blue shape."]]
REFS = [["A red square is left of a circle.", "There is a circle."], ["A blue shape exists."]]
needs_java = pytest.mark.skipif(shutil.which("java") is None, reason="java not found")


def test_without_java_is_unavailable(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no java here
    res = get_metric("meteor").compute(CANDS, REFS)["meteor"]
    assert res.score is None and res.unavailable == "java not found"
    assert res.signature.startswith("METEOR-1.5|")
    out = score_all(CANDS, REFS, include_meteor=True)
    assert out["meteor"].unavailable == "java not found" and out["bleu_4"].score is not None


@needs_java
def test_java_failure_is_reported_not_raised() -> None:
    res = Meteor(java_options=["-Xmx1k"], timeout=30).compute(CANDS, REFS)["meteor"]
    assert res.score is None and res.unavailable.startswith("METEOR failed")


@needs_java
def test_timeout_is_reported() -> None:
    res = Meteor(timeout=0.01).compute(CANDS, REFS)["meteor"]
    assert res.score is None and "timed out" in res.unavailable


@pytest.mark.slow
@needs_java
def test_meteor_score_in_unit_interval() -> None:
    res = score_all(CANDS, REFS, include_meteor=True)["meteor"]
    assert res.unavailable is None, res.unavailable
    assert 0.0 <= res.score <= 1.0
    assert len(res.per_image) == 2 and all(0.0 <= s <= 1.0 for s in res.per_image)
