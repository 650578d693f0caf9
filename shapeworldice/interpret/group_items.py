""""There are two yellow triangles, one at the top and one (the other) near the center": the items
"one" and "the other" after a counted plural of a shape noun are the plural's shapes (the rule is
stated in docs/constructions.md, "Reference in descriptions")."""
from __future__ import annotations

from .predicates import COORDINATIONS, shape_of
from .working_mrs import EP, WorkingMRS, is_var


def ones_of_a_group(w: WorkingMRS) -> None:
    """"There are two yellow triangles, one at the top and one (the other) near the center": each
    "one" (and "the other") after a counted plural of a shape noun is one of that plural's shapes (a
    yellow triangle), not any shape. Only for items said to be there, with nothing between the plural
    and them but such items and the objects of their places."""
    groups = [r for r in w.live if r.is_quantifier() and not r.dead and r.mods.plural and _counted_group(w, r)]
    items = [q for q in w.live if q.is_quantifier() and not q.dead and _an_item(w, q)]
    for q in items:
        earlier = [r for r in groups if r.key < q.key]
        if not earlier:
            continue
        group = max(earlier, key=lambda r: r.key)
        between = [r for r in w.live if r.is_quantifier() and not r.dead and group.key < r.key < q.key
                   and is_var(r.arg0, "x")]
        objects = {e.args.get("ARG2") for e in w.live if not e.dead and e.pred not in COORDINATIONS}
        if any(r not in items and r.arg0 not in objects for r in between):
            continue
        generic = next(e for e in w.at(w.rstr_label(q)) if e.pred in _ITEM_NOUNS and e.arg0 == q.arg0)
        g = group.arg0 or ""
        for d in w.at(w.rstr_label(group)):
            if d.arg0 == g and shape_of(d.pred) is not None or d.args.get("ARG1") == g and d.pred.endswith(
                    ("_a_1", "_a_2")):
                w.eps.append(EP(d.pred, generic.label, {r: (q.arg0 or "" if v == g else w.new_name("e") if r == "ARG0"
                                                             else v) for r, v in d.args.items()}, d.carg, q.key))
        w.kill(generic)
        w.reindex()


#: the nouns of an item of a group: "one" read as a number ("one at the top") or as a noun ("a smaller one")
_ITEM_NOUNS = frozenset({"generic_entity", "_one_n_1"})


def _counted_group(w: WorkingMRS, r: EP) -> bool:
    """Whether ``r`` is a counted plural ("two yellow triangles") named by a shape noun."""
    rs = w.at(w.rstr_label(r))
    return any(e.pred == "card" and e.args.get("ARG1") == r.arg0 and (e.carg or "").isdigit() and int(e.carg or 0) >= 2
               for e in rs) and any(e.arg0 == r.arg0 and shape_of(e.pred) is not None for e in rs)


def _an_item(w: WorkingMRS, q: EP) -> bool:
    """Whether ``q`` is "one" (``generic_entity`` with the number one, or the noun "one" under "a": "a
    smaller one") or "the other" (``generic_entity`` with "other" under "the") said to be there."""
    x = q.arg0
    rs = w.at(w.rstr_label(q))
    nouns = [e for e in rs if e.arg0 == x and e.pred in _ITEM_NOUNS]
    one = q.pred == "udef_q" and any(e.pred == "card" and e.carg == "1" and e.args.get("ARG1") == x for e in rs) or (
        q.pred == "_a_q" and any(e.pred == "_one_n_1" for e in nouns))
    other = q.pred == "_the_q" and any(e.pred == "_other_a_1" and e.args.get("ARG1") == x for e in rs)
    return len(nouns) == 1 and (one or other) and any(
        not e.dead and e.pred == "_be_v_there" and e.args.get("ARG1") == x for e in w.live)


__all__ = ["ones_of_a_group"]
