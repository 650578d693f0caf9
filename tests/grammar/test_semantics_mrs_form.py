"""The composed MRS: kept in plain form until read, then the pydelphin MRS the same values build."""
from __future__ import annotations

import copy
import pickle

import pytest
from delphin import mrs as delphin_mrs
from delphin.codecs import simplemrs
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.grammar.mrs_form import ComposedMRS, plain_form, plain_of
from shapeworldice.grammar.parser import ChartParser, get_parser
from shapeworldice.interpret.discourse import join

CAPTIONS = ["There is a red square.", "A blue circle is above the green triangle.",
            "Two shapes, a cross and an ellipse, on a black background.", "Most of the squares are red."]


def _constructed(form) -> delphin_mrs.MRS:
    """The MRS pydelphin builds from the plain values."""
    return delphin_mrs.MRS(form.top, form.index,
                           [delphin_mrs.EP(p, label, dict(args), lnk, surface, base)
                            for p, label, args, lnk, surface, base in form.eps],
                           [delphin_mrs.HCons(*h) for h in form.hcons], [delphin_mrs.ICons(*i) for i in form.icons],
                           form.variables)


def _fresh(text: str) -> ComposedMRS:
    result = ChartParser(get_parser().g).parse_uncached(text)
    assert result.grammatical, text
    m = result.reading.mrs
    assert isinstance(m, ComposedMRS) and isinstance(m, delphin_mrs.MRS)
    return m


def test_a_reading_is_built_on_first_read_as_the_mrs_of_its_values() -> None:
    for text in CAPTIONS:
        m = _fresh(text)
        form = plain_form(m)
        assert form is not None
        assert not hasattr(m, "nodes") and plain_form(m) is form  # other attributes build nothing
        direct = _constructed(form)
        assert m.rels == direct.rels and m == direct  # built now
        assert plain_form(m) is None  # read from the pydelphin objects from now on
        assert [ep.id for ep in m.rels] == [ep.id for ep in direct.rels]
        assert list(m.variables) == list(direct.variables) and m.variables == direct.variables
        assert simplemrs.encode(m) == simplemrs.encode(direct)
        assert plain_of(m).eps == [(ep.predicate, ep.label, ep.args, ep.lnk, ep.surface, ep.base) for ep in m.rels]


def test_pickles_and_copies_before_it_is_built() -> None:
    """(pydelphin's own MRS does not pickle: its HCons cannot be rebuilt from a pickle)"""
    m = _fresh(CAPTIONS[1])
    expected = simplemrs.encode(_constructed(plain_form(m)))
    for made in (pickle.loads(pickle.dumps(m)), copy.deepcopy(m), copy.copy(m)):
        assert plain_form(made) is not None and simplemrs.encode(made) == expected


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(CAPTIONS), min_size=2, max_size=4), st.integers(0, 50))
def test_the_join_of_plain_readings_is_the_join_of_built_ones(texts: list[str], step: int) -> None:
    """Joining readings in plain form gives the MRS that joining the same readings built gives."""
    offsets = [k * step for k in range(len(texts))]
    plain = join([_fresh(t) for t in texts], offsets)
    built = []
    for t in texts:
        m = _fresh(t)
        _ = m.rels
        built.append(m)
    assert simplemrs.encode(plain) == simplemrs.encode(join(built, offsets))
    assert plain == join(built, offsets)


def _descriptions() -> list[str]:
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "descriptions" / "corpus.jsonl"
    with open(path, encoding="utf-8") as f:
        return [json.loads(line)["caption"] for line in f][:200]


DESCRIPTIONS = _descriptions()


def test_this_pydelphin_is_built_directly() -> None:
    """The direct build (attributes set one by one) is in use: it matched pydelphin's constructors."""
    from shapeworldice.grammar import mrs_form

    assert mrs_form._DIRECT


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(DESCRIPTIONS))
def test_a_reading_built_directly_has_every_attribute_of_the_constructed_one(text: str) -> None:
    """Every slot of the MRS and of each EP (identifiers made unique included), for sentences and
    for the joins of a description's sentences (the parser's readings of a description)."""
    from shapeworldice.grammar.mrs_form import _same_as_built
    from shapeworldice.parsing import BuiltinParser

    for m in BuiltinParser().parse(text).readings:
        form = plain_form(m)
        assert form is not None and _same_as_built(form)
        assert simplemrs.encode(m) == simplemrs.encode(_constructed(form))


def test_a_name_that_is_not_a_variable_fails_as_pydelphin_fails() -> None:
    from shapeworldice.grammar.mrs_form import complete

    form = complete("h0", None, [("_red_a_1", "h1", {"ARG0": "not a variable"}, None, None, None)],
                    [("h0", "qeq", "h1")], [], {})
    with pytest.raises(ValueError) as constructed:
        _constructed(form)
    with pytest.raises(ValueError) as composed:
        _ = ComposedMRS(form).rels
    assert str(composed.value) == str(constructed.value)


def test_a_pydelphin_without_the_directly_set_slots_falls_back_to_the_constructors(monkeypatch):
    """Where the direct build fails (a pydelphin whose MRS lacks a slot it sets), the check answers
    no, so readings are built by pydelphin's constructors instead of the import failing."""
    from shapeworldice.grammar import mrs_form

    form = plain_form(_fresh("There is a red square."))

    def renamed_slot(m, f):
        raise AttributeError("'MRS' object has no attribute '_pidx'")

    assert mrs_form._same_as_built(form)
    monkeypatch.setattr(mrs_form, "_built_directly", renamed_slot)
    assert not mrs_form._same_as_built(form)
