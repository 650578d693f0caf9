"""How a shape looks. "The square looks red.", "The circle looks small.": "look" with an adjective
of the world's vocabulary says what the adjective says of the subject (a hedge read as the claim it hedges, as
"appears" and "seems" are). The grammar reads the adjective as a secondary predicate (``subord``)
whose subject is not bound; it is bound to the subject of "look".

Only adjectives the world model decides (colour words of the colour table, tone and size words)
are read so: "looks random", "looks playful" say how the picture strikes the writer, which the
world model does not record, and stay unread.

"tilted so that its flat side faces up", "rotated so that it resembles an X": a clause of "so that"
on a rotation or a crop says how the shape looks, which the world model does not record: dropped.
"""
from __future__ import annotations

from ..semantics.appearance import color_word
from .picture_places import kill_entity, restriction
from .predicates import OUTSIDE_WORDS, SIZE_ADJS, TONE_ADJS, split_predicate
from .working_mrs import WorkingMRS, is_handle, is_var

#: the verbs of looking that take an adjective
LOOK_VERBS = frozenset({"_look_v_1", "_seem_v_1", "_appear_v_1"})


def _decided(pred: str) -> bool:
    """Whether an adjective is one the world model decides (colour, tone, size)."""
    lemma, pos, _ = split_predicate(pred)
    return pos == "a" and (pred in SIZE_ADJS or pred in TONE_ADJS or color_word(lemma.replace("+", " ")) is not None)


def looks(w: WorkingMRS) -> None:
    """Read "X looks ADJ" as "X is ADJ" for the adjectives of :func:`_decided` ("looks dark blue",
    which the grammar nests as a second secondary predicate on the first, as "X is dark and blue")."""
    looked: dict[str, str] = {}  # the label of a look read so → its subject
    for s in sorted((s for s in w.live if s.pred == "subord"), key=lambda s: s.key):
        inner = w.target(s.args.get("ARG1", ""))
        verbs = [v for v in w.at(inner) if v.pred in LOOK_VERBS]
        adjectives = w.at(w.target(s.args.get("ARG2", "")))
        if not adjectives or not all(_decided(a.pred) for a in adjectives):
            continue
        loose = {a.args.get("ARG1") for a in adjectives}
        if len(loose) != 1 or not is_var(next(iter(loose)), "x") or loose & set(w.quant_of):
            continue
        if inner in looked:  # a second word on a look read so: said of the same subject
            subject: str | None = looked[inner]
            said = w.at(inner)
        elif len(verbs) == 1 and not set(verbs[0].args) - {"ARG0", "ARG1"} and is_var(verbs[0].args.get("ARG1"), "x"):
            subject, said = verbs[0].args.get("ARG1"), []
            w.kill(verbs[0])
        else:
            continue
        assert subject is not None
        for adjective in adjectives:
            adjective.args = {**adjective.args, "ARG1": subject}
        for e in (*adjectives, *said):
            e.label = s.label
        w.kill(s)
        looked[s.label] = subject
        w.reindex()


def _look_events(w: WorkingMRS) -> set[str | None]:
    """The events of words of a look ("tilted", "cut off") and of the places said of them ("by the edge")."""
    events = {v.arg0 for v in w.live if not v.dead and split_predicate(v.pred)[0].split("+")[0] in OUTSIDE_WORDS}
    return events | {p.arg0 for p in w.live if not p.dead and p.args.get("ARG1") in events}


def so_that_looks(w: WorkingMRS) -> None:
    """"A semicircle tilted so that its curved side faces left", "cut off by the top edge so that only
    its lower half is visible", "rotated so that it resembles an X": a clause of "so that" on a word of
    a look (a rotation, a crop: :data:`~.predicates.OUTSIDE_WORDS`) says how the shape looks, which
    the world model does not record; it is dropped with the entities only it names ("its lower half")."""
    events = _look_events(w)
    for e in list(w.live):
        if e.dead or e.pred != "_so+that_x" or e.args.get("ARG1") not in events:
            continue
        w.kill(e)
        holes = [e.args["ARG2"]] if is_handle(e.args.get("ARG2")) else []
        said: set[str] = set()
        while holes:
            for c in w.at(w.target(holes.pop())):
                said.update(v for v in c.args.values() if is_var(v, "x"))
                holes.extend(v for r, v in c.args.items() if r != "LBL" and is_handle(v))
                w.kill(c)
        w.kill(*(o for o in w.live if o.pred == "_only_a_1" and o.args.get("ARG1") in said))
        w.reindex()
        for v in said:  # an entity named only in the clause ("its curved side"), not one said of outside it
            if v in w.quant_of and not any(not u.dead and not u.is_quantifier() and v in u.args.values()
                                           and u not in restriction(w, v) for u in w.live):
                kill_entity(w, v)
    w.reindex()


__all__ = ["LOOK_VERBS", "looks", "so_that_looks"]
