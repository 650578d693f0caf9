"""Truth tables of the selector quantifier, the comparative quantifier and the three-place
proximity relations, for the evaluator of :mod:`.agreement`.

Arrays follow :mod:`.tables`: a leading world axis and one axis per bound variable;
the selector's pairwise comparisons carry the compared entity on one extra, last axis.
"""
from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

from ..semantics.proximity import distances, ternary
from ..semantics.selection import PROXIMITY_SELECTORS, pairs, proximity_pairs, select
from ..semantics.truth import quantity_tolerance, quantity_verdicts
from .logic import Formula, QSpec, Quant, Rel, walk

TV = tuple[np.ndarray, np.ndarray]  # (agree, disagree)

#: relation kinds handled here rather than by ``relations.conditions``
EXTRA_RELATIONS = frozenset({"proximity-rel", "proximity-sel"})


def place(mat: np.ndarray, axes: Sequence[int], ndim: int) -> np.ndarray:
    """``mat`` (its dimensions in the order of ``axes``) laid along ``axes`` of an ``ndim`` array."""
    order = np.argsort(axes, kind="stable")
    m = np.transpose(mat, order)
    shape = [1] * ndim
    for a, size in zip(sorted(axes), m.shape):
        shape[a] = size
    return m.reshape(shape)


def comparison_var(f: Quant) -> str:
    """The comparison variable of a proximity selector: the ``proximity-sel`` link in its restrictor."""
    for g in walk(f.restr):
        if isinstance(g, Rel) and g.kind == "proximity-sel" and g.var == f.var:
            return g.ref
    raise ValueError(f"proximity selector without a comparison: {f}")


def selector_pairs(f: Quant, ax: int, axis: Callable[[str], int], ndim: int, cols: dict[str, np.ndarray],
                   lead: tuple[int, ...] = ()) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(agree, relevant, beaten) of a selector quantifier laid out for an ``ndim`` array with the
    compared entity on the extra last axis ``ndim - 1``; ``cols`` have the leading axes ``lead``
    (a world axis for priors) before the entity axis."""
    predtype, value = f.spec.word, int(f.spec.quantity or 0)
    if predtype in PROXIMITY_SELECTORS:
        c = axis(comparison_var(f))
        trip = proximity_pairs(value, distances(cols["x"], cols["y"]))  # [..., e, o, c]
        return tuple(place(m, (*lead, ax, ndim - 1, c), ndim) for m in trip)  # type: ignore[return-value]
    duo = pairs(predtype, value, cols)  # [..., e, o]
    return tuple(place(m, (*lead, ax, ndim - 1), ndim) for m in duo)  # type: ignore[return-value]


def select_quantifier(spec: QSpec, ax: int, ra: np.ndarray, r_possible: np.ndarray, ba: np.ndarray,
                      bd: np.ndarray, agree: np.ndarray, relevant: np.ndarray, beaten: np.ndarray) -> TV:
    """"The <selector> <restrictor> <body>": the selected entity agrees with the body (true); every
    possible selected entity disagrees with it (false)."""
    sel_agree, sel_disagree = select(spec.word, ax, ra, r_possible, agree, relevant, beaten)
    true = (ra & sel_agree & ba).any(axis=ax, keepdims=True)
    false = ~(r_possible & ~sel_disagree & ~bd).any(axis=ax, keepdims=True)
    return true, false & ~true


def relation3(f: Rel, axis: Callable[[str], int], ndim: int, x: np.ndarray, y: np.ndarray,
              lead: tuple[int, ...] = (), cache: dict | None = None) -> TV:
    """A proximity relation (three variables) or a proximity selector's link (always true);
    ``cache`` keeps the ternary arrays of each value (a prior sample's are reused by every caption)."""
    if f.kind == "proximity-sel":
        ones = np.ones((1,) * ndim, dtype=bool)
        return ones, ~ones
    if f.comp is None:
        raise ValueError("a proximity relation needs a comparison")
    axes = (axis(f.var), axis(f.ref), axis(f.comp))
    if len(set(axes)) < 3:
        raise ValueError("a proximity relation between a variable and itself")
    key = ("proximity-rel/3", f.value)
    hit = None if cache is None else cache.get(key)
    if hit is None:
        hit = ternary(f.value, x, y)
        if cache is not None:
            cache[key] = hit
    agree, disagree = hit
    return place(agree, (*lead, *axes), ndim), place(disagree, (*lead, *axes), ndim)


def compare(spec: QSpec, left: tuple[np.ndarray, np.ndarray], right: tuple[np.ndarray, np.ndarray]) -> TV:
    """A comparative quantifier from the (agreeing, possible) counts of restrictor ∩ body on each side."""
    la, ln = (x.astype(float) for x in left)
    ra, rn = (x.astype(float) for x in right)
    qrange, target = spec.comparison()
    if spec.kind == "count":
        lower, upper = la - rn, ln - ra
    else:
        with np.errstate(divide="ignore", invalid="ignore"):
            lower = np.where(rn > 0, la / np.maximum(rn, 1), np.where(la == 0, 0.0, np.inf))
            upper = np.where(ra > 0, ln / np.maximum(ra, 1), np.where(ln == 0, 0.0, np.inf))
    true, false = quantity_verdicts(qrange, lower, upper, target, quantity_tolerance(target))
    return np.asarray(true), np.asarray(false)


def is_formula_extra(f: Formula) -> bool:
    """Whether ``f`` is a relation evaluated here."""
    return isinstance(f, Rel) and f.kind in EXTRA_RELATIONS


__all__ = ["EXTRA_RELATIONS", "compare", "comparison_var", "is_formula_extra", "place",
           "relation3", "select_quantifier", "selector_pairs"]
