"""A list the parser puts inside a side phrase: "with a cyan semicircle to its left and a pink
rectangle below it" read as "to [its left and a pink rectangle]" is two items of the "with"-phrase,
the first to the left of what "its" names and the second one more shape in the company.

The side phrase's object is a coordination whose first item is "its left / right" (a
``def_explicit_q`` side noun) and whose second names a shape; the phrase is on a shape that is
itself the object of a company preposition ("with", "including", "along with"). The second item
becomes that preposition's own object, as if the writer had said "with A to its left, and with B
below it"; the side phrase keeps "its left" (read by the placement rules). Before this rule the
side's coordination was left unread and the sentence was left out.

So with a place of the picture: "The image shows a circle near the top center and a triangle on the
right." is read by the parser as "near [the top center and a triangle on the right]" (also in a list
after a colon). The place keeps "the top center"; the shape after "and" (or the list after it) is one
more item beside the shape the place is said of (:func:`split_place_coordinations`).
"""
from __future__ import annotations

from .antecedents import names_a_shape
from .background import COMPANY_PREPS
from .picture_places import nouns_of
from .predicates import COORDINATIONS, OWN_SIDES, REGION_NOUNS, REGION_PREPS, split_predicate
from .working_mrs import EP, WorkingMRS, is_var

#: the prepositions of a side phrase ("to its left", "on its right", "at its lower left")
SIDE_PREPS = frozenset({"_to_p", "_on_p", "_at_p"})
#: the side nouns after "its"
def _is_side(w: WorkingMRS, v: str) -> bool:
    q = w.quant_of.get(v)
    return q is not None and q.pred == "def_explicit_q" and any(
        e.pred in OWN_SIDES and e.arg0 == v for e in w.at(w.rstr_label(q)))


def _names_shape(w: WorkingMRS, v: str) -> bool:
    q = w.quant_of.get(v)
    return q is not None and q.pred != "def_explicit_q" and names_a_shape(w, q)


def split_side_coordinations(w: WorkingMRS) -> None:
    """Give the shape coordinated with "its left" inside a side phrase to the "with"-phrase."""
    changed = False
    for e in list(w.live):
        if e.dead or e.pred not in SIDE_PREPS or not is_var(e.args.get("ARG2"), "x"):
            continue
        x = e.args["ARG2"]
        conj = next((c for c in w.live if not c.dead and c.pred == "_and_c" and c.arg0 == x), None)
        if conj is None:
            continue
        first, second = conj.args.get("ARG1", ""), conj.args.get("ARG2", "")
        if not (_is_side(w, first) and _names_shape(w, second)):
            continue
        holder = e.args.get("ARG1")
        prep = next((p for p in w.live if not p.dead and p.pred in COMPANY_PREPS and p.args.get("ARG2") == holder),
                    None)
        q = w.quant_of.get(x)
        if prep is None or q is None:
            continue
        w.eps.append(EP(prep.pred, prep.label, {"ARG0": w.new_name("e"), "ARG1": prep.args.get("ARG1", ""),
                                                "ARG2": second}, None, conj.key))
        e.args = {**e.args, "ARG2": first}
        w.kill(conj, q, *(r for r in w.at(w.rstr_label(q)) if r.arg0 == x))
        changed = True
    if changed:
        w.reindex()


def is_place_of_the_picture(w: WorkingMRS, v: str) -> bool:
    """"the top center", "the right": a definite whose nouns are all places of the picture."""
    q = w.quant_of.get(v)
    nouns = nouns_of(w, v)
    return q is not None and q.pred == "_the_q" and bool(nouns) and all(
        split_predicate(n.pred)[0] in REGION_NOUNS for n in nouns)


def _names_shapes(w: WorkingMRS, v: str) -> bool:
    """Whether ``v`` names a shape, or is a list of items that each do."""
    conj = next((c for c in w.live if not c.dead and c.pred in COORDINATIONS and c.arg0 == v), None)
    if conj is not None:
        return all(_names_shapes(w, conj.args.get(r, "")) for r in ("ARG1", "ARG2"))
    return _names_shape(w, v)


def split_place_coordinations(w: WorkingMRS) -> None:
    """"a circle near [the top center and a triangle on the right]": the place's object is the place of
    the picture alone, and the shapes after it are coordinated with the circle (what is said of the
    circle, shown or said to be, is said of the list), the place staying the circle's own."""
    changed = False
    for e in list(w.live):
        if e.dead or e.pred not in REGION_PREPS or not is_var(e.args.get("ARG2"), "x"):
            continue
        x, holder = e.args["ARG2"], e.args.get("ARG1", "")
        conj = next((c for c in w.live if not c.dead and c.pred in COORDINATIONS and c.arg0 == x), None)
        q, hq = w.quant_of.get(x), w.quant_of.get(holder)
        if conj is None or q is None or hq is None or not _names_shape(w, holder):
            continue
        first, second = conj.args.get("ARG1", ""), conj.args.get("ARG2", "")
        if not (is_place_of_the_picture(w, first) and _names_shapes(w, second)):
            continue
        own = set(map(id, w.at(w.rstr_label(hq))))
        users = [u for u in w.live if not u.dead and u is not hq and u is not e and id(u) not in own
                 and holder in u.args.values()]  # the place stays the first shape's own
        if not users:
            continue
        both, label, rstr = w.new_name("x"), w.new_name("h"), w.new_name("h")
        for u in users:
            u.args = {r: (both if v == holder else v) for r, v in u.args.items()}
        w.eps.append(EP("_and_c", label, {"ARG0": both, "ARG1": holder, "ARG2": second}, None, conj.key))
        w.qeq[rstr] = label
        new_q = EP("udef_q", w.new_name("h"), {"ARG0": both, "RSTR": rstr, "BODY": w.new_name("h")}, None, hq.key)
        new_q.mods.plural = True
        w.eps.append(new_q)
        e.args = {**e.args, "ARG2": first}
        w.kill(conj, q)
        changed = True
    if changed:
        w.reindex()


__all__ = ["is_place_of_the_picture", "split_place_coordinations", "split_side_coordinations"]
