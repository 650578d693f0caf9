"""The corpus's labeller on hand-made worlds whose answers are obvious."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.freeform.labels import Claim, Desc, Rel, Thing, conjunction, pair


def world(*specs: tuple[str, str, float, float]) -> tuple[Thing, ...]:
    return tuple(Thing(i, shape, color, x, y) for i, (shape, color, x, y) in enumerate(specs))


RED_SQUARE = Desc("red", "square")
BLUE_CIRCLE = Desc("blue", "circle")


def related(subject: Desc, name: str, ref: Desc, det: str = "a") -> Desc:
    return Desc(subject.color, subject.shape, (Rel(name, det, ref),))


def exists_rel(subject: Desc, name: str, ref: Desc) -> Claim:
    return Claim("exists", related(subject, name, ref))


STACKED = world(("square", "red", 0.5, 0.2), ("circle", "blue", 0.5, 0.6))  # red square straight above


def test_above_and_below_compare_centres_with_y_downwards():
    assert exists_rel(RED_SQUARE, "above", BLUE_CIRCLE).truth(STACKED) is True
    assert exists_rel(BLUE_CIRCLE, "below", RED_SQUARE).truth(STACKED) is True
    assert exists_rel(RED_SQUARE, "below", BLUE_CIRCLE).truth(STACKED) is False
    assert exists_rel(BLUE_CIRCLE, "above", RED_SQUARE).truth(STACKED) is False


def test_left_and_right_are_undecided_for_shapes_on_one_vertical():
    assert exists_rel(RED_SQUARE, "left", BLUE_CIRCLE).truth(STACKED) is None
    assert exists_rel(RED_SQUARE, "right", BLUE_CIRCLE).truth(STACKED) is None


def test_a_diagonal_at_45_degrees_is_inside_the_margin():
    diagonal = world(("square", "red", 0.2, 0.2), ("circle", "blue", 0.5, 0.5))
    assert pair("above", diagonal[0], diagonal[1]) == (False, False)
    assert exists_rel(RED_SQUARE, "above", BLUE_CIRCLE).truth(diagonal) is None
    steep = world(("square", "red", 0.3, 0.2), ("circle", "blue", 0.5, 0.5))
    assert exists_rel(RED_SQUARE, "above", BLUE_CIRCLE).truth(steep) is True


def test_a_small_offset_is_undecided_not_false():
    close = world(("square", "red", 0.5, 0.45), ("circle", "blue", 0.5, 0.5))
    assert exists_rel(RED_SQUARE, "above", BLUE_CIRCLE).truth(close) is None
    assert exists_rel(RED_SQUARE, "below", BLUE_CIRCLE).truth(close) is None


def test_a_missing_reference_makes_a_relation_false():
    alone = world(("square", "red", 0.5, 0.2))
    assert exists_rel(RED_SQUARE, "above", BLUE_CIRCLE).truth(alone) is False
    assert exists_rel(RED_SQUARE, "above", Desc(shape="star")).truth(alone) is False


def test_the_subject_as_its_own_only_reference_is_undecided():
    alone = world(("square", "red", 0.5, 0.2), ("circle", "blue", 0.5, 0.6))
    assert exists_rel(Desc(shape="square"), "above", Desc(shape="square")).truth(alone) is None
    assert exists_rel(Desc(shape="circle"), "above", Desc(color="blue")).truth(alone) is None


def test_some_fitting_pair_makes_an_existential_true():
    scene = world(("square", "red", 0.2, 0.8), ("square", "red", 0.5, 0.2), ("circle", "blue", 0.5, 0.6))
    assert exists_rel(RED_SQUARE, "above", BLUE_CIRCLE).truth(scene) is True


def test_a_relative_clause_is_false_when_no_entity_fits_it():
    """The issue's world: the green cross lies below the only cyan shape (and no other green
    cross exists), so both phrasings are false."""
    scene = world(("cross", "green", 0.3, 0.75), ("circle", "cyan", 0.35, 0.25), ("square", "red", 0.8, 0.5))
    relative = Claim("exists", related(Desc("green", "cross"), "above", Desc(color="cyan")))
    assert relative.truth(scene) is False
    assert exists_rel(Desc("green", "cross"), "below", Desc(color="cyan")).truth(scene) is True


def test_the_needs_exactly_one_referent():
    one = world(("square", "red", 0.5, 0.2), ("circle", "blue", 0.5, 0.6))
    two = world(("square", "red", 0.5, 0.2), ("square", "red", 0.2, 0.7), ("circle", "blue", 0.5, 0.6))
    none = world(("circle", "blue", 0.5, 0.6))
    says = Desc(rels=(Rel("above", "the", BLUE_CIRCLE),))
    assert Claim("the", RED_SQUARE, says).truth(one) is True
    assert Claim("the", RED_SQUARE, Desc(rels=(Rel("below", "the", BLUE_CIRCLE),))).truth(one) is False
    assert Claim("the", RED_SQUARE, says).truth(two) is None
    assert Claim("the", RED_SQUARE, says).truth(none) is None
    assert Claim("the", Desc(shape="square"), Desc(color="red")).truth(one) is True
    assert Claim("the", Desc(shape="square"), Desc(color="green")).truth(one) is False
    assert Claim("the", BLUE_CIRCLE, Desc(rels=(Rel("above", "the", RED_SQUARE),))).truth(two) is None


def test_bare_numerals_count_only_where_at_least_and_exactly_agree():
    squares = [("square", "red", 0.2 + 0.3 * i, 0.5) for i in range(3)]
    three = world(*squares)
    assert Claim("count", RED_SQUARE, n=3).truth(three) is True
    assert Claim("count", RED_SQUARE, n=4).truth(three) is False
    assert Claim("count", RED_SQUARE, n=2).truth(three) is None  # at least two, not exactly two
    assert Claim("count", RED_SQUARE, n=2, exact=True).truth(three) is False
    assert Claim("count", Desc(), n=3).truth(three) is True


def test_absent_colours_and_shapes_match_nothing():
    scene = world(("square", "red", 0.5, 0.2))
    assert Claim("exists", Desc("black", "square")).truth(scene) is False
    assert Claim("exists", Desc(shape="star")).truth(scene) is False
    assert Claim("none", Desc(shape="star")).truth(scene) is True
    assert Claim("none", RED_SQUARE).truth(scene) is False


def test_both_and_one_other_presuppose_two_shapes():
    pair_world = world(("square", "red", 0.2, 0.2), ("circle", "red", 0.7, 0.7))
    assert Claim("both", pred=Desc(color="red")).truth(pair_world) is True
    assert Claim("both", pred=Desc(shape="square")).truth(pair_world) is False
    assert Claim("both", pred=Desc(color="red")).truth(pair_world[:1]) is None
    assert Claim("one-other", Desc("red", "circle"), RED_SQUARE).truth(pair_world) is True
    assert Claim("one-other", BLUE_CIRCLE, RED_SQUARE).truth(pair_world) is False


def test_outside_claims_are_undecided_and_conjunction_is_three_valued():
    assert Claim("outside", what="shadow").truth(STACKED) is None
    assert conjunction([True, True]) is True
    assert conjunction([True, None]) is None
    assert conjunction([None, False]) is False


coordinate = st.floats(0.05, 0.95).map(lambda v: round(v, 3))


@given(st.lists(st.tuples(st.sampled_from(("red", "blue")), coordinate, coordinate), min_size=1, max_size=5),
       st.sampled_from((("above", "below"), ("left", "right"), ("below", "above"), ("right", "left"))))
def test_a_relation_and_its_converse_agree_between_disjoint_descriptions(specs, names):
    """ "A red shape is above a blue shape" ⇔ "a blue shape is below a red shape"."""
    things = world(*((("square", c, x, y)) for c, x, y in specs))
    red, blue = Desc(color="red"), Desc(color="blue")
    assert exists_rel(red, names[0], blue).truth(things) == exists_rel(blue, names[1], red).truth(things)
