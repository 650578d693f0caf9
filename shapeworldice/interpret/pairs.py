""""Both", "each", "the two (shapes)", "the pair" pointing back to shapes named before them
("The two circles are blue. Both are small.": the two circles, not every shape of the picture).
The rules are stated in docs/semantics.md ("Reference across sentences").
"""
from __future__ import annotations

from .antecedents import coordinated, named_before, said_of_each, said_of_the_head, stop_point
from .errors import UninterpretableMRS
from .predicates import ENTITY_NOUNS
from .working_mrs import EP, WorkingMRS, is_var


#: the predicates of the words :func:`resolve_pairs` reads ("both", "each", "the pair"); "the two"
#: is "the" with the cardinal "two" (:func:`says_pair_words`)
PAIR_WORDS = frozenset({"_both_q", "_each_q", "_pair_n_1"})


def says_pair_words(said: set[str]) -> bool:
    """Whether a caption of these predicates may say one of the words :func:`resolve_pairs` reads."""
    return not PAIR_WORDS.isdisjoint(said) or "card" in said and "_the_q" in said


def _pair_word(w: WorkingMRS, q: EP) -> tuple[str, bool] | None:
    """The word, and whether it is bare (names no shape), when quantifier ``q`` is "both", "each",
    "the two" or "the pair" with nothing said of the shapes but "shape(s)" ("both", "both shapes",
    "each", "the two shapes", "the pair"); None otherwise."""
    x = q.arg0
    if q.pred not in ("_both_q", "_each_q", "_the_q"):
        return None
    rs = w.at(w.rstr_label(q))
    if not is_var(x, "x") or any(x not in e.args.values() for e in rs):
        return None
    cards = [e for e in rs if e.pred == "card"]
    nouns = [e for e in rs if e.pred != "card"]
    if len(nouns) != 1 or nouns[0].arg0 != x or set(nouns[0].args) != {"ARG0"}:
        return None
    noun = nouns[0].pred
    bare = noun in ("generic_entity", "_each+one_n_1", "_pair_n_1")
    if not (bare or noun in ENTITY_NOUNS):
        return None
    if q.pred == "_both_q" and not cards:
        return "both", bare
    if q.pred == "_each_q" and not cards and noun == "_each+one_n_1":
        return "each", True
    if q.pred == "_the_q" and q.mods.plural and [c.carg for c in cards] == ["2"] and noun != "_pair_n_1":
        return "the two", bare
    if q.pred == "_the_q" and not q.mods.plural and not cards and noun == "_pair_n_1":
        return "the pair", True
    return None


def resolve_pairs(w: WorkingMRS) -> None:
    """"The two circles are blue. Both are small.": "both", "each", "the two (shapes)", "the pair"
    after shapes named before it mean the latest plural of exactly two named before it ("the two
    circles", "two circles"; for "each", the latest plural of any number), or, with no plural
    before it, the two single shapes named before it (the words after it are said of each). A
    plural said as the place of a shape ("Two shapes ... On the left of the pair is a cross.") is
    not decided: the shape may be one of the two (the left one), not left of both.
    With no shape named before it, each keeps its reading alone ("The two overlap.": the picture's
    two shapes). "both" after a list of exactly two single shapes that are the latest shapes named
    ("A red square and a blue circle. Both are small.", also after other shapes named before the
    list) is the list: each of the two. Where which two is not decided (other shapes after the
    list, a longer list, an unread sentence), the sentence is left out, but "the two shapes" keeps
    its reading alone."""
    for q in list(w.live):
        if q.dead or not q.is_quantifier():
            continue
        word = _pair_word(w, q)
        if word is None:
            continue
        said, bare = word
        why = _pair_back(w, q, said)
        if why is None or why == _NOTHING_BEFORE or said == "the two" and not bare:
            continue
        raise UninterpretableMRS(f"says '{said}' {why}")


_NOTHING_BEFORE = "with no two shapes before it to refer to"


def _pair_back(w: WorkingMRS, q: EP, said: str) -> str | None:
    """Make ``q`` ("both", "each", ...) the shapes it refers back to (:func:`resolve_pairs`); None when
    done, else why it is not decided (nothing done)."""
    cut, unread = stop_point(w, q.key, None)
    if unread:
        return "after a sentence that could not be read: which two shapes it means is not known"
    named = named_before(w, q, cut)
    latest = sorted(named, key=lambda r: r.key)[-2:]
    joints = [c.arg0 for c in w.live if not c.dead and c.pred == "_and_c" and len(latest) == 2
              and {c.args.get("ARG1"), c.args.get("ARG2")} == {r.arg0 for r in latest}
              and c.arg0 not in coordinated(w)]
    if said == "both" and joints and not any(r.mods.plural for r in latest):
        # "A red square and a blue circle. Both are small.", also after other shapes: the two
        # latest shapes, listed together and alone (not the end of a longer list)
        joint = joints[0]
        rs = w.at(w.rstr_label(q))
        users = [e for e in w.live if not e.dead and e is not q and e not in rs and q.arg0 in e.args.values()]
        w.kill(q, *rs)
        w.substitute(q.arg0 or "", joint or "")
        w.reindex()
        said_of_the_head(w, joint or "", users)
        return None
    if any(r.arg0 in coordinated(w) for r in named):
        return "after shapes mentioned together ('a square and a circle'): which of them it means is not decided"
    if not named:
        return _NOTHING_BEFORE
    plurals = [r for r in named if r.mods.plural]
    rs = w.at(w.rstr_label(q))
    users = [e for e in w.live if not e.dead and e is not q and e not in rs and q.arg0 in e.args.values()]
    if plurals:
        group = max(plurals, key=lambda r: r.key)
        cards = [c.carg for c in w.at(w.rstr_label(group)) if c.pred == "card" and c.args.get("ARG1") == group.arg0]
        if said != "each" and group.pred != "_both_q" and cards != ["2"]:
            return "after shapes not named as two: which two it means is not decided"
        if any(e.args.get("ARG2") == q.arg0 for e in users):  # "two shapes ... On the left of the pair is a cross."
            return "as the place of a shape that may be one of the two ('on the left of the pair'): not decided"
        w.kill(q, *rs)
        w.substitute(q.arg0 or "", group.arg0 or "")
        w.reindex()
        said_of_the_head(w, group.arg0 or "", users)
        return None
    if len(named) != 2:
        return f"after {len(named)} single shapes: which two it means is not decided"
    a, b = sorted(named, key=lambda r: r.key)
    said_of_each(w, q, rs, users, a.arg0 or "", b.arg0 or "")
    return None


__all__ = ["PAIR_WORDS", "resolve_pairs", "says_pair_words"]
