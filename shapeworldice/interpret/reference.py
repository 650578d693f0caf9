"""Reference within and across the sentences of a caption: "it"/"they", the noun "one",
"another", "the other" ("both", "each", "the two": :mod:`.pairs`; "the red cross" after "a red
cross": :mod:`.definites`; what reference looks back at: :mod:`.antecedents`).

* Pronouns ("There is a red square. It is above a blue circle."): "it"/"they" is the most
  recent entity before it of the same number that is not the object of a relation nor an
  argument of the pronoun's own predicate ("A cross is below it.": not the cross) (its
  quantifier then scopes over both sentences: the indefinite's dynamic scope).
* In a list, "it" in an item's description is the item just before ("a red diamond, a red
  triangle below it"); in a "with"-phrase, the noun the phrase modifies.
* "a red square and a blue one": "one" is the latest earlier shape noun.
* "the other shape": "other" is distinctness from the most recent entity mentioned before it;
  "no other shapes", from every shape named before it.
* A sentence left out of a description stays as an ``unread_sentence`` EP (:data:`UNREAD`) that
  carries what it names: reference stops there, or takes its one shape of the pronoun's number.
The rules are stated in docs/semantics.md ("Reference across sentences").
"""
from __future__ import annotations

from dataclasses import replace

from .antecedents import (
    UNREAD, Mention, conjuncts_before, coordinated, decode_mentions, local_entities, named_before, names_a_shape,
    referents, said_of_each, said_of_the_head, stop_point,
)
from .companion_places import place_companions
from .definites import resolve_definites
from .errors import REFERENCE, UninterpretableMRS
from .lists import MANY, THE_OTHER
from .placement import ATTR
from .predicates import (
    BACKGROUND_NOUNS, COORDINATIONS, ENTITY_NOUNS, FRAME_NOUNS, FRAME_PREPS, QUANTITY_ADJS, shape_of,
    split_predicate,
)
from ..world.model import SHAPES
from .pairs import resolve_pairs, says_pair_words
from .working_mrs import EP, REL, Relation, WorkingMRS, is_var


def resolve_references(w: WorkingMRS) -> None:
    """Resolve pronouns, "one" and "other" against the entities mentioned before them."""
    said = {e.pred for e in w.live if not e.dead}
    if "_with_p" in said or "_be_v_there" in said:
        place_companions(w)
    if "pronoun_q" in said and "part_of" in said:
        _of_them(w)
    if "pronoun_q" in said:
        _pronouns(w)
    if says_pair_words(said):
        resolve_pairs(w)
    if "_one_n_1" in said:
        _one(w)
    if not _OTHERS.isdisjoint(said):
        _other(w)
    if "_the_q" in said:
        resolve_definites(w)
    if UNREAD in said:
        w.kill(*(e for e in w.live if e.pred == UNREAD))
    w.reindex()


#: the predicates :func:`_other` reads ("other", "another", "a second")
_OTHERS = frozenset({"_other_a_1", "_another_q", "ord", "_second_a_1"})


def _of_them(w: WorkingMRS) -> None:
    """"all of them", "each of them" are "they" (each of the shapes it means), and "both of them"
    is "both" (:func:`~.pairs.resolve_pairs`): the pronoun's shapes, not a part of them, so the quantifier of the
    shapes "them" means is kept ("The two circles are blue. All of them are small.": the two circles)."""
    for q in list(w.live):
        if q.dead or q.pred not in ("_all_q", "_each_q", "_both_q"):
            continue
        rs = w.at(w.rstr_label(q))
        if len(rs) != 1 or rs[0].pred != "part_of" or rs[0].arg0 != q.arg0:
            continue
        them = w.quant_of.get(rs[0].args.get("ARG1") or "")
        if them is None or them.pred != "pronoun_q" or not them.mods.plural or them.mods.person in ("1", "2"):
            continue
        if q.pred == "_both_q":
            w.kill(them, *w.at(w.rstr_label(them)))
            rs[0].pred, rs[0].args = "generic_entity", {"ARG0": q.arg0 or ""}
        else:
            w.kill(q, rs[0])
            w.substitute(q.arg0 or "", them.arg0 or "")
        w.reindex()


