"""The world model: entities with shape, colour, shade, size, position and rotation.

Field names follow ShapeWorld's JSON world model so existing tooling can read ours.
``shape.size`` holds *half* extents, as ShapeWorld writes it; unlike ShapeWorld's loader we
do not halve them again on load, so a reloaded world has exactly the same geometry.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

import numpy as np

SHAPES: tuple[str, ...] = (
    "square", "rectangle", "triangle", "pentagon", "cross", "circle", "semicircle", "ellipse",
)
COLORS: dict[str, tuple[float, float, float]] = {
    "red": (1.0, 0.0, 0.0),
    "green": (0.0, 1.0, 0.0),
    "blue": (0.0, 0.0, 1.0),
    "yellow": (1.0, 1.0, 0.0),
    "magenta": (1.0, 0.0, 1.0),
    "cyan": (0.0, 1.0, 1.0),
    "gray": (0.5, 0.5, 0.5),
}
BACKGROUNDS: dict[str, tuple[float, float, float]] = {"black": (0.0, 0.0, 0.0), "white": (1.0, 1.0, 1.0)}
COLOR_NAMES: tuple[str, ...] = tuple(COLORS)


class WorldModelError(ValueError):
    """A world-model JSON object that cannot be read back."""


def shaded_rgb(rgb: tuple[float, float, float], shade: float) -> tuple[float, float, float]:
    """ShapeWorld's shading: negative shade darkens c·(1+s), positive lightens c+(1−c)·s."""
    r, g, b = rgb
    if shade < 0.0:
        return r * (1.0 + shade), g * (1.0 + shade), b * (1.0 + shade)
    return r + (1.0 - r) * shade, g + (1.0 - g) * shade, b + (1.0 - b) * shade


