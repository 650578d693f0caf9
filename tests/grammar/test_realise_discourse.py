"""Realisation of the discourse structures: relative clauses, several sentences, "it", "the T below
it", and every sampled caption of the new families parsing back with the built-in grammar."""
from __future__ import annotations

import numpy as np
import pytest

from shapeworldice.captions import make_sampler
from shapeworldice.grammar import parse, realise
from shapeworldice.grammar.realiser import RealisationError
from shapeworldice.semantics.components import (
    Anaphor, Attribute, Coreference, EntityType, Existential, Relation, RelativeType,
)
from shapeworldice.world import WorldConfig, WorldSampler

T = EntityType.of


def attr(kind, value):
    return Relation("attribute", Attribute(kind, value))


EXAMPLES = [
    (Existential(RelativeType(T("square"), Relation("y-rel", -1, T("circle", "red"))), attr("color", "blue")),
     "A square that is above a red circle is blue."),
    (Existential(T("circle"), Relation("y-rel", 1, RelativeType(T("square"), attr("color", "red")))),
     "A circle is below a square that is red."),
    (Existential(T("circle"), Relation("y-rel", 1, RelativeType(T("square"), Relation("x-rel", -1, T("ellipse"))))),
     "A circle is below a square that is to the left of an ellipse."),
    (Coreference("sentences", T("square", "red"), (Relation("y-rel", -1, T("circle")),)),
     "There is a red square. It is above a circle."),
    (Coreference("sentences", T("square", "red"), (Relation("y-rel", -1, T("circle")), Relation("x-rel", 1, T()))),
     "There is a red square. It is above a circle. It is to the right of a shape."),
    (Coreference("clauses", T("ellipse"), (Relation("x-rel", -1, T(None, "green")),)),
     "There is an ellipse, and it is to the left of a green shape."),
    (Coreference("copula", T("circle"), (attr("color", "blue"),
                                         Anaphor(T("square"), "y-rel", 1, attr("color", "green")))),
     "A circle is blue. The square below it is green."),
    (Coreference("copula-clauses", T("circle"), (attr("color", "blue"),
                                                 Anaphor(T("square"), "y-rel", 1, attr("color", "green")))),
     "A circle is blue, and the square below it is green."),
    (Coreference("copula", T(None, "red"), (attr("shape", "square"), Relation("y-rel", -1, T("circle")),
                                            Anaphor(T(None, "gray"), "y-rel", -1, attr("shape", "cross")))),
     "A red shape is a square. It is above a circle. The gray shape above it is a cross."),
]


@pytest.mark.parametrize("caption,text", EXAMPLES, ids=[t for _, t in EXAMPLES])
def test_examples_realise_and_parse(caption, text):
    assert realise(caption).text == text
    assert parse(text).grammatical


def test_a_form_without_a_rule_is_one_clear_error():
    with pytest.raises(RealisationError):
        realise(Coreference("clauses", T("circle"), (attr("color", "red"), attr("shape", "circle"))))


@pytest.mark.parametrize("family,options", [("comparison", {"relations": ["x-rel", "y-rel", "size-rel", "shade-rel",
                                                                           "shape-rel", "color-rel"],
                                                             "negation": 0.5}),
                                             ("logical", {}), ("relative-clause", {}), ("coreference", {})])
def test_every_sampled_caption_parses(family, options):
    rng = np.random.default_rng(5)
    counts = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10) if family == "logical" else (4, 5, 6, 7, 8, 9, 10)
    worlds = WorldSampler(WorldConfig(entity_counts=counts, reinforcement=(1, 1)))
    sampler = make_sampler(family, options)
    parsed = 0
    for _ in range(150):
        world = worlds.sample(rng)
        caption = sampler(world, rng)
        if caption is None:
            continue
        text = realise(caption, rng).text
        assert parse(text).grammatical, text
        parsed += 1
    assert parsed >= 130
