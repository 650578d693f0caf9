"""The evaluator's scoring step: verdicts per caption, GTD and SPICE* summaries, surface metrics.

Input: the analysed images (:mod:`.analysis`) and the captions grouped per image; output: a
:class:`Scored` with one :class:`CaptionResult` per caption and every catalogue score.  The
surface metrics come through :func:`~shapeworldice.metrics.score_all`, the per-caption measures
through their interface (:mod:`.measures`, registered in :mod:`.registry`).
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, MutableMapping, Sequence

from ...interpret import verdict
from ...metrics import MetricResult, get_metric, score_all
from ...metrics.base import ItemStatistics
from ...metrics.registry import metrics as registered_metrics
from ...reasons import CODES
from .analysis import Analysis, ImageRecord
from .columns import ScoreColumns
from .measures import CaptionContext, CaptionMeasure
from .registry import caption_measures

__all__ = ["AXES", "CaptionResult", "Scored", "score_captions", "summary", "breakdowns", "group_key",
           "grouped_results", "reason_counts", "tuple_f1"]


@dataclass(slots=True)
class CaptionResult:
    """One output caption's verdicts and per-caption scores (slots: a file of 200,000 captions
    holds 200,000 of them)."""

    image_id: str
    caption: str
    grammatical: bool
    truth: str | None  # true | false | ambiguous | uninterpretable | None (ungrammatical)
    construction: str | None
    #: the kind of sentence (``analysis.sentence_kind``); the details' and breakdown's ``family``
    sentence_kind: str | None
    quantifier_range: str | None
    relation: str | None
    heldout: bool
    spice: float | None = None
    scores: MutableMapping[str, float | None] = field(default_factory=dict)
    reason: str = "ok"  # the verdict's reason code (shapeworldice.reasons.CODES)
    reason_detail: str = ""
    #: (logical form, verdict) of each claim, None without an interpretation (the texts are shared
    #: between captions of one reading; :attr:`claims` gives the records details.jsonl writes)
    claim_pairs: tuple[tuple[str, str], ...] | None = None
    hallucinated: tuple[str, ...] | None = None  # object mentions no entity of the world fits
    #: each weighted catalogue measure's weight (its ``weight`` hook), for ratio-of-sums scores
    weights: MutableMapping[str, float | None] = field(default_factory=dict)

    @property
    def claims(self) -> list[dict[str, str]] | None:
        """``[{"text": logical form, "truth": verdict}]``, None without an interpretation."""
        return None if self.claim_pairs is None else [{"text": t, "truth": v} for t, v in self.claim_pairs]

    @property
    def hallucinated_objects(self) -> list[str] | None:
        return None if self.hallucinated is None else list(self.hallucinated)

    def to_dict(self) -> dict[str, Any]:
        return {"image_id": self.image_id, "caption": self.caption, "grammatical": self.grammatical,
                "truth": self.truth, "construction": self.construction, "family": self.sentence_kind,
                "quantifier_range": self.quantifier_range, "relation": self.relation, "heldout": self.heldout,
                "reason": self.reason, "reason_detail": self.reason_detail, "claims": self.claims,
                "hallucinated_objects": self.hallucinated_objects, "scores": {"spice": self.spice, **self.scores}}

    @classmethod
    def from_json(cls, document: Mapping[str, Any]) -> "CaptionResult":
        """The result of one line of details.jsonl (its weights are not written, so not known)."""
        scores = dict(document["scores"])
        claims, hallucinated = document["claims"], document["hallucinated_objects"]
        return cls(document["image_id"], document["caption"], document["grammatical"], document["truth"],
                   document["construction"], document["family"], document["quantifier_range"],
                   document["relation"], document["heldout"], spice=scores.pop("spice"), scores=scores,
                   reason=document["reason"], reason_detail=document["reason_detail"],
                   claim_pairs=None if claims is None else tuple((c["text"], c["truth"]) for c in claims),
                   hallucinated=None if hallucinated is None else tuple(hallucinated))


def tuple_f1(candidate: frozenset, reference: set) -> float:
    """SPICE's definition: F1 of a caption's scene-graph tuples against the references' union."""
    if not candidate or not reference:
        return 0.0
    matched = len(candidate & reference)
    if not matched:
        return 0.0
    precision, recall = matched / len(candidate), matched / len(reference)
    return 2 * precision * recall / (precision + recall)


def _ratio(numerator: float, denominator: float) -> float | None:
    return numerator / denominator if denominator else None


