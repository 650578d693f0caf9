""""There are two bars, one red and one yellow.": items "one A (and one B)" after a counted plural are
members of that plural. The reference rules give "one" the latest earlier shape noun, and a plural of a
noun the world model reads as vague ("bars", "stripes") has none: "one" became "shape" (or the shape
noun of an earlier sentence), and "one red" said "exactly one red shape" of the whole picture (false
with two red shapes). Here the items take the plural's own noun (only the noun: their colours are
their own), so "one red bar" is as vague as "bar". Meanings: docs/descriptions.md.
"""
from __future__ import annotations

from .lists import list_items
from .picture_places import restriction
from .predicates import COORDINATIONS, shape_of, split_predicate, unknown_word
from .working_mrs import WorkingMRS


def _counted_nouns(w: WorkingMRS, v: str) -> list[str]:
    """The nouns of a counted plural ("two bars"): [] when ``v`` is not one."""
    rs = restriction(w, v)
    if not any(e.pred == "card" and e.args.get("ARG1") == v for e in rs):
        return []
    return [e.pred for e in rs if e.arg0 == v and (split_predicate(e.pred)[1] == "n" or (
        (found := unknown_word(e.pred)) is not None and found[1].startswith("nn")))]


def member_items(w: WorkingMRS) -> None:
    """Give the "one" items after a counted plural of a noun that is no shape noun that noun."""
    for c in list(w.live):
        if c.dead or c.pred not in COORDINATIONS:
            continue
        nouns = _counted_nouns(w, c.args.get("ARG1") or "")
        if len(nouns) != 1 or shape_of(nouns[0]) is not None:
            continue  # a shape noun: "one" takes it by the reference rules
        for item in list_items(w, c.args.get("ARG2") or ""):
            rs = restriction(w, item)
            ones = [e for e in rs if e.pred == "_one_n_1" and e.arg0 == item]
            if ones and any(e.pred == "card" and e.carg == "1" for e in rs):
                ones[0].pred = nouns[0]


__all__ = ["member_items"]
