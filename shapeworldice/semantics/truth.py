"""Three-valued truth and ShapeWorld's tolerance margins.

Every predicate has an *agree* test and a *disagree* test; entities that pass neither are
*ambiguous*. A caption is true, false or ambiguous; only true captions are ever generated.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import numpy as np

# Tolerances, in normalised world units (ShapeWorld's captions/settings.py).
MIN_AXIS_DISTANCE = 0.10  # left/right/above/below
MIN_DISTANCE = 0.15  # closer/farther
MIN_OVERLAP = 0.10  # behind/in front of
MIN_AREA = 0.005  # bigger/smaller
MIN_SHADE = 0.20  # darker/lighter
MIN_QUANTIFIER = 0.005  # non-integer ratio targets


class Truth(IntEnum):
    """ShapeWorld's agreement values: +1 true, 0 ambiguous, −1 false."""

    FALSE = -1
    AMBIGUOUS = 0
    TRUE = 1

    @property
    def label(self) -> str:
        return self.name.lower()

    def __neg__(self) -> "Truth":
        return Truth(-int(self))


@dataclass(frozen=True)
class Masks:
    """Per-entity agree / disagree masks of a one-place predicate.

    ``agree & disagree`` is always empty; entities in neither are ambiguous.
    """

    agree: np.ndarray
    disagree: np.ndarray

    @property
    def not_disagree(self) -> np.ndarray:
        return ~self.disagree

    def __and__(self, other: "Masks") -> "Masks":
        return Masks(self.agree & other.agree, self.disagree | other.disagree)

    def negate(self) -> "Masks":
        return Masks(self.disagree.copy(), self.agree.copy())

    @classmethod
    def everything(cls, n: int) -> "Masks":
        return cls(np.ones(n, dtype=bool), np.zeros(n, dtype=bool))

    def truth(self) -> Truth:
        """Existential reading: true if some entity agrees, false if none is possible."""
        if self.agree.any():
            return Truth.TRUE
        if not self.not_disagree.any():
            return Truth.FALSE
        return Truth.AMBIGUOUS


def quantity_verdicts(qrange: str, lower, upper, target: float | np.ndarray,
                      tolerance: float | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """ShapeWorld's quantifier table, vectorised: (true, false) for counts/ratios in [lower, upper]
    (targets and tolerances may be arrays that broadcast against the counts)."""
    t = tolerance
    if qrange == "lt":
        true, false = upper < target - t, lower >= target - t
    elif qrange == "leq":
        true, false = upper <= target + t, lower > target + t
    elif qrange == "eq":
        true = np.maximum(upper - target, target - lower) <= t
        false = np.maximum(target - upper, lower - target) > t
    elif qrange == "neq":
        true = np.maximum(target - upper, lower - target) > t
        false = np.maximum(upper - target, target - lower) <= t
    elif qrange == "geq":
        true, false = lower >= target - t, upper < target - t
    elif qrange == "gt":
        true, false = lower > target + t, upper <= target + t
    else:
        raise ValueError(f"unknown quantifier range {qrange!r}")
    return np.asarray(true), np.asarray(false) & ~np.asarray(true)


def compare_quantity(qrange: str, lower: float, upper: float, target: float, tolerance: float) -> Truth:
    """ShapeWorld's quantifier table for one count/ratio lying in [lower, upper]."""
    true, false = quantity_verdicts(qrange, lower, upper, target, tolerance)
    if true:
        return Truth.TRUE
    if false:
        return Truth.FALSE
    return Truth.AMBIGUOUS


def ratio_bounds(rb_agree: int, rb_possible: int, r_agree: int, r_possible: int) -> tuple[float, float]:
    """Lower and upper bounds of |R∩B|/|R| given agreeing and possible counts."""
    lower = rb_agree / r_possible if r_possible else 0.0
    if r_agree:
        upper = rb_possible / r_agree
    else:
        upper = 0.0 if rb_possible == 0 else float("inf")
    return lower, upper


def quantity_tolerance(target: float) -> float:
    return 0.0 if float(target).is_integer() else MIN_QUANTIFIER
