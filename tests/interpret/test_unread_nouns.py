"""A noun outside the vocabulary as the only noun of what is quantified ("one vertex pointing to the
lower left", "a glorp in the upper left"): what it names may be no shape of the world, so the claim is
never false (at best vague), while the rest of the sentence is still decided."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T
from tests.interpret.test_descriptions import check

WORLD = make_world(("triangle", "green", 0.65, 0.45, 0.06), ("pentagon", "yellow", 0.75, 0.75, 0.08))


@pytest.mark.parametrize("caption,expected", [
    ("There is a glorp in the upper left.", A),
    ("There is no glorp.", A),
    ("The green triangle points toward the right, with one vertex pointing to the lower left.", A),
    ("There is a green triangle and a glorp.", A),
    # the rest of the sentence still decides: no red triangle
    ("There is a red triangle and a glorp.", F),
    ("There is a green triangle.", T),
])
def test_an_unread_noun_is_never_false(caption, expected):
    check(caption, WORLD, expected)


@pytest.mark.parametrize("caption", [
    "There is a green triangle. Everything else is black.",
    "There is a green triangle, and everything else in the image is black.",
    "Everything else is blue.",
])
def test_everything_else_is_never_false(caption):
    """"else" names what the caption did not (the background, or shapes not mentioned): vague."""
    check(caption, WORLD, A)
