"""Rewrites for the English of descriptive captions (free-form captions), run before the
template rewrites of :mod:`.rewrites`.

* Framing adds nothing to the truth: "The image shows X" / "I can see X" / "X is shown" / "This is
  an image of X" are "there is X" (``_be_v_there``), "The image shows that S" / "I can see that S"
  are S, "There appears to be X" is "there is X" (the hedge is read as the claim), and "in the
  image" is dropped wherever it attaches.
* Verbs of position and placing ("X sits above Y", "X is located above Y"): the PP on the
  verb's event is a relation of the verb's subject, and the verb says that the subject exists.
* Pronouns, "one", "another", "the other" are resolved last, by :mod:`.reference`.
* "A ..., while B ...": both clauses, as with "and"; "some of the shapes": at least two of them.
"""
from __future__ import annotations

from .errors import UninterpretableMRS
from .predicates import (
    COORDINATIONS, DEPICTION_VERBS, ENTITY_NOUNS, FRAME_NOUNS, FRAME_PREPS, HEDGE_VERBS, OUTSIDE_WORDS, PLACING_VERBS,
    POSITION_VERBS, PRESENCE_ADJS, names_entity, shape_of, split_predicate,
)
from .background import COMPANY_PREPS
from .lists import MANY
from .picture_places import frames_of
from .placement import rewrite_placement
from .attached_places import directions_of_verbs
from .possessives import read_possessives
from .superlatives import appositive_superlatives, only_identity
from .looks import looks, so_that_looks
from .reference import resolve_references
from .free_relatives import free_relatives
from .relative_places import relative_places
from .working_mrs import EP, WorkingMRS, is_var


def rewrite_descriptive(w: WorkingMRS) -> None:
    """Run the rewrites of this module, in dependency order."""
    _this_image(w)
    read_possessives(w)
    directions_of_verbs(w)
    only_identity(w)
    appositive_superlatives(w)
    free_relatives(w)
    relative_places(w)
    looks(w)
    so_that_looks(w)
    _company_of_the_picture(w)
    frames = frames_of(w)
    _contrast(w)
    _some_of(w)
    _drop_frame_preps(w, frames)
    _filled_with(w, frames)
    _image_of(w)
    _depiction(w, frames)
    _fronted_place_of_a_coordination(w)
    _positions(w)
    w.reindex()
    rewrite_placement(w)
    w.reindex()
    resolve_references(w)


def _this_image(w: WorkingMRS) -> None:
    """"this image", "this picture": the image (there is one). "this square", "that rectangle",
    "these circles" (a demonstrative with a shape noun, or "shape", "object"): the definite "the
    square", read by the rules of "the" (across sentences, the one named before). "that", "this",
    "these", "those" alone ("Above and to the left of that is a gray semicircle."): the pronoun "it"
    ("them"), read by the rules of pronouns (the shape named just before)."""
    for q in w.live:
        if q.dead or q.pred not in ("_this_q_dem", "_that_q_dem"):
            continue
        rs = w.at(w.rstr_label(q))
        if any(e.arg0 == q.arg0 and (e.pred in FRAME_NOUNS or shape_of(e.pred) is not None
                                     or e.pred in ENTITY_NOUNS and e.pred != "generic_entity") for e in rs):
            q.pred = "_the_q"
        elif len(rs) == 1 and rs[0].pred == "generic_entity" and rs[0].arg0 == q.arg0:
            q.pred, rs[0].pred = "pronoun_q", "pron"  # "to the left of that", "below these": "it", "them"


def _filled_with(w: WorkingMRS, frames: set[str]) -> None:
    """"The image is filled with overlapping shapes.": the image shows them (there are such shapes);
    how much of the frame they fill is a look the world model does not record ("fill" adds nothing).
    ``frames``: the variables of the picture (:func:`~.picture_places.frames_of`)."""
    for v in w.live:
        if v.dead or v.pred != "_filled_v_1" or v.args.get("ARG2") not in frames:
            continue
        frame = v.args["ARG2"]
        withs = [e for e in w.live if not e.dead and e.pred == "_with_p" and e.args.get("ARG1") == v.arg0
                 and is_var(e.args.get("ARG2"), "x")]
        if len(withs) != 1:
            continue
        v.pred, v.args = "_show_v_1", {"ARG0": v.arg0 or "e?", "ARG1": frame, "ARG2": withs[0].args["ARG2"]}
        w.kill(withs[0])
    w.reindex()


