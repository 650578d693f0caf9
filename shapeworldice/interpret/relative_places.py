"""Places said relative to what the description named before: "Below that is a red circle.",
"Lower down, a cyan pentagon sits on the left.", "Above this, a small cross overlaps a square."

The grammar reads these as places of one entry with no object ("below that", "lower down"); each
is the place with a pronoun as its object ("below it", "below them"), which :mod:`.reference` then
resolves by the rules of "it" and "them" (the shape named just before, or the sentence is left out
where that is not clear). So "Lower down is X" is true when X is clearly below that shape (ShapeWorld's
margin), false when X is clearly above it, and vague in between: "lower down" says no more than lower,
and the relation's margin only makes it vague, never false, where X is lower but far to the side.

"Further down", "farther down", "further up" and "higher up" have predicates of their own, apart from
the absolute places ("halfway down", "on top", "up"), whether they open the clause or follow the verb.
"""
from __future__ import annotations

from .antecedents import UNREAD
from .predicates import (
    COORDINATIONS, OWN_SIDES, PLACING_VERBS, POSITION_VERBS, SIDE_PREPS, SPATIAL_PREPS, names_entity,
)
from .working_mrs import EP, WorkingMRS, is_var

#: a place relative to what came before → (the place with an object, whether its object is plural)
RELATIVE_PLACES: dict[str, tuple[str, bool]] = {
    "_below+that_p": ("_below_p", False), "_under+that_p": ("_below_p", False),
    "_beneath+that_p": ("_below_p", False), "_below+this_p": ("_below_p", False),
    "_lower+down_p": ("_below_p", False), "_lower+down_a_1": ("_below_p", False),
    "_further+down_a_1": ("_below_p", False), "_farther+down_a_1": ("_below_p", False),
    "_above+that_p": ("_above_p", False), "_above+this_p": ("_above_p", False),
    "_higher+up_a_1": ("_above_p", False), "_further+up_a_1": ("_above_p", False),
    "_next+to+that_p": ("_next+to_p", False),
    "_below+them_p": ("_below_p", True), "_below+those_p": ("_below_p", True), "_below+these_p": ("_below_p", True),
    "_above+them_p": ("_above_p", True), "_above+those_p": ("_above_p", True), "_above+these_p": ("_above_p", True),
}


#: places that may be said with their object understood ("A cyan oval is below, on the left.")
BARE_PLACES = frozenset({"_below_p", "_above_p", "_under_p", "_beneath_p", "_underneath_p"})


def _sides_sharing_an_object(w: WorkingMRS) -> None:
    """"Above it and slightly to the left is X": the side with no object ("to the left") coordinated
    with a place of the same shape that has one ("above it") is that object's side (left of it), as
    in "above and to the left of Y"; it was the picture's left."""
    for c in w.live:
        if c.dead or c.pred not in COORDINATIONS:
            continue
        ends = [next((e for e in w.live if not e.dead and e.arg0 == c.args.get(r) and e is not c), None)
                for r in ("ARG1", "ARG2")]
        for place, side in (ends, ends[::-1]):
            if place is None or side is None or place.pred not in SPATIAL_PREPS or side.pred not in SIDE_PREPS:
                continue
            y, v = place.args.get("ARG2"), side.args.get("ARG2")
            q = w.quant_of.get(v or "")
            rs = w.at(w.rstr_label(q)) if q is not None else []
            if (y in w.quant_of and place.args.get("ARG1") == side.args.get("ARG1") and q is not None
                    and q.pred == "_the_q" and len(rs) == 1 and rs[0].pred in OWN_SIDES and v is not None):
                side.pred, side.args = OWN_SIDES[rs[0].pred], {**side.args, "ARG2": y or ""}
                w.kill(q, rs[0])
    w.reindex()


