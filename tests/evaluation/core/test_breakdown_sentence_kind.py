"""The breakdown (the report's ``family`` axis) names each caption's sentence kind by what it is:
a list of noun phrases is ``list`` (it was ``logical``), relations conjoined on one subject are
``conjoined-relations`` (they were ``coreference``); and wherever D is shown the report says it can exceed 1."""
from __future__ import annotations

import pytest

from shapeworldice.evaluation.core.analysis import Analyser
from shapeworldice.evaluation.io.html_report import _summary
from shapeworldice.evaluation.io.report import DIVERSITY_NOTE, summary_text
from shapeworldice.parsing import BuiltinParser

CAPTIONS = [
    ("A red square and a blue circle.", "list"),
    ("A red square, a blue circle and a green cross.", "list"),
    ("There is a red square and a blue circle.", "list"),
    ("There is a red square and there is a blue circle.", "logical"),
    ("A square is red and a circle is blue.", "logical"),
    ("A red square is right of a blue circle and above a green cross.", "conjoined-relations"),
    ("A square is left of a circle and a cross.", "conjoined-relations"),
    ("There is a square. It is above a circle.", "coreference"),
    ("A square is above a circle and it is red.", "coreference"),
    ("A circle is blue, and the square below it is green.", "coreference"),
    ("A red square is above a blue circle.", "spatial"),
]


@pytest.fixture(scope="module")
def analyse():
    return Analyser(BuiltinParser())


@pytest.mark.parametrize("caption, expected", CAPTIONS)
def test_each_caption_is_of_the_sentence_kind_it_is(analyse, caption, expected):
    assert analyse(caption).sentence_kind == expected


def test_the_report_breaks_down_by_those_names_and_says_d_can_exceed_one(evaluator):
    entries = [{"image_id": i, "caption": c} for i, (c, _) in zip(evaluator.ids, CAPTIONS)]
    report = evaluator.evaluate(entries, allow_missing=True)
    kinds = report.breakdown["family"]
    assert {"list", "conjoined-relations", "coreference", "logical"} <= set(kinds)
    assert kinds["list"].captions == 3 and kinds["conjoined-relations"].captions == 2
    assert DIVERSITY_NOTE in summary_text(report).splitlines()
    assert "can exceed" in DIVERSITY_NOTE or "exceeds 1" in DIVERSITY_NOTE
    html = "".join(_summary(report))
    assert "exceeds 1" in html and "family conjoined-relations" in summary_text(report)
