"""Places of nearness said with "each other" / "one another": "The two shapes are close to each other.",
"A red square and a blue circle are next to each other."

The grammar reads "each other" as an entity quantified by ``_each+other_q``, which the interpreter
cannot count with. Said as the object of a preposition of nearness it means what the contact verbs
with no object mean ("A and B overlap"): each is near another of the group (of a pair, the one near
the other). The preposition becomes the group word ``NEAR_EACH_OTHER`` on its subject, read on the
group by :mod:`.groups` (nearness, ``near-rel``: the labelling guide's gap margins).
"""
from __future__ import annotations

from .predicates import NEAR_PREPS
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
    w.reindex()


__all__ = ["NEAR_EACH_OTHER", "reciprocal_places"]
