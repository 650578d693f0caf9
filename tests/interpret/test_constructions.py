"""Constructions captioning models produce beyond the caption templates, parsed with the package
grammar (ERG analyses) and interpreted: truth on hand-built worlds and construction keys.

* noun phrase coordination ("There is a red square and a blue circle.", "A square and a circle
  are red.", "There is a square or a circle."): the ERG's ``udef_q`` over ``_and_c``/``_or_c``
  (ARG0 the coordinated entity, ARG1/ARG2 the conjuncts), read distributively;
* "x is left/right of y" (the bare side noun as predicate nominal) = "to the left/right of";
* plural definites ("The shapes are red.", "The two squares are red."): all of them, which
  exist (and, with a number, exactly that many);
* "There are no squares.", "A square is not red.", "Not all shapes are red.".
"""
from __future__ import annotations

import pytest
from interpret_support import make_world, worlds_for

from shapeworldice.grammar import parse
from shapeworldice.interpret import (
    Interpretation, construction, reading_verdict, family, interpret, quantifier_range, relation, truth,
)
from shapeworldice.interpret.logic import And, Or, Quant


def reading(text: str):
    r = parse(text)
    assert r.grammatical, text
    return r.reading


def meaning(text: str) -> Interpretation:
    interp = interpret(reading(text).mrs)
    assert isinstance(interp, Interpretation), (text, interp)
    return interp


def judge(text: str, world) -> str:
    return reading_verdict([reading(text).mrs], world).truth


def key(text: str) -> str:
    return construction(meaning(text))


# --------------------------------------------------------------------------- NP coordination

def test_np_coordination_has_the_erg_analysis():
    m = reading("A square and a circle are red.").mrs
    coord = [ep for ep in m.rels if ep.predicate == "_and_c"]
    assert len(coord) == 1
    c = coord[0]
    x, left, right = c.args["ARG0"], c.args["ARG1"], c.args["ARG2"]
    assert x.startswith("x") and m.variables[x]["NUM"] == "pl"
    quants = {ep.args["ARG0"]: ep.predicate for ep in m.rels if "RSTR" in ep.args}
    assert quants == {x: "udef_q", left: "_a_q", right: "_a_q"}
    udef = next(ep for ep in m.rels if ep.predicate == "udef_q")
    assert any(hc.hi == udef.args["RSTR"] and hc.lo == c.label for hc in m.hcons)
    red = next(ep for ep in m.rels if ep.predicate == "_red_a_1")
    assert red.args["ARG1"] == x
    there = reading("There is a square or a circle.").mrs
    be = next(ep for ep in there.rels if ep.predicate == "_be_v_there")
    orc = next(ep for ep in there.rels if ep.predicate == "_or_c")
    assert be.args["ARG1"] == orc.args["ARG0"]


def test_there_is_a_red_square_and_a_blue_circle():
    text = "There is a red square and a blue circle."
    both = make_world(("square", "red", 0.3, 0.3), ("circle", "blue", 0.7, 0.7))
    square = make_world(("square", "red", 0.3, 0.3), ("circle", "green", 0.7, 0.7))
    circle = make_world(("square", "blue", 0.3, 0.3), ("circle", "blue", 0.7, 0.7))
    assert judge(text, both) == "true"
    assert judge(text, square) == "false"
    assert judge(text, circle) == "false"
    assert judge("There are a red square and a blue circle.", both) == "true"
    f = meaning(text).formula
    assert isinstance(f, And) and len(f.args) == 2 and all(isinstance(a, Quant) for a in f.args)


def test_there_is_a_square_or_a_circle():
    text = "There is a square or a circle."
    assert judge(text, make_world(("circle", "red", 0.5, 0.5))) == "true"
    assert judge(text, make_world(("square", "red", 0.5, 0.5))) == "true"
    assert judge(text, make_world(("triangle", "red", 0.5, 0.5))) == "false"
    assert isinstance(meaning(text).formula, Or)


def test_coordinated_subject():
    text = "A square and a circle are red."
    assert judge(text, make_world(("square", "red", 0.3, 0.3), ("circle", "red", 0.7, 0.7))) == "true"
    assert judge(text, make_world(("square", "red", 0.3, 0.3), ("circle", "blue", 0.7, 0.7))) == "false"
    assert judge(text, make_world(("square", "red", 0.3, 0.3))) == "false"
    # each conjunct keeps its own quantifier: "two squares and a circle"
    text = "Two squares and a circle are green."
    ok = make_world(("square", "green", 0.2, 0.2), ("square", "green", 0.5, 0.2), ("circle", "green", 0.8, 0.2))
    one = make_world(("square", "green", 0.2, 0.2), ("square", "red", 0.5, 0.2), ("circle", "green", 0.8, 0.2))
    assert judge(text, ok) == "true"
    assert judge(text, one) == "false"
    assert not parse("A square and a circle is red.").grammatical  # "and" makes a plural


