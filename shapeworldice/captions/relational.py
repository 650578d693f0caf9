"""Relational captions beyond the spatial ones: attribute comparison, comparatives and
negated relations.

"A red shape is the same shape as a blue shape.", "A green shape is darker than a green
circle.", "A red triangle is not to the right of a cyan pentagon." The relation (kind and
direction) is drawn uniformly, as ShapeWorld's relation captioner draws it; the subject and the
reference are two distinct entities of the world for which the relation clearly holds (or, for
a negated relation, clearly fails), each described by a random subset of its attributes
(ShapeWorld's type captioner). The compared attribute is kept out of the descriptions as
ShapeWorld's logical-redundancy check does: bigger/smaller compare shapes of one shape, so the
reference names the shape and the subject does not (darker/lighter likewise with colour), and
same/different shape (colour) name no shape (colour) at all. The caption is returned only when
its three-valued truth on the world is TRUE.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import ClassVar

import numpy as np

from ..semantics.components import Existential, Relation
from ..semantics.relations import BINARY_RELATIONS, conditions
from ..semantics.truth import Truth
from ..world.model import World
from . import comparison_pool
from .comparison_pool import ComparisonPool
from .describe import describe, sample_kinds
from .pooled import PooledSampler

#: the attribute each comparison relation names through its reference (True) or hides (False)
_NAMED = {"size-rel": ("shape", True), "shade-rel": ("color", True),
          "shape-rel": ("shape", False), "color-rel": ("color", False)}


def descriptions(kind: str, rng: np.random.Generator) -> tuple[frozenset[str], frozenset[str]]:
    """Attribute kinds of (subject, reference) for a relation of ``kind``."""
    subj, ref = sample_kinds(rng), sample_kinds(rng)
    if kind in _NAMED:
        attribute, named = _NAMED[kind]
        subj = subj - {attribute}
        ref = ref | {attribute} if named else ref - {attribute}
    return subj, ref


@dataclass(frozen=True)
class ComparisonSampler:
    """"A [T] is [not] [relation] a [T]." over ``relations``; with probability ``negation`` the
    relation is negated ("is not ..."), and the pair is one where it clearly fails."""

    relations: tuple[str, ...] = ("size-rel", "shade-rel")
    negation: float = 0.0
    tries: int = 5

    def __call__(self, world: World, rng: np.random.Generator) -> Existential | None:
        options = [(kind, value) for kind in self.relations for value in BINARY_RELATIONS[kind]]
        negated = bool(rng.random() < self.negation)
        arrays = world.arrays
        for k in rng.permutation(len(options)):
            kind, value = options[int(k)]
            agree, disagree = conditions(kind, value, arrays)
            holds = disagree if negated else agree
            holds = holds & ~np.eye(len(world), dtype=bool)
            pairs = np.argwhere(holds)
            if not len(pairs):
                continue
            for _ in range(self.tries):
                subject, reference = (int(i) for i in pairs[int(rng.integers(len(pairs)))])
                subj_kinds, ref_kinds = descriptions(kind, rng)
                relation = Relation(kind, value, describe(world, reference, ref_kinds))
                body = Relation("negation", relation) if negated else relation
                caption = Existential(describe(world, subject, subj_kinds), body)
                if caption.truth(world) == Truth.TRUE:
                    return caption
        return None


@dataclass(frozen=True)
class PooledComparisonSampler(ComparisonSampler, PooledSampler):
    """:class:`ComparisonSampler` over relations the columns decide, with the same draws, and a pool:
    every caption it may draw for a world with the probability it draws it, and their truth in many
    worlds at once (:mod:`.comparison_pool`), so a bounded dataset samples from the candidates that
    survive its bound instead of drawing and rejecting."""

    _last: dict = field(default_factory=dict, compare=False, repr=False)
    _pools: ClassVar[ModuleType] = comparison_pool

    def _new_pool(self, world: World) -> ComparisonPool:
        return comparison_pool.comparison_pool(world, self.relations, self.negation, self.tries)


def comparison_sampler(relations: tuple[str, ...], negation: float) -> ComparisonSampler:
    """The comparison sampler of ``relations``: with a pool when the columns decide them all."""
    if set(relations) <= set(comparison_pool.COMPARISON_RELATIONS):
        return PooledComparisonSampler(relations, negation)
    return ComparisonSampler(relations, negation)


__all__ = ["ComparisonSampler", "PooledComparisonSampler", "comparison_sampler", "descriptions"]
