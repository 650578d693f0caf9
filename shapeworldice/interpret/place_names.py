"""The region value a place's words name ("the upper left corner" → "left+top", "the right edge" →
"right-edge", "the bottom third" → "bottom-third"), read by :func:`.picture_places.region_of`."""
from __future__ import annotations

from ..semantics.appearance import SOME_CORNER
from .predicates import split_predicate
from .working_mrs import EP


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


#: adverbs that name the one axis of a middle ("in the middle vertically")
AXIS_ADVERBS = {"_vertically_a_1": "mid-height", "_horizontally_a_1": "mid-width"}
#: "across / along the horizontal middle" is the horizontal line through the middle (mid-height)
AXIS_LINES = {"_vertically_a_1": "_horizontally_a_1", "_horizontally_a_1": "_vertically_a_1"}


def axis_of_place(adverb: EP, place: EP) -> bool:
    """Whether ``adverb`` names the axis of the place ``place`` names: "vertically" or "horizontally"
    after it, on its event ("in the middle vertically"; before it, "vertically in the middle", it
    says how the shape stands)."""
    return (adverb.pred in AXIS_ADVERBS and adverb.args.get("ARG1") == place.arg0
            and adverb.key[0] > place.key[0])


def one_corner(q: EP | None, cq: EP | None, corner: str, rs: list[EP], frames: set[str]) -> bool:
    """Whether "in the corner" is said of one shape (quantifier ``q``: "the cross is in the corner",
    not "each cross", "the crosses") and names a corner (quantifier ``cq``, restriction ``rs``) by
    nothing but the word ("the corner", "a corner", "the corner of the image": not "every corner",
    "the corners", "the far corner", "the corner farthest from the circle"): then it is some corner."""
    return (q is not None and not q.mods.plural and q.pred not in ("_every_q", "_each_q", "_all_q")
            and cq is not None and cq.pred in ("_the_q", "_a_q") and not cq.mods.plural
            and all(split_predicate(e.pred)[1] == "n" and e.arg0 == corner
                    or e.pred == "_of_p" and e.args.get("ARG2") in frames for e in rs))


__all__ = ["AXIS_ADVERBS", "AXIS_LINES", "SOME_CORNER", "THIRD", "axis_of_place", "one_corner", "place_name"]
