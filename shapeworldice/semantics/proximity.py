"""Proximity: ShapeWorld's ternary ``proximity-rel`` ("X is closer to the C than a R") as arrays.

``ternary(value, x, y)`` returns ``(agree, disagree)`` with index ``[e, r, c]``: entity e is
clearly closer to (value −1) / farther from (+1) c than r is, by more than ``MIN_DISTANCE``
(0.15), or clearly not (r at least 0.15 closer / farther than e). Triples that are not pairwise
distinct never agree and never block disagreement. Leading axes (a world axis for priors) are kept.
"""
from __future__ import annotations

import numpy as np

from .truth import MIN_DISTANCE

#: proximity relation values: −1 "closer to ... than", +1 "farther from ... than"
PROXIMITY_VALUES: tuple[int, ...] = (-1, 1)


def distances(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Centre distances ``[..., e, c]`` of entities with coordinates ``x``, ``y`` (``[..., n]``)."""
    return np.hypot(x[..., :, None] - x[..., None, :], y[..., :, None] - y[..., None, :])


def distinct3(n: int) -> np.ndarray:
    """``[e, r, c]``: true where e, r and c are pairwise distinct."""
    idx = np.arange(n)
    e, r, c = idx[:, None, None], idx[None, :, None], idx[None, None, :]
    return (e != r) & (e != c) & (r != c)


def ternary(value: int, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Agree / disagree ``[..., e, r, c]`` of "e is closer to (−1) / farther from (+1) c than r"."""
    d = distances(x, y)  # [..., a, c]
    diff = (d[..., :, None, :] - d[..., None, :, :]) * float(value)  # (dist(e,c) − dist(r,c))·v
    distinct = distinct3(x.shape[-1])
    agree = distinct & (diff > MIN_DISTANCE)
    disagree = ~distinct | (-diff >= MIN_DISTANCE)
    return agree, disagree


__all__ = ["PROXIMITY_VALUES", "distances", "distinct3", "ternary"]
