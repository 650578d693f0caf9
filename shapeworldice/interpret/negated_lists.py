""""There are no blue crosses or pentagons.": where the parser brackets "[no blue crosses] or [pentagons]"
(for two plurals the grammar now prefers "no [blue crosses or pentagons]"), a disjunction true wherever
pentagons are there. "no" is said of the whole list: neither blue crosses nor (blue) pentagons are
there. The bare plural after "or" gets "no" too and the list becomes a conjunction of the two negated
phrases; whether "blue" is said of the pentagons is left to :func:`.lists.shared_adjectives` (false
only when both readings are: a blue pentagon is there). A longer list, "and", or a counted phrase after
"no ..." is not read (uninterpretable), since the bracketing would make it true wherever the rest is.
Where the parser brackets "no [blue crosses or pentagons]" ("no" over the coordinated nouns), it is no
blue crosses and no pentagons (the adjective as the parse places it): false when either is there.
"""
from __future__ import annotations

from .errors import UninterpretableMRS
from .working_mrs import EP, WorkingMRS, is_var


def _no_over_coordinated_nouns(w: WorkingMRS) -> None:
    """``_no_q`` over a list of bare plurals ("no [blue crosses or pentagons]", the grammar's
    ``np_det_n1_coord``): no A and no B, each item "no" of its own and the list a conjunction; the
    adjective stays where the parse puts it."""
    coords = {c.arg0: c for c in w.live if not c.dead and c.pred in ("_or_c", "_and_c", "implicit_conj")
              and is_var(c.arg0, "x")}
    for x, c in list(coords.items()):
        q = w.quant_of.get(x or "")
        if q is None or q.pred != "_no_q":
            continue
        lists, leaves, todo = [c], [], [c.args.get("ARG1", ""), c.args.get("ARG2", "")]
        while todo:
            v = todo.pop()
            if v in coords:
                lists.append(coords[v])
                todo += [coords[v].args.get("ARG1", ""), coords[v].args.get("ARG2", "")]
            else:
                leaves.append(v)
        items = [w.quant_of.get(v) for v in leaves]
        if any(i is None or i.pred != "udef_q" or not i.mods.plain() for i in items) or any(
                qi is not None and qi.pred != "udef_q" for qi in (w.quant_of.get(d.arg0 or "") for d in lists[1:])):
            continue
        if _said_of_items(w, leaves, lists):
            continue  # "no squares or circles on the left": the place may be the last item's or the list's
        for i in items:
            assert i is not None
            i.pred = "_no_q"
        for d in lists:
            d.pred = "_and_c"
        q.pred = "udef_q"
    w.reindex()


def _said_of_items(w: WorkingMRS, leaves: list[str], lists: list[EP]) -> bool:
    """Whether anything but their own nouns and adjectives and the list's coordinations is said of an
    item of the list (a place, a relation)."""
    for v in leaves:
        q = w.quant_of.get(v)
        rs = w.at(w.rstr_label(q)) if q is not None else []
        if any(e.arg0 != v and (len(e.args) != 2 or e.args.get("ARG1") != v) for e in rs):
            return True  # "circles on the left": a place in the item's own restriction
        own = {id(e) for e in rs} | {id(e) for e in lists} | {id(q)}
        if any(not e.dead and id(e) not in own and v in e.args.values() for e in w.live):
            return True
    return False


def no_over_a_list(w: WorkingMRS) -> None:
    """``_or_c`` of a "no" plural and a bare plural → ``_and_c`` of two "no" plurals; "no" over a list
    of bare plurals alike (:func:`_no_over_coordinated_nouns`); any other list with a "no" plural first
    and a bare plural after it: :class:`~.errors.UninterpretableMRS`."""
    _no_over_coordinated_nouns(w)
    for c in list(w.live):
        if c.dead or c.pred not in ("_or_c", "_and_c", "implicit_conj") or not is_var(c.arg0, "x"):
            continue
        ql, qr = w.quant_of.get(c.args.get("ARG1", "")), w.quant_of.get(c.args.get("ARG2", ""))
        if ql is None or qr is None or ql.pred != "_no_q" or qr.pred != "udef_q" or not qr.mods.plural:
            continue  # not a plural after it ("no outlines or shading": a list the world does not record)
        if c.pred != "_or_c" or not qr.mods.plain() or any(
                not e.dead and e.pred in ("_and_c", "_or_c", "implicit_conj") and e.arg0 == qr.arg0
                for e in w.live):
            # a counted phrase, a list of its own ("no crosses, squares or pentagons"), or "and": read
            # as "[no crosses] or/and [...]" it would be true wherever the rest is there: not read
            raise UninterpretableMRS("a list after 'no' (which of its items 'no' is said of)")
        qr.pred = "_no_q"
        c.pred = "_and_c"
    w.reindex()


__all__ = ["no_over_a_list"]
