""""X is partly covered / partially hidden by Y": Y overlaps X (the labelling guide's "overlapped by"),
end to end on hand-built worlds."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import F, T, verdict

OVERLAPPING = make_world(("square", "red", 0.45, 0.5, 0.1), ("circle", "blue", 0.55, 0.5, 0.1))
APART = make_world(("square", "red", 0.1, 0.5, 0.05), ("circle", "blue", 0.9, 0.5, 0.05))


@pytest.mark.parametrize("caption", ["The red square is partly covered by the blue circle.",
                                     "The red square is partially hidden by the blue circle."])
def test_partly_covered_by_is_overlapped_by(caption):
    assert verdict(caption, OVERLAPPING) == T
    assert verdict(caption, APART) == F
