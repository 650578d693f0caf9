"""Places of the picture: what a noun phrase names as a place ("the upper left corner", "the left
half of the image"), the claims on a shape's own position that places make ("in the upper left",
"near the bottom, on the left"), and places said to be empty ("The left half of the image is
empty."). Run by :func:`.placement.rewrite_placement`; the meanings are in docs/descriptions.md.
"""
from __future__ import annotations

from .antecedents import UNREAD, names_a_shape
from .errors import UninterpretableMRS
from .predicates import (
    BACKGROUND_NOUNS, COORDINATIONS, ENTITY_NOUNS, FRAME_NOUNS, NEAR_PREPS, OUTSIDE_WORDS, REGION_MODIFIERS,
    REGION_NOUNS, REGION_PHRASES, REGION_PREPS, SIDE_NOUNS, SPATIAL_PREPS, color_of, split_predicate,
)
from ..semantics.appearance import color_word
from .place_names import AXIS_ADVERBS, AXIS_LINES, SOME_CORNER, THIRD, axis_of_place, one_corner, place_name
from .working_mrs import EP, WorkingMRS, is_var

#: an EP standing for an :class:`~.logic.Attr` (``carg`` = "kind:value", ``ARG1`` the entity) or a
#: :class:`~.logic.Scene` (``carg`` = "kind:value")
ATTR = "ATTR"
SCENE = "SCENE"
#: an EP that says nothing (a claim the world model does not record, dropped)
NOTHING = "NOTHING"


def nothing(e: EP) -> None:
    """Make ``e`` say nothing (``NOTHING``, true), keeping its place in the scope tree."""
    e.pred = NOTHING
    e.args = {"ARG0": e.arg0 or "e?"}
    e.carg = None


def restriction(w: WorkingMRS, v: str) -> list[EP]:
    q = w.quant_of.get(v)
    return w.at(w.rstr_label(q)) if q is not None else []


def nouns_of(w: WorkingMRS, v: str | None) -> list[EP]:
    """The nouns of ``v``'s restriction that are said of ``v`` itself."""
    return [n for n in restriction(w, v or "") if n.arg0 == v and split_predicate(n.pred)[1] == "n"]


def kill_entity(w: WorkingMRS, v: str) -> None:
    """Kill ``v``'s quantifier and restriction, and the quantifiers of nouns compounded into it."""
    q = w.quant_of.get(v)
    if q is None:
        return
    for e in restriction(w, v):
        if e.pred == "compound" and is_var(e.args.get("ARG2"), "x") and e.args["ARG2"] != v:
            kill_entity(w, e.args["ARG2"])
        w.kill(e)
    w.kill(q)


#: what a place of the picture is when nothing is there ("empty", "blank", "plain black")
EMPTY_ADJS = frozenset({"_empty_a_1", "_empty_a_of", "_blank_a_1", "_bare_a_1", "_vacant_a_1", "_black_a_1"})
#: what a place of the picture is said to be instead ("empty black space", "plain black")
_EMPTY_NOUNS = frozenset({"_space_n_1", "_black_n_1", "_void_n_1", "_darkness_n_1"})
#: "mostly / largely empty": a place with at most this many shapes in it (also the hedges "relatively /
#: fairly / somewhat / rather empty": how few is not said either)
MOSTLY_EMPTY = 2
MOSTLY = frozenset({"_mostly_a_1", "_largely_a_1", "_mainly_a_1", "_almost_a_1", "_nearly_a_1",
                     "_predominantly_a_1", "_relatively_a_1", "_fairly_a_1", "_somewhat_a_1", "_rather_a_1",
                     "_comparatively_a_1"})


