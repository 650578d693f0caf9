""""There is a cyan, a pink and a green semicircle.": the parser reads the items before the last with an
elided noun (``_ellipsis_n_1``) and leaves a coordination of nothing (``_and_c`` of ``i`` variables)
beside them. Each elided noun is the last item's noun (a cyan semicircle, a pink semicircle, a green
semicircle), and the empty coordination goes. Run by :func:`.rewrites.normalize`.
"""
from __future__ import annotations

from .lists import list_items
from .predicates import COORDINATIONS, ENTITY_NOUNS, shape_of
from .working_mrs import WorkingMRS, is_var

ELLIPSIS = "_ellipsis_n_1"


def elided_nouns(w: WorkingMRS) -> None:
    """``_ellipsis_n_1`` items of a list whose last item has a shape noun: that noun."""
    elided = [e for e in w.live if not e.dead and e.pred == ELLIPSIS]
    if not elided:
        return
    coords = {c.arg0: [c.args.get("ARG1", ""), c.args.get("ARG2", "")] for c in w.live
              if not c.dead and c.pred in COORDINATIONS and is_var(c.arg0, "x")}
    inner = {v for vs in coords.values() for v in vs}
    nouns = {e.arg0: e.pred for e in w.live if not e.dead and (shape_of(e.pred) is not None or e.pred in ENTITY_NOUNS)}
    for x in coords:
        if x in inner:
            continue
        items = list_items(w, x or "")
        noun = nouns.get(items[-1])
        if noun is None:
            continue
        for e in elided:
            if e.arg0 in items[:-1]:
                e.pred = noun
    if all(e.pred != ELLIPSIS for e in elided):  # every elided noun read: the empty coordination goes
        w.kill(*(c for c in w.live if not c.dead and c.pred in COORDINATIONS
                 and all(is_var(v, "i") for k, v in c.args.items() if k != "ARG0")))
    w.reindex()


__all__ = ["elided_nouns"]
