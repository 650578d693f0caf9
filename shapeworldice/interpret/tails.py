"""Tails said of part of a plural: "..., mostly red", "..., all in the upper half", "..., none of them
touching", "..., two of them red".

The grammar writes a tail as a plural ``udef_q`` over ``_tail_n_1(ARG0=x)`` whose ``CARG`` is the
tail's quantity word (docs/grammar.md, "Tails"), with what the tail says predicated of ``x``. ``x`` is
not linked to the noun phrase the tail is about ("them"); this module finds it and reads the tail's
word on it, as the labelling guide reads the same words:

* "all", "each", "both" (of them): every shape of the group has it ("both" only after a group named
  as two, "two circles, both red", or a list of two; after any other group, which two it means is
  not said: it reads as "some of them");
* "none" / "neither" (of them): none has it;
* "N of them": exactly N have it (a bare number is exact), except "one of them", which says there is
  one (as "one of the shapes is red");
* "mostly", "mainly", "most of them": more than half (true), at most a quarter (false), vague between
  (the reading of "the shapes are mostly X").

The group is the latest shape noun before the tail, when it is a plural of shapes described only by
a shape or entity noun, colour, size and tone words, a number and "on a black background" (so its
members are every shape of the picture that fits those words, as "N shapes" counts every shape): the
tail is then read on the shapes the words fit. Otherwise (a list, a singular, a place or relation in
the group's description, whose members the words would not pick out) the tail keeps the reading of
"some of them": true of nothing by itself, false when no shape could be so; but "all", "each",
"both" after a list ("a red square and a blue circle, both small") are said of each item; after such
a group, "none" / "neither" is true when no shape at all has it and vague otherwise (never false: the
group's members are not known). What the tail names
("..., mostly triangles", "..., mostly cyan triangles") is what it says of the group's shapes.
"""
from __future__ import annotations

from .picture_places import ATTR, restriction
from .predicates import (
    BACKGROUND_NOUNS, COORDINATIONS, ENTITY_NOUNS, OUTSIDE_WORDS, SIZE_ADJS, TONE_ADJS, color_of, shape_of,
    split_predicate,
)
from ..semantics.appearance import color_word
from .working_mrs import EP, WorkingMRS, is_var

TAIL = "_tail_n_1"
#: tail words read on their group, and the quantifier each gives
_QUANTIFIERS = {"all": "_every_q", "each": "_every_q", "both": "_every_q", "none": "_no_q", "neither": "_no_q",
                "most": "_most_q"}
#: the marker of "mostly" on a ratio quantifier (read by the formula builder with its margin)
_MOSTLY = "0:mostly"


def read_tails(w: WorkingMRS, many: str) -> None:
    """Each tail read on its group where the group is found (``many``: the predicate of the
    "mostly" marker), else as "some of them"."""
    for e in list(w.live):
        if e.dead or e.pred != TAIL or e.arg0 is None:
            continue
        word = (e.carg or "").lower()
        q = w.quant_of.get(e.arg0)
        words = _group_words(w, e) if q is not None and (word in _QUANTIFIERS or word.isdigit()) else None
        if word == "both" and words is not None and _group_count(w, e) != "2":
            words = None  # "three circles, both red": which two is not said (some of them)
        listed = _list_of(w, e) if q is not None and words is None and word in ("all", "each", "both") else None
        if word == "both" and listed is not None and _items(w, listed) != 2:
            listed = None  # "a square, a circle and a cross, both small": which two is not said
        if q is not None and listed is not None:  # "a red square and a blue circle, both small": each item
            w.kill(e, q)
            w.substitute(e.arg0, listed)
            continue
        if q is None or words is None:
            e.pred = "_shape_n_1"
            w.eps.append(EP(ATTR, e.label, {"ARG0": w.new_name("e"), "ARG1": e.arg0}, "vague:tail", e.key))
            if q is not None and word in ("none", "neither"):  # "none of them X": no vague member is X, so
                q.pred = "_no_q"  # true when no shape is X, vague otherwise (never false)
            continue
        w.kill(e)
        for d in words:  # the group's words, said of the tail's variable
            args = ({**d.args, "ARG0": e.arg0} if _is_noun(d) else {"ARG0": w.new_name("e"), "ARG1": e.arg0})
            w.eps.append(EP(d.pred, e.label, args, d.carg, e.key))
        if word.isdigit():
            w.eps.append(EP("card", e.label, {"ARG0": w.new_name("e"), "ARG1": e.arg0, "CARG": word}, word, e.key))
        else:
            q.pred = _QUANTIFIERS[word]
            if word == "most":
                w.eps.append(EP(many, e.label, {"ARG0": w.new_name("e"), "ARG1": e.arg0}, _MOSTLY, e.key))
    w.reindex()


def _is_noun(e: EP) -> bool:
    return split_predicate(e.pred)[1] == "n" or e.pred in ENTITY_NOUNS