def rest_of_the_picture(w: WorkingMRS) -> None:
    """"The rest of the image is empty (black space) / contains nothing", "There is nothing else (in
    the image)": no shapes besides those
    named before, read as "There are no other shapes." (so vague after a sentence left unread or after
    shapes named as a group or counted, and with nothing named before). A place it includes ("The
    rest of the image, including the entire left side, is empty.") is part of the rest, so it says
    nothing more (the named shapes may be there). "The background / image is otherwise empty (black)"
    is the rest of the image. "mostly empty" stays unread (how much is not said)."""
    for e in list(w.live):
        y = e.args.get("ARG1")
        q = w.quant_of.get(y or "")
        if not e.dead and e.pred == "_be_v_there" and _nothing(w, y, else_only=True) and any(
                not r.dead and r.key < e.key and (r.pred == UNREAD or r.is_quantifier() and names_a_shape(w, r))
                for r in w.live):  # "There is nothing else." after shapes (with none, a vague word)
            _no_other_shape(w, restriction(w, y or "")[0], e.key)
            continue
        if e.dead or y is None or q is None or q.pred != "_the_q":
            continue
        rs = restriction(w, y)
        if len(rs) == 1 and (rs[0].pred in FRAME_NOUNS or rs[0].pred in BACKGROUND_NOUNS):
            otherwise = [m for m in w.live
                         if not m.dead and m.pred == "_otherwise_a_1" and m.args.get("ARG1") == e.arg0]
            if not otherwise:
                continue
            w.kill(*otherwise)  # "The background is otherwise empty.": the rest of the image is empty
            rs[0].pred = "_rest_n_1"
        if len(rs) != 1 or rs[0].pred != "_rest_n_1" or any(
                m.pred in MOSTLY and m.args.get("ARG1") == e.arg0 for m in w.live if not m.dead):
            continue
        z = e.args.get("ARG2")
        if e.pred == "_be_v_id" and empty_space(w, z) or e.pred == "_contain_v_1" and _nothing(w, z):
            kill_entity(w, z or "")
        elif e.pred not in EMPTY_ADJS:
            continue
        for inc in w.live:  # "including the entire left side": of the rest, so nothing more is said
            if not inc.dead and inc.pred == "_including_p" and inc.args.get("ARG1") == y and _places(
                    w, inc.args.get("ARG2")):
                kill_entity(w, inc.args.get("ARG2", ""))
                inc.pred, inc.args, inc.carg = NOTHING, {"ARG0": inc.arg0 or "e?"}, None
        q.pred = "_no_q"
        _no_other_shape(w, rs[0], e.key)
        e.pred, e.args, e.carg = "_be_v_there", {"ARG0": e.arg0 or "e?", "ARG1": y}, None
    w.reindex()


def _no_other_shape(w: WorkingMRS, noun: EP, key: tuple[int, int]) -> None:
    """Make the noun of a ``_no_q`` say "other shape" (so "no other shapes")."""
    noun.pred = "_shape_n_1"
    w.eps.append(EP("_other_a_1", noun.label, {"ARG0": w.new_name("e"), "ARG1": noun.arg0 or ""}, None, key))


def _nothing(w: WorkingMRS, z: str | None, else_only: bool = False) -> bool:
    """Whether ``z`` is "nothing", "nothing else" or "nothing but black space" (a ``_no_q`` over a
    thing or "else"; with ``else_only``, "else" only)."""
    q = w.quant_of.get(z or "")
    rs = restriction(w, z or "")
    return q is not None and q.pred == "_no_q" and len(rs) == 1 and rs[0].pred in (
        ("_else_n_1",) if else_only else ("thing", "_else_n_1"))


#: verbs of a place that has shapes in it ("The lower half contains / holds / features X"): X is there
_CONTAINING_VERBS = frozenset({"_contain_v_1", "_have_v_1", "_include_v_1", "_feature_v_1", "_hold_v_1",
                               "_show_v_1", "_display_v_1"})


