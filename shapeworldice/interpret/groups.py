"""Claims about a group as a whole, read on the group its quantifier ranges over.

Some words said of a plural describe the group rather than each member: a contact verb with no
object ("Some of the shapes overlap.", "The two shapes do not touch.": each with another of the
group), a number of colours ("six shapes in two colors", "The crosses come in two colors.") and a
variety of sizes ("circles of various sizes"). The formula builder marks them on the member's
variable (a ``vague`` :class:`~.logic.Attr`, so one left unread stays vague, never false) and reads
them here with the group's restrictor; each reading is three-valued and sound for any group:

* contact: some other member stands in the relation (overlap and contact are symmetric, so "some of
  them overlap" is true when two clearly overlap and "none of them overlap" false then);
* N colours: at least N members of pairwise different colours, and, said of a whole group ("the
  crosses", "all shapes"), no N + 1 such; said of an indefinite ("crosses in two colors"), more colours
  than N among them is vague (which crosses are meant is not said); "various colours" is at least two;
  said of the last part of a list ("circles and triangles of various colours"), at least two among
  the part is true (so among the whole list), and so is two of the list's kinds where every item is a
  bare kind (the whole list is meant, as judges read it), else vague; a number of colours so is vague;
* various sizes: two members whose areas differ by more than ShapeWorld's margin (0.005 of the
  image) is true; otherwise vague (no margin says that sizes are clearly alike).
"""
from __future__ import annotations

from typing import Callable

from .logic import TRUE, And, Attr, Formula, Noun, Not, Or, QSpec, Quant, Rel, substitute

#: contact verbs said of a group with no object, and their relation
RECIPROCAL = {"overlap": "overlap-rel", "touch": "touch-rel", "intersect": "overlap-rel", "meet": "touch-rel",
              "mutually+near": "near-rel"}  # "next to / close to each other" (see .reciprocal_places)
#: the marker of a number of colours ("colours:2"; "colours:various" is at least two) and of a variety of sizes
COLOURS, SIZES = "colours:", "sizes:various"
#: "various colours" said of the last part of a list, which may be said of the whole list
PART = "various+part"
#: the largest number of colours read (its exact reading looks for one more)
MOST_COLOURS = 4
#: the mark of a group word :func:`each_other` left vague: no longer a group word to read
LEFT_VAGUE = "+each+other"


def is_group_word(var: str, f: Formula) -> bool:
    """Whether ``f`` is a group word said of ``var``."""
    return (isinstance(f, Attr) and f.var == var and f.kind == "vague" and not f.value.endswith(LEFT_VAGUE)
            and (f.value in RECIPROCAL or f.value.startswith(COLOURS) or f.value == SIZES))


def is_reciprocal(var: str, f: Formula) -> bool:
    return isinstance(f, Attr) and f.var == var and f.kind == "vague" and f.value in RECIPROCAL


def mentions(var: str, f: Formula, test: Callable[[str, Formula], bool] = is_group_word) -> bool:
    """Whether ``f`` holds a group word of ``var`` outside any quantifier below it."""
    if test(var, f):
        return True
    if isinstance(f, (And, Or)):
        return any(mentions(var, g, test) for g in f.args)
    return isinstance(f, Not) and mentions(var, f.arg, test)


def read_group(var: str, restr: Formula, f: Formula, whole: bool, attributive: bool = False) -> Formula:
    """``f`` with the group words of ``var`` read on the group ``restr`` (without them); ``whole``:
    the group is all of it ("the crosses", "all shapes"), not some of it ("crosses"); ``attributive``:
    ``f`` is the restrictor ("overlapping half-circles", see :func:`_any_shape`)."""
    if is_group_word(var, f):
        assert isinstance(f, Attr)
        claim = _group_claim(var, strip(var, restr), f.value, whole)
        return _any_shape(var, f.value, claim) if attributive and f.value in RECIPROCAL else claim
    if isinstance(f, (And, Or)):
        return type(f)(tuple(read_group(var, restr, g, whole, attributive) for g in f.args))
    if isinstance(f, Not):
        return Not(read_group(var, restr, f.arg, whole, attributive))
    return f


def _any_shape(var: str, value: str, each_other: Formula) -> Formula:
    """"overlapping half-circles" with no object: true when they overlap each other (``each_other``),
    false only when they overlap no shape at all, vague between (whether the shapes they overlap must
    be of the group is not said)."""
    other = f"{var}~any"
    some = Quant(QSpec("exists", word="a"), other, Noun(other), Rel(RECIPROCAL[value], 1, var, other))
    return Or((each_other, And((some, Attr(var, "vague", value + LEFT_VAGUE)))))