@dataclass(frozen=True)
class Entity:
    """One shape in a world. ``half_size`` is (half width, half height) before rotation."""

    id: int
    shape: str
    color: str
    shade: float
    center: tuple[float, float]
    half_size: tuple[float, float]
    rotation: float  # fraction of a full turn, [0, 1)

    @property
    def rgb(self) -> tuple[float, float, float]:
        return shaded_rgb(COLORS[self.color], self.shade)

    @cached_property
    def polygon(self) -> np.ndarray:
        """Vertices (k×2) of the rotated, translated outline (curves approximated)."""
        from .geometry import entity_polygon

        return entity_polygon(self.shape, self.half_size, self.rotation, self.center)

    @cached_property
    def area(self) -> float:
        from .geometry import shape_area

        return shape_area(self.shape, self.half_size)

    @cached_property
    def bounding_box(self) -> tuple[tuple[float, float], tuple[float, float]]:
        poly = self.polygon
        lo, hi = poly.min(axis=0), poly.max(axis=0)
        return (float(lo[0]), float(lo[1])), (float(hi[0]), float(hi[1]))

    def to_model(self) -> dict[str, Any]:
        (x0, y0), (x1, y1) = self.bounding_box
        return {
            "id": self.id,
            "shape": {"name": self.shape, "size": {"x": self.half_size[0], "y": self.half_size[1]}},
            "color": {"name": self.color, "rgb": list(COLORS[self.color]), "shade": self.shade},
            "texture": {"name": "solid"},
            "center": {"x": self.center[0], "y": self.center[1]},
            "rotation": self.rotation,
            "bounding_box": {"topleft": {"x": x0, "y": y0}, "bottomright": {"x": x1, "y": y1}},
        }

    @classmethod
    def from_model(cls, model: dict[str, Any]) -> "Entity":
        try:
            shape = model["shape"]["name"]
            color = model["color"]["name"]
            entity = cls(
                id=int(model["id"]),
                shape=shape,
                color=color,
                shade=float(model["color"].get("shade", 0.0)),
                center=(float(model["center"]["x"]), float(model["center"]["y"])),
                half_size=(float(model["shape"]["size"]["x"]), float(model["shape"]["size"]["y"])),
                rotation=float(model.get("rotation", 0.0)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise WorldModelError(f"entity model is missing or has a bad field: {exc}") from None
        numbers = (entity.shade, *entity.center, *entity.half_size, entity.rotation)
        if not all(math.isfinite(v) for v in numbers) or min(entity.half_size) <= 0:
            raise WorldModelError(f"entity {entity.id}: sizes must be positive and all numbers finite")
        if shape not in SHAPES:
            raise WorldModelError(f"unknown shape {shape!r} in world model")
        if color not in COLORS:
            raise WorldModelError(f"unknown colour {color!r} in world model")
        return entity


@dataclass(frozen=True)
class World:
    """A scene: entities in drawing order (``id`` = index, higher is in front)."""

    entities: tuple[Entity, ...]
    size: int = 64
    background: str = "black"
    meta: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __len__(self) -> int:
        return len(self.entities)

    def with_entities(self, entities: list[Entity] | tuple[Entity, ...]) -> "World":
        return replace(self, entities=tuple(entities))

    @cached_property
    def arrays(self) -> "WorldArrays":
        """Per-entity attributes as NumPy arrays, for vectorised truth evaluation."""
        return WorldArrays.of(self)

    def to_model(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "color": {"name": self.background, "rgb": list(BACKGROUNDS[self.background]), "shade": 0.0},
            "entities": [e.to_model() for e in self.entities],
            "meta": dict(self.meta),
        }

    def to_json(self) -> str:
        """Canonical JSON (sorted keys, no spaces): same world, same bytes."""
        return json.dumps(self.to_model(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_model(cls, model: dict[str, Any]) -> "World":
        if not isinstance(model, dict) or not isinstance(model.get("entities"), list):
            raise WorldModelError("world model must be a JSON object with an 'entities' list")
        color, meta, size = model.get("color") or {}, model.get("meta") or {}, model.get("size", 64)
        if not isinstance(color, dict) or not isinstance(meta, dict):
            raise WorldModelError("world model 'color' and 'meta' must be objects")
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise WorldModelError(f"world model 'size' must be a positive integer, got {size!r}")
        background = color.get("name", "black")
        if background not in BACKGROUNDS:
            raise WorldModelError(f"unknown background colour {background!r}")
        if not all(isinstance(e, dict) for e in model["entities"]):
            raise WorldModelError("world model entities must be objects")
        entities = tuple(Entity.from_model(e) for e in model["entities"])
        if [e.id for e in entities] != list(range(len(entities))):
            raise WorldModelError("entity ids must be 0..n-1 in drawing order")
        return cls(entities=entities, size=size, background=background, meta=dict(meta))

    @classmethod
    def from_json(cls, text: str) -> "World":
        try:
            model = json.loads(text)
        except json.JSONDecodeError as exc:
            raise WorldModelError(f"world model is not valid JSON: {exc}") from None
        return cls.from_model(model)


@dataclass(frozen=True)
class WorldArrays:
    """Column view of a world: index i is entity i."""

    x: np.ndarray
    y: np.ndarray
    shape: np.ndarray  # index into SHAPES
    color: np.ndarray  # index into COLOR_NAMES
    shade: np.ndarray
    area: np.ndarray
    entities: tuple[Entity, ...] = field(repr=False, compare=False)

    @property
    def n(self) -> int:
        return int(self.x.shape[0])

    @cached_property
    def overlap(self) -> np.ndarray:
        """overlap[i, j] = area(i ∩ j) / area(i); computed on first use (only depth relations need it)."""
        from .geometry import overlap_matrix

        return overlap_matrix(self.entities)

    @cached_property
    def gap(self) -> np.ndarray:
        """gap[i, j] = distance between the outlines of i and j (0 when they touch or overlap)."""
        from .geometry import gap_matrix

        return gap_matrix([e.polygon for e in self.entities])

    @classmethod
    def of(cls, world: World) -> "WorldArrays":
        es = world.entities
        return cls(
            x=np.array([e.center[0] for e in es], dtype=float),
            y=np.array([e.center[1] for e in es], dtype=float),
            shape=np.array([SHAPES.index(e.shape) for e in es], dtype=np.int64),
            color=np.array([COLOR_NAMES.index(e.color) for e in es], dtype=np.int64),
            shade=np.array([e.shade for e in es], dtype=float),
            area=np.array([e.area for e in es], dtype=float),
            entities=es,
        )


def full_extent(shape: str, half_size: tuple[float, float]) -> float:
    """Largest full extent of an unrotated shape, as a fraction of the world width."""
    return 2.0 * max(half_size)


def distance(a: Entity, b: Entity) -> float:
    return math.hypot(a.center[0] - b.center[0], a.center[1] - b.center[1])