def reason_counts(results: Sequence[CaptionResult]) -> dict[str, int]:
    """How many captions have each reason code (every code, zeros included, in decision order)."""
    counted = Counter(r.reason for r in results)
    return {code: counted[code] for code in (*CODES, *sorted(set(counted) - set(CODES)))}


def summary(results: Sequence[CaptionResult], reference_constructions: set[str]) -> dict[str, Any]:
    """G, T, T|G, coverage, D, the verdict counts and the reason counts of a group of captions."""
    n = len(results)
    grammatical = sum(r.grammatical for r in results)
    truths = Counter(r.truth for r in results if r.grammatical)
    constructions = {r.construction for r in results if r.construction is not None}
    return {
        "captions": n,
        "grammaticality": _ratio(grammatical, n),
        "truthfulness": _ratio(truths["true"], n),
        "truthfulness_grammatical": _ratio(truths["true"], grammatical),
        # the share of grammatical captions whose truth the world decides (true, false or ambiguous)
        "coverage": _ratio(grammatical - truths["uninterpretable"], grammatical),
        "diversity": _ratio(len(constructions), len(reference_constructions)),
        "reasons": reason_counts(results),
        "counts": {"grammatical": grammatical, "true": truths["true"], "false": truths["false"],
                   "ambiguous": truths["ambiguous"], "uninterpretable": truths["uninterpretable"],
                   "constructions_output": len(constructions),
                   "constructions_references": len(reference_constructions)},
        # per-caption measures (informativeness, claims) in every group too
        **aggregates(results),
    }


def breakdowns(results: list[CaptionResult], reference_constructions: Mapping[tuple[str, str], set[str]]
               ) -> dict[str, Any]:
    """G, T, D per sentence kind, quantifier range, relation and seen/held-out; D of a group compares its
    constructions with those of the references in the same group."""
    return {axis: {key: summary(members, reference_constructions.get((axis, key), set()))
                   for key, members in groups.items()} for axis, groups in grouped_results(results).items()}


#: the breakdown axes, named as the report names them (``family``: the caption's sentence kind)
AXES = ("family", "quantifier_range", "relation", "heldout")


def group_key(result: CaptionResult, axis: str) -> str:
    """The breakdown group of a caption along ``axis``."""
    if axis == "heldout":
        return "held-out" if result.heldout else "seen"
    found = {"family": result.sentence_kind, "quantifier_range": result.quantifier_range,
             "relation": result.relation}[axis]
    return found or ("ungrammatical" if not result.grammatical else "none")


def grouped_results(results: Sequence[CaptionResult]) -> dict[str, dict[str, list[CaptionResult]]]:
    """axis → group key (sorted) → the captions in that group."""
    out: dict[str, dict[str, list[CaptionResult]]] = {}
    for axis in AXES:
        groups: dict[str, list[CaptionResult]] = defaultdict(list)
        for r in results:
            groups[group_key(r, axis)].append(r)
        out[axis] = dict(sorted(groups.items()))
    return out


@dataclass
class Scored:
    """The scoring step's outcome: per-caption results, summaries and surface-metric results."""

    results: list[CaptionResult]
    image_order: list[str]
    reference_constructions: dict[tuple[str, str], set[str]]
    overall: dict[str, Any]
    metrics: dict[str, MetricResult]
    scores: dict[str, float | None]
    #: each image's kept references (their construction and breakdown keys), for the intervals
    image_references: dict[str, list[Any]] = field(default_factory=dict)
    #: the surface metrics' per-caption sufficient statistics, by result name (their intervals)
    statistics: dict[str, ItemStatistics] = field(default_factory=dict)


def _attach_per_caption(results: list[CaptionResult], metrics: Mapping[str, MetricResult],
                        image_order: list[str]) -> None:
    position = {image_id: k for k, image_id in enumerate(image_order)}
    for name, result in metrics.items():
        if result.per_image is None:
            continue
        per_caption = result.extra.get("per_caption")
        if per_caption is not None:
            flat = [v for values in per_caption for v in values]
            for r, value in zip(results, flat):
                r.scores[name] = value
        else:
            for r in results:
                r.scores[name] = result.per_image[position[r.image_id]]


def weight_of(result: Any, key: str) -> float:
    """A caption's weight in measure ``key``'s score (1 unless the measure weighs its captions)."""
    weights = getattr(result, "weights", None)
    weight = None if weights is None else weights.get(key)
    return 1.0 if weight is None else weight


