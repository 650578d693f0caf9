"""Pairwise relation tests as n×n matrices, vectorised over a world's entities.

``conditions(kind, value, arrays)`` returns ``(agree, disagree)`` with ``agree[e, r]`` true when
entity e clearly stands in the relation to reference r, and ``disagree[e, r]`` true when it
clearly does not. The gap between the two is ShapeWorld's ambiguity margin.
The same matrices serve the caption semantics and the MRS interpreter.
"""
from __future__ import annotations

import numpy as np

from ..world.model import WorldArrays
from .truth import MIN_AREA, MIN_AXIS_DISTANCE, MIN_OVERLAP, MIN_SHADE, Masks

#: binary relation kinds and their values (−1 / +1), in ShapeWorld's predtype names.
BINARY_RELATIONS: dict[str, tuple[int, ...]] = {
    "x-rel": (-1, 1),  # to the left of / to the right of
    "y-rel": (-1, 1),  # above / below
    "z-rel": (-1, 1),  # behind / in front of
    "size-rel": (-1, 1),  # smaller than / bigger than
    "shade-rel": (-1, 1),  # darker than / lighter than
    "shape-rel": (-1, 1),  # a different shape from / the same shape as
    "color-rel": (-1, 1),  # a different colour from / the same colour as
}


def conditions(kind: str, value: int, a: WorldArrays) -> tuple[np.ndarray, np.ndarray]:
    """Agree/disagree matrices [e, r] of a binary relation with direction ``value``."""
    v = float(value)
    if kind in ("x-rel", "y-rel"):
        main, other = (a.x, a.y) if kind == "x-rel" else (a.y, a.x)
        d_main = (main[:, None] - main[None, :]) * v
        d_other = np.abs(other[:, None] - other[None, :])
        agree = d_main > np.maximum(MIN_AXIS_DISTANCE, d_other)
        disagree = -d_main > MIN_AXIS_DISTANCE
    elif kind == "z-rel":
        sym = np.minimum(a.overlap, a.overlap.T)
        ids = np.arange(a.n, dtype=float)
        order = (ids[:, None] - ids[None, :]) * v
        agree = (sym > MIN_OVERLAP) & (order > 0)
        disagree = (sym <= 0.0) | ((sym > MIN_OVERLAP) & (order < 0))
    elif kind == "size-rel":
        diff = (a.area[:, None] - a.area[None, :]) * v
        agree = (a.shape[:, None] == a.shape[None, :]) & (diff > MIN_AREA)
        disagree = -diff > MIN_AREA
    elif kind == "shade-rel":
        diff = (a.shade[:, None] - a.shade[None, :]) * v
        agree = (a.color[:, None] == a.color[None, :]) & (diff > MIN_SHADE)
        disagree = -diff > MIN_SHADE
    elif kind == "id-rel":  # "the other shape": distinct entities (value −1)
        agree = ~np.eye(a.n, dtype=bool) if value < 0 else np.eye(a.n, dtype=bool)
        disagree = ~agree
    elif kind in ("shape-rel", "color-rel"):
        attr = a.shape if kind == "shape-rel" else a.color
        same = attr[:, None] == attr[None, :]
        agree = same if value > 0 else ~same
        disagree = ~agree
    else:
        raise ValueError(f"unknown relation {kind!r}")
    return agree, disagree


def relate(agree: np.ndarray, disagree: np.ndarray, reference: Masks) -> Masks:
    """Lift a pairwise relation to entities, given the reference's masks.

    e agrees if some *agreeing* reference r ≠ e agrees with it; e disagrees if every
    *possible* reference r ≠ e disagrees — unless e itself is the only possible reference,
    which ShapeWorld leaves ambiguous.
    """
    n = agree.shape[0]
    off = ~np.eye(n, dtype=bool)
    ref_agree = reference.agree[None, :] & off
    ref_possible = reference.not_disagree[None, :] & off
    e_agree = (agree & ref_agree).any(axis=1)
    has_other = ref_possible.any(axis=1)
    all_disagree = (disagree | ~ref_possible).all(axis=1)
    e_disagree = np.where(has_other, all_disagree, ~reference.not_disagree)
    return Masks(e_agree & ~e_disagree, e_disagree)
