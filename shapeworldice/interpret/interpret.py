"""From ERG-style MRS to a logical form (:mod:`.logic`).

The same code reads the ERG's own MRS (ACE readings) and the package grammar's MRS, which use
the ERG's predicate names. Interpretation runs in three steps:

1. **Normalise** the MRS by local rewrites of well-known ERG constructions into simpler
   elementary predications (EPs): colour-noun compounds ("a green shape" read as a compound
   of the noun *green*), partitives ("a third of the squares", "half (of) the shapes",
   "none of the shapes"), cardinals and degree words attached to their quantifier ("at least
   two", "exactly a third"), "most", spatial prepositions, "to the left/right of",
   comparatives (``more_comp``), "the same/a different shape/color as/from", copular
   predicate nominals (``_be_v_id`` with an indefinite object is inlined as a property; with a
   coordinated one, "is a square or a circle", the coordination of the properties; with the
   bare side noun, "is left of a circle", the relation of "to the left of"), and event
   coordination of clauses ("there is a T and there is a T").
2. **Resolve scope** with qeq constraints: each quantifier goes to the lowest scopal position
   that dominates every use of its variable; a quantifier that comes before a ``neg`` in the
   sentence outscopes it ("A square is not red": some square is not red); quantifiers at the
   same position nest in surface order. This is the natural reading for every construction
   of the caption language; other scopings are not enumerated.
3. **Build** the :class:`~.logic.Formula`. A coordinated noun phrase ("a square and a circle",
   ``udef_q`` over ``_and_c``/``_or_c``/``implicit_conj``) is read distributively: each
   conjunct's quantifier over the body about that conjunct, joined by the connective. Anything outside the interpretable fragment
   (names, pronouns, ellipsis, unknown predicates, unbound arguments such as the elliptical
   comparative "A square is bigger.") makes the reading :class:`Uninterpretable`.

Bare numerals are read as lower bounds ("Two squares are red." = at least two, like "there
are two squares"); bare fractions are read as "exactly" ("Half the shapes are red." = ratio eq
0.5), "most" as "more than half", "no" as ratio eq 0 and "every"/"all" as ratio eq 1
(ShapeWorld's semantics, so "every square is red" is false when there is no square).
A singular "the" is ShapeWorld's unique selector; a plural one ("the squares") means all of
them, which exist, and with a number ("the two squares") also exactly that many.
See :data:`BARE_COUNT_RANGE` and :data:`BARE_RATIO_RANGE`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Sequence, Union

from ..world.model import COLOR_NAMES, SHAPES
from .logic import (
    And, Color, Exists, Formula, Iff, Implies, Noun, Not, Or, QSpec, Quant, Rel, Shape, conjoin,
    free_vars, ratio_quantity, substitute,
)

#: qrange of a bare numeral ("Two squares are red." = at least two).
BARE_COUNT_RANGE = "geq"
#: qrange of a bare fraction ("A third of the squares are red." = exactly a third).
BARE_RATIO_RANGE = "eq"


@dataclass(frozen=True)
class Interpretation:
    """An interpreted reading: its logical form and how dispreferred the reading's analysis is."""

    formula: Formula
    penalty: int = 0

    def __str__(self) -> str:
        return str(self.formula)


@dataclass(frozen=True)
class Uninterpretable:
    """A reading (or a set of readings) outside the interpretable fragment, with the reason."""

    reason: str

    def __bool__(self) -> bool:  # so that ``if interpret(m):`` tests interpretability
        return False


class _Fail(Exception):
    """Internal: the reading is uninterpretable (message = reason)."""


# --------------------------------------------------------------------------- lexicon

_COLOR_LEMMAS: dict[str, str] = {c: c for c in COLOR_NAMES}
_COLOR_LEMMAS["grey"] = "gray"  # the ERG's spelling
_SHAPE_LEMMAS = frozenset(SHAPES)

#: quantifiers that can be interpreted (others make the reading uninterpretable)
_GOOD_QUANTIFIERS = frozenset({
    "_a_q", "udef_q", "_some_q", "_some_q_indiv", "_the_q", "_no_q", "_every_q", "_all_q", "_each_q",
    "_half_q", "_most_q",
})

#: degree words and the qrange they give
DEGREE_WORDS: dict[str, str] = {
    "_exactly_x_deg": "eq", "_exact_a_1": "eq", "_exactly_a_1": "eq",
    "_at+least_x_deg": "geq", "_at+least_a_1": "geq", "_at+least_p": "geq",
    "_at+most_x_deg": "leq", "_at+most_a_1": "leq", "_at+most_p": "leq",
    "_more+than_x": "gt", "_more+than_x_deg": "gt", "_more+than_a_1": "gt",
    "_less+than_x": "lt", "_less+than_x_deg": "lt", "_less+than_a_1": "lt",
    "_fewer+than_x_deg": "lt", "_fewer+than_x": "lt",
    "_not_x_deg": "neq",
}
FRACTION_NOUNS: dict[str, int] = {"_third_n_of": 3, "_quarter_n_of": 4, "_half_n_of": 2, "_fourth_n_of": 4}
SPATIAL_PREPS: dict[str, tuple[str, int]] = {
    "_above_p": ("y-rel", -1), "_below_p": ("y-rel", 1),
    "_behind_p": ("z-rel", -1), "_in+front+of_p": ("z-rel", 1),
}
SIDE_NOUNS: dict[str, tuple[str, int]] = {"_left_n_1": ("x-rel", -1), "_right_n_1": ("x-rel", 1),
                                         "_left_n_of": ("x-rel", -1), "_right_n_of": ("x-rel", 1)}
