"""Number bounds and comparative quantifiers: ShapeWorld's rules on hand-built worlds, and the
component, logical-form and independent truths agreeing on random worlds."""
from __future__ import annotations

import numpy as np
import pytest

from shapeworldice.captions import make_sampler
from shapeworldice.data.definition import load_definition
from shapeworldice.interpret import formula_of
from shapeworldice.interpret.evaluate import truth as formula_truth
from shapeworldice.semantics import Attribute, EntityType, Quantifier, Relation, Truth, from_json
from shapeworldice.semantics.comparative_quantifiers import ComparativeQuantifier, NumberBound
from shapeworldice.semantics.components import CaptionModelError, family
from shapeworldice.world.sampling import WorldSampler
from tests.conftest import make_world
from tests.semantics.agreement import three_truths_agree
from tests.semantics.independent_selectors import label

RED, BLUE = EntityType.of(color="red"), EntityType.of(color="blue")


def is_(kind: str, value: str) -> Relation:
    return Relation("attribute", Attribute(kind, value))


def check(caption, world, expected: Truth) -> None:
    assert caption.truth(world) == expected
    assert formula_truth(formula_of(caption), world) == expected
    assert label(caption.to_json(), world.to_json()) == int(expected)
    assert from_json(caption.to_json()) == caption


WORLD = make_world(("square", "red", 0.1, 0.1), ("square", "red", 0.3, 0.1), ("circle", "red", 0.5, 0.1),
                   ("square", "blue", 0.7, 0.1), ("circle", "blue", 0.9, 0.1), ("circle", "blue", 0.1, 0.9))


def test_number_bound():
    two_thirds = Quantifier("ratio", "eq", 0.67, RED, is_("shape", "square"))
    check(NumberBound(3, two_thirds), WORLD, Truth.TRUE)  # "Exactly two thirds of the three red shapes ..."
    check(NumberBound(4, two_thirds), WORLD, Truth.FALSE)  # there are three red shapes, not four
    more_third = Quantifier("ratio", "gt", 0.33, BLUE, is_("shape", "circle"))
    check(NumberBound(3, more_third), WORLD, Truth.TRUE)
    assert family(NumberBound(3, more_third)) == "ratio"
    with pytest.raises(CaptionModelError):
        NumberBound(1, more_third)


@pytest.mark.parametrize("qtype,qrange,quantity,expected", [
    ("ratio", "eq", 1.0, Truth.FALSE),   # as many red squares (2) as blue squares (1)? no
    ("ratio", "eq", 2.0, Truth.TRUE),    # twice as many
    ("ratio", "gt", 1.0, Truth.TRUE),    # more red than blue squares
    ("ratio", "lt", 0.5, Truth.FALSE),
    ("count", "eq", 1.0, Truth.TRUE),    # one more
    ("count", "eq", -1.0, Truth.FALSE),  # one less
])
def test_comparative(qtype, qrange, quantity, expected):
    caption = ComparativeQuantifier(qtype, qrange, quantity, RED, BLUE, is_("shape", "square"))
    check(caption, WORLD, expected)
    assert family(caption) == "comparative"


def test_comparative_with_nothing_to_compare():
    # no green shape: x/0 is infinite ("more red than green squares" holds), 0/0 is 0
    green = EntityType.of(color="green")
    check(ComparativeQuantifier("ratio", "gt", 2.0, RED, green, is_("shape", "square")), WORLD, Truth.TRUE)
    check(ComparativeQuantifier("ratio", "lt", 0.5, green, green.of(color="yellow"), is_("shape", "square")),
          WORLD, Truth.TRUE)


def test_three_truths_agree_on_random_worlds():
    definition = load_definition("quantification-complex")
    worlds = WorldSampler(definition.world)
    rng = np.random.default_rng(11)
    samplers = [make_sampler(f.name, f.options) for f in definition.families]
    sample = [worlds.sample(rng, "train") for _ in range(60)]
    captions = [c for c in (samplers[i % len(samplers)](w, rng) for i, w in enumerate(sample)) if c is not None]
    assert {type(c).__name__ for c in captions} == {"Quantifier", "NumberBound", "ComparativeQuantifier"}
    seen = three_truths_agree(captions, sample)
    assert {Truth.TRUE, Truth.FALSE} <= seen


@pytest.mark.parametrize("name", ["selection", "relational-proximity", "quantification-complex"])
def test_prior_counts_the_worlds_the_evaluator_finds_true(name):
    """The batched prior (all worlds at once) agrees with the one-world evaluator world by world."""
    from shapeworldice.interpret.prior import WorldSample, truth_in

    definition = load_definition(name)
    worlds = WorldSampler(definition.world)
    rng = np.random.default_rng(3)
    sample = [worlds.sample(rng, "test") for _ in range(40)]
    batch = WorldSample.of(sample)
    samplers = [make_sampler(f.name, f.options) for f in definition.families]
    for i in range(12):
        caption = samplers[i % len(samplers)](sample[i], rng)
        assert caption is not None
        formula = formula_of(caption)
        expected = [formula_truth(formula, w) == Truth.TRUE for w in sample]
        assert truth_in(formula, batch).tolist() == expected
        assert expected[i]
