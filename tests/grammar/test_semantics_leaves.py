"""A lexical item's share of the MRS, copied from its template, is what reading its semantic
template term by term gives (the same builder state, so the same MRS)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.grammar.loader import load
from shapeworldice.grammar.parser import _params, get_parser
from shapeworldice.grammar.semantics import Builder


def _items() -> list:
    g = get_parser().g
    return [it for items in g.lex_first.values() for it in items]


def _state(b: Builder, hook: dict) -> tuple:
    v = b.vars
    return (list(v.parent), list(v.sort), [p or {} for p in v.props], v.conflicts, b.eps, b.qeqs, hook)


@settings(max_examples=80, deadline=None)
@given(st.data(), st.integers(0, 6))
def test_a_leaf_from_its_template_is_the_leaf_read_term_by_term(data, before: int) -> None:
    items = _items()
    sems = load().sems
    first, second = data.draw(st.sampled_from(items)), data.draw(st.sampled_from(items))
    read, copied = Builder(), Builder()
    for b in (read, copied):  # variables made before, as a derivation's earlier leaves make them
        for k in range(before):
            b.vars.new("x" if k % 2 else "h")
    hooks_read = [read.apply(sems[it.sem], [], _params(it)) for it in (first, second)]
    hooks_copied = [copied.apply_leaf(sems[it.sem], _params(it)) for it in (first, second)]
    assert _state(read, hooks_read) == _state(copied, hooks_copied)
    # the copies are the builder's own: editing their property maps leaves the template as it was
    for props in copied.vars.props:
        if props is not None:
            props["MARK"] = "edited"
    fresh, reference = Builder(), Builder()
    for b in (fresh, reference):
        for k in range(before):
            b.vars.new("x" if k % 2 else "h")
    hook = fresh.apply_leaf(sems[first.sem], _params(first))
    assert _state(fresh, hook) == _state(reference, reference.apply(sems[first.sem], [], _params(first)))