COMPARATIVE_ADJS: dict[str, tuple[str, int]] = {
    "_big_a_1": ("size-rel", 1), "_small_a_1": ("size-rel", -1),
    "_large_a_1": ("size-rel", 1), "_little_a_1": ("size-rel", -1),
    "_dark_a_1": ("shade-rel", -1), "_light_a_1": ("shade-rel", 1),
}
EQUALITY_ADJS: dict[str, tuple[str, int]] = {
    "_same_a_as": ("comp_equal", 1), "_different_a_than-from": ("comp", -1), "_different_a_from": ("comp", -1),
}
ATTRIBUTE_NOUNS: dict[str, str] = {"_shape_n_1": "shape-rel", "_color_n_1": "color-rel", "_colour_n_1": "color-rel"}
ENTITY_NOUNS = frozenset({"_shape_n_1", "_shape_n_sw", "_object_n_1", "_thing_n_of-about"})
COORDINATIONS: dict[str, str] = {"_and_c": "and", "_or_c": "or", "implicit_conj": "and"}
#: implicit_conj (lists "A, B and C", run-on clauses) takes the connective of a coordination
#: it is joined to ("A, B or C" = implicit_conj(A, or(B, C))), otherwise "and"

#: how dispreferred an analysis is: readings are tried in order of the summed weights of
#: their predicates (then in the parser's order). Names, compounds, ellipsis, locative
#: "there", temporal "then", appositions and homograph readings lose to plain analyses.
DISPREFERRED: dict[str, int] = {
    "named": 10, "proper_q": 0, "ellipsis_ref": 10, "ellipsis_expl": 10, "pron": 10, "pronoun_q": 0,
    "compound": 4, "appos": 3, "generic_entity": 2, "loc_nonsp": 5, "place_n": 0, "_there_a_1": 0,
    "def_implicit_q": 0, "time_n": 5, "_then_p_temp": 0, "_then_a_1": 5, "_then_c": 5, "number_q": 5,
    "_a_p_per": 5, "mod": 3, "subord": 3, "_be_v_nv": 3, "_quarter_n_temp": 5,
    "_cross_a_with-at": 3, "_square_a_1": 3, "_circle_v_1": 3, "_cross_v_1": 3, "_shape_v_1": 3,
    "_exact_a_1": 0, "_exactly_a_1": 1, "part_of": 0, "_of_p": 0,
}
_COLOR_HOMOGRAPH_PENALTY = 3  # colour nouns ("a green") and verbs ("to green")


def _split(pred: str) -> tuple[str, str, str]:
    """``_lemma_pos_sense`` → (lemma, pos, sense); abstract predicates give (pred, "", "")."""
    if not pred.startswith("_"):
        return pred, "", ""
    parts = pred[1:].split("_")
    if len(parts) < 2:
        return parts[0], "", ""
    return parts[0], parts[1], "_".join(parts[2:])


def normalize_predicate(pred: str) -> str:
    """Lower-case, without quotes and without a ``_rel`` suffix (``"_red_a_1_rel"`` → ``_red_a_1``)."""
    p = pred.strip('"').lower()
    if p.endswith("_rel"):
        p = p[:-4]
    return p


def _color_of(pred: str) -> tuple[str, str] | None:
    """(colour, part of speech) if ``pred`` is a colour adjective / noun / verb."""
    lemma, pos, _ = _split(pred)
    value = _COLOR_LEMMAS.get(lemma)
    if value and pos in ("a", "n", "v"):
        return value, pos
    return None


def _shape_of(pred: str) -> str | None:
    lemma, pos, _ = _split(pred)
    if pos == "n" and lemma in _SHAPE_LEMMAS:
        return lemma
    return None


def reading_penalty(predicates: Iterable[str]) -> int:
    """Summed dispreference weight of a reading's predicates (see :data:`DISPREFERRED`)."""
    total = 0
    for p in predicates:
        w = DISPREFERRED.get(p)
        if w is not None:
            total += w
            continue
        c = _color_of(p)
        if c is not None and c[1] != "a":
            total += _COLOR_HOMOGRAPH_PENALTY
    return total


# --------------------------------------------------------------------------- internal MRS

class _EP:
    __slots__ = ("pred", "label", "args", "carg", "key", "dead", "info")

    def __init__(self, pred: str, label: str, args: dict[str, str], carg: str | None, key: tuple[int, int]):
        self.pred = pred
        self.label = label
        self.args = args
        self.carg = carg
        self.key = key  # (character position, index): surface order
        self.dead = False
        self.info: dict[str, Any] = {}

    @property
    def arg0(self) -> str | None:
        return self.args.get("ARG0")

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"{self.label}:{self.pred}{self.args}"


def _is_var(value: str | None, kind: str) -> bool:
    return bool(value) and value[0] == kind  # type: ignore[index]


def _is_handle(value: str | None) -> bool:
    return bool(value) and value[0] == "h"  # type: ignore[index]


class _Work:
    """A mutable copy of an MRS on which the normalisation rewrites operate."""

    def __init__(self, top: str, eps: list[_EP], qeq: dict[str, str]):
        self.top = top
        self.eps = eps
        self.qeq = dict(qeq)
        self.fresh = 0
        self.reindex()

    # -- indexes
    def reindex(self) -> None:
        self.live = [e for e in self.eps if not e.dead]
        self.by_label: dict[str, list[_EP]] = {}
        self.quant_of: dict[str, _EP] = {}
        for e in self.live:
            self.by_label.setdefault(e.label, []).append(e)
            if "RSTR" in e.args:
                v = e.arg0
                if v in self.quant_of:
                    raise _Fail(f"variable {v} has two quantifiers")
                self.quant_of[v] = e  # type: ignore[index]

    def target(self, hole: str) -> str:
        """The label a hole is (qeq-)plugged with."""
        if hole in self.by_label:
            return hole
        lo = self.qeq.get(hole)
        if lo is None:
            raise _Fail(f"hole {hole} has no qeq")
        return lo

    def rstr_label(self, q: _EP) -> str:
        return self.target(q.args["RSTR"])

    def at(self, label: str) -> list[_EP]:
        return [e for e in self.by_label.get(label, ()) if not e.dead]

    def new_name(self, prefix: str) -> str:
        self.fresh += 1
        return f"{prefix}#{self.fresh}"

    # -- edits
    def kill(self, *eps: _EP) -> None:
        for e in eps:
            e.dead = True

    def relabel(self, old: str, new: str) -> None:
        for e in self.live:
            if e.label == old and not e.dead:
                e.label = new

    def substitute(self, old: str, new: str) -> None:
        for e in self.live:
            if e.dead:
                continue
            for role, value in e.args.items():
                if value == old:
                    e.args[role] = new


