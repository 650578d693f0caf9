"""Lists and quantities on noun phrases, run by :func:`.placement.rewrite_placement` once places and
looks are read.

* Vague quantities ("several", "a few", "many", "multiple") are counts with a lower bound, and a
  bare plural ("There are red squares.") means at least one, clearly from two (one alone is vague),
  by the same :data:`MANY` marker as "many" and "numerous", which are true from five, vague for three
  or four; in a list beside a single shape it means two or more (:func:`.plural_counts.named_plural`).
* A list of adjectives on a plural ("blue and yellow shapes", "crosses in blue, magenta and yellow")
  is some of each: the noun phrase becomes a coordination of one noun phrase per adjective.
* An adjective on the first noun of a coordination ("magenta crosses and triangles") is said of
  both; lists whose colours cannot be placed on their shapes are left uninterpretable.
"""
from __future__ import annotations

from ..semantics.appearance import color_word
from .errors import UninterpretableMRS
from .picture_places import ATTR, SCENE
from .plural_counts import MANY, beside_singulars, count_marker, counts_left_open, heads_a_plural_list, named_plural
from .predicates import (COORDINATIONS, OUTSIDE_WORDS, QUANTITY_ADJS, TONE_ADJS, color_of, shape_of, split_predicate,
                         unknown_word)
from .working_mrs import EP, WorkingMRS, is_var

#: the word of a ``MANY`` marker that reads "the other X" with nothing before it (see formula_builder)
THE_OTHER = "the-other"
#: "many", "numerous": true from five
MANY_TRUE = 5
#: "a group of", "a cluster of", ...: a quantity whose place is said of the collection (:func:`group_places`)
GROUP = "_a+group+of_a_1"
#: predicates of a restriction that already say how many ("two", "most", "fewer", "a third of")
_COUNTED = frozenset({"card", "much-many_a", "little-few_a", "part_of", "superl", "ord"})


def quantities(w: WorkingMRS) -> None:
    """"several", "a few", "many" on a bare plural: a count with a lower bound; a bare plural
    otherwise ("There are red squares.", "Red squares and a circle.") is at least two."""
    predicative = {e.args.get("ARG2") for e in w.live if not e.dead and e.pred == "_be_v_id"}
    compared = {e.args.get("ARG2") for e in w.live if not e.dead and e.pred in ("more_comp", "comp_equal", "comp")}
    for q in w.live:  # "a single triangle", "one lone square": exactly one
        if not q.dead and q.pred in ("_a_q", "udef_q") and q.mods.plain():
            found = [e for e in _restriction(w, q.arg0 or "") if e.pred in ("_single_a_1", "_lone_a_1")]
            if not found:
                continue
            if not q.mods.plural:
                q.mods.card, q.mods.degree = 1, "eq"
            elif any(e.pred != "_be_v_there" and e.label != w.rstr_label(q) and q.arg0 in e.args.values()
                     for e in w.live if not e.dead and e is not q):
                continue  # "Only a few shapes are red." ("only" says the others are not): not read
            w.kill(*found)  # "There are only a few shapes.": "only" adds nothing to the plural's quantity
    open_counts, listed = counts_left_open(w, predicative), beside_singulars(w)
    for q in w.live:
        if q.dead or q.pred != "udef_q" or not q.mods.plural or not q.mods.plain() or q.arg0 in predicative:
            continue
        rs = _restriction(w, q.arg0 or "")
        part = _vague_part(rs, q.arg0 or "")  # "several of the shapes": the quantity counts among them
        if not part and (any(e.pred in COORDINATIONS or e.pred in _COUNTED for e in rs) or not any(
                split_predicate(e.pred)[1] == "n" and e.arg0 == q.arg0 for e in rs)):
            continue  # a coordination, a partitive, or no noun of its own
        found = [e for e in rs if e.pred in QUANTITY_ADJS and e.args.get("ARG1") == q.arg0]
        if found:
            q.mods.card, q.mods.degree = QUANTITY_ADJS[found[0].pred]
            w.kill(*found[1:])
            many = found[0].pred in ("_many_a_1", "_numerous_a_1")
            whole_list = q.mods.degree == "geq" and heads_a_plural_list(w, q.arg0 or "")
            if many or whole_list:  # a marker for the formula builder
                count_marker(q, found[0], MANY_TRUE if many else q.mods.card or 0, whole_list)
            else:
                w.kill(found[0])
        elif part:
            continue
        elif q.arg0 in compared or any(e.pred == "_other_a_1" for e in rs):  # "than circles"; "other shapes"
            q.mods.card, q.mods.degree = 2, "geq"  # (their counts are read with the comparison, the list)
        elif named_plural(q.arg0 or "", rs, open_counts, listed):  # "Red circles, a cross …": two or more
            q.mods.card, q.mods.degree = 2, "geq"
        else:  # at least one, and clearly from two: one alone is vague (a plural's "more than one" is
            # an implicature, which a model's "pink circles" for one pink circle does not break)
            q.mods.card, q.mods.degree = 1, "geq"
            w.eps.append(EP(MANY, w.rstr_label(q), {"ARG0": w.new_name("e"), "ARG1": q.arg0 or ""}, "2:plural",
                            q.key))


