"""The evaluation report as typed records: what code reads back from a report, by attribute.

A :class:`Report` is built by the evaluator (:mod:`shapeworldice.evaluation.core.gtd_report`) and
read by the terminal summary, the HTML page, curves, compare, validity and the batch jobs.
``Report.from_json(document)`` reads a report's JSON document (``docs/formats.md``) and
``to_json()`` gives it back, so ``report.json`` read and written again has the same bytes: the
records name every field the file has, and the scores, whose keys come from the measure catalogue,
stay mappings.  Item access (``report["scores"]``) reads the JSON document's field, so code written
against the report as a dict keeps working.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from ..core.scoring import CaptionResult
from .json_record import JsonRecord, check_fields

__all__ = ["Interval", "Score", "Counts", "GroupSummary", "DiversitySection", "Report", "PairedScore",
           "Comparison"]

#: a 95% interval's ends; an end is None where it was not a finite number (written as null)
Interval = tuple[float | None, float | None]


def _interval(value: Sequence[float | None] | None) -> Interval | None:
    """An interval from its JSON list (or the evaluator's pair); None stays None."""
    if value is None:
        return None
    low, high = value
    return (low, high)


def _intervals(found: Mapping[str, Sequence[float | None] | None]) -> dict[str, Interval | None]:
    return {key: _interval(value) for key, value in found.items()}


def _listed(found: Mapping[str, Interval | None]) -> dict[str, list[float | None] | None]:
    return {key: None if value is None else list(value) for key, value in found.items()}


@dataclass(frozen=True, slots=True)
class Score:
    """One score of a report with its 95% interval (None where the report has none)."""

    key: str
    value: float | None
    interval: Interval | None


@dataclass(frozen=True, slots=True)
class Counts(JsonRecord):
    """How many captions got each verdict, and the constructions of the captions and references."""

    WHAT = "verdict counts"

    grammatical: int
    true: int
    false: int
    ambiguous: int
    uninterpretable: int
    constructions_output: int
    constructions_references: int


#: the fields of a breakdown group that are not scores
_GROUP_FIELDS = ("captions", "counts", "reasons", "intervals")


@dataclass(frozen=True, slots=True)
class GroupSummary:
    """One group of a breakdown (a sentence kind, a quantifier range, a relation, seen or
    held-out): its captions, their scores (G, T, T|G, coverage, D and the per-caption measures)
    with intervals, verdict counts and reasons."""

    captions: int
    scores: Mapping[str, float | None]
    counts: Counts
    reasons: Mapping[str, int]
    intervals: Mapping[str, Interval | None]

    @classmethod
    def from_json(cls, document: Mapping[str, Any]) -> "GroupSummary":
        scores = {k: v for k, v in document.items() if k not in _GROUP_FIELDS}  # every other field is a score
        check_fields(document, _GROUP_FIELDS, tuple(scores), "a breakdown group")
        return cls(document["captions"], scores, Counts.from_json(document["counts"]), dict(document["reasons"]),
                   _intervals(document["intervals"]))

    def to_json(self) -> dict[str, Any]:
        return {"captions": self.captions, **self.scores, "counts": self.counts.to_json(),
                "reasons": dict(self.reasons), "intervals": _listed(self.intervals)}

    def score(self, key: str) -> Score:
        """The group's score ``key`` with its interval."""
        return Score(key, self.scores.get(key), self.intervals.get(key))


@dataclass(frozen=True, slots=True)
class DiversitySection(JsonRecord):
    """The diversity of several captions per image (Wang & Chan), present when some image has two
    or more captions (:mod:`shapeworldice.evaluation.core.diversity_section`)."""

    WHAT = "a diversity section"

    images: int
    images_single_caption: int
    captions_per_image: Mapping[str, float]
    max_captions_compared: int
    images_capped: int
    self_cider: float | None
    lsa: float | None
    mbleu_1: float | None
    mbleu_2: float | None
    mbleu_3: float | None
    mbleu_4: float | None
    mbleu_mix: float | None
    accuracy: float | None
    beta2: float
    f_score: float | None
    signatures: Mapping[str, str]
    notes: Mapping[str, str]


_REPORT_FIELDS = ("signature", "warnings", "dataset", "split", "parser", "images", "captions", "missing_images",
                  "scores", "intervals", "counts", "reasons", "breakdown", "diversity_section", "unavailable",
                  "metric_signatures", "notes")
#: fields a report has only sometimes: what produced the captions (a results file's header) and
#: the values that were not finite numbers (written as null; see ``outputs.json_text``)
_REPORT_OPTIONAL = ("captioner", "not_finite")


@dataclass(frozen=True, slots=True)
class Report:
    """The report of one caption set (``docs/formats.md``): what was scored and how, its scores with
    their intervals, verdict counts and reasons, the breakdowns, and ``details``: one
    :class:`~shapeworldice.evaluation.core.scoring.CaptionResult` per caption (written to the
    details JSONL, not to the report)."""

    signature: str
    dataset: str
    split: str
    parser: str
    images: int
    captions: int
    missing_images: int
    warnings: tuple[str, ...]
    scores: Mapping[str, float | None]
    intervals: Mapping[str, Interval | None]
    counts: Counts
    reasons: Mapping[str, int]
    #: axis (the JSON keys ``family``, ``quantifier_range``, ``relation``, ``heldout``) → group → summary
    breakdown: Mapping[str, Mapping[str, GroupSummary]]
    diversity_section: DiversitySection | None
    unavailable: Mapping[str, str]
    metric_signatures: Mapping[str, str]
    notes: Mapping[str, str]
    captioner: Mapping[str, Any] | None = None
    not_finite: Mapping[str, str] | None = None
    details: tuple[CaptionResult, ...] = field(default=(), compare=False, repr=False)

    @classmethod
    def from_json(cls, document: Mapping[str, Any], details: Sequence[CaptionResult] = ()) -> "Report":
        """The record of a report's JSON document (``details``: its per-caption results, if known)."""
        check_fields(document, _REPORT_FIELDS, _REPORT_OPTIONAL, "a GTD report")
        section = document["diversity_section"]
        return cls(
            signature=document["signature"], dataset=document["dataset"], split=document["split"],
            parser=document["parser"], images=document["images"], captions=document["captions"],
            missing_images=document["missing_images"], warnings=tuple(document["warnings"]),
            scores=dict(document["scores"]), intervals=_intervals(document["intervals"]),
            counts=Counts.from_json(document["counts"]), reasons=dict(document["reasons"]),
            breakdown={axis: {key: GroupSummary.from_json(group) for key, group in groups.items()}
                       for axis, groups in document["breakdown"].items()},
            diversity_section=None if section is None else DiversitySection.from_json(section),
            unavailable=dict(document["unavailable"]), metric_signatures=dict(document["metric_signatures"]),
            notes=dict(document["notes"]), captioner=document.get("captioner"),
            not_finite=document.get("not_finite"), details=tuple(details))

    def to_json(self) -> dict[str, Any]:
        """The report's JSON document (without the details), as ``report.json`` holds it."""
        out: dict[str, Any] = {
            "signature": self.signature, "warnings": list(self.warnings), "dataset": self.dataset,
            "split": self.split, "parser": self.parser, "images": self.images, "captions": self.captions,
            "missing_images": self.missing_images, "scores": dict(self.scores), "intervals": _listed(self.intervals),
            "counts": self.counts.to_json(), "reasons": dict(self.reasons),
            "breakdown": {axis: {key: group.to_json() for key, group in groups.items()}
                          for axis, groups in self.breakdown.items()},
            "diversity_section": None if self.diversity_section is None else self.diversity_section.to_json(),
            "unavailable": dict(self.unavailable), "metric_signatures": dict(self.metric_signatures),
            "notes": dict(self.notes)}
        if self.captioner is not None:
            out["captioner"] = self.captioner
        if self.not_finite is not None:
            out["not_finite"] = dict(self.not_finite)
        return out

    def score(self, key: str) -> Score:
        """The overall score ``key`` with its interval."""
        return Score(key, self.scores.get(key), self.intervals.get(key))

    def __getitem__(self, key: str) -> Any:
        """A field of the report as its JSON document has it (``report["scores"]``), or the details."""
        if key == "details":
            return list(self.details)
        return self.to_json()[key]


_PAIRED_FIELDS = ("a", "b", "difference", "interval", "p")


@dataclass(frozen=True, slots=True)
class PairedScore:
    """One score of two caption sets on the same images: A, B, B − A with its 95% interval, and
    the paired bootstrap p-value (None throughout where the score is undefined)."""

    a: float | None
    b: float | None
    difference: float | None
    interval: Interval | None
    p: float | None

    @classmethod
    def from_json(cls, document: Mapping[str, Any]) -> "PairedScore":
        check_fields(document, _PAIRED_FIELDS, (), "a paired score")
        return cls(document["a"], document["b"], document["difference"], _interval(document["interval"]),
                   document["p"])

    def to_json(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "difference": self.difference,
                "interval": None if self.interval is None else list(self.interval), "p": self.p}


_COMPARISON_FIELDS = ("signature", "a", "b", "images", "scores", "alpha")


@dataclass(frozen=True, slots=True)
class Comparison:
    """``compare``'s result: which caption sets (A, B), on how many images, each score paired, and
    the level below which a difference is marked."""

    signature: str
    a: str
    b: str
    images: int
    scores: Mapping[str, PairedScore]
    alpha: float
    not_finite: Mapping[str, str] | None = None

    @classmethod
    def from_json(cls, document: Mapping[str, Any]) -> "Comparison":
        check_fields(document, _COMPARISON_FIELDS, ("not_finite",), "a comparison")
        return cls(document["signature"], document["a"], document["b"], document["images"],
                   {key: PairedScore.from_json(s) for key, s in document["scores"].items()}, document["alpha"],
                   document.get("not_finite"))

    def to_json(self) -> dict[str, Any]:
        out = {"signature": self.signature, "a": self.a, "b": self.b, "images": self.images,
               "scores": {key: s.to_json() for key, s in self.scores.items()}, "alpha": self.alpha}
        if self.not_finite is not None:
            out["not_finite"] = dict(self.not_finite)
        return out