def _load(mrs: Any) -> _Work:
    """Copy a pydelphin MRS (or DMRS, or SimpleMRS string) into a :class:`_Work`."""
    if isinstance(mrs, str):
        from delphin.codecs import simplemrs

        mrs = simplemrs.decode(mrs)
    if hasattr(mrs, "nodes") and not hasattr(mrs, "rels"):  # a DMRS
        from delphin import mrs as _mrs

        mrs = _mrs.from_dmrs(mrs)
    eps = []
    for i, ep in enumerate(mrs.rels):
        args = {k: v for k, v in ep.args.items() if k != "CARG"}
        cfrom = ep.cfrom if ep.cfrom is not None and ep.cfrom >= 0 else i
        eps.append(_EP(normalize_predicate(ep.predicate), ep.label, args, ep.carg, (cfrom, i)))
    qeq = {hc.hi: hc.lo for hc in mrs.hcons if hc.relation == "qeq"}
    variables = getattr(mrs, "variables", None) or {}
    for e in eps:
        if "RSTR" in e.args:
            num = str((variables.get(e.arg0) or {}).get("NUM", "")).lower()
            if num == "pl":
                e.info["plural"] = True
    return _Work(mrs.top, eps, qeq)


# --------------------------------------------------------------------------- rewrites

def _rewrite_color_compounds(w: _Work) -> None:
    """compound(x, y), y = a bare colour noun ("a green shape" as green+shape) → colour(x)."""
    for c in list(w.live):
        if c.dead or c.pred != "compound":
            continue
        x, y = c.args.get("ARG1"), c.args.get("ARG2")
        if not (_is_var(x, "x") and _is_var(y, "x")):
            continue
        q = w.quant_of.get(y)  # type: ignore[arg-type]
        if q is None or q.dead or q.pred != "udef_q":
            continue
        rs = w.at(w.rstr_label(q))
        if len(rs) != 1 or rs[0].arg0 != y:
            continue
        col = _color_of(rs[0].pred)
        if col is None or col[1] != "n":
            continue
        w.kill(q, rs[0])
        c.pred = f"_{col[0]}_a_1"
        c.args = {"ARG0": c.args.get("ARG0", "e?"), "ARG1": x}  # type: ignore[dict-item]
        c.info["homograph"] = True
    w.reindex()


def _rewrite_partitives(w: _Work) -> None:
    """"a third of the Ts" / "half (of) the Ts" / "none of the Ts" → quantifier over Ts.

    The fraction noun (or ``part_of`` / ``generic_entity`` + ``_of_p`` / ``appos``) heads the
    restrictor of the outer quantifier; the inner ``_the_q`` restrictor becomes the outer
    restrictor, and the fraction is recorded on the outer quantifier.
    """
    for p in list(w.live):
        if p.dead:
            continue
        links: list[_EP] = [p]
        if p.pred in FRACTION_NOUNS or p.pred == "part_of":
            x, y = p.arg0, p.args.get("ARG1")
        elif p.pred == "generic_entity":
            x = p.arg0
            y = None
            for e in w.live:
                if not e.dead and e is not p and e.pred in ("_of_p", "appos") and e.args.get("ARG1") == x:
                    y = e.args.get("ARG2")
                    links.append(e)
                    break
            if y is None:
                continue
        else:
            continue
        if not (_is_var(x, "x") and _is_var(y, "x")):
            continue
        qx, qy = w.quant_of.get(x), w.quant_of.get(y)  # type: ignore[arg-type]
        if qx is None or qy is None or qy.pred != "_the_q":
            continue
        if p.label != w.rstr_label(qx):
            continue
        ly = w.rstr_label(qy)
        w.kill(qy, *links)
        w.relabel(ly, p.label)
        w.substitute(y, x)  # type: ignore[arg-type]
        qx.info["partitive"] = True
        if p.pred in FRACTION_NOUNS:
            qx.info["den"] = FRACTION_NOUNS[p.pred]
        w.reindex()


