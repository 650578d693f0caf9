"""The compiled grammar's expanded rules and indexes (:mod:`shapeworldice.grammar.compiled`): the
rules read back as :class:`AtomicRule` records that agree with the indexes the chart uses, and the
indexes are held in tuples the garbage collector no longer walks."""
from __future__ import annotations

import gc

from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.grammar.compiled import AtomicRule
from shapeworldice.grammar.parser import get_parser


def compiled():
    return get_parser().g


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_rule_reads_back_as_its_index_entries(data) -> None:
    g = compiled()
    rid = data.draw(st.integers(0, len(g.rules) - 1))
    r = g.rules[rid]
    assert isinstance(r, AtomicRule) and r.id == rid and g.rules.rule(rid) is r.rule
    assert r.rule in g.data.rules and r.cost == r.rule.cost
    assert g.rules[rid - len(g.rules)] == r
    if len(r.rhs) == 1:
        assert (r.lhs, rid, r.cost) in g.unary[r.rhs[0]]
    elif len(r.rhs) == 2:
        assert (r.lhs, rid, r.cost) in g.binary[r.rhs[0]][r.rhs[1]]
    else:  # binarised: the last step names the rule
        assert any(entry[:2] == (r.lhs, rid) for by_c in g.binary.values() for entry in by_c.get(r.rhs[-1], ()))


def test_every_rule_is_indexed_once() -> None:
    g = compiled()
    named = [rid for found in g.unary.values() for _, rid, _ in found]
    named += [rid for by_c in g.binary.values() for found in by_c.values() for _, rid, _ in found if rid >= 0]
    assert sorted(named) == list(range(len(g.rules)))
    assert g.rules[2:5] == [g.rules[2], g.rules[3], g.rules[4]]


def test_the_indexes_are_not_walked_by_the_garbage_collector() -> None:
    g = compiled()
    gc.collect()
    assert not gc.is_tracked(g.rules.rhs) and not gc.is_tracked(g.rules.lhs)
    assert not any(gc.is_tracked(by_c) for by_c in g.binary.values())
    assert not any(gc.is_tracked(found) for found in g.unary.values())


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_the_context_masks_follow_the_rules(data) -> None:
    """A rule's left daughter can begin whatever its mother can, and its right daughter be followed
    by whatever may follow the mother; the left daughter is followed by the right one's goal."""
    g = compiled()
    left_goals, follow_goals, root_goals, end_goal = g.context_masks
    right_bit = g.partner_masks[0]
    rid = data.draw(st.integers(0, len(g.rules) - 1))
    r = g.rules[rid]
    first, last = r.rhs[0], r.rhs[-1]
    assert left_goals[first] & left_goals[r.lhs] == left_goals[r.lhs]
    assert follow_goals[last] & follow_goals[r.lhs] == follow_goals[r.lhs]
    if len(r.rhs) == 2:
        assert follow_goals[first] & right_bit[last]
        assert left_goals[last] & right_bit[last]
    assert left_goals[g.root] & root_goals and follow_goals[g.root] & end_goal
