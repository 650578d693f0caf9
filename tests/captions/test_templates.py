"""Template keys of the relational, logical and discourse captions: structure kept, values dropped."""
from __future__ import annotations

from shapeworldice.captions import template
from shapeworldice.semantics.components import (
    Anaphor, Attribute, Coreference, EntityType, Existential, Relation, RelativeType,
)

T = EntityType.of
RED = Relation("attribute", Attribute("color", "red"))


def test_relative_clause_and_coreference_keys():
    subject = Existential(RelativeType(T("square"), Relation("y-rel", -1, T("circle", "blue"))), RED)
    assert template(subject) == "existential [shape] that y-rel-1 [color,shape] / attr color"
    obj = Existential(T("circle"), Relation("y-rel", 1, RelativeType(T("square"), RED)))
    assert template(obj) == "existential [shape] / y-rel+1 [shape] that attr color"
    coref = Coreference("copula", T("circle"), (RED, Anaphor(T("square"), "y-rel", 1, RED)))
    assert template(coref) == "coreference copula [shape] / attr color; the [shape] y-rel+1 it attr color"
    other = Coreference("copula", T("ellipse"), (Relation("attribute", Attribute("color", "blue")),
                                                 Anaphor(T("cross"), "y-rel", 1, RED)))
    assert template(other) == template(coref)