def _some_of(w: WorkingMRS) -> None:
    """"some of the shapes": at least one of them, and from two on clearly (the guide's plural
    "some" is at least two; one alone is vague), read as "at least one of the shapes" with a
    vague margin (:data:`.lists.MANY`)."""
    for q in list(w.live):
        if q.dead or q.pred != "_some_q" or q.arg0 is None:
            continue
        label = w.rstr_label(q)
        if not any(e.pred == "part_of" and e.arg0 == q.arg0 for e in w.at(label)):
            continue
        q.pred = "udef_q"
        card = w.new_name("e")
        w.eps.append(EP("card", label, {"ARG0": card, "ARG1": q.arg0}, "1", q.key))
        w.eps.append(EP("_at+least_x_deg", label, {"ARG0": w.new_name("e"), "ARG1": card}, None, q.key))
        w.eps.append(EP(MANY, label, {"ARG0": w.new_name("e"), "ARG1": q.arg0}, "2:some", q.key))
    w.reindex()


def _contrast(w: WorkingMRS) -> None:
    """"A is on the left, while B is on the right", "A is small, so it looks cropped", "..., though B is
    darker": the contrast or consequence adds nothing to the truth; both clauses are claimed, as with "and"."""
    for e in w.live:
        if not e.dead and e.pred in ("_while_x", "_whereas_x", "_so_x", "_though_x"):
            e.pred = "_and_c"


def _kill_entity(w: WorkingMRS, v: str) -> None:
    q = w.quant_of.get(v)
    if q is not None:
        w.kill(q, *w.at(w.rstr_label(q)))


#: prepositions of a spread over the whole picture ("placed around the image", "scattered across the
#: picture", "throughout the frame"): said of the picture, they add nothing (as "in the image"; the
#: spread itself, "scattered", "spread", is a vague word of its own)
_SPREAD_PREPS = frozenset({"_around_p", "_across_p", "_throughout_p", "_over_p", "_all+over_p"})


def _drop_frame_preps(w: WorkingMRS, frames: set[str]) -> None:
    """"in the image", "in the picture", "around the image": said of anything, it adds nothing."""
    for e in w.live:
        if not e.dead and e.args.get("ARG2") in frames and (
                e.pred in FRAME_PREPS or e.pred in _SPREAD_PREPS and is_var(e.args.get("ARG1"), "e")):
            w.kill(e)
            _kill_entity(w, e.args["ARG2"])


def _company_of_the_picture(w: WorkingMRS) -> None:
    """"Two squares are placed around the image, along with blue triangles": a shape the parser put in
    the company of the picture a place names is there, in the clause the place is said in (the picture
    is then a place of its own, which adds nothing)."""
    for e in list(w.live):
        frame = e.args.get("ARG2") or ""
        q = w.quant_of.get(frame)
        if e.dead or q is None or (e.pred not in FRAME_PREPS and e.pred not in _SPREAD_PREPS):
            continue
        rs = w.at(w.rstr_label(q))
        if not any(n.pred in FRAME_NOUNS and n.arg0 == frame for n in rs):
            continue
        for c in rs:
            shape = c.args.get("ARG2") or ""
            if c.pred in COMPANY_PREPS and c.args.get("ARG1") == frame and shape in w.quant_of and any(
                    names_entity(n.pred) and n.arg0 == shape for n in w.at(w.rstr_label(w.quant_of[shape]))):
                c.pred, c.label, c.args = "_be_v_there", e.label, {"ARG0": c.arg0 or "e?", "ARG1": shape}
    w.reindex()


