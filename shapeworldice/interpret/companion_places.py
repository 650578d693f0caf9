""""A red square with a blue circle (just) below": a place said with no object of a shape a
"with"-phrase names is said of the phrase's head (below the square), as the writer means it.

Only where that head is clear: a single shape named by a shape noun, with the "with"-phrase on it
(its companions said to be there in its own description), that no other clause relates to a shape
besides its companions ("a circle overlapped by two triangles, with a pentagon below": below the
circle, the triangles or both is not said), and a single companion whose place is "above" or
"below" (or "under", "beneath", "underneath") alone, not coordinated with another place ("below
and to the right of the triangle" names its own object). Elsewhere the place stays vague, as the
relation rewrites leave it.
"""
from __future__ import annotations

from .antecedents import names_a_shape, said_of_the_head
from .predicates import COORDINATIONS
from .working_mrs import EP, WorkingMRS, is_var

#: places said of a companion with no object that may take the head as their object
_VERTICAL = frozenset({"_above_p", "_below_p", "_under_p", "_beneath_p", "_underneath_p"})


def place_companions(w: WorkingMRS) -> None:
    """Give a bare "above" / "below" of a "with"-phrase's shape the phrase's head as its object."""
    coordinated_events = {v for e in w.live if not e.dead and e.pred in COORDINATIONS for v in e.args.values()}
    for e in list(w.live):
        if e.dead or e.pred not in _VERTICAL or e.arg0 in coordinated_events:
            continue
        x, y = e.args.get("ARG1"), e.args.get("ARG2")
        if not is_var(x, "x") or is_var(y, "x") and y in w.quant_of:
            continue
        head = _head(w, x or "")
        if head is not None:
            e.args["ARG2"] = head.arg0 or ""
            w.reindex()
            said_of_the_head(w, head.arg0 or "", [e])  # in the head's description, as "below it" is
    w.reindex()


def _head(w: WorkingMRS, x: str) -> EP | None:
    """The shape whose "with"-phrase names ``x``, when it is clear (see the module docstring)."""
    companion = w.quant_of.get(x)
    if companion is None or companion.mods.plural:
        return None
    there = [e for e in w.live if not e.dead and e.pred == "_be_v_there" and e.args.get("ARG1") == x]
    heads = [q for q in w.live if q.is_quantifier() and not q.dead and is_var(q.arg0, "x")
             and any(w.rstr_label(q) == t.label for t in there)]
    if len(heads) != 1 or heads[0].mods.plural or not heads[0].mods.plain() or not names_a_shape(w, heads[0]):
        return None
    head = heads[0]
    own = w.rstr_label(head)
    companions = {t.args.get("ARG1") for t in w.at(own) if t.pred == "_be_v_there"}
    placed_in = {w.rstr_label(w.quant_of[c]) for c in companions if c in w.quant_of}
    for e in w.live:
        if e.dead or e.is_quantifier() or head.arg0 not in e.args.values() or e.label in placed_in:
            continue
        if any(is_var(v, "x") and v != head.arg0 and v in w.quant_of and v not in companions
               for r, v in e.args.items() if r != "ARG0"):
            return None
    return head


__all__ = ["place_companions"]
