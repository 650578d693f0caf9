"""The working copy's cheap upkeep gives what a full rebuild gives: ``EP.arg0`` (a slot kept with
``args``), the indexes built onto after EPs are only added, and ``at`` when nothing was killed."""
from __future__ import annotations

import pytest

from shapeworldice.interpret.errors import UninterpretableMRS
from shapeworldice.interpret.working_mrs import EP, WorkingMRS


def _copy() -> WorkingMRS:
    eps = [EP("_a_q", "h1", {"ARG0": "x1", "RSTR": "h2", "BODY": "h3"}, None, (0, 0)),
           EP("_square_n_1", "h4", {"ARG0": "x1"}, None, (2, 1)),
           EP("_red_a_1", "h4", {"ARG0": "e1", "ARG1": "x1"}, None, (2, 2))]
    return WorkingMRS("h0", eps, {"h2": "h4"})


#: the reindex under test (a test below wraps the class's)
_REINDEX = WorkingMRS.reindex


def _rebuilt(w: WorkingMRS) -> tuple[list[EP], dict[str, list[EP]], dict[str, EP]]:
    """The indexes a full rebuild gives (the copy's own are left as they were)."""
    saved = (w.live, w.by_label, w.quant_of, w._indexed, w._stamped)
    w._indexed, w._stamped = (-1, -1), (0, None)
    _REINDEX(w)
    rebuilt = (w.live, w.by_label, w.quant_of)
    w.live, w.by_label, w.quant_of, w._indexed, w._stamped = saved
    return rebuilt


def test_arg0_follows_args() -> None:
    e = EP("_red_a_1", "h1", {"ARG0": "e1", "ARG1": "x1"}, None, (0, 0))
    assert e.arg0 == "e1"
    e.args = {"ARG1": "x1"}
    assert e.arg0 is None
    e.args = {"ARG0": "e2"}
    assert e.arg0 == "e2"


def test_substitute_renames_arg0() -> None:
    w = _copy()
    w.substitute("x1", "x9")
    w.reindex()
    assert [e.arg0 for e in w.eps] == ["x9", "x9", "e1"]
    assert list(w.quant_of) == ["x9"]


def test_arg0_written_in_place_is_read_at_the_next_rebuild() -> None:
    w = _copy()
    noun = w.eps[1]
    noun.args["ARG0"] = "x5"  # in place: not noticed at once ...
    noun.label = "h4"  # ... but at the rebuild after the next edit
    w.reindex()
    assert noun.arg0 == "x5"


def test_added_eps_indexed_as_a_rebuild_would() -> None:
    w = _copy()
    live, by_label, quant_of = w.live, w.by_label, w.quant_of
    w.eps.extend([EP("_the_q", "h5", {"ARG0": "x2", "RSTR": "h6", "BODY": "h7"}, None, (9, 3)),
                  EP("_circle_n_1", "h4", {"ARG0": "x2"}, None, (9, 4)),
                  EP("_blue_a_1", "h8", {"ARG0": "e2", "ARG1": "x2"}, None, (9, 5), dead=True)])
    w.reindex()
    assert (w.live, w.by_label, w.quant_of) == _rebuilt(w)
    # what was read before stays as it was
    assert len(live) == 3 and [e.pred for e in by_label["h4"]] == ["_square_n_1", "_red_a_1"]
    assert list(quant_of) == ["x1"]
    # an EP added then is stamped: editing it counts, and the next reindex rebuilds
    w.eps[4].dead = True
    assert w.at("h4") == [w.eps[1], w.eps[2]]
    w.reindex()
    assert (w.live, w.by_label, w.quant_of) == _rebuilt(w)
    assert w.eps[4] not in w.live


def test_added_quantifier_of_a_bound_variable_is_refused() -> None:
    w = _copy()
    w.eps.append(EP("_the_q", "h5", {"ARG0": "x1", "RSTR": "h6", "BODY": "h7"}, None, (9, 3)))
    with pytest.raises(UninterpretableMRS, match="two quantifiers"):
        w.reindex()


def test_kills_and_new_args_updated_as_a_rebuild_would() -> None:
    w = _copy()
    live, quant_of = w.live, w.quant_of
    w.kill(w.eps[2])
    w.eps[1].args = {"ARG0": "x1", "ARG1": "x3"}  # no quantifier changes: updated
    w.reindex()
    assert w._indexed == (w.edits.count, 3) and (w.live, w.by_label, w.quant_of) == _rebuilt(w)
    assert w.live == w.eps[:2] and len(live) == 3
    w.kill(w.eps[0])  # the quantifier
    w.reindex()
    assert (w.live, w.by_label, w.quant_of) == _rebuilt(w) and w.quant_of == {} and list(quant_of) == ["x1"]
    assert "h1" not in w.by_label


def test_a_quantifier_given_another_variable_is_rebuilt() -> None:
    w = _copy()
    w.eps[0].args = {"ARG0": "x7", "RSTR": "h2", "BODY": "h3"}
    w.eps[1].args = {"ARG0": "x9", "RSTR": "h2", "BODY": "h3"}  # now a quantifier too
    w.reindex()
    assert (w.live, w.by_label, w.quant_of) == _rebuilt(w) and list(w.quant_of) == ["x7", "x9"]
    w.eps[2].label = "h1"  # a relabel: rebuilt
    w.reindex()
    assert (w.live, w.by_label, w.quant_of) == _rebuilt(w) and w.at("h1") == [w.eps[0], w.eps[2]]


def test_at_without_the_killed_and_a_new_list() -> None:
    w = _copy()
    first = w.at("h4")
    first.clear()
    assert w.at("h4") == [w.eps[1], w.eps[2]]
    w.kill(w.eps[2])
    assert w.at("h4") == [w.eps[1]]
    w.reindex()
    assert w.at("h4") == [w.eps[1]] and w.at("h99") == []


def test_every_reindex_equals_a_rebuild_on_descriptions(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a chunk of the descriptions (long joined readings), the indexes after every reindex, and
    every EP's ``arg0``, are what a full rebuild gives; the updates after kills and added EPs are
    taken."""
    from tests.interpret.test_interpret_equivalence import CHUNK, chunk_digests, current_corpora

    added: list[int] = []
    updated: list[bool] = []
    update = WorkingMRS._update

    def checked(w: WorkingMRS) -> None:
        before = w._indexed
        _REINDEX(w)
        if before != w._indexed and before[0] == w._indexed[0] and before[1] >= 0:
            added.append(1)
        assert (w.live, w.by_label, w.quant_of) == _rebuilt(w)
        assert all(e.arg0 == e.args.get("ARG0") for e in w.eps)

    def counted(w: WorkingMRS, touched: list[int], indexed: int) -> bool:
        done = update(w, touched, indexed)
        updated.append(done)
        return done

    monkeypatch.setattr(WorkingMRS, "reindex", checked)
    monkeypatch.setattr(WorkingMRS, "_update", counted)
    rows = current_corpora()["descriptions"]
    chunk_digests(rows[3 * CHUNK:], limit=1)
    assert len(added) > 10 and sum(updated) > 100


def test_is_var_reads_as_the_first_character_sliced() -> None:
    from shapeworldice.interpret.working_mrs import is_handle, is_var

    for value in (None, "", "x", "x1", "h2", "e3", "xx"):
        for kind in ("", "x", "h", "e", "xx"):
            assert is_var(value, kind) is (value is not None and value[:1] == kind)
        assert is_handle(value) is (value is not None and value[:1] == "h")
