"""Parts of shapes said in a description: a shape's own part in its look ("a semicircle with its flat
edge facing up"), its own side as a place ("on its left side"), and a side or part of another shape
("on the right side of the circle", "at the end of the ellipse"), read as ShapeWorld's relation to that
shape or dropped where the world model does not record it."""
from __future__ import annotations

from .background import COMPANY_PREPS
from .picture_places import ATTR, kill_entity, nothing, region_of, restriction
from .predicates import CONTACT_VERBS, ENTITY_NOUNS, OWN_SIDES, REGION_PREPS, shape_of, split_predicate
from .working_mrs import EP, WorkingMRS, is_var

#: nouns of a part of a shape ("the right side of the circle", "the end of the ellipse")
PART_NOUNS = frozenset({"side", "end", "corner", "edge", "part", "half", "top", "bottom", "tip", "point",
                        "portion", "section", "border", "arm"})


def own_parts(w: WorkingMRS) -> None:
    """"a semicircle with its flat edge facing up": a shape's own part in its look, which the world
    model does not record (dropped with what is said of it)."""
    for v in list(w.quant_of):
        q = w.quant_of[v]
        rs = restriction(w, v)
        if q.pred != "def_explicit_q":
            continue
        nouns = [e for e in rs if e.arg0 == v and split_predicate(e.pred)[1] == "n"]
        if not nouns or not all(split_predicate(n.pred)[0] in PART_NOUNS for n in nouns):
            continue
        withs = [e for e in w.live if not e.dead and e.pred in COMPANY_PREPS and e.args.get("ARG2") == v]
        if withs:
            for e in withs:
                nothing(e)
            kill_entity(w, v)


#: "the left / right side of": which side
_SIDE_ADJS = {"_left_a_2": "_left+of_p", "_right_a_3": "_right+of_p", "_left_a_1": "_left+of_p",
              "_right_a_1": "_right+of_p", "_upper_a_1": "_above_p", "_top_a_1": "_above_p",
              "_lower_a_1": "_below_p", "_bottom_a_1": "_below_p"}
#: a side of a shape named by its noun alone ("at the right of the square", "at the top of the circle")
_SIDE_NOUNS_OF_SHAPES = {"_right_n_1": "_right+of_p", "_left_n_1": "_left+of_p", "_top_n_1": "_above_p",
                         "_bottom_n_1": "_below_p"}
#: nouns of a part of a shape that a side word makes a side ("the right end", "the upper part")
_SIDE_PARTS = frozenset({"side", "half", "part", "end", "edge"})


def sides_of_shapes(w: WorkingMRS) -> None:
    """"on / to / at the left side of the square", "at the right end of the ellipse", "at the upper
    part of the square", "at the right / top of the square": left of (right of, above) the square,
    ShapeWorld's relation with its margin (a shape at a side of another has its centre that way)."""
    for e in list(w.live):
        if e.dead or e.pred not in ("_on_p", "_to_p", "_at_p") or not is_var(e.args.get("ARG2"), "x"):
            continue
        s = e.args["ARG2"]
        rs = restriction(w, s)
        sides = [_SIDE_ADJS[a.pred] for a in rs if a.pred in _SIDE_ADJS and a.args.get("ARG1") == s]
        owners = [o.args["ARG2"] for o in rs if o.pred == "_of_p" and o.args.get("ARG1") == s
                  and names_shape(w, o.args.get("ARG2"), entity_nouns=True)]
        nouns = [n for n in rs if n.arg0 == s and split_predicate(n.pred)[1] == "n"]
        if len(nouns) == 1 and len(rs) == 2 and nouns[0].pred in _SIDE_NOUNS_OF_SHAPES:
            sides = [_SIDE_NOUNS_OF_SHAPES[nouns[0].pred]]  # "at the right of the square"
        elif len(rs) != 3 or not nouns or any(split_predicate(n.pred)[0] not in _SIDE_PARTS for n in nouns):
            continue
        if len(sides) != 1 or len(owners) != 1:
            continue
        kill_entity(w, s)
        e.pred, e.args = sides[0], {"ARG0": e.arg0 or "e?", "ARG1": e.args.get("ARG1", "i?"), "ARG2": owners[0]}


#: "to its lower / upper left": the height words of a diagonal side and their relation
_OWN_HEIGHTS = {"_lower_a_1": "_below_p", "_upper_a_1": "_above_p", "_bottom_a_1": "_below_p",
                "_top_a_1": "_above_p"}