def attach_list_modifiers(w: WorkingMRS) -> None:
    """Modifiers of a whole list ("rectangles and an oval in cyan and blue on a black background") that
    the parser left on a label nothing holds are put in the list's restriction, as the ERG has them
    (intersective with the coordination): they are then read as said of the list, not left floating."""
    lists = {c.arg0: c for c in w.live if not c.dead and c.pred in COORDINATIONS and is_var(c.arg0, "x")}
    if not lists:
        return
    held = set(w.qeq.values()) | {w.top} | {v for e in w.live if not e.dead for v in e.args.values()
                                            if is_var(v, "h")}
    moved = False
    for e in list(w.live):
        x = e.args.get("ARG1")
        q = w.quant_of.get(x or "")
        if e.dead or x not in lists or q is None or e.label in held or e.label == w.rstr_label(q):
            continue
        floating = e.label
        for f in w.live:
            if not f.dead and f.label == floating:
                f.label = w.rstr_label(q)
        held.add(floating)
        moved = True
    if moved:
        w.reindex()


def distribute_list_modifiers(w: WorkingMRS) -> None:
    """What is left said of a whole list once its colours are read ("rectangles and an oval at the top
    on a black background": a place, a look, the background) is said of each item, as a place after a
    comma at a list's end is; modifiers that relate the list to another entity stay (unread)."""
    for c in list(w.live):
        x = c.arg0 or ""
        q = w.quant_of.get(x)
        if c.dead or c.pred not in COORDINATIONS or not is_var(x, "x") or q is None:
            continue
        label = w.rstr_label(q)
        mods = [e for e in w.at(label) if e is not c and (e.pred == SCENE or set(e.args) <= {"ARG0", "ARG1"}
                                                            and e.args.get("ARG1") == x)]
        if not mods or c.label != label:
            continue
        leaves = list_items(w, x)
        labels = [w.rstr_label(w.quant_of[v]) for v in leaves if v in w.quant_of]
        if len(labels) != len(leaves) or not labels:
            continue
        for e in mods:
            if e.pred == SCENE:
                e.label = labels[0]
                continue
            for v, lv in zip(leaves, labels):
                w.eps.append(EP(e.pred, lv, {"ARG0": w.new_name("e"), "ARG1": v}, e.carg, e.key))
            w.kill(e)
        w.reindex()


def list_items(w: WorkingMRS, x: str) -> list[str]:
    """The items of the list ``x`` (through nested coordinations), in order."""
    coord = {c.arg0: c for c in w.live if not c.dead and c.pred in COORDINATIONS and is_var(c.arg0, "x")}
    items: list[str] = []
    todo = [x]
    while todo:
        v = todo.pop()
        if v in coord:
            todo.extend(u for r, u in sorted(coord[v].args.items(), reverse=True) if r != "ARG0")
        else:
            items.append(v)
    return items


