"""Normalisation: local rewrites of well-known ERG constructions into simpler EPs.

Each rewrite edits a :class:`~.working_mrs.WorkingMRS` in place; :func:`normalize` runs them
in the order they depend on each other. Covered: colour-noun compounds ("a green shape" read
as a compound of the noun *green*), partitives ("a third of the squares", "half (of) the
shapes", "none of the shapes"), cardinals and degree words attached to their quantifier ("at
least two", "exactly a third"), "most", spatial prepositions, "to the left/right of",
comparatives (``more_comp``), "the same/a different shape/color as/from", event coordination
of clauses ("there is a T and there is a T") and copular predicate nominals (``_be_v_id``
with an indefinite object is inlined as a property; with a coordinated one, "is a square or
a circle", the coordination of the properties; with the bare side noun, "is left of a
circle", the relation of "to the left of").
"""
from __future__ import annotations

from .errors import UninterpretableMRS
from .predicates import (
    ATTRIBUTE_NOUNS, COMPARATIVE_ADJS, COORDINATIONS, DEGREE_WORDS, EQUALITY_ADJS, FRACTION_NOUNS, SIDE_NOUNS,
    SIDE_PREPS, SPATIAL_PREPS, color_of, split_predicate,
)
from .elided_nouns import elided_nouns
from .kinds import event_kinds, plural_kinds
from .working_mrs import EP, REL, Relation, WorkingMRS, is_handle, is_var


def normalize(w: WorkingMRS) -> None:
    """Run every rewrite, in dependency order."""
    elided_nouns(w)
    rewrite_color_compounds(w)
    rewrite_partitives(w)
    _selector_rewrites(w)
    rewrite_quantifier_modifiers(w)
    rewrite_relations(w)
    rewrite_event_coordination(w)
    rewrite_copula(w)


def _selector_rewrites(w: WorkingMRS) -> None:
    """ShapeWorld's comparative quantifiers, selectors and proximity relation."""
    from .selector_rewrites import rewrite_comparative_quantifiers, rewrite_proximity, rewrite_selectors

    rewrite_comparative_quantifiers(w)
    rewrite_selectors(w)
    rewrite_proximity(w)


def rewrite_color_compounds(w: WorkingMRS) -> None:
    """compound(x, y), y = a bare colour noun ("a green shape" as green+shape) → colour(x)."""
    for c in list(w.live):
        if c.dead or c.pred != "compound":
            continue
        x, y = c.args.get("ARG1"), c.args.get("ARG2")
        if x is None or y is None or not (is_var(x, "x") and is_var(y, "x")):
            continue
        q = w.quant_of.get(y)
        if q is None or q.dead or q.pred != "udef_q":
            continue
        rs = w.at(w.rstr_label(q))
        if len(rs) != 1 or rs[0].arg0 != y:
            continue
        col = color_of(rs[0].pred)
        if col is None or col[1] != "n":
            continue
        w.kill(q, rs[0])
        c.pred = f"_{col[0]}_a_1"
        c.args = {"ARG0": c.args.get("ARG0", "e?"), "ARG1": x}
    w.reindex()


def _partitive_link(w: WorkingMRS, p: EP) -> tuple[str | None, str | None, list[EP]] | None:
    """(x, y, EPs linking them) if ``p`` heads a partitive "P of the Ys", else None."""
    if p.pred in FRACTION_NOUNS or p.pred == "part_of":
        return p.arg0, p.args.get("ARG1"), [p]
    if p.pred == "generic_entity":
        x = p.arg0
        for e in w.live:
            if not e.dead and e is not p and e.pred in ("_of_p", "appos") and e.args.get("ARG1") == x:
                return x, e.args.get("ARG2"), [p, e]
    return None


