"""The realiser: caption semantics → English through the grammar files."""
from __future__ import annotations

import re

import numpy as np
import pytest

from shapeworldice.grammar import Realisation, grammar_version, normalise, parse, realise
from shapeworldice.semantics.components import (
    Attribute, EntityType, Existential, Proposition, Quantifier, Relation, Selector,
)

from grammar_captions import captions

T = EntityType.of


def attr(kind, value):
    return Relation("attribute", Attribute(kind, value))


EXAMPLES = [
    (T("square", "red"), "There is a red square."),
    (T(), "There is a shape."),
    (T(None, "cyan"), "There is a cyan shape."),
    (T("ellipse"), "There is an ellipse."),
    (Existential(T(), attr("color", "magenta")), "A shape is magenta."),
    (Existential(T("square"), attr("color", "red")), "A square is red."),
    (Existential(T("ellipse"), attr("color", "yellow")), "An ellipse is yellow."),
    (Existential(T(), Relation("type", T("triangle", "gray"))), "A shape is a gray triangle."),
    (Existential(T(None, "blue"), attr("shape", "cross")), "A blue shape is a cross."),
    (Existential(Selector("unique", T("square", "red")), Relation("y-rel", -1, T("circle"))),
     "The red square is above a circle."),
    (Existential(T("square"), Relation("type", T(None, "red"))), "A square is red."),
    (Existential(T("square"), Relation("x-rel", -1, T("pentagon"))), "A square is to the left of a pentagon."),
    (Existential(T("square"), Relation("x-rel", 1, T("pentagon"))), "A square is to the right of a pentagon."),
    (Existential(T("square"), Relation("y-rel", 1, T("pentagon"))), "A square is below a pentagon."),
    (Existential(T("square"), Relation("z-rel", -1, T("ellipse"))), "A square is behind an ellipse."),
    (Existential(T("square"), Relation("z-rel", 1, T("ellipse"))), "A square is in front of an ellipse."),
    (Existential(T("square"), Relation("size-rel", -1, T("cross"))), "A square is smaller than a cross."),
    (Existential(T("square"), Relation("size-rel", 1, T("cross"))), "A square is bigger than a cross."),
    (Existential(T("square"), Relation("shade-rel", -1, T("cross"))), "A square is darker than a cross."),
    (Existential(T("square"), Relation("shade-rel", 1, T("cross"))), "A square is lighter than a cross."),
    (Existential(T("cross"), Relation("shape-rel", 1, T("cross", "green"))),
     "A cross is the same shape as a green cross."),
    (Existential(T(None, "green"), Relation("shape-rel", -1, T("pentagon", "magenta"))),
     "A green shape is a different shape from a magenta pentagon."),
    (Existential(T("cross"), Relation("color-rel", 1, T("cross", "green"))),
     "A cross is the same color as a green cross."),
    (Existential(T("pentagon", "magenta"), Relation("color-rel", -1, T("cross"))),
     "A magenta pentagon is a different color from a cross."),
    (Existential(T("triangle", "red"), Relation("negation", Relation("x-rel", 1, T("pentagon", "cyan")))),
     "A red triangle is not to the right of a cyan pentagon."),
    (Existential(T("cross"), Relation("negation", Relation("negation", attr("color", "red")))),
     "A cross is not not red."),
    (Quantifier("count", "eq", 2, T("rectangle"), attr("color", "green")), "Exactly two rectangles are green."),
    (Quantifier("count", "eq", 1, T(), Relation("type", T("circle", "yellow"))),
     "Exactly one shape is a yellow circle."),
    (Quantifier("count", "eq", 0, T(), attr("shape", "ellipse")), "Exactly zero shapes are ellipses."),
    (Quantifier("count", "lt", 4, T("circle"), attr("color", "green")), "Less than four circles are green."),
    (Quantifier("count", "geq", 3, T(), attr("color", "red")), "At least three shapes are red."),
    (Quantifier("count", "leq", 1, T("square"), attr("color", "blue")), "At most one square is blue."),
    (Quantifier("count", "gt", 2, T(), attr("color", "gray")), "More than two shapes are gray."),
    (Quantifier("count", "neq", 2, T("pentagon"), attr("color", "green")), "Not two pentagons are green."),
    (Quantifier("count", "eq", 2, T(), Relation("type", T("square", "red"))), "Exactly two shapes are red squares."),
    (Quantifier("ratio", "gt", 0.5, T(), Relation("type", T("circle", "gray"))),
     "More than half the shapes are gray circles."),
    (Quantifier("ratio", "leq", 0.67, T("semicircle"), attr("color", "cyan")),
     "At most two thirds of the semicircles are cyan."),
    (Quantifier("ratio", "lt", 0.25, T(), Relation("type", T("cross", "yellow"))),
     "Less than a quarter of the shapes are yellow crosses."),
    (Quantifier("ratio", "eq", 0.0, T(), Relation("type", T("pentagon", "magenta"))),
     "No shape is a magenta pentagon."),
    (Quantifier("ratio", "eq", 1.0, T(), attr("shape", "square")), "All shapes are squares."),
    (Quantifier("ratio", "neq", 1.0, T(), attr("color", "gray")), "Not all shapes are gray."),
    (Quantifier("ratio", "geq", 0.75, T(), attr("color", "red")), "At least three quarters of the shapes are red."),
    (Proposition("disjunction", (T("square"), T(None, "green"))), "There is a square or there is a green shape."),
    (Proposition("conjunction", (T("square"), T(None, "green"))), "There is a square and there is a green shape."),
    (Proposition("implication", (T(None, "green"), T("pentagon"))),
     "If there is a pentagon, then there is a green shape."),
    (Proposition("equivalence", (T(None, "green"), T("pentagon"))),
     "There is a green shape if and only if there is a pentagon."),
]


