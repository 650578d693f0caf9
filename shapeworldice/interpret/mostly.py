""""mostly" said of shapes or of the background: "The shapes are mostly blue", "There are mostly
squares.", "The background is mostly black". Meanings: docs/descriptions.md.
"""
from __future__ import annotations

from .lists import MANY
from .picture_places import MOSTLY, SCENE, restriction
from .predicates import COORDINATIONS, split_predicate
from .working_mrs import EP, WorkingMRS


def mostly(w: WorkingMRS) -> None:
    """"The shapes are mostly blue": most of them are (true from more than half, false up to
    a quarter, vague between: "mostly" is also said of the commonest colour); "There are mostly
    squares.", "The image shows mostly squares.": the shapes are mostly squares; "The background is
    mostly black": the background is (it has one colour)."""
    for m in w.live:
        if m.dead or m.pred not in MOSTLY:
            continue
        said = [p for p in w.live
                if not p.dead and p is not m and p.arg0 == m.args.get("ARG1") and not p.is_quantifier()]
        if len(said) != 1:
            continue
        if said[0].pred == SCENE:
            w.kill(m)
            continue
        q = w.quant_of.get(said[0].args.get("ARG1") or "")
        rs = restriction(w, q.arg0 or "") if q is not None else []
        if q is not None and q.pred in ("_the_q", "udef_q") and q.mods.plural and q.mods.plain() and not any(
                e.pred in COORDINATIONS or e.pred == "card" for e in rs):
            users = [u for u in w.live if not u.dead and u not in rs and not u.is_quantifier()
                     and q.arg0 in u.args.values()]
            if said[0] in rs:  # "shows mostly red squares": squares, mostly red (not most red squares there)
                if len(users) == 1 and users[0].pred == "_be_v_there" and split_predicate(said[0].pred)[1] == "a":
                    said[0].label = users[0].label
            elif said[0].pred == "_be_v_there" and len(kinds := [e for e in rs if e.pred != SCENE]) == 1:
                # "There are mostly squares (on a black background).": the shapes are mostly squares,
                # not most squares there (with a place or a look in the restriction, "mostly squares on
                # the left", as before: most of those are there)
                kinds[0].label = said[0].label
                w.eps.append(EP("_shape_n_1", w.rstr_label(q), {"ARG0": q.arg0 or ""}, None, q.key))
            q.pred = "_most_q"  # with a margin: false only when at most MOSTLY_FALSE of them are
            m.pred, m.carg, m.label = MANY, "0:mostly", w.rstr_label(q)
            m.args = {"ARG0": m.arg0 or "e?", "ARG1": q.arg0 or ""}
    w.reindex()


__all__ = ["mostly"]