def rewrite_partitives(w: WorkingMRS) -> None:
    """"a third of the Ts" / "half (of) the Ts" / "none of the Ts" → quantifier over Ts.

    The fraction noun (or ``part_of`` / ``generic_entity`` + ``_of_p`` / ``appos``) heads the
    restrictor of the outer quantifier; the inner ``_the_q`` restrictor becomes the outer
    restrictor, and the fraction is recorded on the outer quantifier.
    """
    for p in list(w.live):
        if p.dead:
            continue
        link = _partitive_link(w, p)
        if link is None:
            continue
        x, y, links = link
        if x is None or y is None or not (is_var(x, "x") and is_var(y, "x")):
            continue
        qx, qy = w.quant_of.get(x), w.quant_of.get(y)
        if qx is None or qy is None or not (qy.pred == "_the_q" or qy.pred == "udef_q" and p.pred == "part_of"
                                             and _plain_description(w, qy)):
            continue  # a bare plural whole: "a couple of gray rectangles" (the grammar's "some of") is "some"
        if p.label != w.rstr_label(qx):
            continue
        ly = w.rstr_label(qy)
        _number_bound(w, qx, y, ly)
        w.kill(qy, *links)
        w.relabel(ly, p.label)
        w.substitute(y, x)
        qx.mods.partitive = True
        if p.pred in FRACTION_NOUNS:
            qx.mods.den = FRACTION_NOUNS[p.pred]
        w.reindex()


def _plain_description(w: WorkingMRS, q: EP) -> bool:
    """Whether ``q``'s restriction is a noun with one-place words of its own ("gray rectangles"), with
    nothing relating it to another entity ("other", a place): a whole a partitive may stand for."""
    return all(e.pred != "_other_a_1" and set(e.args) <= {"ARG0", "ARG1"} for e in w.at(w.rstr_label(q)))


def _number_bound(w: WorkingMRS, qx: EP, y: str, ly: str) -> None:
    """"... of the three blue shapes": the definite's cardinal becomes the outer quantifier's number
    bound (ShapeWorld's NumberBound), not its own cardinal."""
    for c in w.at(ly):
        if c.pred == "card" and not c.dead and c.args.get("ARG1") == y:
            try:
                qx.mods.bound = int(c.carg or "")
            except ValueError:
                raise UninterpretableMRS(f"cardinal {c.carg!r} is not a number") from None
            w.kill(c)
            return


def _attach_cardinals(w: WorkingMRS) -> tuple[dict[str, EP], dict[str, EP]]:
    """``card`` in a quantifier's restrictor → the quantifier's cardinal. Returns the
    quantifiers by the cardinal's event and by its label, for the degree words."""
    card_event: dict[str, EP] = {}
    card_label: dict[str, EP] = {}
    for c in w.live:
        if c.pred != "card" or c.dead:
            continue
        x, e = c.args.get("ARG1"), c.arg0
        if x is None or e is None or not is_var(x, "x") or not is_var(e, "e"):
            continue  # number_q-style cardinal used as a noun phrase: left uninterpretable
        q = w.quant_of.get(x)
        if q is None or c.label != w.rstr_label(q) or q.mods.card is not None:
            continue
        try:
            q.mods.card = int(c.carg or "")
        except ValueError:
            raise UninterpretableMRS(f"cardinal {c.carg!r} is not a number") from None
        card_event[e] = q
        card_label[c.label] = q
        w.kill(c)
    return card_event, card_label


def _attach_most(w: WorkingMRS) -> None:
    """``much-many_a`` (superlative "most") in a ``udef_q`` restrictor → "most"."""
    for m in w.live:
        if m.pred != "much-many_a" or m.dead:
            continue
        x = m.args.get("ARG1")
        q = w.quant_of.get(x) if x is not None and is_var(x, "x") else None
        if q is None or q.pred != "udef_q" or m.label != w.rstr_label(q):
            continue
        if any(e.args.get("ARG1") == m.arg0 for e in w.live if e is not m and not e.dead):
            continue  # a comparative "more ... than": not "most"
        q.mods.most = True
        w.kill(m)


def rewrite_quantifier_modifiers(w: WorkingMRS) -> None:
    """Attach cardinals, "most" and degree words to the quantifier they modify."""
    card_event, card_label = _attach_cardinals(w)
    _attach_most(w)
    quant_label = {q.label: q for q in w.quant_of.values()}
    for d in w.live:
        if d.dead or d.pred not in DEGREE_WORDS:
            continue
        a1 = d.args.get("ARG1")
        if is_handle(a1):
            continue  # scopal ("exactly [half the shapes are red]"): applied in the logical form
        q = card_event.get(a1) if a1 else None
        if q is None:
            q = quant_label.get(d.label) or card_label.get(d.label)
        if q is None:
            raise UninterpretableMRS(f"degree word {d.pred} modifies no quantity")
        if q.mods.degree is not None:
            raise UninterpretableMRS("two degree words on one quantity")
        q.mods.degree = DEGREE_WORDS[d.pred]
        w.kill(d)
    w.reindex()


