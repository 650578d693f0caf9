"""A JsonRecord reads its document and writes it back key for key, in the record's order, leaves
out an optional field that is None, and refuses a document with a field it does not name."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Mapping

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shapeworldice.evaluation.io.json_record import JsonRecord


@dataclass(frozen=True, slots=True)
class Point(JsonRecord):
    WHAT = "a point"
    OPTIONAL = ("note",)

    x: float | None
    labels: Mapping[str, int]
    note: str | None = None


_json_float = st.one_of(st.none(), st.floats(allow_nan=False, allow_infinity=False))


@given(x=_json_float, labels=st.dictionaries(st.text(max_size=4), st.integers()), note=st.one_of(st.none(), st.text()))
def test_a_document_reads_and_writes_back_its_text(x, labels, note):
    document = {"x": x, "labels": labels, **({} if note is None else {"note": note})}
    text = json.dumps(document, indent=1)
    point = Point.from_json(json.loads(text))
    assert (point.x, dict(point.labels), point.note) == (x, labels, note)
    assert json.dumps(point.to_json(), indent=1) == text
    assert point["labels"] == labels


def test_a_field_it_does_not_name_or_a_missing_one_is_refused():
    with pytest.raises(ValueError, match=r"not a point: unknown fields \['y'\]"):
        Point.from_json({"x": 1.0, "labels": {}, "y": 2})
    with pytest.raises(ValueError, match=r"not a point: missing fields \['labels'\]"):
        Point.from_json({"x": 1.0})
