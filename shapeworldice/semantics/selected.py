"""Entity masks of the selector and proximity components (ShapeWorld's ``selection`` and
``proximity-rel``), from the array rules of :mod:`.selection` and :mod:`.proximity`.

Both evaluate the comparison "the C" (a unique selector) over all entities; the subject, the
reference and the comparison are pairwise distinct entities.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..world.model import WorldArrays
from .proximity import distances, ternary
from .selection import PROXIMITY_SELECTORS, pairs, proximity_pairs, select
from .truth import Masks

if TYPE_CHECKING:  # pragma: no cover
    from .components import Relation, Selector


def columns(a: WorldArrays) -> dict[str, np.ndarray]:
    """The entity columns the selectors compare."""
    return {"x": a.x, "y": a.y, "area": a.area, "shade": a.shade, "shape": a.shape, "color": a.color}


def selector_masks(selector: "Selector", scope: Masks, a: WorldArrays) -> Masks:
    """Agree / disagree of each entity as "the <selector> <scope>" (entities outside the scope disagree)."""
    if selector.predtype not in PROXIMITY_SELECTORS:
        agree, relevant, beaten = pairs(selector.predtype, selector.value, columns(a))
        sel_agree, sel_disagree = select(selector.predtype, 0, scope.agree, scope.not_disagree,
                                         agree, relevant, beaten)
        return Masks(scope.agree & sel_agree, scope.disagree | sel_disagree)
    assert selector.comparison is not None
    comp = selector.comparison.masks(a)
    n = a.n
    not_self = ~np.eye(n, dtype=bool)  # [e, c]: the comparison is not the selected entity
    sa, sp = scope.agree[:, None] & not_self, scope.not_disagree[:, None] & not_self
    agree, relevant, beaten = proximity_pairs(selector.value, distances(a.x, a.y))  # [e, o, c]
    t = (0, 2, 1)  # → [e, c, o]
    sel_agree, sel_disagree = select(selector.predtype, 0, sa, sp, agree.transpose(t), relevant.transpose(t),
                                     beaten.transpose(t))  # [e, c]
    e_agree = (sel_agree & comp.agree[None, :]).any(axis=1)
    e_disagree = (sel_disagree | ~(comp.not_disagree[None, :] & not_self)).all(axis=1)
    return Masks(scope.agree & e_agree & ~e_disagree, scope.disagree | e_disagree)


def proximity_masks(relation: "Relation", a: WorldArrays) -> Masks:
    """Agree / disagree of each entity e as "e is closer to / farther from the C than a R".

    e agrees if some definite R r and the definite C c (pairwise distinct, c ∉ {e, r}) fit by the
    0.15 margin; e disagrees if for every possible r ≠ e, every possible c ∉ {e, r} clearly does
    not fit, unless e is the only possible R (then ambiguous, as for binary relations)."""
    assert relation.comparison is not None
    ref, comp = relation.referent().masks(a), relation.comparison.masks(a)
    agree3, disagree3 = ternary(int(relation.value), a.x, a.y)  # [e, r, c]
    n = a.n
    off = ~np.eye(n, dtype=bool)
    c_agree = (agree3 & comp.agree[None, None, :]).any(axis=2)  # [e, r]
    c_possible = comp.not_disagree[None, None, :] & (np.arange(n)[None, None, :] != np.arange(n)[:, None, None]) \
        & (np.arange(n)[None, None, :] != np.arange(n)[None, :, None])
    c_disagree = (disagree3 | ~c_possible).all(axis=2)  # [e, r]
    r_agree, r_possible = ref.agree[None, :] & off, ref.not_disagree[None, :] & off
    e_agree = (r_agree & c_agree).any(axis=1)
    e_disagree = ~(r_possible & ~c_disagree).any(axis=1)
    only_self = ref.not_disagree & ~r_possible.any(axis=1)
    e_disagree = e_disagree & ~only_self
    return Masks(e_agree & ~e_disagree, e_disagree)


__all__ = ["columns", "proximity_masks", "selector_masks"]
