"""Claims of a formula and its object mentions, on formulas built by hand: which quantifiers split
and commit to existence, and that every claim is entailed by the caption."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.interpret import claims, object_mentions, truth
from shapeworldice.interpret.logic import And, Color, Exists, Not, Or, QSpec, Quant, Rel, Shape, upward
from shapeworldice.interpret.mentions import Mention, commits
from shapeworldice.semantics.truth import Truth
from shapeworldice.world.model import COLOR_NAMES, SHAPES
from tests.conftest import make_world

A = QSpec("exists", word="a")


def there(var: str, *atoms) -> Quant:
    return Quant(A, var, And(atoms), Exists(var))


def test_top_level_conjuncts_are_claims():
    f = And((there("x", Shape("x", "square")), And((there("y", Shape("y", "circle")), there("z", Shape("z", "star"))))))
    assert claims(f) == [there("x", Shape("x", "square")), there("y", Shape("y", "circle")),
                         there("z", Shape("z", "star"))]


def test_an_upward_quantifier_over_a_conjunction_splits():
    body = And((Exists("x"), And((Color("x", "red"), there("y", Shape("y", "star"))))))
    f = Quant(A, "x", Shape("x", "square"), body)
    assert claims(f) == [Quant(A, "x", Shape("x", "square"), Exists("x")),
                         Quant(A, "x", Shape("x", "square"), Color("x", "red")),
                         there("y", Shape("y", "star"))]  # not about x: a claim of its own


@pytest.mark.parametrize("spec, splits", [
    (QSpec("exists"), True), (QSpec("unique"), True), (QSpec("definite", quantity=2), True),
    (QSpec("count", "geq", 2), True), (QSpec("count", "gt", 1), True), (QSpec("ratio", "eq", 1.0), True),
    (QSpec("ratio", "gt", 0.5), True),
    (QSpec("count", "eq", 2), False), (QSpec("count", "leq", 2), False), (QSpec("count", "lt", 3), False),
    (QSpec("ratio", "eq", 0.0), False), (QSpec("ratio", "eq", 0.5), False),
])
def test_only_upward_monotone_quantifiers_split(spec, splits):
    f = Quant(spec, "x", Shape("x", "square"), And((Color("x", "red"), Exists("x"))))
    assert upward(spec) == splits
    assert len(claims(f)) == (2 if splits else 1)


def test_or_and_not_are_one_claim():
    for f in (Or((there("x", Shape("x", "square")), there("y", Shape("y", "circle")))),
              Not(And((there("x", Shape("x", "square")), there("y", Shape("y", "circle")))))):
        assert claims(f) == [f]


@pytest.mark.parametrize("spec, commits_", [
    (QSpec("exists"), True), (QSpec("unique"), True), (QSpec("definite"), True),
    (QSpec("count", "geq", 1), True), (QSpec("count", "geq", 0), False), (QSpec("count", "gt", 0), True),
    (QSpec("count", "eq", 3), True), (QSpec("count", "eq", 0), False), (QSpec("count", "leq", 2), False),
    (QSpec("count", "lt", 2), False), (QSpec("count", "neq", 2), False),
    (QSpec("ratio", "eq", 1.0), True), (QSpec("ratio", "gt", 0.5), True), (QSpec("ratio", "geq", 0.25), True),
    (QSpec("ratio", "eq", 0.0), False), (QSpec("ratio", "lt", 0.5), False), (QSpec("ratio", "leq", 0.5), False),
])
def test_which_quantifiers_assert_existence(spec, commits_):
    assert commits(spec) == commits_


def test_mentions_skip_negation_disjunction_and_non_committing_quantifiers():
    star = there("z", Shape("z", "star"))
    relation = Quant(A, "y", Shape("y", "circle"), Rel("y-rel", -1, "x", "y"))
    f = And((Quant(A, "x", And((Color("x", "red"), Shape("x", "square"))), And((relation, Not(Color("x", "blue"))))),
             Not(star), Or((star, star)), Quant(QSpec("ratio", "eq", 0.0), "w", Shape("w", "cross"), star)))
    assert object_mentions(f) == [Mention("square", ("red",)), Mention("circle")]
    assert [str(m) for m in object_mentions(there("x", Color("x", "red")))] == ["red shape"]
    assert object_mentions(there("x", Exists("x"))) == []  # "there is a shape": no description


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(SHAPES), st.sampled_from(COLOR_NAMES),
                          st.floats(0.1, 0.9), st.floats(0.1, 0.9)), min_size=1, max_size=5),
       st.lists(st.tuples(st.sampled_from(SHAPES + ("star",)), st.sampled_from(COLOR_NAMES + ("black",))),
                min_size=1, max_size=3))
def test_a_true_caption_has_true_claims_and_no_hallucinations(specs, described):
    """A caption true on a world makes each claim true (claims are entailed), and every object it
    mentions is there."""
    world = make_world(*specs)
    parts = [Quant(A, f"x{k}", And((Shape(f"x{k}", s), Color(f"x{k}", c))),
                   And((Exists(f"x{k}"), there(f"y{k}", Shape(f"y{k}", s))))) for k, (s, c) in enumerate(described)]
    f = And(tuple(parts))
    if truth(f, world) == Truth.TRUE:
        assert all(truth(c, world) == Truth.TRUE for c in claims(f))
        assert all(any(m.matches(e) for e in world.entities) for m in object_mentions(f))
    if any(truth(c, world) == Truth.FALSE for c in claims(f)):
        assert truth(f, world) == Truth.FALSE


@settings(max_examples=20, deadline=None)
@given(names=st.lists(st.sampled_from(["x", "y", "x2", "x12", "z~1"]), min_size=2, max_size=4, unique=True))
def test_a_claim_met_twice_is_listed_once(names):
    """A list nested in a list says a member's existence twice, under other variable names: one claim."""
    squares = [there(v, Shape(v, "square")) for v in names]
    f = And((*squares, there("w", Shape("w", "circle"))))
    assert claims(f) == [squares[0], there("w", Shape("w", "circle"))]