def _subject_is_frame(w: WorkingMRS, v: str | None, frames: set[str]) -> bool:
    """The image ("The image shows ...") or a person looking ("I/we/you (can) see ...")."""
    if v is None:
        return False
    if v in frames:
        return True
    q = w.quant_of.get(v)
    return q is not None and q.pred == "pronoun_q" and any(e.pred == "pron" for e in w.at(w.rstr_label(q)))


#: verbs that say what a group holds: "The shapes include two circles and a square." says they are there
GROUP_VERBS = frozenset({"_include_v_1", "_contain_v_1", "_consist_v_of"})


def _all_the_shapes(w: WorkingMRS, v: str | None) -> bool:
    """"the shapes" / "the objects" with nothing else said of them: the picture's shapes as a whole."""
    q = w.quant_of.get(v) if v is not None else None
    if q is None or q.pred != "_the_q":
        return False
    restriction = [r for r in w.at(w.rstr_label(q)) if not r.dead]
    return len(restriction) == 1 and restriction[0].pred in ENTITY_NOUNS and restriction[0].arg0 == v


def _there(e: EP, x: str) -> None:
    e.pred = "_be_v_there"
    e.args = {"ARG0": e.arg0 or "e?", "ARG1": x}


def _is_pointing(w: WorkingMRS, v: str | None) -> bool:
    """"this" / "it" without a noun: a demonstrative or pronoun quantifier."""
    q = w.quant_of.get(v) if v is not None else None
    return q is not None and q.pred in ("_this_q_dem", "_that_q_dem", "pronoun_q")


def _shown_by(w: WorkingMRS, frame: str | None) -> str | None:
    """What a frame entity ("an image of X") shows: X, by our ``_of_p`` or the ERG's ARG1 of
    ``_image_n_of``; None when ``frame`` is no frame noun with an "of" argument."""
    q = w.quant_of.get(frame) if frame is not None else None
    if q is None:
        return None
    restriction = w.at(w.rstr_label(q))
    if not any(r.pred in FRAME_NOUNS and r.arg0 == frame for r in restriction):
        return None
    shown = [r.args.get("ARG1") for r in restriction if r.pred in FRAME_NOUNS and r.arg0 == frame]
    shown += [r.args.get("ARG2") for r in restriction if r.pred == "_of_p" and r.args.get("ARG1") == frame]
    return next((x for x in shown if x is not None and is_var(x, "x")), None)


def _coordination_of(w: WorkingMRS, v: str | None) -> EP | None:
    """The live coordination ("X and Y", a list) whose entity is ``v``, if any."""
    return next((c for c in w.live if not c.dead and c.pred in COORDINATIONS and c.arg0 == v), None)


def _image_first_in_list(w: WorkingMRS, v: str | None) -> tuple[EP, str, str] | None:
    """For a list ``v`` whose first item (down nested lists) is a frame ("an image of X", Y and Z):
    the coordination holding that item, the frame and what it shows."""
    conj = _coordination_of(w, v)
    while conj is not None:
        first = conj.args.get("ARG1")
        shown = _shown_by(w, first)
        if shown is not None and first is not None:
            return conj, first, shown
        conj = _coordination_of(w, first)
    return None


def _image_of(w: WorkingMRS) -> None:
    """"This is an image of X", "It is a picture of X" → there is X: an identity whose subject is
    "this"/"it" and whose object is a frame noun with its "of" argument.  "This is an image of X,
    Y and Z" may be read with the list as the predicate ("an image of X", Y and Z): the image is
    then replaced by X in the list."""
    for e in list(w.live):
        if e.dead or e.pred != "_be_v_id" or not _is_pointing(w, e.args.get("ARG1")):
            continue
        subject, obj = e.args.get("ARG1"), e.args.get("ARG2")
        if subject is None or obj is None:
            continue
        frame, shown = obj, _shown_by(w, obj)
        if shown is None:  # a list whose first item is the image
            found = _image_first_in_list(w, obj)
            if found is None:
                continue
            conj, frame, item = found
            conj.args["ARG1"] = item  # the list now names what the image shows ...
            shown = obj  # ... and the whole list is what is there
        # "This is an image of X and Y" read as two predicates: "this is Y" says Y is shown too
        for other in w.live:
            if other is not e and not other.dead and other.pred == "_be_v_id" and other.args.get("ARG1") == subject \
                    and is_var(other.args.get("ARG2"), "x"):
                _there(other, other.args["ARG2"])
        _kill_entity(w, subject)
        _kill_entity(w, frame)
        _there(e, shown)
    w.reindex()