def own_sides(w: WorkingMRS) -> None:
    """"To its right is a red circle.": right of what "its" names (found by the pronoun rules), not
    the right of the picture ("its" leaves no owner in the MRS, so "its right" would read as "the
    right"); "to their right", of what "they" name (the determiner's CARG is the owner's number).
    "to its lower left" is both relations to it, as "below and to the left of it" (a diagonal is at
    best vague, each relation needing its own axis to dominate; false when either clearly fails):
    not the picture's lower left. On the object of a contact verb ("X overlaps Y on its right") the
    side is vague: "its" may be X's (Y is right of X) or Y's (X overlaps Y's right side), and the two
    readings contradict each other; the contact is still claimed."""
    for e in list(w.live):
        if e.dead or e.pred not in ("_on_p", "_to_p", "_at_p") or not is_var(e.args.get("ARG2"), "x"):
            continue
        v = e.args["ARG2"]
        q = w.quant_of.get(v)
        rs = restriction(w, v)
        if q is None or q.pred != "def_explicit_q" or not rs or len(rs) > 2:
            continue
        sides = [a for a in rs if a.pred in OWN_SIDES and a.arg0 == v]
        heights = [a for a in rs if a.pred in _OWN_HEIGHTS and a.args.get("ARG1") == v]
        if len(sides) != 1 or len(rs) != 1 + len(heights):
            continue
        holder = e.args.get("ARG1")
        if any(not c.dead and split_predicate(c.pred)[0] in CONTACT_VERBS and c.args.get("ARG2") == holder
               for c in w.live):  # "X overlaps Y on its right": Y right of X, or X at Y's right side
            e.pred, e.carg, e.args = ATTR, "vague:place", {"ARG0": e.arg0 or "e?", "ARG1": holder or ""}
            w.kill(q, *rs)
            continue
        if heights:
            w.eps.append(EP(_OWN_HEIGHTS[heights[0].pred], e.label, {**e.args, "ARG0": w.new_name("e")}, None, e.key))
            w.kill(heights[0])
            w.reindex()
            rs = [sides[0]]
        e.pred = OWN_SIDES[rs[0].pred]
        q.mods.plural = q.carg == "pl"  # "their right": right of what "they" name
        q.pred, q.carg = "pronoun_q", None
        rs[0].pred, rs[0].args = "pron", {"ARG0": v}


def parts_of_shapes(w: WorkingMRS) -> None:
    """"overlaps the right side of the circle", "touches the end of the ellipse": which part is not
    recorded, and a shape touching or overlapping a part of another touches or overlaps the other, so
    the part stands for its shape."""
    for v in list(w.quant_of):
        rs = restriction(w, v)
        nouns = [e for e in rs if e.arg0 == v and split_predicate(e.pred)[1] == "n"]
        if not nouns or not all(split_predicate(n.pred)[0] in PART_NOUNS for n in nouns):
            continue
        owners = [e.args["ARG2"] for e in rs if e.pred == "_of_p" and e.args.get("ARG1") == v
                  and names_shape(w, e.args.get("ARG2"), entity_nouns=True)]
        users = [e for e in w.live if not e.dead and e not in rs and not e.is_quantifier() and v in e.args.values()]
        if not owners and w.quant_of[v].pred == "def_explicit_q" and users and all(
                split_predicate(e.pred)[0] in CONTACT_VERBS and e.args.get("ARG2") == v for e in users):
            # "a pentagon overlaps its corner": its shape, as "it" (found by the pronoun rules)
            w.quant_of[v].pred = "pronoun_q"
            w.kill(*(e for e in rs if e is not nouns[0]))
            nouns[0].pred, nouns[0].args = "pron", {"ARG0": v}
            continue
        if len(owners) != 1:
            continue
        if any(e.pred in REGION_PREPS and e.args.get("ARG1") == v and region_of(w, e.args.get("ARG2", "")) is not None
               for e in users):
            # "the flat edge of the semicircle is along the bottom": the part's place, perhaps within
            # its shape (which way it faces), is not its shape's place: left unread
            continue
        kill_entity(w, v)
        w.substitute(v, owners[0])


def names_shape(w: WorkingMRS, v: str | None, entity_nouns: bool = False) -> bool:
    """Whether ``v`` is an entity named by a shape noun ("a diamond", "an X"), or with
    ``entity_nouns`` also by "shape", "object", ..."""
    return v is not None and is_var(v, "x") and any(
        e.arg0 == v and (shape_of(e.pred) is not None or entity_nouns and e.pred in ENTITY_NOUNS)
        for e in restriction(w, v))


__all__ = ["PART_NOUNS", "names_shape", "own_parts", "own_sides", "parts_of_shapes", "sides_of_shapes"]
