"""Place words the grammar lacks or writes as one word, read as the places they name. Run by
:func:`.placement.rewrite_placement` before places are read.

* "in the center-left", "at the middle-right", "the left-center area": a hyphenated side and middle
  (the ERG's unknown-word entry, a noun or an adjective) is the side and the middle of the other axis,
  as "the center right" (which the grammar parses) is: the side's word with "central" beside it. With
  another place word ("at the bottom center-right", where the middle is of the horizontal axis only)
  it is left as it was (an unknown word: not read).
* "in the lower left of center" (``_of+center_p``): the lower left of the centre is the lower left
  (each half is the side of the centre), so the words add nothing to the place.
"""
from __future__ import annotations

from .picture_places import restriction
from .predicates import REGION_MODIFIERS, REGION_NOUNS, split_predicate, unknown_word
from .working_mrs import EP, WorkingMRS

_MIDDLES = frozenset({"center", "centre", "middle"})
_SIDES = frozenset({"left", "right", "top", "bottom"})


def hyphenated_places(w: WorkingMRS) -> None:
    """``_center-left/nn_u_unknown(x)`` → ``_left_n_1(x)`` and ``_central_a_1(x)`` (an adjective
    alike, ``_left_a_1``); ``_of+center_p`` on a place of a side → nothing."""
    changed = False
    for e in list(w.live):
        if not e.dead and e.pred == "_of+center_p" and _side_place(w, e.args.get("ARG1", "")):
            w.kill(e)
            changed = True
        found = unknown_word(e.pred)
        if e.dead or found is None or not found[1].startswith(("nn", "jj")):
            continue
        parts = found[0].lower().split("-")
        sides = [p for p in parts if p in _SIDES]
        if len(parts) != 2 or len(sides) != 1 or not set(parts) - _SIDES <= _MIDDLES or len(set(parts)) != 2:
            continue
        noun = found[1].startswith("nn")
        x = e.arg0 if noun else e.args.get("ARG1", "")
        if not _alone(w, e, x or ""):
            continue  # "at the bottom center-right": the middle's axis is not the one it leans on
        e.pred = f"_{sides[0]}_{'n' if noun else 'a'}_1"
        w.eps.append(EP("_central_a_1", e.label, {"ARG0": w.new_name("e"), "ARG1": x or ""}, None, e.key))
        changed = True
    if changed:
        w.reindex()


def _alone(w: WorkingMRS, e: EP, x: str) -> bool:
    """Whether ``e`` is the only place word of the noun phrase ``x`` (beside "area", "part", "of the
    image" and its determiner)."""
    return x in w.quant_of and all(
        d is e or d.pred == "_of_p" or d.arg0 == x and REGION_NOUNS.get(split_predicate(d.pred)[0]) == ""
        for d in restriction(w, x))


def _side_place(w: WorkingMRS, x: str) -> bool:
    """Whether ``x`` is a place noun phrase with a side ("the lower left", "the right side")."""
    words = [split_predicate(e.pred)[0] for e in restriction(w, x)] if x in w.quant_of else []
    return any(REGION_NOUNS.get(lemma) is not None for lemma in words) and any(
        set(REGION_MODIFIERS.get(lemma, REGION_NOUNS.get(lemma, "")).split("+")) & _SIDES for lemma in words)


__all__ = ["hyphenated_places"]
