"""Rewrites for what descriptions say about places, the background, company and quantities, run
by :func:`.descriptive.rewrite_descriptive` once framing and verbs of position are read.

* A noun phrase on its own ("A red square and a blue circle.", the ERG's fragment root with its
  ``unknown`` predicate) says that what it names is there.
* A place in the picture ("in the upper left corner", "at the top", "near the right edge", "in
  the middle of the image") is a claim on the shape's own position: an ``ATTR`` EP (``region``),
  read by :func:`shapeworldice.semantics.appearance.region` (:mod:`.picture_places`, with the
  places said to be empty).
* The background ("on a black background", "against a dark backdrop", "The background is
  black.") is a claim on the image (``SCENE``); "a black background with three shapes" says the
  shapes are there.
* Company ("a red square with a blue circle", "several shapes, including a red square", "along
  with") says that the companion is there too (the background and company: :mod:`.background`).
* Words the world model does not record (a shape's rotation, "cut off by the edge", "pointing
  upwards", a likeness: "turned into a diamond") add nothing: the EP and whatever modifies it are
  dropped, and an entity that only they mentioned (an angle, an edge) goes with them.
* A part of a shape ("the right side of the circle") stands for the shape; positive size and tone
  words on a definite are looks, not selectors; a comparative without its other shape is vague,
  except a size: larger (smaller) than every other shape, or clearly not.
* Lists of adjectives and vague quantities: :mod:`.lists`.
"""
from __future__ import annotations

from .predicates import (
    COLLECTIVE_NOUNS, COORDINATIONS, DEPICTION_VERBS, ENTITY_NOUNS, FRAME_NOUNS,
    OUTSIDE_WORDS, REGION_NOUNS, REGION_PREPS, SIZE_ADJS, TONE_ADJS, TONE_ALONE, shape_of,
    split_predicate, unknown_word,
)
from .lists import (MANY, adjective_lists, colours_of_the_shapes, distribute_list_modifiers, group_places,
                    predicated_colours, predicated_lists, quantities, shared_adjectives)
from .place_names import AXIS_ADVERBS, axis_of_place
from .picture_places import (
    ATTR, company_of_places, empty_places, is_colour,
    kill_entity as _kill_entity, nothing as _nothing,
    nouns_of, places_past_the_frame, regions, rest_of_the_picture, restriction as _restriction,
)
from .working_mrs import EP, WorkingMRS, is_handle, is_var
from ..world.model import SHAPES
from .dropped_looks import mark as mark_look
from .negated_lists import no_over_a_list
from .arrangement import arranged_in_places
from .place_lists import places_of_a_group
from .concentrations import unread_places
from .colour_families import colour_families
from .member_items import member_items
from .colour_counts import colour_counts
from .hyphenated_places import hyphenated_places
from .attached_places import directions_after_objects, places_at_a_lists_end
from .mostly import mostly
from .colours_said import colours_said
from .background import background, company, there
from .side_coordinations import split_place_coordinations, split_side_coordinations
from .tails import read_tails
from .commonest import commonest
from .frame_lists import frame_lists
from .negated_contacts import negated_contacts
from .reciprocal_places import reciprocal_places
from .look_directions import look_directions
from .plural_counts import FRAGMENT
from .shape_parts import names_shape, own_parts, own_sides, parts_of_shapes, sides_of_shapes
from .superlatives import one_of_the_superlatives, superlative_identity

#: nouns of things the world model has no entities for (besides places): dropped with their claims
OUTSIDE_NOUNS = frozenset({"_angle_n_1", "_degree_n_1", "_shade_n_1", "_tone_n_1", "_space_n_1", "_outline_n_1",
                           "_shading_n_1", "_texture_n_1", "_appearance_n_1", "_look_n_1"})
#: prepositions of likeness ("turned like a diamond", "turned into a diamond"): a shape's look, which
#: the world model does not record; the shape named in them is not said to be there
LIKENESS_PREPS = frozenset({"_like_p", "_into_p"})


