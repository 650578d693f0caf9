""""The shapes are in bright colors.", "two shapes in bright colors", "The shapes are brightly colored.":
the grammar writes "colored" for these and for "in many colors", "in a row", "in different shades", so
after its noun or as the predicate what was said is not known, and the word is vague
(:data:`~.predicates.COLOURS_SAID`), never true; before its noun ("colored shapes") it is the style
word, dropped. Meanings: docs/descriptions.md.
"""
from __future__ import annotations

from .picture_places import restriction
from .predicates import COLOURS_SAID, COORDINATIONS, OUTSIDE_WORDS, split_predicate
from .working_mrs import EP, WorkingMRS, is_var


def colours_said(w: WorkingMRS) -> None:
    """"colored" said after its noun or as the predicate → :data:`~.predicates.COLOURS_SAID`, with the
    adverbs on it ("brightly", the grammar's "very")."""
    for e in list(w.live):
        if e.dead or e.pred not in ("_colored_a_1", "_colored_v_1") or not _said_after(w, e):
            continue
        x = e.args.get("ARG1") if split_predicate(e.pred)[1] == "a" else e.args.get("ARG2")
        e.pred, e.args = COLOURS_SAID, {"ARG0": e.arg0 or "", "ARG1": x or ""}
        w.kill(*(m for m in w.live if not m.dead and m.args.get("ARG1") == e.arg0 and (
            m.pred == "_very_a_1" or split_predicate(m.pred)[0].split("/")[0] in OUTSIDE_WORDS)))


def _said_after(w: WorkingMRS, e: EP) -> bool:
    """Whether ``e`` is said of its entity after the noun or as the predicate ("shapes in bright
    colors", "The shapes are brightly colored.", a participle with its adverb), not before it
    ("colored shapes")."""
    x = e.args.get("ARG1") if split_predicate(e.pred)[1] == "a" else e.args.get("ARG2")
    q = w.quant_of.get(x or "")
    if q is None or not is_var(x, "x"):
        return False
    if split_predicate(e.pred)[1] == "v" and not any(not m.dead and m.args.get("ARG1") == e.arg0 for m in w.live):
        return False  # a bare participle ("The shapes are colored."): style
    if any(not c.dead and c.pred in COORDINATIONS and e.arg0 in (c.args.get("ARG1"), c.args.get("ARG2"))
           for c in w.live):
        return False  # one of coordinated predicates ("both green but in different shades"): dropped as before
    rs = restriction(w, x or "")
    return e not in rs or any(n.arg0 == x and split_predicate(n.pred)[1] == "n" and n.key < e.key for n in rs)


__all__ = ["colours_said"]
