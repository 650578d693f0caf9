"""A direction after a verb's object is the verb's (vague), not the picture's side; a colour compound the tagger
takes for a participle is one item of a colour list; "like a diamond" said of a turn is no
diamond: each a wrong truth once (fresh descriptions of the seventh set)."""
from __future__ import annotations

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict

# a gray semicircle at the left, a yellow triangle clearly right of it (both in the left half)
ROW = make_world(("semicircle", "gray", 0.15, 0.5, 0.06), ("triangle", "yellow", 0.4, 0.5, 0.06))


def test_a_direction_after_the_object_is_the_verbs_not_the_pictures_side():
    # read as the picture's right, "to the right" was false (the triangle is in the left half)
    assert verdict("The yellow triangle overlaps the gray semicircle to the right.", ROW) == F  # no contact
    assert verdict("The yellow triangle follows the gray semicircle to the right.", ROW) == A  # "follows" unread
    assert verdict("The yellow triangle follows the gray semicircle to the left.", ROW) == A  # never false
    assert verdict("The green triangle follows the gray semicircle to the left.", ROW) == F  # no green triangle
    assert verdict("The yellow triangle is to the right of the gray semicircle.", ROW) == T


# a cyan and a salmon-red pentagon left of a cyan triangle
PENTAGONS = make_world(("pentagon", "cyan", 0.2, 0.7, 0.06, -0.2), ("pentagon", "red", 0.35, 0.8, 0.06, 0.3),
                       ("triangle", "cyan", 0.8, 0.75, 0.06))


def test_a_colour_compound_read_as_a_participle_is_a_list_item():
    assert verdict("The teal and coral-red pentagons are to the left of the triangle.", PENTAGONS) == T
    assert verdict("There are teal and coral-red pentagons.", PENTAGONS) == T
    assert verdict("The teal and coral-red pentagons are to the right of the triangle.", PENTAGONS) == F


SQUARE = make_world(("square", "green", 0.3, 0.5, 0.08), ("circle", "red", 0.7, 0.5, 0.06))


def test_like_a_diamond_said_of_a_turn_claims_no_diamond():
    assert verdict("The green square is rotated roughly 30 degrees, like a diamond.", SQUARE) == T
    assert verdict("The red square is rotated roughly 30 degrees, like a diamond.", SQUARE) == F
    assert verdict("There is a diamond.", SQUARE) == F
