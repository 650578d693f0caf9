"""SPICE-style scene-graph tuples read from a caption's semantics.

SPICE compares the candidate's scene graph with the references' as sets of tuples: objects
``(noun,)``, attributes ``(noun, colour)`` and relations ``(noun, relation, noun)``. The official
tool builds the graph with a dependency parser; here the tuples come from the interpretation
(so the metric is SPICE's *definition* on our semantics, and reports must label it so).

Each quantified entity contributes its nouns (the shape nouns it is described with, or
"shape"), a colour attribute per colour it is given, and a relation tuple per relation to
another entity. Attributes and relations under a negation are not asserted and are left out.
"""
from __future__ import annotations

from typing import Any, Union

from .errors import UninterpretableMRS
from .interpret import Interpretation, Uninterpretable, interpret
from .logic import RELATION_WORDS, Color, Formula, Noun, Not, Quant, Rel, Shape, children
from .predicates import color_of, normalize_predicate, shape_of
from .working_mrs import as_mrs

Tuple = tuple[str, ...]


def _collect(f: Formula, negated: bool, nouns: dict[str, set[str]], colors: dict[str, set[str]],
             rels: list[tuple[str, str, str]]) -> None:
    if isinstance(f, Shape):
        nouns.setdefault(f.var, set()).add(f.value)
    elif isinstance(f, Noun):
        nouns.setdefault(f.var, set())
    elif isinstance(f, Color):
        colors.setdefault(f.var, set())
        if not negated:
            colors[f.var].add(f.value)
    elif isinstance(f, Rel):
        if not negated:
            rels.append((f.var, RELATION_WORDS.get((f.kind, f.value), f.kind), f.ref))
    elif isinstance(f, Quant):
        nouns.setdefault(f.var, set())
        _collect(f.restr, negated, nouns, colors, rels)
        _collect(f.body, negated, nouns, colors, rels)
    else:
        inner = negated ^ isinstance(f, Not)
        for c in children(f):
            _collect(c, inner, nouns, colors, rels)


def formula_tuples(formula: Formula) -> set[Tuple]:
    """Object, attribute and relation tuples of a logical form."""
    nouns: dict[str, set[str]] = {}
    colors: dict[str, set[str]] = {}
    rels: list[tuple[str, str, str]] = []
    _collect(formula, False, nouns, colors, rels)
    names = {v: (sorted(n) or ["shape"]) for v, n in nouns.items()}
    out: set[Tuple] = set()
    for v, ns in names.items():
        for noun in ns:
            out.add((noun,))
            for c in colors.get(v, ()):
                out.add((noun, c))
    for a, word, b in rels:
        for na in names.get(a, ["shape"]):
            for nb in names.get(b, ["shape"]):
                out.add((na, word, nb))
    return out


def _mrs_tuples(mrs: Any) -> set[Tuple]:
    """Fallback for uninterpretable readings: nouns and the colour adjectives predicated of them."""
    mrs = as_mrs(mrs)
    nouns: dict[str, set[str]] = {}
    colors: dict[str, set[str]] = {}
    for ep in mrs.rels:
        p = normalize_predicate(ep.predicate)
        shape = shape_of(p)
        if shape is not None:
            nouns.setdefault(ep.args.get("ARG0"), set()).add(shape)
        elif p == "_shape_n_1":
            nouns.setdefault(ep.args.get("ARG0"), set())
        else:
            col = color_of(p)
            if col is not None and col[1] == "a" and ep.args.get("ARG1"):
                colors.setdefault(ep.args["ARG1"], set()).add(col[0])
    out: set[Tuple] = set()
    for v, ns in nouns.items():
        for noun in sorted(ns) or ["shape"]:
            out.add((noun,))
            for c in colors.get(v, ()):
                out.add((noun, c))
    return out


def scene_tuples(x: Union[Interpretation, Formula, Any]) -> set[Tuple]:
    """SPICE tuples of an interpretation, a formula, or an MRS (interpreted first; if it is
    uninterpretable, nouns and their colour adjectives are read off the MRS directly)."""
    if isinstance(x, Interpretation):
        return formula_tuples(x.formula)
    if isinstance(x, Uninterpretable):
        return set()
    if hasattr(x, "rels") or hasattr(x, "nodes") or isinstance(x, str):
        result = interpret(x)
        if isinstance(result, Interpretation):
            return formula_tuples(result.formula)
        try:
            return _mrs_tuples(x)
        except UninterpretableMRS:  # not readable as an MRS at all
            return set()
    return formula_tuples(x)


__all__ = ["scene_tuples", "formula_tuples"]
