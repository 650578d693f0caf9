"""The results of the studies (robustness, variance, validity, curves) as typed records: what
their tables, plots and CSV files read, by attribute.

Each record's fields are its PREFIX.json document's, in the order the file has them, so
``from_json`` of a written result and ``to_json`` give the same bytes back
(:class:`~shapeworldice.evaluation.io.json_record.JsonRecord`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..io.json_record import JsonDocument, JsonRecord

__all__ = ["CurvesResult", "RobustnessResult", "SubsetSpread", "ValidityResult", "VarianceResult"]

#: a metric's values along a study's axis (γ steps, subset sizes); None where it has none
Values = Sequence[float | None]


@dataclass(frozen=True, slots=True)
class RobustnessResult(JsonDocument):
    """Normalised score-vs-γ curves of every metric under each pathological transformation
    (Cui et al.), the areas under them and the drops (1 − area); ``raw`` holds the scores."""

    WHAT = "a robustness result"

    signature: str
    dataset: str
    split: str
    steps: int
    seed: int
    images: int
    gammas: Sequence[float]
    metrics: Sequence[str]
    #: transform → metric → normalised value per γ
    curves: Mapping[str, Mapping[str, Values]]
    #: transform → metric → area under its normalised curve
    areas: Mapping[str, Mapping[str, float | None]]
    drops: Mapping[str, Mapping[str, float | None]]
    raw: Mapping[str, Mapping[str, Values]]
    unavailable: Mapping[str, str]
    convention: str


@dataclass(frozen=True, slots=True)
class SubsetSpread(JsonRecord):
    """One metric's corpus score over reference subsets, per subset size: mean, standard
    deviation, relative standard deviation, and every draw's score."""

    WHAT = "a metric's subset spread"

    mean: Values
    std: Values
    relative_std: Values
    scores: Sequence[Values]


@dataclass(frozen=True, slots=True)
class VarianceResult(JsonDocument):
    """Reference-sample variance (Zhu et al.) of every reference-based metric on one caption set,
    and the references' consensus."""

    WHAT = "a variance result"

    signature: str
    dataset: str
    split: str
    images: int
    captions: int
    missing_images: int
    draws: int
    seed: int
    sizes: Sequence[int]
    pool: Mapping[str, int]
    metrics: Sequence[str]
    full: Mapping[str, float | None]
    subsets: Mapping[str, SubsetSpread]
    summary: Mapping[str, Mapping[str, float | None]]
    most_variable: str | None
    consensus: Mapping[str, Any]
    notes: Mapping[str, str]

    @classmethod
    def _field_from_json(cls, name: str, value: Any) -> Any:
        return {m: SubsetSpread.from_json(s) for m, s in value.items()} if name == "subsets" else value

    def _field_to_json(self, name: str, value: Any) -> Any:
        return {m: s.to_json() for m, s in value.items()} if name == "subsets" else value


@dataclass(frozen=True, slots=True)
class ValidityResult(JsonDocument):
    """Every measure against the ground truth over several systems' caption sets: caption-level
    ROC AUC for true captions (all, grammatical only; with intervals) and system-level Kendall τ
    and Pearson r with T and I/ref."""

    WHAT = "a validity result"

    dataset: str
    split: str
    images: int
    captions: int
    true: int
    grammatical: int
    #: system name → its corpus scores
    systems: Mapping[str, Mapping[str, float | None]]
    files: Sequence[str]
    draws: int
    seed: int
    #: measure → "all" / "grammatical" → {"auc", "low", "high"}
    caption_level: Mapping[str, Mapping[str, Mapping[str, float | None]]]
    #: target (T, I/ref) → measure → {"kendall", "pearson", ...}
    system_level: Mapping[str, Mapping[str, Mapping[str, Any]]]
    signatures: Mapping[str, str]
    metric_signatures: Mapping[str, str]
    convention: str


@dataclass(frozen=True, slots=True)
class CurvesResult(JsonRecord):
    """Learning curves over checkpoints: one row of scores per checkpoint (in iteration order),
    each surface metric's correlations with T, caveats, and the files written."""

    WHAT = "a curves result"

    #: per checkpoint: ``iteration``, ``file``, its scores and ``KEY_lo``/``KEY_hi`` interval ends
    rows: Sequence[Mapping[str, Any]]
    #: metric → {"points", "reason", "pearson", "spearman", "kendall"}
    correlations: Mapping[str, Mapping[str, Any]]
    warnings: Sequence[str]
    files: Sequence[str]
