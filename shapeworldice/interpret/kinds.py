""""The shapes are circles and semicircles.", "Most of the shapes are circles, squares and triangles.":
a list of bare plural kinds said of a plural is not each shape being every kind (which no shape is)
but each being one of the kinds, with every kind there: an ``ATTR`` ``shapes:circle+semicircle`` on the
subject (:func:`shapeworldice.semantics.appearance.attribute`: true of a shape of one of the kinds
when each kind is in the picture, false of a shape of another kind or when a kind is missing). That
holds for a subject of every shape ("the shapes", "most of the shapes"); a subject with words of its
own ("the red shapes") gets ``shapes-among``, never true (whether each kind is among the red shapes is
not a claim on any one shape), false as ``shapes`` is.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..semantics.appearance import color_word
from .lists import list_items
from .picture_places import ATTR, SCENE, restriction
from .predicates import COORDINATIONS, ENTITY_NOUNS, OUTSIDE_WORDS, shape_of, split_predicate
from .working_mrs import EP, WorkingMRS

#: quantifiers of a plural subject said to be of several kinds ("most of the shapes", "all shapes")
_GROUP_QUANTIFIERS = frozenset({"_the_q", "udef_q", "_most_q", "_every_q", "_all_q"})


def plural_kinds(w: WorkingMRS, b: EP, q: EP, lz: str) -> bool:
    """``_be_v_id(x, z)``, x a plural and z a list ("and") of bare plural shape nouns → the ``shapes``
    attribute of x (True when rewritten)."""
    x = b.args.get("ARG1", "")
    qx = w.quant_of.get(x)
    if not _is_group(qx):
        return False
    found: list[EP] = []
    kinds: list[str] = []
    if not _leaves(w, q, lz, found, kinds) or len(kinds) < 2:
        return False
    w.kill(q, *found)
    b.pred, b.carg, b.args = ATTR, _kinds_attribute(w, x, kinds), {"ARG0": b.arg0 or w.new_name("e"), "ARG1": x}
    w.reindex()
    return True


def event_kinds(w: WorkingMRS) -> None:
    """"The shapes are circles and semicircles" parsed as two copulas under one subject
    (``_and_c(e, e1, e2)``, each ``_be_v_id(x, z_i)``): the ``shapes`` attribute of x, as above."""
    by_event = {e.arg0: e for e in w.live if not e.dead and e.arg0 and e.arg0.startswith("e")}
    inner = {v for e in w.live if not e.dead and e.pred in COORDINATIONS for r, v in e.args.items() if r != "ARG0"}
    for c in list(w.live):
        if c.dead or c.pred not in COORDINATIONS or c.arg0 in inner or not (c.arg0 or "").startswith("e"):
            continue
        copulas: list[EP] = []
        coords: list[EP] = []
        if not _copula_leaves(by_event, c, copulas, coords):
            continue
        subjects = {b.args.get("ARG1", "") for b in copulas}
        x = next(iter(subjects))
        qx = w.quant_of.get(x)
        if len(subjects) != 1 or not _is_group(qx):
            continue
        found: list[EP] = []
        kinds: list[str] = []
        colours = [_colour_word(b) for b in copulas if b.pred != "_be_v_id"]
        ok = None not in colours
        coloured = 0  # items with colours of their own: "red squares and blue circles" pairs them
        for b in (b for b in copulas if b.pred == "_be_v_id"):
            q = w.quant_of.get(b.args.get("ARG2", ""))
            if q is not None:
                own = [d for d in w.at(w.rstr_label(q)) if d.args.get("ARG1") == q.arg0 and d.arg0 != q.arg0
                       and _colour_word(d)]
                colours.extend(_colour_word(d) for d in own)
                found.extend(own)
                coloured += bool(own)
            ok = ok and q is not None and q.pred == "udef_q" and q.mods.plain() and _leaves(
                w, q, w.rstr_label(q), found, kinds, skip=found)
            if q is not None:
                found.append(q)
        if not ok or len(kinds) < 2:
            continue
        w.kill(*found, *copulas, *(d for d in coords if d is not c))
        c.pred, c.carg, c.args = ATTR, _kinds_attribute(w, x, kinds), {"ARG0": c.arg0 or w.new_name("e"), "ARG1": x}
        if colours:  # "pink and magenta rectangles and half-circles": each of one of the colours, or vague
            # (the parser leaves a colour on one kind, which may be said of all of them); colours of two
            # kinds each ("red squares and blue circles") pair colour and kind, which pooling would lose: vague
            value = f"{SOME_COLOUR}:{'+'.join(dict.fromkeys(str(k) for k in colours))}" if coloured < 2 \
                else "vague:colours-of-kinds"
            w.eps.append(EP(ATTR, c.label, {"ARG0": w.new_name("e"), "ARG1": x}, value, c.key))
        w.reindex()


#: the attribute kind of colours said beside a list of kinds: one of them true, none of them vague
SOME_COLOUR = "colours-or-vague"


def _colour_word(e: EP) -> str | None:
    """The colour a colour adjective names ("pink", "light blue"), else None."""
    lemma, pos, _ = split_predicate(e.pred)
    word = lemma.split("/", 1)[0].replace("+", " ").lower()
    return word if pos == "a" and color_word(word) is not None else None


def _kinds_attribute(w: WorkingMRS, x: str, kinds: list[str]) -> str:
    """``shapes:`` for a subject of every shape, ``shapes-among:`` for one with words of its own."""
    return ("shapes:" if _every_shape(w, x) else "shapes-among:") + "+".join(kinds)


def _every_shape(w: WorkingMRS, x: str, depth: int = 0) -> bool:
    """Whether ``x`` is described by nothing but a noun for any shape ("the shapes", "most of the
    objects": a partitive of such a plural)."""
    rs = restriction(w, x)
    for e in rs:
        if e.arg0 == x and e.pred in ENTITY_NOUNS or e.pred == "much-many_a" and e.args.get("ARG1") == x:
            continue
        if e.pred == "part_of" and e.arg0 == x and depth == 0 and _every_shape(w, e.args.get("ARG1", ""), 1):
            continue
        return False
    return bool(rs)


def _is_group(qx: EP | None) -> bool:
    """Whether ``qx`` quantifies a plural subject ("the shapes", "most of the shapes")."""
    return qx is not None and qx.pred in _GROUP_QUANTIFIERS and (
        qx.mods.plural or qx.mods.partitive or qx.mods.most or qx.pred == "_most_q")


def _copula_leaves(by_event: dict, c: EP, copulas: list[EP], coords: list[EP]) -> bool:
    if COORDINATIONS.get(c.pred) != "and" or c.pred == "_but_c":
        return False
    coords.append(c)
    for role in ("ARG1", "ARG2"):
        e = by_event.get(c.args.get(role, ""))
        if e is None:
            return False
        if e.pred in COORDINATIONS:
            if not _copula_leaves(by_event, e, copulas, coords):
                return False
        elif e.pred == "_be_v_id" or _colour_word(e) is not None:  # "are pink and magenta rectangles"
            copulas.append(e)
        else:
            return False
    return True


#: adjectives of a kind that add nothing the world's shapes do not all have ("regular pentagons")
_KIND_WORDS = frozenset({"regular"})


def _adds_nothing(e: EP, x: str | None) -> bool:
    """An adjective on a listed kind that adds nothing: a look (:data:`~.predicates.OUTSIDE_WORDS`)
    or a word every shape of the kind fits (:data:`_KIND_WORDS`)."""
    lemma, pos, _ = split_predicate(e.pred)
    lemma = lemma.split("/")[0]
    return e.args.get("ARG1") == x and (pos == "a" or e.pred.endswith("_u_unknown")) and (
        lemma in OUTSIDE_WORDS or lemma in _KIND_WORDS)


def _leaves(w: WorkingMRS, q: EP, label: str, found: list[EP], kinds: list[str], skip: Sequence[EP] = ()) -> bool:
    """Collect the kinds of a list of bare plural shape nouns under ``q`` (and the EPs to drop); the
    EPs of ``skip`` (colour words read already) are left out."""
    rs = [d for d in w.at(label) if d not in skip]
    empty = [d for d in rs if _adds_nothing(d, q.arg0)]
    if len(rs) - len(empty) != 1:
        return False
    e = next(d for d in rs if d not in empty)
    if empty and e.pred in COORDINATIONS:
        return False
    found.extend(empty)
    if e.pred in COORDINATIONS:
        if COORDINATIONS[e.pred] != "and" or e.pred == "_but_c":
            return False
        found.append(e)
        for role in ("ARG1", "ARG2"):
            qi = w.quant_of.get(e.args.get(role, ""))
            if qi is None or qi.pred != "udef_q" or not qi.mods.plain() \
                    or not _leaves(w, qi, w.rstr_label(qi), found, kinds):
                return False
            found.append(qi)
        return True
    kind = shape_of(e.pred)
    if kind is None or e.arg0 != q.arg0 or not q.mods.plural:
        return False
    found.append(e)
    kinds.append(kind)
    return True


def kinds_of_a_list(w: WorkingMRS, x: str, said: EP) -> list[str] | None:
    """The shape kinds of the list whose last item is ``x`` when every item is a bare plural of a shape
    noun with nothing said of it but ``said`` ("crosses, ellipses and half circles in various colors"),
    else None."""
    coords = {c.arg0: c for c in w.live if not c.dead and c.pred in COORDINATIONS and (c.arg0 or "")[:1] == "x"}
    top = x
    while True:
        up = next((c.arg0 for c in coords.values() if top in (c.args.get("ARG1"), c.args.get("ARG2"))), None)
        if up is None:
            break
        top = up
    items = list_items(w, top)
    if top == x or items[-1] != x:
        return None
    kinds: list[str] = []
    for v in items:
        q = w.quant_of.get(v)
        rs = [e for e in restriction(w, v) if e is not said and e.pred != SCENE]  # the background apart
        nouns = [shape_of(e.pred) for e in rs if e.arg0 == v]
        if q is None or q.pred != "udef_q" or not q.mods.plural or len(rs) != 1 or None in nouns or len(nouns) != 1:
            return None
        kinds.append(str(nouns[0]))
    return kinds


__all__ = ["SOME_COLOUR", "event_kinds", "kinds_of_a_list", "plural_kinds"]
