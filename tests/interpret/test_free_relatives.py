""""what appears to be X", "what looks like X" (``shapeworldice.interpret.free_relatives``): the hedged
noun phrase, as "There appears to be X" is read; end to end on a hand-built world."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import F, T, verdict

WORLD = make_world(("triangle", "magenta", 0.2, 0.2), ("cross", "cyan", 0.8, 0.8))


@pytest.mark.parametrize("caption,expected", [
    ("There is what appears to be a magenta triangle.", T),
    ("There is what seems to be a red triangle.", F),
    ("The image shows what looks like a cyan cross in the lower right.", T),
    ("The image shows what looks like a cyan cross in the upper left.", F),
])
def test_a_hedging_free_relative_is_its_noun_phrase(caption, expected):
    assert verdict(caption, WORLD) == expected