def relative_places(w: WorkingMRS) -> None:
    """Give each place of :data:`RELATIVE_PLACES` a pronoun as its object ("below that" → "below it"),
    and each of :data:`BARE_PLACES` said with no object as the predicate of a clause ("A green circle
    sits below.", not "a square with a cross above", whose object is the shape it is with); a side
    coordinated with a place that has an object is that object's (:func:`_sides_sharing_an_object`)."""
    _sides_sharing_an_object(w)
    for e in list(w.live):
        if e.dead or e.args.get("ARG2") in w.quant_of:
            continue
        if e.pred in RELATIVE_PLACES:
            pred, plural = RELATIVE_PLACES[e.pred]
        elif e.pred in BARE_PLACES and not _shares_a_subject(w, e) and not _modifies_a_noun(w, e):
            pred, plural = e.pred, False
        else:
            continue
        holder = e.args.get("ARG1")
        if not (is_var(holder, "x") or is_var(holder, "e") and _of_position(w, holder)) or not _named_before(w, e):
            continue
        assert holder is not None
        x, label, rstr, body = w.new_name("x"), w.new_name("h"), w.new_name("h"), w.new_name("h")
        q = EP("pronoun_q", label, {"ARG0": x, "RSTR": rstr, "BODY": body}, None, e.key)
        q.mods.plural, q.mods.person = plural, "3"
        noun = w.new_name("h")
        w.eps.extend([q, EP("pron", noun, {"ARG0": x}, None, e.key)])
        w.qeq[rstr] = noun
        e.pred, e.args = pred, {"ARG0": e.arg0 or w.new_name("e"), "ARG1": holder, "ARG2": x}
    w.reindex()


def _shares_a_subject(w: WorkingMRS, place: EP) -> bool:
    """Whether ``place`` is coordinated with something said of the same shape ("above and to the left
    of X", "just above and touching X"): its object may be the other's, so it is not bare."""
    holder = place.args.get("ARG1")
    for c in w.live:
        if c.dead or c.pred not in COORDINATIONS or place.arg0 not in (c.args.get("ARG1"), c.args.get("ARG2")):
            continue
        other = c.args.get("ARG2") if c.args.get("ARG1") == place.arg0 else c.args.get("ARG1")
        if any(o.arg0 == other and o.args.get("ARG1") == holder for o in w.live if not o.dead and o is not place):
            return True
    return False


def _modifies_a_noun(w: WorkingMRS, place: EP) -> bool:
    """Whether ``place`` is in the restriction of the shape it is said of ("a cross above")."""
    holder = place.args.get("ARG1")
    return any(n.arg0 == holder and n.label == place.label for n in w.live if not n.dead and n is not place)


def _named_before(w: WorkingMRS, place: EP) -> bool:
    """Whether a shape other than the one it is said of is named before ``place`` (or an unread
    sentence is there), so that the place
    may be relative to it; with none ("Lower down is a red circle." alone) the place stays vague and
    the rest of the sentence is read."""
    holder = place.args.get("ARG1")
    for q in w.live:
        if q.dead or q.key >= place.key or q.arg0 == holder:
            continue
        if q.pred == UNREAD:
            return True
        if q.is_quantifier() and q.pred != "pronoun_q" and is_var(q.arg0, "x") and any(
                n.arg0 == q.arg0 and names_entity(n.pred) for n in w.at(w.rstr_label(q))):
            return True
    return False


def _of_position(w: WorkingMRS, event: str | None) -> bool:
    """Whether ``event`` is a verb of position's or "there is"'s ("Lower down, a circle sits on the
    left."): its place is its subject's. Of another verb ("Lower down, a pentagon is touched by a
    triangle") whose shape the place is said of is not clear (the passive's subject is not the
    verb's first argument), so the place stays vague."""
    return any(v.arg0 == event and (v.pred in POSITION_VERBS or v.pred in PLACING_VERBS or v.pred == "_be_v_there")
               for v in w.live if not v.dead)


__all__ = ["BARE_PLACES", "RELATIVE_PLACES", "relative_places"]
