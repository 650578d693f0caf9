"""Looks the world model does not record, said where dropping them is unsound.

A look ("tilted", "upright", "cut off": :data:`RESTRICTIVE_LOOKS`) adds nothing the world model
records, so it is dropped (:data:`~.predicates.OUTSIDE_WORDS`). Under an upward claim ("a tilted
square") dropping it only weakens the claim. Under an exact number, "only", "at most", "no" or a
negation ("One cyan rectangle stands upright." with two cyan rectangles) the claim without the word
is not weaker, and reading it so could call false what the world leaves open. There the look is
marked (:func:`mark`), built as a :data:`DROPPED` atom, and settled by :func:`settle` /
:func:`settle_negation`: the claim without the word where that is true, else the claim with a vague
word (false only when it is false whichever shapes the word picks). Meanings: docs/descriptions.md.
"""
from __future__ import annotations

from typing import Callable

from .logic import TRUE, And, Attr, Formula, Not, Or, QSpec, children, conjoin, rebuild, substitute, walk
from .predicates import FRACTION_NOUNS, NEGATIVE_QUANTIFIERS
from .working_mrs import EP, WorkingMRS, is_var

#: looks that pick some shapes out of others (not "sits", "appears", nor "flat", the style word the
#: parser also writes for "colorful": said of every shape)
RESTRICTIVE_LOOKS = frozenset({
    "tilted", "rotated", "angled", "upright", "vertical", "horizontal", "diagonal", "oriented", "slanted",
    "pointing", "point", "face", "facing", "turned", "rotate", "tilt", "angle", "orient", "cut", "crop", "cropped",
    "clipped", "truncated", "cut+off", "extend", "peek", "stick", "stretched", "elongated", "outlined", "filled",
    "colored", "coloured", "shaded", "slim",
})
#: the atom kind of a marked look (never evaluated: :func:`settle` and :func:`strip` remove it)
DROPPED = "dropped"
#: the carg prefix of a marked look's NOTHING EP: ``look:LEMMA:VAR``
_MARK = "look:"


def _counted_or_negated(w: WorkingMRS, x: str) -> bool:
    """Whether the look said of ``x`` may sit under a claim it could make false: ``x`` counted ("one",
    "only one", "exactly two": a ``card`` or a degree; "half of": a fraction), quantified by "no", or a
    negation in the caption."""
    q = w.quant_of.get(x)
    return (q is None or q.pred in NEGATIVE_QUANTIFIERS or q.mods.card is not None or q.mods.degree is not None
            or q.mods.den is not None or q.pred == "_half_q"
            or any(not e.dead and (e.pred == "neg" or e.pred == "card" and e.args.get("ARG1") == x
                                   or e.pred in FRACTION_NOUNS and e.arg0 == x) for e in w.live))


def _predicative(w: WorkingMRS, e: EP, x: str) -> bool:
    """Whether ``e`` is said of ``x`` outside ``x``'s restriction ("One rectangle is upright.", not
    "three distinct shapes")."""
    q = w.quant_of.get(x)
    return q is None or e.label != w.target(q.args.get("RSTR", ""))


def mark(w: WorkingMRS, e: EP, lemma: str, x: str | None) -> None:
    """Record on a dropped look ``e`` (already made NOTHING) the entity ``x`` it is said of, where the
    claim may be one it could make false (elsewhere dropping it is sound, and nothing is marked).
    "flat" is the grammar's one predicate of style words ("colorful", "distinct") and of orientations
    ("upright", "at an angle", "vertical"): said as the predicate ("One cyan rectangle is upright.") it
    may pick shapes out, before the noun ("three distinct shapes") it is taken for style."""
    if not (isinstance(x, str) and is_var(x, "x") and _counted_or_negated(w, x)):
        return
    if lemma in RESTRICTIVE_LOOKS or lemma == "flat" and _predicative(w, e, x):
        e.carg = f"{_MARK}{lemma}:{x}"


def any_marked(eps: list[EP]) -> bool:
    """Whether any of ``eps`` is a marked look (else :func:`settle` has nothing to do)."""
    return any((e.carg or "").startswith(_MARK) for e in eps)


def marked_look(carg: str | None) -> Formula:
    """The formula of a NOTHING EP: a :data:`DROPPED` atom when it is a marked look, else true."""
    if not carg or not carg.startswith(_MARK):
        return TRUE
    lemma, _, x = carg[len(_MARK):].rpartition(":")
    return Attr(x, DROPPED, lemma)


def _rewrite(f: Formula, atom: Callable[[Attr], Formula]) -> Formula:
    """``f`` with each :data:`DROPPED` atom replaced by ``atom(it)`` (conjunctions re-flattened)."""
    if isinstance(f, Attr):
        return atom(f) if f.kind == DROPPED else f
    g = rebuild(f, [_rewrite(h, atom) for h in children(f)])
    return conjoin(list(g.args)) if isinstance(g, And) and g.args else g


def _has(f: Formula, var: str | None = None) -> bool:
    return any(isinstance(g, Attr) and g.kind == DROPPED and (var is None or g.var == var) for g in walk(f))


def strip(f: Formula, var: str | None = None) -> Formula:
    """``f`` without the marked looks (of ``var``, or all): the look adds nothing."""
    if not _has(f, var):
        return f
    return _rewrite(f, lambda a: TRUE if var is None or a.var == var else a)


def _vague(f: Formula, var: str | None = None) -> Formula:
    return _rewrite(f, lambda a: Attr(a.var, "vague", a.value) if var is None or a.var == var else a)


def _not_upward(spec: QSpec) -> bool:
    """An exact number, "only", "at most", "fewer than", "no", an exact fraction ("half of the squares"):
    a claim that a dropped word may make false."""
    if spec.kind == "count":
        return spec.word == "numeral" or spec.qrange in ("eq", "leq", "lt")
    return spec.kind == "ratio" and spec.qrange in ("eq", "leq", "lt") and spec.quantity != 1.0


def settle(spec: QSpec, var: str, f: Formula, suffix: Callable[[], str]) -> Formula:
    """A quantifier ``f`` (of ``spec`` over ``var``) with its marked looks settled: dropped under an
    upward claim; else true as without them, false only as with a vague word, vague between (the
    copy's bound names get a fresh ``suffix()``)."""
    if not _has(f, var):
        return f
    if not _not_upward(spec):
        return strip(f, var)
    return Or((strip(f, var), substitute(_vague(f, var), "", "", suffix())))


def settle_negation(arg: Formula, suffix: Callable[[], str]) -> Formula:
    """"not" over marked looks: true as without them, false only as with vague words."""
    if not _has(arg):
        return Not(arg)
    return Or((Not(strip(arg)), substitute(Not(_vague(arg)), "", "", suffix())))


__all__ = ["DROPPED", "RESTRICTIVE_LOOKS", "any_marked", "mark", "marked_look", "settle", "settle_negation", "strip"]
