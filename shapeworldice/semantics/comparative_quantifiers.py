"""ShapeWorld's complex quantification: number bounds and comparative quantifiers.

* ``NumberBound`` ("More than a third of the three blue shapes are triangles."): the restrictor
  has exactly ``bound`` entities (count eq bound: true when its agreeing and possible counts are
  both ``bound``, false when they exclude it), and the quantifier holds; three-valued min of both.
* ``ComparativeQuantifier`` ("Twice as many squares as circles are red."): with RB = restrictor ∩
  body and CB = comparison ∩ body, ``count`` compares the difference (lower |RB|ₐ − |CB|ₙ, upper
  |RB|ₙ − |CB|ₐ) and ``ratio`` the quotient (lower |RB|ₐ / |CB|ₙ, upper |RB|ₙ / |CB|ₐ, 0/0 = 0,
  x/0 = ∞) with ShapeWorld's quantifier table.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar

import numpy as np

from ..world.model import World
from .components import EXTRA_COMPONENTS, CaptionModelError, Component, EntityType, Quantifier, Relation
from .truth import Truth, compare_quantity, quantity_tolerance

#: ShapeWorld's number bounds (English: two to eight)
BOUNDS: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8)


def quotient_bounds(rb_a: float, rb_n: float, cb_a: float, cb_n: float) -> tuple[float, float]:
    """Lower and upper bound of |RB| / |CB| (0/0 = 0, x/0 = ∞)."""
    lower = rb_a / cb_n if cb_n else (0.0 if rb_a == 0 else float("inf"))
    upper = rb_n / cb_a if cb_a else (0.0 if rb_n == 0 else float("inf"))
    return lower, upper


@dataclass(frozen=True)
class NumberBound(Component):
    """"[quantifier] of the [bound] [restrictor] [body]"."""

    component: ClassVar[str] = "NumberBound"
    bound: int
    quantifier: Quantifier

    def __post_init__(self) -> None:
        if isinstance(self.bound, bool) or self.bound not in BOUNDS:
            raise CaptionModelError(f"number bound must be one of {BOUNDS}, got {self.bound!r}")

    def truth(self, world: World) -> Truth:
        _, _, r_a, r_n = self.quantifier.counts(world)
        bound = compare_quantity("eq", float(r_a), float(r_n), float(self.bound), 0.0)
        return Truth(min(int(bound), int(self.quantifier.truth(world))))

    def family(self) -> str:
        return self.quantifier.qtype

    # the quantifier's fields, for the realiser ("a third of the three blue shapes are triangles")
    @property
    def qtype(self) -> str:
        return self.quantifier.qtype

    @property
    def qrange(self) -> str:
        return self.quantifier.qrange

    @property
    def quantity(self) -> float:
        return self.quantifier.quantity

    @property
    def restrictor(self) -> EntityType:
        return self.quantifier.restrictor

    @property
    def body(self) -> Relation:
        return self.quantifier.body

    def to_model(self) -> dict[str, Any]:
        return {"component": self.component, "bound": self.bound, "quantifier": self.quantifier.to_model()}


@dataclass(frozen=True)
class ComparativeQuantifier(Component):
    """"[quantity] as many [restrictor] as [comparison] are [body]" and "N more / less ... than ..."."""

    component: ClassVar[str] = "ComparativeQuantifier"
    qtype: str  # count | ratio
    qrange: str
    quantity: float
    restrictor: EntityType
    comparison: EntityType
    body: Relation

    def __post_init__(self) -> None:
        if self.qtype not in ("count", "ratio") or self.qrange not in ("lt", "leq", "eq", "neq", "geq", "gt"):
            raise CaptionModelError(f"bad comparative quantifier {self.qtype}/{self.qrange}")

    def counts(self, world: World) -> tuple[int, int, int, int]:
        """(|RB| agreeing, |RB| possible, |CB| agreeing, |CB| possible)."""
        a = world.arrays
        body = self.body.masks(a)
        rb, cb = self.restrictor.masks(a) & body, self.comparison.masks(a) & body
        return (int(rb.agree.sum()), int(rb.not_disagree.sum()), int(cb.agree.sum()),
                int(np.sum(cb.not_disagree)))

    def truth(self, world: World) -> Truth:
        rb_a, rb_n, cb_a, cb_n = self.counts(world)
        if self.qtype == "count":
            lower, upper = float(rb_a - cb_n), float(rb_n - cb_a)
        else:
            lower, upper = quotient_bounds(rb_a, rb_n, cb_a, cb_n)
        return compare_quantity(self.qrange, lower, upper, float(self.quantity), quantity_tolerance(self.quantity))

    def family(self) -> str:
        return "comparative"

    @property
    def magnitude(self) -> int:
        """|quantity| of a count comparative ("two more", "two fewer")."""
        return abs(int(self.quantity))

    def to_model(self) -> dict[str, Any]:
        return {"component": self.component, "qtype": self.qtype, "qrange": self.qrange, "quantity": self.quantity,
                "restrictor": self.restrictor.to_model(), "comparison": self.comparison.to_model(),
                "body": self.body.to_model()}


def complex_from_model(model: dict[str, Any], load: Callable[[Any], Any]) -> Any:
    """A NumberBound or ComparativeQuantifier from its model (``load`` reads the parts)."""
    if model["component"] == "NumberBound":
        quantifier = load(model["quantifier"])
        if not isinstance(quantifier, Quantifier):
            raise CaptionModelError("a number bound wraps a Quantifier")
        return NumberBound(int(model["bound"]), quantifier)
    return ComparativeQuantifier(model["qtype"], model["qrange"], model["quantity"], load(model["restrictor"]),
                                 load(model["comparison"]), load(model["body"]))


EXTRA_COMPONENTS["NumberBound"] = EXTRA_COMPONENTS["ComparativeQuantifier"] = complex_from_model

__all__ = ["BOUNDS", "ComparativeQuantifier", "NumberBound", "complex_from_model", "quotient_bounds"]