def test_coordinated_reference_and_predicate_nominal():
    text = "A square is above a circle and a triangle."
    above_both = make_world(("square", "red", 0.5, 0.2), ("circle", "red", 0.3, 0.7), ("triangle", "red", 0.7, 0.7))
    above_one = make_world(("square", "red", 0.5, 0.5), ("circle", "red", 0.5, 0.9), ("triangle", "red", 0.5, 0.05))
    assert judge(text, above_both) == "true"
    assert judge(text, above_one) == "false"
    text = "A shape is a square or a circle."
    assert judge(text, make_world(("circle", "red", 0.5, 0.5))) == "true"
    assert judge(text, make_world(("cross", "red", 0.5, 0.5))) == "false"
    # the same, read from the ERG's noun phrase coordination analysis of the predicate nominal
    erg = ("[ LTOP: h0 INDEX: e2 RELS: < [ _a_q<0:1> LBL: h4 ARG0: x3 RSTR: h5 BODY: h6 ] "
           "[ _shape_n_1<2:7> LBL: h7 ARG0: x3 ] [ _be_v_id<8:10> LBL: h1 ARG0: e2 ARG1: x3 ARG2: x8 ] "
           "[ udef_q<11:31> LBL: h9 ARG0: x8 RSTR: h10 BODY: h11 ] "
           "[ _a_q<11:12> LBL: h12 ARG0: x13 RSTR: h14 BODY: h15 ] "
           "[ _square_n_of<13:19> LBL: h16 ARG0: x13 ARG1: i17 ] "
           "[ _or_c<20:22> LBL: h18 ARG0: x8 ARG1: x13 ARG2: x19 ] "
           "[ _a_q<23:24> LBL: h20 ARG0: x19 RSTR: h21 BODY: h22 ] "
           "[ _circle_n_of<25:31> LBL: h23 ARG0: x19 ARG1: i24 ] > "
           "HCONS: < h0 qeq h1 h5 qeq h7 h10 qeq h18 h14 qeq h16 h21 qeq h23 > ]")
    interp = interpret(erg)
    assert isinstance(interp, Interpretation), interp
    for world in worlds_for("square circle", 20, seed=3):
        assert truth(interp, world) == truth(meaning(text), world)


def test_erg_style_np_coordination():
    """ERG output (character spans, ``udef_q`` spanning the coordination) for "A square and a circle are red."."""
    erg = ("[ LTOP: h0 INDEX: e2 RELS: < [ udef_q<0:21> LBL: h4 ARG0: x3 [ x PERS: 3 NUM: pl ] RSTR: h5 BODY: h6 ] "
           "[ _a_q<0:1> LBL: h7 ARG0: x8 [ x PERS: 3 NUM: sg IND: + ] RSTR: h9 BODY: h10 ] "
           "[ _square_n_of<2:8> LBL: h11 ARG0: x8 ARG1: i12 ] [ _and_c<9:12> LBL: h13 ARG0: x3 ARG1: x8 ARG2: x14 ] "
           "[ _a_q<13:14> LBL: h15 ARG0: x14 [ x PERS: 3 NUM: sg IND: + ] RSTR: h16 BODY: h17 ] "
           "[ _circle_n_of<15:21> LBL: h18 ARG0: x14 ARG1: i19 ] [ _red_a_1<26:29> LBL: h1 ARG0: e2 ARG1: x3 ] > "
           "HCONS: < h0 qeq h1 h5 qeq h13 h9 qeq h11 h16 qeq h18 > ]")
    interp = interpret(erg)
    assert isinstance(interp, Interpretation), interp
    ours = meaning("A square and a circle are red.")
    assert construction(interp) == construction(ours)
    for world in worlds_for("square circle red", 30, seed=7):
        assert truth(interp, world) == truth(ours, world)


def test_lists():
    """"A, B and C": the ERG's implicit_conj of A and the coordination of B and C, one connective."""
    m = reading("There is a red square, a blue circle and a green triangle.").mrs
    preds = sorted(ep.predicate for ep in m.rels if ep.predicate in ("implicit_conj", "_and_c", "udef_q"))
    assert preds == ["_and_c", "implicit_conj", "udef_q", "udef_q"]
    text = "There is a red square, a blue circle and a green triangle."
    all3 = make_world(("square", "red", 0.2, 0.2), ("circle", "blue", 0.5, 0.5), ("triangle", "green", 0.8, 0.8))
    two = make_world(("square", "red", 0.2, 0.2), ("circle", "blue", 0.5, 0.5), ("triangle", "red", 0.8, 0.8))
    assert judge(text, all3) == "true"
    assert judge(text, two) == "false"
    f = meaning(text).formula
    assert isinstance(f, And) and len(f.args) == 3
    text = "There is a square, a circle or a triangle."
    assert judge(text, make_world(("triangle", "red", 0.5, 0.5))) == "true"
    assert judge(text, make_world(("cross", "red", 0.5, 0.5))) == "false"
    f = meaning(text).formula
    assert isinstance(f, Or) and len(f.args) == 3
    assert judge("A square, a circle and a cross are blue.", make_world(
        ("square", "blue", 0.2, 0.2), ("circle", "blue", 0.5, 0.5), ("cross", "blue", 0.8, 0.8))) == "true"


