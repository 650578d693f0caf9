"""An independent labeller of the captions datasets store: truth from the stored caption JSON and
the world JSON alone, sharing no code with the evaluator (no grammar, interpreter or
``shapeworldice.semantics``). Existential and spatial captions become the claims of the free-form
corpus's own labeller (:mod:`tests.freeform.labels`); count and ratio quantifiers are counted here
by the rules the docs give for ShapeWorld's quantifiers:

* a count quantifier compares ``k`` = the shapes fitting restrictor and body with the quantity;
* a ratio quantifier compares ``k / r`` (``r`` = the shapes fitting the restrictor; undecided when
  ``r = 0``) with the quantity, within 0.005 for fractions such as 0.33 and exactly for 0 and 1;
* a caption this labeller does not know (other relations, connectives) is undecided (``None``).
"""
from __future__ import annotations

import json
from typing import Any

from tests.freeform.labels import Claim, Desc, Rel, Thing, Truth, things_of

#: the spatial relations stored as (predtype, value)
RELATIONS = {("x-rel", -1): "left", ("x-rel", 1): "right", ("y-rel", -1): "above", ("y-rel", 1): "below"}
RATIO_TOLERANCE = 0.005


def _attributes(node: dict[str, Any]) -> dict[str, str]:
    """colour/shape of an EntityType (a list of Attributes) or of one Attribute."""
    if node.get("component") == "Attribute":
        return {node["predtype"]: node["value"]}
    found: dict[str, str] = {}
    for attribute in node.get("value") or []:
        if attribute["predtype"] in found and found[attribute["predtype"]] != attribute["value"]:
            found[attribute["predtype"]] = "\0nothing"  # two different colours: nothing fits
        else:
            found[attribute["predtype"]] = attribute["value"]
    return found


def _merge(*parts: dict[str, str]) -> Desc | None:
    merged: dict[str, str] = {}
    for part in parts:
        for kind, value in part.items():
            if kind not in ("color", "shape"):
                return None
            merged[kind] = value if merged.get(kind, value) == value else "\0nothing"
    return Desc(color=merged.get("color"), shape=merged.get("shape"))


def _fits(desc: Desc, thing: Thing) -> bool:
    return desc.crisp(thing)


def _compare(qrange: str, value: float, target: float, tolerance: float) -> bool:
    return {"lt": value < target - tolerance, "leq": value <= target + tolerance,
            "eq": abs(value - target) <= tolerance, "neq": abs(value - target) > tolerance,
            "geq": value >= target - tolerance, "gt": value > target + tolerance}[qrange]


def label(semantics_json: str, world_json: str) -> Truth:
    """True, False or None (undecided, or a caption this labeller does not cover)."""
    caption, things = json.loads(semantics_json), things_of(json.loads(world_json))
    kind = caption.get("component")
    if kind == "EntityType":
        desc = _merge(_attributes(caption))
        return None if desc is None else Claim("exists", desc).truth(things)
    if kind == "Existential":
        body, restrictor = caption["body"], _attributes(caption["restrictor"])
        if body["predtype"] in ("attribute", "type"):
            desc = _merge(restrictor, _attributes(body["value"]))
            return None if desc is None else Claim("exists", desc).truth(things)
        name = RELATIONS.get((body["predtype"], body.get("value")))
        subject, reference = _merge(restrictor), _merge(_attributes(body["reference"]))
        if name is None or subject is None or reference is None:
            return None
        desc = Desc(subject.color, subject.shape, (Rel(name, "a", reference),))
        return Claim("exists", desc).truth(things)
    if kind == "Quantifier":
        body = caption["body"]
        if body["predtype"] not in ("attribute", "type"):
            return None
        restrictor = _merge(_attributes(caption["restrictor"]))
        both = _merge(_attributes(caption["restrictor"]), _attributes(body["value"]))
        if restrictor is None or both is None:
            return None
        r = sum(_fits(restrictor, t) for t in things)
        k = sum(_fits(both, t) for t in things)
        quantity = float(caption["quantity"])
        if caption["qtype"] == "count":
            return _compare(caption["qrange"], k, quantity, 0.0)
        if r == 0:
            return None
        tolerance = 0.0 if quantity.is_integer() else RATIO_TOLERANCE
        return _compare(caption["qrange"], k / r, quantity, tolerance)
    return None


__all__ = ["label"]
