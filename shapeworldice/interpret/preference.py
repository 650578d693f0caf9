"""Reading choice: the order in which a parser's readings of a caption are tried.

ACE gives the ERG's readings unranked. Readings are tried in order of the summed
dispreference weights of their predicates (then in the parser's order), so plain analyses
("a green shape" with the adjective, "there is" with the expletive) come before names,
compounds, ellipsis and homograph readings. Deterministic, and it needs only the predicate
names, so SimpleMRS strings are not decoded to be ordered.
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Sequence

from ..grammar.mrs_form import plain_form
from .errors import UninterpretableMRS
from .predicates import color_of, normalize_predicate

#: how dispreferred an analysis is (predicate → weight). Names, compounds, ellipsis, locative
#: "there", temporal "then", appositions and homograph readings lose to plain analyses.
DISPREFERRED: dict[str, int] = {
    "named": 10, "proper_q": 0, "ellipsis_ref": 10, "ellipsis_expl": 10, "pron": 10, "pronoun_q": 0,
    "compound": 4, "appos": 3, "generic_entity": 2, "loc_nonsp": 5, "place_n": 0, "_there_a_1": 0,
    "def_implicit_q": 0, "time_n": 5, "_then_p_temp": 0, "_then_a_1": 5, "_then_c": 5, "number_q": 5,
    "_a_p_per": 5, "mod": 3, "subord": 3, "_be_v_nv": 3, "_quarter_n_temp": 5,
    "_cross_a_with-at": 3, "_square_a_1": 3, "_circle_v_1": 3, "_cross_v_1": 3, "_shape_v_1": 3,
    "_exact_a_1": 0, "_exactly_a_1": 1, "part_of": 0, "_of_p": 0,
}
#: weight of a colour noun ("a green") or verb ("to green") reading
COLOR_HOMOGRAPH_PENALTY = 3
#: position of a reading whose predicates cannot be read: after every readable one
_UNREADABLE = 1 << 30

_EP_PREDICATE = re.compile(r'\[\s*("[^"]*"|[^\s<\[\]"]+)(?:<[^>]*>)?\s+LBL:')


def reading_penalty(predicates: Iterable[str]) -> int:
    """Summed dispreference weight of a reading's predicates (see :data:`DISPREFERRED`)."""
    total = 0
    for p in predicates:
        w = DISPREFERRED.get(p)
        if w is not None:
            total += w
            continue
        c = color_of(p)
        if c is not None and c[1] != "a":
            total += COLOR_HOMOGRAPH_PENALTY
    return total


def predicates_of(mrs: Any) -> list[str]:
    """Normalised predicate names of an MRS, a DMRS or a SimpleMRS string (not decoded)."""
    if isinstance(mrs, str):
        return [normalize_predicate(p) for p in _EP_PREDICATE.findall(mrs)]
    form = plain_form(mrs)  # a built-in reading not yet built as pydelphin objects: read as it is
    if form is not None:
        return [normalize_predicate(ep[0]) for ep in form.eps]
    if hasattr(mrs, "rels"):
        return [normalize_predicate(ep.predicate) for ep in mrs.rels]
    if hasattr(mrs, "nodes"):
        return [normalize_predicate(n.predicate) for n in mrs.nodes]
    raise UninterpretableMRS(f"not an MRS: {type(mrs).__name__}")


def preference_order(readings: Sequence[Any]) -> list[int]:
    """Indices of ``readings`` in the order they are tried: by :func:`reading_penalty`, then as
    given; readings that are not MRS go last."""
    keyed = []
    for i, r in enumerate(readings):
        try:
            keyed.append((reading_penalty(predicates_of(r)), i))
        except UninterpretableMRS:
            keyed.append((_UNREADABLE, i))
    return [i for _, i in sorted(keyed)]


__all__ = ["COLOR_HOMOGRAPH_PENALTY", "DISPREFERRED", "predicates_of", "preference_order", "reading_penalty"]
