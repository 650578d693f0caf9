"""The free-form corpus's own truth labeller: a small three-valued semantics written for the test.

It deliberately shares no code with the evaluator (no grammar, interpreter or caption semantics):
a caption's meaning is the list of :class:`Claim` objects its generator built beside the text,
and each claim is decided on the world's entities (shape, colour, centre) alone, with the rules
the project documents for ShapeWorld's world model:

* shapes and colours are crisp; a colour or shape the worlds never have ("black", "star")
  matches nothing;
* above / below / left of / right of compare centres (y grows downwards): e is above r when
  r.y − e.y > max(0.10, |e.x − r.x|), and clearly not above when e.y − r.y > 0.10; between the
  two the relation is undecided (ShapeWorld's margin);
* "a D is R a D2" holds when some D agrees with R to some D2 other than itself; it fails when
  every D clearly fails R to every other possible D2; when the only possible D2 is the subject
  itself it is undecided (ShapeWorld leaves that case ambiguous);
* "the D" needs exactly one D; with none or several the claim is undecided (a presupposition
  failure, excluded from the checkable captions);
* a bare numeral ("two squares") is decided only where its "at least" and "exactly" readings
  agree; "exactly two" has only the second;
* a caption is the conjunction of its claims: false if one is false, true if all are true,
  else undecided (``None``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Optional, Sequence

MARGIN = 0.10  # ShapeWorld's min_axis_distance, world units

Truth = Optional[bool]  # True, False, or None = the world does not decide


@dataclass(frozen=True)
class Thing:
    """One entity as the labeller sees it."""

    id: int
    shape: str
    color: str
    x: float
    y: float


def things_of(model: dict[str, Any]) -> tuple[Thing, ...]:
    """The entities of a world-model JSON object (ShapeWorld's field names)."""
    return tuple(Thing(int(e["id"]), e["shape"]["name"], e["color"]["name"], float(e["center"]["x"]),
                       float(e["center"]["y"])) for e in model["entities"])


@dataclass(frozen=True)
class Rel:
    """A spatial relation to a reference: ``name`` in above/below/left/right, ``det`` 'a' or 'the'."""

    name: str
    det: str
    ref: "Desc"

    def form(self) -> str:
        return f"{self.name}({self.det} {self.ref.form()})"


@dataclass(frozen=True)
class Desc:
    """An entity description: optional colour and shape, and relations ("a red square above a circle")."""

    color: str | None = None
    shape: str | None = None
    rels: tuple[Rel, ...] = ()

    def form(self) -> str:
        """ "red square", "gray shape", "square & above(a circle)", "above(the circle)"."""
        parts = [" ".join([self.color or "", self.shape or "shape"]).strip()] if self.color or self.shape else []
        parts += [r.form() for r in self.rels]
        return " & ".join(parts) or "shape"

    def crisp(self, t: Thing) -> bool:
        return (self.color is None or t.color == self.color) and (self.shape is None or t.shape == self.shape)


class Presupposition(Exception):
    """A definite description without exactly one referent: the claim is undecided."""


def pair(name: str, e: Thing, r: Thing) -> tuple[bool, bool]:
    """(clearly holds, clearly fails) for e R r, from the centres."""
    if name in ("above", "below"):
        main, other = e.y - r.y, abs(e.x - r.x)
        sign = -1.0 if name == "above" else 1.0
    elif name in ("left", "right"):
        main, other = e.x - r.x, abs(e.y - r.y)
        sign = -1.0 if name == "left" else 1.0
    else:
        raise ValueError(f"unknown relation {name!r}")
    d = main * sign
    return d > max(MARGIN, other), -d > MARGIN


def unique(desc: Desc, things: Sequence[Thing]) -> Thing:
    """The one thing a definite description picks out, or :class:`Presupposition`."""
    agree, possible = masks(desc, things)
    if sum(agree) != 1 or sum(possible) != 1:
        raise Presupposition(desc.form())
    return things[agree.index(True)]


def masks(desc: Desc, things: Sequence[Thing]) -> tuple[list[bool], list[bool]]:
    """Per thing: (definitely fits the description, possibly fits it)."""
    agree = [desc.crisp(t) for t in things]
    possible = list(agree)
    for rel in desc.rels:
        if rel.det == "the":
            ref = unique(rel.ref, things)
            ref_agree = [t.id == ref.id for t in things]
            ref_possible = list(ref_agree)
        else:
            ref_agree, ref_possible = masks(rel.ref, things)
        for i, e in enumerate(things):
            holds = any(ref_agree[j] and pair(rel.name, e, r)[0] for j, r in enumerate(things) if j != i)
            others = [r for j, r in enumerate(things) if j != i and ref_possible[j]]
            fails = all(pair(rel.name, e, r)[1] for r in others) if others else not ref_possible[i]
            agree[i] = agree[i] and holds and not fails
            possible[i] = possible[i] and not fails
    return agree, possible


def _exists(agree: list[bool], possible: list[bool]) -> Truth:
    if any(agree):
        return True
    if not any(possible):
        return False
    return None


@dataclass(frozen=True)
class Claim:
    """One checkable statement of a caption.

    ``kind``: ``exists`` ("there is a D", "a D is P": ``desc`` holds both), ``none`` ("there is
    no D"), ``count`` (``n`` Ds; ``exact`` for "exactly n"), ``the`` (the ``desc`` is ``pred``),
    ``both`` (both shapes are ``pred``; two shapes presupposed), ``one-other`` (one shape is
    ``desc``, the other ``pred``), ``outside`` (says something the world model does not hold).
    """

    kind: str
    desc: Desc = Desc()
    pred: Desc = Desc()
    n: int = 0
    exact: bool = False
    what: str = ""

    def form(self) -> str:
        if self.kind == "exists":
            return f"exists({self.desc.form()})"
        if self.kind == "none":
            return f"no({self.desc.form()})"
        if self.kind == "count":
            return f"{'exactly' if self.exact else 'count'}[{self.n}]({self.desc.form()})"
        if self.kind == "the":
            return f"the({self.desc.form()}; {self.pred.form()})"
        if self.kind == "both":
            return f"both({self.pred.form()})"
        if self.kind == "one-other":
            return f"one-other({self.desc.form()}; {self.pred.form()})"
        return f"outside({self.what})"

    def truth(self, things: Sequence[Thing]) -> Truth:
        try:
            return self._truth(things)
        except Presupposition:
            return None

    def _truth(self, things: Sequence[Thing]) -> Truth:
        if self.kind == "exists":
            return _exists(*masks(self.desc, things))
        if self.kind == "none":
            value = _exists(*masks(self.desc, things))
            return None if value is None else not value
        if self.kind == "count":
            agree, possible = masks(self.desc, things)
            lower, upper = sum(agree), sum(possible)
            exactly = True if lower == upper == self.n else False if (upper < self.n or lower > self.n) else None
            if self.exact:
                return exactly
            at_least = True if lower >= self.n else False if upper < self.n else None
            return exactly if exactly == at_least else None
        if self.kind == "the":
            one = unique(self.desc, things)
            agree, possible = masks(self.pred, things)
            i = things.index(one)
            return True if agree[i] else False if not possible[i] else None
        if self.kind == "both":
            if len(things) != 2:
                return None
            agree, possible = masks(self.pred, things)
            return True if all(agree) else False if not all(possible) else None
        if self.kind == "one-other":
            if len(things) != 2:
                return None
            a, b = things
            d, p = self.desc, self.pred
            return (d.crisp(a) and p.crisp(b)) or (d.crisp(b) and p.crisp(a))
        if self.kind == "outside":
            return None
        raise ValueError(f"unknown claim kind {self.kind!r}")


def conjunction(values: Iterable[Truth]) -> Truth:
    """Three-valued "and": false if any is false, true if all are true, else undecided."""
    values = list(values)
    if any(v is False for v in values):
        return False
    if all(v is True for v in values):
        return True
    return None


__all__ = ["MARGIN", "Truth", "Thing", "things_of", "Rel", "Desc", "Claim", "Presupposition", "pair", "masks",
           "unique", "conjunction"]
