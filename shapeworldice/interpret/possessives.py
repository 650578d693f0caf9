"""Possessives of shapes: "the triangle's left side", "its lower-left side", "at its upper end".

* "the triangle's left side" (``poss`` + ``def_explicit_q``) is "the left side of the triangle":
  the owner becomes the part's ``_of_p`` object under "the", so the rules of parts and sides of
  shapes read both forms alike (on "the left side of the triangle": left of the triangle; a
  contact with "the square's corner": with the square). "its" / "their" leave no owner in
  the MRS and are not rewritten here.
* "its <part>" as the place of a preposition ("along its lower-left side", "at its upper end",
  "on its top corner") names a part of a shape the world model does not record, and which shape
  "its" means and where on it the part is are not said the way ShapeWorld places shapes: the place
  is vague (never the picture's side, which the bare noun phrase would be read as), said of the
  shape the phrase is on (of a verb's first shape when it modifies the verb); a contact said with
  it ("overlapped along its lower-left side by") is still claimed.
* "its <part>" as the object of a relation ("just above its upper right end"): the part stands
  for its shape, "it" (found by the pronoun rules), as "above the upper right end of the
  rectangle" is above the rectangle; so does "its upper right" as the object of a contact
  ("a small cyan pentagon overlapping its upper right"), as "overlaps its corner" does.
  "to its right", "with its flat edge facing up" are the placement rules' (not touched here).
"""
from __future__ import annotations

from .background import COMPANY_PREPS
from .picture_places import ATTR, kill_entity, restriction, subject_of
from .shape_parts import PART_NOUNS
from .predicates import (BACKGROUND_NOUNS, CONTACT_VERBS, FRAME_NOUNS, OWN_SIDES, REGION_PREPS, SPATIAL_PREPS,
                         split_predicate, unknown_word)
from .working_mrs import EP, WorkingMRS, is_var

#: nouns of a part of a shape (or of its middle) that "its" may name as a place
PART_PLACE_NOUNS = PART_NOUNS | {"center", "centre", "middle"}


def read_possessives(w: WorkingMRS) -> None:
    """Run this module's rewrites: "its part" of the picture, the "of" form of "X's part", then "its
    part" of a shape as a place."""
    _picture_parts(w)
    _of_forms(w)
    _own_part_places(w)
    _contacts_with_own_sides(w)
    w.reindex()


def _picture_parts(w: WorkingMRS) -> None:
    """"a black background with two shapes in its lower portion", "the image shows a red square in its
    upper half": "its" is the picture's, so the part is "the lower portion", a place of the picture."""
    for v, q in list(w.quant_of.items()):
        if q.pred == "def_explicit_q" and _frames_part(w, v):
            q.pred, q.carg = "_the_q", None


def _frames_part(w: WorkingMRS, v: str) -> bool:
    """Whether "its <part>" ``v`` is a part of the image: the part is one a picture has, and what is placed
    there is what the image or its background has, shows or holds ("a black background with two shapes
    in its lower portion", "the image shows a red square in its upper half"; "a large square with a small
    circle in its center" is the square's)."""
    q = w.quant_of.get(v)
    nouns = [e for e in w.at(w.rstr_label(q)) if e.arg0 == v] if q is not None else []
    if not any(split_predicate(e.pred)[0] in _FRAME_PARTS for e in nouns) or any(
            p.pred == "poss" and p.args.get("ARG1") == v for p in w.eps):  # "the square's center": the square's
        return False
    frames = {e.arg0 for e in w.eps if e.pred in FRAME_NOUNS or e.pred in BACKGROUND_NOUNS}
    holders = {e.args.get("ARG1") for e in w.eps if e.args.get("ARG2") == v} - {None}
    return any(g.args.get("ARG1") in frames and (g.args.get("ARG2") in holders or g.arg0 in holders)
               for g in w.eps)


#: parts of a picture ("its lower portion", "its center"), not of a shape ("its side", "its edge", "its end")
_FRAME_PARTS = frozenset({"portion", "half", "part", "area", "section", "region", "center", "centre", "middle",
                          "quadrant", "third"})


def _of_forms(w: WorkingMRS) -> None:
    """"the triangle's left side" → "the left side of the triangle" (owner named, not "its")."""
    for p in list(w.live):
        if p.dead or p.pred != "poss":
            continue
        part, owner = p.args.get("ARG1", ""), p.args.get("ARG2", "")
        q, oq = w.quant_of.get(part), w.quant_of.get(owner)
        if q is None or q.pred != "def_explicit_q" or oq is None or oq.pred == "pronoun_q" or not is_var(owner, "x"):
            continue
        if not all(u.pred in _PART_PLACE_PREPS and u.args.get("ARG2") == part for u in _users(w, part, p, q)):
            continue  # "touches the square's left side", "next to its corner": which part is not recorded
        q.pred, q.carg = "_the_q", None
        p.pred = "_of_p"


def _users(w: WorkingMRS, v: str, *own: EP) -> list[EP]:
    """The live EPs outside ``v``'s restriction (and ``own``) that take ``v``."""
    rs = restriction(w, v)
    return [u for u in w.live if not u.dead and u not in rs and u not in own and v in u.args.values()]


