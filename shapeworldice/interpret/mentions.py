"""Object mentions: the object descriptions a caption says exist, for CHAIR-style hallucination
counts and object recall.

An *object description* is the shape and colour of a quantified entity ("a star", "a black
square", "the red circle", "two blue shapes", "a square is red"): the :class:`~.logic.Shape` and
:class:`~.logic.Color` atoms of its variable in the conjunctions of the quantifier's restrictor
and body (relations are left out: they say where an object is, not what it is; so is what is
said under a negation: "a square is not red" describes a square). A description is a *mention*
when the caption asserts that such an object exists: its quantifier commits to one
(:func:`commits`: some entity fits restrictor and body) and stands in an asserted position — at
the top, in a conjunction, or in the restrictor or body of another committing quantifier. Under
negation, "or", "if" and "if and only if", and under "no" / "at most" / "fewer than", nothing is
asserted to exist.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .logic import And, Attr, Color, Formula, QSpec, Quant, Shape


@dataclass(frozen=True)
class Mention:
    """An object description: a shape (None: any shape, "a red shape") and colours."""

    shape: str | None
    colors: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((*self.colors, self.shape or "shape"))

    def matches(self, entity: Any) -> bool:
        """Whether a world entity (``shape``, ``color``, ``shade``) may fit the description: a colour
        word of the colour table fits where it is not clearly false ("pink" fits a magenta and a
        light red shape), so an object is hallucinated only when nothing could be it."""
        from ..semantics.appearance import word_fits

        return (self.shape is None or entity.shape == self.shape) and all(
            word_fits(c, entity.color, entity.shade) for c in self.colors)


def commits(spec: QSpec) -> bool:
    """Whether a quantifier asserts that some entity of its restrictor fits its body: "a", "the",
    "the Ts", counts of at least one ("two", "at least one", "more than zero", "exactly three"), and
    ratios above zero ("every", "most", "half"); not "no", "at most", "fewer than"."""
    if spec.kind in ("exists", "unique", "definite"):
        return True
    if spec.qrange is None or spec.quantity is None:
        return False
    q = float(spec.quantity)
    if spec.kind == "count":
        return spec.qrange == "gt" or (spec.qrange in ("geq", "eq") and q >= 1)
    return spec.qrange == "gt" or (spec.qrange in ("geq", "eq") and q > 0)


def _description(restrictor: Formula, var: str) -> Mention | None:
    shape, colors = None, []
    stack = [restrictor]
    while stack:
        g = stack.pop()
        if isinstance(g, And):
            stack.extend(reversed(g.args))
        elif isinstance(g, Shape) and g.var == var:
            shape = shape or g.value
        elif isinstance(g, Color) and g.var == var and g.value not in colors:
            colors.append(g.value)
        elif isinstance(g, Attr) and g.kind == "colour" and g.var == var and g.value not in colors:
            colors.append(g.value)
    if shape is None and not colors:
        return None
    return Mention(shape, tuple(colors))


def object_mentions(f: Formula) -> list[Mention]:
    """The mentions of a formula (see the module docstring), in order, each description once."""
    out: list[Mention] = []

    def visit(g: Formula) -> None:
        if isinstance(g, And):
            for h in g.args:
                visit(h)
        elif isinstance(g, Quant) and commits(g.spec):
            m = _description(And((g.restr, g.body)), g.var)
            if m is not None and m not in out:
                out.append(m)
            visit(g.restr)
            visit(g.body)

    visit(f)
    return out


__all__ = ["Mention", "commits", "object_mentions"]