def _pronouns(w: WorkingMRS) -> None:
    """"it"/"they": the most recent earlier entity of the same number (see the module docstring); a
    second "it" with no such entity left ("A rectangle below it overlaps it.", where the first made
    its antecedent an object) is the first's antecedent, when that is not its own co-argument."""
    last: tuple[tuple[int, int], EP] | None = None  # the latest pronoun's key and antecedent
    for q in list(w.live):
        if q.dead or q.pred != "pronoun_q":
            continue
        rs = w.at(w.rstr_label(q))
        if len(rs) != 1 or rs[0].pred != "pron" or q.mods.person in ("1", "2"):
            continue  # "I", "we", "you" (the imperative's subject) are no anaphora
        coarguments = local_entities(w, q.arg0 or "")
        found = [r for r in referents(w, q.key, q.mods.plural) if r.arg0 not in coarguments]
        in_list, item = _in_a_list(w, q)
        if in_list is not None and in_list.arg0 in coarguments:
            in_list = None
        if in_list is not None and (item or not found):  # the item before is nearer than any earlier shape
            found = [in_list]
        elif found and q.mods.plural and _singles_since(w, q, rs[0], found[0], coarguments):
            continue
        cut, unread = stop_point(w, q.key, q.mods.plural)
        if not found and last is not None and last[1].arg0 not in coarguments and cut < last[0] < q.key:
            found = [last[1]]
        if not found and len(unread) == 1 and not q.mods.plural:
            _recovered(w, q, rs[0], unread[0])  # "it" is the one shape an unread sentence names
            continue
        if found:
            last = (q.key, found[0])
        if not found and _in_the_picture(w, q, rs[0]):
            continue
        if not found and q.mods.plural and (_both_of_a_relation(w, q, rs[0], coarguments, cut)
                                            or _two_singles(w, q, rs[0], cut)):
            continue
        if not found:
            if conjuncts_before(w, q.key, q.mods.plural):
                raise UninterpretableMRS("says 'it'/'they' after shapes mentioned together ('a square and a "
                                         "circle'): which of them it means is not decided", REFERENCE)
            raise UninterpretableMRS("says 'it'/'they' with nothing before it to refer to", REFERENCE)
        if in_list is not None and found[0] is in_list and _restated(w, q, rs[0], in_list):
            continue
        users = [e for e in w.live if not e.dead and e is not q and e is not rs[0] and q.arg0 in e.args.values()]
        w.kill(q, rs[0])
        w.substitute(q.arg0 or "", found[0].arg0 or "")
        w.reindex()
        said_of_the_head(w, found[0].arg0 or "", users)


def _singles_since(w: WorkingMRS, pronoun: EP, pron: EP, group: EP, local: set[str]) -> bool:
    """"The image shows six shapes. ... a blue circle overlaps a green circle, with a triangle above
    them": with two or more single shapes named between the plural ``group`` and the pronoun, "them"
    may be the group or shapes just named. As the object of a place it is the two of the latest
    relation between single shapes since the group (True, done); otherwise not decided (raises).
    False (nothing done) with fewer single shapes since the group."""
    if sum(1 for r in named_before(w, pronoun, group.key) if not r.mods.plural) < 2:
        return False
    if _both_of_a_relation(w, pronoun, pron, local, group.key):
        return True
    raise UninterpretableMRS("says 'they'/'them' after a group and then several single shapes: whether it means "
                             "the group or those shapes is not decided", REFERENCE)


