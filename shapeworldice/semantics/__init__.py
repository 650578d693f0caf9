"""Caption semantics (ShapeWorld's caption components) and their three-valued truth."""
from .components import (
    Attribute, Caption, CaptionModelError, EntityType, Existential, Proposition, Quantifier, Relation,
    Selector, family, from_json, from_model, truth,
)
from .comparative_quantifiers import ComparativeQuantifier, NumberBound
from .truth import Masks, Truth

__all__ = [
    "Attribute", "Caption", "CaptionModelError", "ComparativeQuantifier", "EntityType", "NumberBound",
    "Existential", "Proposition", "Quantifier", "Relation", "Selector", "Masks", "Truth", "family", "from_json",
    "from_model", "truth",
]