def _unwrap(w: WorkingMRS, e: EP, hole: str, prefer: str | None = None) -> bool:
    """Replace a scopal predicate by the clause it takes ("shows that S" → S): the clause takes its
    label, and its event (that of a ``prefer`` predicate there, if any) stands for the predicate's
    event (a caption's sentences are joined by their events)."""
    try:
        label = w.target(hole)
    except UninterpretableMRS:
        return False
    inner = [x for x in w.at(label) if is_var(x.arg0, "e")]
    inner = [x for x in inner if x.pred == prefer] or inner
    if not inner:
        return False
    w.kill(e)
    w.relabel(label, e.label)
    w.substitute(e.arg0 or "", inner[0].arg0 or "")
    return True


#: verbs whose subject is what the picture holds ("X complete the scene", "X fill the frame")
COMPLETING_VERBS = frozenset({"complete", "fill", "populate", "occupy", "round+out", "finish", "make+up", "dot"})


def _depiction(w: WorkingMRS, frames: set[str]) -> None:
    """"The image shows X", "I can see X", "X is shown", "X is visible" → there is X; "The image
    shows that S", "I see S" → S; "There appears to be X" → there is X."""
    depicted: set[str] = set()  # labels that now hold what a depiction said
    for e in list(w.live):
        if not e.dead and _depict(w, e, frames):
            depicted.add(e.label)
    w.reindex()
    _drop_can(w, depicted)
    w.reindex()


def _depict(w: WorkingMRS, e: EP, frames: set[str]) -> bool:
    """Rewrite one framing predicate into what it frames; whether it was one."""
    if e.pred in PRESENCE_ADJS and is_var(e.args.get("ARG1"), "x"):
        _there(e, e.args["ARG1"])
        return False
    if e.pred in HEDGE_VERBS and is_var(e.args.get("ARG1"), "h"):
        return _unwrap(w, e, e.args["ARG1"])
    subject, obj = e.args.get("ARG1"), e.args.get("ARG2")
    lemma = split_predicate(e.pred)[0].split("/")[0]
    if lemma in COMPLETING_VERBS and is_var(subject, "x") and _subject_is_frame(w, obj, frames):
        assert obj is not None and subject is not None  # "X complete the scene", "X fill the frame"
        _kill_entity(w, obj)
        _there(e, subject)
        return True
    if e.pred not in DEPICTION_VERBS and e.pred not in HEDGE_VERBS:
        return False
    if is_var(obj, "h"):
        if not (_subject_is_frame(w, subject, frames) or _is_pointing(w, subject)):
            return False
        assert obj is not None and subject is not None
        if not _unwrap(w, e, obj):
            return False
        _kill_entity(w, subject)
        return True
    if e.pred not in DEPICTION_VERBS or not is_var(obj, "x"):
        return False
    assert obj is not None
    if is_var(subject, "x"):
        if not (_subject_is_frame(w, subject, frames)
                or (e.pred in GROUP_VERBS and _all_the_shapes(w, subject))):
            return False  # "A square has a red color": not framing
        assert subject is not None
        _kill_entity(w, subject)
    _there(e, obj)
    return True


def _drop_can(w: WorkingMRS, depicted: set[str]) -> None:
    """"can" over a depiction ("I can see X", "I can see that S"): the modal adds nothing."""
    for m in list(w.live):
        if m.dead or m.pred != "_can_v_modal":
            continue
        hole = m.args.get("ARG1", "")
        try:
            label = w.target(hole)
        except UninterpretableMRS:
            continue
        if label in depicted or any(e.pred == "_be_v_there" for e in w.at(label)):
            _unwrap(w, m, hole, prefer="_be_v_there")


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
            _fronted_place_of_a_look(w, v)
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