def adjective_lists(w: WorkingMRS) -> None:
    """"blue and yellow shapes", "red, green and gray circles": some of each (blue shapes and
    yellow shapes), not shapes that are each blue and yellow. The noun phrase becomes the
    coordination of one noun phrase per adjective, as the ERG reads "blue shapes and yellow shapes"."""
    for q in list(w.live):
        if q.dead or q.pred not in ("udef_q", "_the_q") or not q.mods.plural:
            continue
        if q.pred == "udef_q" and q.mods.plain() and _colours_of_a_coordination(w, q):
            continue
        counted = q.pred == "udef_q" and q.mods.card is not None and q.mods.den is None and not q.mods.most
        if not (q.mods.plain() or counted):
            continue
        x, label = q.arg0 or "", w.rstr_label(q)
        rs = w.at(label)
        by_event = {e.arg0: e for e in rs if e.arg0 is not None}
        coords = [e for e in rs if e.pred in COORDINATIONS and is_var(e.arg0, "e")]
        inner = {v for c in coords for r, v in c.args.items() if r != "ARG0"}
        tops = [c for c in coords if c.arg0 not in inner]
        if len(tops) != 1:
            continue
        leaves: list[EP] = []
        if not _adjective_leaves(by_event, tops[0].arg0, x, leaves) or len(leaves) < 2:
            continue
        leaves = _colours_before(rs, leaves, coords, x) + leaves
        rest = [e for e in rs if e not in leaves and e not in coords and e.pred not in QUANTITY_ADJS]
        if not any(split_predicate(e.pred)[1] == "n" and e.arg0 == x for e in rest):
            continue
        if _after_bare_nouns(w, x):
            _colours_of_a_list(w, q, leaves, coords, _kinds_of_the_list(w, x))
            continue
        if counted or any(e.pred in _COUNTED for e in rest):
            _counted_colours(w, q, leaves, coords, rest)
            continue
        # what is said of the entity alone is said of each part; what relates it to others (or says
        # that others are there: "with a circle") stays once, with the first part
        own = [e for e in rest if not any(is_var(v, "x") and v != x for v in e.args.values())]
        other = [e for e in rest if e not in own]
        copies = [_copy_phrase(w, q, _shared_with(own, leaf, x, i > 0 and leaves[0]), leaf, x, q.pred)
                  for i, leaf in enumerate(leaves)]
        items = [xi for xi, _ in copies]
        w.kill(*leaves, *coords, *own, *(e for e in rs if e.pred in QUANTITY_ADJS))
        for e in other:
            e.label = copies[0][1]
            e.args = {r: (items[0] if v == x else v) for r, v in e.args.items()}
        connective = "_or_c" if any(c.pred == "_or_c" for c in coords) else "_and_c"
        while len(items) > 2:  # "A, B and C" = A and (B and C)
            tail = w.new_name("x")
            _coordination(w, tail, items[-2], items[-1], connective, q)
            items = [*items[:-2], tail]
        label2 = w.new_name("h")
        q.pred = "udef_q"  # the coordination's own quantifier; "the" is each conjunct's
        w.qeq[q.args["RSTR"]] = label2
        w.eps.append(EP(connective, label2, {"ARG0": x, "ARG1": items[0], "ARG2": items[1]}, None, q.key))
        w.reindex()


def _counted_colours(w: WorkingMRS, q: EP, leaves: list[EP], coords: list[EP], rest: list[EP]) -> None:
    """"four crosses in yellow and cyan": four crosses each of one of the colours (the count is of
    those), and some of each colour among them; a colour word outside the table makes its part
    vague. A tone as the last item takes the colour the parser left after the list ("four circles in
    teal, pink, blue and dark red", read "[pink, blue and dark] red": the fourth is "dark red").
    Left alone (and so uninterpretable) when an item is no colour word."""
    x = q.arg0 or ""
    after = [e for e in rest if _is_colour(e, x) and e.key > max(leaf.key for leaf in leaves)]
    words = [_item_word(e, after) for e in leaves]
    if not all(words):
        return
    own = [e for e in rest if e.pred not in _COUNTED
           and not any(is_var(v, "x") and v != x for v in e.args.values())]
    if not any(c.pred == "_or_c" for c in coords):  # "blue or yellow crosses": no "some of each"
        for leaf in leaves:
            _copy_phrase(w, q, _shared_with(own, leaf, x), leaf, x, "_a_q")
            w.eps[-1].key = (q.key[0], q.key[1] - 1)  # "some of each" outside the count, not in its scope
    w.kill(*leaves, *coords)
    if any(e.pred in TONE_ADJS for e in leaves):
        w.kill(*after)  # the colour after the list is the tone's (each shape is one of the items)
    w.eps.append(EP(ATTR, w.rstr_label(q), {"ARG0": w.new_name("e"), "ARG1": x},
                    "colours:" + "+".join(w_ for w_ in words if w_), leaves[0].key))
    w.reindex()


