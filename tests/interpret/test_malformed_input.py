"""Malformed or unsupported MRS is uninterpretable; a bug in the interpreter is not.

The interpreter catches exactly :class:`UninterpretableMRS`, which its stages raise where the
input is the problem. These tests feed it broken readings (each must come back as
:class:`Uninterpretable` with a reason naming the problem) and inject bugs into its stages
(each must propagate, not pass for an uninterpretable caption).
"""
from __future__ import annotations

import random

import pytest
from delphin import dmrs as delphin_dmrs
from delphin.codecs import simplemrs
from interpret_support import erg_readings, make_world

from shapeworldice.interpret import (
    Interpretation, Uninterpretable, reading_verdict, interpret, interpret_readings, preference_order, scene_tuples,
)
from shapeworldice.interpret import formula_builder, rewrites, scope

#: the ERG's reading of "A square is red." (ACE 0.9.30 + ERG 2025), the base of the broken ones
SQUARE_RED = (
    "[ LTOP: h0 INDEX: e2 [ e SF: prop TENSE: pres MOOD: indicative PROG: - PERF: - ] RELS: < "
    "[ _a_q<0:1> LBL: h4 ARG0: x3 [ x PERS: 3 NUM: sg IND: + ] RSTR: h5 BODY: h6 ] "
    "[ _square_n_of<2:8> LBL: h7 ARG0: x3 ARG1: i8 ] "
    "[ _red_a_1<12:15> LBL: h1 ARG0: e2 ARG1: x3 ] > HCONS: < h0 qeq h1 h5 qeq h7 > ICONS: < > ]"
)


def test_the_base_reading_is_interpretable():
    result = interpret(SQUARE_RED)
    assert isinstance(result, Interpretation)
    assert str(result) == "exists x3.[square(x3)][red(x3)]"


@pytest.mark.parametrize("broken, reason", [
    (SQUARE_RED.replace("LTOP: h0 ", ""), "without a top"),
    (SQUARE_RED.replace(" h5 qeq h7", ""), "hole h5 has no qeq"),
    (SQUARE_RED.replace("h0 qeq h1", "h0 qeq h99"), "hole h0 plugs an empty label"),
    (SQUARE_RED.replace("_red_a_1", "_blorp_a_1"), "says 'blorp', which the world model does not define"),
    (SQUARE_RED.replace("ARG1: x3 ]", "ARG1: x9 ]"), "tied to no shape it names"),
    (SQUARE_RED.replace("_a_q", "_many_q"), "quantifier _many_q cannot be interpreted"),
    (SQUARE_RED.replace("[ _square_n_of<2:8> LBL: h7 ARG0: x3 ARG1: i8 ]",
                        "[ _square_n_of<2:8> LBL: h7 ARG0: x3 ARG1: i8 ] "
                        "[ _the_q LBL: h10 ARG0: x3 RSTR: h11 BODY: h12 ]"), "x3 has two quantifiers"),
    (SQUARE_RED.replace("ARG0: x3 ARG1: i8", "ARG0: e9 ARG1: i8"), "noun _square_n_of without an entity"),
    ("[ LTOP: h0 RELS: < [ _red_a_1 LBL: h1", "not SimpleMRS"),
    ("a square is red", "not SimpleMRS"),
])
def test_malformed_mrs_is_uninterpretable(broken, reason):
    result = interpret(broken)
    assert isinstance(result, Uninterpretable) and not result
    assert reason in result.reason, result.reason


def test_decoded_and_dmrs_inputs_are_checked_too():
    assert isinstance(interpret(simplemrs.decode(SQUARE_RED.replace(" h5 qeq h7", ""))), Uninterpretable)
    dangling = delphin_dmrs.DMRS(top=10, index=10, nodes=[delphin_dmrs.Node(10, "_red_a_1")],
                                 links=[delphin_dmrs.Link(10, 99, "ARG1", "NEQ")])
    result = interpret(dangling)
    assert isinstance(result, Uninterpretable) and "malformed DMRS" in result.reason
    for not_mrs in (42, None, ["[ LTOP: h0 ]"]):
        result = interpret(not_mrs)
        assert isinstance(result, Uninterpretable) and "not an MRS" in result.reason


def test_a_coordination_that_is_its_own_conjunct_is_uninterpretable():
    """implicit_conj whose second conjunct is itself: reading its connective would loop forever."""
    mrs = ("[ LTOP: h0 RELS: < [ udef_q LBL: h4 ARG0: x3 RSTR: h5 BODY: h6 ] "
           "[ implicit_conj LBL: h7 ARG0: x3 ARG1: x8 ARG2: x3 ] "
           "[ _a_q LBL: h9 ARG0: x8 RSTR: h10 BODY: h11 ] [ _square_n_of LBL: h12 ARG0: x8 ] "
           "[ _red_a_1 LBL: h1 ARG0: e2 ARG1: x3 ] > HCONS: < h0 qeq h1 h5 qeq h7 h10 qeq h12 > ]")
    result = interpret(mrs)
    assert isinstance(result, Uninterpretable), result