def empty_places(w: WorkingMRS) -> None:
    """"The left half of the image is empty", "The bottom is empty black space", "The right side
    contains nothing": no shape is in that place ("No shape is in the left half.", each shape's
    place read as "in the left half" is, with its margins); "mostly empty": true when at most
    :data:`MOSTLY_EMPTY` shapes can be there, else vague (how few is "mostly" is not decided)."""
    for e in list(w.live):
        if e.dead:
            continue
        y = e.args.get("ARG1")
        places = _places(w, y)
        if not places or y is None:
            continue
        if e.pred in _CONTAINING_VERBS and places == [y]:
            _contained(w, e, y)
            continue
        if e.pred == "_be_v_id" and empty_space(w, e.args.get("ARG2")):  # "is empty black space"
            kill_entity(w, e.args.get("ARG2", ""))
        elif e.pred not in EMPTY_ADJS:
            continue
        mostly = [m for m in w.live if not m.dead and m.pred in MOSTLY and m.args.get("ARG1") == e.arg0]
        if places != [y]:  # "the left side and the bottom": each is empty; the list goes
            for c in restriction(w, y):
                w.kill(c)
            w.kill(w.quant_of[y])
        for k, place in enumerate(places):
            claim = e if k == 0 else EP("_in_p", e.label, {"ARG0": w.new_name("e")}, None, e.key)
            if k:
                w.eps.append(claim)
            z = _no_shape_in(w, claim, place, MOSTLY_EMPTY if mostly else 0)
            for m in mostly[:1]:  # vague of each shape: never false, true when at most that many can be there
                w.eps.append(EP(ATTR, e.label, {"ARG0": w.new_name("e"), "ARG1": z}, "vague:mostly", m.key))
        w.kill(*mostly)
    w.reindex()


def _contained(w: WorkingMRS, e: EP, y: str) -> None:
    """"The right side contains nothing": no shape is in it; "The lower half contains a large
    square": a large square is in it (what is contained is said to be in the place)."""
    z = e.args.get("ARG2")
    if not is_var(z, "x") or z not in w.quant_of or z in frames_of(w) or region_of(w, z or "") is not None:
        return
    assert z is not None
    if w.quant_of[z].pred == "_no_q":
        for n in restriction(w, z):
            if n.arg0 == z and n.pred in ("thing", *ENTITY_NOUNS):
                n.pred = "_shape_n_1"
    e.pred, e.args = "_in_p", {"ARG0": e.arg0 or "e?", "ARG1": z, "ARG2": y}


def empty_space(w: WorkingMRS, z: str | None, besides: tuple[EP, ...] = ()) -> bool:
    """Whether ``z`` is "empty black space", "plain black" (what a place is when nothing is there),
    leaving out of its restriction the EPs ``besides``."""
    rs = [r for r in restriction(w, z or "") if r not in besides]
    return bool(rs) and any(n.arg0 == z and n.pred in _EMPTY_NOUNS for n in rs) and all(
        n.pred in _EMPTY_NOUNS or n.pred in EMPTY_ADJS or split_predicate(n.pred)[0] in OUTSIDE_WORDS for n in rs)


def _places(w: WorkingMRS, y: str | None, seen: frozenset[str] = frozenset()) -> list[str]:
    """The places of the picture ``y`` names: itself ("the left half"), the items of a list of
    places ("the left side and the bottom"), or none."""
    q = w.quant_of.get(y or "")
    if q is None or y is None or y in seen:
        return []
    if q.pred == "_the_q":
        return [y] if region_of(w, y) else []
    coords = [c for c in restriction(w, y) if c.pred in COORDINATIONS and c.arg0 == y]
    if seen and not coords and q.pred == "udef_q":  # "the top and left portions of the image": "the" of both
        return [y] if region_of(w, y) else []
    if q.pred != "udef_q" or len(coords) != 1 or coords[0].pred == "_or_c":
        return []
    items = [_places(w, coords[0].args.get(r), seen | {y}) for r in ("ARG1", "ARG2")]
    return items[0] + items[1] if all(items) else []


def _no_shape_in(w: WorkingMRS, e: EP, place: str, at_most: int) -> str:
    """Make ``e`` say that at most ``at_most`` shapes (none when 0) are in ``place``; their variable."""
    z, label, noun, rstr, body = w.new_name("x"), w.new_name("h"), w.new_name("h"), w.new_name("h"), w.new_name("h")
    q = EP("_no_q" if at_most == 0 else "udef_q", label, {"ARG0": z, "RSTR": rstr, "BODY": body}, None, e.key)
    if at_most:
        q.mods.card, q.mods.degree, q.mods.plural = at_most, "leq", True
    w.eps.extend([q, EP("_shape_n_1", noun, {"ARG0": z}, None, e.key)])
    w.qeq[rstr] = noun
    e.pred, e.args, e.carg = "_in_p", {"ARG0": e.arg0 or "e?", "ARG1": z, "ARG2": place}, None
    return z