def _item_word(leaf: EP, after: list[EP]) -> str | None:
    """The colour an item of a counted list of colours names: its colour word, or for a tone the tone
    with the one colour word after the list ("dark red"); None when it names no colour."""
    lemma = split_predicate(leaf.pred)[0].split("/")[0]
    if color_of(leaf.pred) is not None or color_word(lemma):
        return lemma
    if leaf.pred in TONE_ADJS and len(after) == 1:
        return f"{TONE_ADJS[leaf.pred]} {split_predicate(after[0].pred)[0].split('/')[0]}"
    return None


def _colours_of_a_list(w: WorkingMRS, q: EP, leaves: list[EP], coords: list[EP], kinds: list[str] | None) -> None:
    """"pentagons, circles and crosses in blue, magenta and yellow", "pink, green and red squares and
    rectangles": which shapes have which colour is not said, but each colour is some listed shape's:
    for each colour, a shape of that colour is there, true when one of the listed kinds is (``kinds``:
    the nouns' shapes; None when a noun is "shapes"), false when no shape of that colour is there at
    all, vague otherwise (a shape of that colour of another kind may be what the writer saw). The
    nouns keep their own claims ("pentagons": at least one, clearly two). Left uninterpretable when a
    word of the list is no colour word."""
    words = [split_predicate(e.pred)[0] for e in leaves]
    if not leaves or not all(color_of(e.pred) is not None or color_word(w_) for e, w_ in zip(leaves, words)):
        raise UninterpretableMRS("says a list of colours of several kinds of shape: which shapes have which "
                                 "colour is not said")
    x = q.arg0 or ""
    rest = [EP("_shape_n_1", "", {"ARG0": x}, None, q.key)]
    if kinds:
        rest.append(EP(ATTR, "", {"ARG0": "e", "ARG1": x}, "kinds:" + "+".join(kinds), q.key))
    for leaf in leaves:
        _copy_phrase(w, q, rest, leaf, x, "_a_q")
        w.eps[-1].key = (q.key[0], q.key[1] - 1)  # "some of each" outside the list, not in its scope
    w.kill(*leaves, *coords)
    w.reindex()


def _colours_of_a_coordination(w: WorkingMRS, q: EP) -> bool:
    """"rectangles and an oval in cyan and blue" (colours in the restriction of a whole list, its
    coordination's variable): each colour is some listed shape's, as for colours after a list of bare
    plurals. False (nothing done) when ``q`` is no list or no colours are said of it there."""
    x = q.arg0 or ""
    if not any(not c.dead and c.pred in COORDINATIONS and c.arg0 == x for c in w.live):
        return False
    by_event = {e.arg0 or "": e for e in w.at(w.rstr_label(q)) if is_var(e.arg0, "e")}
    coords = [e for e in by_event.values() if e.pred in COORDINATIONS]
    inner = {v for c in coords for r, v in c.args.items() if r != "ARG0"}
    leaves: list[EP] = []
    joints: list[EP] = []
    for top in [c for c in coords if c.arg0 not in inner]:
        found: list[EP] = []
        if _adjective_leaves(by_event, top.arg0, x, found):
            leaves.extend(found)
            joints.extend(c for c in coords if c is top or _below(by_event, top, c))
    single = [e for e in by_event.values() if e.args.get("ARG1") == x and split_predicate(e.pred)[1] == "a"
              and e.arg0 not in inner and e not in leaves]
    leaves.extend(single)
    if not leaves or not all(_is_colour(e, x) for e in leaves):
        return False
    _colours_of_a_list(w, q, leaves, joints, _kinds_of_the_list(w, x))
    return True