def test_unreadable_readings_are_tried_last_and_skipped():
    readings = [42, SQUARE_RED.replace("_red_a_1", "_blorp_a_1"), "not an mrs", SQUARE_RED]
    # strings are ordered by their predicate names without decoding: "not an mrs" has none
    assert preference_order(readings) == [1, 2, 3, 0]
    index, result = interpret_readings(readings)
    assert index == 3 and isinstance(result, Interpretation)
    index, result = interpret_readings([42, SQUARE_RED.replace("_red_a_1", "_blorp_a_1")])
    assert index is None and isinstance(result, Uninterpretable)
    assert scene_tuples("not an mrs") == set()
    world = make_world(("square", "red", 0.5, 0.5))
    assert reading_verdict(["garbage"], world).truth == "uninterpretable"
    assert reading_verdict(["garbage", SQUARE_RED], world).truth == "true"


def _boom(*args, **kwargs):
    raise ZeroDivisionError("injected bug")


#: a reading whose logical form needs the scopal degree word (apply_degree)
EXACTLY = "Exactly a quarter of the pentagons are green."


@pytest.mark.parametrize("module, name", [
    (rewrites, "rewrite_copula"),  # a normalisation rewrite
    (formula_builder, "shape_of"),  # a predicate table lookup
    (formula_builder, "qspec"),  # the quantifier specs
    (formula_builder, "apply_degree"),
    (scope.Scope, "_lca"),  # scope resolution
    (formula_builder.FormulaBuilder, "ep"),  # formula building
])
def test_interpreter_bugs_propagate(monkeypatch, module, name):
    readings = erg_readings()[EXACTLY] if name == "apply_degree" else [SQUARE_RED]
    index, before = interpret_readings(readings)
    assert index is not None and isinstance(before, Interpretation)
    monkeypatch.setattr(module, name, _boom)
    with pytest.raises(ZeroDivisionError, match="injected bug"):
        interpret(readings[index])
    with pytest.raises(ZeroDivisionError, match="injected bug"):
        interpret_readings(readings)


@pytest.mark.parametrize("exc", [KeyError("x"), TypeError("t"), AttributeError("a"), ValueError("v")])
def test_exceptions_the_old_catch_all_hid_now_propagate(monkeypatch, exc):
    """Errors a broad ``except`` used to report as 'malformed MRS' are bugs of the interpreter."""
    def fail(*args, **kwargs):
        raise exc

    monkeypatch.setattr(rewrites, "rewrite_relations", fail)
    with pytest.raises(type(exc)):
        interpret(SQUARE_RED)
    with pytest.raises(type(exc)):
        reading_verdict([SQUARE_RED], make_world(("square", "red", 0.5, 0.5)))


#: readings of these captions are mutated by the fuzz test
FUZZED = ("A square is red.", EXACTLY, "There is a square and there is a pentagon.",
          "A circle is the same shape as a circle.", "Two pentagons are above a pentagon.")


def _mutations(reading: str, rnd: random.Random, n: int) -> list[str]:
    """Truncations, dropped tokens, stray tokens and tokens moved within the reading."""
    toks = reading.split()
    stray = ["<", ">", "[", "]", ":", "h1", "x", '"', "qeq", "LBL:", "x3", "h0", "e2", "i8"]
    out = []
    for k in range(n):
        tt = list(toks)
        i = rnd.randrange(len(tt))
        if k % 4 == 0:
            out.append(reading[:rnd.randrange(len(reading))])
            continue
        if k % 4 == 1:
            del tt[i]
        elif k % 4 == 2:
            tt[i] = rnd.choice(stray)
        else:
            tt[i] = toks[rnd.randrange(len(toks))]
        out.append(" ".join(tt))
    return out


def test_mutated_readings_never_raise():
    """Seeded fuzzing: whatever a broken reading looks like, the answer is an interpretation or
    a reason, never an exception (the input errors are all recognised as such)."""
    rnd = random.Random(12)
    kinds = {Interpretation: 0, Uninterpretable: 0}
    for text in FUZZED:
        index, _ = interpret_readings(erg_readings()[text])
        assert index is not None
        for broken in _mutations(erg_readings()[text][index], rnd, 120):
            result = interpret(broken)
            kinds[type(result)] += 1
            if isinstance(result, Uninterpretable):
                assert result.reason and "\n" not in result.reason
    assert kinds[Uninterpretable] > kinds[Interpretation] > 0