def _rewrite_quantifier_modifiers(w: _Work) -> None:
    """Attach cardinals, "most" and degree words to the quantifier they modify."""
    card_event: dict[str, _EP] = {}  # card's ARG0 event → quantifier
    card_label: dict[str, _EP] = {}
    for c in w.live:
        if c.pred != "card" or c.dead:
            continue
        x = c.args.get("ARG1")
        if not _is_var(x, "x") or not _is_var(c.arg0, "e"):
            continue  # number_q-style cardinal used as a noun phrase: left uninterpretable
        q = w.quant_of.get(x)  # type: ignore[arg-type]
        if q is None or c.label != w.rstr_label(q) or "card" in q.info:
            continue
        try:
            q.info["card"] = int(c.carg or "")
        except ValueError:
            raise _Fail(f"cardinal {c.carg!r} is not a number") from None
        card_event[c.arg0] = q  # type: ignore[index]
        card_label[c.label] = q
        w.kill(c)
    for m in w.live:
        if m.pred != "much-many_a" or m.dead:
            continue
        x = m.args.get("ARG1")
        q = w.quant_of.get(x) if _is_var(x, "x") else None  # type: ignore[arg-type]
        if q is None or q.pred != "udef_q" or m.label != w.rstr_label(q):
            continue
        if any(e.args.get("ARG1") == m.arg0 for e in w.live if e is not m and not e.dead):
            continue  # a comparative "more ... than": not "most"
        q.info["most"] = True
        w.kill(m)
    quant_label = {q.label: q for q in w.quant_of.values()}
    for d in w.live:
        if d.dead or d.pred not in DEGREE_WORDS:
            continue
        a1 = d.args.get("ARG1")
        if _is_handle(a1):
            continue  # scopal ("exactly [half the shapes are red]"): applied in the logical form
        q = card_event.get(a1) if a1 else None  # type: ignore[arg-type]
        if q is None:
            q = quant_label.get(d.label) or card_label.get(d.label)
        if q is None:
            raise _Fail(f"degree word {d.pred} modifies no quantity")
        if "degree" in q.info:
            raise _Fail("two degree words on one quantity")
        q.info["degree"] = DEGREE_WORDS[d.pred]
        w.kill(d)
    w.reindex()


def _rel_ep(w: _Work, like: _EP, kind: str, value: int, x: str, y: str, event: str | None) -> None:
    """Turn ``like`` into a synthetic relation EP ``REL(kind, value)(event, x, y)``."""
    if not (_is_var(x, "x") and _is_var(y, "x")):
        raise _Fail(f"{like.pred} needs two entity arguments")
    like.pred = "REL"
    like.args = {"ARG0": event or w.new_name("e"), "ARG1": x, "ARG2": y}
    like.info["rel"] = (kind, value)


def _rewrite_relations(w: _Work) -> None:
    """Spatial prepositions, "to the left/right of", comparatives and attribute (in)equality."""
    for e in list(w.live):
        if e.dead:
            continue
        if e.pred in SPATIAL_PREPS:
            kind, value = SPATIAL_PREPS[e.pred]
            _rel_ep(w, e, kind, value, e.args.get("ARG1", ""), e.args.get("ARG2", ""), e.arg0)
        elif e.pred == "_to_p":
            r = e.args.get("ARG2", "")
            q = w.quant_of.get(r)
            if q is None or q.pred != "_the_q":
                continue
            rs = w.at(w.rstr_label(q))
            side = [s for s in rs if s.pred in SIDE_NOUNS and s.arg0 == r]
            of = [s for s in rs if s.pred == "_of_p" and s.args.get("ARG1") == r]
            if len(side) != 1:
                continue
            if len(of) == 1 and len(rs) == 2:  # the ERG: _left_n_1(r), _of_p(r, y)
                y = of[0].args.get("ARG2", "")
            elif not of and len(rs) == 1 and _is_var(side[0].args.get("ARG1"), "x"):  # _left_n_of(r, y)
                y = side[0].args["ARG1"]
            else:
                continue
            kind, value = SIDE_NOUNS[side[0].pred]
            w.kill(q, side[0], *of)
            _rel_ep(w, e, kind, value, e.args.get("ARG1", ""), y, e.arg0)
        elif e.pred == "more_comp":
            a = e.args.get("ARG1")
            adj = [s for s in w.live if not s.dead and s.arg0 == a and s.pred in COMPARATIVE_ADJS]
            if len(adj) != 1:
                continue
            y = e.args.get("ARG2", "")
            if not _is_var(y, "x"):
                raise _Fail("comparative without a compared entity (elliptical comparative)")
            kind, value = COMPARATIVE_ADJS[adj[0].pred]
            w.kill(e)
            _rel_ep(w, adj[0], kind, value, adj[0].args.get("ARG1", ""), y, adj[0].arg0)
        elif e.pred in EQUALITY_ADJS:
            comp_pred, value = EQUALITY_ADJS[e.pred]
            z = e.args.get("ARG1", "")
            comps = [s for s in w.at(e.label) if s.pred == comp_pred and s.args.get("ARG1") == e.arg0]
            nouns = [s for s in w.at(e.label) if s.pred in ATTRIBUTE_NOUNS and s.arg0 == z]
            if len(comps) != 1 or len(nouns) != 1:
                continue
            y = comps[0].args.get("ARG2", "")
            if not _is_var(y, "x"):
                raise _Fail(f"{e.pred} without a compared entity")
            kind = ATTRIBUTE_NOUNS[nouns[0].pred]
            w.kill(comps[0], nouns[0])
            _rel_ep(w, e, kind, value, z, y, e.arg0)
    w.reindex()


def _rewrite_event_coordination(w: _Work) -> None:
    """Clauses coordinated through their events at one label get a scopal position each."""
    for c in list(w.live):
        if c.dead or c.pred not in COORDINATIONS or "L-HNDL" in c.args:
            continue
        left = c.args.get("ARG1") or c.args.get("L-INDEX")
        right = c.args.get("ARG2") or c.args.get("R-INDEX")
        if _is_handle(left) and _is_handle(right):  # clauses given as handles
            c.args["L-HNDL"], c.args["R-HNDL"] = left, right  # type: ignore[assignment]
            c.args.pop("ARG1", None), c.args.pop("ARG2", None)
            continue
        if _is_var(c.arg0, "x"):
            continue  # noun phrase coordination: distributed over its conjuncts in the logical form
        if not (_is_var(left, "e") and _is_var(right, "e")):
            raise _Fail(f"{c.pred} coordinates non-clauses")
        here = [e for e in w.at(c.label) if e is not c]
        groups: list[list[_EP]] = []
        for start in (left, right):
            events = {start}
            group: list[_EP] = []
            changed = True
            while changed:
                changed = False
                for e in here:
                    if e in group:
                        continue
                    if e.arg0 in events or any(v in events for k, v in e.args.items() if k != "ARG0"):
                        group.append(e)
                        events.update(v for v in e.args.values() if _is_var(v, "e"))
                        changed = True
            groups.append(group)
        if not groups[0] or not groups[1] or set(map(id, groups[0])) & set(map(id, groups[1])):
            raise _Fail(f"cannot separate the clauses of {c.pred}")
        for role, group in zip(("L-HNDL", "R-HNDL"), groups):
            label, hole = w.new_name("h"), w.new_name("h")
            for e in group:
                e.label = label
            w.qeq[hole] = label
            c.args[role] = hole
        w.reindex()


