"""Rewrites of ShapeWorld's selectors, proximity relation and comparative quantifiers (the ERG's
predicates, as ShapeWorld's grammar writes them) into what the formula builder reads.

* Selectors: under "the", an adjective of :data:`SELECTOR_ADJS` predicated of the noun's entity,
  with ``superl`` ("the leftmost / biggest / closest to C") is a ``-max`` selector, with an
  elliptical ``more_comp`` ("the bigger / the X closer to C") or, for left / right / upper / lower,
  alone ("the left square") a ``-two`` selector. The quantifier records it; a proximity adjective
  becomes the ``proximity-sel`` link to its comparison C.
* Proximity: ``more_comp`` over ``_close_a_to`` / ``_far_a_from`` ("closer to C than R") becomes the
  ternary relation ``proximity-rel`` (ARG1 the subject, ARG2 the reference R, ARG3 the comparison C).
* Comparative quantifiers: ``much-many_a`` / ``little-few_a`` of a bare plural X with ``comp_equal``
  ("as many X as Y", with ``_twice_x_deg`` / ``_half_x_deg`` and a degree word on it) or
  ``more_comp`` ("more / fewer X than Y", with a ``card``: "two more X than Y") record a
  :class:`Comparison` on X's quantifier; Y's noun phrase is taken out of the MRS into it.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import UninterpretableMRS
from .logic import Formula, QSpec, Quant, Rel, conjoin
from .predicates import DEGREE_WORDS, ENTITY_NOUNS, color_of, shape_of
from .working_mrs import EP, REL, Relation, WorkingMRS, is_var

#: adjectives of ShapeWorld's selectors: the selector kind and its direction
SELECTOR_ADJS: dict[str, tuple[str, int]] = {
    "_left_a_2": ("x", -1), "_right_a_3": ("x", 1), "_upper_a_1": ("y", -1), "_lower_a_1": ("y", 1),
    "_small_a_1": ("size", -1), "_big_a_1": ("size", 1), "_little_a_1": ("size", -1), "_large_a_1": ("size", 1),
    "_dark_a_1": ("shade", -1), "_light_a_1": ("shade", 1),
    "_close_a_to": ("proximity", -1), "_far_a_from": ("proximity", 1),
}
#: proximity adjectives ("closer to" / "farther from") and their relation value
PROXIMITY_ADJS: dict[str, int] = {"_close_a_to": -1, "_far_a_from": 1}
#: comparison factors of "twice / half as many"
FACTORS: dict[str, float] = {"_twice_x_deg": 2.0, "_half_x_deg": 0.5}


@dataclass(frozen=True)
class Comparison:
    """What "as many X as Y" records on X's quantifier: the comparative's spec, Y's variable and
    the EPs of Y's description (nouns and colours)."""

    spec: QSpec
    var: str
    eps: tuple[EP, ...]


def _quantified(w: WorkingMRS, v: str | None) -> bool:
    return v is not None and is_var(v, "x") and v in w.quant_of


def rewrite_selectors(w: WorkingMRS) -> None:
    """"the leftmost X", "the bigger X", "the left X", "the X closer to / closest to C"."""
    for q in list(w.quant_of.values()):
        if q.dead or q.pred != "_the_q":
            continue
        x, here = q.arg0, w.at(w.rstr_label(q))
        # only an adjective that selects counts: with a superlative ("the leftmost"), an elliptical
        # comparative ("the bigger"), or left / right / upper / lower alone ("the left square"); a
        # positive "large" or "dark" beside it is an attribute ("the large dark red circle")
        adjs = [e for e in here if e.pred in SELECTOR_ADJS and e.args.get("ARG1") == x and _selecting(w, here, e)]
        if len(adjs) != 1:
            if len(adjs) > 1:
                raise UninterpretableMRS("two selectors on one noun")
            continue
        a = adjs[0]
        kind, value = SELECTOR_ADJS[a.pred]
        sup = [e for e in here if e.pred == "superl" and e.args.get("ARG1") == a.arg0]
        cmp = [e for e in here if e.pred == "more_comp" and e.args.get("ARG1") == a.arg0]
        predtype = f"{kind}-max" if sup else f"{kind}-two"
        w.kill(*sup, *cmp)
        if kind == "proximity":
            c = a.args.get("ARG2")
            if not _quantified(w, c) or x is None:
                raise UninterpretableMRS(f"'{a.pred}' without what it is close to")
            _relation(w, a, ("proximity-sel", value), x, str(c))
        else:
            w.kill(a)
        q.mods.selector = (predtype, value)
    w.reindex()


def _selecting(w: WorkingMRS, here: list[EP], a: EP) -> bool:
    """Whether adjective ``a`` of a noun under "the" selects (see :func:`rewrite_selectors`)."""
    sup = any(e.pred == "superl" and e.args.get("ARG1") == a.arg0 for e in here)
    cmp = [e for e in here if e.pred == "more_comp" and e.args.get("ARG1") == a.arg0]
    if cmp and _quantified(w, cmp[0].args.get("ARG2")):
        return False  # "the square bigger than a circle": a relation, not a selector
    return sup or bool(cmp) or SELECTOR_ADJS[a.pred][0] in ("x", "y")


