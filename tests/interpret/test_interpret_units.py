"""Hand-checked interpretations and truth values, uninterpretable readings, construction keys,
report breakdowns, SPICE tuples and robustness."""
from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from delphin import dmrs as delphin_dmrs
from interpret_support import (
    decoded, erg_readings, if_then_mrs, iff_mrs, make_world, read_caption, texts, worlds_for,
)

from shapeworldice.interpret import (
    Interpretation, Uninterpretable, interpret_readings, construction, reading_verdict, family, interpret,
    quantifier_range, relation, scene_tuples, truth,
)
from shapeworldice.interpret.logic import And, Color, Iff, Implies, Noun, Not, Or, QSpec, Quant, Rel, Shape, nesting
from shapeworldice.semantics.components import EntityType, Proposition
from shapeworldice.semantics.truth import Truth


def erg(text: str) -> Interpretation:
    _, interp = interpret_readings(erg_readings()[text])
    assert isinstance(interp, Interpretation), (text, interp)
    return interp


def judge(text: str, world) -> str:
    return reading_verdict(erg_readings()[text], world).truth


# --------------------------------------------------------------------------- logical forms

def test_logical_forms_of_typical_captions():
    assert str(erg("A square is red.")) == "exists x3.[square(x3)][red(x3)]"
    assert str(erg("The triangle is yellow.")) == "unique x3.[triangle(x3)][yellow(x3)]"
    assert str(erg("Every circle is cyan.")) == "ratio[eq 1.0] x3.[circle(x3)][cyan(x3)]"
    assert str(erg("A triangle is not red.")) == "exists x3.[triangle(x3)][not(red(x3))]"
    assert str(erg("At most a third of the pentagons are red.")) == "ratio[leq 0.33] x3.[pentagon(x3)][red(x3)]"
    assert str(erg("Most rectangles are blue.")) == "ratio[gt 0.5] x3.[rectangle(x3)][blue(x3)]"
    assert str(erg("None of the shapes are pentagons.")) == "ratio[eq 0.0] x3.[shape(x3)][pentagon(x3)]"
    two = erg("Two pentagons are above a pentagon.").formula
    # the ERG's "at least" in the logical form, marked as a bare numeral (truth reads it exactly by default)
    assert isinstance(two, Quant) and two.spec == QSpec("count", "geq", 2.0, "numeral")
    assert isinstance(two.body, Quant) and two.body.spec.kind == "exists"
    assert two.body.body == Rel("y-rel", -1, two.var, two.body.var)
    same = erg("A circle is the same shape as a circle.").formula
    assert isinstance(same.body, Quant) and isinstance(same.body.body, Rel)
    assert (same.body.body.kind, same.body.body.value) == ("shape-rel", 1)
    conj = erg("There is a square and there is a pentagon.").formula
    assert isinstance(conj, And) and all(isinstance(c, Quant) for c in conj.args)


def test_bare_quantities():
    """Bare numerals are lower bounds; bare fractions are exact."""
    there = erg("There are two pentagons.").formula
    assert there.spec.qrange == "geq" and there.spec.quantity == 2
    half = erg("Half the shapes are rectangles.").formula
    assert (half.spec.kind, half.spec.qrange, half.spec.quantity) == ("ratio", "eq", 0.5)
    thirds = erg("Two thirds of the squares are cyan.").formula
    assert (thirds.spec.qrange, thirds.spec.quantity) == ("eq", 0.67)
    exact = erg("Exactly half the blue shapes are crosses.").formula  # scopal "exactly"
    assert (exact.spec.qrange, exact.spec.quantity) == ("eq", 0.5)
    not_two = erg("Not two squares are cyan.").formula
    assert (not_two.spec.qrange, not_two.spec.quantity) == ("neq", 2.0)


# --------------------------------------------------------------------------- hand-built worlds

def test_the_square_is_green():
    one = make_world(("square", "green", 0.3, 0.3), ("circle", "blue", 0.7, 0.7))
    two = make_world(("square", "green", 0.3, 0.3), ("square", "blue", 0.7, 0.7))
    two_blue = make_world(("square", "blue", 0.3, 0.3), ("square", "blue", 0.7, 0.7))
    none = make_world(("circle", "green", 0.3, 0.3))
    assert judge("The square is green.", one) == "true"
    assert judge("The square is green.", two) == "ambiguous"  # "the" presupposes a unique square
    assert judge("The square is green.", two_blue) == "false"
    assert judge("The square is green.", none) == "false"


