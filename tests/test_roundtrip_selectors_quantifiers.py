"""Round trip of ShapeWorld's selectors, proximity, number bounds and comparative quantifiers: the
builder's captions parse, keep their construction key, and their parse has the truth of their
semantics on their own world and on 20 other random worlds (``tests/test_roundtrip.py``'s check)."""
from __future__ import annotations

import pytest

from tests.test_roundtrip import check

TASKS = ("relational-proximity", "selection", "quantification-complex")


@pytest.mark.parametrize("name", TASKS)
def test_builder_captions_round_trip(name):
    assert check(name, 200) >= 200


@pytest.mark.slow
@pytest.mark.parametrize("name", TASKS)
def test_builder_captions_round_trip_10000(name):
    assert check(name, 10_000) >= 10_000
