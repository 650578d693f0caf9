"""Truth tables over agree/disagree arrays: what a connective or a quantifier makes of its parts.

A truth value is a pair of boolean arrays (agree, disagree) broadcast over a leading world axis
and one axis per bound variable: neither set = ambiguous. The evaluator (:mod:`.agreement`)
builds the restrictor and body arrays; the tables here combine them.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from ..semantics.truth import quantity_tolerance, quantity_verdicts
from ..world.model import COLOR_NAMES, SHAPES
from .logic import And, Color, Exists, Formula, Iff, Implies, Noun, Not, Or, QSpec, Shape

TV = tuple[np.ndarray, np.ndarray]  # (agree, disagree)

_SHAPE_INDEX = {s: i for i, s in enumerate(SHAPES)}
_COLOR_INDEX = {c: i for i, c in enumerate(COLOR_NAMES)}


def atom(f: Formula, shapes: np.ndarray, colors: np.ndarray, shaped: Callable[[np.ndarray, str], np.ndarray],
         const: Callable[[bool], TV]) -> TV | None:
    """The truth value of a Shape / Color test (from the entities' shape and colour indices,
    laid along the variable's axis by ``shaped``) or of a Noun / Exists (always true); None
    for any other formula."""
    if isinstance(f, Shape):  # a shape or colour the worlds never have ("star") is true of nothing
        agree = shaped(shapes == _SHAPE_INDEX.get(f.value, -1), f.var)
        return agree, ~agree
    if isinstance(f, Color):
        agree = shaped(colors == _COLOR_INDEX.get(f.value, -1), f.var)
        return agree, ~agree
    if isinstance(f, (Noun, Exists)):
        return const(True)
    return None


def connective(f: Formula, ev: Callable[[Formula], TV], const: Callable[[bool], TV]) -> TV | None:
    """The truth value of an And / Or / Not / Implies / Iff from its parts' (``ev``; ``const``
    gives the empty conjunction's true); None when ``f`` is no connective."""
    if isinstance(f, And):
        if not f.args:
            return const(True)
        agree, disagree = ev(f.args[0])
        for g in f.args[1:]:
            a2, d2 = ev(g)
            agree, disagree = agree & a2, disagree | d2
        return agree, disagree
    if isinstance(f, Or):
        agree, disagree = ev(f.args[0])
        for g in f.args[1:]:
            a2, d2 = ev(g)
            agree, disagree = agree | a2, disagree & d2
        return agree, disagree
    if isinstance(f, Not):
        agree, disagree = ev(f.arg)
        return disagree, agree
    if isinstance(f, Implies):
        aa, ad = ev(f.antecedent)
        ca, cd = ev(f.consequent)
        return ca | ad, cd & aa
    if isinstance(f, Iff):
        la, ld = ev(f.left)
        ra, rd = ev(f.right)
        return (la & ra) | (ld & rd), (ld | rd) & (la | ra)
    return None


def exclude_context(ra: np.ndarray, r_possible: np.ndarray, ax: int, outer: tuple[int, ...],
                    restr_free: bool, diagonal: Callable[[int, int], np.ndarray]
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """An inner quantifier never ranges over the entities its context (the ``outer`` axes) is
    about: drop them from the restrictor. Also the "only self" mask: with one context entity and
    a restrictor that does not mention it (``restr_free``), where the context entity is the only
    possible reference the relation is ambiguous, not false (``relations.relate``)."""
    if not outer:
        return ra, r_possible, None
    off = np.ones(ra.shape, dtype=bool)
    for k in outer:
        off = off & ~diagonal(ax, k)
    only_self = None
    if len(outer) == 1 and restr_free:
        self_possible = (r_possible & diagonal(ax, outer[0])).any(axis=ax, keepdims=True)
        only_self = self_possible & ~(r_possible & off).any(axis=ax, keepdims=True)
    return ra & off, r_possible & off, only_self


def quantifier(spec: QSpec, ax: int, ra: np.ndarray, r_possible: np.ndarray, rb_agree: np.ndarray,
               rb_possible: np.ndarray, only_self: np.ndarray | None) -> TV:
    """A quantifier's truth value along axis ``ax`` from its restrictor (agree / possible) and
    restrictor-and-body (agree / possible) arrays: ShapeWorld's quantifier table."""
    kind = spec.kind
    if kind in ("exists", "unique"):
        agree = rb_agree.any(axis=ax, keepdims=True)
        disagree = np.asarray(~rb_possible.any(axis=ax, keepdims=True))
        if only_self is not None:
            disagree = disagree & ~only_self
        return np.asarray(agree), np.asarray(disagree)  # arrays already (keepdims); typed as such
    rb_a = rb_agree.sum(axis=ax, keepdims=True)
    rb_n = rb_possible.sum(axis=ax, keepdims=True)
    if kind not in ("count", "definite", "ratio"):
        raise ValueError(f"unknown quantifier kind {kind!r}")
    r_a = ra.sum(axis=ax, keepdims=True)
    r_n = r_possible.sum(axis=ax, keepdims=True)
    if kind == "count":
        qrange, target = spec.comparison()
        return _bounded(spec, r_a, r_n, quantity_verdicts(qrange, rb_a.astype(float), rb_n.astype(float), target,
                                                          quantity_tolerance(target)))
    lower = np.where(r_n > 0, rb_a / np.maximum(r_n, 1), 0.0)
    upper = np.where(r_a > 0, rb_n / np.maximum(r_a, 1), np.where(rb_n == 0, 0.0, np.inf))
    if kind == "ratio":
        qrange, target = spec.comparison()
        return _bounded(spec, r_a, r_n, quantity_verdicts(qrange, lower, upper, target, quantity_tolerance(target)))
    # "the squares": all of them (ratio eq 1, which has existential import);
    # "the two squares": and there are exactly two (count eq 2 over the restrictor)
    agree, disagree = quantity_verdicts("eq", lower, upper, 1.0, quantity_tolerance(1.0))
    if spec.word == "the":  # said of a group, false only when no member may be so (as "the T" of several)
        disagree = np.asarray(~rb_possible.any(axis=ax, keepdims=True))
    if spec.quantity is not None:
        n = float(spec.quantity)
        ca, cd = quantity_verdicts("eq", r_a.astype(float), r_n.astype(float), n, quantity_tolerance(n))
        agree, disagree = agree & ca, disagree | cd
    return agree, disagree


def _bounded(spec: QSpec, r_a: np.ndarray, r_n: np.ndarray, verdict: TV) -> TV:
    """A number bound ("... of the three red shapes"): also the restrictor count is exactly the bound."""
    if spec.bound is None:
        return verdict
    ca, cd = quantity_verdicts("eq", r_a.astype(float), r_n.astype(float), float(spec.bound), 0.0)
    return verdict[0] & ca, verdict[1] | cd