#: "right of" / "left of" the picture, on a place noun: that side ("the center right of the image")
_SIDES_OF_THE_FRAME = {"_right+of_p": "right", "_left+of_p": "left"}
_OF_THE_FRAME = frozenset({"_of_p", *_SIDES_OF_THE_FRAME})


def region_of(w: WorkingMRS, y: str) -> str | None:
    """The place a noun phrase names ("the upper left corner" → "left+top"), "" for a place too
    vague to decide ("the edge", "its left side"), None when ``y`` is not a place of the picture."""
    parts: set[str] = set()
    edge = corner = third = False
    for e in restriction(w, y):
        lemma, pos, _ = split_predicate(e.pred)
        if e.pred in (SCENE, ATTR, NOTHING):  # "the bottom on a black background": a claim of its own
            continue
        if pos == "n" and e.arg0 == y or e.pred == "compound" or pos == "n":
            if e.pred == "compound":  # "left portions", "the upper-middle area": the place before the place noun
                for n in restriction(w, e.args.get("ARG2", "")):
                    inner, inner_pos, _ = split_predicate(n.pred)
                    word = (REGION_NOUNS if inner_pos == "n" else REGION_MODIFIERS).get(inner, "") or ""
                    parts.update(p for p in word.split("+") if p in ("top", "bottom", "left", "right", "centre"))
                continue
            if lemma not in REGION_NOUNS and lemma != THIRD:
                return None
            word = REGION_NOUNS.get(lemma, lemma)
            edge |= word == "edge"
            corner |= word == "corner"
            third |= word == THIRD
            parts.update(p for p in word.split("+") if p in ("top", "bottom", "left", "right", "centre"))
        elif e.pred == "_of_p" or e.pred in _SIDES_OF_THE_FRAME:  # "of the image", "(the center) right of the image"
            if e.args.get("ARG2") not in frames_of(w) or e.args.get("ARG1") != y and e.pred != "_of_p":
                return None
            parts.update(_SIDES_OF_THE_FRAME.get(e.pred, "").split()[:1])
        elif pos in ("a",) or e.pred.startswith("_left_a") or e.pred.startswith("_right_a"):
            if lemma not in REGION_MODIFIERS:
                return None
            parts.update(p for p in REGION_MODIFIERS[lemma].split("+") if p)
        elif e.pred == "superl":
            continue
        elif FRAME_NOUNS and e.pred in FRAME_NOUNS:
            continue
        else:
            return None
    q = w.quant_of.get(y)
    if q is not None and q.pred == "def_explicit_q":  # "along its lower-left side": a part of a shape
        return ""  # ("its", "their": the ERG leaves no owner here), not a place of the picture: vague
    return place_name(parts, edge, corner, third)


#: words said of a frame's adjective that add nothing to where a place is ("an otherwise black image")
FRAME_DEGREES = frozenset({"_otherwise_a_1", "_mostly_a_1", "_entirely_a_1", "_completely_a_1", "_solid_a_1"})


def frames_of(w: WorkingMRS) -> set[str]:
    """Variables of "the image"/"the picture"...: a quantifier whose restrictor is a frame noun (with
    adjectives of its own: "a black image", "the entire picture")."""
    out = set()
    for v, q in w.quant_of.items():
        rs = w.at(w.rstr_label(q))
        events = {e.arg0 for e in rs if e.arg0 is not None and is_var(e.arg0, "e")}
        if rs and any(e.pred in FRAME_NOUNS and e.arg0 == v for e in rs) and all(
                e.pred in FRAME_NOUNS and e.arg0 == v or split_predicate(e.pred)[1] == "a" and e.args.get("ARG1") == v
                or e.pred in FRAME_DEGREES and e.args.get("ARG1") in events  # "an otherwise black image"
                for e in rs):
            out.add(v)
    return out


