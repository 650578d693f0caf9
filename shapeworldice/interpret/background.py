"""The picture's background and the company of shapes in descriptions ("on a black background",
"The background is black.", "a black background with three shapes", "a red square with a blue
circle", "including", "along with"), run by :func:`.placement.rewrite_placement`; the meanings are in
docs/descriptions.md ("Background and company").
"""
from __future__ import annotations

from ..semantics.appearance import color_word
from .picture_places import (
    EMPTY_ADJS, SCENE, empty_space, frames_of, kill_entity as _kill_entity, nothing, region_of,
    restriction as _restriction,
)
from .predicates import BACKGROUND_NOUNS, COORDINATIONS, REGION_PREPS, TONE_ADJS, color_of, split_predicate
from .working_mrs import EP, WorkingMRS, is_var

#: prepositions of company: the companion is there too
COMPANY_PREPS = frozenset({"_with_p", "_including_p", "_along+with_p"})


def there(e: EP, x: str) -> None:
    e.pred = "_be_v_there"
    e.args = {"ARG0": e.arg0 or "e?", "ARG1": x}
    e.carg = None


def _colour_words(eps: list[EP], v: str) -> list[str]:
    """The colour and tone words said of ``v`` in ``eps``."""
    out = []
    for e in eps:
        if e.pred == "_black_n_1" and e.arg0 == v:  # "on black"
            out.append("black")
        if e.args.get("ARG1") != v:
            continue
        palette = color_of(e.pred)
        lemma = split_predicate(e.pred)[0].replace("+", " ")
        if palette is not None:
            out.append(palette[0])
        elif color_word(lemma) is not None:
            out.append(color_word(lemma) or lemma)
        elif e.pred in TONE_ADJS:
            out.append(TONE_ADJS[e.pred])
    return out


#: nouns of the whole picture read as its background: "a simple scene with two shapes" says the shapes are there
SCENE_NOUNS = frozenset({"_scene_n_of"})


#: degree words of "mostly empty" ("almost empty", "nearly empty" say more, and stay unread)
_MOSTLY_WORDS = frozenset({"_mostly_a_1", "_largely_a_1", "_mainly_a_1", "_predominantly_a_1"})


def _mostly_empty(w: WorkingMRS, frames: set[str]) -> None:
    """"The background is mostly empty", "The image is largely empty (black space)": a claim on how
    much of the picture the shapes cover (a :class:`~.logic.Scene` ``coverage:mostly-empty``), said
    only of the background or the image, with nothing else said of it in the clause; "a mostly empty
    black background": the same claim, beside what is said of the background where it is used."""
    _most_of(w, frames)
    for e in list(w.live):
        x = e.args.get("ARG1")
        if e.dead or x is None or not (x in frames or any(
                n.pred in BACKGROUND_NOUNS and n.arg0 == x for n in _restriction(w, x))):
            continue
        if e.pred == "_be_v_id":
            _company_of_empty_space(w, e)
        if not (e.pred in EMPTY_ADJS and e.pred != "_black_a_1" or e.pred == "_be_v_id" and empty_space(
                w, e.args.get("ARG2"))):
            continue
        mostly = [m for m in w.live if not m.dead and m.pred in _MOSTLY_WORDS and m.args.get("ARG1") == e.arg0]
        users = [u for u in w.live if not u.dead and x in u.args.values() and not u.is_quantifier()
                 and u not in _restriction(w, x)]
        if len(mostly) != 1:
            continue
        if e in _restriction(w, x) and users:  # "a mostly empty black background": said where it is used
            w.kill(e, *mostly)
            w.eps.append(EP(SCENE, users[0].label, {"ARG0": w.new_name("e")}, "coverage:mostly-empty", e.key))
            continue
        if users != [e]:
            continue
        if e.pred == "_be_v_id":
            _kill_entity(w, e.args.get("ARG2", ""))
        w.kill(*mostly)
        _kill_entity(w, x)
        e.pred, e.args, e.carg = SCENE, {"ARG0": e.arg0 or "e?"}, "coverage:mostly-empty"
    w.reindex()


def _company_of_empty_space(w: WorkingMRS, e: EP) -> None:
    """"The image is mostly empty black space with only two shapes": the shapes "with" the space are
    there (as "with X" anywhere), and the space is the empty space of the picture."""
    z = e.args.get("ARG2", "")
    rs = _restriction(w, z)
    company = tuple(p for p in rs if p.pred in COMPANY_PREPS and p.args.get("ARG1") == z
                    and is_var(p.args.get("ARG2"), "x"))
    if company and empty_space(w, z, company):
        for p in company:
            p.label = e.label
            there(p, p.args["ARG2"])
        w.reindex()


