"""Three-valued truth of a caption's readings on a world, with ShapeWorld's agree/disagree semantics.

The truth of a formula comes from the one evaluator of :mod:`.agreement` (a world is a batch of
one); here a reading is chosen, bare numerals are read, and the verdict is named.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Hashable, Sequence, Union

from ..semantics.truth import Truth
from ..world.columns import WorldSample
from ..world.model import World
from .agreement import Agreement, Plan
from .interpret import Interpretation, Uninterpretable, interpret_readings
from .logic import Formula, free_vars
from .quantifiers import numeral_reading, read_numerals


def _plan(interpretation: Union[Interpretation, Formula]) -> tuple[Formula, Plan]:
    """The formula and its layout; an interpretation keeps its layout (a cache, not a field)."""
    if isinstance(interpretation, Interpretation):
        plan = interpretation.__dict__.get("_plan")
        if plan is None:
            plan = Plan(interpretation.formula)
            if not plan.by_id:
                object.__setattr__(interpretation, "_plan", plan)
        return interpretation.formula, plan
    return interpretation, Plan(interpretation)


def read(interpretation: Union[Interpretation, Formula], numerals: str | None = None
         ) -> Union[Interpretation, Formula]:
    """The interpretation with its bare numerals read as ``numerals`` (default: the reading in force):
    what its truth is computed from, and what its claims say."""
    reading = numerals or numeral_reading()
    if reading == "at-least":
        return interpretation
    if isinstance(interpretation, Interpretation):
        hit = interpretation.__dict__.get("_exact")
        if hit is None:
            hit = replace(interpretation, formula=read_numerals(interpretation.formula, reading))
            object.__setattr__(interpretation, "_exact", hit)  # a cache, not a field
        return hit
    return read_numerals(interpretation, reading)


def truth(interpretation: Union[Interpretation, Formula], world: World, numerals: str | None = None) -> Truth:
    """Three-valued truth (+1 true, 0 ambiguous, −1 false) of an interpretation on a world; bare
    numerals read as ``numerals`` ("exact" / "at-least"; default: :func:`numeral_reading`)."""
    interpretation = read(interpretation, numerals)
    formula, plan = _plan(interpretation)
    if not isinstance(interpretation, Interpretation) and free_vars(formula):
        raise ValueError(f"formula has free variables: {formula}")
    arrays = world.arrays
    agree, disagree = Agreement(plan, WorldSample.single(arrays), lambda _: arrays, (world.background,)).ev(formula)
    if bool(agree.reshape(-1)[0]):
        if isinstance(interpretation, Interpretation) and interpretation.uncovered:
            return Truth.AMBIGUOUS  # the parts it could read are true; the rest is not decided
        return Truth.TRUE
    if bool(disagree.reshape(-1)[0]):
        return Truth.FALSE
    return Truth.AMBIGUOUS


@dataclass(frozen=True)
class Result:
    """Outcome of evaluating a caption's readings on a world.

    ``truth``: "true", "false", "ambiguous" or "uninterpretable"; ``reading_index``: which
    reading was used (index into the given readings), None if none was interpretable;
    ``interpretation``: the reading's :class:`Interpretation`, or the :class:`Uninterpretable`
    reason of the most preferred reading.
    """

    truth: str
    reading_index: int | None
    interpretation: Union[Interpretation, Uninterpretable]


class InterpretationCache:
    """Caches the chosen reading of a caption by a caller-supplied key (e.g. the normalised text)."""

    def __init__(self, maxsize: int = 100_000):
        self.maxsize = maxsize
        self._data: dict[Hashable, tuple[int | None, Union[Interpretation, Uninterpretable]]] = {}

    def get(self, key: Hashable, compute: Callable[[], tuple[int | None, Union[Interpretation, Uninterpretable]]]):
        hit = self._data.get(key)
        if hit is None:
            hit = compute()
            if len(self._data) >= self.maxsize:
                self._data.pop(next(iter(self._data)))
            self._data[key] = hit
        return hit

    def clear(self) -> None:
        self._data.clear()


_DEFAULT_CACHE = InterpretationCache()


def reading_verdict(readings: Sequence[Any], world: World, key: Hashable | None = None,
             cache: InterpretationCache | None = None, numerals: str | None = None) -> Result:
    """Evaluate a caption given its parser readings (MRS objects or SimpleMRS strings).

    The reading used is the first interpretable one in :func:`preference_order` (fewest
    dispreferred analyses, then parser order), so the result is deterministic. With ``key``
    (e.g. the normalised caption text), the chosen reading is cached for later calls.
    """
    if key is not None:
        index, interp = (cache or _DEFAULT_CACHE).get(key, lambda: interpret_readings(readings))
    else:
        index, interp = interpret_readings(readings)
    if isinstance(interp, Uninterpretable):
        return Result("uninterpretable", None, interp)
    return Result(verdict(interp, world, numerals), index, interp)


def verdict(interpretation: Union[Interpretation, Uninterpretable, None], world: World,
            numerals: str | None = None) -> str:
    """"true", "false" or "ambiguous" on the world; "uninterpretable" without an interpretation."""
    if interpretation is None or isinstance(interpretation, Uninterpretable):
        return "uninterpretable"
    return truth(interpretation, world, numerals).label


__all__ = ["Result", "InterpretationCache", "read", "truth", "reading_verdict", "verdict"]