def _group_words(w: WorkingMRS, tail: EP) -> list[EP] | None:
    """The nouns and adjectives of the group the tail is about, or None when it is not found or its
    words would not pick out its members."""
    v = _latest_shape_noun(w, tail)
    if v is None:
        return None
    q = w.quant_of[v]
    if not q.mods.plural or any(c.pred in COORDINATIONS and v in (c.args.get("ARG1"), c.args.get("ARG2"))
                                for c in w.live if not c.dead):
        return None
    words = []
    counts = {d.arg0 for d in restriction(w, v) if d.pred == "card"}
    for d in restriction(w, v):
        if d.arg0 == v and _is_noun(d) and (shape_of(d.pred) is not None or d.pred in ENTITY_NOUNS):
            words.append(d)
        elif d.args.get("ARG1") == v and len(d.args) == 2 and _is_appearance(d):
            words.append(d)
        elif d.pred == "card" and d.args.get("ARG1") == v or d.args.get("ARG1") == v and _says_nothing(d):
            continue
        elif d.args.get("ARG1") in counts:  # "about ten", "at least five": the number's degree word
            continue
        elif d.pred in ("_on_p", "_against_p") and d.args.get("ARG1") == v and _is_background(w, d.args.get("ARG2")):
            continue
        else:
            return None
    return words if any(_is_noun(d) for d in words) else None


def _latest_shape_noun(w: WorkingMRS, tail: EP) -> str | None:
    """The variable of the latest shape noun before the tail (not one the tail itself names: in
    "..., mostly triangles" the tail is the triangles)."""
    said = {v for d in w.live if not d.dead and tail.arg0 in d.args.values() for v in d.args.values()}
    nouns = [n for n in w.live if not n.dead and n.key < tail.key and is_var(n.arg0, "x") and n.arg0 not in said
             and (shape_of(n.pred) is not None or n.pred in ENTITY_NOUNS) and n.arg0 in w.quant_of]
    return max(nouns, key=lambda n: n.key).arg0 if nouns else None


def _group_count(w: WorkingMRS, tail: EP) -> str | None:
    """The number the tail's group is named with ("two circles, both red": "2"), None without one."""
    return _card_of(w, _latest_shape_noun(w, tail) or "")


def _card_of(w: WorkingMRS, v: str) -> str | None:
    """The one number ``v`` is named with ("two circles": "2"), None without one (or with several)."""
    cards = [d.carg for d in restriction(w, v) if d.pred == "card" and d.args.get("ARG1") == v]
    return cards[0] if len(cards) == 1 else None


def _items(w: WorkingMRS, v: str) -> int:
    """How many shapes the list ``v`` (a coordination's variable) names: an item named with a number
    counts as that many, and a plural named with a number and then listed ("two rectangles, a yellow
    one and a green one") is the items it lists."""
    joint = [c for c in w.live if not c.dead and c.pred in COORDINATIONS and c.arg0 == v]
    if not joint:  # one item, or as many as its number says ("two red circles and a blue square": 3)
        card = _card_of(w, v) or ""
        return int(card) if card.isdigit() else 1
    first, rest = (_items(w, joint[0].args.get(k) or "") for k in ("ARG1", "ARG2"))
    named = [d.carg for d in restriction(w, joint[0].args.get("ARG1") or "") if d.pred == "card"]
    return rest if joint[0].pred == "implicit_conj" and named == [str(rest)] else first + rest


def _list_of(w: WorkingMRS, tail: EP) -> str | None:
    """The list the tail follows ("a salmon cross, a blue circle and a magenta circle, all ..."): the
    variable of the outermost coordination whose last item is the latest shape noun before the tail."""
    v = _latest_shape_noun(w, tail)
    if v is None:
        return None
    found = None
    while True:
        up = [c for c in w.live if not c.dead and c.pred in COORDINATIONS and c.args.get("ARG2") == v
              and c.arg0 in w.quant_of]
        if len(up) != 1 or COORDINATIONS[up[0].pred] != "and":
            return found
        v = found = up[0].arg0


def _is_appearance(e: EP) -> bool:
    """A colour, size or tone word (a one-place adjective the world model decides)."""
    if e.pred in SIZE_ADJS or e.pred in TONE_ADJS or color_of(e.pred) is not None:
        return True
    lemma, pos, _ = split_predicate(e.pred)
    return pos == "a" and color_word(lemma.replace("+", " ").lower()) is not None


#: quantity words of the group ("several shapes", "a few circles"): the group is all the shapes its
#: words fit all the same
_QUANTITY_WORDS = frozenset({"several", "many", "numerous", "few", "a+few", "various", "multiple", "assorted",
                             "much-many", "little-few", "countless"})


def _says_nothing(e: EP) -> bool:
    """A quantity word, or a word the world model does not record ("geometric", "flat")."""
    lemma, pos, _ = split_predicate(e.pred)
    return lemma in _QUANTITY_WORDS or pos == "a" and lemma in OUTSIDE_WORDS


def _is_background(w: WorkingMRS, v: str | None) -> bool:
    return any(n.arg0 == v and n.pred in BACKGROUND_NOUNS for n in restriction(w, v or ""))


__all__ = ["TAIL", "read_tails"]