def _below(by_event: dict[str, EP], top: EP, c: EP) -> bool:
    """Whether the coordination ``c`` is inside ``top`` (of events)."""
    todo = [v for r, v in top.args.items() if r != "ARG0"]
    while todo:
        e = by_event.get(todo.pop())
        if e is c:
            return True
        if e is not None and e.pred in COORDINATIONS:
            todo.extend(v for r, v in e.args.items() if r != "ARG0")
    return False


def _kinds_of_the_list(w: WorkingMRS, x: str) -> list[str] | None:
    """The shapes the nouns of the list ``x`` is part of name (in order, once each); None when one is
    "shape", "object" or names no shape."""
    parent = {v: c for c in w.live if not c.dead and c.pred in COORDINATIONS and is_var(c.arg0, "x")
              for r, v in c.args.items() if r != "ARG0"}
    top = x
    while top in parent:
        top = parent[top].arg0 or ""
    kinds: list[str] = []
    for v in list_items(w, top):
        shapes = [shape_of(e.pred) for e in _restriction(w, v) if e.arg0 == v and split_predicate(e.pred)[1] == "n"]
        if len(shapes) != 1 or shapes[0] is None:
            return None
        if shapes[0] not in kinds:
            kinds.append(shapes[0])
    return kinds


def _after_bare_nouns(w: WorkingMRS, x: str) -> bool:
    """Whether ``x`` is the last of a list whose item before it is a bare noun ("pentagons, circles
    and crosses in blue, magenta and yellow", "several squares and triangles in magenta and blue",
    "crosses, a pentagon and triangles in yellow and gray"): its colours may be said of the whole list."""
    for c in w.live:
        if c.dead or c.pred not in COORDINATIONS or c.args.get("ARG2") != x:
            continue
        others = [v for r, v in c.args.items() if r == "ARG1" and is_var(v, "x")]
        for v in others:
            q = w.quant_of.get(v)
            rs = _restriction(w, v) if q is not None else []
            bare = q is not None and (q.pred == "udef_q" and q.mods.plural or q.pred == "_a_q" and not q.mods.plural)
            if bare and all(split_predicate(e.pred)[1] != "a" or e.pred in QUANTITY_ADJS
                            for e in rs if e.args.get("ARG1") == v):
                return True
    return False


def group_places(w: WorkingMRS) -> None:
    """"a group of cyan and gray shapes on the right side": the place is the group's, not each shape's
    (a group is on the right with a straggler elsewhere), and the world model records no group: the place
    is read as vague, never false; the shapes and their colours are still claimed."""
    for q in list(w.live):
        x = q.arg0 or ""
        rs = _restriction(w, x) if w.quant_of.get(x) is q else []
        if not any(e.pred == GROUP and e.args.get("ARG1") == x for e in rs):
            continue
        for e in rs:
            if e.pred == ATTR and e.args.get("ARG1") == x and (e.carg or "").startswith("region:"):
                e.carg = "vague:group-place"


#: the carg of an adjective copied onto the second noun of a coordination ("blue crosses and
#: pentagons"): its wide reading (blue pentagons) where true, else its narrow one (pentagons of any
#: colour) made vague, so the claim is false only when both readings are
SHARED = "shared-word"


