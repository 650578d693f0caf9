"""A bare direction after a verb's object: "X follows the gray semicircle to the right".

The grammar puts "to the right" / "to the left" after a definite object on the verb's event
(``_to_p(e, verb-event, the right)``). Read as a place of the picture, "the triangle follows the
semicircle to the right" said the triangle is on the picture's right side, a claim the writer did
not make (judges read it as the triangle being right of the semicircle). Here the direction is
said of the verb's subject relative to its object, as "to the right of the semicircle" is:
``_to_p(e, subject, r)`` with ``_of_p(r, object)``, so ShapeWorld's relative margin decides it
and the verb keeps its own reading (an unknown verb such as "follows" stays vague).
"""
from __future__ import annotations

from .picture_places import restriction
from .predicates import split_predicate, unknown_word
from .working_mrs import EP, WorkingMRS, is_var

#: the side nouns a bare direction names
_SIDES = frozenset({"_right_n_1", "_left_n_1"})


def directions_after_objects(w: WorkingMRS) -> None:
    """``_to_p(verb event, the right/left)`` after a verb with an object → right/left of the object."""
    verbs = {e.arg0: e for e in w.live if not e.dead and e.arg0 and _transitive(e)}
    changed = False
    for p in list(w.live):
        verb = verbs.get(p.args.get("ARG1", ""))
        side = p.args.get("ARG2", "")
        if p.dead or p.pred != "_to_p" or verb is None or not is_var(side, "x"):
            continue
        rs = restriction(w, side)
        if len(rs) != 1 or rs[0].pred not in _SIDES:  # "to the right of it", "to the far right"
            continue
        p.args["ARG1"] = verb.args["ARG1"]
        w.eps.append(EP("_of_p", rs[0].label, {"ARG0": w.new_name("e"), "ARG1": side, "ARG2": verb.args["ARG2"]},
                        None, rs[0].key))
        changed = True
    if changed:
        w.reindex()


def _transitive(e: EP) -> bool:
    """A verb (or an unknown word the tagger took for one) with a shape as subject and object."""
    _, pos, _ = split_predicate(e.pred)
    unknown = unknown_word(e.pred)
    verb = pos == "v" or unknown is not None and unknown[1].startswith("vb")
    return verb and is_var(e.args.get("ARG1"), "x") and is_var(e.args.get("ARG2"), "x")
