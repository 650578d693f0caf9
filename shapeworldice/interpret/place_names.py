"""The region value a place's words name ("the upper left corner" → "left+top", "the right edge" →
"right-edge", "the bottom third" → "bottom-third"), read by :func:`.picture_places.region_of`; and
whether "its <part>" is the picture's ("a black background with two shapes in its lower portion")."""
from __future__ import annotations

from .predicates import BACKGROUND_NOUNS, FRAME_NOUNS, split_predicate
from .working_mrs import WorkingMRS

#: "the bottom third": a place only with a side ("a third of the shapes" is a fraction)
THIRD = "third"


def place_name(parts: set[str], edge: bool, corner: bool, third: bool = False) -> str | None:
    """The region value of a place's parts ("left+top", "right-edge", "bottom-third"), "" when too vague
    to decide (a middle third, whose axis is not said), None for a third of no side (not a place)."""
    if third:
        if not parts:
            return None
        return f"{next(iter(parts))}-third" if len(parts) == 1 and not parts & {"centre"} else ""
    if edge and len(parts) == 2 and parts & {"top", "bottom"} and parts & {"left", "right"}:
        return "+".join(sorted(f"{p}-edge" for p in parts))  # "the top right edge": at both edges
    if not parts or (corner and len(parts - {"centre"}) < 2) or (edge and (parts & {"centre"} or len(parts) != 1)):
        return ""
    if edge:
        return f"{next(iter(parts))}-edge"
    return "+".join(sorted(parts))




def frames_part(w: WorkingMRS, v: str) -> bool:
    """Whether "its <part>" ``v`` is a part of the image ("with two shapes in its lower portion"): the image or
    its background is named (even where a rewrite has read it) and the part is one a picture has, not a shape."""
    q = w.quant_of.get(v)
    nouns = [e for e in w.at(w.rstr_label(q)) if e.arg0 == v] if q is not None else []
    return any(split_predicate(e.pred)[0] in _FRAME_PARTS for e in nouns) and any(
        e.pred in FRAME_NOUNS or e.pred in BACKGROUND_NOUNS for e in w.eps)


#: parts of a picture ("its lower portion", "its center"), not of a shape ("its side", "its edge", "its end")
_FRAME_PARTS = frozenset({"portion", "half", "part", "area", "section", "region", "center", "centre", "middle",
                          "quadrant", "third"})


__all__ = ["THIRD", "frames_part", "place_name"]