def test_np_coordination_keys():
    assert key("There is a red square and a blue circle.") == key("There is a green triangle and a gray cross.")
    assert key("There is a red square and a blue circle.") != key("There is a red square or a blue circle.")
    assert key("There is a red square and a blue circle.") != key("There is a red square and a circle.")
    # distributive: the same logical form as the coordination of the two clauses
    assert key("There is a red square and a blue circle.") == \
        key("There is a red square and there is a blue circle.")
    assert key("A square and a circle are red.") == key("A square is red and a circle is red.")
    assert family(meaning("There is a square or a circle.")) == "logical"


# --------------------------------------------------------------------------- left of / right of

def test_left_of_and_right_of():
    for bare, full in (("A square is left of a circle.", "A square is to the left of a circle."),
                       ("Two crosses are right of a red shape.", "Two crosses are to the right of a red shape.")):
        m = meaning(bare)
        assert construction(m) == construction(meaning(full))
        assert relation(m) == relation(meaning(full))
        for world in worlds_for(full, 30, seed=9):
            assert truth(m, world) == truth(meaning(full), world), bare
    left = make_world(("square", "red", 0.2, 0.5), ("circle", "red", 0.8, 0.5))
    right = make_world(("square", "red", 0.8, 0.5), ("circle", "red", 0.2, 0.5))
    assert judge("A square is left of a circle.", left) == "true"
    assert judge("A square is left of a circle.", right) == "false"
    assert judge("A square is right of a circle.", right) == "true"
    assert relation(meaning("A square is left of a circle.")) == "left-of"


# --------------------------------------------------------------------------- plural definites

def test_the_shapes_are_red():
    """A plural "the" is said of the group: true when every member is so, false when none may be (or
    there is none), vague when some are and some are not (as "the X" of several)."""
    text = "The shapes are red."
    assert judge(text, make_world(("square", "red", 0.3, 0.3), ("circle", "red", 0.7, 0.7))) == "true"
    assert judge(text, make_world(("square", "red", 0.3, 0.3), ("circle", "blue", 0.7, 0.7))) == "ambiguous"
    assert judge(text, make_world(("square", "blue", 0.3, 0.3), ("circle", "blue", 0.7, 0.7))) == "false"
    assert judge(text, make_world()) == "false"  # "the shapes" presupposes there are some
    text = "The squares are green."
    assert judge(text, make_world(("square", "green", 0.3, 0.3), ("square", "green", 0.5, 0.5),
                                  ("circle", "red", 0.7, 0.7))) == "true"
    assert judge(text, make_world(("square", "green", 0.3, 0.3), ("square", "red", 0.5, 0.5))) == "ambiguous"
    assert judge(text, make_world(("square", "red", 0.3, 0.3), ("square", "red", 0.5, 0.5))) == "false"
    assert judge(text, make_world(("circle", "green", 0.3, 0.3))) == "false"
    m = meaning(text)
    assert m.formula.spec.kind == "definite" and m.formula.spec.quantity is None
    # singular "the" stays ShapeWorld's unique selector
    assert meaning("The square is green.").formula.spec.kind == "unique"


def test_the_two_squares_are_red():
    """With three squares, which two "the two squares" are is not said (as "the square" of several):
    vague when two of them are red."""
    text = "The two squares are red."
    two = make_world(("square", "red", 0.2, 0.2), ("square", "red", 0.5, 0.2), ("circle", "blue", 0.8, 0.2))
    three = make_world(("square", "red", 0.2, 0.2), ("square", "red", 0.5, 0.2), ("square", "red", 0.8, 0.2))
    mixed = make_world(("square", "red", 0.2, 0.2), ("square", "blue", 0.5, 0.2))
    blue = make_world(("square", "blue", 0.2, 0.2), ("square", "blue", 0.5, 0.2))
    one = make_world(("square", "red", 0.2, 0.2))
    assert judge(text, two) == "true"
    assert judge(text, three) == "ambiguous"
    assert judge(text, mixed) == "ambiguous"  # said of the pair, true of one of them
    assert judge(text, blue) == "false"
    assert judge(text, one) == "false"
    f = meaning(text).formula.args[0]  # the decided reading, or the vague one beside it
    assert (f.spec.kind, f.spec.quantity) == ("definite", 2.0)