def _plain(q: _EP) -> bool:
    return not (q.info.keys() & {"card", "den", "partitive", "degree", "most"})


def _copula_side(w: _Work, b: _EP, q: _EP, lz: str) -> bool:
    """"x is left/right of y": a bare side noun (``_left_n_1`` + ``_of_p``, or ``_left_n_of``)
    as the predicate nominal is the horizontal relation, as "to the left/right of"."""
    z = q.arg0
    rs = w.at(lz)
    side = [s for s in rs if s.pred in SIDE_NOUNS and s.arg0 == z]
    of = [s for s in rs if s.pred == "_of_p" and s.args.get("ARG1") == z]
    if len(side) != 1:
        return False
    if len(of) == 1 and len(rs) == 2:
        y = of[0].args.get("ARG2", "")
    elif not of and len(rs) == 1 and _is_var(side[0].args.get("ARG1"), "x"):
        y = side[0].args["ARG1"]
    else:
        return False
    kind, value = SIDE_NOUNS[side[0].pred]
    w.kill(q, side[0], *of)
    _rel_ep(w, b, kind, value, b.args.get("ARG1", ""), y, b.arg0)
    w.reindex()
    return True


def _copula_coordination(w: _Work, b: _EP, q: _EP, lz: str) -> bool:
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
        if qi is None or not _plain(qi) or qi.pred not in ("_a_q", "udef_q"):
            raise _Fail("coordinated predicate nominal with a quantified conjunct")
        li = w.rstr_label(qi)
        if any(e.pred in COORDINATIONS and e.arg0 == xi for e in w.at(li)):
            raise _Fail("nested coordination of predicate nominals")
        hole = w.new_name("h")
        w.qeq[hole] = li
        holes[hrole] = hole
        conjuncts.append((qi, xi))
    for qi, xi in conjuncts:
        w.kill(qi)
        w.substitute(xi, x)
    c.args = {"ARG0": b.arg0 or w.new_name("e"), **holes}  # type: ignore[dict-item]
    c.label = b.label
    w.kill(b, q)
    w.reindex()
    return True


def _rewrite_copula(w: _Work) -> None:
    """``_be_v_id(x, z)`` with z an indefinite ("is a red square", "are squares") or "the same
    X as": z's restrictor becomes a property of x at the copula's position."""
    for b in list(w.live):
        if b.dead or b.pred != "_be_v_id":
            continue
        x, z = b.args.get("ARG1", ""), b.args.get("ARG2", "")
        if not (_is_var(x, "x") and _is_var(z, "x")):
            raise _Fail("copula without two entity arguments")
        q = w.quant_of.get(z)
        if q is None or not _plain(q):
            raise _Fail("copula with a quantified or unbound complement")
        lz = w.rstr_label(q)
        if q.pred == "udef_q" and _copula_side(w, b, q, lz):
            continue
        if q.pred == "udef_q" and _copula_coordination(w, b, q, lz):
            continue
        if q.pred == "_the_q":
            ok = any(e.pred == "REL" and e.info["rel"][0] in ("shape-rel", "color-rel") and e.args["ARG1"] == z
                     for e in w.at(lz))
            if not ok:
                raise _Fail("identity with a definite description")
        elif q.pred not in ("_a_q", "udef_q"):
            raise _Fail(f"copula complement quantified by {q.pred}")
        w.kill(b, q)
        w.relabel(lz, b.label)
        w.substitute(z, x)
        w.reindex()


# --------------------------------------------------------------------------- quantifier specs

def _qspec(q: _EP) -> QSpec:
    info = q.info
    p = q.pred
    degree = info.get("degree")
    if p in ("_a_q", "udef_q", "_some_q", "_some_q_indiv"):
        if "den" in info:
            num = info.get("card", 1)
            quantity = ratio_quantity(num, info["den"])
            if quantity is None:
                raise _Fail(f"fraction {num}/{info['den']} is not a ShapeWorld ratio")
            return QSpec("ratio", degree or BARE_RATIO_RANGE, quantity, "fraction")
        if "card" in info:  # also "two of the squares"
            return QSpec("count", degree or BARE_COUNT_RANGE, float(info["card"]), "number")
        if info.get("most"):  # also "most of the shapes"
            if degree:
                raise _Fail("degree word on 'most'")
            return QSpec("ratio", "gt", 0.5, "most")
        if info.get("partitive"):
            raise _Fail("partitive without a quantity")
        if degree:
            raise _Fail("degree word on an indefinite")
        return QSpec("exists", word="a")
    if p == "_most_q":
        if degree or "card" in info or "den" in info:
            raise _Fail("modified 'most'")
        return QSpec("ratio", "gt", 0.5, "most")
    if p == "_the_q":
        if info.keys() & {"den", "partitive", "degree", "most"}:
            raise _Fail("modified definite")
        if "card" in info or info.get("plural"):
            # "the squares" / "the two squares": all of them (which exist; with a number,
            # exactly that many)
            card = info.get("card")
            return QSpec("definite", "eq", None if card is None else float(card), "the")
        return QSpec("unique", word="the")
    if p == "_no_q":
        if "card" in info or "den" in info:
            raise _Fail("'no' with a number")
        if degree:  # the ERG's determiner "zero" ("exactly zero shapes"): a count, same truth
            return QSpec("count", degree, 0.0, "number")
        return QSpec("ratio", "eq", 0.0, "no")
    if p in ("_every_q", "_all_q", "_each_q"):
        if "card" in info or "den" in info:
            raise _Fail("'all' with a number")
        return QSpec("ratio", degree or "eq", 1.0, "all")
    if p == "_half_q":
        if "card" in info or "den" in info:
            raise _Fail("'half' with a number")
        return QSpec("ratio", degree or BARE_RATIO_RANGE, 0.5, "fraction")
    raise _Fail(f"quantifier {p} cannot be interpreted")


