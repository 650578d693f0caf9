"""Reference within and across the sentences of a description, end to end on small hand-built
worlds: what "it", "they", "its", "the other", "both" pick out, checked through the truth of the
caption and of each of its claims (the rules are in docs/semantics.md, "Reference across
sentences")."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.evaluation.core.claims import check
from shapeworldice.reasons import judge
from shapeworldice.world.model import World
from tests.conftest import make_world
from tests.interpret.interpret_support import F, T, shared_parser, verdict

# a red square at the top, a blue circle below it, a green cross far off in the lower right
# (above the cross's level is the circle: the circle is not below the cross)
STACK = make_world(("square", "red", 0.45, 0.15), ("circle", "blue", 0.45, 0.55), ("cross", "green", 0.85, 0.9))
# the same with the circle above the square
FLIPPED = make_world(("square", "red", 0.45, 0.55), ("circle", "blue", 0.45, 0.15), ("cross", "green", 0.85, 0.9))


def claim_truths(caption: str, world: World) -> list[str]:
    """The verdict of each claim of ``caption`` on ``world``, in order."""
    judged = judge(shared_parser().parse(caption))
    assert judged.interpretation is not None, judged.reason.detail
    return [label for _, label in check(judged.interpretation, world).claims]


# ------------------------------------------------------------------------------ inside a list
@pytest.mark.parametrize("caption", [
    "A red square, a blue circle below it, and a green cross.",
    "There is a red square at the top, a blue circle below it, and a green cross.",
    "A green cross, a red square, and a blue circle below it.",
])
def test_it_in_an_item_of_a_list_is_the_item_just_before(caption):
    """"a green cross, a red square, and a blue circle below it": the square (the circle is not
    below the cross in STACK, so reading "it" as the cross would make the caption false)."""
    assert verdict(caption, STACK) == T
    assert verdict(caption, FLIPPED) == F


def test_the_item_claim_with_it_restates_the_item_before():
    assert claim_truths("A red square, a blue circle below it, and a green cross.", STACK) == [T, T, T]
    assert claim_truths("A red square, a blue circle below it, and a green cross.", FLIPPED) == [T, F, T]


def test_a_missing_item_before_makes_the_item_with_it_false():
    """"a yellow square, a blue circle below it": there is no yellow square, so no circle is below one."""
    assert claim_truths("A yellow square, a blue circle below it, and a green cross.", STACK) == [F, F, T]


@pytest.mark.parametrize("caption", [
    "A red square with a blue circle below it, and a green cross.",
    "A green cross, a red square with a blue circle just below it, and a blue circle.",
])
def test_it_in_a_with_phrase_of_an_item_is_the_noun_it_modifies(caption):
    assert verdict(caption, STACK) == T
    assert verdict(caption, FLIPPED) == F


def test_it_after_a_plural_item_is_not_decided():
    """"red squares, a blue circle below it": the item before is plural, "it" singular: which
    shape is meant is not decided."""
    assert verdict("Red squares, a blue circle below it, and a green cross.", STACK).startswith("uninterpretable")


@settings(max_examples=10, deadline=None)
@given(st.floats(0.05, 0.95), st.floats(0.05, 0.95))
def test_the_item_before_decides_wherever_the_circle_is(x, y):
    """The list's claim about the circle is the claim "a blue circle is below a red square"."""
    world = make_world(("square", "red", 0.5, 0.5), ("circle", "blue", x, y), ("cross", "green", 0.05, 0.05, 0.02))
    alone = verdict("A blue circle is below a red square.", world)
    assert verdict("A red square, a blue circle below it, and a green cross.", world) == alone
