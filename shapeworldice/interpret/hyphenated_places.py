""""in the center-left", "at the middle-right", "near the top-center": a hyphenated place noun the
grammar does not know (the ERG's unknown-word entry) is a side and the middle of the other axis, as
"the center right" (which the grammar parses) is: the side's noun with "central" on it. Run by
:func:`.placement.rewrite_placement` before places are read.
"""
from __future__ import annotations

from .predicates import unknown_word
from .working_mrs import EP, WorkingMRS

_MIDDLES = frozenset({"center", "centre", "middle"})
_SIDES = frozenset({"left", "right", "top", "bottom"})


def hyphenated_places(w: WorkingMRS) -> None:
    """``_center-left/nn_u_unknown(x)`` → ``_left_n_1(x)`` and ``_central_a_1(x)``."""
    changed = False
    for e in list(w.live):
        found = unknown_word(e.pred)
        if e.dead or found is None or not found[1].startswith("nn"):
            continue
        parts = found[0].lower().split("-")
        sides = [p for p in parts if p in _SIDES]
        if len(parts) != 2 or len(sides) != 1 or not set(parts) - _SIDES <= _MIDDLES or len(set(parts)) != 2:
            continue
        e.pred = f"_{sides[0]}_n_1"
        w.eps.append(EP("_central_a_1", e.label, {"ARG0": w.new_name("e"), "ARG1": e.arg0 or ""}, None, e.key))
        changed = True
    if changed:
        w.reindex()


__all__ = ["hyphenated_places"]