def _two_singles(w: WorkingMRS, pronoun: EP, pron: EP, cut: tuple[int, int]) -> bool:
    """"A red square is at the top. A blue circle is at the bottom. Both of them are small.":
    with no plural before it, "they" after exactly two single shapes, named apart from any list, is
    said of each (:func:`said_of_each`). False (nothing done) when it is not so."""
    named = named_before(w, pronoun, cut)
    if len(named) != 2 or any(r.mods.plural or r.arg0 in coordinated(w) for r in named):
        return False
    a, b = sorted(named, key=lambda r: r.key)
    users = [e for e in w.live if not e.dead and e is not pronoun and e is not pron and pronoun.arg0 in e.args.values()]
    said_of_each(w, pronoun, [pron], users, a.arg0 or "", b.arg0 or "")
    return True


def _in_the_picture(w: WorkingMRS, pronoun: EP, pron: EP) -> bool:
    """"a black background with one object in it": with no shape before it to mean, an "it" after
    the image or its background, said only as the place "in it" / "on it", is that image, and the
    place adds nothing (as "in the image"). Drops the place and the pronoun; False if not so."""
    x = pronoun.arg0
    users = [e for e in w.live if not e.dead and e is not pronoun and e is not pron and x in e.args.values()]
    if pronoun.mods.plural or not users or any(e.pred not in FRAME_PREPS or e.args.get("ARG2") != x for e in users):
        return False
    if not any(e.key < pronoun.key and (e.pred in FRAME_NOUNS or e.pred in BACKGROUND_NOUNS) for e in w.eps):
        return False
    w.kill(pronoun, pron, *users)
    w.reindex()
    return True


def _both_of_a_relation(w: WorkingMRS, pronoun: EP, pron: EP, local: set[str], cut: tuple[int, int]) -> bool:
    """"A blue circle overlaps a green circle. Just below them is a red square.": with no plural
    before it, "them" said as the object of places ("below them") is the two shapes of the latest
    relation between two single shapes before it: the place is said of each ("below the blue
    circle and below the green circle"). False (nothing done) when it is not so."""
    x = pronoun.arg0 or ""
    users = [e for e in w.live if not e.dead and e is not pronoun and e is not pron and x in e.args.values()]
    if not users or any(e.args.get("ARG2") != x or split_predicate(e.pred)[1] != "p" for e in users):
        return False

    def single_shape(v: str | None) -> bool:
        q = w.quant_of.get(v or "")
        return (q is not None and not q.mods.plural and v not in local and cut < q.key < pronoun.key
                and any(n.arg0 == v and shape_of(n.pred) is not None for n in w.at(w.rstr_label(q))))

    pairs = [e for e in w.live if not e.dead and not e.is_quantifier() and e.key < pronoun.key and e.key > cut
             and e.pred not in COORDINATIONS and single_shape(e.args.get("ARG1")) and single_shape(e.args.get("ARG2"))]
    if not pairs:
        return False
    latest = max(pairs, key=lambda e: e.key)
    a, b = latest.args["ARG1"], latest.args["ARG2"]
    w.kill(pronoun, pron)
    for e in users:
        e.args["ARG2"] = a
        w.eps.append(EP(e.pred, e.label, {**e.args, "ARG0": w.new_name("e"), "ARG2": b}, e.carg, e.key,
                        relation=e.relation))
    w.reindex()
    for v in (a, b):
        said_of_the_head(w, v, [e for e in w.live if not e.dead and e.args.get("ARG2") == v and e.pred in
                                 {u.pred for u in users}])
    return True


def _holder(w: WorkingMRS, pronoun: EP) -> EP | None:
    """The quantifier of the entity in whose description the pronoun is ("a red triangle below it":
    the triangle's), None when it is in none."""
    return next((w.quant_of[v] for e in w.live if not e.dead and not e.is_quantifier()
                 and pronoun.arg0 in e.args.values()
                 for v in e.args.values() if v != pronoun.arg0 and v in w.quant_of
                 and w.rstr_label(w.quant_of[v]) == e.label), None)


