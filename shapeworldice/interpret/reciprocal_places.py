"""Places of nearness said with "each other" / "one another": "The two shapes are close to each other.",
"A red square and a blue circle are next to each other."

The grammar reads "each other" as an entity quantified by ``_each+other_q``, which the interpreter
cannot count with. Said as the object of a preposition of nearness it means what the contact verbs
with no object mean ("A and B overlap"): each is near another of the group (of a pair, the one near
the other). The preposition becomes the group word ``NEAR_EACH_OTHER`` on its subject, read on the
group by :mod:`.groups` (nearness, ``near-rel``: the labelling guide's gap margins).

"close together" said of a pair ("The two shapes are close together.", "The circle and the cross are
close together.", the grammar's ``_close_a_1`` with no object) is the same: the two are near each
other. Of a larger group ("The shapes are close together.") it stays vague: a cluster, whose
closeness the labelling guide does not measure.
"""
from __future__ import annotations

from .picture_places import restriction
from .predicates import COORDINATIONS, NEAR_PREPS, REGION_PREPS
from .working_mrs import WorkingMRS, is_var

#: the group word of "near / next to / close to each other"
NEAR_EACH_OTHER = "_mutually+near_a_1"


def reciprocal_places(w: WorkingMRS) -> None:
    """``_next+to_p(x, y)`` with y "each other" → ``NEAR_EACH_OTHER(x)``."""
    for e in list(w.live):
        if e.dead or e.pred not in NEAR_PREPS or not is_var(e.args.get("ARG1"), "x"):
            continue
        y = e.args.get("ARG2", "")
        q = w.quant_of.get(y)
        if q is None or q.pred != "_each+other_q":
            continue
        for r in w.at(w.rstr_label(q)):
            if r.arg0 == y:
                w.kill(r)
        w.kill(q)
        e.pred, e.args = NEAR_EACH_OTHER, {"ARG0": e.arg0 or w.new_name("e"), "ARG1": e.args["ARG1"]}
    for e in w.live:  # "The two shapes are close together." (not "close in size / in colour")
        if (not e.dead and e.pred == "_close_a_1" and set(e.args) == {"ARG0", "ARG1"} and _pair(w, e.args["ARG1"])
                and all(m.pred in REGION_PREPS for m in w.live if not m.dead and m.args.get("ARG1") == e.arg0)):
            e.pred = NEAR_EACH_OTHER
    w.reindex()


def _pair(w: WorkingMRS, x: str) -> bool:
    """Whether ``x`` is two shapes: "the two shapes" (a definite with the number two) or a list of two
    noun phrases ("the circle and the cross")."""
    q = w.quant_of.get(x)
    if q is None:
        return False
    rs = restriction(w, x)
    if q.pred == "_the_q":
        return any(e.pred == "card" and e.carg == "2" and e.args.get("ARG1") == x for e in rs)
    lists = [c for c in rs if c.pred in COORDINATIONS and c.arg0 == x]
    return (q.pred == "udef_q" and len(lists) == 1 and len(rs) == 1 and COORDINATIONS[lists[0].pred] == "and"
            and all(v in w.quant_of and not any(c.pred in COORDINATIONS and c.arg0 == v for c in restriction(w, v))
                    for k, v in lists[0].args.items() if k != "ARG0"))


__all__ = ["NEAR_EACH_OTHER", "reciprocal_places"]