def test_every_and_no():
    assert judge("Every square is red.", make_world(("square", "red", 0.3, 0.3), ("square", "red", 0.7, 0.7),
                                                    ("circle", "blue", 0.5, 0.5))) == "true"
    assert judge("Every square is red.", make_world(("square", "red", 0.3, 0.3),
                                                    ("square", "blue", 0.7, 0.7))) == "false"
    # ShapeWorld's ratio semantics: "every" has existential import
    assert judge("Every square is red.", make_world(("circle", "red", 0.3, 0.3))) == "false"
    text = "No ellipse is to the left of a red shape."
    assert text in erg_readings()
    left = make_world(("ellipse", "blue", 0.2, 0.5), ("square", "red", 0.8, 0.5))
    right = make_world(("ellipse", "blue", 0.8, 0.5), ("square", "red", 0.2, 0.5))
    assert judge(text, left) == "false"
    assert judge(text, right) == "true"


def test_two_shapes_above_a_shape():
    text = "Two pentagons are above a pentagon."
    base = ("pentagon", "green", 0.5, 0.85)
    assert judge(text, make_world(("pentagon", "red", 0.3, 0.2), ("pentagon", "red", 0.7, 0.2), base)) == "true"
    assert judge(text, make_world(("pentagon", "red", 0.5, 0.2), ("pentagon", "red", 0.5, 0.6))) == "false"
    # within the 0.1 margin: neither clearly above nor clearly not
    assert judge(text, make_world(("pentagon", "red", 0.3, 0.2), ("pentagon", "red", 0.9, 0.8), base)) == "ambiguous"
    # a pentagon is never above itself; the top one is above the other two
    assert judge(text, make_world(("pentagon", "red", 0.5, 0.1), ("pentagon", "red", 0.5, 0.5), base)) == "true"


def test_relation_reference_is_another_entity():
    """"A circle is the same color as a yellow shape": the only yellow shape being the circle
    itself makes the caption ambiguous, as ShapeWorld's relation semantics."""
    text = "A circle is the same color as a yellow shape."
    assert judge(text, make_world(("circle", "yellow", 0.5, 0.5))) == "ambiguous"
    assert judge(text, make_world(("circle", "yellow", 0.3, 0.5), ("square", "yellow", 0.7, 0.5))) == "true"
    assert judge(text, make_world(("circle", "red", 0.3, 0.5), ("square", "yellow", 0.7, 0.5))) == "false"


def test_counts_and_ratios_by_hand():
    w = make_world(("square", "red", 0.2, 0.2), ("square", "red", 0.5, 0.2), ("square", "blue", 0.8, 0.2))
    assert judge("There are two pentagons.", w) == "false"
    text = "Two thirds of the squares are cyan."
    cyan2 = make_world(("square", "cyan", 0.2, 0.2), ("square", "cyan", 0.5, 0.2), ("square", "blue", 0.8, 0.2))
    assert judge(text, cyan2) == "true"  # 2/3 = 0.667, within 0.67 ± 0.005
    assert judge(text, w) == "false"


# --------------------------------------------------------------------------- uninterpretable

ELIDED = ("[ LTOP: h0 INDEX: e2 RELS: < [ _a_q<0:1> LBL: h4 ARG0: x3 RSTR: h5 BODY: h6 ] "
          "[ _square_n_of<2:8> LBL: h7 ARG0: x3 ARG1: i8 ] [ ellipsis_ref<9:12> LBL: h1 ARG0: e2 ARG1: x3 ] > "
          "HCONS: < h0 qeq h1 h5 qeq h7 > ]")  # "A square is."
BIGGER = ("[ LTOP: h0 INDEX: e2 RELS: < [ _a_q<0:1> LBL: h4 ARG0: x3 RSTR: h5 BODY: h6 ] "
          "[ _green_a_1<2:7> LBL: h7 ARG0: e8 ARG1: x3 ] [ _semicircle_n_1<8:18> LBL: h7 ARG0: x3 ] "
          "[ _big_a_1<22:29> LBL: h1 ARG0: e2 ARG1: x3 ] [ more_comp<22:29> LBL: h1 ARG0: e9 ARG1: e2 ARG2: u10 ] > "
          "HCONS: < h0 qeq h1 h5 qeq h7 > ]")  # "A green semicircle is bigger."


def test_elided_predicates_are_uninterpretable():
    world = make_world(("square", "red", 0.5, 0.5))
    for mrs in (ELIDED, BIGGER):
        assert isinstance(interpret(mrs), Uninterpretable)
        result = reading_verdict([mrs], world)
        assert result.truth == "uninterpretable" and result.reading_index is None
    assert "ellipsis" in interpret(ELIDED).reason or "ellipsis_ref" in interpret(ELIDED).reason
    # real ERG readings with VP ellipsis ("A cross is [so] to the right of a pentagon.") are rejected
    readings = decoded("A cross is to the right of a pentagon.")
    elliptic = [m for m in readings if any(ep.predicate == "ellipsis_ref" for ep in m.rels)]
    assert elliptic and all(isinstance(interpret(m), Uninterpretable) for m in elliptic)