def rewrite_placement(w: WorkingMRS) -> None:
    """Run this module's rewrites, in dependency order."""
    _effects(w)
    w.reindex()
    look_directions(w)
    colour_counts(w)
    hyphenated_places(w)
    frame_lists(w)
    negated_contacts(w)
    no_over_a_list(w)
    _fragments(w)
    _collections(w)
    w.reindex()
    read_tails(w, MANY)
    reciprocal_places(w)
    commonest(w)
    rest_of_the_picture(w)
    empty_places(w)
    w.reindex()
    arranged_in_places(w)
    unread_places(w)
    colour_families(w)
    member_items(w)
    background(w)
    colours_of_the_shapes(w)
    predicated_colours(w)
    mostly(w)
    split_side_coordinations(w)
    split_place_coordinations(w)
    places_of_a_group(w)
    own_parts(w)
    company_of_places(w)
    company(w)
    w.reindex()
    places_past_the_frame(w)
    colours_said(w)
    _outside(w)
    w.reindex()
    own_sides(w)
    w.reindex()
    sides_of_shapes(w)
    w.reindex()
    parts_of_shapes(w)
    w.reindex()
    directions_after_objects(w)
    regions(w)
    w.reindex()
    group_places(w)
    shared_adjectives(w)
    w.reindex()
    adjective_lists(w)
    w.reindex()
    distribute_list_modifiers(w)
    places_at_a_lists_end(w)
    predicated_lists(w)
    quantities(w)
    _tones_without_colour(w)
    _positive_appearance(w)
    _elliptical_comparatives(w)
    superlative_identity(w)
    one_of_the_superlatives(w)


def _fragments(w: WorkingMRS) -> None:
    """``unknown(ARG = x)``, a noun phrase as a caption: x is there; a picture of something ("An
    image of a red square.", "A picture showing two circles."): what it shows is there."""
    for e in w.live:
        if not e.dead and e.pred == "unknown" and is_var(e.args.get("ARG"), "x"):
            there(e, _depicted(w, e.args["ARG"]))
            e.carg = FRAGMENT


def _depicted(w: WorkingMRS, x: str) -> str:
    """What the picture ``x`` shows ("an image of / showing / featuring z": z, the picture and its
    adjectives dropped), or ``x`` when it is not a picture of one thing."""
    rs = _restriction(w, x)
    coords = [c for c in rs if c.pred in COORDINATIONS and c.arg0 == x]
    if len(coords) == 1:  # "an image of a red square and a blue circle": the parser joins the picture
        left = coords[0].args.get("ARG1", "")  # of the square and the circle; the picture shows both
        if left in w.quant_of:
            coords[0].args["ARG1"] = _depicted(w, left)
        return x
    heads = [n for n in rs if n.arg0 == x and n.pred in FRAME_NOUNS]
    links = [e for e in rs if (e.pred == "_of_p" or e.pred in DEPICTION_VERBS) and e.args.get("ARG1") == x
             and e.args.get("ARG2") in w.quant_of]
    if len(heads) != 1 or len(links) != 1 or not all(
            e in heads or e in links or split_predicate(e.pred)[1] == "a" and e.args.get("ARG1") == x for e in rs):
        return x
    _kill_entity(w, x)
    return links[0].args["ARG2"]


def _collections(w: WorkingMRS) -> None:
    """"a collection / group / busy arrangement of shapes" is the shapes (at least two of them), and
    "cross shapes" / "circle objects" are crosses / circles."""
    for v in list(w.quant_of):
        rs = _restriction(w, v)
        of = [e for e in rs if e.pred == "_of_p" and e.args.get("ARG1") == v and is_var(e.args.get("ARG2"), "x")]
        if of and any(e.pred in COLLECTIVE_NOUNS and e.arg0 == v for e in rs):
            z = of[0].args["ARG2"]
            _kill_entity(w, v)
            w.substitute(v, z)
            continue
        for c in rs:
            y = c.args.get("ARG2")
            if c.pred != "compound" or c.args.get("ARG1") != v or y is None:
                continue
            inner = _restriction(w, y)
            heads = [e for e in rs if e.arg0 == v and e.pred in ENTITY_NOUNS]
            if heads and len(inner) == 1 and shape_of(inner[0].pred) is not None:
                heads[0].pred = inner[0].pred
                w.kill(c)
                _kill_entity(w, y)
    w.reindex()