def _in_a_list(w: WorkingMRS, pronoun: EP) -> tuple[EP | None, bool]:
    """The antecedent of a pronoun in the description of an item of a list, or of a "with"-phrase
    ("a red diamond at the top, a red triangle below it", "a teal circle with a magenta triangle
    just below it, an olive circle"): the noun a "with"-phrase modifies (and False), else the item
    just before in the same list (and True); None when the pronoun is in no such place or that one
    is not of the pronoun's number (the general rule of :func:`_pronouns` then decides)."""
    holder = _holder(w, pronoun)
    if holder is None:
        return None, False
    head = next((w.quant_of[v] for e in w.live if not e.dead and e.pred == "_be_v_there"
                 and e.args.get("ARG1") == holder.arg0
                 for v, h in list(w.quant_of.items()) if w.rstr_label(h) == e.label and h is not holder), None)
    found = head if head is not None else _item_before(w, holder)
    if found is None or found.mods.plural != pronoun.mods.plural or not is_var(found.arg0, "x"):
        return None, False
    return found, head is None


def _recovered(w: WorkingMRS, pronoun: EP, pron: EP, mention: Mention) -> None:
    """"it" after an unread sentence that names one shape ("On the left of the pair is a small
    gray cross. Just to its right is a cyan semicircle."): an indefinite of that shape's noun and
    adjectives ("to the right of a small gray cross"), as :func:`_restated` does in a list."""
    x = pronoun.arg0 or ""
    pronoun.pred = "_a_q"
    w.kill(pron)
    noun, *adjectives = mention.words
    w.eps.append(EP(noun, pron.label, {"ARG0": x}, None, pronoun.key))
    w.eps.extend(EP(a, pron.label, {"ARG0": w.new_name("e"), "ARG1": x}, None, pronoun.key) for a in adjectives)
    w.reindex()


def _restated(w: WorkingMRS, pronoun: EP, pron: EP, antecedent: EP) -> bool:
    """"a red square, a blue circle below it": each item of a list is its own claim, so the
    pronoun in one item's description restates the item before ("a blue circle below a red
    square"), which for an indefinite says the same as the list with "it" bound to that square.
    Only when the antecedent's description says nothing of another entity (else False, nothing done)."""
    a = antecedent.arg0 or ""
    described = w.at(w.rstr_label(antecedent))
    if not described or any(r not in ("ARG0", "ARG1") or not (v == a or r == "ARG0" and is_var(v, "e"))
                            for e in described for r, v in e.args.items()):
        return False
    x = pronoun.arg0 or ""
    pronoun.pred, pronoun.mods = antecedent.pred, replace(antecedent.mods)
    w.kill(pron)
    for e in described:
        args = {r: (x if v == a else w.new_name("e")) for r, v in e.args.items()}
        w.eps.append(EP(e.pred, pron.label, args, e.carg, pronoun.key, relation=e.relation))
    w.reindex()
    return True


def _item_before(w: WorkingMRS, item: EP) -> EP | None:
    """The item of a list just before ``item`` (surface order), None when it is the first or in no list."""
    parent = {v: e for e in w.live if not e.dead and e.pred in COORDINATIONS
              for r, v in e.args.items() if r != "ARG0"}
    if item.arg0 not in parent:
        return None
    top = parent[item.arg0]
    while top.arg0 in parent:
        top = parent[top.arg0]
    joints = {e.arg0 for e in parent.values()}
    items, todo = [], [top]
    while todo:
        e = todo.pop()
        for r, v in e.args.items():
            if r == "ARG0":
                continue
            if v in joints:
                todo.append(next(c for c in parent.values() if c.arg0 == v))
            elif v in w.quant_of:
                items.append(w.quant_of[v])
    before = [i for i in items if i.key < item.key]
    return max(before, key=lambda i: i.key) if before else None


