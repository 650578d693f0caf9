""""Cyan appears twice.", "Red appears three times.", "Blue occurs once.": a colour said to appear a
number of times is that many shapes of the colour, exactly (a bare number, the labelling guide's
reading): "There are two cyan shapes." The colour noun becomes "shapes" with the colour as its
adjective, the verb "there is", the count the quantifier's. Run by :func:`.placement.rewrite_placement`.
"""
from __future__ import annotations

from .picture_places import is_colour, kill_entity, restriction
from .predicates import split_predicate
from .working_mrs import EP, WorkingMRS

#: verbs of a colour's showing up ("appears" is "there is" by the time this runs)
_APPEAR_VERBS = frozenset({"_appear_v_1", "_occur_v_1", "_be_v_there"})
#: adverbs of how many times
_TIMES = {"_once_a_1": 1, "_twice_a_1": 2, "_thrice_a_1": 3}


def _times(w: WorkingMRS, event: str) -> tuple[int, list[EP]] | None:
    """How many times the event ``event`` is said to happen, and the EPs that say it."""
    for e in w.live:
        if e.dead or e.args.get("ARG1") != event:
            continue
        if e.pred in _TIMES:
            return _TIMES[e.pred], [e]
        y = e.args.get("ARG2", "")
        rs = restriction(w, y) if e.pred == "loc_nonsp" and y in w.quant_of else []
        cards = [c for c in rs if c.pred == "card" and (c.carg or "").isdigit()]
        if cards and len(rs) == 2 and any(n.pred == "_time_n_of" and n.arg0 == y for n in rs):
            kill_entity(w, y)
            return int(cards[0].carg or 0), [e]
    return None


def colour_counts(w: WorkingMRS) -> None:
    """``_appear_v_1(x)`` with x a bare colour noun and a number of times → that many shapes of it."""
    for v in list(w.live):
        x = v.args.get("ARG1", "")
        q = w.quant_of.get(x)
        if v.dead or v.pred not in _APPEAR_VERBS or q is None or q.pred != "udef_q" or not q.mods.plain():
            continue
        rs = restriction(w, x)
        if len(rs) != 1 or rs[0].arg0 != x or split_predicate(rs[0].pred)[1] != "n" or not is_colour(rs[0]):
            continue
        found = _times(w, v.arg0 or "")
        if found is None:
            continue
        count, said = found
        lemma, _, _ = split_predicate(rs[0].pred)
        w.eps.append(EP(f"_{lemma}_a_1", rs[0].label, {"ARG0": w.new_name("e"), "ARG1": x}, None, rs[0].key))
        rs[0].pred = "_shape_n_1"
        q.mods.card, q.mods.degree, q.mods.plural = count, "eq", count > 1
        v.pred, v.args = "_be_v_there", {"ARG0": v.arg0 or "e?", "ARG1": x}
        w.kill(*said)
    w.reindex()


__all__ = ["colour_counts"]
