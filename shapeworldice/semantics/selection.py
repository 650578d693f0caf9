"""Selectors: ShapeWorld's "the leftmost / the biggest / the X closer to the Y" as arrays.

A selector picks one entity of its *scope* (an entity description). ``pairs`` gives, for every
pair (e, o) of entities, whether e is clearly more extreme than o (``agree``), whether o counts
when comparing e (``relevant``: size only between shapes of one kind, shade only between one
colour) and whether o is clearly more extreme than e (``beaten``). ``select`` turns these and the
scope's agree / possible masks into the selector's agree / disagree along an entity axis:

* ``-two`` selectors ("the left", "the bigger") need exactly two scope entities, both definite;
  ``-max`` selectors ("the leftmost", "the biggest") at least two definite ones;
* e agrees if it is a possible scope entity and more extreme than every other possible relevant
  scope entity (there must be one) by the margin: 0.10 on the axis (and, for ``-two``, more than
  the offset on the other axis), area 0.005, shade 0.20, distance to the comparison 0.15;
* e disagrees if some definite scope entity is more extreme than e by the margin.

An entity that neither agrees nor disagrees is ambiguous: with no margin, "the leftmost square"
picks out none and the caption is not true.
"""
from __future__ import annotations

import numpy as np

from .truth import MIN_AREA, MIN_AXIS_DISTANCE, MIN_DISTANCE, MIN_SHADE

#: ShapeWorld's selector predtypes (besides ``unique``) with their values (−1 / +1)
SELECTORS: dict[str, tuple[int, ...]] = {
    "x-two": (-1, 1), "x-max": (-1, 1),  # left / right, leftmost / rightmost
    "y-two": (-1, 1), "y-max": (-1, 1),  # upper / lower, topmost / bottommost
    "size-two": (-1, 1), "size-max": (-1, 1),  # smaller / bigger, smallest / biggest
    "shade-two": (-1, 1), "shade-max": (-1, 1),  # darker / lighter, darkest / lightest
    "proximity-two": (-1, 1), "proximity-max": (-1, 1),  # closer / farther, closest / farthest
}
PROXIMITY_SELECTORS = frozenset({"proximity-two", "proximity-max"})


