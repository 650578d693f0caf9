"""Logical captions: two existential clauses under and / or / if … then / if and only if.

"There is a red square and a circle is blue.", "If a shape is red, then there is a square."
The connective is drawn uniformly, then which clauses are true, among the combinations that
make it true (ShapeWorld's logical captioners choose clause correctness the same way):
and — both true; or — true/true, true/false, false/true; if (clause 1 ⇒ clause 0) — both true,
antecedent false with the consequent true or false; iff — both true or both false. A true
clause is drawn from the world ("There is a [T]." / "A [T] is [attribute or T]."); a false one
is the same template filled with a random shape and colour and kept only when it is FALSE on
the world (never ambiguous). The two clauses differ.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from ..semantics.components import Attribute, EntityType, Existential, Proposition, Relation
from ..semantics.truth import Truth
from ..world.model import COLOR_NAMES, SHAPES, World
from .describe import choose, sample_kinds

#: copula bodies of false existential clauses, with the existential sampler's weights
BODIES: tuple[tuple[str, float], ...] = (("type", 0.3), ("shape", 0.35), ("color", 0.35))

#: connective → clause truth combinations (clause 0, clause 1) that make it true
COMBINATIONS: dict[str, tuple[tuple[bool, bool], ...]] = {
    "conjunction": ((True, True),),
    "disjunction": ((True, True), (True, False), (False, True)),
    "implication": ((True, True), (True, False), (False, False)),  # clause 1 is the "if" part
    "equivalence": ((True, True), (False, False)),
}


def _random_type(rng: np.random.Generator, kinds: frozenset[str]) -> EntityType:
    return EntityType.of(shape=SHAPES[int(rng.integers(len(SHAPES)))] if "shape" in kinds else None,
                         color=COLOR_NAMES[int(rng.integers(len(COLOR_NAMES)))] if "color" in kinds else None)


def false_clause(world: World, rng: np.random.Generator, there_is: bool, tries: int = 20) -> Any:
    """A there-is or existential clause that is FALSE on the world (None if none was found)."""
    for _ in range(tries):
        if there_is:
            clause: Any = _random_type(rng, sample_kinds(rng))
        else:
            body_kind = choose(rng, [k for k, _ in BODIES], [w for _, w in BODIES])
            if body_kind == "type":
                clause = Existential(EntityType(), Relation("type", _random_type(rng, frozenset({"shape", "color"}))))
            else:
                other = "color" if body_kind == "shape" else "shape"
                value = _random_type(rng, frozenset({body_kind})).get(body_kind)
                restrictor = _random_type(rng, frozenset({other}) if rng.random() < 0.5 else frozenset())
                clause = Existential(restrictor, Relation("attribute", Attribute(body_kind, str(value))))
        if clause.truth(world) == Truth.FALSE:
            return clause
    return None


@dataclass(frozen=True)
class LogicalSampler:
    """Two clauses joined by a connective drawn from ``connectives``; true clauses come from
    ``there_is_clause`` ("There is a [T].") and ``existential_clause`` ("A [T] is [B].")."""

    there_is_clause: Callable[[World, np.random.Generator], Any]
    existential_clause: Callable[[World, np.random.Generator], Any]
    connectives: tuple[str, ...] = tuple(COMBINATIONS)
    there_is: float = 1 / 3  # share of "There is a [T]." clauses (ShapeWorld's existential mixer, 1:2)
    tries: int = 10

    def clause(self, world: World, rng: np.random.Generator, true: bool) -> Any:
        there_is = bool(rng.random() < self.there_is)
        if not true:
            return false_clause(world, rng, there_is)
        return (self.there_is_clause if there_is else self.existential_clause)(world, rng)

    def __call__(self, world: World, rng: np.random.Generator) -> Proposition | None:
        if not len(world):
            return None
        connective = self.connectives[int(rng.integers(len(self.connectives)))]
        options = COMBINATIONS[connective]
        for _ in range(self.tries):
            first, second = options[int(rng.integers(len(options)))]
            clauses = (self.clause(world, rng, first), self.clause(world, rng, second))
            if clauses[0] is None or clauses[1] is None or clauses[0] == clauses[1]:
                continue
            caption = Proposition(connective, clauses)
            if caption.truth(world) == Truth.TRUE:
                return caption
        return None


__all__ = ["COMBINATIONS", "LogicalSampler", "false_clause"]