def make_relation(w: WorkingMRS, like: EP, relation: tuple[str, int], x: str, y: str, event: str | None) -> None:
    """Turn ``like`` into a synthetic relation EP ``REL(kind, value)(event, x, y)``."""
    if not (is_var(x, "x") and is_var(y, "x")):
        raise UninterpretableMRS(f"{like.pred} needs two entity arguments")
    like.pred = REL
    like.args = {"ARG0": event or w.new_name("e"), "ARG1": x, "ARG2": y}
    like.relation = Relation(*relation)


def side_reference(w: WorkingMRS, label: str, r: str) -> tuple[EP, list[EP], str] | None:
    """"the left/right of y" as the restrictor at ``label`` of entity ``r``: (side noun, its
    ``_of_p`` EPs, y), or None. Two ERG analyses: ``_left_n_1(r), _of_p(r, y)`` and
    ``_left_n_of(r, y)``. Shared by "to the left of" and the copular "is left of"."""
    rs = w.at(label)
    side = [s for s in rs if s.pred in SIDE_NOUNS and s.arg0 == r]
    of = [s for s in rs if s.pred == "_of_p" and s.args.get("ARG1") == r]
    if len(side) != 1:
        return None
    if len(of) == 1 and len(rs) == 2:
        return side[0], of, of[0].args.get("ARG2", "")
    y = side[0].args.get("ARG1")
    if not of and len(rs) == 1 and y is not None and is_var(y, "x"):
        return side[0], of, y
    return None


def _rewrite_to_side(w: WorkingMRS, e: EP) -> None:
    """"x (is) to the left/right of y": ``_to_p(x, r)``, r = "the left/right of y"."""
    r = e.args.get("ARG2", "")
    q = w.quant_of.get(r)
    if q is None or q.pred != "_the_q":
        return
    found = side_reference(w, w.rstr_label(q), r)
    if found is None:
        return
    side, of, y = found
    w.kill(q, side, *of)
    make_relation(w, e, SIDE_NOUNS[side.pred], e.args.get("ARG1", ""), y, e.arg0)


def _rewrite_comparative(w: WorkingMRS, e: EP) -> None:
    """``more_comp`` over a comparative adjective ("bigger than y")."""
    a = e.args.get("ARG1")
    adj = [s for s in w.live if not s.dead and s.arg0 == a and s.pred in COMPARATIVE_ADJS]
    if len(adj) != 1:
        return
    y = e.args.get("ARG2", "")
    if not is_var(y, "x"):
        raise UninterpretableMRS("comparative without a compared entity (elliptical comparative)")
    w.kill(e)
    make_relation(w, adj[0], COMPARATIVE_ADJS[adj[0].pred], adj[0].args.get("ARG1", ""), y, adj[0].arg0)


def _rewrite_equality(w: WorkingMRS, e: EP) -> None:
    """"the same shape as y" / "a different color from y"."""
    comp_pred, value = EQUALITY_ADJS[e.pred]
    z = e.args.get("ARG1", "")
    comps = [s for s in w.at(e.label) if s.pred == comp_pred and s.args.get("ARG1") == e.arg0]
    nouns = [s for s in w.at(e.label) if s.pred in ATTRIBUTE_NOUNS and s.arg0 == z]
    if len(comps) != 1 or len(nouns) != 1:
        return
    y = comps[0].args.get("ARG2", "")
    if not is_var(y, "x"):
        raise UninterpretableMRS(f"{e.pred} without a compared entity")
    w.kill(comps[0], nouns[0])
    make_relation(w, e, (ATTRIBUTE_NOUNS[nouns[0].pred], value), z, y, e.arg0)


def _shared_complement(w: WorkingMRS, e: EP) -> str | None:
    """The complement of the preposition coordinated with ``e``, which has none ("above and to
    the left of a triangle": "above" shares "a triangle"), or None."""
    for c in w.live:
        if c.dead or c.pred not in COORDINATIONS or e.arg0 not in (c.args.get("ARG1"), c.args.get("ARG2")):
            continue
        other = c.args.get("ARG2") if c.args.get("ARG1") == e.arg0 else c.args.get("ARG1")
        for s in w.live:
            if s is e or s.dead or other is None or s.arg0 != other:
                continue
            if s.pred in SPATIAL_PREPS and s.args.get("ARG2") in w.quant_of:
                return s.args["ARG2"]
            if s.pred in SIDE_PREPS:
                q = w.quant_of.get(s.args.get("ARG2", ""))
                found = side_reference(w, w.rstr_label(q), q.arg0 or "") if q and q.pred == "_the_q" else None
                if found is not None:
                    return found[2]
    return None