def _relation(w: WorkingMRS, a: EP, relation: tuple[str, int], x: str, y: str, comp: str | None = None) -> None:
    """Turn ``a`` into a synthetic relation EP (as ``rewrites.make_relation``), with ARG3 = ``comp``."""
    if not (is_var(x, "x") and is_var(y, "x")):
        raise UninterpretableMRS(f"{a.pred} needs entity arguments")
    a.args = {"ARG0": a.arg0 or w.new_name("e"), "ARG1": x, "ARG2": y, **({} if comp is None else {"ARG3": comp})}
    a.pred = REL
    a.relation = Relation(*relation)


def rewrite_proximity(w: WorkingMRS) -> None:
    """"x is closer to C than R" (``more_comp`` ARG2 = R over ``_close_a_to`` ARG2 = C)."""
    for e in list(w.live):
        if e.dead or e.pred != "more_comp":
            continue
        adj = [a for a in w.live if not a.dead and a.arg0 == e.args.get("ARG1") and a.pred in PROXIMITY_ADJS]
        if len(adj) != 1:
            continue
        a = adj[0]
        r, c, x = e.args.get("ARG2"), a.args.get("ARG2"), a.args.get("ARG1", "")
        if not (_quantified(w, r) and _quantified(w, c)):
            raise UninterpretableMRS(f"'{a.pred}' needs both what it is close to and what it is compared with")
        w.kill(e)
        _relation(w, a, ("proximity-rel", PROXIMITY_ADJS[a.pred]), x, str(r), str(c))
    w.reindex()


def _description(w: WorkingMRS, q: EP) -> list[EP]:
    """The EPs of a compared noun phrase's restrictor: only nouns and colours of its entity."""
    eps = w.at(w.rstr_label(q))
    for e in eps:
        if not (shape_of(e.pred) or e.pred in ENTITY_NOUNS or color_of(e.pred)):
            raise UninterpretableMRS(f"{e.pred} in the compared noun phrase")
    return eps


def rewrite_comparative_quantifiers(w: WorkingMRS) -> None:
    """"as many / twice as many X as Y", "more / fewer / two more X than Y" → a :class:`Comparison`."""
    for m in list(w.live):
        if m.dead or m.pred not in ("much-many_a", "little-few_a"):
            continue
        x = m.args.get("ARG1")
        qx = w.quant_of.get(x) if x is not None else None
        if qx is None or m.label != w.rstr_label(qx):
            continue
        comps = [e for e in w.at(m.label) if e.pred in ("comp_equal", "more_comp") and e.args.get("ARG1") == m.arg0]
        if len(comps) != 1:
            continue
        comp = comps[0]
        y = comp.args.get("ARG2")
        qy = w.quant_of.get(y) if y is not None else None
        if qy is None or qx.pred != "udef_q" or qy.pred != "udef_q":
            raise UninterpretableMRS("a comparative quantifier needs two bare plurals")
        factors = [e for e in w.live if not e.dead and e.pred in FACTORS and e.args.get("ARG1") == m.arg0]
        degrees = [e for e in w.live if not e.dead and e.pred in DEGREE_WORDS and factors
                   and e.args.get("ARG1") == factors[0].arg0]
        cards = [e for e in w.at(m.label) if e.pred == "card" and e.args.get("ARG1") == x]
        if comp.pred == "comp_equal":
            if cards or m.pred != "much-many_a":
                raise UninterpretableMRS("'as many' with a number")
            factor = FACTORS[factors[0].pred] if factors else 1.0
            spec = QSpec("ratio", DEGREE_WORDS[degrees[0].pred] if degrees else "eq", factor, "comparative")
        elif factors:
            raise UninterpretableMRS("'twice' with 'more than'")
        elif cards:
            try:
                k = int(cards[0].carg or "")
            except ValueError:
                raise UninterpretableMRS(f"cardinal {cards[0].carg!r} is not a number") from None
            spec = QSpec("count", "eq", float(k if m.pred == "much-many_a" else -k), "comparative")
        else:
            spec = QSpec("ratio", "gt" if m.pred == "much-many_a" else "lt", 1.0, "comparative")
        described = _description(w, qy)
        w.kill(m, comp, *factors, *degrees, *cards, qy, *described)
        qx.mods.compare = Comparison(spec, str(y), tuple(described))
    w.reindex()


def lift_comparison(f: Quant) -> Formula:
    """A proximity selector's comparison "the C", scoped inside the selector's restrictor by the MRS,
    taken outside it (as the caption semantics scopes it): ``select x.[X & the c.[C][link(x,c)]][B]``
    → ``the c.[C][select x.[X & link(x,c)][B]]``."""
    parts = list(f.restr.args) if hasattr(f.restr, "args") else [f.restr]
    for i, p in enumerate(parts):
        if isinstance(p, Quant) and isinstance(p.body, Rel) and p.body.kind == "proximity-sel" \
                and p.body.var == f.var and p.body.ref == p.var:
            rest = conjoin(parts[:i] + parts[i + 1:] + [p.body])
            return Quant(p.spec, p.var, p.restr, Quant(f.spec, f.var, rest, f.body))
    return f


__all__ = ["Comparison", "FACTORS", "PROXIMITY_ADJS", "SELECTOR_ADJS", "lift_comparison",
           "rewrite_comparative_quantifiers", "rewrite_proximity", "rewrite_selectors"]