def test_names_and_odd_analyses_are_uninterpretable():
    readings = decoded("A cyan shape is darker than a rectangle.")
    named = [m for m in readings if any(ep.predicate == "named" for ep in m.rels)]
    assert named and all(isinstance(interpret(m), Uninterpretable) for m in named)


@pytest.mark.parametrize("bad", ["", "not an mrs", "[ LTOP: h0 RELS: < > HCONS: < > ]", None, 42])
def test_garbage_never_crashes(bad):
    world = make_world(("square", "red", 0.5, 0.5))
    assert isinstance(interpret(bad), Uninterpretable)
    assert reading_verdict([bad], world).truth == "uninterpretable"
    assert reading_verdict([], world).truth == "uninterpretable"


def test_dmrs_and_string_input():
    text = "A square is red."
    m = decoded(text)[0]
    d = delphin_dmrs.from_mrs(m)
    assert str(interpret(d)) == str(interpret(m)) == str(interpret(erg_readings()[text][0]))


# --------------------------------------------------------------------------- logical connectives

def test_if_then_and_iff_from_erg_style_mrs():
    """The ERG readings lack the natural "If ..., then ..." analysis (see test_erg_readings); the
    ERG's analysis built by hand gives ShapeWorld's implication with clauses (consequent, antecedent)."""
    for text in texts("template", "logical"):
        if not text.startswith("If "):
            continue
        caption = read_caption(text)
        consequent, antecedent = caption.clauses
        mrs = if_then_mrs(antecedent, consequent)
        interp = interpret(mrs)
        assert isinstance(interp, Interpretation) and family(interp) == "logical"
        for world in worlds_for(text, 20, seed=11):
            assert truth(interp, world) == caption.truth(world), text
    left, right = EntityType.of(shape="square"), EntityType.of(color="red")
    iff = interpret(iff_mrs(left, right))
    proposition = Proposition("equivalence", (left, right))
    for world in worlds_for("square red", 40, seed=5):
        assert truth(iff, world) == proposition.truth(world)


def test_connective_truth_tables():
    world = make_world(("square", "red", 0.5, 0.5))

    def clause(v: Truth):
        return Quant(QSpec("exists"), f"x{int(v) + 5}", Noun(f"x{int(v) + 5}"),
                     Noun(f"x{int(v) + 5}") if v == Truth.TRUE else Not(Noun(f"x{int(v) + 5}")))

    for a in (Truth.TRUE, Truth.FALSE):
        for b in (Truth.TRUE, Truth.FALSE):
            assert truth(And((clause(a), clause(b))), world) == min(a, b)
            assert truth(Or((clause(a), clause(b))), world) == max(a, b)
            assert truth(Implies(clause(a), clause(b)), world) == max(b, -a)
            assert truth(Iff(clause(a), clause(b)), world) == (Truth.TRUE if a == b else Truth.FALSE)


# --------------------------------------------------------------------------- constructions

def _shape_variant(text: str, old: str) -> Interpretation:
    """The ERG reading of ``text`` with the shape noun ``old`` replaced by the noun "shape"."""
    reading = erg_readings()[text][interpret_readings(erg_readings()[text])[0]]
    interp = interpret(reading.replace(old, "_shape_n_1"))
    assert isinstance(interp, Interpretation)
    return interp


def test_construction_keys():
    key = lambda t: construction(erg(t))  # noqa: E731
    assert key("A square is red.") == key("A circle is blue.")
    assert key("A square is red.") != construction(_shape_variant("A square is red.", "_square_n_of"))
    assert key("Exactly four ellipses are green.") == key("Exactly five triangles are gray.")
    assert key("Exactly four ellipses are green.") != key("At least five shapes are red.")
    assert key("Exactly three circles are circles.") != key("Exactly four ellipses are green.")
    assert key("A triangle is not red.") != key("A triangle is red.")
    assert key("There is a square and there is a pentagon.") != key("There is a semicircle or there is a pentagon.")
    assert key("A quarter of the shapes are gray.") != key("A third of the red shapes are ellipses.")
    hash(key("A square is red."))