def _outside_list(w: WorkingMRS, v: str) -> bool:
    """Whether ``v`` is a list of things the world model does not record ("outlines or shading")."""
    coords = [c for c in _restriction(w, v) if c.pred in COORDINATIONS and c.arg0 == v]
    if len(coords) != 1:
        return False
    for r in ("ARG1", "ARG2"):
        x = coords[0].args.get(r, "")
        nouns = nouns_of(w, x)
        if not (nouns and all(n.pred in OUTSIDE_NOUNS for n in nouns) or _outside_list(w, x)):
            return False
    return True


def _outside_entities(w: WorkingMRS) -> None:
    """"by 45 degrees", "at an angle", "no outlines or shading": what is said with them goes with them
    (lists first, so that a list's conjuncts go with it)."""
    lists_first = sorted(w.quant_of, key=lambda v: not any(
        c.pred in COORDINATIONS and c.arg0 == v for c in _restriction(w, v)))
    for v in lists_first:
        if v not in w.quant_of or w.quant_of[v].dead:
            continue
        rs = _restriction(w, v)
        nouns = [e for e in rs if e.arg0 == v and split_predicate(e.pred)[1] == "n"]
        variety = nouns and _varieties(rs, nouns) and all(e.pred in _VARIETY_USERS for e in _users(w, v, rs))
        if nouns and (all(n.pred in OUTSIDE_NOUNS for n in nouns) or variety) or _outside_list(w, v):
            claim = _variety_claim(rs, nouns) if variety else None
            for e in w.live:
                if not e.dead and e not in rs and not e.is_quantifier() and v in e.args.values():
                    owner = e.args.get("ARG1")
                    if claim is not None and owner != v and is_var(owner, "x"):
                        if _is_conjunct(w, owner or "") and claim.startswith("vague:colours"):
                            claim = "vague:colours:various+part"  # "circles and triangles of various colours"
                        e.pred, e.carg = ATTR, claim  # "circles of various sizes": said of the circles as a group
                        e.args = {"ARG0": e.arg0 or w.new_name("e"), "ARG1": owner or ""}
                    else:
                        _nothing(e)
            likenesses = [e.args.get("ARG2", "") for e in rs if e.pred in LIKENESS_PREPS]
            for c in rs:  # the conjuncts of a list ("no outlines or shading")
                if c.pred in COORDINATIONS:
                    for r in ("ARG1", "ARG2"):
                        _kill_entity(w, c.args.get(r, ""))
            _kill_entity(w, v)
            for x in likenesses:  # "rotated 30 degrees, like a diamond": no diamond (a shape no world has) is there
                if is_var(x, "x") and x in w.quant_of and not _users(w, x, _restriction(w, x)) and not any(
                        n.arg0 == x and shape_of(n.pred) in SHAPES for n in _restriction(w, x)):
                    _kill_entity(w, x)


def _users(w: WorkingMRS, v: str, rs: list[EP]) -> list[EP]:
    """The live EPs outside ``v``'s restriction ``rs`` that are not quantifiers and take ``v``."""
    return [e for e in w.live if not e.dead and e not in rs and not e.is_quantifier() and v in e.args.values()]


#: sentence adverbs of the order of telling ("Next, ...", "Finally, ...", "Additionally, ..."): said of
#: a clause's event they add nothing (as adjectives, "the final shape", they are not dropped)
_ORDER_ADVERBS = frozenset({"next", "final", "last", "additional"})


#: verbs of an effect on the viewer ("makes them stand out", "gives the image a calm look", "creates a
#: contrast"): what they say, their objects and the clause they cause, is not in the world model
_EFFECT_VERBS = frozenset({"make", "give", "create"})