# --------------------------------------------------------------------------- scope resolution

class _LNode:
    __slots__ = ("label", "eps", "holes", "parent")

    def __init__(self, label: str, eps: list[_EP], parent: "_HNode"):
        self.label = label
        self.eps = eps
        self.holes: dict[tuple[int, str], _HNode] = {}
        self.parent = parent


class _HNode:
    __slots__ = ("name", "parent", "target", "quants", "owner", "op")

    def __init__(self, name: str, parent: _LNode | None, owner: _EP | None, op: _EP | None):
        self.name = name
        self.parent = parent  # the label node whose EP has this hole (None at a root)
        self.owner = owner  # the quantifier whose restrictor this root is
        self.op = op  # the EP owning the hole
        self.target: _LNode | None = None
        self.quants: list[_EP] = []


def _scopal_roles(e: _EP) -> list[str]:
    return [r for r, v in e.args.items() if r not in ("RSTR", "BODY", "ARG0") and _is_handle(v)]


class _Scope:
    """Qeq skeletons of the top and of every restrictor, plus quantifier placement."""

    def __init__(self, w: _Work):
        self.w = w
        self.quants = [e for e in w.live if "RSTR" in e.args]
        for q in self.quants:
            if len(w.at(q.label)) != 1:
                raise _Fail(f"{q.pred} shares its label with other predicates")
        self.node_of: dict[int, _LNode] = {}  # id(ep) → label node
        self.used_labels: set[str] = set()
        self.root = self._hole(w.top, None, None, None)
        self.rstr: dict[int, _HNode] = {}
        for q in self.quants:
            self.rstr[id(q)] = self._hole(q.args["RSTR"], None, q, None)
        for e in w.live:
            if "RSTR" not in e.args and id(e) not in self.node_of:
                raise _Fail(f"{e.pred} floats outside the scope tree")
        self.place_of: dict[int, _HNode] = {}
        self.above: dict[int, set[int]] = {}
        self._place_all()

    def _hole(self, name: str, parent: _LNode | None, owner: _EP | None, op: _EP | None) -> _HNode:
        h = _HNode(name, parent, owner, op)
        label = self.w.target(name)
        if label in self.used_labels:
            raise _Fail(f"label {label} plugged twice")
        self.used_labels.add(label)
        eps = self.w.at(label)
        if not eps:
            raise _Fail(f"hole {name} plugs an empty label")
        if any("RSTR" in e.args for e in eps):
            raise _Fail("a quantifier is qeq-plugged")
        node = _LNode(label, eps, h)
        h.target = node
        for e in eps:
            self.node_of[id(e)] = node
            for role in _scopal_roles(e):
                node.holes[(id(e), role)] = self._hole(e.args[role], node, None, e)
        return h

    # -- ancestry
    def _chain(self, h: _HNode) -> list[tuple[_HNode, _EP | None]] | None:
        """Holes from ``h`` up to the top, each with the quantifier passed to reach it
        (a use inside Q's restrictor reaches Q's position 'through' Q); None if some
        restrictor on the way is not placed yet."""
        out: list[tuple[_HNode, _EP | None]] = [(h, None)]
        while True:
            if h.parent is not None:
                h = h.parent.parent
                out.append((h, None))
                continue
            if h.owner is None:
                return out
            place = self.place_of.get(id(h.owner))
            if place is None:
                return None
            out.append((place, h.owner))
            h = place

    def _root_of(self, h: _HNode) -> _HNode:
        while h.parent is not None:
            h = h.parent.parent
        return h

    def _place_all(self) -> None:
        uses: dict[int, list[_HNode]] = {}
        for q in self.quants:
            v = q.arg0
            own = self.rstr[id(q)]
            sites = []
            for e in self.w.live:
                if "RSTR" in e.args or v not in e.args.values():
                    continue
                h = self.node_of[id(e)].parent
                if self._root_of(h) is own:
                    continue
                sites.append(h)
            uses[id(q)] = sites
        pending = sorted(self.quants, key=lambda q: q.key)
        while pending:
            progress = False
            for q in list(pending):
                sites = uses[id(q)]
                if not sites:
                    self._put(q, self.root, set())
                    pending.remove(q)
                    progress = True
                    continue
                roots = {id(self._root_of(h)) for h in sites}
                if len(roots) == 1:
                    chains = [[(h, None) for h in self._local_chain(s)] for s in sites]
                else:
                    chains = [self._chain(s) for s in sites]  # type: ignore[misc]
                    if any(c is None for c in chains):
                        continue
                lca, through = self._lca(chains)  # type: ignore[arg-type]
                lca = self._raise_over_negation(lca, q)
                self._put(q, lca, through)
                pending.remove(q)
                progress = True
            if not progress:
                raise _Fail("quantifiers with circular restrictors")

    def _local_chain(self, h: _HNode) -> list[_HNode]:
        out = [h]
        while h.parent is not None:
            h = h.parent.parent
            out.append(h)
        return out

    @staticmethod
    def _lca(chains: list[list[tuple[_HNode, _EP | None]]]) -> tuple[_HNode, set[int]]:
        common = set(id(h) for h, _ in chains[0])
        for c in chains[1:]:
            common &= set(id(h) for h, _ in c)
        if not common:
            raise _Fail("uses of a variable share no scope")
        lca = next(h for h, _ in chains[0] if id(h) in common)
        through: set[int] = set()
        for c in chains:
            for h, via in c:
                if h is lca:
                    if via is not None:
                        through.add(id(via))
                    break
        return lca, through

    @staticmethod
    def _raise_over_negation(h: _HNode, q: _EP) -> _HNode:
        while h.op is not None and h.op.pred == "neg" and h.op.key > q.key and h.parent is not None:
            h = h.parent.parent
        return h

    def _put(self, q: _EP, h: _HNode, through: set[int]) -> None:
        h.quants.append(q)
        self.place_of[id(q)] = h
        self.above[id(q)] = through

    def ordered(self, h: _HNode) -> list[_EP]:
        """Quantifiers at a hole, outermost first: constraints, then surface order."""
        qs = sorted(h.quants, key=lambda q: q.key)
        out: list[_EP] = []
        remaining = list(qs)
        while remaining:
            for q in remaining:
                # q may go next if no remaining quantifier must be above it
                if not any(id(q) in self.above[id(r)] for r in remaining if r is not q):
                    out.append(q)
                    remaining.remove(q)
                    break
            else:
                raise _Fail("circular scope constraints")
        return out