def test_construction_keys_drop_values_across_the_data():
    """Sentences differing only in colour, shape names and numbers share a key."""
    import re

    def abstract(text: str) -> str:
        text = re.sub(r"\b(red|green|blue|yellow|magenta|cyan|gray)\b", "C", text)
        text = re.sub(r"\b(squares?|rectangles?|triangles?|pentagons?|crosses|cross|circles?|semicircles?|"
                      r"ellipses?)\b", "S", text)
        text = re.sub(r"\b(zero|one|two|three|four|five)\b(?! (thirds|quarters))", "N", text)
        return re.sub(r"\ban\b", "a", text)

    by_pattern: dict[str, set[str]] = {}
    for text in texts("template") + texts("free"):
        _, interp = interpret_readings(erg_readings()[text])
        if isinstance(interp, Interpretation):
            by_pattern.setdefault(abstract(text), set()).add(construction(interp))
    assert all(len(keys) == 1 for keys in by_pattern.values()), \
        {p: k for p, k in by_pattern.items() if len(k) > 1}
    patterns_per_key: dict[str, int] = {}
    for keys in by_pattern.values():
        patterns_per_key[next(iter(keys))] = patterns_per_key.get(next(iter(keys)), 0) + 1
    assert len(patterns_per_key) > 100


def test_breakdowns():
    assert family(erg("There is a semicircle or there is a pentagon.")) == "logical"
    assert family(erg("A square is red.")) == "existential"
    assert family(erg("A triangle is not red.")) == "existential"
    assert family(erg("A circle is the same shape as a circle.")) == "relational"
    assert family(erg("No ellipse is to the left of a red shape.")) == "ratio"
    assert quantifier_range(erg("At most a third of the pentagons are red.")) == "leq"
    assert quantifier_range(erg("Not two squares are cyan.")) == "neq"
    assert quantifier_range(erg("A square is red.")) is None
    assert relation(erg("No ellipse is to the left of a red shape.")) == "left-of"
    assert relation(erg("A cyan shape is darker than a rectangle.")) == "darker-than"
    assert relation(erg("A square is red.")) is None


# --------------------------------------------------------------------------- SPICE tuples

def test_scene_tuples():
    assert scene_tuples(erg("A square is red.")) == {("square",), ("square", "red")}
    assert scene_tuples(erg("A triangle is not red.")) == {("triangle",)}
    assert scene_tuples(erg("A magenta circle is to the right of a blue circle.")) == {
        ("circle",), ("circle", "magenta"), ("circle", "blue"), ("circle", "right-of", "circle")}
    assert scene_tuples(erg("A cyan shape is darker than a rectangle.")) == {
        ("shape",), ("shape", "cyan"), ("rectangle",), ("shape", "darker-than", "rectangle")}
    # from an MRS, and from an uninterpretable one (nouns and their colours only)
    index, _ = interpret_readings(erg_readings()["A square is red."])
    assert scene_tuples(decoded("A square is red.")[index]) == {("square",), ("square", "red")}
    assert scene_tuples(BIGGER) == {("semicircle",), ("semicircle", "green")}


def test_world_with_no_entities():
    from shapeworldice.world.model import World

    empty = World(())
    assert judge("A square is red.", empty) == "false"
    assert judge("None of the shapes are pentagons.", empty) == "true"
    assert judge("There are two pentagons.", empty) == "false"


def test_interpretations_pickle_and_hash():
    import pickle

    interp = erg("A circle is the same shape as a circle.")
    worlds = worlds_for("circle", 5, seed=4)
    before = [truth(interp, w) for w in worlds]
    copy = pickle.loads(pickle.dumps(interp))
    assert copy == interp and hash(copy) == hash(interp)
    assert [truth(copy, w) for w in worlds] == before


def test_free_variables_are_rejected():
    with pytest.raises(ValueError):
        truth(Color("x", "red"), make_world(("square", "red", 0.5, 0.5), ("circle", "red", 0.2, 0.2)))


_SHAPES = ("square", "circle", "triangle")
_COLORS = ("red", "blue", "green")


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_SHAPES), st.sampled_from(_COLORS), st.sampled_from(_SHAPES),
                          st.sampled_from((-1, 1))), min_size=1, max_size=40))
@example([("square", "red", "circle", 1)] * 40)
def test_quantifiers_side_by_side_share_axes(sentences):
    """A description of many sentences ("a red square left of a circle", ...) side by side: its truth
    is the least of its sentences' truths, however many variables it binds in all (40 sentences bind
    80, more than an array's axes: :func:`~shapeworldice.interpret.logic.nesting` gives them two)."""
    world = make_world(("square", "red", 0.2, 0.5), ("circle", "blue", 0.8, 0.5), ("triangle", "green", 0.5, 0.2))

    def sentence(i: int, shape: str, color: str, other: str, side: int):
        x, y = f"x{2 * i}", f"x{2 * i + 1}"
        return Quant(QSpec("exists"), x, And((Shape(x, shape), Color(x, color))),
                     Quant(QSpec("exists"), y, Shape(y, other), Rel("x-rel", side, x, y)))

    parts = [sentence(i, *s) for i, s in enumerate(sentences)]
    formula = And(tuple(parts))
    assert max(nesting(formula).values()) == 2
    assert truth(formula, world) == min(truth(p, world) for p in parts)