def _fronted_place_of_a_coordination(w: WorkingMRS) -> None:
    """"Above the green circle there is a gray pentagon, and at the bottom a gray cross is cut off":
    a place before coordinated clauses of different subjects, which the parser puts on the
    coordination, is the first clause's (the place it sets is said of the first clause's subject by
    :func:`_positions`); each later clause says where it is on its own, or does not say. A place with
    no object or coordinated with another ("Just below and to the right, ...") is relative to what
    went before and is not moved."""
    said: dict[str | None, str] = {}  # events said of a shape: their subject
    for e in w.live:
        subject = next((e.args[r] for r in ("ARG1", "ARG2") if is_var(e.args.get(r), "x")), None)
        if not e.dead and not e.is_quantifier() and subject is not None:
            said.setdefault(e.arg0, subject)
    clauses = {c.arg0: c for c in w.live if not c.dead and c.pred in COORDINATIONS and is_var(c.arg0, "e")
               and _clause(w, c.args.get("ARG1"), said) and _clause(w, c.args.get("ARG2"), said)
               and said.get(c.args.get("ARG1")) != said.get(c.args.get("ARG2"))}
    if not clauses:
        return
    joined = {v for c in w.live if not c.dead and c.pred in COORDINATIONS for v in c.args.values()}
    for p in w.live:
        c = clauses.get(p.args.get("ARG1") or "")
        if p.dead or c is None or p.key > c.key or split_predicate(p.pred)[1] != "p" or p.pred in _NOT_PLACES:
            continue
        if p.args.get("ARG2") not in w.quant_of or p.arg0 in joined:
            continue  # "Just below and to the right, ...": relative to what went before, not read here
        first = c.args["ARG1"]
        while first in clauses:
            first = clauses[first].args["ARG1"]
        p.args["ARG1"] = first


def _clause(w: WorkingMRS, event: str | None, said: dict[str | None, str]) -> bool:
    """Whether ``event`` is a clause's: said of a shape, or a coordination of such clauses."""
    if event in said:
        return True
    c = _coordination_of(w, event)
    return c is not None and _clause(w, c.args.get("ARG1"), said) and _clause(w, c.args.get("ARG2"), said)


def _fronted_place_of_a_look(w: WorkingMRS, v: EP) -> None:
    """"At the top, a semicircle is tilted": a place before a word of a shape's look (which adds
    nothing) is said of the shape, not dropped with the look; a place after it ("tilted to the
    left") may be the look's direction and stays with it. "Below it, a pentagon overlaps a square":
    a place before the subject of any other verb is said of the subject (where the scene is set)."""
    lemma, pos, _ = split_predicate(v.pred)
    if v.arg0 is None:
        return
    if lemma in OUTSIDE_WORDS and pos in ("v", "a"):
        subject = next((v.args[r] for r in ("ARG1", "ARG2") if is_var(v.args.get(r), "x")), None)
        before = v.key
    elif pos == "v" and is_var(v.args.get("ARG1"), "x") and v.args["ARG1"] in w.quant_of:
        # "Below it, a green pentagon overlaps a square": a place before the subject sets where the subject is
        subject = v.args["ARG1"]
        before = w.quant_of[subject].key
    else:
        return
    if subject is None:
        return
    for p in w.live:
        if (p is not v and not p.dead and p.args.get("ARG1") == v.arg0 and p.key < before
                and split_predicate(p.pred)[1] == "p" and p.pred not in _NOT_PLACES):
            p.args["ARG1"] = subject


#: prepositions that say no place ("With its flat side down, ...", "Like a bowl, ..."): left on the verb
_NOT_PLACES = frozenset({"_with_p", "_without_p", "_including_p", "_along+with_p", "_like_p", "_into_p", "_as_p",
                         "_for_p"})


__all__ = ["rewrite_descriptive"]
