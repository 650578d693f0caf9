"""A list the parser puts inside a side phrase: "with a cyan semicircle to its left and a pink
rectangle below it" read as "to [its left and a pink rectangle]" is two items of the "with"-phrase,
the first to the left of what "its" names and the second one more shape in the company.

The side phrase's object is a coordination whose first item is "its left / right" (a
``def_explicit_q`` side noun) and whose second names a shape; the phrase is on a shape that is
itself the object of a company preposition ("with", "including", "along with"). The second item
becomes that preposition's own object, as if the writer had said "with A to its left, and with B
below it"; the side phrase keeps "its left" (read by the placement rules). Before this rule the
side's coordination was left unread and the sentence was left out.
"""
from __future__ import annotations

from .antecedents import names_a_shape
from .background import COMPANY_PREPS
from .predicates import OWN_SIDES
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


__all__ = ["split_side_coordinations"]