def _effects(w: WorkingMRS) -> None:
    """Drop a verb of effect with the clause it causes, and its objects when nothing else is said of
    them (first: what the rewrites after it read, "the black background" of "The black background makes
    the shapes stand out", is then only what the sentence says besides)."""
    objects: set[str] = set()
    for e in list(w.live):
        lemma, pos, _ = split_predicate(e.pred)
        if e.dead or pos != "v" or lemma not in _EFFECT_VERBS:
            continue
        holes = [v for r, v in e.args.items() if r not in ("ARG0", "ARG1") and is_handle(v)]
        objects.update(v for r, v in e.args.items() if r not in ("ARG0", "ARG1") and is_var(v, "x"))
        while holes:  # the caused clause ("them stand out"), with every clause under it
            for c in w.at(w.target(holes.pop())):
                objects.update(v for v in c.args.values() if is_var(v, "x"))
                holes.extend(v for r, v in c.args.items() if r != "LBL" and is_handle(v))
                w.kill(c)
        subject = e.args.get("ARG1")  # "..., which makes ...": the clause's unnamed entity
        _nothing(e)
        if is_var(subject, "x") and subject not in w.quant_of:
            w.kill(*(g for g in w.live if not g.dead and g.pred == "generic_entity" and g.arg0 == subject))
        elif subject and not names_shape(w, subject, entity_nouns=True):  # "The contrast (the mix of
            objects.add(subject)  # colours) makes ...": not a shape, said to be there only for the effect
    grown = True
    while grown:  # the objects' own company ("a sense of movement": the movement)
        grown = False
        for v in list(objects):
            if v in w.quant_of and not w.quant_of[v].dead and not any(
                    not u.dead and u not in _restriction(w, v) and not u.is_quantifier() and v in u.args.values()
                    for u in w.live):
                for r in _restriction(w, v):
                    new = {a for a in r.args.values() if is_var(a, "x")} - objects
                    grown |= bool(new)
                    objects |= new
                _kill_entity(w, v)
                grown = True


def _word(e: EP) -> tuple[str, str]:
    """``e``'s lemma and part of speech; the ERG's entry of a word outside its vocabulary
    ("_slim/JJ_u_unknown") has the part of speech of its tag."""
    lemma, pos, _ = split_predicate(e.pred)
    found = unknown_word(e.pred)
    if found is not None:
        lemma, tag = found
        pos = "a" if tag.startswith("jj") else "v" if tag.startswith("vb") else pos
    return lemma.split("/")[0], pos


def _said_of(e: EP, events: dict[str | None, dict[str, str]]) -> str | None:
    """The entity a dropped look is said of: its own (a passive's object: "is brightly colored"), or
    that of the verb it modifies ("stands upright"; ``events``: each event's arguments)."""
    args = e.args
    for _ in range(3):
        x = next((v for v in (args.get("ARG1"), args.get("ARG2")) if is_var(v, "x")), None)
        if x is not None or args.get("ARG1") not in events:
            return x
        args = events[args.get("ARG1")]
    return None


def _of_a_place(w: WorkingMRS, e: EP, lemma: str, pos: str) -> bool:
    """Whether ``e`` says which middle a place is: the axis of "in the middle vertically", "the vertical
    middle" (read by :func:`.picture_places.regions`), or a look word on a middle ("the horizontal centre
    of the image", the axis unsaid: kept, so the place is not read)."""
    if e.pred in AXIS_ADVERBS:
        return is_var(e.args.get("ARG1"), "x") or any(
            not p.dead and p.pred in REGION_PREPS and axis_of_place(e, p) for p in w.live)
    y = e.args.get("ARG1")
    return pos == "a" and lemma in OUTSIDE_WORDS and is_var(y, "x") and any(
        REGION_NOUNS.get(split_predicate(n.pred)[0]) == "centre" for n in nouns_of(w, y))