def rewrite_relations(w: WorkingMRS) -> None:
    """Spatial prepositions, "to the left/right of", comparatives and attribute (in)equality."""
    for e in list(w.live):
        if e.dead:
            continue
        if e.pred in SPATIAL_PREPS:
            y = e.args.get("ARG2", "")
            if not is_var(y, "x") or y not in w.quant_of:  # "is above" with its complement understood
                shared = _shared_complement(w, e)
                if shared is None:
                    word = e.pred[1:].split("_")[0].replace("+", " ")
                    if not is_var(e.args.get("ARG1"), "x"):
                        raise UninterpretableMRS(f"says '{word}' without saying of what")
                    # "with a triangle below": below what went before, which is not said (vague)
                    e.pred, e.carg = "ATTR", f"vague:{word}"
                    e.args = {"ARG0": e.arg0 or "e?", "ARG1": e.args["ARG1"]}
                    continue
                e.args["ARG2"] = y = shared
            make_relation(w, e, SPATIAL_PREPS[e.pred], _entity_of(w, e.args.get("ARG1", ""), y), y, e.arg0)
        elif e.pred in SIDE_PREPS:
            _rewrite_to_side(w, e)
        elif e.pred == "more_comp":
            _rewrite_comparative(w, e)
        elif e.pred in EQUALITY_ADJS:
            _rewrite_equality(w, e)
    w.reindex()


#: a side said with no shape after a relation to one ("Below the red circle, slightly to the right, ...")
_SIDES = {"region:left": ("x-rel", -1), "region:right": ("x-rel", 1), "region:top": ("y-rel", -1),
          "region:bottom": ("y-rel", 1)}


def _entity_of(w: WorkingMRS, v: str, y: str) -> str:
    """``v``, or the entity a place says where it is when ``v`` is that place's event ("Below the red
    circle, slightly to the right, is a blue square": below is said of "to the right", whose subject is
    the square); a side said so is the side of the same shape ``y`` (right of the red circle), as in
    "below and to the right of the red circle"."""
    if is_var(v, "e"):
        places = [p for p in w.live if not p.dead and p.arg0 == v and is_var(p.args.get("ARG1"), "x") and (
            split_predicate(p.pred)[1] == "p" or p.pred == "ATTR" and (p.carg or "").startswith(("region:", "vague:")))]
        if len(places) == 1:
            x = places[0].args["ARG1"]
            if places[0].pred == "ATTR" and places[0].carg in _SIDES:
                make_relation(w, places[0], _SIDES[places[0].carg], x, y, w.new_name("e"))
                places[0].carg = None
            return x
    return v


def _clause_group(here: list[EP], start: str) -> list[EP]:
    """The EPs at a label connected to event ``start`` through shared events."""
    events = {start}
    group: list[EP] = []
    changed = True
    while changed:
        changed = False
        for e in here:
            if e in group:
                continue
            if e.arg0 in events or any(v in events for k, v in e.args.items() if k != "ARG0"):
                group.append(e)
                events.update(v for v in e.args.values() if is_var(v, "e"))
                changed = True
    return group


def rewrite_event_coordination(w: WorkingMRS) -> None:
    """Clauses coordinated through their events at one label get a scopal position each."""
    for c in list(w.live):
        if c.dead or c.pred not in COORDINATIONS or "L-HNDL" in c.args:
            continue
        left = c.args.get("ARG1") or c.args.get("L-INDEX")
        right = c.args.get("ARG2") or c.args.get("R-INDEX")
        if left is not None and right is not None and is_handle(left) and is_handle(right):
            c.args["L-HNDL"], c.args["R-HNDL"] = left, right  # clauses given as handles
            c.args.pop("ARG1", None), c.args.pop("ARG2", None)
            continue
        if is_var(c.arg0, "x"):
            continue  # noun phrase coordination: distributed over its conjuncts in the logical form
        if left is None or right is None or not (is_var(left, "e") and is_var(right, "e")):
            raise UninterpretableMRS(f"{c.pred} coordinates non-clauses")
        here = [e for e in w.at(c.label) if e is not c]
        groups = [_clause_group(here, start) for start in (left, right)]
        for k in (0, 1):  # a clause whose event a rewrite renamed ("below it on the left is X"): the rest
            if not groups[k] and groups[1 - k]:
                groups[k] = [e for e in here if e not in groups[1 - k]]
        if not groups[0] or not groups[1] or set(map(id, groups[0])) & set(map(id, groups[1])):
            raise UninterpretableMRS(f"cannot separate the clauses of {c.pred}")
        for role, group in zip(("L-HNDL", "R-HNDL"), groups):
            label, hole = w.new_name("h"), w.new_name("h")
            for e in group:
                e.label = label
            w.qeq[hole] = label
            c.args[role] = hole
        w.reindex()