def shared_adjectives(w: WorkingMRS) -> None:
    """"magenta crosses and triangles": the adjective is said of both nouns (its wide reading, the one
    people take), or of the first alone (its narrow one): true when the wide reading is, false only
    when the narrow one is (:data:`SHARED`); with a list of adjectives ("pink, green and red squares and
    rectangles") how the colours fall on the nouns is not said, so the phrase is left uninterpretable."""
    for c in list(w.live):
        if c.dead or c.pred not in ("_and_c", "_or_c") or not is_var(c.arg0, "x"):
            continue
        left, right = c.args.get("ARG1", ""), _first_of_list(w, c.args.get("ARG2", ""))
        ql, qr = w.quant_of.get(left), w.quant_of.get(right)
        if ql is None or qr is None or ql.pred != qr.pred or ql.pred not in ("udef_q", "_no_q"):
            continue  # (both "no": "no blue crosses or pentagons", see :mod:`.negated_lists`)
        if not (ql.mods.plural and qr.mods.plural and ql.mods.plain() and qr.mods.plain()):
            continue
        ls = _restriction(w, left)
        rs = [e for e in _restriction(w, right) if right in e.args.values()]  # not "with X" said of it
        if len(rs) != 1 or rs[0].arg0 != right or split_predicate(rs[0].pred)[1] != "n":
            continue  # the second noun has words of its own: nothing is shared
        shared = [e for e in ls if split_predicate(e.pred)[1] == "a" and e.args.get("ARG1") == left]
        counts = [e for e in shared if e.pred in QUANTITY_ADJS]
        shared = [e for e in shared if e not in counts]
        if not shared:
            continue
        w.kill(*counts)  # "several cyan semicircles and ellipses": several in all; each plural is two or more
        if any(e.pred in COORDINATIONS for e in ls):  # "pink, green and red squares and rectangles"
            coords = [e for e in ls if e.pred in COORDINATIONS]
            kinds = _kinds_of_the_list(w, right)
            _colours_of_a_list(w, ql, shared, coords, kinds)
            continue
        for e in shared:  # the copy is marked: the narrow reading leaves it out (see :data:`SHARED`)
            carg = SHARED if e.carg is None else e.carg
            w.eps.append(EP(e.pred, rs[0].label, {**e.args, "ARG0": w.new_name("e"), "ARG1": right}, carg, e.key))


def _first_of_list(w: WorkingMRS, x: str) -> str:
    """The first noun phrase of the list ``x`` is, or ``x`` itself: "magenta crosses and triangles, a cyan
    triangle and ..." parses as "magenta crosses" and a list that opens with "triangles", and the
    adjective falls on that first noun as in a coordination of two."""
    for _ in range(8):
        rs = [e for e in _restriction(w, x) if e.arg0 == x]
        if len(rs) != 1 or rs[0].pred != "implicit_conj" or not is_var(rs[0].args.get("ARG1", ""), "x"):
            return x
        x = rs[0].args["ARG1"]
    return x


def _adjective_leaves(by_event: dict[str, EP], event: str | None, x: str, out: list[EP]) -> bool:
    e = by_event.get(event or "")
    if e is None:
        return False
    if e.pred in COORDINATIONS:
        return (_adjective_leaves(by_event, e.args.get("ARG1"), x, out)
                and _adjective_leaves(by_event, e.args.get("ARG2"), x, out))
    if e.args.get("ARG1") == x and _adjective(e.pred):
        if e.pred not in QUANTITY_ADJS:  # "many green and blue shapes": "many" is no part
            out.append(e)
        return True
    return False


def _adjective(pred: str) -> bool:
    """An adjective, or the ERG's entry of an adjective outside its vocabulary ("_olive-yellow/jj_u_unknown");
    a colour compound the tagger took for a participle ("coral-red", "salmon-red": ``/vbn``) is one too."""
    if split_predicate(pred)[1] == "a":
        return True
    unknown = unknown_word(pred)
    return unknown is not None and (unknown[1] == "jj" or unknown[1] == "vbn" and bool(color_word(unknown[0])))


def _colours_before(rs: list[EP], leaves: list[EP], coords: list[EP], x: str) -> list[EP]:
    """The colour words just before a list of colours that the parser left out of it ("circles in
    teal, pink, cyan and dark red" is read "teal [pink, cyan and dark] red"): each is a list item of
    its own, not a colour said of every item (no shape is teal and red at once)."""
    if not _is_colour(leaves[0], x):
        return []
    first = min(e.key for e in leaves)
    return sorted((e for e in rs if e not in leaves and e not in coords and e.key < first and _is_colour(e, x)),
                  key=lambda e: e.key)


def _is_colour(e: EP, x: str) -> bool:
    lemma = split_predicate(e.pred)[0].split("/")[0]
    return _adjective(e.pred) and e.args.get("ARG1") == x and (color_of(e.pred) is not None or bool(color_word(lemma)))


def _shared_with(own: list[EP], leaf: EP, x: str, first: EP | bool = False) -> list[EP]:
    """What a list's adjective ``leaf`` shares of the rest: all of it, but a colour word outside the
    list only when the leaf names no colour of its own. "blue and light green triangles" is blue
    triangles and light green ones (the parser puts "green" outside "blue and light"), not triangles
    each blue and green. A tone word just before the list's ``first`` colour is that colour's ("light
    green, blue and red half circles": the blue and red ones are not said to be light)."""
    if not _is_colour(leaf, x):
        return own
    out = [e for e in own if not _is_colour(e, x)]
    if isinstance(first, EP) and _is_colour(first, x):
        out = [e for e in out if not (e.pred in TONE_ADJS and e.key < first.key)]
    return out


