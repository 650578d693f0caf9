"""A shape listed after "of the image": "There is a red circle in the middle of the image and a blue
circle at the top." The parser may join "the image" and "a blue circle" into one list under "of"; a
place of the picture is of the picture alone, so the shape is the next item of what the sentence
lists: what the sentence says of the first shape ("there is", "shows", "sits") is said of it too.
"""
from __future__ import annotations

from .antecedents import names_a_shape
from .picture_places import frames_of, restriction, subject_of
from .predicates import REGION_NOUNS, REGION_PREPS, split_predicate
from .working_mrs import EP, WorkingMRS, is_var

_JOINS = frozenset({"_and_c", "implicit_conj"})


def frame_lists(w: WorkingMRS) -> None:
    """"<shape> <place> of the image and <shape 2> ...": ``of`` takes the image alone, and the
    predicate of the first shape is copied for the second."""
    frames = frames_of(w)
    for c in list(w.live):
        x, frame, shape = c.arg0, c.args.get("ARG1"), c.args.get("ARG2")
        if c.dead or c.pred not in _JOINS or not is_var(x, "x") or frame not in frames:
            continue
        q, q2 = w.quant_of.get(x or ""), w.quant_of.get(shape or "")
        ofs = [o for o in w.live if not o.dead and o.pred == "_of_p" and o.args.get("ARG2") == x]
        if q is None or q.pred != "udef_q" or q2 is None or not names_a_shape(w, q2) or len(ofs) != 1:
            continue
        y = ofs[0].args.get("ARG1") or ""
        if not any(n.arg0 == y and split_predicate(n.pred)[0] in REGION_NOUNS for n in restriction(w, y)):
            continue
        preps = [p for p in w.live if not p.dead and p.pred in REGION_PREPS and p.args.get("ARG2") == y]
        subject = subject_of(w, preps[0].args.get("ARG1"), one_place=True) if len(preps) == 1 else None
        if subject is None or subject not in w.quant_of:
            continue
        own = restriction(w, subject)
        users = [e for e in w.live if not e.dead and not e.is_quantifier() and e not in own and e is not preps[0]
                 and subject in e.args.values()]
        if len(users) != 1:
            continue
        user = users[0]
        role = next(r for r, v in user.args.items() if v == subject)
        ofs[0].args = {**ofs[0].args, "ARG2": frame or ""}
        w.kill(c, q)
        w.eps.append(EP(user.pred, user.label, {**user.args, "ARG0": w.new_name("e"), role: shape or ""},
                        user.carg, user.key))
    w.reindex()


__all__ = ["frame_lists"]