def test_plural_definite_reference():
    text = "A circle is to the left of the squares."
    ok = make_world(("circle", "red", 0.1, 0.5), ("square", "red", 0.5, 0.5), ("square", "red", 0.8, 0.5))
    part = make_world(("circle", "red", 0.6, 0.5), ("square", "red", 0.3, 0.5), ("square", "red", 0.8, 0.5))
    bad = make_world(("circle", "red", 0.9, 0.5), ("square", "red", 0.3, 0.5), ("square", "red", 0.6, 0.5))
    assert judge(text, ok) == "true"
    assert judge(text, part) == "ambiguous"  # left of one of the squares only
    assert judge(text, bad) == "false"


def test_plural_definite_keys():
    assert key("The circles are red.") == key("The squares are blue.")
    assert key("The shapes are red.") != key("All shapes are red.")
    assert key("The shapes are red.") != key("The shape is red.")
    assert key("The two squares are red.") == key("The three circles are green.")
    assert key("The two squares are red.") != key("The squares are red.")
    assert family(meaning("The shapes are red.")) == "existential"
    assert family(meaning("The squares are above a circle.")) == "spatial"
    assert quantifier_range(meaning("The shapes are red.")) is None


# --------------------------------------------------------------------------- negation and "no"

def test_there_are_no_squares():
    text = "There are no squares."
    assert judge(text, make_world(("circle", "red", 0.5, 0.5))) == "true"
    assert judge(text, make_world()) == "true"
    assert judge(text, make_world(("circle", "red", 0.3, 0.5), ("square", "red", 0.7, 0.5))) == "false"
    assert key(text) == key("There are no circles.") != key("There is a square.")
    assert family(meaning(text)) == "ratio"


def test_a_square_is_not_red():
    text = "A square is not red."
    assert judge(text, make_world(("square", "blue", 0.5, 0.5))) == "true"
    assert judge(text, make_world(("square", "red", 0.3, 0.5), ("square", "blue", 0.7, 0.5))) == "true"
    assert judge(text, make_world(("square", "red", 0.3, 0.5), ("circle", "blue", 0.7, 0.5))) == "false"
    assert judge(text, make_world(("circle", "blue", 0.5, 0.5))) == "false"
    assert key(text) != key("A square is red.")
    assert family(meaning(text)) == "existential"


def test_not_all_shapes_are_red():
    text = "Not all shapes are red."
    assert judge(text, make_world(("square", "red", 0.3, 0.5), ("circle", "blue", 0.7, 0.5))) == "true"
    assert judge(text, make_world(("square", "red", 0.3, 0.5), ("circle", "red", 0.7, 0.5))) == "false"
    f = meaning(text).formula
    assert (f.spec.kind, f.spec.qrange, f.spec.quantity) == ("ratio", "neq", 1.0)
    assert key(text) != key("All shapes are red.")
    assert quantifier_range(meaning(text)) == "neq"


@pytest.mark.parametrize("text", [
    "There is a red square and a blue circle.", "There is a square or a circle.", "A square and a circle are red.",
    "A square is left of a circle.", "The shapes are red.", "The two squares are red.", "There are no squares.",
    "A square is not red.", "Not all shapes are red.", "A red square is to the right of the two blue circles.",
])
def test_constructions_are_stable_across_worlds(text):
    """Every world gives one of the three truth values (never an error)."""
    m = meaning(text)
    for world in worlds_for(text, 25, seed=13):
        assert truth(m, world) in (-1, 0, 1)


# --------------------------------------------------------------------------- partitives

def test_partitives_with_numbers_all_and_most():
    """"two of the squares", "all of the shapes", "most of the shapes": the quantifier of the
    partitive over the restrictor of its definite ("half of the shapes" already worked so)."""
    w = make_world(("square", "red", 0.2, 0.2), ("square", "red", 0.5, 0.2), ("square", "blue", 0.8, 0.2))
    assert judge("Two of the squares are red.", w) == "true"
    assert judge("Three of the squares are red.", w) == "false"
    assert judge("All of the squares are red.", w) == "false"
    assert judge("Most of the squares are red.", w) == "true"
    assert judge("All of the squares are red.", make_world(("square", "red", 0.2, 0.2))) == "true"
    assert key("Two of the squares are red.") == key("Two squares are red.")
    assert key("All of the shapes are red.") == key("All shapes are red.")
    assert key("Most of the shapes are red.") == key("Most shapes are red.")
    m = reading("All of the shapes are red.").mrs
    assert sorted(ep.predicate for ep in m.rels) == ["_all_q", "_red_a_1", "_shape_n_1", "_the_q", "part_of"]
