"""Entity descriptions and attribute statistics of a world, the raw material of captions."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..semantics.components import Attribute, EntityType
from ..semantics.relations import conditions
from ..world.model import COLOR_NAMES, SHAPES, World

#: ShapeWorld's type captioner: all attributes with probability 1 − hypernym_rate (0.5),
#: otherwise a proper non-empty subset.
TYPE_KINDS: tuple[tuple[frozenset[str], float], ...] = (
    (frozenset({"shape", "color"}), 0.5),
    (frozenset({"shape"}), 0.25),
    (frozenset({"color"}), 0.25),
)


def choose(rng: np.random.Generator, options: list, weights: list[float] | None = None):
    """Seeded choice of one option (weights need not be normalised)."""
    if weights is None:
        return options[int(rng.integers(len(options)))]
    w = np.asarray(weights, dtype=float)
    return options[int(rng.choice(len(options), p=w / w.sum()))]


def describe(world: World, index: int, kinds: frozenset[str]) -> EntityType:
    """The entity type naming the given attribute kinds of entity ``index``."""
    entity = world.entities[index]
    return EntityType.of(
        shape=entity.shape if "shape" in kinds else None,
        color=entity.color if "color" in kinds else None,
    )


def attribute_of(world: World, index: int, kind: str) -> Attribute:
    entity = world.entities[index]
    return Attribute(kind, entity.shape if kind == "shape" else entity.color)


def sample_kinds(rng: np.random.Generator) -> frozenset[str]:
    return choose(rng, [k for k, _ in TYPE_KINDS], [w for _, w in TYPE_KINDS])


@dataclass(frozen=True)
class Census:
    """Counts of every shape×colour combination in a world (8×7), for fast quantifier sampling."""

    table: np.ndarray  # table[shape, color]

    @classmethod
    def of(cls, world: World) -> "Census":
        a = world.arrays
        table = np.zeros((len(SHAPES), len(COLOR_NAMES)), dtype=np.int64)
        np.add.at(table, (a.shape, a.color), 1)
        return cls(table)

    @property
    def total(self) -> int:
        return int(self.table.sum())

    def count(self, etype: EntityType) -> int:
        """Number of entities of a type."""
        rows = slice(None) if etype.shape is None else SHAPES.index(etype.shape)
        cols = slice(None) if etype.color is None else COLOR_NAMES.index(etype.color)
        return int(np.sum(self.table[rows, cols]))


def holding_pairs(world: World, kind: str, value: int) -> np.ndarray:
    """(e, r) index pairs of distinct entities for which a binary relation clearly holds."""
    agree, _ = conditions(kind, value, world.arrays)
    np.fill_diagonal(agree, False)
    return np.argwhere(agree)