def _copy_phrase(w: WorkingMRS, q: EP, rest: list[EP], leaf: EP, x: str, quantifier: str) -> tuple[str, str]:
    """A new singular entity ("a" or, for "the", "the") restricted by copies of ``rest`` and ``leaf``:
    its variable and the label of its restriction."""
    xi, label, rstr = w.new_name("x"), w.new_name("h"), w.new_name("h")
    for e in [*rest, leaf]:
        args = {r: (xi if v == x else w.new_name("e") if r == "ARG0" and is_var(v, "e") else v)
                for r, v in e.args.items()}
        w.eps.append(EP(e.pred, label, args, e.carg, e.key))
    w.qeq[rstr] = label
    w.eps.append(EP(quantifier, w.new_name("h"), {"ARG0": xi, "RSTR": rstr, "BODY": w.new_name("h")}, None, q.key))
    return xi, label


def predicated_colours(w: WorkingMRS) -> None:
    """"The crosses are yellow and cyan", "the shapes are mostly red and blue": each is one of the
    colours (a ``colours`` attribute, so "mostly" counts those of any of them) and some of each colour
    is there; "or" is the attribute alone. Run before "mostly" is read."""
    by_event = {e.arg0 or "": e for e in w.live if not e.dead and is_var(e.arg0, "e")}
    for c in list(w.live):
        if c.dead or c.pred not in COORDINATIONS or not is_var(c.arg0, "e") or c.arg0 in _inner_events(w):
            continue
        under = {v for u in _events_under(by_event, c.arg0) for v in by_event[u].args.values()}
        subjects = {e.args.get("ARG1") for e in w.live
                    if not e.dead and e.arg0 in under and e.pred not in COORDINATIONS}
        x = next(iter(subjects)) if len(subjects) == 1 else None
        q = w.quant_of.get(x or "")
        if q is None or x is None or not q.mods.plural or c.label == w.rstr_label(q):
            continue
        leaves: list[EP] = []
        if not _adjective_leaves(by_event, c.arg0, x, leaves) or len(leaves) < 2:
            continue
        words = [split_predicate(e.pred)[0] for e in leaves]
        if not all(color_of(e.pred) is not None or color_word(word) for e, word in zip(leaves, words)):
            continue
        inner = [e for e in w.live if not e.dead and e.pred in COORDINATIONS and e is not c
                 and e.arg0 in _events_under(by_event, c.arg0)]
        own = [e for e in w.at(w.rstr_label(q)) if e.pred not in _COUNTED and e.pred not in QUANTITY_ADJS
               and not any(is_var(v, "x") and v != x for v in e.args.values())]
        if c.pred != "_or_c" and not any(e.pred == "_or_c" for e in inner):
            for leaf in leaves:
                _copy_phrase(w, q, own, leaf, x, "_a_q")
                w.eps[-1].key = (q.key[0], q.key[1] - 1)
        w.kill(*leaves, *inner)
        c.pred, c.carg, c.args = ATTR, "colours:" + "+".join(words), {"ARG0": c.arg0 or "e?", "ARG1": x}
        w.reindex()


def _inner_events(w: WorkingMRS) -> set[str]:
    return {v for e in w.live if not e.dead and e.pred in COORDINATIONS for r, v in e.args.items() if r != "ARG0"}


def _events_under(by_event: dict[str, EP], event: str | None) -> set[str]:
    e = by_event.get(event or "")
    if e is None or e.pred not in COORDINATIONS:
        return set()
    return {event or ""} | _events_under(by_event, e.args.get("ARG1")) | _events_under(by_event, e.args.get("ARG2"))