def _one(w: WorkingMRS) -> None:
    """"a red square and a blue one": the noun "one" stands for the shape noun of the latest
    earlier noun phrase that has one, an unread sentence's included (else it is "shape")."""
    for e in list(w.live):
        if e.dead or e.pred != "_one_n_1":
            continue
        q = w.quant_of.get(e.arg0 or "")
        if q is None:
            continue
        cut, unread = stop_point(w, q.key, None)
        earlier = sorted((r for r in w.live if r.is_quantifier() and not r.dead and cut < r.key < q.key),
                         key=lambda r: r.key, reverse=True)
        for r in earlier:
            nouns = [n for n in w.at(w.rstr_label(r)) if n.arg0 == r.arg0 and shape_of(n.pred) is not None]
            if nouns:
                e.pred = nouns[0].pred
                break
        else:  # the latest shape noun of an unread sentence before it
            said = [m.words[0] for m in unread if shape_of(m.words[0]) is not None]
            if said:
                e.pred = said[-1]


def _another(w: WorkingMRS) -> set[str]:
    """"another gray circle", "a second gray circle" are "an other gray circle"; their variables."""
    found = set()
    for q in list(w.live):
        if q.dead or q.arg0 is None or not q.is_quantifier():
            continue
        seconds = [e for e in w.at(w.rstr_label(q))
                   if (e.pred == "ord" and e.carg == "2" or e.pred == "_second_a_1")
                   and e.args.get("ARG1") == q.arg0]
        if q.pred == "_another_q" or q.pred == "_a_q" and seconds:
            q.pred = "_a_q"
            w.kill(*seconds)
            w.eps.append(EP("_other_a_1", w.rstr_label(q), {"ARG0": w.new_name("e"), "ARG1": q.arg0}, None, q.key))
            found.add(q.arg0)
    w.reindex()
    return found


def _other_than_all(w: WorkingMRS, e: EP, q: EP) -> bool:
    """"There is a red square. There is a blue circle. There are no other shapes.": "no other" is
    distinct from every shape named before it, not only the latest (else the square would be one
    of the "other" shapes), and fits no description of a plural or counted shape named before it
    that only said it is there ("There are two circles. ... The rest is empty.": no shape besides the
    named ones is a circle); False when none was named. Shapes said not to be there name nothing
    ("The rest of the image is black and there are no other objects.": the second "no other" is
    besides the shapes the first is besides). A plural or counted shape said to be
    somewhere, or an unread sentence that names shapes, leaves the other shapes unknown: not decided."""
    if any(u.pred == UNREAD and u.key < q.key and decode_mentions(u.carg) for u in w.live if not u.dead):
        raise UninterpretableMRS("says 'no other' after a sentence that could not be read: which shapes it "
                                 "excludes is not known")
    joints = {c.arg0 for c in w.live if not c.dead and c.pred in COORDINATIONS}
    named = [r for r in w.live if r.is_quantifier() and not r.dead and r is not q and r.key < q.key
             and is_var(r.arg0, "x") and r.arg0 not in joints and r.pred != "_no_q"
             and names_a_shape(w, r)]
    if not named:
        return False
    groups = [r for r in named if r.mods.plural or r.pred not in ("_a_q", "udef_q", "_the_q") or not r.mods.plain()]
    if any(not _only_there(w, r) for r in groups):
        raise UninterpretableMRS("says 'no other' after shapes named as a group or counted: which shapes it "
                                 "excludes is not decided")
    x = e.args.get("ARG1") or ""
    singles = [r for r in named if r not in groups]
    if not groups and any(r.arg0 in coordinated(w) for r in singles) and _counted_instead(w, e, q, singles):
        return True
    for r in singles:
        w.eps.append(EP(REL, e.label, {"ARG0": w.new_name("e"), "ARG1": x, "ARG2": r.arg0 or ""}, None, e.key,
                        relation=Relation("id-rel", -1)))
    for r in groups:  # "There are two circles. ... The rest is empty.": the others are not circles
        label, hole = w.new_name("h"), w.new_name("h")
        for d in w.at(w.rstr_label(r)):
            if d.pred in _COUNTS:
                continue
            w.eps.append(EP(d.pred, label, {k: (x if v == r.arg0 else w.new_name("e") if k == "ARG0" else v)
                                            for k, v in d.args.items()}, d.carg, e.key))
        w.qeq[hole] = label
        w.eps.append(EP("neg", e.label, {"ARG0": w.new_name("e"), "ARG1": hole}, None, e.key))
    w.kill(e)
    w.reindex()
    return True


