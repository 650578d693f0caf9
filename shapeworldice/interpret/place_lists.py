""""The triangles are on the right and bottom.": a list of places said of a group (the parser reads "[on
the right] and [bottom]", a coordination of two predicates) says where the group's members are, each in
one of the places, not each in both (the bottom right corner, as of one shape): false when a member is
in neither place, never true (whether each place holds a member is not checked), else vague. The
coordination becomes "or" with a vague word beside it, and a bare place adjective ("bottom") its place
of the picture. Said of one shape ("The square is
on the right and bottom.") both hold, as before. Meanings: docs/descriptions.md.
"""
from __future__ import annotations

from .picture_places import ATTR
from .side_coordinations import is_place_of_the_picture
from .predicates import REGION_PREPS
from .working_mrs import EP, WorkingMRS

#: place adjectives said as a predicate ("… and bottom"): the place of the picture they name
_PLACE_ADJECTIVES = {"_bottom_a_1": "bottom", "_top_a_1": "top", "_left_a_1": "left", "_right_a_1": "right"}


def _place_part(w: WorkingMRS, e: EP, x: str) -> bool:
    if e.args.get("ARG1") != x:
        return False
    if e.pred in _PLACE_ADJECTIVES:
        return True
    return e.pred in REGION_PREPS and is_place_of_the_picture(w, e.args.get("ARG2", ""))


def places_of_a_group(w: WorkingMRS) -> None:
    """``_and_c`` of two places of the picture said of one plural → ``_or_c`` (each is in one)."""
    changed = False
    for c in list(w.live):
        if c.dead or c.pred != "_and_c" or not (c.arg0 or "").startswith("e"):
            continue
        parts = [e for e in w.live if not e.dead and e.arg0 in (c.args.get("ARG1"), c.args.get("ARG2"))]
        subjects = {e.args.get("ARG1") for e in parts}
        if len(parts) != 2 or len(subjects) != 1:
            continue
        x = next(iter(subjects)) or ""
        q = w.quant_of.get(x)
        if q is None or not q.mods.plural or not all(_place_part(w, e, x) for e in parts):
            continue
        c.pred = "_or_c"
        # never true: that each place holds a member is not checked (all may be in one); false when a
        # member is in neither
        w.eps.append(EP(ATTR, c.label, {"ARG0": w.new_name("e"), "ARG1": x}, "vague:places", c.key))
        for role, e in zip(("L-HNDL", "R-HNDL"), sorted(parts, key=lambda e: e.arg0 != c.args.get("ARG1"))):
            if e.pred in _PLACE_ADJECTIVES:
                e.pred, e.carg = ATTR, f"region:{_PLACE_ADJECTIVES[e.pred]}"
            label, hole = w.new_name("h"), w.new_name("h")  # a scope each: not one place of both parts
            e.label = label
            w.qeq[hole] = label
            c.args[role] = hole
        changed = True
    if changed:
        w.reindex()


__all__ = ["places_of_a_group"]
