"""The logical-form evaluator reproduces ShapeWorld's caption semantics on random captions.

Random caption-semantics objects (all relations, negation, "the" references, count and ratio
quantifiers with every range, propositions) are compiled with :func:`formula_of` and evaluated
on random worlds; the truth values must equal ``caption.truth(world)``. This covers
combinations the ERG sample does not (e.g. ratios over relations, selector references).
"""
from __future__ import annotations

import numpy as np
import pytest
from interpret_support import random_world

from shapeworldice.interpret import formula_of, truth
from shapeworldice.semantics.components import (
    Attribute, EntityType, Existential, Proposition, Quantifier, Relation, Selector,
)
from shapeworldice.semantics.relations import BINARY_RELATIONS
from shapeworldice.world.model import COLOR_NAMES, SHAPES


def random_type(rng, pool) -> EntityType:
    shapes, colors = pool
    shape = str(rng.choice(shapes)) if rng.random() < 0.6 else None
    color = str(rng.choice(colors)) if rng.random() < 0.6 else None
    return EntityType.of(shape=shape, color=color)


def random_relation(rng, pool, depth: int = 0) -> Relation:
    u = rng.random()
    if u < 0.15 and depth == 0:
        return Relation("negation", random_relation(rng, pool, 1))
    if u < 0.3:
        return Relation("attribute", Attribute("color", str(rng.choice(pool[1]))))
    if u < 0.4:
        return Relation("type", random_type(rng, pool))
    kind = str(rng.choice(list(BINARY_RELATIONS)))
    ref = random_type(rng, pool)
    reference = Selector("unique", ref) if rng.random() < 0.2 else ref
    return Relation(kind, int(rng.choice([-1, 1])), reference)


def random_caption(rng, pool, depth: int = 0):
    u = rng.random()
    if u < 0.1 and depth == 0:
        kind = str(rng.choice(["conjunction", "disjunction", "implication", "equivalence"]))
        return Proposition(kind, (random_caption(rng, pool, 1), random_caption(rng, pool, 1)))
    if u < 0.2:
        return random_type(rng, pool)
    if u < 0.55:
        t = random_type(rng, pool)
        restrictor = Selector("unique", t) if rng.random() < 0.2 else t
        return Existential(restrictor, random_relation(rng, pool))
    qrange = str(rng.choice(["lt", "leq", "eq", "neq", "geq", "gt"]))
    if rng.random() < 0.5:
        return Quantifier("count", qrange, int(rng.integers(0, 6)), random_type(rng, pool), random_relation(rng, pool))
    quantity = float(rng.choice([0.0, 0.25, 0.33, 0.5, 0.67, 0.75, 1.0]))
    return Quantifier("ratio", qrange, quantity, random_type(rng, pool), random_relation(rng, pool))


@pytest.mark.parametrize("seed", range(4))
def test_random_captions_agree(seed):
    rng = np.random.default_rng(seed)
    values = set()
    for _ in range(150):
        pool = (list(rng.choice(SHAPES, 2, replace=False)), list(rng.choice(COLOR_NAMES, 2, replace=False)))
        caption = random_caption(rng, pool)
        formula = formula_of(caption)
        for _ in range(6):
            world = random_world(rng, pool[0], pool[1], n=int(rng.integers(1, 12)))
            expected = caption.truth(world)
            assert truth(formula, world) == expected, (caption, str(formula), world.to_json())
            values.add(int(expected))
    assert values == {-1, 0, 1}