def _counted_instead(w: WorkingMRS, e: EP, q: EP, singles: list[EP]) -> bool:
    """"There is a yellow circle and a red triangle. There are no other shapes.": the items of a list
    are not entities a later sentence can name (each is its own claim), so "no other shapes" after
    them is read as "there are exactly as many shapes as were named" ("exactly two shapes"). That
    says the same when the shapes named are single shapes of different kinds of the world (so no
    two of them can be one shape) said to be there with "and" (no "or", no negation, no "every"
    before it), and "no other" is said of "shapes" (or "objects") that are only there; False
    (nothing done) otherwise."""
    kinds: list[str] = []
    for r in singles:  # "a red triangle", not "at least one red triangle"
        one = r.mods.card == 1 and r.mods.degree is None and not r.mods.plural
        if not (r.pred == "_a_q" and r.mods.plain() or one):
            return False
        said = {shape_of(n.pred) or "" for n in w.at(w.rstr_label(r)) if n.arg0 == r.arg0 and shape_of(n.pred)}
        if len(said) != 1 or not said <= set(SHAPES):
            return False
        kinds.extend(said)
    if len(set(kinds)) != len(kinds):
        return False
    before = [u for u in w.live if not u.dead and u.key < q.key]
    if any(u.pred in ("_or_c", "neg") or u.is_quantifier() and u.pred not in _EXISTENTIAL for u in before):
        return False
    x = q.arg0 or ""
    rs = [u for u in w.at(w.rstr_label(q)) if u is not e]
    users = [u for u in w.live if not u.dead and u is not q and x in u.args.values() and u.label != w.rstr_label(q)]
    if len(rs) != 1 or rs[0].pred not in ENTITY_NOUNS or any(u.pred != "_be_v_there" for u in users):
        return False
    w.kill(e)
    q.pred, q.mods.card, q.mods.degree, q.mods.plural = "udef_q", len(singles), "eq", True
    w.reindex()
    return True


#: quantifiers of shapes said to be there, before a "no other" read as a count
_EXISTENTIAL = frozenset({"_a_q", "udef_q", "_the_q", "_no_q", "pronoun_q"})


#: what a group's restriction says of its number, not of each member ("two", "several", "many")
_COUNTS = frozenset({"card", MANY, "much-many_a", "little-few_a", *QUANTITY_ADJS})


def _only_there(w: WorkingMRS, r: EP) -> bool:
    """Whether all a group ``r`` names is that it is there, with a description of its own entity alone
    ("there are two circles", "the image shows red squares"): then "no other shapes" after it says
    that no further shape fits that description. A group said to be somewhere, or described by
    another entity, leaves the others unknown (two circles at the top: a third elsewhere is other)."""
    x, own = r.arg0, w.rstr_label(r)
    if any(is_var(v, "x") and v != x for d in w.at(own) for k, v in d.args.items() if k != "ARG0"):
        return False
    return all(d.pred == "_be_v_there" or d.label == own or d.is_quantifier()
               for d in w.live if not d.dead and x in d.args.values())


def _others_in_a_list(w: WorkingMRS, e: EP, q: EP) -> bool:
    """"A red square, a blue circle and other shapes": false with fewer such shapes than the quantity
    says (two for a bare plural) besides one named shape, true once there are that many besides
    every shape the list may name before them, vague between (which shapes the list names is not
    known). Only for a counted indefinite plural ("other shapes", "a few other shapes")."""
    if q.pred != "udef_q" or not q.mods.plural or q.mods.card is None or q.mods.degree != "geq":
        return False
    parts = coordinated(w)
    named = [p for p in w.live if p.is_quantifier() and not p.dead and p.key < q.key and p.arg0 in parts]
    most = sum(p.mods.card or (2 if p.mods.plural else 1) for p in named)  # shapes the list names, at most
    e.pred, e.carg = MANY, f"{q.mods.card + most}:other"
    q.mods.card += 1  # the list names at least one shape, which is not among the others
    e.args = {"ARG0": e.arg0 or w.new_name("e"), "ARG1": q.arg0 or ""}
    return True


