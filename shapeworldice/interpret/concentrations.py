""""The shapes are concentrated in the lower left and along the right side.": a verb of gathering
("concentrated", "clustered", "gathered", "massed", "bunched") or a verb the grammar does not know
says something of the places after it that the world model does not decide ("concentrated in X":
most are there, not each; said of one shape, a gathering verb's place stays). Its places of the
picture are dropped with it, so the claim is the vague word alone: never false (nor true) on the
places' reading, which the verb was not understood to make (before, the places were read as every
shape's, and a shape elsewhere made the sentence false). Meanings: docs/descriptions.md.
"""
from __future__ import annotations

from .picture_places import kill_entity, nouns_of, restriction
from .predicates import BACKGROUND_NOUNS, COORDINATIONS, FRAME_NOUNS, REGION_NOUNS, split_predicate, unknown_word
from .working_mrs import EP, WorkingMRS, is_var

#: verbs of gathering in a place: how many are there is not said ("concentrated in X": most)
GATHERING_VERBS = frozenset({"concentrated", "concentrate", "clustered", "cluster", "gathered", "gather",
                             "massed", "mass", "bunched", "bunch", "grouped", "group", "huddled", "huddle",
                             "crowded", "crowd", "congregated", "congregate", "amassed", "amass",
                             "packed", "pack", "collected", "collect", "assembled", "assemble"})

#: words said of a place of gathering that keep it one ("clustered together on the left", "mostly")
_GATHERED = frozenset({"_together_a_1", "_tightly_a_1", "_closely_a_1", "_densely_a_1", "_mostly_a_1",
                       "_mainly_a_1", "_largely_a_1", "_primarily_a_1"})


def _is_unread_verb(pred: str) -> bool:
    """A verb of gathering, or a verb outside the grammar's vocabulary ("_glorped/VBN_u_unknown")."""
    unknown = unknown_word(pred)
    if unknown is not None:
        return unknown[1].startswith("vb")
    lemma, pos, _ = split_predicate(pred)
    return pos == "v" and lemma in GATHERING_VERBS


def _is_place_of_the_picture(w: WorkingMRS, v: str | None) -> bool:
    """Whether ``v`` is a place of the picture ("the lower left", "the right side"), the picture or its background."""
    nouns = nouns_of(w, v)
    return bool(nouns) and all(split_predicate(n.pred)[0] in REGION_NOUNS or n.pred in FRAME_NOUNS
                               or n.pred in BACKGROUND_NOUNS for n in nouns)


def _places_of(w: WorkingMRS, event: str) -> list[EP]:
    """The prepositions said of ``event`` whose object is a place of the picture."""
    return [m for m in w.live if not m.dead and not m.is_quantifier() and m.args.get("ARG1") == event
            and split_predicate(m.pred)[1] == "p" and _is_place_of_the_picture(w, m.args.get("ARG2"))]


def _coordinated_places(w: WorkingMRS, verb: EP) -> list[EP]:
    """"clustered in the lower left and on the right", parsed as "[clustered in ...] and [on the right]":
    the places of the picture said of the verb's subject and joined to the verb by a coordination."""
    subject = verb.args.get("ARG2") if unknown_word(verb.pred) is None else verb.args.get("ARG1")
    joined = {c.args.get("ARG2") if c.args.get("ARG1") == verb.arg0 else c.args.get("ARG1") for c in w.live
              if not c.dead and c.pred in COORDINATIONS and verb.arg0 in (c.args.get("ARG1"), c.args.get("ARG2"))}
    return [m for m in w.live if not m.dead and m.arg0 in joined and m.args.get("ARG1") == subject
            and split_predicate(m.pred)[1] == "p" and _is_place_of_the_picture(w, m.args.get("ARG2"))]


def _is_a_list(w: WorkingMRS, v: str | None) -> bool:
    """Whether ``v`` is a list of shapes ("a red square and a blue circle"), not a plural noun."""
    return any(e.pred in COORDINATIONS and e.arg0 == v for e in w.live if not e.dead)


def _only_a_place(w: WorkingMRS, v: str) -> bool:
    """Whether ``v``'s restriction names only places of the picture (no shape said to be in it)."""
    return all(not is_var(a, "x") or a == v or _is_place_of_the_picture(w, a) and _only_a_place(w, a)
               for e in restriction(w, v) for a in e.args.values())


def _drop_place(w: WorkingMRS, v: str) -> None:
    """Kill the place ``v`` with the places of the picture in its restriction ("the lower half of the image")."""
    inner = {a for e in restriction(w, v) for a in e.args.values()
             if is_var(a, "x") and a != v and _is_place_of_the_picture(w, a)}
    kill_entity(w, v)
    for a in inner:
        _drop_place(w, a)


def unread_places(w: WorkingMRS) -> None:
    """Drop the places of the picture said of a verb of gathering or an unknown verb (and the
    coordinations joining them): the verb, vague, is then the claim."""
    changed = False
    for e in list(w.live):
        if e.dead or not e.arg0 or not _is_unread_verb(e.pred):
            continue
        if unknown_word(e.pred) is None and _is_a_list(w, e.args.get("ARG2")):
            continue  # "A, B and C are clustered in the upper half": each listed shape is there
        subject = w.quant_of.get(e.args.get("ARG2") or "")
        if unknown_word(e.pred) is None and subject is not None and not subject.mods.plural:
            continue  # "A red square is clustered in the upper left": one shape is where it gathers
        places = _places_of(w, e.arg0)
        others = [m for m in w.live if not m.dead and not m.is_quantifier() and m.args.get("ARG1") == e.arg0
                  and m not in places and m.pred not in COORDINATIONS]
        manners = [d for d in w.live if not d.dead and not d.is_quantifier() and d.pred not in _GATHERED
                   and d.pred not in COORDINATIONS and d.args.get("ARG1") in {m.arg0 for m in places}]
        if others or manners:
            continue  # with a manner too ("lined up horizontally across the middle"): as before
        places += _coordinated_places(w, e)
        if not places or not all(_only_a_place(w, m.args.get("ARG2") or "") for m in places):
            continue  # none, or a place with shapes in it ("the upper left, including a cyan cross")
        events = {m.arg0 for m in places} | {e.arg0}
        for c in w.live:
            if not c.dead and c.pred in COORDINATIONS and {c.args.get("ARG1"), c.args.get("ARG2")} & events:
                w.kill(c)
        for m in places:
            _drop_place(w, m.args.get("ARG2") or "")
            w.kill(m)
            # what is said of the place's event goes with it ("clustered together on the left")
            w.kill(*(d for d in w.live if not d.dead and not d.is_quantifier() and d.args.get("ARG1") == m.arg0))
        changed = True
    if changed:
        w.reindex()


__all__ = ["GATHERING_VERBS", "unread_places"]
