"""Entity masks of the selector and proximity components (ShapeWorld's ``selection`` and
``proximity-rel``), from the array rules of :mod:`.selection` and :mod:`.proximity`. The components
(``components.Selector`` / ``Relation``) are passed in; this module does not import them.

Both evaluate the comparison "the C" (a unique selector) over all entities; the subject, the
reference and the comparison are pairwise distinct entities.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..world.model import WorldArrays
from .proximity import distances, ternary
from .selection import PROXIMITY_SELECTORS, pairs, proximity_pairs, select
from .truth import Masks


def columns(a: WorldArrays) -> dict[str, np.ndarray]:
    """The entity columns the selectors compare."""
    return {"x": a.x, "y": a.y, "area": a.area, "shade": a.shade, "shape": a.shape, "color": a.color}


def selector_masks(selector: Any, scope: Masks, a: WorldArrays) -> Masks:
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


def proximity_masks(relation: Any, a: WorldArrays) -> Masks:
    """Agree / disagree of each entity e as "e is closer to / farther from the C than a R".

    "The C" scopes over "a R" (the order they are mentioned in). e agrees if the definite C c and
    some definite R r (e, r, c pairwise distinct) fit by the 0.15 margin. e disagrees if for every
    possible C c ≠ e, every possible R r ∉ {e, c} clearly does not fit, unless e is the only
    possible C (then ambiguous, as for binary relations)."""
    assert relation.comparison is not None
    ref, comp = relation.referent().masks(a), relation.comparison.masks(a)
    agree3, disagree3 = ternary(int(relation.value), a.x, a.y)  # [e, r, c]
    n = a.n
    idx = np.arange(n)
    r_ok = (idx[None, :, None] != idx[:, None, None]) & (idx[None, :, None] != idx[None, None, :])  # r ∉ {e, c}
    r_agree = (agree3 & (ref.agree[None, :, None] & r_ok)).any(axis=1)  # [e, c]
    r_disagree = ~(ref.not_disagree[None, :, None] & r_ok & ~disagree3).any(axis=1)  # [e, c]
    off = ~np.eye(n, dtype=bool)
    c_agree, c_possible = comp.agree[None, :] & off, comp.not_disagree[None, :] & off
    e_agree = (c_agree & r_agree).any(axis=1)
    e_disagree = ~(c_possible & ~r_disagree).any(axis=1)
    only_self = comp.not_disagree & ~c_possible.any(axis=1)
    e_disagree = e_disagree & ~only_self
    return Masks(e_agree & ~e_disagree, e_disagree)


__all__ = ["columns", "proximity_masks", "selector_masks"]
