"""An independent truth labeller for selection, proximity and complex-quantifier captions: three-valued
truth from the stored caption JSON and world JSON alone, in plain Python loops over entities, written
from the rules of ``docs/semantics.md`` and sharing no code with the package (no numpy, no
``shapeworldice`` import). Attributes are crisp, so a description either fits an entity or not.

Returns +1 (true), −1 (false), 0 (ambiguous); ``None`` for a caption kind it does not cover.
"""
from __future__ import annotations

import json
import math
from typing import Any

AXIS, DISTANCE, AREA, SHADE, RATIO = 0.10, 0.15, 0.005, 0.20, 0.005
#: area = factor × half-width × half-height (ShapeWorld's shapes; pentagon: regular, 5 / (1 + cos 36°))
AREA_FACTOR = {"square": 4.0, "rectangle": 4.0, "triangle": 2.0, "pentagon": 5.0 / (1.0 + math.cos(math.pi / 5)),
               "cross": 20.0 / 9.0, "circle": math.pi, "semicircle": math.pi, "ellipse": math.pi}


class Thing:
    def __init__(self, e: dict[str, Any]):
        self.id = int(e["id"])
        self.shape, self.color = e["shape"]["name"], e["color"]["name"]
        self.x, self.y = float(e["center"]["x"]), float(e["center"]["y"])
        self.shade = float(e["color"]["shade"])
        size = e["shape"]["size"]
        self.area = AREA_FACTOR[self.shape] * float(size["x"]) * float(size["y"])


def dist(a: Thing, b: Thing) -> float:
    return math.sqrt((a.x - b.x) ** 2 + (a.y - b.y) ** 2)


def fits(desc: dict[str, Any], t: Thing) -> bool:
    for attribute in desc.get("value") or []:
        if getattr(t, attribute["predtype"]) != attribute["value"]:
            return False
    return True


def body_fits(body: dict[str, Any], t: Thing) -> bool | None:
    if body["predtype"] == "attribute":
        return getattr(t, body["value"]["predtype"]) == body["value"]["value"]
    if body["predtype"] == "type":
        return fits(body["value"], t)
    return None


def compare(qrange: str, value: float, target: float) -> bool:
    tol = 0.0 if float(target).is_integer() else RATIO
    return {"lt": value < target - tol, "leq": value <= target + tol, "eq": abs(value - target) <= tol,
            "neq": abs(value - target) > tol, "geq": value >= target - tol, "gt": value > target + tol}[qrange]


def unique(desc: dict[str, Any], things: list[Thing]) -> list[Thing]:
    fitting = [t for t in things if fits(desc, t)]
    return fitting if len(fitting) == 1 else []


def more(predtype: str, v: int, e: Thing, o: Thing, c: Thing | None) -> bool:
    """e is more extreme than o (in direction v) by the margin."""
    kind = predtype.split("-")[0]
    if kind == "x":
        return (e.x - o.x) * v > (max(AXIS, abs(e.y - o.y)) if predtype.endswith("two") else AXIS)
    if kind == "y":
        return (e.y - o.y) * v > (max(AXIS, abs(e.x - o.x)) if predtype.endswith("two") else AXIS)
    if kind == "size":
        return (e.area - o.area) * v > AREA
    if kind == "shade":
        return (e.shade - o.shade) * v > SHADE
    assert c is not None
    return (dist(e, c) - dist(o, c)) * v > DISTANCE


def compared(predtype: str, e: Thing, o: Thing) -> bool:
    """Whether o counts when deciding that e is selected (sizes within a shape, shades within a colour)."""
    if predtype.startswith("size"):
        return o.shape == e.shape
    if predtype.startswith("shade"):
        return o.color == e.color
    return True


