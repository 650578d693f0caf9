"""The region value a place's words name ("the upper left corner" → "left+top", "the right edge" →
"right-edge", "the bottom third" → "bottom-third"), read by :func:`.picture_places.region_of`."""
from __future__ import annotations

from ..semantics.appearance import SOME_CORNER


#: "the bottom third": a place only with a side ("a third of the shapes" is a fraction)
THIRD = "third"


def place_name(parts: set[str], edge: bool, corner: bool, third: bool = False) -> str | None:
    """The region value of a place's parts ("left+top", "right-edge", "bottom-third"), "" when too vague
    to decide (a middle third, whose axis is not said), None for a third of no side (not a place)."""
    if third:
        if not parts:
            return None
        return f"{next(iter(parts))}-third" if len(parts) == 1 and not parts & {"centre"} else ""
    if corner and not parts and not edge:  # "in the corner": one of the four, as its named corner is
        return SOME_CORNER
    if edge and len(parts) == 2 and parts & {"top", "bottom"} and parts & {"left", "right"}:
        return "+".join(sorted(f"{p}-edge" for p in parts))  # "the top right edge": at both edges
    if not parts or (corner and len(parts - {"centre"}) < 2) or (edge and (parts & {"centre"} or len(parts) != 1)):
        return ""
    if edge:
        return f"{next(iter(parts))}-edge"
    return "+".join(sorted(parts))


__all__ = ["SOME_CORNER", "THIRD", "place_name"]
