"""An independent labeller of the captions of ShapeWorld's relational, logical and discourse tasks
(relational, negation, logical, relative clauses, coreference): three-valued truth from the stored
caption JSON and the world JSON alone, in plain Python loops, sharing no code with the package (no
grammar, interpreter, ``shapeworldice.semantics`` or world model). The rules are ShapeWorld's, as
``docs/semantics.md`` states them:

* attributes are crisp; left/right/above/below: the offset along the axis exceeds 0.1 and the
  other axis' offset (agree), or is clearly the other way by 0.1 (disagree); bigger/smaller: same
  shape and area differs by more than 0.005 (agree), or clearly the other way (disagree; shape
  not checked); darker/lighter: the same with colour and shade 0.2; same/different shape/colour:
  crisp, between distinct shapes;
* "e is REL a D": agree if some other shape that is certainly a D agrees; disagree if every other
  shape that may be a D disagrees — and, when no other shape may be a D, only if e itself cannot
  be one (else undecided); "not" swaps agree and disagree;
* "a D is B": true if some shape agrees with both, false if every shape disagrees with one;
* "the D REL it is B" said of e: the D with REL to e must be unique (exactly one shape certainly
  is, and exactly one may be, counting e); true if that shape (other than e) is B, false if no
  other shape that may be it can be B;
* and = min, or = max, if B then A = max(A, −B), iff = max(min(A, B), min(−A, −B)).

Returns +1 (true), 0 (undecided) or −1 (false).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from math import pi, radians, cos
from typing import Any

AXIS, AREA, SHADE = 0.10, 0.005, 0.20
#: area of each shape over its half extents hx·hy (square 2hx × 2hy, triangle half of it, cross 5/9
#: of its box, ellipses π·hx·hy; a regular pentagon fills 5 / (1 + cos 36°) of its box's quarter)
AREA_FACTOR = {"square": 4.0, "rectangle": 4.0, "triangle": 2.0, "cross": 4.0 * 5 / 9,
               "circle": pi, "semicircle": pi, "ellipse": pi, "pentagon": 5 / (1 + cos(radians(36)))}


@dataclass(frozen=True)
class Shape:
    index: int
    shape: str
    color: str
    x: float
    y: float
    shade: float
    area: float


def shapes_of(world: dict[str, Any]) -> list[Shape]:
    out = []
    for i, e in enumerate(world["entities"]):
        hx, hy = float(e["shape"]["size"]["x"]), float(e["shape"]["size"]["y"])
        area = AREA_FACTOR[e["shape"]["name"]] * hx * hy
        out.append(Shape(i, e["shape"]["name"], e["color"]["name"], float(e["center"]["x"]),
                         float(e["center"]["y"]), float(e["color"]["shade"]), area))
    return out


def pair(kind: str, value: int, e: Shape, r: Shape) -> int:
    """+1 agree, −1 disagree, 0 neither, for "e REL r"."""
    v = float(value)
    if kind in ("x-rel", "y-rel"):
        main = (e.x - r.x) if kind == "x-rel" else (e.y - r.y)
        other = abs(e.y - r.y) if kind == "x-rel" else abs(e.x - r.x)
        if main * v > max(AXIS, other):
            return 1
        return -1 if -main * v > AXIS else 0
    if kind == "size-rel":
        if e.shape == r.shape and (e.area - r.area) * v > AREA:
            return 1
        return -1 if (r.area - e.area) * v > AREA else 0
    if kind == "shade-rel":
        if e.color == r.color and (e.shade - r.shade) * v > SHADE:
            return 1
        return -1 if (r.shade - e.shade) * v > SHADE else 0
    same = (e.shape == r.shape) if kind == "shape-rel" else (e.color == r.color)
    return 1 if same == (value > 0) else -1


def attributes(node: dict[str, Any]) -> dict[str, str]:
    if node["component"] == "Attribute":
        return {node["predtype"]: node["value"]}
    return {a["predtype"]: a["value"] for a in node["value"]}


def fits(attrs: dict[str, str], s: Shape) -> int:
    ok = all((s.shape if k == "shape" else s.color) == v for k, v in attrs.items())
    return 1 if ok else -1


class Labeller:
    def __init__(self, world: dict[str, Any]):
        self.shapes = shapes_of(world)

    def describe(self, node: dict[str, Any], s: Shape) -> int:
        """A restrictor (EntityType or "T that is R") of one shape."""
        if node["component"] == "RelativeType":
            return min(fits(attributes(node["scope"]), s), self.predicate(node["clause"], s))
        return fits(attributes(node), s)

    def predicate(self, rel: dict[str, Any], e: Shape) -> int:
        kind = rel["predtype"]
        if kind in ("attribute", "type"):
            return fits(attributes(rel["value"]), e)
        if kind == "negation":
            return -self.predicate(rel["value"], e)
        others = [r for r in self.shapes if r.index != e.index]
        if any(self.describe(rel["reference"], r) == 1 and pair(kind, rel["value"], e, r) == 1 for r in others):
            return 1
        possible = [r for r in others if self.describe(rel["reference"], r) != -1]
        if possible:
            return -1 if all(pair(kind, rel["value"], e, r) == -1 for r in possible) else 0
        return -1 if self.describe(rel["reference"], e) == -1 else 0

    def anaphor(self, node: dict[str, Any], e: Shape) -> int:
        scope = attributes(node["scope"])
        certain = [y for y in self.shapes if fits(scope, y) == 1 and pair(node["predtype"], node["value"], y, e) == 1]
        maybe = [y for y in self.shapes if fits(scope, y) == 1 and pair(node["predtype"], node["value"], y, e) != -1]
        if len(certain) == 1 and len(maybe) == 1 and certain[0].index != e.index \
                and self.predicate(node["body"], certain[0]) == 1:
            return 1
        if all(self.predicate(node["body"], y) == -1 for y in maybe if y.index != e.index):
            return -1
        return 0

    def part(self, node: dict[str, Any], e: Shape) -> int:
        return self.anaphor(node, e) if node["component"] == "Anaphor" else self.predicate(node, e)

    @staticmethod
    def exists(values: list[int]) -> int:
        if any(v == 1 for v in values):
            return 1
        return -1 if all(v == -1 for v in values) else 0

    def caption(self, c: dict[str, Any]) -> int:
        kind = c["component"]
        if kind == "EntityType":
            return self.exists([fits(attributes(c), s) for s in self.shapes])
        if kind == "Existential":
            return self.exists([min(self.describe(c["restrictor"], s), self.predicate(c["body"], s))
                                for s in self.shapes])
        if kind == "Coreference":
            return self.exists([min([fits(attributes(c["antecedent"]), s)] + [self.part(p, s) for p in c["parts"]])
                                for s in self.shapes])
        if kind == "Proposition":
            a, b = (self.caption(k) for k in c["clauses"])
            return {"conjunction": min(a, b), "disjunction": max(a, b), "implication": max(a, -b),
                    "equivalence": max(min(a, b), min(-a, -b))}[c["proptype"]]
        raise ValueError(f"not a caption of these tasks: {kind}")


def label(semantics_json: str, world_json: str) -> int:
    """+1 true, 0 undecided, −1 false."""
    return Labeller(json.loads(world_json)).caption(json.loads(semantics_json))


__all__ = ["AREA_FACTOR", "label"]
