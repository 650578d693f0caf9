"""Worlds for the free-form corpus, built here from a seed (not by the package's sampler).

A world is written as a ShapeWorld world-model JSON object (the fields the package's loader
reads), with numbers rounded to three decimals so the file is small and exact. Building them
here keeps the corpus's bytes independent of changes to the package's world sampling.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from .labels import MARGIN

SHAPES = ("square", "rectangle", "triangle", "pentagon", "cross", "circle", "semicircle", "ellipse")
COLORS = {"red": [1.0, 0.0, 0.0], "green": [0.0, 1.0, 0.0], "blue": [0.0, 0.0, 1.0], "yellow": [1.0, 1.0, 0.0],
          "magenta": [1.0, 0.0, 1.0], "cyan": [0.0, 1.0, 1.0], "gray": [0.5, 0.5, 0.5]}
COUNTS = (1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6)
MIN_GAP = 0.16  # smallest distance between two centres
TIE = 1e-6  # how close a centre offset may come to a decision threshold


def _half_size(shape: str, s: float, rng: np.random.Generator) -> tuple[float, float]:
    """Half extents for a shape of full size ``s`` (ShapeWorld's per-shape geometry)."""
    if shape in ("rectangle", "ellipse"):
        d = float(rng.uniform(2.0, 3.0))
        return s / 2, s / 2 / d
    if shape == "semicircle":
        return s / 2, s / 4
    if shape == "triangle":
        return s / 2, s / 2 * math.sqrt(0.75)
    if shape == "pentagon":
        return s / 2, s / 2 * math.cos(math.radians(18))
    return s / 2, s / 2


def _near_tie(centres: list[tuple[float, float]]) -> bool:
    """True when two centres are so placed that a relation sits on a threshold (float ties)."""
    for i, (x1, y1) in enumerate(centres):
        for x2, y2 in centres[i + 1:]:
            dx, dy = abs(x1 - x2), abs(y1 - y2)
            if min(abs(dx - MARGIN), abs(dy - MARGIN), abs(dx - dy)) < TIE:
                return True
    return False


def build_world(rng: np.random.Generator) -> dict[str, Any]:
    """One world model: 1–6 shapes, later ones likely to repeat an earlier shape or colour."""
    while True:
        n = COUNTS[int(rng.integers(len(COUNTS)))]
        shapes, colors = list(SHAPES), list(COLORS)
        entities: list[dict[str, Any]] = []
        centres: list[tuple[float, float]] = []
        for i in range(n):
            shape = shapes[int(rng.integers(len(shapes)))]
            color = colors[int(rng.integers(len(colors)))]
            for _ in range(200):
                x, y = (round(float(v), 3) for v in rng.uniform(0.1, 0.9, size=2))
                if all(math.hypot(x - cx, y - cy) >= MIN_GAP for cx, cy in centres):
                    break
            else:
                break
            s = math.sqrt(float(rng.uniform(0.1 ** 2, 0.2 ** 2)))
            hx, hy = _half_size(shape, s, rng)
            entities.append({
                "id": i, "shape": {"name": shape, "size": {"x": round(hx, 3), "y": round(hy, 3)}},
                "color": {"name": color, "rgb": COLORS[color], "shade": round(float(rng.uniform(-0.3, 0.3)), 3)},
                "texture": {"name": "solid"}, "center": {"x": x, "y": y},
                "rotation": round(float(rng.uniform(0.0, 1.0)), 3)})
            centres.append((x, y))
            k = int(rng.integers(1, 3))  # reinforce: same shapes and colours come back
            shapes += [shape] * k
            colors += [color] * k
        if len(entities) == n and not _near_tie(centres):
            return {"size": 64, "color": {"name": "black", "rgb": [0.0, 0.0, 0.0], "shade": 0.0},
                    "entities": entities, "meta": {}}


__all__ = ["SHAPES", "COLORS", "build_world"]