def _outside(w: WorkingMRS) -> None:
    """Drop what the world model does not record, with what modifies it (see the module docstring)."""
    dropped: set[str] = set()
    objects: set[str] = set()  # entities the dropped claims were about ("rotated like a diamond")
    _outside_entities(w)
    subjects = {d.arg0: dict(d.args) for d in w.live if not d.dead and is_var(d.arg0, "e")}  # before drops
    for e in list(w.live):
        if e.dead or e.is_quantifier():
            continue
        lemma, pos = _word(e)
        if _of_a_place(w, e, lemma, pos):
            continue
        if pos in ("v", "a") and (lemma in OUTSIDE_WORDS or lemma in _ORDER_ADVERBS and is_var(
                e.args.get("ARG1"), "e")) and e.arg0 is not None:
            dropped.add(e.arg0)
            said_of = _said_of(e, subjects)
            _nothing(e)
            mark_look(w, e, lemma, said_of)  # (a passive's entity is its ARG2: "is brightly colored")
        elif e.pred in LIKENESS_PREPS and (names_shape(w, e.args.get("ARG2")) or e.pred == "_like_p" and any(
                n.arg0 == e.args.get("ARG2") and split_predicate(n.pred)[1] == "n"
                for n in _restriction(w, e.args.get("ARG2", "")))):  # "looks like an X / a bowl"
            objects.add(e.args["ARG2"])
            if e.arg0 is not None:  # "tilted 45 degrees so that it looks like a diamond": its modifiers go too
                dropped.add(e.arg0)
            _nothing(e)
    grown = True
    while grown:  # modifiers of what was dropped ("cut off by the edge": the by-phrase)
        grown = False
        for e in w.live:
            if not e.dead and not e.is_quantifier() and e.args.get("ARG1") in dropped:
                if e.arg0 is not None:
                    dropped.add(e.arg0)
                objects.update(v for r, v in e.args.items() if r != "ARG1" and is_var(v, "x"))
                _nothing(e)
                grown = True
    for v in list(w.quant_of):  # entities that only dropped claims, or only themselves, mention
        rs = _restriction(w, v)
        nouns = [e for e in rs if e.arg0 == v and split_predicate(e.pred)[1] == "n"]
        if not nouns:
            continue
        place = all(split_predicate(n.pred)[0] in REGION_NOUNS for n in nouns)
        if (place or v in objects or all(n.pred in OUTSIDE_NOUNS for n in nouns)) and not any(
                not e.dead and e not in rs and not e.is_quantifier() and v in e.args.values() for e in w.live):
            _kill_entity(w, v)
    if dropped:  # the unnamed entity of a participle before or after a clause ("Moving right, ..."), of
        used = {v for e in w.live if not e.dead and e.pred != "generic_entity" for v in e.args.values()}
        w.kill(*(g for g in w.live if not g.dead and g.pred == "generic_entity"  # which nothing is said now
                 and g.arg0 not in w.quant_of and g.arg0 not in used))


#: "various / different colours (sizes)": how varied the shapes look, which adds no claim of its own
#: ("crosses of various colours", "The shapes have different sizes.", as "in various colours")
_VARIETY_NOUNS = frozenset({"_color_n_1", "_colour_n_1", "_size_n_1", "_hue_n_1", "_shade_n_1", "_tone_n_1",
                            "_shape_n_1"})
_VARIETY_ADJS = frozenset({"_various_a_1", "_different_a_1", "_different_a_than-from", "_many_a_1", "_several_a_1",
                           "_multiple_a_1", "_assorted_a_1", "_varying_a_1", "_vary_v_1"})
#: what says a variety of a shape ("of", "have", "in", "with"; not the copula: "are different colours")
_VARIETY_USERS = frozenset({"_of_p", "_have_v_1", "_in_p", "_with_p", "_come_v_in"})


#: variety words that say "at least two" ("various colours", "different sizes"), read on the group
_AT_LEAST_TWO = frozenset({"_various_a_1", "_different_a_1", "_different_a_than-from", "_varying_a_1",
                           "_assorted_a_1", "_multiple_a_1"})


def _is_conjunct(w: WorkingMRS, x: str) -> bool:
    """Whether ``x`` is a part of a list ("triangles" in "circles and triangles")."""
    return any(not c.dead and c.pred in COORDINATIONS and x in (c.args.get("ARG1"), c.args.get("ARG2"))
               for c in w.live)


def _variety_claim(rs: list[EP], nouns: list[EP]) -> str | None:
    """The group claim of "various colours" / "different sizes" (:mod:`.groups`), or None where
    the words say no number ("many colours", "various shapes")."""
    if not any(e.pred in _AT_LEAST_TWO for e in rs) or len(nouns) != 1:
        return None
    if nouns[0].pred in ("_color_n_1", "_colour_n_1"):
        return "vague:colours:various"
    return "vague:sizes:various" if nouns[0].pred == "_size_n_1" else None


def _varieties(rs: list[EP], nouns: list[EP]) -> bool:
    """Whether a noun phrase is "various colours" / "different sizes" (see :data:`_VARIETY_NOUNS`)."""
    return (all(n.pred in _VARIETY_NOUNS for n in nouns) and any(n.pred != "_shape_n_1" for n in nouns)
            and any(e.pred in _VARIETY_ADJS for e in rs))


