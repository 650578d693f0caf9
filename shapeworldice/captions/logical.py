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
from ..world.columns import WorldSample
from ..world.model import COLOR_NAMES, SHAPES, World
from .describe import choose, sample_kinds
from .quantifiers import census_tables

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


def clause_cells(clause: Any) -> np.ndarray | None:
    """The shape × colour cells of the objects that make a there-is or existential clause true (an
    object in one of them makes it true), or None for a clause naming more than shapes and colours."""
    if isinstance(clause, Existential):
        if clause.body.predtype not in ("type", "attribute"):
            return None
        body = clause.body.value
        types = [clause.restrictor, body if isinstance(body, EntityType) else EntityType((body,))]
    elif isinstance(clause, EntityType):
        types = [clause]
    else:
        return None
    cells = np.ones((len(SHAPES), len(COLOR_NAMES)), dtype=bool)
    for entity_type in types:
        if not isinstance(entity_type, EntityType):
            return None
        for attribute in entity_type.attributes:
            names = {"shape": SHAPES, "color": COLOR_NAMES}.get(attribute.predtype)
            if names is None or attribute.value not in names:
                return None
            mine = np.zeros_like(cells)
            index = names.index(attribute.value)
            if attribute.predtype == "shape":
                mine[index, :] = True
            else:
                mine[:, index] = True
            cells &= mine
    return cells


@dataclass(frozen=True)
class CaptionCounts:
    """A logical caption of shape-and-colour clauses as an evaluator (:data:`~..interpret.prior.Evaluate`):
    each clause is true in a world holding an object of one of its cells, counted from the worlds'
    shape–colour tables, and the connective joins them as :class:`~..semantics.components.Proposition`
    does, so its prior is decided without the general evaluator (the same answers)."""

    proptype: str
    cells: tuple[np.ndarray, ...]

    def __call__(self, sample: WorldSample) -> np.ndarray:
        tables = census_tables(sample).reshape(sample.size, -1)
        first, second = (np.asarray(tables[:, np.flatnonzero(cells)].any(axis=1)) for cells in self.cells)
        if self.proptype == "conjunction":
            return np.logical_and(first, second)
        if self.proptype == "disjunction":
            return np.logical_or(first, second)
        if self.proptype == "implication":  # clause 1 is the "if" part
            return np.logical_or(first, np.logical_not(second))
        return np.equal(first, second)


def caption_counts(caption: Any) -> CaptionCounts | None:
    """``caption``'s evaluator from the worlds' counts, where its two clauses name only shapes and
    colours (None otherwise: the general evaluator decides it)."""
    if not isinstance(caption, Proposition) or len(caption.clauses) != 2 or \
            caption.proptype not in COMBINATIONS:
        return None
    cells = tuple(clause_cells(c) for c in caption.clauses)
    if any(c is None for c in cells):
        return None
    return CaptionCounts(caption.proptype, tuple(c for c in cells if c is not None))


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

    @staticmethod
    def evaluator_of(caption: Any) -> CaptionCounts | None:
        """A drawn caption's evaluator from the worlds' counts (:func:`caption_counts`)."""
        return caption_counts(caption)


__all__ = ["COMBINATIONS", "CaptionCounts", "LogicalSampler", "caption_counts", "clause_cells", "false_clause"]
