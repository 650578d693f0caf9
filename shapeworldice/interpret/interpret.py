"""From ERG-style MRS to a logical form (:mod:`.logic`): the interpreter's entry points.

The same code reads the ERG's own MRS (ACE readings) and the package grammar's MRS, which use
the ERG's predicate names. :func:`interpret` runs the stages, one module each:

1. :mod:`.working_mrs` copies the MRS into a mutable working copy;
2. :mod:`.rewrites` normalises well-known ERG constructions into simpler EPs;
3. :mod:`.scope` resolves quantifier scope with the qeq constraints;
4. :mod:`.formula_builder` builds the :class:`~.logic.Formula`, with the quantifier specs of
   :mod:`.quantifiers` and the predicate tables of :mod:`.predicates`.

Anything outside the interpretable fragment (names, pronouns, ellipsis, unknown predicates,
unbound arguments such as the elliptical comparative "A square is bigger.") and any
malformed MRS makes the reading :class:`Uninterpretable`: every stage raises
:class:`~.errors.UninterpretableMRS` for such input, and only that exception is caught here,
so a bug in the interpreter surfaces instead of passing for an uninterpretable caption.
:func:`interpret_readings` picks the first interpretable reading in the order of
:mod:`.preference`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence, Union

from .descriptive import rewrite_descriptive
from .errors import UninterpretableMRS
from .formula_builder import FormulaBuilder
from .lists import attach_list_modifiers
from .logic import And, Formula, Iff, Implies, Not, Or, Rel, free_vars, nesting, walk
from .predicates import INTERPRETABLE_QUANTIFIERS
from .preference import preference_order, reading_penalty
from .rewrites import normalize
from .scope import Scope
from .working_mrs import load


@dataclass(frozen=True)
class Interpretation:
    """An interpreted reading: its logical form and how dispreferred the reading's analysis is."""

    formula: Formula
    penalty: int = 0
    #: parts of the caption left out of ``formula`` (a sentence that did not parse or could not be
    #: interpreted, with why): the caption is then true only in part, so never true as a whole
    uncovered: tuple[str, ...] = ()

    def __str__(self) -> str:
        return str(self.formula)


@dataclass(frozen=True)
class Uninterpretable:
    """A reading (or a set of readings) outside the interpretable fragment, with the reason."""

    reason: str
    #: the failure's :attr:`~.errors.UninterpretableMRS.kind` ("" for most)
    kind: str = field(default="", compare=False, repr=False)

    def __bool__(self) -> bool:  # so that ``if interpret(m):`` tests interpretability
        return False


def _interpretation(mrs: Any) -> Interpretation:
    """The interpretation of one reading; :class:`UninterpretableMRS` if it has none."""
    try:
        w = load(mrs)
    except UninterpretableMRS as exc:
        raise UninterpretableMRS(f"cannot read MRS: {exc}") from None
    penalty = reading_penalty(e.pred for e in w.eps)
    attach_list_modifiers(w)
    rewrite_descriptive(w)
    normalize(w)
    for q in w.live:
        if q.is_quantifier() and q.pred not in INTERPRETABLE_QUANTIFIERS:
            raise UninterpretableMRS(f"quantifier {q.pred} cannot be interpreted")
    formula = FormulaBuilder(Scope(w)).build()
    unbound = free_vars(formula)
    if unbound:  # e.g. an elliptical comparison, "a smaller blue circle" (smaller than what?)
        raise UninterpretableMRS("something it says is tied to no shape it names (a comparison such as "
                                 "'smaller' or 'bigger' without 'than ...'?)")
    if any(isinstance(g, Rel) and (g.var == g.ref or g.comp in (g.var, g.ref)) for g in walk(formula)):
        raise UninterpretableMRS("it relates a shape to itself ('The ellipse is another shape.': other than "
                                 "which shape is not said)")
    variables = max(nesting(formula).values(), default=0)
    if variables > MAX_VARIABLES:  # a description too deep: the sentence that passes the bound is left out
        raise UninterpretableMRS(f"it names more things at once ({variables}, one inside another) than the "
                                 f"evaluator can hold (at most {MAX_VARIABLES})")
    return Interpretation(formula, penalty)


#: the deepest nesting of quantifiers one formula may have: the evaluator gives each depth an array
#: axis, after the worlds' axis, and numpy arrays have at most 64 (a margin is left for the
#: evaluator's own axes)
MAX_VARIABLES = 60


#: the ERG's generic predicates of unknown words: "_glorp/NN_u_unknown"
_UNKNOWN = re.compile(r"^_(.+)/[A-Za-z]+_u_unknown$")


def unknown_words(preds: Iterable[str]) -> list[str]:
    """The words of the ERG's unknown-word predicates among ``preds``, in order, once each."""
    out: list[str] = []
    for p in preds:
        m = _UNKNOWN.match(p)
        if m and m.group(1) not in out:
            out.append(m.group(1))
    return out


def _quoted(words: Sequence[str]) -> str:
    return ", ".join(f"'{w}'" for w in words)


#: the last readings interpreted, by identity (a description's joined reading is interpreted when
#: its sentences are joined and again when it is judged)
_RECENT: list[tuple[Any, "Interpretation | Uninterpretable"]] = []
_RECENT_SIZE = 4


def interpret(mrs: Any) -> Union[Interpretation, Uninterpretable]:
    """Interpret one MRS reading (a pydelphin MRS or DMRS, or a SimpleMRS string);
    :class:`Uninterpretable` (falsy) with a reason if it can't be."""
    for seen, result in _RECENT:
        if seen is mrs:
            return result
    try:
        result = _interpretation(mrs)
    except UninterpretableMRS as exc:
        result = Uninterpretable(str(exc), exc.kind)
    if not isinstance(mrs, str):  # strings are cheap to compare but may be rebuilt equal: not kept
        _RECENT.insert(0, (mrs, result))
        del _RECENT[_RECENT_SIZE:]
    return result


#: the reason of a caption whose every claim was dropped
SAYS_NOTHING = "every word of it was dropped as saying nothing the world model records, so it makes no claim"


def says_nothing(formula: Formula) -> bool:
    """Whether ``formula`` is built of connectives alone (no atom, no quantifier): every word of the
    caption was dropped ("The overall arrangement looks random."), so its value is a constant of
    logic (the empty conjunction is true) and not a claim about the world."""
    return all(isinstance(g, (And, Or, Not, Implies, Iff)) for g in walk(formula))


def interpret_readings(readings: Sequence[Any]) -> tuple[int | None, Union[Interpretation, Uninterpretable]]:
    """The first interpretable reading in :func:`~.preference.preference_order` as (index,
    interpretation); (None, Uninterpretable) with the first reading's reason if none is. A reading
    that :func:`says_nothing` is not an interpretation of the caption: a caption makes its claims
    as a whole, so this is checked here, not per sentence (a dropped sentence among others adds
    nothing to the claims of the rest)."""
    first: Uninterpretable | None = None
    for i in preference_order(readings):
        result = interpret(readings[i])
        if isinstance(result, Interpretation) and says_nothing(result.formula):
            result = Uninterpretable(SAYS_NOTHING)
        if isinstance(result, Interpretation):
            return i, result
        if first is None:
            first = result
    return None, first if first is not None else Uninterpretable("no readings")


__all__ = ["SAYS_NOTHING", "Interpretation", "Uninterpretable", "interpret", "interpret_readings", "says_nothing"]