# --------------------------------------------------------------------------- logical form

class _Builder:
    def __init__(self, scope: _Scope):
        self.scope = scope
        self.copies = 0

    def hole(self, h: _HNode) -> Formula:
        f = self.label(h.target)  # type: ignore[arg-type]
        for q in reversed(self.scope.ordered(h)):
            f = self.quantify(q, f)
        return f

    def quantify(self, q: _EP, body: Formula) -> Formula:
        """``q`` over ``body``; a coordinated noun phrase ("a square and a circle": ``udef_q``
        over ``_and_c``/``_or_c``) is distributed: each conjunct's quantifier over the body
        about that conjunct, joined by the connective."""
        rh = self.scope.rstr[id(q)]
        eps = rh.target.eps  # type: ignore[union-attr]
        if not (len(eps) == 1 and eps[0].pred in COORDINATIONS and eps[0].arg0 == q.arg0):
            return Quant(_qspec(q), q.arg0, self.hole(rh), body)  # type: ignore[arg-type]
        c = eps[0]
        if q.pred != "udef_q" or not _plain(q) or rh.target.holes:  # type: ignore[union-attr]
            raise _Fail(f"coordinated noun phrase quantified by {q.pred}")
        inner = {r.arg0: r for r in self.scope.ordered(rh)}
        if isinstance(body, And):  # conjuncts not about the coordinated entity stay outside
            keep = [g for g in body.args if q.arg0 not in free_vars(g)]
            if keep:
                rest = [g for g in body.args if q.arg0 in free_vars(g)]
                return conjoin(keep + [self.quantify(q, conjoin(rest))])
        parts = []
        for k, role in enumerate(("ARG1", "ARG2")):
            xi = c.args.get(role)
            qi = inner.pop(xi, None)  # type: ignore[arg-type]
            if qi is None:
                raise _Fail(f"conjunct {xi} of {c.pred} is not a quantified entity")
            suffix = ""
            if k:  # a copy of the body: its bound variables get fresh names
                self.copies += 1
                suffix = f"~{self.copies}"
            part = substitute(body, q.arg0, xi, suffix)  # type: ignore[arg-type]
            parts.append(self.quantify(qi, part))
        if inner:
            raise _Fail(f"{c.pred} with a quantifier outside its conjuncts")
        kind = And if self.connective(c) == "and" else Or
        flat: list[Formula] = []
        for part in parts:  # lists: "A, B and C" is and(A, B, C)
            flat.extend(part.args if isinstance(part, kind) else (part,))
        return kind(tuple(flat))

    def connective(self, c: _EP) -> str:
        """"and" / "or" of a noun phrase coordination; a list's implicit_conj has the
        connective of the coordination of its other conjuncts."""
        if c.pred != "implicit_conj":
            return COORDINATIONS[c.pred]
        w = self.scope.w
        q = w.quant_of.get(c.args.get("ARG2", ""))
        if q is not None:
            for e in w.at(w.rstr_label(q)):
                if e.pred in COORDINATIONS and e.arg0 == q.arg0:
                    return self.connective(e)
        return "and"

    def label(self, node: _LNode) -> Formula:
        parts = [self.ep(e, node) for e in node.eps]
        return conjoin([p for p in parts if p is not None])

    def sub(self, node: _LNode, e: _EP, role: str) -> Formula:
        h = node.holes.get((id(e), role))
        if h is None:
            raise _Fail(f"{e.pred} lacks its {role} argument")
        return self.hole(h)

    def ep(self, e: _EP, node: _LNode) -> Formula | None:
        p = e.pred
        if p == "REL":
            kind, value = e.info["rel"]
            return Rel(kind, value, e.args["ARG1"], e.args["ARG2"])
        shape = _shape_of(p)
        if shape is not None:
            x = e.arg0
            if any(_is_var(v, "x") for r, v in e.args.items() if r != "ARG0"):
                raise _Fail(f"relational noun {p} with an argument")
            return Shape(x, shape)  # type: ignore[arg-type]
        if p in ENTITY_NOUNS or p == "generic_entity":
            return Noun(e.arg0)  # type: ignore[arg-type]
        col = _color_of(p)
        if col is not None:
            value, pos = col
            if pos == "n":
                return Color(e.arg0, value)  # type: ignore[arg-type]
            x = e.args.get("ARG1")
            if pos == "v" and _is_var(e.args.get("ARG2"), "x"):
                raise _Fail(f"transitive colour verb {p}")
            if not _is_var(x, "x"):
                raise _Fail(f"{p} predicated of a non-entity")
            return Color(x, value)  # type: ignore[arg-type]
        if p == "_be_v_there":
            x = e.args.get("ARG1")
            if not _is_var(x, "x"):
                raise _Fail("'there is' without an entity")
            return Exists(x)  # type: ignore[arg-type]
        if p == "neg":
            return Not(self.sub(node, e, "ARG1"))
        if p in COORDINATIONS:
            left, right = self.sub(node, e, "L-HNDL"), self.sub(node, e, "R-HNDL")
            return And((left, right)) if COORDINATIONS[p] == "and" else Or((left, right))
        if p == "_if_x_then":
            return Implies(antecedent=self.sub(node, e, "ARG2"), consequent=self.sub(node, e, "ARG1"))
        if p.startswith("_if+and+only+if") or p.startswith("_iff_"):
            return Iff(self.sub(node, e, "ARG1"), self.sub(node, e, "ARG2"))
        if p in DEGREE_WORDS and _is_handle(e.args.get("ARG1")):
            return _apply_degree(self.sub(node, e, "ARG1"), DEGREE_WORDS[p])
        raise _Fail(f"cannot interpret {p}")


