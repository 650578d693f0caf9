"""Equations of two daughters' fields are read directly (:func:`semantics._equations`); the
composition is the term-by-term one, and a missing field is named as before."""
from __future__ import annotations

import pytest

from shapeworldice.grammar.loader import GrammarError, parse_sem
from shapeworldice.grammar.semantics import Builder, _equations


def test_daughter_field_equations_are_planned_and_others_are_not():
    spec = parse_sem("[ltop=h1 index=e1] _and_c(LBL=h1, ARG0=e1) ; 0.ltop=2.ltop ; 0.index=h1", "test")
    plans = [refs for _, _, refs in _equations(spec)]
    assert plans == [(0, "ltop", 2, "ltop"), None]
    assert _equations(spec) is _equations(spec)  # made once per spec


def test_composition_identifies_the_daughters_fields():
    spec = parse_sem("[ltop=h1 index=e1] _and_c(LBL=h1, ARG0=e1, L-INDEX=0.index) ; 0.ltop=1.ltop ; 0.ltop=h1",
                     "test")
    b = Builder()
    left = {"ltop": b.vars.new("h"), "index": b.vars.new("x")}
    right = {"ltop": b.vars.new("h"), "index": b.vars.new("x")}
    hook = b.apply(spec, [left, right], {})
    find = b.vars.find
    assert find(left["ltop"]) == find(right["ltop"]) == find(hook["ltop"])
    assert find(left["index"]) != find(right["index"])


def test_a_missing_daughter_field_is_named():
    spec = parse_sem("[ltop=h1] ; 0.ltop=1.nothing", "test")
    b = Builder()
    with pytest.raises(GrammarError, match="daughter 1 has no 'nothing'"):
        b.apply(spec, [{"ltop": b.vars.new("h")}, {"ltop": b.vars.new("h")}], {})