@pytest.mark.parametrize("caption,text", EXAMPLES, ids=[t for _, t in EXAMPLES])
def test_examples(caption, text):
    r = realise(caption)
    assert isinstance(r, Realisation)
    assert r.text == text
    assert parse(r.text).grammatical


def test_ratio_paraphrase_choices_are_recorded():
    half = Quantifier("ratio", "eq", 0.5, T(), attr("color", "green"))
    assert realise(half) == Realisation("Exactly half the shapes are green.", ("exactly=exactly", "half=bare"))
    seen = {}
    rng = np.random.default_rng(0)
    for _ in range(60):
        r = realise(half, rng)
        seen[r.choices] = r.text
    assert seen == {
        ("exactly=exactly", "half=bare"): "Exactly half the shapes are green.",
        ("exactly=exactly", "half=of"): "Exactly half of the shapes are green.",
        ("exactly=bare", "half=bare"): "Half the shapes are green.",
        ("exactly=bare", "half=of"): "Half of the shapes are green.",
    }
    quarter = Quantifier("ratio", "eq", 0.25, T(), attr("shape", "rectangle"))
    texts = {realise(quarter, np.random.default_rng(s)).text for s in range(20)}
    assert texts == {"A quarter of the shapes are rectangles.", "Exactly a quarter of the shapes are rectangles."}
    # counts always say "Exactly"; no and all are always bare
    assert realise(Quantifier("count", "eq", 3, T(), attr("color", "red")), np.random.default_rng(1)).choices == ()
    assert realise(Quantifier("ratio", "eq", 0.0, T(), attr("color", "red")), np.random.default_rng(1)).text == \
        "No shape is red."


def test_deterministic_given_rng_state():
    caps = captions(300, seed=7)
    a = [realise(c, np.random.default_rng(3)) for c in caps]
    b = [realise(c, np.random.default_rng(3)) for c in caps]
    assert a == b
    rng1, rng2 = np.random.default_rng(9), np.random.default_rng(9)
    assert [realise(c, rng1) for c in caps] == [realise(c, rng2) for c in caps]


@pytest.mark.parametrize("family", ["type", "existential", "quantifier", "proposition"])
def test_every_realised_caption_parses(family):
    rng = np.random.default_rng(11)
    for cap in captions(1500, seed=hash(family) % 1000, family=family):
        r = realise(cap, rng)
        assert normalise(r.text) == r.text
        assert r.text[0].isupper() and r.text.endswith(".") and not r.text.endswith("..")
        result = parse(r.text)
        assert result.grammatical, r.text
        assert parse(r.text.lower()).grammatical  # normalisation restores the capital


def test_articles():
    assert realise(T("ellipse", "magenta")).text == "There is a magenta ellipse."
    assert realise(Existential(T("square"), Relation("z-rel", 1, T("ellipse")))).text.endswith("of an ellipse.")
    assert realise(Quantifier("count", "eq", 1, T("ellipse"), attr("color", "red"))).text == \
        "Exactly one ellipse is red."


def test_grammar_version():
    v = grammar_version()
    assert re.fullmatch(r"builtin@[0-9a-f]{8}", v)
    assert v == grammar_version()


def test_normalise():
    assert normalise("  a   square is red  ") == "A square is red."
    assert normalise("A square is red..") == "A square is red."
    assert normalise("a square is red !") == "A square is red."
    assert normalise("If there is a cross , then there is a square") == \
        "If there is a cross, then there is a square."
    assert normalise("") == "" and normalise(" \t\n") == "" and normalise("...") == ""
    for t in ["x", "  ÉCOLE  ", "a\u00a0b", "a\x00b", "ß", "?!", "\u200fA\u200d red\ufeff", "Ａ ｒｅｄ ｓｑｕａｒｅ"]:
        assert normalise(normalise(t)) == normalise(t)


def test_invisible_format_characters_and_fullwidth_letters_are_normalised():
    # a true reference with a right-to-left mark, a zero-width joiner or in fullwidth letters is the
    # same caption (it parses, and is read, as the plain one)
    plain = "There is a red square."
    for text in ["There is a red\u200f square.", "There is a\u200d red square.", "\ufeffThere is a red square.",
                 "Ｔｈｅｒｅ ｉｓ ａ ｒｅｄ ｓｑｕａｒｅ．", "There is a red squa\u00adre."]:
        assert normalise(text) == plain, text


