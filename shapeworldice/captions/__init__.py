"""Caption sampling: true caption semantics drawn directly from a world."""
from .quantifiers import COUNT_QUANTIFIERS, RATIO_QUANTIFIERS, QuantifierSampler
from .sampling import CaptionSampler, ExistentialSampler, RelationSampler, ThereIsSampler, make_sampler
from .templates import template

__all__ = [
    "COUNT_QUANTIFIERS", "RATIO_QUANTIFIERS", "CaptionSampler", "ExistentialSampler", "QuantifierSampler",
    "RelationSampler", "ThereIsSampler", "make_sampler", "template",
]
