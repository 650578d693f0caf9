"""Relative-clause and coreference captions: true, of every form, and built around world entities."""
from __future__ import annotations

from collections import Counter


from shapeworldice.captions import make_sampler, template
from shapeworldice.captions.discourse import (FORMS, CoreferenceSampler, PooledRelativeClauseSampler,
                                              RelativeClauseSampler)
from shapeworldice.semantics import Truth
from shapeworldice.semantics.components import Anaphor, Coreference, Existential, RelativeType
from tests.captions.support import draws
from tests.conftest import make_world




def test_relative_clauses_subject_and_object_are_true():
    kinds = Counter()
    for world, caption in draws(RelativeClauseSampler()):
        assert isinstance(caption, Existential)
        assert caption.truth(world) == Truth.TRUE, template(caption)
        if isinstance(caption.restrictor, RelativeType):
            kinds["subject"] += 1
            assert caption.body.predtype == "attribute"
            assert caption.body.value.predtype not in caption.restrictor.scope.kinds
        else:
            assert isinstance(caption.body.reference, RelativeType)
            kinds["object " + caption.body.reference.clause.predtype] += 1
    assert kinds["subject"] > 60 and kinds["object attribute"] > 20
    assert kinds["object x-rel"] + kinds["object y-rel"] > 20


def test_coreference_forms_are_true_and_anaphors_come_last():
    forms, anaphors = Counter(), 0
    for world, caption in draws(CoreferenceSampler()):
        assert isinstance(caption, Coreference)
        assert caption.truth(world) == Truth.TRUE, template(caption)
        forms[caption.form, len(caption.parts)] += 1
        assert not any(isinstance(p, Anaphor) for p in caption.parts[:-1])
        anaphors += isinstance(caption.parts[-1], Anaphor)
    assert set(forms) == set(FORMS) and anaphors > 10


def test_anaphor_needs_a_unique_definite():
    # two squares below the circle: "the square below it" has no unique referent; one is red
    world = make_world(("circle", "blue", 0.5, 0.2), ("square", "red", 0.3, 0.8), ("square", "green", 0.7, 0.8))
    from shapeworldice.semantics.components import Attribute, EntityType, Relation

    red = Relation("attribute", Attribute("color", "red"))
    square = Anaphor(EntityType.of(shape="square"), "y-rel", 1, red)
    two = Coreference("clauses", EntityType.of(shape="circle"), (square,))
    assert two.truth(world) == Truth.AMBIGUOUS
    one = Coreference("clauses", EntityType.of(shape="circle"),
                      (Anaphor(EntityType.of(shape="square", color="red"), "y-rel", 1, Relation(
                          "attribute", Attribute("shape", "square"))),))
    assert one.truth(world) == Truth.TRUE
    green = Anaphor(EntityType.of(color="red"), "y-rel", 1, Relation("attribute", Attribute("shape", "circle")))
    assert Coreference("clauses", EntityType.of(shape="circle"), (green,)).truth(world) == Truth.FALSE


def test_family_names_reach_the_samplers():
    assert make_sampler("relative-clause", {"relations": ["y-rel"]}) == PooledRelativeClauseSampler(("y-rel",))
    assert make_sampler("coreference") == CoreferenceSampler()
