"""Caption sampling: true caption semantics drawn directly from a world."""
from .sampling import (
    COUNT_QUANTIFIERS, RATIO_QUANTIFIERS, CaptionSampler, ExistentialSampler, QuantifierSampler,
    RelationSampler, ThereIsSampler, make_sampler,
)
from .templates import template

__all__ = [
    "COUNT_QUANTIFIERS", "RATIO_QUANTIFIERS", "CaptionSampler", "ExistentialSampler", "QuantifierSampler",
    "RelationSampler", "ThereIsSampler", "make_sampler", "template",
]
