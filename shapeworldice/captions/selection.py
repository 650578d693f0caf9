"""Samplers of ShapeWorld's ``selection`` and proximity (``proximity-rel``) captions.

* ``SelectionSampler``: "The leftmost semicircle is blue.", "The bigger square is red.", "The gray
  shape closer to the red ellipse is a triangle." — a selector (uniform over ``selectors`` and
  their two directions), a scope naming at most one attribute kind (size selectors name the shape,
  shade selectors the colour: ShapeWorld compares sizes within a shape, shades within a colour), a
  body naming what the scope does not; for proximity selectors a comparison "the C" that
  describes exactly one entity.
* ``ProximitySampler``: "A green ellipse is closer to the green rectangle than an ellipse." —
  ShapeWorld HEAD's word order: "X is closer to / farther from [the comparison] than [a reference]".

Every caption is checked true before it is returned.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import ClassVar

import numpy as np

from ..semantics.components import EntityType, Existential, Relation, Selector
from ..semantics.proximity import ternary
from ..semantics.selection import PROXIMITY_SELECTORS, SELECTORS
from ..semantics.truth import Truth
from ..world.model import World
from . import proximity_pool, selection_pool
from .describe import Census, attribute_of, choose, describe, sample_kinds
from .pooled import PooledSampler
from .proximity_pool import ProximityPool
from .selection_pool import SelectionPool

_KINDS: tuple[frozenset[str], ...] = (frozenset(), frozenset({"shape"}), frozenset({"color"}))
_BOTH = frozenset({"shape", "color"})


def unique_description(world: World, index: int, rng: np.random.Generator,
                       census: Census | None = None) -> EntityType | None:
    """A random description naming one or both attributes that fits only entity ``index``."""
    census = census or Census.of(world)
    options = [describe(world, index, k) for k in (_BOTH, frozenset({"shape"}), frozenset({"color"}))]
    options = [t for t in options if census.count(t) == 1]
    if not options:
        return None
    return options[int(rng.integers(len(options)))]


def _body(world: World, index: int, scope_kinds: frozenset[str], rng: np.random.Generator) -> Relation:
    """An attribute or type body about entity ``index`` naming no kind the scope names."""
    free = sorted(_BOTH - scope_kinds)
    if len(free) == 2 and rng.random() < 1 / 3:
        return Relation("type", describe(world, index, _BOTH))
    return Relation("attribute", attribute_of(world, index, free[int(rng.integers(len(free)))]))


def _scope_kinds(predtype: str, rng: np.random.Generator) -> frozenset[str]:
    if predtype.startswith("size"):
        return frozenset({"shape"})
    if predtype.startswith("shade"):
        return frozenset({"color"})
    return _KINDS[int(rng.integers(len(_KINDS)))]


@dataclass(frozen=True)
class SelectionSampler(PooledSampler):
    """"The <selector> <scope> is <body>." with ShapeWorld's selectors (``semantics.selection``).

    :meth:`pool` lists every caption it may draw for a world with the probability it draws it, and
    :meth:`truth_table` their truth in many worlds at once (:mod:`.selection_pool`), so a bounded
    dataset samples from the candidates that survive its bound instead of drawing and rejecting."""

    selectors: tuple[str, ...] = tuple(SELECTORS)
    max_templates: int = 20
    #: a bounded dataset counts the re-fill shares of this many drawn candidates one at a time before
    #: the whole pool's (a pool of a hundred or more meanings, most of them within the bound)
    shares_by_draw: ClassVar[int] = 8
    #: the last world's pool (a test image draws all its references from one)
    _last: dict = field(default_factory=dict, compare=False, repr=False)

    _pools: ClassVar[ModuleType] = selection_pool

    def _new_pool(self, world: World) -> SelectionPool:
        return selection_pool.selection_pool(world, self.selectors)

    def __call__(self, world: World, rng: np.random.Generator) -> Existential | None:
        n = len(world)
        if n < 2:
            return None
        census = Census.of(world)
        options = [(p, v) for p in self.selectors for v in SELECTORS[p]]
        for _ in range(self.max_templates):
            predtype, value = options[int(rng.integers(len(options)))]
            kinds = _scope_kinds(predtype, rng)
            comparison = None
            if predtype in PROXIMITY_SELECTORS:
                c = int(rng.integers(n))
                comparison_type = unique_description(world, c, rng, census)
                if comparison_type is None:
                    continue
                comparison = Selector("unique", comparison_type)
            a = world.arrays
            for e in rng.permutation(n):
                selector = Selector(predtype, describe(world, int(e), kinds), value, comparison)
                if not selector.masks(a).agree[int(e)]:
                    continue
                caption = Existential(selector, _body(world, int(e), kinds, rng))
                if caption.truth(world) == Truth.TRUE:
                    return caption
                break
        return None


@dataclass(frozen=True)
class ProximitySampler(PooledSampler):
    """"A <T> is closer to / farther from the <C> than a <R>." (ShapeWorld HEAD's order).

    :meth:`pool` lists every caption it may draw for a world with the probability it draws it, and
    :meth:`truth_table` their truth in many worlds at once (:mod:`.proximity_pool`), so a bounded
    dataset samples from the candidates that survive its bound instead of drawing and rejecting."""

    max_templates: int = 20
    #: the last world's pool (a test image draws all its references from one)
    _last: dict = field(default_factory=dict, compare=False, repr=False)

    _pools: ClassVar[ModuleType] = proximity_pool

    def _new_pool(self, world: World) -> ProximityPool:
        return proximity_pool.proximity_pool(world)

    def __call__(self, world: World, rng: np.random.Generator) -> Existential | None:
        n = len(world)
        if n < 3:
            return None
        census = Census.of(world)
        a = world.arrays
        for _ in range(self.max_templates):
            value = int(choose(rng, [-1, 1]))
            agree, _ = ternary(value, a.x, a.y)  # [e, r, c]
            triples = np.argwhere(agree)
            if not len(triples):
                return None
            e, r, c = (int(i) for i in triples[int(rng.integers(len(triples)))])
            comparison_type = unique_description(world, c, rng, census)
            if comparison_type is None:
                continue
            caption = Existential(describe(world, e, sample_kinds(rng)),
                                  Relation("proximity-rel", value, describe(world, r, sample_kinds(rng)),
                                           Selector("unique", comparison_type)))
            if caption.truth(world) == Truth.TRUE:
                return caption
        return None


__all__ = ["ProximitySampler", "SelectionSampler", "unique_description"]


