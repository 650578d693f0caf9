""""X is the only Y" ("The vivid green circle is the only green object."): X is a Y and there is
exactly one Y, end to end on hand-built worlds."""
from __future__ import annotations

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

# one green circle and two red squares
WORLD = make_world(("circle", "green", 0.2, 0.2, 0.2), ("square", "red", 0.5, 0.5, 0.2),
                   ("square", "red", 0.8, 0.8, 0.1))


def test_the_one_is_the_only():
    assert verdict("The green circle is the only circle.", WORLD) == T
    assert verdict("The green circle is the only green shape.", WORLD) == T
    assert verdict("There is a green circle. It is the only circle.", WORLD) == T


def test_false_when_there_are_others_or_it_is_not_one():
    assert verdict("A red square is the only square.", WORLD) == F
    assert verdict("The green circle is the only square.", WORLD) == F
    assert verdict("The green circle is the only red shape.", WORLD) == F


def test_a_vague_word_leaves_it_vague():
    world = make_world(("circle", "green", 0.2, 0.2, 0.2, -0.1), ("square", "red", 0.5, 0.5, 0.2))
    assert verdict("The green circle is the only dark shape.", world) == A


def test_a_word_the_count_cannot_read_is_not_dropped():
    # "colorful" says nothing the world model records: counted without it, "the only colorful
    # object" would be "the only object", false with three shapes
    assert verdict("The green circle is the only colorful object.", WORLD) != F
