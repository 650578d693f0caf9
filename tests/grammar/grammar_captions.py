"""Random caption objects of every family, for realisation / round-trip tests and benchmarks."""
from __future__ import annotations

import numpy as np

from shapeworldice.semantics.components import (
    Attribute, EntityType, Existential, Proposition, Quantifier, Relation, Selector,
)
from shapeworldice.semantics.relations import BINARY_RELATIONS
from shapeworldice.world.model import COLOR_NAMES, SHAPES

QRANGES = ("lt", "leq", "eq", "neq", "geq", "gt")
RATIOS = (0.25, 0.33, 0.5, 0.67, 0.75, 0.0, 1.0)


def entity_type(rng: np.random.Generator, allow_empty: bool = True) -> EntityType:
    while True:
        shape = str(rng.choice(SHAPES)) if rng.random() < 0.6 else None
        color = str(rng.choice(COLOR_NAMES)) if rng.random() < 0.6 else None
        if allow_empty or shape or color:
            return EntityType.of(shape, color)


def reference(rng: np.random.Generator):
    t = entity_type(rng)
    return Selector("unique", t) if rng.random() < 0.15 else t


def relation(rng: np.random.Generator, depth: int = 0) -> Relation:
    r = rng.random()
    if r < 0.12 and depth < 2:
        return Relation("negation", relation(rng, depth + 1))
    if r < 0.3:
        kind = "color" if rng.random() < 0.5 else "shape"
        value = str(rng.choice(COLOR_NAMES if kind == "color" else SHAPES))
        return Relation("attribute", Attribute(kind, value))
    if r < 0.45:
        return Relation("type", entity_type(rng, allow_empty=False))
    kind = str(rng.choice(sorted(BINARY_RELATIONS)))
    value = int(rng.choice(BINARY_RELATIONS[kind]))
    return Relation(kind, value, reference(rng))


def existential(rng: np.random.Generator) -> Existential:
    restrictor = Selector("unique", entity_type(rng)) if rng.random() < 0.15 else entity_type(rng)
    return Existential(restrictor, relation(rng))


def quantifier(rng: np.random.Generator) -> Quantifier:
    if rng.random() < 0.5:
        return Quantifier("count", str(rng.choice(QRANGES)), int(rng.integers(0, 6)), entity_type(rng), relation(rng))
    q = float(rng.choice(RATIOS))
    return Quantifier("ratio", str(rng.choice(QRANGES)), q, entity_type(rng), relation(rng))


def simple(rng: np.random.Generator):
    r = rng.random()
    if r < 0.3:
        return entity_type(rng)
    if r < 0.7:
        return existential(rng)
    return quantifier(rng)


def proposition(rng: np.random.Generator) -> Proposition:
    kind = str(rng.choice(("conjunction", "disjunction", "implication", "equivalence")))
    return Proposition(kind, (simple(rng), simple(rng)))


def caption(rng: np.random.Generator, family: str | None = None):
    family = family or str(rng.choice(("type", "existential", "quantifier", "proposition")))
    return {"type": lambda: entity_type(rng), "existential": lambda: existential(rng),
            "quantifier": lambda: quantifier(rng), "proposition": lambda: proposition(rng)}[family]()


def captions(n: int, seed: int = 0, family: str | None = None) -> list:
    rng = np.random.default_rng(seed)
    return [caption(rng, family) for _ in range(n)]
