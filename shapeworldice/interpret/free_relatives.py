""""There is what appears to be a magenta triangle.", "The image shows what looks like a yellow
triangle.": a free relative that hedges a noun phrase is that noun phrase (a hedge is read as the claim
it hedges, as "There appears to be X").

The grammar writes ``free_relative_q`` over ``thing(x)`` with, in x's restriction, either a raising
hedge whose clause is ``_be_v_id(x, z)`` ("what appears / seems to be z") or ``_look_v_1(x)`` with
``_like_p(look, z)`` ("what looks like z"); x becomes z.
"""
from __future__ import annotations

from .predicates import HEDGE_VERBS
from .working_mrs import EP, WorkingMRS, is_var

_LOOKS = frozenset({"_look_v_1", "_seem_v_1", "_appear_v_1"})


def free_relatives(w: WorkingMRS) -> None:
    """Each hedging free relative replaced by the noun phrase it hedges."""
    for q in list(w.live):
        if q.dead or q.pred != "free_relative_q" or not is_var(q.arg0, "x"):
            continue
        x = q.arg0 or ""
        rs = w.at(w.rstr_label(q))
        found = _hedged(w, x, rs)
        if found is None:
            continue
        z, drop = found
        w.kill(q, *rs, *drop)
        w.substitute(x, z)
        w.reindex()


def _hedged(w: WorkingMRS, x: str, rs: list[EP]) -> tuple[str, list[EP]] | None:
    """(z, the EPs to drop besides the restriction) when x's restriction hedges z, else None."""
    things = [e for e in rs if e.pred == "thing" and e.arg0 == x]
    if len(things) != 1 or len(rs) not in (2, 3):
        return None
    hedges = [e for e in rs if e.pred in HEDGE_VERBS and is_var(e.args.get("ARG1"), "h")]
    if len(hedges) == 1 and len(rs) == 2:  # "what appears to be z"
        clause = w.at(w.target(hedges[0].args["ARG1"]))
        if len(clause) == 1 and clause[0].pred == "_be_v_id" and clause[0].args.get("ARG1") == x \
                and is_var(clause[0].args.get("ARG2"), "x"):
            return clause[0].args["ARG2"], clause
        return None
    looks = [e for e in rs if e.pred in _LOOKS and e.args.get("ARG1") == x]
    likes = [e for e in rs if e.pred == "_like_p" and looks and e.args.get("ARG1") == looks[0].arg0
             and is_var(e.args.get("ARG2"), "x")]
    if len(looks) == 1 and len(likes) == 1 and len(rs) == 3:  # "what looks like z"
        return likes[0].args["ARG2"], []
    return None


__all__ = ["free_relatives"]
