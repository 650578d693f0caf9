"""Entity descriptions and attribute statistics of a world, the raw material of captions."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

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


#: descriptions are coded ``(shape + 1) * _COLOUR_SLOTS + colour + 1`` (−1: the kind is not named)
_COLOUR_SLOTS = len(COLOR_NAMES) + 1
#: the range of description codes
DESCRIPTION_CODES = (len(SHAPES) + 1) * _COLOUR_SLOTS
#: the type captioner's kinds as (names the shape, names the colour, probability)
KIND_LAW = tuple(("shape" in k, "color" in k, p) for k, p in TYPE_KINDS)


def description_code(shape: np.ndarray, color: np.ndarray) -> np.ndarray:
    """The code of the description naming ``shape`` and ``color`` (−1: not named)."""
    return (shape + 1) * _COLOUR_SLOTS + color + 1


def description_parts(code: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(shape, colour) of description codes (−1: not named)."""
    return code // _COLOUR_SLOTS - 1, code % _COLOUR_SLOTS - 1


@lru_cache(maxsize=None)
def entity_type(code: int) -> EntityType:
    """The entity type a description code names (kept: an entity type is immutable, and a pool's
    candidates are turned into captions many times over)."""
    shape, color = (int(v) for v in description_parts(np.asarray(code)))
    return EntityType.of(shape=SHAPES[shape] if shape >= 0 else None, color=COLOR_NAMES[color] if color >= 0 else None)


#: object types (shape × colour), and one more for padding
_TYPES = len(SHAPES) * len(COLOR_NAMES)
#: which object types each description fits (description codes × types; padding fits none)
FITS = np.zeros((DESCRIPTION_CODES, _TYPES + 1), dtype=bool)
for _code in range(DESCRIPTION_CODES):
    _shape, _color = (int(v) for v in description_parts(np.asarray(_code)))
    for _t in range(_TYPES):
        FITS[_code, _t] = _shape in (-1, _t // len(COLOR_NAMES)) and _color in (-1, _t % len(COLOR_NAMES))
#: samples without an attribute dictionary whose types were asked for last (by id, with the sample, so
#: an id is not reused while kept); a :class:`~..world.columns.WorldSample` keeps its own (:func:`kept_on`)
_TYPED: dict[int, tuple[Any, np.ndarray, np.ndarray]] = {}
_TYPED_KEPT = 64


def kept_on(sample: Any, name: str, compute: Callable[[Any], Any]) -> Any:
    """``compute(sample)``, kept on the sample itself (a cache, not a field: it goes with the sample,
    so a prior sample's spans, a world's re-fills and a donor's kept re-fills are counted once however
    many candidates ask, and a sample stacked for one question takes nothing from them). A sample's
    columns are not changed once it is made."""
    found = sample.__dict__.get(name)
    if found is None:
        found = compute(sample)
        object.__setattr__(sample, name, found)
    return found


def type_codes(sample: Any) -> np.ndarray:
    """Each entity's object type (shape × colour) in each world of ``sample``; padding: the last type."""
    return np.where(sample.present, sample.shape * len(COLOR_NAMES) + sample.color, _TYPES)


def _types(sample: Any) -> tuple[np.ndarray, np.ndarray]:
    types = type_codes(sample)
    flat = (np.arange(sample.size)[:, None] * (_TYPES + 1) + types).reshape(-1)
    census = np.bincount(flat, minlength=sample.size * (_TYPES + 1)).reshape(sample.size, _TYPES + 1)
    return types, census


def sample_types(sample: Any) -> tuple[np.ndarray, np.ndarray]:
    """Each entity's object type in each world of a sample (worlds × entities; padding: the last
    type) and how many of each type each world has (worlds × types + 1); kept with the sample
    (a prior sample's spans are asked about by every caption)."""
    if hasattr(sample, "__dict__"):
        return kept_on(sample, "_object_types", _types)
    hit = _TYPED.get(id(sample))
    if hit is not None and hit[0] is sample:
        return hit[1], hit[2]
    types, census = _types(sample)
    if len(_TYPED) >= _TYPED_KEPT:
        del _TYPED[next(iter(_TYPED))]
    _TYPED[id(sample)] = (sample, types, census)
    return types, census


def description_matches(codes: np.ndarray, sample: Any) -> np.ndarray:
    """Which entities of each world of a sample fit each description (descriptions × worlds × entities)."""
    return FITS[codes][:, sample_types(sample)[0]]


def kind_codes(world: World) -> np.ndarray:
    """Each entity's description code under each of :data:`KIND_LAW`'s kinds (kinds × entities)."""
    a = world.arrays
    shape, color = np.asarray(a.shape, dtype=np.int64), np.asarray(a.color, dtype=np.int64)
    return np.stack([description_code(np.where(s, shape, -1), np.where(c, color, -1)) for s, c, _ in KIND_LAW])


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


def _holding_pairs(arrays: Any, kind: str, value: int) -> np.ndarray:
    agree, _ = conditions(kind, value, arrays)
    np.fill_diagonal(agree, False)
    pairs = np.argwhere(agree)
    pairs.flags.writeable = False
    return pairs


def holding_pairs(world: World, kind: str, value: int) -> np.ndarray:
    """(e, r) index pairs of distinct entities for which a binary relation clearly holds (read-only,
    kept with the world's columns: a sampler asks about one world's relations draw after draw)."""
    return kept_on(world.arrays, f"_pairs_{kind}_{value}", lambda a: _holding_pairs(a, kind, value))