def subject_of(w: WorkingMRS, v: str | None, one_place: bool = False) -> str | None:
    """The entity a PP is about: itself, or the subject of the event it modifies (the first entity
    argument; with ``one_place``, the only one, None where the event has several)."""
    if v is None or is_var(v, "x"):
        return v
    found = [e.args[role] for e in w.live if not e.dead and e.arg0 == v and not e.is_quantifier()
             for role in ("ARG1", "ARG2") if is_var(e.args.get(role), "x")]
    if one_place:
        return found[0] if len(found) == 1 else None
    return found[0] if found else None


#: "outside the frame", "off the right edge", "past the edge": a shape partly out of the picture,
#: which the world model does not decide (a vague place, never false)
BEYOND_PREPS = frozenset({"_outside_p", "_out+of_p", "_off_p", "_beyond_p", "_past_p"})
#: "above / below / left of / right of the middle": the half of the picture on that side
_SIDE_OF_CENTRE = {"_above_p": "top", "_over_p": "top", "_below_p": "bottom", "_under_p": "bottom",
                   "_beneath_p": "bottom", "_left+of_p": "left", "_right+of_p": "right"}


#: verbs of a shape reaching past the frame ("runs off the right edge", "is cut off by the left
#: edge"); the verb adds nothing, but the place it names stays with the shape
_PAST_THE_FRAME_VERBS = frozenset({"run", "extend", "stick", "peek", "poke", "stretch", "cut", "cut+off", "crop"})
#: verbs that alone say a shape is partly out of the picture ("The cross is partly cut off.")
_CUT_OFF_VERBS = frozenset({"cut+off", "crop", "clip", "truncate"})
#: prepositions that name an edge the shape reaches past ("cut off by / at the right edge")
_EDGE_PREPS = frozenset({"_by_p", "_at_p"})


def places_past_the_frame(w: WorkingMRS) -> None:
    """"A red square runs off the right edge.", "The circle is cut off by the bottom edge.": the shape
    is partly out of the picture there, which the world model does not decide; the place is vague of
    the shape (read by :func:`regions`), never dropped with the verb, which would make the claim
    true wherever the shape is. A verb of cutting off alone ("is partly cut off") is vague too."""
    for v in list(w.live):
        lemma, pos, _ = split_predicate(v.pred)
        if v.dead or v.arg0 is None or pos != "v" or lemma.split("/")[0] not in _PAST_THE_FRAME_VERBS | _CUT_OFF_VERBS:
            continue
        subject = next((v.args[r] for r in ("ARG2", "ARG1") if is_var(v.args.get(r), "x")
                        and (r == "ARG2" or lemma.split("/")[0] not in _CUT_OFF_VERBS)), None)
        if subject is None:
            continue
        placed = False
        for p in w.live:
            y = p.args.get("ARG2")
            if (p.dead or p.args.get("ARG1") != v.arg0 or p.pred not in BEYOND_PREPS | _EDGE_PREPS | {"_to_p"}
                    or not is_var(y, "x") or y not in w.quant_of):
                continue
            assert y is not None
            place = region_of(w, y)
            if place is None or p.pred == "_to_p" and not place.endswith("-edge"):
                continue
            # "extends to the right edge": at that edge; "off / past / cut off by the edge": vague
            p.pred, p.args = "_at_p" if p.pred == "_to_p" else "_off_p", {**p.args, "ARG1": subject}
            placed = True
        if not placed and lemma.split("/")[0] in _CUT_OFF_VERBS:
            w.eps.append(EP(ATTR, v.label, {"ARG0": w.new_name("e"), "ARG1": subject}, "vague:place", v.key))
    w.reindex()


