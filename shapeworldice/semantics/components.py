"""Caption semantics: ShapeWorld's caption components with three-valued truth.

A caption is a tree of components (Attribute, EntityType, Relation, Selector, Existential,
Quantifier, NumberBound, ComparativeQuantifier, Proposition). ``truth(world)`` evaluates it
with ShapeWorld's agree/disagree semantics, vectorised over the world's entities; negation
swaps agree and disagree (ShapeWorld's negation bug is not reproduced).
Components serialise to ShapeWorld's ``caption_model`` field names (``to_model``/``from_model``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Union

import numpy as np

from ..world.model import COLOR_NAMES, SHAPES, World, WorldArrays
from . import relations
from .truth import Masks, Truth, compare_quantity, quantity_tolerance, ratio_bounds

ATTRIBUTE_KINDS = ("shape", "color")
QRANGES = ("lt", "leq", "eq", "neq", "geq", "gt")


class CaptionModelError(ValueError):
    """A caption-semantics JSON object that cannot be read back."""


class Component:
    """Base of all caption components."""

    component: ClassVar[str] = ""

    def to_model(self) -> dict[str, Any]:  # pragma: no cover - overridden
        raise NotImplementedError

    def to_json(self) -> str:
        return json.dumps(self.to_model(), sort_keys=True, separators=(",", ":"))


# --------------------------------------------------------------------------- entity descriptions

@dataclass(frozen=True)
class Attribute(Component):
    """A single attribute value: shape ("square") or colour ("red")."""

    component: ClassVar[str] = "Attribute"
    predtype: str  # "shape" | "color"
    value: str

    def __post_init__(self) -> None:
        valid = SHAPES if self.predtype == "shape" else COLOR_NAMES if self.predtype == "color" else None
        if valid is None or self.value not in valid:
            raise CaptionModelError(f"bad attribute {self.predtype}={self.value!r}")

    def masks(self, a: WorldArrays) -> Masks:
        if self.predtype == "shape":
            agree = a.shape == SHAPES.index(self.value)
        else:
            agree = a.color == COLOR_NAMES.index(self.value)
        return Masks(agree, ~agree)

    def to_model(self) -> dict[str, Any]:
        return {"component": self.component, "predtype": self.predtype, "value": self.value}


@dataclass(frozen=True)
class EntityType(Component):
    """A conjunction of attributes; the empty type means "shape" and matches everything."""

    component: ClassVar[str] = "EntityType"
    attributes: tuple[Attribute, ...] = ()

    def __post_init__(self) -> None:
        kinds = [a.predtype for a in self.attributes]
        if len(set(kinds)) != len(kinds):
            raise CaptionModelError("an entity type names each attribute kind at most once")

    def get(self, predtype: str) -> str | None:
        for attribute in self.attributes:
            if attribute.predtype == predtype:
                return attribute.value
        return None

    @property
    def shape(self) -> str | None:
        return self.get("shape")

    @property
    def color(self) -> str | None:
        return self.get("color")

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset(a.predtype for a in self.attributes)

    @classmethod
    def of(cls, shape: str | None = None, color: str | None = None) -> "EntityType":
        attrs = []
        if color is not None:
            attrs.append(Attribute("color", color))
        if shape is not None:
            attrs.append(Attribute("shape", shape))
        return cls(tuple(attrs))

    def masks(self, a: WorldArrays) -> Masks:
        result = Masks.everything(a.n)
        for attribute in self.attributes:
            result = result & attribute.masks(a)
        return result

    def truth(self, world: World) -> Truth:
        """As a whole caption: "There is a T."."""
        return self.masks(world.arrays).truth()

    def to_model(self) -> dict[str, Any]:
        return {"component": self.component, "predtype": "type", "value": [x.to_model() for x in self.attributes]}


@dataclass(frozen=True)
class Selector(Component):
    """A definite description: ``unique`` ("the X"), or a ShapeWorld selector of
    :data:`selection.SELECTORS` ("the leftmost X", "the bigger X", "the X closer to the Y":
    ``comparison`` is then the unique "the Y")."""

    component: ClassVar[str] = "Selector"
    predtype: str
    scope: EntityType
    value: int = 0
    comparison: "Selector | None" = None

    def __post_init__(self) -> None:
        from .selection import PROXIMITY_SELECTORS, SELECTORS

        if self.predtype == "unique":
            return
        if self.predtype not in SELECTORS or self.value not in SELECTORS[self.predtype]:
            raise CaptionModelError(f"bad selector {self.predtype}={self.value!r}")
        if (self.predtype in PROXIMITY_SELECTORS) != (self.comparison is not None):
            raise CaptionModelError("a proximity selector, and only it, has a comparison")

    def masks(self, a: WorldArrays) -> Masks:
        scope = self.scope.masks(a)
        if self.predtype != "unique":
            from .selector_masks import selector_masks

            return selector_masks(self, scope, a)
        unique = int(scope.agree.sum()) == 1 and int(scope.not_disagree.sum()) == 1
        return Masks(scope.agree & unique, scope.disagree.copy())

    def to_model(self) -> dict[str, Any]:
        model = {"component": self.component, "predtype": self.predtype, "value": self.value,
                 "scope": self.scope.to_model()}
        if self.comparison is not None:
            model["comparison"] = self.comparison.to_model()
        return model


# --------------------------------------------------------------------------- relative clauses

@dataclass(frozen=True)
class RelativeType(Component):
    """"a T that is [clause]": an entity type narrowed by a relative clause (a Relation of the
    entity itself), as a subject ("A square that is above a circle is red.") or a reference
    ("... below a square that is red."). Agree/disagree are the conjunction of both."""

    component: ClassVar[str] = "RelativeType"
    scope: EntityType
    clause: "Relation"

    def masks(self, a: WorldArrays) -> Masks:
        return self.scope.masks(a) & self.clause.masks(a)

    def to_model(self) -> dict[str, Any]:
        return {"component": self.component, "scope": self.scope.to_model(), "clause": self.clause.to_model()}


Restrictor = Union[EntityType, Selector, RelativeType]


# --------------------------------------------------------------------------- relations

@dataclass(frozen=True)
class Relation(Component):
    """The body of a caption: copula ("is red", "is a square") or a binary relation.

    predtype "attribute" wraps an Attribute, "type" an EntityType, "negation" a Relation;
    binary predtypes (``relations.BINARY_RELATIONS``) take a direction value ±1 and a reference.
    """

    component: ClassVar[str] = "Relation"
    predtype: str
    value: Any
    reference: Restrictor | None = None
    #: the comparison "the C" of the ternary ``proximity-rel`` ("closer to the C than a R")
    comparison: Selector | None = None

    def __post_init__(self) -> None:
        if self.predtype == "proximity-rel":
            if self.value not in (-1, 1) or self.reference is None or not isinstance(self.comparison, Selector):
                raise CaptionModelError("proximity relation needs a value ±1, a reference and a comparison")
        elif self.predtype in relations.BINARY_RELATIONS:
            if self.value not in relations.BINARY_RELATIONS[self.predtype] or self.reference is None:
                raise CaptionModelError(f"bad relation {self.predtype}={self.value!r}")
        elif self.predtype == "attribute":
            if not isinstance(self.value, Attribute):
                raise CaptionModelError("attribute relation needs an Attribute")
        elif self.predtype == "type":
            if not isinstance(self.value, EntityType):
                raise CaptionModelError("type relation needs an EntityType")
        elif self.predtype == "negation":
            if not isinstance(self.value, Relation):
                raise CaptionModelError("negation needs a Relation")
        else:
            raise CaptionModelError(f"unknown relation predtype {self.predtype!r}")

    def masks(self, a: WorldArrays) -> Masks:
        if self.predtype in ("attribute", "type"):
            return self.value.masks(a)
        if self.predtype == "negation":
            return self.value.masks(a).negate()
        if self.comparison is not None:
            from .selector_masks import proximity_masks

            return proximity_masks(self, a)
        agree, disagree = relations.conditions(self.predtype, self.value, a)
        return relations.relate(agree, disagree, self.referent().masks(a))

    def referent(self) -> Restrictor:
        """The reference of a binary relation (``__post_init__`` ensures one is set)."""
        if self.reference is None:
            raise CaptionModelError(f"{self.predtype} relation has no reference")
        return self.reference

    def to_model(self) -> dict[str, Any]:
        value = self.value.to_model() if isinstance(self.value, Component) else self.value
        model = {"component": self.component, "predtype": self.predtype, "value": value}
        if self.reference is not None:
            model["reference"] = self.reference.to_model()
        if self.comparison is not None:
            model["comparison"] = self.comparison.to_model()
        return model


# --------------------------------------------------------------------------- sentences

@dataclass(frozen=True)
class Existential(Component):
    """"A [restrictor] [body]": some entity satisfies both."""

    component: ClassVar[str] = "Existential"
    restrictor: Restrictor
    body: Relation

    def truth(self, world: World) -> Truth:
        a = world.arrays
        return (self.body.masks(a) & self.restrictor.masks(a)).truth()

    def to_model(self) -> dict[str, Any]:
        return {"component": self.component, "restrictor": self.restrictor.to_model(), "body": self.body.to_model()}


@dataclass(frozen=True)
class Quantifier(Component):
    """Count ("exactly two squares are red") or ratio ("half the shapes are red") quantifier."""

    component: ClassVar[str] = "Quantifier"
    qtype: str  # "count" | "ratio"
    qrange: str  # lt leq eq neq geq gt
    quantity: float
    restrictor: EntityType
    body: Relation

    def __post_init__(self) -> None:
        if self.qtype not in ("count", "ratio") or self.qrange not in QRANGES:
            raise CaptionModelError(f"bad quantifier {self.qtype}/{self.qrange}")

    def counts(self, world: World) -> tuple[int, int, int, int]:
        """(|R∩B| agreeing, |R∩B| possible, |R| agreeing, |R| possible)."""
        a = world.arrays
        r = self.restrictor.masks(a)
        rb = r & self.body.masks(a)
        return int(rb.agree.sum()), int(rb.not_disagree.sum()), int(r.agree.sum()), int(r.not_disagree.sum())

    def truth(self, world: World) -> Truth:
        rb_a, rb_n, r_a, r_n = self.counts(world)
        if self.qtype == "count":
            lower, upper = float(rb_a), float(rb_n)
        else:
            lower, upper = ratio_bounds(rb_a, rb_n, r_a, r_n)
        return compare_quantity(self.qrange, lower, upper, float(self.quantity), quantity_tolerance(self.quantity))

    def to_model(self) -> dict[str, Any]:
        return {"component": self.component, "qtype": self.qtype, "qrange": self.qrange,
                "quantity": self.quantity, "restrictor": self.restrictor.to_model(), "body": self.body.to_model()}


@dataclass(frozen=True)
class Proposition(Component):
    """Connectives over clauses. For "implication", clause 1 is the "if" part (ShapeWorld's order)."""

    component: ClassVar[str] = "Proposition"
    proptype: str  # conjunction | disjunction | implication | equivalence
    clauses: tuple[Any, ...] = field(default_factory=tuple)

    def truth(self, world: World) -> Truth:
        values = [int(c.truth(world)) for c in self.clauses]
        if self.proptype == "conjunction":
            return Truth(min(values))
        if self.proptype == "disjunction":
            return Truth(max(values))
        if self.proptype == "implication":
            return Truth(max(values[0], -values[1]))
        if self.proptype == "equivalence":
            return Truth(max(min(values[0], values[1]), min(-values[0], -values[1])))
        raise CaptionModelError(f"unknown proposition {self.proptype!r}")

    def to_model(self) -> dict[str, Any]:
        return {"component": self.component, "proptype": self.proptype,
                "clauses": [c.to_model() for c in self.clauses]}


# --------------------------------------------------------------------------- coreference

@dataclass(frozen=True)
class Anaphor(Component):
    """"the [scope] [relation] it is [body]", said of the antecedent e: the unique entity y with
    scope(y) and relation(y, e) satisfies body. Uniqueness is ShapeWorld's unique selector over
    all entities (y = e counts when the relation leaves it possible); y ranges over entities
    other than e. Agree: some such unique y agrees with the body; disagree: every possible y ≠ e
    disagrees with it."""

    component: ClassVar[str] = "Anaphor"
    scope: EntityType
    predtype: str  # a binary relation kind (``relations.BINARY_RELATIONS``)
    value: int
    body: "Relation"

    def __post_init__(self) -> None:
        if self.value not in relations.BINARY_RELATIONS.get(self.predtype, ()):
            raise CaptionModelError(f"bad anaphor relation {self.predtype}={self.value!r}")

    def masks(self, a: WorldArrays) -> Masks:
        rel_agree, rel_disagree = relations.conditions(self.predtype, self.value, a)  # [y, e]
        scope, body = self.scope.masks(a), self.body.masks(a)
        r_agree = scope.agree[:, None] & rel_agree
        r_possible = scope.not_disagree[:, None] & ~rel_disagree
        unique = (r_agree.sum(axis=0) == 1) & (r_possible.sum(axis=0) == 1)
        off = ~np.eye(a.n, dtype=bool)
        r_agree, r_possible = r_agree & unique[None, :] & off, r_possible & off
        agree = (r_agree & body.agree[:, None]).any(axis=0)
        disagree = ~(r_possible & body.not_disagree[:, None]).any(axis=0)
        return Masks(agree & ~disagree, disagree)

    def to_model(self) -> dict[str, Any]:
        return {"component": self.component, "scope": self.scope.to_model(), "predtype": self.predtype,
                "value": self.value, "body": self.body.to_model()}


#: how a coreference caption is written: "sentences" ("There is a T. It is R."), "clauses"
#: ("There is a T, and it is R."), "copula" ("A T is B. It is R.") and "copula-clauses"
#: ("A T is B, and it is R."); an Anaphor part is written "..., and the T2 REL it is B2."
COREFERENCE_FORMS = ("sentences", "clauses", "copula", "copula-clauses")


@dataclass(frozen=True)
class Coreference(Component):
    """Two or three clauses about one entity, the later ones referring back to it ("it"):
    true if some entity fits the antecedent and every part, false if every entity fails one
    (the existential reading of "a T ... it ..."). Parts are Relations of the entity or
    Anaphors; for the copula forms the first part is what the first sentence says of it."""

    component: ClassVar[str] = "Coreference"
    form: str
    antecedent: EntityType
    parts: tuple[Any, ...]

    def __post_init__(self) -> None:
        if self.form not in COREFERENCE_FORMS or not 1 <= len(self.parts) <= 3:
            raise CaptionModelError(f"bad coreference {self.form!r} with {len(self.parts)} parts")

    def truth(self, world: World) -> Truth:
        a = world.arrays
        result = self.antecedent.masks(a)
        for part in self.parts:
            result = result & part.masks(a)
        return result.truth()

    def to_model(self) -> dict[str, Any]:
        return {"component": self.component, "form": self.form, "antecedent": self.antecedent.to_model(),
                "parts": [p.to_model() for p in self.parts]}


Caption = Union[EntityType, Existential, Quantifier, Proposition, Coreference]


# --------------------------------------------------------------------------- loading

#: loaders of components defined in other modules (``comparative_quantifiers`` registers its own on import)
EXTRA_COMPONENTS: dict[str, Callable[[dict[str, Any], Callable[[Any], Any]], Any]] = {}


def from_model(model: Any) -> Any:
    """Rebuild a component tree from its ``to_model()`` dict."""
    if not isinstance(model, dict) or "component" not in model:
        raise CaptionModelError("caption model must be an object with a 'component' field")
    kind = model["component"]
    try:
        if kind == "Attribute":
            return Attribute(model["predtype"], model["value"])
        if kind == "EntityType":
            return EntityType(tuple(from_model(x) for x in model["value"]))
        if kind == "Selector":
            comparison = from_model(model["comparison"]) if model.get("comparison") else None
            return Selector(model["predtype"], from_model(model["scope"]), int(model.get("value") or 0), comparison)
        if kind == "Relation":
            value = model["value"]
            value = from_model(value) if isinstance(value, dict) else int(value)
            reference = from_model(model["reference"]) if model.get("reference") else None
            comparison = from_model(model["comparison"]) if model.get("comparison") else None
            return Relation(model["predtype"], value, reference, comparison)
        if kind == "Existential":
            return Existential(from_model(model["restrictor"]), from_model(model["body"]))
        if kind == "Quantifier":
            quantity = model["quantity"]
            return Quantifier(model["qtype"], model["qrange"], quantity,
                              from_model(model["restrictor"]), from_model(model["body"]))
        if kind == "Proposition":
            return Proposition(model["proptype"], tuple(from_model(c) for c in model["clauses"]))
        if kind == "RelativeType":
            return RelativeType(from_model(model["scope"]), from_model(model["clause"]))
        if kind == "Anaphor":
            return Anaphor(from_model(model["scope"]), model["predtype"], int(model["value"]),
                           from_model(model["body"]))
        if kind == "Coreference":
            return Coreference(model["form"], from_model(model["antecedent"]),
                               tuple(from_model(p) for p in model["parts"]))
        if kind in EXTRA_COMPONENTS:  # NumberBound, ComparativeQuantifier (comparative_quantifiers.py)
            return EXTRA_COMPONENTS[kind](model, from_model)
    except (KeyError, TypeError) as exc:
        raise CaptionModelError(f"{kind} model is missing a field: {exc}") from None
    raise CaptionModelError(f"unknown caption component {kind!r}")


def from_json(text: str) -> Any:
    try:
        return from_model(json.loads(text))
    except json.JSONDecodeError as exc:
        raise CaptionModelError(f"caption model is not valid JSON: {exc}") from None


def truth(caption: Any, world: World) -> Truth:
    """Three-valued truth of a caption on a world."""
    return caption.truth(world)


def family(caption: Any) -> str:
    """The caption family used in reports: existential, spatial, relational, count, ratio, logical."""
    if isinstance(caption, EntityType):
        return "existential"
    if isinstance(caption, Existential):
        if isinstance(caption.restrictor, Selector) and caption.restrictor.predtype != "unique":
            return "selection"
        body = caption.body
        while body.predtype == "negation":
            body = body.value
        if body.predtype in ("attribute", "type"):
            return "existential"
        if body.predtype in ("x-rel", "y-rel", "z-rel", "proximity-rel"):
            return "spatial"
        return "relational"
    if isinstance(caption, Quantifier):
        return caption.qtype
    if isinstance(caption, Proposition):
        return "logical"
    if isinstance(caption, Coreference):
        return "coreference"
    own_family = getattr(caption, "family", None)
    if callable(own_family):  # NumberBound, ComparativeQuantifier
        return str(own_family())
    raise CaptionModelError(f"not a caption: {caption!r}")


__all__ = [
    "Attribute", "EntityType", "Selector", "Relation", "Existential", "Quantifier", "Proposition",
    "RelativeType", "Anaphor", "Coreference", "COREFERENCE_FORMS",
    "Caption", "CaptionModelError", "from_model", "from_json", "truth", "family",
]