def aggregates(results: Sequence[CaptionResult], measures: Sequence[CaptionMeasure] | None = None
               ) -> dict[str, float | None]:
    """Every per-caption measure's score over ``results`` (the registered measures by default)."""
    return {key: m.aggregate(key, [r.scores.get(key) for r in results], [weight_of(r, key) for r in results])
            for m in (caption_measures() if measures is None else measures) for key in m.keys}


def score_captions(images: Sequence[ImageRecord], grouped: Mapping[str, Sequence[str]],
                   excluded: Mapping[str, Any], analyse: Callable[[str], Analysis], include_meteor: bool = False,
                   tick: Callable[[int], Any] | None = None, stage: Callable[[str], Any] | None = None,
                   measures: Sequence[CaptionMeasure] | None = None) -> Scored:
    """Verdicts and scores of the captions ``grouped`` by image id (references in ``excluded``
    left out of their image's set); ``measures``: the per-caption measures, prepared (the
    registered ones, unprepared, by default); ``tick(n)`` is told of every n captions analysed and
    ``stage(text)`` when the surface metrics start (for progress bars)."""
    measures = caption_measures() if measures is None else measures
    results: list[CaptionResult] = []
    reference_constructions: dict[tuple[str, str], set[str]] = defaultdict(set)
    candidates, references, image_order = [], [], []
    image_references: dict[str, list[Any]] = {}
    score_columns, weight_columns = ScoreColumns(), ScoreColumns()  # per-caption scores, by column
    for image in images:
        if image.id not in grouped:
            continue
        keep = [k for k in range(len(image.captions)) if k not in excluded.get(image.id, ())]
        kept = [image.references[k] for k in keep]
        image_references[image.id] = kept
        ref_tuples: set = set().union(*(r.tuples for r in kept))
        seen = ("heldout", "held-out" if image.heldout else "seen")
        for ref in kept:
            for axis_key in (("*", "*"), seen, *ref.axes):
                reference_constructions[axis_key].add(ref.construction)
        for caption in grouped[image.id]:
            a = analyse(caption)
            label = verdict(a.interpretation, image.world) if a.grammatical else None
            result = CaptionResult(image.id, caption, a.grammatical, label, a.construction, a.sentence_kind,
                                   a.quantifier_range, a.relation, image.heldout, spice=tuple_f1(a.tuples, ref_tuples),
                                   scores=score_columns.row(), reason=a.reason, reason_detail=a.reason_detail,
                                   weights=weight_columns.row())
            context = CaptionContext(a, image, kept, label)
            for m in measures:
                values = m.score(context) if a.grammatical else {}
                for key in m.keys:
                    result.scores[key] = values.get(key)
                    if key in m.weighted:
                        result.weights[key] = m.weight(key, context) if a.grammatical else 0.0
            if a.interpretation is not None:
                found = context.claims
                assert found is not None
                result.claim_pairs, result.hallucinated = found.claims, found.hallucinated
            results.append(result)
        if tick is not None:
            tick(len(grouped[image.id]))
        candidates.append(list(grouped[image.id]))
        references.append([image.captions[k] for k in keep])
        image_order.append(image.id)

    if stage is not None:
        stage("surface metrics" + (" and METEOR (Java)" if include_meteor else ""))
    metrics = score_all(candidates, references, include_meteor=include_meteor)
    _attach_per_caption(results, metrics, image_order)
    overall = summary(results, reference_constructions["*", "*"])
    scores: dict[str, float | None] = {
        k: overall[k] for k in ("grammaticality", "truthfulness", "truthfulness_grammatical", "coverage",
                                "diversity")}
    for name, outcome in metrics.items():
        scores[name] = outcome.score
    scores["spice"] = sum(r.spice or 0.0 for r in results) / len(results) if results else None
    scores.update(aggregates(results, measures))
    return Scored(results, image_order, dict(reference_constructions), overall, metrics, scores, image_references,
                  metric_statistics(metrics))


def metric_statistics(metrics: Mapping[str, MetricResult]) -> dict[str, ItemStatistics]:
    """The sufficient statistics of every surface metric that has them, once per registered metric
    (as the metric computed them: the corpus is not tokenised twice)."""
    out: dict[str, ItemStatistics] = {}
    for metric_name in registered_metrics():
        metric = get_metric(metric_name)
        first = next((metrics[name] for name in metric.result_names if name in metrics), None)
        found = None if first is None else metric.statistics(first)
        if found is not None:
            out[metric_name] = found
    return out