def company_of_places(w: WorkingMRS) -> None:
    """"a red square at the top, with a blue rectangle at the bottom": the parser hangs "with …" on
    "the top"; a place of the picture has no company, so it is the shape's that the place is said of."""
    for e in list(w.live):
        y = e.args.get("ARG1")
        if e.dead or e.pred != "_with_p" or not is_var(y, "x") or y not in w.quant_of:
            continue
        assert y is not None
        if w.quant_of[y].pred != "_the_q" or not any(
                n.arg0 == y and split_predicate(n.pred)[0] in REGION_NOUNS and split_predicate(n.pred)[1] == "n"
                for n in restriction(w, y)):
            continue
        places = [p for p in w.live if not p.dead and p.pred in REGION_PREPS and p.args.get("ARG2") == y]
        subject = subject_of(w, places[0].args.get("ARG1")) if len(places) == 1 else None
        if subject is None or subject not in w.quant_of:
            continue
        e.args = {**e.args, "ARG1": subject}
        listed = any(c.pred in COORDINATIONS and c.arg0 == subject for c in restriction(w, subject))
        # a list's restriction is its coordination alone: the company of "A and B are on the right,
        # with C" is said in the clause
        e.label = places[0].label if listed else w.rstr_label(w.quant_of[subject])
    w.reindex()


def _middle_on_one_axis(w: WorkingMRS, e: EP) -> str:
    """"in the middle vertically" (the adverb is killed), "in the vertical middle" (the lexicon's
    axis on the place noun) and "across the middle" (the horizontal band) name the middle along one
    axis only ("mid-height" / "mid-width"); else the centre. An adverb before the place ("stands
    vertically in the middle") is the shape's look, not the axis."""
    for m in w.live:
        if not m.dead and axis_of_place(m, e):
            w.kill(m)
            return AXIS_ADVERBS[m.pred]
    for m in restriction(w, e.args.get("ARG2", "")):  # "across / along the horizontal middle": the line
        if m.pred in AXIS_ADVERBS:
            return AXIS_ADVERBS[AXIS_LINES[m.pred]] if e.pred in ("_across_p", "_along_p") else AXIS_ADVERBS[m.pred]
    return "mid-height" if e.pred == "_across_p" else "centre"


def _places_after_the_frame(w: WorkingMRS) -> None:
    """"on the left side of the image, a little above the middle": the parser hangs the second place
    on "the image"; it is the shape's, as in "on the left side, a little above the middle"."""
    for p in list(w.live):
        frame = p.args.get("ARG1", "")
        q = w.quant_of.get(frame)
        if p.dead or p.pred not in _SIDE_OF_CENTRE or q is None or p.label != w.rstr_label(q):
            continue
        of = [e for e in w.live if not e.dead and e.pred == "_of_p" and e.args.get("ARG2") == frame]
        outer = [e for e in w.live if not e.dead and e.pred in REGION_PREPS and len(of) == 1
                 and e.args.get("ARG2") == of[0].args.get("ARG1") and is_var(e.args.get("ARG1"), "x")]
        degrees = [m for m in w.at(p.label) if m.args.get("ARG1") == p.arg0 or m.pred == NOTHING]  # "a little"
        if len(outer) != 1 or not all(e.pred in FRAME_NOUNS and e.arg0 == frame
                                      for e in w.at(p.label) if e is not p and e not in degrees):
            continue
        for m in degrees:
            m.label = outer[0].label
        p.label, p.args = outer[0].label, {**p.args, "ARG1": outer[0].args["ARG1"]}
    w.reindex()


