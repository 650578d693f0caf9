"""Per-caption measures: the interface every GTD measure beside G, T and D implements.

A :class:`CaptionMeasure` is prepared once per evaluator (:meth:`~CaptionMeasure.prepare`: it may
bind what it needs of the dataset, such as its prior), scores each grammatical output caption from
a :class:`CaptionContext` (:meth:`~CaptionMeasure.score`), and aggregates the values over a
caption set (:meth:`~CaptionMeasure.aggregate`). The context computes what several measures need
(the caption's claims) once per caption, so no measure caches results of another.

A measure's score is, unless it says otherwise, a ratio of sums: Σ weight·value / Σ weight over
all captions, an ungrammatical caption counting 0 with weight 1 (its value is None). That form is
also its sufficient statistic: per image, (Σ weight·value, Σ weight), which is what the report's
intervals and ``compare``'s paired tests resample (:mod:`.intervals`). A measure whose score is
not a ratio of sums (a count) lists its keys in :attr:`~CaptionMeasure.counted` and gets no
interval.

The measures a report shows are those of :mod:`.registry`, in report order. Each key also needs
its entry (label, style, views) in :mod:`shapeworldice.metrics.catalogue`, the layout of every
report.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, Mapping, Sequence

from .claims import ClaimCheck, check

__all__ = ["CaptionContext", "CaptionMeasure", "DatasetContext"]


@dataclass(frozen=True)
class DatasetContext:
    """What a measure may bind once per evaluator: the split it scores against and its prior."""

    split: Any  # shapeworldice.data.loader.Split
    prior: Any = None  # shapeworldice.interpret.prior.CaptionPrior


@dataclass
class CaptionContext:
    """One grammatical output caption as the measures see it: its analysis (reading, construction,
    tuples, claim family), its image (``image.world``: the world model; ``image.references``: every
    reference), the image's kept references and the caption's verdict on the image."""

    analysis: Any  # shapeworldice.evaluation.core.analysis.Analysis
    image: Any  # shapeworldice.evaluation.core.analysis.ImageRecord
    references: Sequence[Any]
    truth: str | None

    @cached_property
    def claims(self) -> ClaimCheck | None:
        """The caption's claims and object mentions checked on the world (None without a reading)."""
        interpretation = getattr(self.analysis, "interpretation", None)
        return None if interpretation is None else check(interpretation, self.image.world, self.truth)


class CaptionMeasure(ABC):
    """A per-caption measure giving one or more scores (:attr:`keys`)."""

    #: the scores it gives, in report order
    keys: ClassVar[tuple[str, ...]]
    #: what it measures, in a sentence (shown by ``describe()``)
    description: ClassVar[str]
    #: keys whose values carry a weight (:meth:`weight`); the others weigh 1
    weighted: ClassVar[frozenset[str]] = frozenset()
    #: keys aggregated as a count (the sum of the values), which have no interval
    counted: ClassVar[frozenset[str]] = frozenset()

    def prepare(self, dataset: DatasetContext) -> "CaptionMeasure":
        """The measure bound to a dataset (itself when it needs nothing of it)."""
        return self

    @abstractmethod
    def score(self, context: CaptionContext) -> Mapping[str, float | None]:
        """{key: value} of a grammatical caption (None: no value, counted 0 in the mean)."""

    def weight(self, key: str, context: CaptionContext) -> float:
        """The caption's weight in score ``key`` (1 unless the key is :attr:`weighted`)."""
        return 1.0

    def aggregate(self, key: str, values: Sequence[float | None], weights: Sequence[float]) -> float | None:
        """The caption set's score: Σ weight·value / Σ weight (a count for :attr:`counted` keys)."""
        if key in self.counted:
            return float(sum(v or 0.0 for v in values))
        total = sum(weights)
        if not total:
            return None
        return sum(w * (v or 0.0) for w, v in zip(weights, values)) / total

    def describe(self) -> dict[str, Any]:
        """The measure's self-description: name, keys, what it measures, how it aggregates."""
        return {"name": type(self).__name__, "keys": list(self.keys), "description": self.description,
                "weighted": sorted(self.weighted), "counted": sorted(self.counted)}
