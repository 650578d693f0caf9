"""Rewrites for the English of descriptive captions (free-form captions), run before the
template rewrites of :mod:`.rewrites`.

* Framing adds nothing to the truth: "The image shows X" / "I can see X" / "X is shown" are
  "there is X" (``_be_v_there``), and "in the image" is dropped wherever it attaches.
* Verbs of position and placing ("X sits above Y", "X is located above Y"): the PP on the
  verb's event is a relation of the verb's subject, and the verb says that the subject exists.
* Pronouns ("There is a red square. It is above a blue circle."): "it"/"they" is the most
  recent entity before it of the same number that is not the object of a relation nor an
  argument of the pronoun's own predicate ("A cross is below it.": not the cross) (its
  quantifier then scopes over both sentences: the indefinite's dynamic scope).
* "the other shape": "other" is distinctness from the most recent entity mentioned before it.
"""
from __future__ import annotations

from .errors import UninterpretableMRS
from .predicates import (
    COORDINATIONS, DEPICTION_VERBS, FRAME_NOUNS, FRAME_PREPS, PLACING_VERBS, POSITION_VERBS, PRESENCE_ADJS,
    shape_of, split_predicate,
)
from .working_mrs import EP, REL, Relation, WorkingMRS, is_var


def rewrite_descriptive(w: WorkingMRS) -> None:
    """Run the rewrites of this module, in dependency order."""
    frames = _frames(w)
    _drop_frame_preps(w, frames)
    _depiction(w, frames)
    _positions(w)
    w.reindex()
    _pronouns(w)
    _one(w)
    _other(w)
    w.reindex()


def _frames(w: WorkingMRS) -> set[str]:
    """Variables of "the image"/"the picture"...: a quantifier whose restrictor is a frame noun."""
    out = set()
    for v, q in w.quant_of.items():
        rs = w.at(w.rstr_label(q))
        if rs and all(e.pred in FRAME_NOUNS and e.arg0 == v for e in rs):
            out.add(v)
    return out


def _kill_entity(w: WorkingMRS, v: str) -> None:
    q = w.quant_of.get(v)
    if q is not None:
        w.kill(q, *w.at(w.rstr_label(q)))


def _drop_frame_preps(w: WorkingMRS, frames: set[str]) -> None:
    """"in the image", "in the picture": said of anything, it adds nothing."""
    for e in w.live:
        if not e.dead and e.pred in FRAME_PREPS and e.args.get("ARG2") in frames:
            w.kill(e)
            _kill_entity(w, e.args["ARG2"])


def _subject_is_frame(w: WorkingMRS, v: str | None, frames: set[str]) -> bool:
    """The image ("The image shows ...") or a person looking ("I/we/you (can) see ...")."""
    if v is None:
        return False
    if v in frames:
        return True
    q = w.quant_of.get(v)
    return q is not None and q.pred == "pronoun_q" and any(e.pred == "pron" for e in w.at(w.rstr_label(q)))


def _there(e: EP, x: str) -> None:
    e.pred = "_be_v_there"
    e.args = {"ARG0": e.arg0 or "e?", "ARG1": x}


def _depiction(w: WorkingMRS, frames: set[str]) -> None:
    """"The image shows X", "I can see X", "X is shown", "X is visible" → there is X."""
    for e in list(w.live):
        if e.dead:
            continue
        if e.pred in PRESENCE_ADJS and is_var(e.args.get("ARG1"), "x"):
            _there(e, e.args["ARG1"])
            continue
        if e.pred not in DEPICTION_VERBS:
            continue
        subject, obj = e.args.get("ARG1"), e.args.get("ARG2")
        if not is_var(obj, "x"):
            continue
        assert obj is not None
        if is_var(subject, "x"):
            if not _subject_is_frame(w, subject, frames):
                continue  # "A square has a red color": not framing
            assert subject is not None
            _kill_entity(w, subject)
        _there(e, obj)
    # "can" over a depiction ("I can see X"): the modal adds nothing
    for m in list(w.live):
        if m.dead or m.pred != "_can_v_modal":
            continue
        hole = m.args.get("ARG1", "")
        try:
            label = w.target(hole)
        except UninterpretableMRS:
            continue
        there = [e for e in w.at(label) if e.pred == "_be_v_there"]
        if there:
            w.kill(m)
            w.relabel(label, m.label)
            w.substitute(m.arg0 or "", there[0].arg0 or "")
    w.reindex()