def regions(w: WorkingMRS) -> None:
    """"in the upper left", "at the top", "near the right edge", "below the middle", "touching the
    right edge": ``ATTR`` region of the subject."""
    _colour_lists_of_places(w)
    _places_after_the_frame(w)
    _stacked_places(w)
    _region_phrases(w)
    for e in list(w.live):
        if e.dead:
            continue
        side = _SIDE_OF_CENTRE.get(e.pred)
        touching = split_predicate(e.pred)[0] in ("touch", "meet") and split_predicate(e.pred)[1] == "v"
        beyond = e.pred in BEYOND_PREPS
        if e.pred not in REGION_PREPS and side is None and not touching and not beyond:
            continue
        y = e.args.get("ARG2")
        if not is_var(y, "x") or y not in w.quant_of:
            continue
        assert y is not None
        place = region_of(w, y)
        if place is None:
            continue
        if side is not None:  # "below the middle": only of the centre, and then the half below it
            if place != "centre":
                continue
            place = side
        if place == "centre":
            place = _middle_on_one_axis(w, e)
        subject = subject_of(w, e.args.get("ARG1"))
        if (touching and not place.endswith("-edge") or beyond
                or place == SOME_CORNER and not one_corner(w.quant_of.get(subject or ""), w.quant_of.get(y),
                                                            y, restriction(w, y), frames_of(w))):
            place = ""
        if e.pred in ("_toward_p", "_towards_p"):  # "toward the right (side)": a leaning
            place = "+".join(f"toward-{p}" if p in ("left", "right", "top", "bottom") else p
                             for p in place.split("+"))
        for claim in restriction(w, y):  # a background said of the place keeps its claim
            if claim.pred == SCENE:
                claim.label = e.label
            elif claim.pred in _OF_THE_FRAME and claim.args.get("ARG2") in w.quant_of:  # "... of the image"
                kill_entity(w, claim.args["ARG2"])
        kill_entity(w, y)
        if subject is None:
            w.kill(e)
            continue
        e.pred = ATTR
        e.carg = f"region:{place}" if place else "vague:place"
        e.args = {"ARG0": e.arg0 or "e?", "ARG1": subject}
    w.reindex()
    _merge_places(w)
    _unplaced(w)


def _merge_places(w: WorkingMRS) -> None:
    """Places said together of one shape are one place: "on the left side, around the middle" is
    the left of the middle band ("centre" then holds on the axis the other place leaves free)."""
    seen: dict[tuple[str, str], EP] = {}
    for e in w.live:
        if e.dead or e.pred != ATTR or not (e.carg or "").startswith("region:"):
            continue
        key = (e.args.get("ARG1", ""), e.label)
        first = seen.setdefault(key, e)
        if first is not e:
            parts = sorted(set((first.carg or "")[7:].split("+")) | set((e.carg or "")[7:].split("+")))
            first.carg = "region:" + "+".join(parts)
            w.kill(e)
    w.reindex()


def _stacked_places(w: WorkingMRS) -> None:
    """"near the bottom, on the left", "on the right side, lower down": a place after a place says
    where the shape is too (the parser attaches it to the first place's noun)."""
    for e in list(w.live):
        y = e.args.get("ARG2")
        if e.dead or e.pred not in REGION_PREPS or not is_var(y, "x") or y not in w.quant_of:
            continue
        moved = []
        rs = restriction(w, y or "")
        for m in rs:
            place = m.args.get("ARG2")
            pos = split_predicate(m.pred)[1]
            one_phrase = pos == "p" and place is None  # "lower down", "left of center"
            if m.args.get("ARG1") == y and m.pred != "_of_p" and (one_phrase or _stacked(w, m, place)):
                moved.append((m, m.args["ARG1"], m.label))
                m.args["ARG1"], m.label = e.args.get("ARG1", "i?"), e.label
                for a in rs:  # its adverbs ("slightly right of center")
                    if a is not m and a.args.get("ARG1") == m.arg0 and m.arg0 is not None:
                        moved.append((a, a.args["ARG1"], a.label))
                        a.label = e.label
        if moved:
            w.reindex()
            if not region_of(w, y or ""):  # not a place after all: as it was
                for m, arg1, label in moved:
                    m.args["ARG1"], m.label = arg1, label
                w.reindex()