def predicated_lists(w: WorkingMRS) -> None:
    """"The crosses are yellow and cyan.", "four crosses in yellow and cyan": which of them is which
    is not said, and "each is both" (no shape has two colours) is not what it means: left
    uninterpretable rather than read as false."""
    for c in w.live:
        if c.dead or c.pred not in COORDINATIONS or not is_var(c.arg0, "e"):
            continue
        parts = [e for e in w.live if not e.dead and e.arg0 in (c.args.get("ARG1"), c.args.get("ARG2"))]
        subjects = {e.args.get("ARG1") for e in parts}
        if len(parts) != 2 or len(subjects) != 1 or any(split_predicate(e.pred)[1] != "a" for e in parts):
            continue
        q = w.quant_of.get(next(iter(subjects)) or "")
        colours = all(color_of(e.pred) is not None or color_word(split_predicate(e.pred)[0]) for e in parts)
        if q is not None and q.mods.plural and (colours or c.label != w.rstr_label(q)):
            raise UninterpretableMRS("says of several shapes that they are one thing and another: which of them "
                                     "is which is not decided")


def _coordination(w: WorkingMRS, v: str, left: str, right: str, connective: str, q: EP) -> None:
    label, rstr = w.new_name("h"), w.new_name("h")
    w.eps.append(EP(connective, label, {"ARG0": v, "ARG1": left, "ARG2": right}, None, q.key))
    w.qeq[rstr] = label
    new_q = EP("udef_q", w.new_name("h"), {"ARG0": v, "RSTR": rstr, "BODY": w.new_name("h")}, None, q.key)
    new_q.mods.plural = True
    w.eps.append(new_q)


#: the colours of the picture as a whole ("The colors are bright."), and participles on them that add
#: nothing ("the colors used")
_COLOUR_NOUNS = frozenset({"_color_n_1", "_colour_n_1"})
_COLOUR_PARTICIPLES = frozenset({"_use_v_1", "_show_v_1"})


def colours_of_the_shapes(w: WorkingMRS) -> None:
    """"The colors are bright.", "The colors used are red, blue and gray.": adjectives of colour or
    tone said of "the colors" as a whole are said of the shapes ("The shapes are bright.": a tone with
    no colour word, vague; "The shapes are red, blue and gray.": each is one of them and each occurs).
    Anything else said of the colours ("The colors stand out.") leaves them unread."""
    for x, q in list(w.quant_of.items()):
        if q.dead or q.pred != "_the_q" or not q.mods.plural:
            continue
        rs = _restriction(w, x)
        nouns = [e for e in rs if e.arg0 == x and e.pred in _COLOUR_NOUNS]
        if len(nouns) != 1 or not all(e is nouns[0] or e.pred in _COLOUR_PARTICIPLES and e.args.get("ARG2") == x
                                      for e in rs):
            continue
        said = [e for e in w.live if not e.dead and e not in rs and e is not q and x in e.args.values()]
        if said and all(_colour_or_tone(e, x) for e in said):
            nouns[0].pred = "_shape_n_1"
            w.kill(*[e for e in rs if e is not nouns[0]])
    w.reindex()


def _colour_or_tone(e: EP, x: str) -> bool:
    lemma, pos, _ = split_predicate(e.pred)
    return pos == "a" and e.args.get("ARG1") == x and (
        e.pred in TONE_ADJS or color_of(e.pred) is not None or bool(color_word(lemma)) or lemma in OUTSIDE_WORDS)


def _vague_part(rs: list[EP], x: str) -> bool:
    """Whether the restriction ``rs`` of ``x`` is a part of a group with a vague quantity and no other
    count on it ("several of the shapes", "many of them")."""
    return (any(e.pred == "part_of" and e.arg0 == x for e in rs)
            and any(e.pred in QUANTITY_ADJS and e.args.get("ARG1") == x for e in rs)
            and not any(e.pred in COORDINATIONS or e.pred in _COUNTED and e.pred != "part_of" for e in rs))


def _restriction(w: WorkingMRS, v: str) -> list[EP]:
    q = w.quant_of.get(v)
    return w.at(w.rstr_label(q)) if q is not None else []


__all__ = ["GROUP", "MANY", "MANY_TRUE", "THE_OTHER", "adjective_lists", "attach_list_modifiers",
           "colours_of_the_shapes", "distribute_list_modifiers", "group_places", "list_items", "predicated_colours",
           "predicated_lists", "quantities", "shared_adjectives"]