def strip(var: str, f: Formula) -> Formula:
    """``f`` without the group words of ``var`` (a member of the group is one of the restrictor)."""
    if isinstance(f, And):
        return And(tuple(strip(var, g) for g in f.args if not is_group_word(var, g)))
    return TRUE if is_group_word(var, f) else f


def _members(var: str, group: Formula, tag: str, k: int) -> list[tuple[str, Formula]]:
    return [(f"{var}~{tag}{i}", substitute(group, var, f"{var}~{tag}{i}", f"~{tag}{i}")) for i in range(k)]


def _some(members: list[tuple[str, Formula]], body: Formula) -> Formula:
    for v, restr in reversed(members):
        body = Quant(QSpec("exists", word="a"), v, restr, body)
    return body


def _distinct_colours(var: str, group: Formula, k: int) -> Formula:
    """At least ``k`` members of pairwise different colours."""
    members = _members(var, group, f"c{k}-", k)
    pairs = [Rel("color-rel", -1, members[i][0], members[j][0]) for i in range(k) for j in range(i + 1, k)]
    return _some(members, And(tuple(pairs)))


def _group_claim(var: str, group: Formula, value: str, whole: bool) -> Formula:
    if value in RECIPROCAL:
        (other, restr), = _members(var, group, "each", 1)
        return Quant(QSpec("exists", word="a"), other, restr, Rel(RECIPROCAL[value], 1, var, other))
    if value == SIZES:
        members = _members(var, group, "s", 2)
        return Or((_some(members, Rel("area-rel", 1, members[0][0], members[1][0])), Attr(var, "vague", "sizes")))
    count = value[len(COLOURS):]
    if count == "various":
        return _distinct_colours(var, group, 2)
    if count.startswith(PART):  # of a part of a list, or of the whole list: true of the part is true of
        # the whole; a list of bare kinds ("crosses, ellipses and half circles in various colors", which
        # judges read of the whole list) is also true when two shapes of its kinds differ
        whole_list = [_distinct_colours(var, Attr(var, "kinds", count[len(PART) + 1:]), 2)] if "/" in count else []
        return Or((_distinct_colours(var, group, 2), *whole_list, Attr(var, "vague", "colours")))
    n = int(count)
    if not 2 <= n <= MOST_COLOURS:
        return Attr(var, "vague", "colours")
    fewer = Not(_distinct_colours(var, group, n + 1))
    return And((_distinct_colours(var, group, n), fewer if whole else Or((fewer, Attr(var, "vague", "colours")))))


def mutual(var: str, body: Formula) -> str | None:
    """The relation of a contact verb said with no object of a coordination as a whole ("A and B
    overlap": A and B are in contact with each other; "A and B do not overlap": "not:" + it)."""
    parts = body.args if isinstance(body, And) else (body,)
    found = [g for g in parts if is_reciprocal(var, g) or isinstance(g, Not) and is_reciprocal(var, g.arg)]
    if len(found) != 1:
        return None
    word = found[0].arg if isinstance(found[0], Not) else found[0]
    assert isinstance(word, Attr)
    return ("not:" if isinstance(found[0], Not) else "") + RECIPROCAL[word.value]


def pair_claim(relation: str, a: str, b: str) -> Formula:
    """What :func:`mutual` found, said of the pair ``a``, ``b``."""
    negated = relation.startswith("not:")
    rel = Rel(relation.removeprefix("not:"), 1, a, b)
    return Not(rel) if negated else rel


def each_other(var: str, f: Formula, said: bool) -> Formula:
    """``f`` said of a coordination ("A and B"): its contact verbs of no object left to the pair
    (``said``: true of each part, the pair's claim added beside) or, in a longer list, vague; its
    other group words vague (which of the parts they count is not said)."""
    if is_group_word(var, f):
        assert isinstance(f, Attr)
        return TRUE if said and f.value in RECIPROCAL else Attr(var, "vague", f.value + LEFT_VAGUE)
    if isinstance(f, (And, Or)):
        return type(f)(tuple(each_other(var, g, said) for g in f.args))
    if isinstance(f, Not):
        if said and is_reciprocal(var, f.arg):  # "A and B do not overlap": the pair's claim
            return TRUE
        return Not(each_other(var, f.arg, False))
    return f


__all__ = ["COLOURS", "MOST_COLOURS", "PART", "RECIPROCAL", "SIZES", "each_other", "is_group_word", "mentions",
           "mutual", "pair_claim", "read_group", "strip"]