def _colour_lists_of_places(w: WorkingMRS) -> None:
    """"three triangles at the top of the image, yellow, gray and red": the parser says the colour
    list of the place's noun; a place of the picture has no colour, so the list is the shapes' (read
    as the same list after the shapes' noun is). Only a list (two colours or more, coordinated)."""
    for e in list(w.live):
        y = e.args.get("ARG2")
        if e.dead or e.pred not in REGION_PREPS or not is_var(y, "x") or y not in w.quant_of:
            continue
        subject = subject_of(w, e.args.get("ARG1"))
        nouns = nouns_of(w, subject)
        if subject is None or len(nouns) != 1:
            continue
        frame = [o.args.get("ARG2") for o in restriction(w, y or "") if o.pred == "_of_p" and o.args.get("ARG1") == y]
        holder = frame[0] if len(frame) == 1 and any(  # "at the top of the image, ..."
            n.pred in FRAME_NOUNS and n.arg0 == frame[0] for n in restriction(w, frame[0] or "")) else y
        rs = restriction(w, holder or "")
        # only a list after the place's noun: "the black and white image" says the image's colours
        heads = [n.key[0] for n in rs if n.arg0 == holder and split_predicate(n.pred)[1] == "n"]
        colours = [a for a in rs if a.args.get("ARG1") == holder and len(a.args) == 2 and _colour_adjective(a)
                   and heads and a.key[0] > min(heads)]
        events, joints = {a.arg0 for a in colours}, []
        found = True
        while found:  # "yellow, gray and red": the inner "and" first
            found = False
            for c in rs:
                if c.pred in COORDINATIONS and c not in joints and {c.args.get("ARG1"), c.args.get("ARG2")} <= events:
                    joints.append(c)
                    events.add(c.arg0)
                    found = True
        if not joints or len(joints) != len(colours) - 1:
            continue
        moved = [(m, m.label, dict(m.args)) for m in colours + joints]
        for m in colours:
            m.args = {**m.args, "ARG1": subject or ""}
        for m, _, _ in moved:
            m.label = nouns[0].label
        w.reindex()
        if not region_of(w, y or ""):  # not a place after all: as it was
            for m, label, args in moved:
                m.label, m.args = label, args
            w.reindex()


def is_colour(e: EP) -> bool:
    """Whether ``e`` is a colour word (of the palette or the colour table, "salmon-red" included)."""
    lemma = split_predicate(e.pred)[0].split("/", 1)[0]
    return color_of(e.pred) is not None or color_word(lemma.replace("+", " ").lower()) is not None


def _colour_adjective(e: EP) -> bool:
    return split_predicate(e.pred)[1] == "a" and is_colour(e)


def _stacked(w: WorkingMRS, m: EP, place: str | None) -> bool:
    """Whether ``m``, said of a place's noun, says where the shape is: a place of the picture ("near
    the bottom, on the left"), the side of the centre ("on the right side, below the middle"), or a
    relation to a shape ("on the right edge below a green triangle", "at the bottom, just right of
    the cross", "at the top next to a gray triangle": an edge or a side is not below, right of or
    next to a shape; the shape is)."""
    if not is_var(place, "x") or place not in w.quant_of:
        return False
    assert place is not None
    lemma, pos, _ = split_predicate(m.pred)
    region = region_of(w, place)
    if (m.pred in REGION_PREPS or m.pred in BEYOND_PREPS or lemma in ("touch", "meet") and pos == "v") \
            and region is not None:
        return True
    if m.pred in _SIDE_OF_CENTRE and region == "centre":
        return True
    return (m.pred in SPATIAL_PREPS or m.pred in NEAR_PREPS) and region is None and place not in frames_of(w)


def _region_phrases(w: WorkingMRS) -> None:
    """"left of center", "below the middle" as one phrase of the lexicon: the place of its subject."""
    for e in w.live:
        if not e.dead and e.pred in REGION_PHRASES:
            subject = subject_of(w, e.args.get("ARG1"))
            if subject is not None:
                e.carg = f"region:{REGION_PHRASES[e.pred]}"
                e.pred = ATTR
                e.args = {"ARG0": e.arg0 or "e?", "ARG1": subject}


def _unplaced(w: WorkingMRS) -> None:
    """A place of the picture that is not read as one must not pass for a shape: uninterpretable."""
    for v in list(w.quant_of):
        nouns = nouns_of(w, v)
        if nouns and all(split_predicate(n.pred)[0] in REGION_NOUNS and n.pred not in SIDE_NOUNS
                         and split_predicate(n.pred)[0] != "half" for n in nouns):
            word = split_predicate(nouns[0].pred)[0]
            raise UninterpretableMRS(f"says where with 'the {word}' in a way the world model does not place")