def _positions(w: WorkingMRS) -> None:
    """"X sits above Y" (_sit_v_1 + _above_p(e2, e, y)), "X is located above Y" (passive): the
    PPs on the verb's event are about its subject, and the verb says the subject is there."""
    for v in list(w.live):
        if v.dead:
            continue
        if v.pred in POSITION_VERBS or v.pred == "_be_v_there":  # "X is shown above Y" is there by now
            subject = v.args.get("ARG1")
        elif v.pred in PLACING_VERBS:
            subject = v.args.get("ARG2")
        else:
            continue
        if not is_var(subject, "x"):
            continue
        assert subject is not None
        event = v.arg0
        for p in w.live:
            if (p is not v and not p.dead and event is not None and p.args.get("ARG1") == event
                    and split_predicate(p.pred)[1] == "p"):
                p.args["ARG1"] = subject
        _there(v, subject)


def _referents(w: WorkingMRS, before: tuple[int, int], plural: bool | None) -> list[EP]:
    """Quantifiers of entities mentioned before ``before`` (surface order), most recent first,
    that are not the object of a relation or verb (the subjects and there-existentials)."""
    objects = {e.args.get("ARG2") for e in w.live if not e.dead and e.pred != "_be_v_there"}
    objects |= {v for e in w.live if not e.dead and e.pred in COORDINATIONS for r, v in e.args.items() if r != "ARG0"}
    out = [q for q in w.live if q.is_quantifier() and not q.dead and q.key < before and q.pred != "pronoun_q"
           and q.arg0 not in objects and is_var(q.arg0, "x") and (plural is None or q.mods.plural == plural)]
    return sorted(out, key=lambda q: q.key, reverse=True)


def _local(w: WorkingMRS, pronoun: str) -> set[str]:
    """The entities a pronoun cannot refer to: its co-arguments ("A cross is below it.": "it" is
    not the cross), and the head a phrase around it modifies, through "of" and "to the left of"
    ("the square to the left of it": ``_of_p(left, it)``, ``_to_p(square, left)``: not the square)."""
    live = [e for e in w.live if not e.dead and not e.is_quantifier()]
    local = {v for e in live if pronoun in e.args.values() for v in e.args.values()}
    grown = True
    while grown:
        heads = {e.args["ARG1"] for e in live if e.args.get("ARG2") in local and "ARG1" in e.args}
        grown = not heads <= local
        local |= heads
    return local


def _pronouns(w: WorkingMRS) -> None:
    """"it"/"they": the most recent earlier entity of the same number (see the module docstring)."""
    for q in list(w.live):
        if q.dead or q.pred != "pronoun_q":
            continue
        rs = w.at(w.rstr_label(q))
        if len(rs) != 1 or rs[0].pred != "pron" or q.mods.person in ("1", "2"):
            continue  # "I", "we", "you" (the imperative's subject) are no anaphora
        coarguments = _local(w, q.arg0 or "")
        found = [r for r in _referents(w, q.key, q.mods.plural) if r.arg0 not in coarguments]
        if not found:
            raise UninterpretableMRS("says 'it'/'they' with nothing before it to refer to")
        w.kill(q, rs[0])
        w.substitute(q.arg0 or "", found[0].arg0 or "")
        w.reindex()


def _one(w: WorkingMRS) -> None:
    """"a red square and a blue one": the noun "one" stands for the shape noun of the latest
    earlier noun phrase that has one (else it is "shape")."""
    for e in list(w.live):
        if e.dead or e.pred != "_one_n_1":
            continue
        q = w.quant_of.get(e.arg0 or "")
        if q is None:
            continue
        earlier = sorted((r for r in w.live if r.is_quantifier() and not r.dead and r.key < q.key),
                         key=lambda r: r.key, reverse=True)
        for r in earlier:
            nouns = [n for n in w.at(w.rstr_label(r)) if n.arg0 == r.arg0 and shape_of(n.pred) is not None]
            if nouns:
                e.pred = nouns[0].pred
                break


def _other(w: WorkingMRS) -> None:
    """"the other shape": distinct from the most recent entity mentioned before it."""
    for e in list(w.live):
        if e.dead or e.pred != "_other_a_1":
            continue
        x = e.args.get("ARG1")
        q = w.quant_of.get(x or "")
        if q is None:
            raise UninterpretableMRS("says 'other' of no entity")
        found = [r for r in _referents(w, q.key, None) if r is not q]
        if not found:
            raise UninterpretableMRS("says 'the other' with nothing before it to contrast with")
        e.pred = REL
        e.args = {"ARG0": e.arg0 or w.new_name("e"), "ARG1": x or "", "ARG2": found[0].arg0 or ""}
        e.relation = Relation("id-rel", -1)


__all__ = ["rewrite_descriptive"]
