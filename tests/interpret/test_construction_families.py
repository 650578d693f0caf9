"""Families and keys of the constructions beyond the paper's templates, parsed with the built-in grammar; the paper's
template sentences keep their families."""
from __future__ import annotations

import pytest

from shapeworldice.grammar import parse
from shapeworldice.interpret import Interpretation, construction, family, formula_of, interpret_readings
from shapeworldice.interpret.construction import FAMILIES, construction_marks, syntax_marks
from shapeworldice.semantics.components import (
    Anaphor, Attribute, Coreference, EntityType, Existential, Relation, RelativeType,
)


def meaning(text: str) -> tuple[Interpretation, tuple[str, ...]]:
    parsed = parse(text)
    assert parsed.grammatical, text
    index, interpretation = interpret_readings([r.mrs for r in parsed.readings])
    assert isinstance(interpretation, Interpretation) and index is not None, text
    return interpretation, syntax_marks(parsed.readings[index].mrs)


FAMILY = [
    ("There is a red square. It is above a circle.", "coreference"),
    ("A square is red, and it is above a circle.", "coreference"),
    ("A circle is blue, and the square below it is green.", "coreference"),
    ("There is a red circle. The shape below it is a square.", "coreference"),
    ("A square that is above a red circle is blue.", "relative"),
    ("A circle is below a square that is to the left of a triangle.", "relative"),
    ("A circle is below a square that is red.", "spatial"),
    ("A red shape is the same shape as a blue shape.", "relational"),
    ("A cross is not darker than a red cross.", "relational"),
    ("A cross is not to the left of a red circle.", "spatial"),
    ("If a shape is red, then there is a square.", "logical"),
    # the paper's templates are untouched
    ("A shape is a red square.", "existential"),
    ("There is a red square.", "existential"),
    ("A red square is to the left of a circle.", "spatial"),
    ("Exactly two squares are red.", "count"),
]


@pytest.mark.parametrize("text,expected", FAMILY, ids=[t for t, _ in FAMILY])
def test_family(text, expected):
    assert expected in FAMILIES
    assert family(meaning(text)[0]) == expected


T = EntityType.of
RED = Relation("attribute", Attribute("color", "red"))
STORED = [
    (Existential(RelativeType(T("square"), Relation("y-rel", -1, T("circle", "red"))), Relation(
        "attribute", Attribute("color", "blue"))), "A square that is above a red circle is blue."),
    (Coreference("sentences", T("square", "red"), (Relation("y-rel", -1, T("circle")),)),
     "There is a red square. It is above a circle."),
    (Coreference("copula-clauses", T("circle"), (Relation("attribute", Attribute("color", "blue")),
                                                 Anaphor(T("square"), "y-rel", 1, RED))),
     "A circle is blue, and the square below it is red."),
]


@pytest.mark.parametrize("caption,text", STORED, ids=[t for _, t in STORED])
def test_stored_semantics_give_the_parsed_key_and_marks(caption, text):
    interpretation, marks = meaning(text)
    assert construction(formula_of(caption), construction_marks(caption)) == construction(interpretation, marks)
    assert family(formula_of(caption)) == family(interpretation)


@pytest.mark.parametrize("caption,text", STORED, ids=[t for _, t in STORED])
def test_a_reference_key_is_the_key_of_its_parse(caption, text):
    """The evaluator's reference analysis (D's construction keys) gives a stored reference the key
    its realised sentence gets when parsed, syntax marks included."""
    from shapeworldice.evaluation.core.analysis import _reference_analysis

    interpretation, marks = meaning(text)
    reference = _reference_analysis(caption.to_json())
    assert reference.construction == construction(interpretation, marks)