def _most_of(w: WorkingMRS, frames: set[str]) -> None:
    """"Most of the image is empty (black space)": "The image is mostly empty" (the partitive "most
    of" the picture or its background, said to be empty, becomes "mostly" on the picture)."""
    for e in list(w.live):
        y = e.args.get("ARG1")
        q = w.quant_of.get(y or "")
        if e.dead or q is None or not (e.pred in EMPTY_ADJS and e.pred != "_black_a_1" or e.pred == "_be_v_id"
                                        and empty_space(w, e.args.get("ARG2"))):
            continue
        rs = _restriction(w, y or "")
        parts = [r for r in rs if r.pred == "part_of" and r.arg0 == y]
        if len(rs) != 2 or len(parts) != 1 or not any(r.pred == "much-many_a" and r.args.get("ARG1") == y for r in rs):
            continue
        x = parts[0].args.get("ARG1") or ""
        if not (x in frames or any(n.pred in BACKGROUND_NOUNS and n.arg0 == x for n in _restriction(w, x))):
            continue
        w.kill(q, *rs)
        e.args = {**e.args, "ARG1": x}
        w.eps.append(EP("_mostly_a_1", e.label, {"ARG0": w.new_name("e"), "ARG1": e.arg0 or ""}, None, e.key))
    w.reindex()


#: "surface" read as the background ("on a black surface"), unless it is something's ("the surface of the semicircle")
_SURFACES = frozenset({"_surface_n_1", "_surface/nn_u_unknown"})


def _surfaces_of_shapes(w: WorkingMRS) -> None:
    """"on the curved surface of the semicircle", "the square's surface": a part of a shape, not the
    picture's background; its noun becomes the relational "surface of", which nothing reads."""
    owned = {e.args.get("ARG1") for e in w.live if not e.dead and e.pred in ("_of_p", "poss")}
    for e in w.live:
        if not e.dead and e.pred in _SURFACES and e.arg0 in owned:
            e.pred = "_surface_n_of"
    w.reindex()


def _placed_on_the_background(w: WorkingMRS) -> None:
    """"two shapes on a black background, located in the lower part": the parser makes the background
    what is located; a background has no place in the picture, so the place is the shapes' on it."""
    for p in w.live:
        b = p.args.get("ARG1", "")
        if p.dead or p.pred not in REGION_PREPS or region_of(w, p.args.get("ARG2", "")) is None or not any(
                n.pred in BACKGROUND_NOUNS and n.arg0 == b for n in _restriction(w, b)):
            continue
        on = [e for e in w.live if not e.dead and e.pred in ("_on_p", "_against_p")
              and e.args.get("ARG2") == b and is_var(e.args.get("ARG1"), "x")]
        if any(not m.dead and m.args.get("ARG1") == p.arg0 for m in w.live):
            continue  # "mostly on the left side": a word on the place that would be lost
        if len(on) == 1:  # said where the shapes are said to be on the background
            p.args, p.label = {**p.args, "ARG1": on[0].args["ARG1"]}, on[0].label
    w.reindex()


def background(w: WorkingMRS) -> None:
    """"on a black background", "The background is black.", "a black background with X", "a scene with
    X"; "The image is black." (what shows of the image is its background); "The background is mostly
    empty" (:func:`_mostly_empty`); "X on a black background, located ..." (:func:`_placed_on_the_background`)."""
    _surfaces_of_shapes(w)
    _placed_on_the_background(w)
    frames = frames_of(w)
    _mostly_empty(w, frames)
    frames = frames_of(w)
    _black_with_company(w, frames)
    for e in w.live:
        x = e.args.get("ARG1")
        if not e.dead and x in frames and e.pred != "_of_p" and e not in _restriction(w, x or ""):
            said = _colour_words([e], x or "")
            if said and len([u for u in w.live if not u.dead and x in u.args.values() and u not in _restriction(
                    w, x or "") and not u.is_quantifier()]) == 1:
                _scene(e, said[0])
                _kill_entity(w, x or "")
    w.reindex()
    for v in list(w.quant_of):
        rs = _restriction(w, v)
        if not any((e.pred in BACKGROUND_NOUNS or e.pred in SCENE_NOUNS) and e.arg0 == v for e in rs):
            continue
        said = _colour_words(rs, v)
        users = [e for e in w.live if not e.dead and e not in rs and v in e.args.values() and not e.is_quantifier()]
        claim_placed = False
        for e in users:
            said_here = _colour_words([e], v)
            if e.args.get("ARG1") == v and is_var(e.args.get("ARG2"), "x"):  # "a background with X"
                there(e, e.args["ARG2"])
            elif said_here:  # "The background is black."
                _scene(e, said_here[0])
                claim_placed = True
            elif not claim_placed and said:  # "on a black background": the PP's place takes the claim
                _scene(e, said[0])
                claim_placed = True
            else:  # says nothing more of the image, and keeps its place in the scope tree
                nothing(e)
        _kill_entity(w, v)


