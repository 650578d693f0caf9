""""Shapes arranged on a black background", "Six shapes are arranged across the image", "arranged in the
lower half": "arranged" said only with places of the picture (or its background) says where the shapes
are, as "placed" does: the places become the shapes' and the verb says they are there. With a manner
("arranged diagonally", "in a row", "in a circle", "at different angles") or a place near a shape it stays
the vague word it is (:data:`~.predicates.VAGUE_WORDS`), as the guide has "arranged". Meanings:
docs/descriptions.md.
"""
from __future__ import annotations

from .background import there
from .picture_places import nouns_of
from .predicates import BACKGROUND_NOUNS, FRAME_NOUNS, REGION_NOUNS, split_predicate
from .working_mrs import WorkingMRS, is_var


def arranged_in_places(w: WorkingMRS) -> None:
    """"arranged" with only places of the picture → "is there", the places said of its subject."""
    for e in list(w.live):
        if e.dead or e.pred != "_arranged_v_1" or not is_var(e.args.get("ARG2"), "x"):
            continue
        subject = e.args["ARG2"]
        modifiers = [m for m in w.live if not m.dead and not m.is_quantifier() and m.args.get("ARG1") == e.arg0]
        if not modifiers:  # a reduced relative ("shapes arranged on a black background"): the parser
            # gives the place to the noun; its prepositions are then the noun's
            modifiers = [m for m in w.live if not m.dead and not m.is_quantifier() and m.args.get("ARG1") == subject
                         and split_predicate(m.pred)[1] == "p"]
        places = [m for m in modifiers if m.pred in _PICTURE_PLACE_PREPS and _is_place_of_the_picture(
            w, m.args.get("ARG2"))]
        events = {m.arg0 for m in places}
        if not places or len(places) < len(modifiers) or any(not m.dead and m.args.get("ARG1") in events
                                                             for m in w.live):
            continue  # no place, or a manner ("diagonally across", "in a row", "at different angles")
        for m in places:  # as "placed": the places are the subject's, and it is there
            m.args = {**m.args, "ARG1": subject}
        there(e, subject)


#: the prepositions of a place "arranged" may be said with (not "around", "near": vague)
_PICTURE_PLACE_PREPS = frozenset({"_in_p", "_on_p", "_at_p", "_along_p", "_across_p", "_against_p"})


def _is_place_of_the_picture(w: WorkingMRS, v: str | None) -> bool:
    """Whether ``v`` is a place of the picture ("the lower half", "the top"), the picture or its background."""
    nouns = nouns_of(w, v)
    return bool(nouns) and all(split_predicate(n.pred)[0] in REGION_NOUNS or n.pred in FRAME_NOUNS
                               or n.pred in BACKGROUND_NOUNS for n in nouns)


__all__ = ["arranged_in_places"]