def _others_alone(q: EP, e: EP) -> bool:
    """"There are (a few) other shapes." with nothing before it: shapes besides at least one not
    named, as "another shape": true once there are one more than the plural says (two for a bare
    plural) whichever one they are other than, false with none, vague between. Only for a plural
    with a lower bound ("other", "a few other", "several other"), not a number said exactly."""
    if q.pred != "udef_q" or not q.mods.plural or q.mods.card is None or q.mods.degree != "geq":
        return False
    e.pred, e.carg = MANY, f"{q.mods.card + 1}:other"
    q.mods.card = 1
    return True


def _other(w: WorkingMRS) -> None:
    """"the other shape": distinct from the most recent entity mentioned before it; "another shape"
    with nothing before it is one besides another of its kind: true with two of them, false with
    none, vague with one (the one it is other than may be a shape of another kind); "the other
    shape" with nothing before it is said of every such shape, with at least two of them."""
    another = _another(w)
    for the in list(w.live):  # "the second red cross": one of the red crosses, which one not said
        if not the.dead and the.pred == "_the_q" and not the.mods.plural:
            w.kill(*(e for e in w.at(w.rstr_label(the)) if e.args.get("ARG1") == the.arg0 and (
                e.pred == "ord" and e.carg == "2" or e.pred == "_second_a_1")))
    for e in list(w.live):
        if e.dead or e.pred != "_other_a_1":
            continue
        x = e.args.get("ARG1")
        q = w.quant_of.get(x or "")
        if q is None:
            raise UninterpretableMRS("says 'other' of no entity", REFERENCE)
        if q.pred == "_no_q" and _other_than_all(w, e, q):  # "There are no other shapes."
            continue
        found = [r for r in referents(w, q.key, None) if r is not q]
        if not found and conjuncts_before(w, q.key, None):  # "a green triangle and no other shapes"
            if _others_in_a_list(w, e, q):
                continue
            raise UninterpretableMRS("says 'other' than a shape named in the same list ('a triangle and no other "
                                     "shapes'), which is not read", REFERENCE)
        if not found and x in another:  # "There is another red pentagon." on its own
            q.pred, q.mods.card, q.mods.degree = "udef_q", 1, "geq"
            e.pred, e.carg = MANY, "2:another"
            e.args = {"ARG0": e.arg0 or w.new_name("e"), "ARG1": x or ""}
            continue
        if not found and _others_alone(q, e):  # "There are other shapes." on its own
            continue
        if not found:
            if q.pred in ("udef_q", "_a_q"):  # "A, B and other shapes": others than those, which the list does not say
                e.pred, e.carg = ATTR, "vague:other"
                e.args = {"ARG0": e.arg0 or w.new_name("e"), "ARG1": x or ""}
                continue
            if q.pred != "_the_q" or q.mods.plural or q.mods.card is not None:
                raise UninterpretableMRS("says 'the other' with nothing before it to contrast with", REFERENCE)
            # "The other cyan oval overlaps the square." on its own: one of the cyan ovals besides one
            # the writer has in mind, which one not said: said of every one (as "the cyan ovals"),
            # with at least two of them (vague with one, false with none)
            q.mods.plural = True
            e.pred, e.carg = MANY, f"2:{THE_OTHER}"
            e.args = {"ARG0": e.arg0 or w.new_name("e"), "ARG1": x or ""}
            continue
        e.pred = REL
        e.args = {"ARG0": e.arg0 or w.new_name("e"), "ARG1": x or "", "ARG2": found[0].arg0 or ""}
        e.relation = Relation("id-rel", -1)


__all__ = ["resolve_references"]