def _copula_side(w: WorkingMRS, b: EP, q: EP, lz: str) -> bool:
    """"x is left/right of y": a bare side noun as the predicate nominal is the horizontal
    relation, as "to the left/right of"."""
    z = q.arg0
    found = side_reference(w, lz, z) if z is not None else None
    if found is None:
        return False
    side, of, y = found
    w.kill(q, side, *of)
    make_relation(w, b, SIDE_NOUNS[side.pred], b.args.get("ARG1", ""), y, b.arg0)
    w.reindex()
    return True


def _copula_coordination(w: WorkingMRS, b: EP, q: EP, lz: str) -> bool:
    """"x is a square or a circle": a coordinated indefinite predicate nominal is the
    coordination of the conjuncts' restrictors, each a property of x."""
    z, x = q.arg0, b.args.get("ARG1", "")
    rs = w.at(lz)
    if len(rs) != 1 or rs[0].pred not in COORDINATIONS or rs[0].arg0 != z:
        return False
    c = rs[0]
    holes = {}
    conjuncts = []
    for role, hrole in (("ARG1", "L-HNDL"), ("ARG2", "R-HNDL")):
        xi = c.args.get(role, "")
        qi = w.quant_of.get(xi)
        if qi is None or not qi.mods.plain() or qi.pred not in ("_a_q", "udef_q"):
            raise UninterpretableMRS("coordinated predicate nominal with a quantified conjunct")
        li = w.rstr_label(qi)
        if any(e.pred in COORDINATIONS and e.arg0 == xi for e in w.at(li)):
            raise UninterpretableMRS("nested coordination of predicate nominals")
        hole = w.new_name("h")
        w.qeq[hole] = li
        holes[hrole] = hole
        conjuncts.append((qi, xi))
    for qi, xi in conjuncts:
        w.kill(qi)
        w.substitute(xi, x)
    c.args = {"ARG0": b.arg0 or w.new_name("e"), **holes}
    c.label = b.label
    w.kill(b, q)
    w.reindex()
    return True


def _is_attribute_relation(e: EP, z: str) -> bool:
    """``e`` is "the same/a different shape/color as ..." about ``z``."""
    return e.relation is not None and e.relation.kind in ("shape-rel", "color-rel") and e.args["ARG1"] == z


def rewrite_copula(w: WorkingMRS) -> None:
    """``_be_v_id(x, z)`` with z an indefinite ("is a red square", "are squares") or "the same
    X as": z's restrictor becomes a property of x at the copula's position."""
    event_kinds(w)
    for b in list(w.live):
        if b.dead or b.pred != "_be_v_id":
            continue
        x, z = b.args.get("ARG1", ""), b.args.get("ARG2", "")
        if not (is_var(x, "x") and is_var(z, "x")):
            raise UninterpretableMRS("copula without two entity arguments")
        q = w.quant_of.get(z)
        if q is None or not q.mods.plain():
            raise UninterpretableMRS("copula with a quantified or unbound complement")
        lz = w.rstr_label(q)
        if q.pred == "udef_q" and _copula_side(w, b, q, lz):
            continue
        if q.pred == "udef_q" and plural_kinds(w, b, q, lz):
            continue
        if q.pred == "udef_q" and _copula_coordination(w, b, q, lz):
            continue
        if q.pred == "_the_q":
            if not any(_is_attribute_relation(e, z) for e in w.at(lz)):
                raise UninterpretableMRS("identity with a definite description")
        elif q.pred not in ("_a_q", "udef_q"):
            raise UninterpretableMRS(f"copula complement quantified by {q.pred}")
        w.kill(b, q)
        w.relabel(lz, b.label)
        w.substitute(z, x)
        w.reindex()


__all__ = [
    "make_relation", "normalize", "rewrite_color_compounds", "rewrite_copula", "rewrite_event_coordination",
    "rewrite_partitives", "rewrite_quantifier_modifiers", "rewrite_relations", "side_reference",
]
