"""Relative clauses and coreference (the GTD paper's future work).

Relative clauses, subject and object: "A square that is above a red circle is blue.", "A circle
is below a square that is red.", "A circle is below a square that is to the left of a
triangle." Coreference, two or three sentences or clauses about one entity: "There is a red
square. It is above a circle.", "A circle is blue, and the square below it is green."

Every caption is built around entities of the world: the relations it states hold between
concrete entities (agree, ShapeWorld's margins), each entity is described by a random subset of
its attributes (ShapeWorld's type captioner), a copula body names an attribute its subject's
description leaves out, and the caption is returned only when it is TRUE on the world.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, ClassVar

import numpy as np

from ..semantics.components import Anaphor, Coreference, Existential, Relation, RelativeType
from ..semantics.relations import BINARY_RELATIONS
from ..semantics.truth import Truth
from ..world.model import World
from . import clause_pool
from .clause_pool import ClausePool
from .coreference_truth import CoreferenceTruth, coreference_truth
from .describe import attribute_of, describe, holding_pairs, sample_kinds
from .pooled import PooledSampler
from .relation_pool import AXIS_RELATIONS

_OTHER = {"shape": "color", "color": "shape"}


def _relation_from(world: World, rng: np.random.Generator, relations: tuple[str, ...],
                   subject: int | None = None) -> tuple[int, Relation] | None:
    """A relation that ``subject`` (or some entity) clearly has to another entity, with its
    reference described; returns (subject, relation)."""
    options = [(kind, value) for kind in relations for value in BINARY_RELATIONS[kind]]
    for k in rng.permutation(len(options)):
        kind, value = options[int(k)]
        pairs = holding_pairs(world, kind, value)
        if subject is not None:
            pairs = pairs[pairs[:, 0] == subject]
        if len(pairs):
            e, r = (int(i) for i in pairs[int(rng.integers(len(pairs)))])
            return e, Relation(kind, value, describe(world, r, sample_kinds(rng)))
    return None


def _copula(world: World, index: int, rng: np.random.Generator) -> tuple[frozenset[str], Relation]:
    """A description of entity ``index`` and an attribute body it leaves out ("a square" / "is red")."""
    body_kind = "color" if rng.random() < 0.5 else "shape"
    kinds = frozenset({_OTHER[body_kind]}) if rng.random() < 0.5 else frozenset()
    return kinds, Relation("attribute", attribute_of(world, index, body_kind))


@dataclass(frozen=True)
class RelativeClauseSampler:
    """Subject relatives ("A [T] that is [R] a [T] is [B].") and object relatives ("A [T] is [R] a
    [T] that is [B or R a T]."), half each; relations drawn from ``relations``."""

    relations: tuple[str, ...] = ("x-rel", "y-rel")
    tries: int = 10

    def subject_relative(self, world: World, rng: np.random.Generator) -> Existential | None:
        found = _relation_from(world, rng, self.relations)
        if found is None:
            return None
        e, clause = found
        kinds, body = _copula(world, e, rng)
        return Existential(RelativeType(describe(world, e, kinds), clause), body)

    def object_relative(self, world: World, rng: np.random.Generator) -> Existential | None:
        options = [(kind, value) for kind in self.relations for value in BINARY_RELATIONS[kind]]
        kind, value = options[int(rng.integers(len(options)))]
        pairs = holding_pairs(world, kind, value)
        if not len(pairs):
            return None
        e, r = (int(i) for i in pairs[int(rng.integers(len(pairs)))])
        if rng.random() < 0.5:
            kinds, clause = _copula(world, r, rng)
        else:
            found = _relation_from(world, rng, self.relations, subject=r)
            if found is None:
                return None
            kinds, clause = sample_kinds(rng), found[1]
        reference = RelativeType(describe(world, r, kinds), clause)
        return Existential(describe(world, e, sample_kinds(rng)), Relation(kind, value, reference))

    def __call__(self, world: World, rng: np.random.Generator) -> Existential | None:
        for _ in range(self.tries):
            draw = self.subject_relative if rng.random() < 0.5 else self.object_relative
            caption = draw(world, rng)
            if caption is not None and caption.truth(world) == Truth.TRUE:
                return caption
        return None


@dataclass(frozen=True)
class PooledRelativeClauseSampler(RelativeClauseSampler, PooledSampler):
    """:class:`RelativeClauseSampler` over the axis relations, with the same draws, and a pool: every
    caption it may draw for a world with the probability it draws it, and their truth in many worlds
    at once (:mod:`.clause_pool`), so a bounded dataset samples from the candidates that survive its
    bound instead of drawing and rejecting."""

    #: a bounded dataset counts the re-fill shares of this many drawn candidates one at a time before
    #: the whole pool's (thousands of meanings, of which a training instance draws a few)
    shares_by_draw: ClassVar[int] = 8
    _last: dict = field(default_factory=dict, compare=False, repr=False)
    _pools: ClassVar[ModuleType] = clause_pool

    def _new_pool(self, world: World) -> ClausePool:
        return clause_pool.clause_pool(world, self.relations)


def relative_clause_sampler(relations: tuple[str, ...]) -> RelativeClauseSampler:
    """The relative clause sampler of ``relations``: with a pool when they are axis relations."""
    if set(relations) <= set(AXIS_RELATIONS):
        return PooledRelativeClauseSampler(relations)
    return RelativeClauseSampler(relations)


#: coreference forms with (number of "it" clauses, whether the first sentence is a copula), uniform
FORMS: tuple[tuple[str, int], ...] = (
    ("sentences", 1), ("sentences", 2), ("clauses", 1), ("copula", 2), ("copula", 3), ("copula-clauses", 2),
)


@dataclass(frozen=True)
class CoreferenceSampler:
    """"There is a [T]. It is [R] a [T]." and the other :data:`FORMS`: the antecedent is an entity
    of the world; each later clause is "it is [R] a [T]" (a relation it has) or, with
    probability ``anaphor``, "the [T] above/below it is [B]" (an entity that is the only one of
    its description above/below it)."""

    relations: tuple[str, ...] = ("x-rel", "y-rel")
    anaphor: float = 0.5
    tries: int = 10

    def later(self, world: World, e: int, rng: np.random.Generator, last: bool) -> Any:
        """A later clause about entity ``e``; an anaphor only as the ``last`` one (a pronoun after
        it would refer to the anaphor's entity)."""
        if last and rng.random() < self.anaphor:
            value = 1 if rng.random() < 0.5 else -1
            pairs = holding_pairs(world, "y-rel", value)
            pairs = pairs[pairs[:, 1] == e]
            if len(pairs):
                y = int(pairs[int(rng.integers(len(pairs))), 0])
                kinds, body = _copula(world, y, rng)
                # the sampled description of y first, then the other one the body allows, if that one is unique
                other = frozenset({_OTHER[body.value.predtype]})
                for scope in (kinds, frozenset() if kinds else other):
                    anaphor = Anaphor(describe(world, y, scope), "y-rel", value, body)
                    if anaphor.masks(world.arrays).agree[e]:
                        return anaphor
        found = _relation_from(world, rng, self.relations, subject=e)
        return None if found is None else found[1]

    def draw(self, world: World, rng: np.random.Generator) -> Coreference | None:
        form, n = FORMS[int(rng.integers(len(FORMS)))]
        e = int(rng.integers(len(world)))
        parts: list[Any] = []
        if form.startswith("copula"):
            kinds, body = _copula(world, e, rng)
            parts.append(body)
        else:
            kinds = sample_kinds(rng)
        for k in range(len(parts), n):
            part = self.later(world, e, rng, last=k == n - 1)
            if part is None or part in parts:
                return None
            parts.append(part)
        return Coreference(form, describe(world, e, kinds), tuple(parts))

    @staticmethod
    def evaluator_of(caption: Any) -> CoreferenceTruth | None:
        """``caption``'s truth in many worlds at once from the columns (:mod:`.coreference_truth`): a
        bounded dataset's checks ask it instead of the general evaluator, with the same answers."""
        return coreference_truth(caption)

    def __call__(self, world: World, rng: np.random.Generator) -> Coreference | None:
        if len(world) < 2:
            return None
        for _ in range(self.tries):
            caption = self.draw(world, rng)
            if caption is not None and caption.truth(world) == Truth.TRUE:
                return caption
        return None


__all__ = ["CoreferenceSampler", "FORMS", "PooledRelativeClauseSampler", "RelativeClauseSampler",
           "relative_clause_sampler"]