#: adjectives that also select among shapes ("the left square", "the bigger circle")
_SELECTING = frozenset({"_left_a_2", "_right_a_3", "_upper_a_1", "_lower_a_1", *SIZE_ADJS, *TONE_ADJS})


def _elliptical_comparatives(w: WorkingMRS) -> None:
    """"a smaller dark blue rectangle", "a larger blue circle": compared with a shape the sentence
    does not name (one before it, or none): for size, clearly larger (smaller) than some other shape
    is true and clearly smaller (larger) than every other false, else vague (``than-any``); "a darker
    (lighter) X" likewise on the shade, against the other shapes of its colour (``shade-than-some``);
    other comparatives ("brighter") are a look the world model cannot decide (vague). Either way
    the rest of the sentence is read. "The bigger X" (a selector) and a predicate ("is bigger") are
    not touched."""
    for c in list(w.live):
        if c.dead or c.pred != "more_comp" or (is_var(c.args.get("ARG2"), "x") and c.args["ARG2"] in w.quant_of):
            continue
        adjs = [e for e in w.live if not e.dead and e.arg0 == c.args.get("ARG1") and split_predicate(e.pred)[1] == "a"]
        if len(adjs) != 1:
            continue
        a, x = adjs[0], adjs[0].args.get("ARG1")
        q = w.quant_of.get(x or "")
        if q is None or q.pred not in ("_a_q", "udef_q") or a not in _restriction(w, x or ""):
            continue
        w.kill(c)
        size, tone = SIZE_ADJS.get(a.pred), TONE_ADJS.get(a.pred)
        if size is not None:  # "a larger X": than another shape of the world, which one not said
            a.pred, a.carg = ATTR, f"than-any:{'less' if size in ('small', 'tiny') else 'more'}"
        elif tone in ("dark", "light"):  # "a darker X": than another shape of its colour
            a.pred, a.carg = ATTR, f"shade-than-some:{tone}er"
        else:
            a.pred, a.carg = ATTR, f"vague:more-{split_predicate(a.pred)[0]}"
        a.args = {"ARG0": a.arg0 or "e?", "ARG1": x or ""}


def _tones_without_colour(w: WorkingMRS) -> None:
    """"The shapes are bright.", "a dark shape": a tone word says how light a colour is, so with no
    colour word on the same shape which colour it grades is not said (vague, as the labelling guide
    reads it), never a claim on the shade of whatever colour the shape has."""
    if not any(not e.dead and e.pred in TONE_ADJS for e in w.live):
        return
    coloured = {v for e in w.live if not e.dead and is_colour(e)
                for v in (e.args.get("ARG1"), e.args.get("ARG0")) if is_var(v, "x")}
    graded = {e.args.get("ARG1") for e in w.live if not e.dead and e.pred in ("superl", "more_comp", "comp_less")}
    for e in w.live:
        if not e.dead and e.pred in TONE_ADJS and is_var(e.args.get("ARG1"), "x") \
                and e.args["ARG1"] not in coloured and e.arg0 not in graded:
            e.pred = TONE_ALONE


def _positive_appearance(w: WorkingMRS) -> None:
    """"the large dark red circle": positive size and tone words say how the shape looks (``ATTR``),
    so that two of them on one noun are not taken for two selectors ("the bigger", "the darker")."""
    for q in w.live:
        if q.dead or q.pred != "_the_q":
            continue
        rs = _restriction(w, q.arg0 or "")
        adjs = [e for e in rs if e.pred in _SELECTING and e.args.get("ARG1") == q.arg0]
        if len(adjs) < 2:
            continue
        graded = {e.args.get("ARG1") for e in rs if e.pred in ("superl", "more_comp")}
        for e in adjs:
            if e.arg0 in graded or (e.pred not in SIZE_ADJS and e.pred not in TONE_ADJS):
                continue
            kind, value = ("size", SIZE_ADJS[e.pred]) if e.pred in SIZE_ADJS else ("tone", TONE_ADJS[e.pred])
            e.pred, e.carg = ATTR, f"{kind}:{value}"
            e.args = {"ARG0": e.arg0 or "e?", "ARG1": q.arg0 or ""}
