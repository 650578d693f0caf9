"""Round trip of ShapeWorld's tasks beyond the paper's six (as ``tests/test_roundtrip.py`` for the paper's six): every
caption the builder writes parses with the built-in grammar, its reading has the construction and
the truth of its stored semantics on its own world and on 20 others, and its readings keep the
ERG's predicate names."""
from __future__ import annotations

import pytest

from shapeworldice.data import load_definition
from shapeworldice.data.build import InstanceBuilder
from shapeworldice.grammar import parse
from shapeworldice.interpret import Interpretation, interpret_readings
from shapeworldice.interpret.construction import construction_marks, syntax_marks
from shapeworldice.semantics import from_json
from tests.data.test_truth_check_new_tasks import TASKS
from tests.test_roundtrip import check

#: the ERG's predicate names for what these captions add (relative "that" adds none; "it" is pron)
ERG_PREDICATES = {"unknown", "pron", "pronoun_q", "implicit_conj", "_and_c", "_or_c", "_if_x_then", "neg", "_the_q",
                  "_same_a_as", "_different_a_than-from", "_big_a_1", "_small_a_1", "_dark_a_1", "_light_a_1",
                  "more_comp", "comp_equal", "_above_p", "_below_p", "_to_p", "_left_n_1", "_right_n_1"}


@pytest.mark.parametrize("name", TASKS)
def test_builder_captions_round_trip(name):
    assert check(name, 200) >= 200


@pytest.mark.slow
@pytest.mark.parametrize("name", [f"{t}{s}" for t in TASKS for s in ("-heldout", "-informative",
                                                                      "-informative-heldout")])
def test_builder_captions_round_trip_variants(name):
    """As :func:`check`, for the held-out and informative forms (the latter bound priors on a sample)."""
    assert check(name, 500, bound_priors=True) >= 500


@pytest.mark.parametrize("name", TASKS)
def test_readings_keep_erg_predicate_names(name):
    builder = InstanceBuilder(load_definition(name))
    seen: set[str] = set()
    for index in range(20):
        for text in builder.instance(0, "test", index).captions:
            for reading in parse(text).readings:
                seen.update(ep.predicate for ep in reading.mrs.rels)
    # every predicate is an ERG name: a surface predicate (_lemma_pos[_sense]) or an abstract one
    assert all(p.startswith("_") or p in ERG_PREDICATES or p in ("udef_q", "card", "comp", "superl")
               for p in seen), sorted(seen)
    new = {"relational-attribute": {"_same_a_as", "_different_a_than-from"},
           "relational-comparative": {"more_comp"}, "relational-negation": {"neg"},
           "logical": {"_and_c", "_or_c", "_if_x_then"}, "relative-clauses": {"_above_p"},
           "coreference": {"pron", "pronoun_q"}}[name]
    assert new <= seen, (name, sorted(new - seen))


@pytest.mark.parametrize("name", TASKS)
def test_stored_captions_predict_the_syntax_marks_of_their_reading(name):
    builder = InstanceBuilder(load_definition(name))
    marked = 0
    for index in range(20):
        row = builder.instance(0, "test", index)
        for text, semantics in zip(row.captions, row.semantics):
            readings = parse(text).readings
            chosen, interpretation = interpret_readings([r.mrs for r in readings])
            assert isinstance(interpretation, Interpretation) and chosen is not None
            marks = construction_marks(from_json(semantics))
            assert marks == syntax_marks(readings[chosen].mrs), text
            marked += bool(marks)
    assert (marked > 0) == (name in ("relative-clauses", "coreference"))