def _black_with_company(w: WorkingMRS, frames: set[str]) -> None:
    """"The image is (almost entirely) black, with two small shapes near the bottom.": the parser
    reads "black" as a noun that has the shapes; the image's background is black and the shapes are
    there (the "with"-phrase moves out of the noun, to the clause)."""
    for e in list(w.live):
        z = e.args.get("ARG2")
        q = w.quant_of.get(z or "")
        if e.dead or e.pred != "_be_v_id" or e.args.get("ARG1") not in frames or q is None or q.pred != "udef_q":
            continue
        rs = _restriction(w, z or "")
        nouns = [n for n in rs if n.arg0 == z and n.pred == "_black_n_1"]
        company = [c for c in rs if c.pred in COMPANY_PREPS and c.args.get("ARG1") == z]
        if len(nouns) != 1 or len(rs) != 1 + len(company):
            continue
        for c in company:
            c.label = e.label
        w.reindex()
        _kill_entity(w, z or "")
        _kill_entity(w, e.args.get("ARG1", ""))
        _scene(e, "black")
    w.reindex()


def _scene(e: EP, colour: str) -> None:
    e.pred = SCENE
    e.args = {"ARG0": e.arg0 or "e?"}
    e.carg = f"background:{colour}"


def company(w: WorkingMRS) -> None:
    """"with X", "including X", "along with X": X is there too. A list whose items are placed by
    "it" ("a square with a rectangle above it and an ellipse below it") is each item there, so that
    each item's "it" finds the square as a single companion's does."""
    for e in list(w.live):
        if not e.dead and e.pred in COMPANY_PREPS and is_var(e.args.get("ARG2"), "x"):
            items = _placed_items(w, e.args["ARG2"], e)
            there(e, items[0])
            w.eps.extend(EP("_be_v_there", e.label, {"ARG0": w.new_name("e"), "ARG1": x}, None, e.key)
                         for x in items[1:])
    w.reindex()


def _placed_items(w: WorkingMRS, v: str, user: EP) -> list[str]:
    """The items of the "and" list ``v`` when the first ones are placed by a pronoun and the rest are
    not ("with A above it and B below it", "with A above it and B") and ``user`` alone says something
    of the list (its coordinations go), else ``[v]``."""
    def items(x: str) -> list[str] | None:
        rs = _restriction(w, x)
        q = w.quant_of.get(x)
        if q is None or q.pred != "udef_q" or len(rs) != 1 or rs[0].pred not in ("_and_c", "implicit_conj"):
            return [x] if q is not None else None
        if any(u is not user and x in u.args.values() and u not in rs and not u.is_quantifier() and u.pred not in
               COORDINATIONS for u in w.live if not u.dead):
            return None
        left, right = items(rs[0].args.get("ARG1", "")), items(rs[0].args.get("ARG2", ""))
        return None if left is None or right is None else left + right
    found = items(v)
    if found is None or len(found) < 2:
        return [v]
    placed = [any(w.quant_of.get(u, user).pred in ("pronoun_q", "def_explicit_q")
                  for e in _restriction(w, x) for r, u in e.args.items() if r != "ARG0") for x in found]
    if placed != sorted(placed, reverse=True) or not placed[0]:
        return [v]  # none placed by a pronoun, or one after an item it may mean ("A, B to its left")
    done = {v}
    while done:
        x = done.pop()
        rs = _restriction(w, x)
        if len(rs) == 1 and rs[0].pred in ("_and_c", "implicit_conj"):
            done.update(u for u in (rs[0].args.get("ARG1"), rs[0].args.get("ARG2")) if u and u not in found)
            w.kill(rs[0], w.quant_of[x])
    return found


__all__ = ["COMPANY_PREPS", "background", "company", "there"]
