"""Which way a shape points or faces: "a triangle pointing to the left", "is pointing down and to the
right", "tilted with its flat side facing up and to the left". The direction is the look's, not a
place: the world model records no rotation, so it is dropped with the look (the labelling guide's
"facing", "pointing" are vague; a look adds nothing, see docs/descriptions.md). The grammar reads "is
pointing down and to the left" as one direction of the verb; in a reduced relative ("a triangle pointing
to the left") the parser may hang "to the left" on the noun, where it would read as the shape being on
the left; here it is put on the look's event, so :func:`.placement.rewrite_placement` drops it as a
modifier of the look. A direction coordinated with a look as a clause's predicate ("is tilted and to
the left", "is pointing up and is to the left") or said beside an aside ("a triangle, pointing up, is
to the left") is where the shape is.

Only a bare direction is moved ("to the left", "toward the right", "to the left side", "toward the top of
the image"); "to the left of the circle" and "to its right" say where the shape is and stay.
"""
from __future__ import annotations

from .picture_places import frames_of, nouns_of, restriction
from .predicates import OUTSIDE_WORDS, REGION_NOUNS, SIDE_NOUNS, split_predicate
from .working_mrs import EP, WorkingMRS, is_var

#: prepositions of a direction ("to the left", "toward the right")
_DIRECTION_PREPS = frozenset({"_to_p", "_toward_p", "_towards_p"})
#: verbs of a look that has a direction (a subset of :data:`~.predicates.OUTSIDE_WORDS` and "lean")
_DIRECTED_LOOKS = frozenset({"point", "pointing", "face", "facing", "tilted", "tilt", "angled", "angle", "lean",
                             "turned", "turn", "rotated", "rotate", "oriented", "orient", "slanted"})


def _directed_look(e: EP) -> bool:
    lemma, pos, _ = split_predicate(e.pred)
    lemma = lemma.split("/")[0]
    return pos == "v" and lemma in _DIRECTED_LOOKS and (lemma in OUTSIDE_WORDS or lemma == "lean")


def _bare_direction(w: WorkingMRS, p: EP) -> bool:
    """Whether ``p`` is "to the left" / "toward the right" with no object of the side ("of the circle")."""
    side = p.args.get("ARG2", "")
    q = w.quant_of.get(side)
    if p.pred not in _DIRECTION_PREPS or q is None or q.pred != "_the_q":  # not "to its right" (of a shape)
        return False
    rs = restriction(w, side)
    nouns = nouns_of(w, side)
    frames = frames_of(w)  # "toward the top of the image"
    return (len(nouns) == 1 and len(nouns[0].args) == 1
            and (nouns[0].pred in SIDE_NOUNS or split_predicate(nouns[0].pred)[0] in REGION_NOUNS)
            and not any(not e.dead and e is not p and not e.is_quantifier() and side in e.args.values() and e not in rs
                        for e in w.live)
            and all(e.arg0 == side or split_predicate(e.pred)[1] == "a"
                    or e.pred == "_of_p" and e.args.get("ARG2") in frames for e in rs))


def _subject(look: EP) -> str | None:
    """The shape a look is said of: its subject, or a passive's object ("tilted" with ARG1 unbound)."""
    return next((v for v in (look.args.get("ARG1"), look.args.get("ARG2")) if is_var(v, "x")), None)


def look_directions(w: WorkingMRS) -> None:
    """Put a bare direction said of a shape beside a look of that shape on the look's event."""
    looks = [e for e in w.live if not e.dead and _directed_look(e) and e.arg0 is not None]
    if not looks:
        return
    for p in w.live:
        x = p.args.get("ARG1")
        if p.dead or not is_var(x, "x") or not _bare_direction(w, p):
            continue
        # "a triangle pointing to the left": the look and the direction on the noun, side by side, in
        # its restriction (not a clause's predicate beside an aside: "a triangle, pointing up, is to
        # the left" says where it is)
        q = w.quant_of.get(x or "")
        nouns = [n.key[0] for n in nouns_of(w, x)]
        beside = [v for v in looks if v.label == p.label and _subject(v) == x and q is not None
                  and p.label == w.rstr_label(q) and nouns and min(nouns) < v.key[0] < p.key[0]]
        if beside:
            p.args = {**p.args, "ARG1": beside[0].arg0 or ""}


__all__ = ["look_directions"]