def _own_part_places(w: WorkingMRS) -> None:
    """"along its lower-left side", "at its upper end": a vague place; "above its lower end": above it
    (see the module docstring)."""
    for e in list(w.live):
        v = e.args.get("ARG2", "")
        place = e.pred in REGION_PREPS and e.pred not in COMPANY_PREPS
        if e.dead or not (place or e.pred in SPATIAL_PREPS) or not is_var(v, "x"):
            continue
        q = w.quant_of.get(v)
        rs = restriction(w, v)
        if q is None or q.pred != "def_explicit_q" or not _own_part(rs, v):
            continue
        if _users(w, v, e, q):
            continue  # the part is said of more than the place
        holder = e.args.get("ARG1", "")
        if not place and _near_side(e, rs) and not _an_object(w, holder, e):  # "above its upper end": above it
            _its_shape(w, q, rs, v)  # (not "above the square, just above its upper edge": "its" is the square's)
            continue
        kill_entity(w, v)
        e.pred, e.carg, e.args = ATTR, "vague:place", {"ARG0": e.arg0 or "e?", "ARG1": subject_of(w, holder) or holder}


def _contacts_with_own_sides(w: WorkingMRS) -> None:
    """"overlapping its upper right", "touches the square's upper right corner": a contact with a
    shape's side or a named shape's part is a contact with the shape, needed but not enough (which part
    is not recorded). ("overlaps its lower right corner" is the placement rules' older reading: with it.)"""
    for c in list(w.live):
        v = c.args.get("ARG2", "")
        if c.dead or split_predicate(c.pred)[0] not in CONTACT_VERBS or not is_var(v, "x"):
            continue
        q = w.quant_of.get(v)
        rs = restriction(w, v)
        nouns = [n for n in rs if n.arg0 == v]
        owners = [p for p in w.live if not p.dead and p.pred == "poss" and p.args.get("ARG1") == v]
        if q is None or q.pred != "def_explicit_q" or len(nouns) != 1 or not (
                nouns[0].pred in OWN_SIDES or owners and _noun(nouns[0].pred) in PART_PLACE_NOUNS) or not all(
                a in nouns or a in owners or split_predicate(a.pred)[1] == "a" and a.args.get("ARG1") == v for a in rs):
            continue
        if _users(w, v, c, q, *owners):
            continue
        if owners and is_var(owners[0].args.get("ARG2"), "x"):  # "the square's upper right corner": the square
            c.args["ARG2"] = owners[0].args["ARG2"]
            w.kill(owners[0])
            kill_entity(w, v)
        elif owners:
            continue
        else:
            _its_shape(w, q, rs, v)
        if is_var(c.args.get("ARG1"), "x"):
            w.eps.append(EP(ATTR, c.label, {"ARG0": w.new_name("e"), "ARG1": c.args["ARG1"]}, "vague:part", c.key))


def _an_object(w: WorkingMRS, x: str, but: EP) -> bool:
    """Whether ``x`` is the object of something other than ``but`` ("above the square, just above its edge")."""
    return any(not u.dead and u is not but and u.args.get("ARG2") == x for u in w.live)


#: prepositions whose object may be a named shape's part read as "the part of the shape" (a place on it)
_PART_PLACE_PREPS = frozenset({"_on_p", "_at_p", "_in_p", "_along_p", "_to_p"})
#: the side words of a part that face the way of a relation ("above its upper end" is above it;
#: "below its top edge" may be inside it)
_NEAR_SIDES: dict[str, frozenset[str]] = {
    "y-rel-1": frozenset({"top", "upper"}), "over-rel1": frozenset({"top", "upper"}),
    "y-rel1": frozenset({"bottom", "lower"}),
}


def _near_side(e: EP, rs: list[EP]) -> bool:
    """Whether the part in ``rs`` faces the way of the spatial relation ``e`` (see :data:`_NEAR_SIDES`)."""
    kind = SPATIAL_PREPS.get(e.pred)
    sides = _NEAR_SIDES.get(f"{kind[0]}{kind[1]}", frozenset()) if kind else frozenset()
    words = {(_noun(a.pred) or split_predicate(a.pred)[0]) for a in rs}
    return bool(words & sides) and not words & (_ALL_SIDES - sides)


_ALL_SIDES = frozenset({"top", "upper", "bottom", "lower"})


def _its_shape(w: WorkingMRS, q: EP, rs: list[EP], v: str) -> None:
    """Make "its part" ``v`` (quantifier ``q``, restriction ``rs``) "it" ("their part": "they")."""
    noun = next(n for n in rs if n.arg0 == v)
    w.kill(*(a for a in rs if a is not noun))
    q.mods.plural = q.carg == "pl"
    q.pred, q.carg = "pronoun_q", None
    noun.pred, noun.args = "pron", {"ARG0": v}


def _own_part(rs: list, v: str) -> bool:
    """Whether ``rs`` is "its" + a part noun, with adjectives of that part only (no owner, no
    side noun of "to its right")."""
    nouns = [n for n in rs if n.arg0 == v and _noun(n.pred) is not None]
    if len(nouns) != 1 or nouns[0].pred in OWN_SIDES or _noun(nouns[0].pred) not in PART_PLACE_NOUNS:
        return False
    return all(a is nouns[0] or split_predicate(a.pred)[1] == "a" and a.args.get("ARG1") == v for a in rs)


def _noun(pred: str) -> str | None:
    """The lemma of a noun predicate, a word outside the vocabulary tagged as a noun included
    ("tip"); None for any other predicate."""
    unknown = unknown_word(pred)
    if unknown is not None:
        return unknown[0] if unknown[1].startswith("nn") else None
    lemma, pos, _ = split_predicate(pred)
    return lemma if pos == "n" else None


__all__ = ["PART_PLACE_NOUNS", "read_possessives"]
