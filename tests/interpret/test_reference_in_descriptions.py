"""What a pronoun or "no other" refers back to in a description (:mod:`shapeworldice.interpret.antecedents`,
:mod:`shapeworldice.interpret.reference`): a shape a "there is" introduces stays the antecedent of "it"
when a passive makes it an object; each "no other" of a sentence is besides the shapes named before,
not besides the shapes another "no other" says are not there."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T
from tests.interpret.test_descriptions import check

# a cyan cross at the top, a red semicircle below it overlapping it, a blue square far away
OVERLAPPED = make_world(("cross", "cyan", 0.5, 0.2, 0.1), ("semicircle", "red", 0.5, 0.35, 0.08),
                        ("square", "blue", 0.1, 0.9, 0.05))
# the same, the semicircle beside the cross and a little lower
BESIDE = make_world(("cross", "cyan", 0.5, 0.2, 0.1), ("semicircle", "red", 0.62, 0.25, 0.08),
                    ("square", "blue", 0.1, 0.9, 0.05))
# a yellow semicircle and a cyan pentagon only; the same with a third shape
TWO = make_world(("semicircle", "yellow", 0.5, 0.8, 0.05), ("pentagon", "cyan", 0.8, 0.8, 0.05))
THREE = make_world(("semicircle", "yellow", 0.5, 0.8, 0.05), ("pentagon", "cyan", 0.8, 0.8, 0.05),
                   ("circle", "red", 0.2, 0.2, 0.05))


@pytest.mark.parametrize("caption,world,expected", [
    ("There is a cyan cross, overlapped by a red semicircle below it.", OVERLAPPED, T),
    ("There is a cyan cross, overlapped by a red semicircle above it.", OVERLAPPED, F),
    # the semicircle beside the cross, inside the margin of "below": vague
    ("There is a cyan cross, overlapped by a red semicircle below it.", BESIDE, A),
])
def test_a_there_shape_overlapped_by_another_is_it(caption, world, expected):
    check(caption, world, expected)


@pytest.mark.parametrize("caption,world,expected", [
    ("There is a yellow semicircle. There is a cyan pentagon. The rest of the image is black and there "
     "are no other objects.", TWO, T),
    ("There is a yellow semicircle. There is a cyan pentagon. The rest of the image is black and there "
     "are no other objects.", THREE, F),
    # a sentence left out before it: which shapes are excluded is not known
    ("There is a yellow semicircle. A cyan pentagon frobs. The rest of the image is black and there "
     "are no other objects.", TWO, A),
])
def test_two_no_others_in_one_sentence(caption, world, expected):
    check(caption, world, expected)