def pairs(predtype: str, value: int, cols: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(agree, relevant, beaten) ``[..., e, o]`` of a non-proximity selector from the entity
    columns ``x``, ``y``, ``area``, ``shade``, ``shape``, ``color`` (``[..., n]``)."""
    v = float(value)
    kind = predtype.split("-")[0]

    def diff(c: str) -> np.ndarray:
        a = cols[c]
        return (a[..., :, None] - a[..., None, :]) * v

    if kind in ("x", "y"):
        d = diff(kind)
        if predtype.endswith("-two"):
            other = cols["y" if kind == "x" else "x"]
            agree = d > np.maximum(MIN_AXIS_DISTANCE, np.abs(other[..., :, None] - other[..., None, :]))
        else:
            agree = d > MIN_AXIS_DISTANCE
        return agree, np.ones_like(agree), -d > MIN_AXIS_DISTANCE
    if kind in ("size", "shade"):
        column, same, margin = ("area", "shape", MIN_AREA) if kind == "size" else ("shade", "color", MIN_SHADE)
        d = diff(column)
        s = cols[same]
        return d > margin, s[..., :, None] == s[..., None, :], -d > margin
    raise ValueError(f"unknown selector {predtype!r}")


def proximity_pairs(value: int, dist_ec: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(agree, relevant, beaten) ``[..., e, o, c]`` of a proximity selector from the distances
    ``[..., e, c]``: e is closer to (−1) / farther from (+1) c than o by more than 0.15."""
    d = (dist_ec[..., :, None, :] - dist_ec[..., None, :, :]) * float(value)
    return d > MIN_DISTANCE, np.ones_like(d, dtype=bool), -d > MIN_DISTANCE


def select(predtype: str, ax: int, scope_agree: np.ndarray, scope_possible: np.ndarray, agree: np.ndarray,
           relevant: np.ndarray, beaten: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The selector's (agree, disagree) along axis ``ax`` (keeping every axis).

    ``scope_agree`` / ``scope_possible`` have the entity e on ``ax``; ``agree``, ``relevant`` and
    ``beaten`` have e on ``ax`` and the compared entity o on one extra, last axis."""
    def others(m: np.ndarray) -> np.ndarray:  # o on the last axis
        return np.swapaxes(m[..., None], ax, -1)

    n = scope_agree.shape[ax]
    shape = [1] * (scope_agree.ndim + 1)
    shape[ax], shape[-1] = n, n
    off = ~np.eye(n, dtype=bool).reshape(shape) if ax != len(shape) - 1 else None
    assert off is not None
    count_a = scope_agree.sum(axis=ax, keepdims=True)
    count_p = scope_possible.sum(axis=ax, keepdims=True)
    if predtype.endswith("-two"):
        ok = (count_a == 2) & (count_p == 2)
    else:
        ok = count_a >= 2
    compared = others(scope_possible) & off & relevant
    more = (~compared | agree).all(axis=-1) & compared.any(axis=-1)
    sel_agree = ok & scope_possible & more
    sel_disagree = ok & (others(scope_agree) & off & beaten).any(axis=-1)
    return sel_agree & ~sel_disagree, sel_disagree


#: each selector kind's margin (``proximity``: the distance to the comparison)
MARGINS = {"x": MIN_AXIS_DISTANCE, "y": MIN_AXIS_DISTANCE, "size": MIN_AREA, "shade": MIN_SHADE,
           "proximity": MIN_DISTANCE}


def extreme(two: bool, margin: float, measure: np.ndarray, scope: np.ndarray,
            other: np.ndarray | None = None) -> np.ndarray:
    """``[w, e]``: the entity a selector picks out of a crisp ``scope`` (``[w, e]``) in each world, by
    the sorted measure rather than every pair: :func:`select`'s agree (which then never disagrees)
    when every scope entity is relevant to every other (axis and proximity selectors; size within
    one shape, shade within one colour). ``measure`` is the compared column times the selector's
    value (``[w, e]``; negating is exact, so ``measure[e] - measure[o]`` is :func:`pairs`' ``d``);
    ``other``, for an axis ``-two`` selector, the other axis (the offset the difference must pass).

    A ``-max`` selector needs two scope entities and picks the highest when it exceeds every other
    by more than ``margin``: in floating point ``a - b`` only grows as ``b`` falls, so that is when
    it exceeds the second highest. A ``-two`` selector needs exactly two and picks the one that
    exceeds the other (by more than ``margin`` and, for ``other``, more than their offset on it)."""
    size, n = scope.shape
    worlds = np.arange(size)
    count = scope.sum(axis=1)
    out = np.zeros((size, n), dtype=bool)
    if two:
        first = scope.argmax(axis=1)
        last = n - 1 - scope[:, ::-1].argmax(axis=1)
        ok = count == 2
        for e, o in ((first, last), (last, first)):
            need = margin if other is None else np.maximum(margin, np.abs(other[worlds, e] - other[worlds, o]))
            out[worlds, e] |= ok & (measure[worlds, e] - measure[worlds, o] > need)
        return out
    scoped = np.where(scope, measure, -np.inf)
    top = scoped.argmax(axis=1)
    best = scoped[worlds, top]
    scoped[worlds, top] = -np.inf
    with np.errstate(invalid="ignore"):  # worlds with fewer than two scope entities: not ok anyway
        out[worlds, top] = (count >= 2) & (best - scoped.max(axis=1) > margin)
    return out


__all__ = ["MARGINS", "PROXIMITY_SELECTORS", "SELECTORS", "extreme", "pairs", "proximity_pairs", "select"]