def selection(sel: dict[str, Any], things: list[Thing], comparison: Thing | None, possible: bool
              ) -> tuple[set[int], set[int]]:
    """(agreeing ids, disagreeing ids) of the selector for one comparison entity (or none)."""
    predtype, v = sel["predtype"], int(sel["value"])
    scope = [t for t in things if fits(sel["scope"], t) and t is not comparison]
    agree: set[int] = set()
    disagree = {t.id for t in things if t not in scope}
    ok = len(scope) == 2 if predtype.endswith("two") else len(scope) >= 2
    if not ok:
        return agree, disagree
    for e in scope:
        others = [o for o in scope if o is not e and compared(predtype, e, o)]
        if others and all(more(predtype, v, e, o, comparison) for o in others):
            agree.add(e.id)
        if any(more(predtype, v, o, e, comparison) for o in scope if o is not e):
            disagree.add(e.id)
    del possible
    return agree - disagree, disagree


def selector_sentence(caption: dict[str, Any], things: list[Thing]) -> int:
    sel, body = caption["restrictor"], caption["body"]
    b = {t.id: body_fits(body, t) for t in things}
    if sel["predtype"].startswith("proximity"):
        comps = [t for t in things if fits(sel["comparison"]["scope"], t)]
        agreeing_comp = comps if len(comps) == 1 else []
        agree = set()
        for c in agreeing_comp:
            agree |= selection(sel, things, c, False)[0]
        disagree = {t.id for t in things
                    if all(t is c or t.id in selection(sel, things, c, True)[1] for c in comps)}
    else:
        agree, disagree = selection(sel, things, None, False)
    if any(t.id in agree and b[t.id] for t in things):
        return 1
    if all(t.id in disagree or not b[t.id] for t in things):
        return -1
    return 0


def proximity_sentence(caption: dict[str, Any], things: list[Thing]) -> int:
    subject, body = caption["restrictor"], caption["body"]
    v = int(body["value"])
    refs = [t for t in things if fits(body["reference"], t)]
    comps = [t for t in things if fits(body["comparison"]["scope"], t)]
    agreeing_comps = comps if len(comps) == 1 else []
    result = -1
    for e in things:
        if not fits(subject, e):
            continue
        agree = any((dist(e, c) - dist(r, c)) * v > DISTANCE
                    for r in refs if r is not e for c in agreeing_comps if c is not e and c is not r)
        if agree:
            return 1
        only_self = comps == [e]  # "the C" scopes over "a R": e the only possible C leaves it open
        disagree = not only_self and all((dist(r, c) - dist(e, c)) * v >= DISTANCE
                                         for c in comps if c is not e for r in refs if r is not e and r is not c)
        if not disagree:
            result = 0
    return result


def label(semantics_json: str, world_json: str) -> int | None:
    caption = json.loads(semantics_json)
    things = [Thing(e) for e in json.loads(world_json)["entities"]]
    kind = caption["component"]
    if kind == "Existential":
        if caption["restrictor"]["component"] == "Selector" and caption["restrictor"]["predtype"] != "unique":
            return selector_sentence(caption, things)
        if caption["body"]["predtype"] == "proximity-rel":
            return proximity_sentence(caption, things)
        return None
    if kind == "Quantifier":
        return 1 if quantified(caption, things, None) else -1
    if kind == "NumberBound":
        return 1 if quantified(caption["quantifier"], things, int(caption["bound"])) else -1
    if kind == "ComparativeQuantifier":
        body = caption["body"]
        rb = sum(1 for t in things if fits(caption["restrictor"], t) and body_fits(body, t))
        cb = sum(1 for t in things if fits(caption["comparison"], t) and body_fits(body, t))
        if caption["qtype"] == "count":
            value = float(rb - cb)
        else:
            value = rb / cb if cb else (0.0 if rb == 0 else math.inf)
        return 1 if compare(caption["qrange"], value, float(caption["quantity"])) else -1
    return None


def quantified(q: dict[str, Any], things: list[Thing], bound: int | None) -> bool:
    r = [t for t in things if fits(q["restrictor"], t)]
    k = sum(1 for t in r if body_fits(q["body"], t))
    if bound is not None and len(r) != bound:
        return False
    if q["qtype"] == "count":
        return compare(q["qrange"], float(k), float(q["quantity"]))
    if not r:  # a ratio over an empty restrictor: 0/0 counts as 0 (ShapeWorld's lower bound)
        return compare(q["qrange"], 0.0, float(q["quantity"]))
    return compare(q["qrange"], k / len(r), float(q["quantity"]))
