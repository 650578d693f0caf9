""""The shapes do not overlap." (``shapeworldice.interpret.negated_contacts``): none of them overlaps
another, as "None of the shapes overlap."; it was vague when one shape overlapped nothing, end to end
on hand-built worlds."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import F, T, verdict

OVERLAPPING = make_world(("circle", "red", 0.5, 0.5, 0.1), ("square", "blue", 0.55, 0.5, 0.1),
                         ("cross", "green", 0.1, 0.1, 0.05))
APART = make_world(("circle", "red", 0.2, 0.5, 0.05), ("square", "blue", 0.8, 0.5, 0.05),
                   ("cross", "green", 0.5, 0.1, 0.05))


@pytest.mark.parametrize("caption,world,expected", [
    ("The shapes do not overlap.", OVERLAPPING, F),
    ("The shapes do not overlap.", APART, T),
    ("The shapes don't touch.", OVERLAPPING, F),
    ("The shapes don't touch.", APART, T),
])
def test_the_shapes_do_not_overlap_is_none_of_them(caption, world, expected):
    assert verdict(caption, world) == expected