def _apply_degree(f: Formula, qrange: str) -> Formula:
    """A scopal degree word ("exactly [...]") sets the range of the quantity directly below it."""
    if isinstance(f, Quant) and f.spec.kind in ("count", "ratio"):
        spec = f.spec
        if spec.word == "no" and spec.qrange == "eq":  # "exactly zero": determiner "zero" read as "no"
            return Quant(QSpec("count", qrange, 0.0, "number"), f.var, f.restr, f.body)
        bare = BARE_COUNT_RANGE if spec.kind == "count" else BARE_RATIO_RANGE
        if spec.word in ("number", "fraction") and spec.qrange == bare:  # only a bare quantity takes one
            return Quant(QSpec(spec.kind, qrange, spec.quantity, spec.word), f.var, f.restr, f.body)
    raise _Fail("degree word without a quantity below it")


# --------------------------------------------------------------------------- public API

MRSLike = Any  # delphin.mrs.MRS, delphin.dmrs.DMRS or a SimpleMRS string


def interpret(mrs: MRSLike) -> Union[Interpretation, Uninterpretable]:
    """Interpret one MRS reading; :class:`Uninterpretable` (falsy) with a reason if it can't be."""
    try:
        w = _load(mrs)
    except Exception as exc:  # malformed input: never crash the evaluator
        return Uninterpretable(f"cannot read MRS: {exc}")
    penalty = reading_penalty(e.pred for e in w.eps)
    try:
        _rewrite_color_compounds(w)
        _rewrite_partitives(w)
        _rewrite_quantifier_modifiers(w)
        _rewrite_relations(w)
        _rewrite_event_coordination(w)
        _rewrite_copula(w)
        for q in w.live:
            if "RSTR" in q.args and q.pred not in _GOOD_QUANTIFIERS:
                raise _Fail(f"quantifier {q.pred} cannot be interpreted")
        scope = _Scope(w)
        formula = _Builder(scope).hole(scope.root)
    except _Fail as exc:
        return Uninterpretable(str(exc))
    except (KeyError, ValueError, TypeError, AttributeError, RecursionError) as exc:
        return Uninterpretable(f"malformed MRS: {type(exc).__name__}: {exc}")
    unbound = free_vars(formula)
    if unbound:
        return Uninterpretable(f"unbound variables {sorted(unbound)}")
    return Interpretation(formula, penalty)


def preference_order(readings: Sequence[MRSLike]) -> list[int]:
    """Indices of ``readings`` in the order they are tried: by :func:`reading_penalty`, then as given.

    Deterministic; for ACE's unranked ERG output it puts plain analyses ("a green shape"
    with the adjective, "there is" with the expletive) before names, compounds and ellipsis.
    """
    keyed = []
    for i, r in enumerate(readings):
        try:
            preds = _predicates(r)
        except Exception:  # unreadable readings go last
            keyed.append((1 << 30, i))
            continue
        keyed.append((reading_penalty(preds), i))
    return [i for _, i in sorted(keyed)]


_EP_PREDICATE = re.compile(r'\[\s*("[^"]*"|[^\s<\[\]"]+)(?:<[^>]*>)?\s+LBL:')


def _predicates(mrs: MRSLike) -> list[str]:
    if isinstance(mrs, str):  # SimpleMRS: read predicate names without decoding
        return [normalize_predicate(p) for p in _EP_PREDICATE.findall(mrs)]
    if hasattr(mrs, "rels"):
        return [normalize_predicate(ep.predicate) for ep in mrs.rels]
    return [normalize_predicate(n.predicate) for n in mrs.nodes]


def interpret_readings(readings: Sequence[MRSLike]) -> tuple[int | None, Union[Interpretation, Uninterpretable]]:
    """The first interpretable reading in :func:`preference_order` as (index, interpretation);
    (None, Uninterpretable) with the first reading's reason if none is interpretable."""
    first: Uninterpretable | None = None
    for i in preference_order(readings):
        result = interpret(readings[i])
        if isinstance(result, Interpretation):
            return i, result
        if first is None:
            first = result
    return None, first if first is not None else Uninterpretable("no readings")


__all__ = [
    "BARE_COUNT_RANGE", "BARE_RATIO_RANGE", "DISPREFERRED", "Interpretation", "Uninterpretable",
    "interpret", "interpret_readings", "preference_order", "reading_penalty", "normalize_predicate",
]
