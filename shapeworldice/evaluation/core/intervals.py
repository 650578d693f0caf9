"""Bootstrap intervals for every score, and the paired bootstrap test between two caption sets.

A score is read as a difference between models only with its uncertainty. The unit of
resampling is the *image* (its captions stay together): a draw picks n images with replacement,
which is a vector of multiplicities ``w``; every score is recomputed from per-image sufficient
statistics weighted by ``w``, so 1,000 draws cost a few matrix products, not 1,000 evaluations.

* ratio scores (G, T, T|G, coverage, I, I/ref, SPICE*, CIDEr-D, ROUGE-L, METEOR, BLEU per caption
  where no corpus form exists, claim precision, hallucination rate, object recall):
  ``Σ w·numerator / Σ w·denominator`` per image (a weighted measure's numerator and
  denominator are its captions' Σ weight·value and Σ weight);
* BLEU-1..4: pycocoevalcap's corpus formula on the drawn images' summed n-gram statistics.

The interval is the percentile interval (2.5th and 97.5th of the draws); the draws are seeded,
so the same inputs give the same interval, and the report's signature names draws and seed.
:func:`paired_test` resamples the *same* images for two caption sets of one build and gives a
two-sided p-value for their difference (Koehn's paired bootstrap, as sacrebleu computes it).

D is the exception. It counts *distinct* constructions, and a bootstrap draw holds only about
63% of the distinct images, so nearly every draw loses the rare constructions and the draws sit
below D (on 64 images, D 0.83 with every draw in 0.56–0.75). D's interval is the jackknife's:
D ± 1.96·se, with se from the n leave-one-image-out values (a construction is lost only when
the one image that has it is left out), and its paired test is the jackknife's normal test.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from ...metrics.base import ItemStatistics
from .registry import caption_measures
from .scoring import grouped_results, weight_of

__all__ = ["DRAWS", "LEVEL", "ImageTable", "image_table", "draw_weights", "score_draws", "intervals",
           "paired_test", "signature_field", "scored_table", "report_intervals"]

DRAWS = 1000
LEVEL = 0.95
#: the scores a breakdown group reports (besides the per-caption informativeness measures)
GROUP_SCORES = ("grammaticality", "truthfulness", "truthfulness_grammatical", "coverage", "diversity")
DECIDED = ("true", "false", "ambiguous")  # coverage: the world decides the caption (not uninterpretable)


@dataclass
class ImageTable:
    """Per-image sufficient statistics, one row per image in a fixed order."""

    images: list[str]
    ratios: dict[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)  # key → (numerator, denominator)
    constructions: tuple[np.ndarray, np.ndarray] | None = None  # (outputs, references): (n, K) booleans
    #: surface metrics' sufficient statistics summed per image (n, k), with the scores of their sums
    statistics: dict[str, tuple[np.ndarray, Callable[[np.ndarray], dict[str, np.ndarray]]]] = field(
        default_factory=dict)

    def __len__(self) -> int:
        return len(self.images)


def image_table(results: Sequence[Any], image_order: Sequence[str],
                reference_constructions: Mapping[str, Iterable[str]],
                statistics: Mapping[str, ItemStatistics] | None = None, caption_keys: Iterable[str] = ()
                ) -> ImageTable:
    """The table of a scored caption set: ``results`` are the per-caption records (image_id,
    grammatical, truth, construction, spice, scores), ``reference_constructions`` each image's
    references' construction keys, ``statistics`` the surface metrics' per-caption sufficient
    statistics (:meth:`~shapeworldice.metrics.base.Metric.statistics`), ``caption_keys`` the
    per-caption scores to average."""
    row = {image: i for i, image in enumerate(image_order)}
    n = len(image_order)
    table = ImageTable(list(image_order))

    def per_image(values: Iterable[tuple[str, float]]) -> np.ndarray:
        out = np.zeros(n)
        for image, value in values:
            out[row[image]] += value
        return out

    captions = per_image((r.image_id, 1.0) for r in results)
    grammatical = per_image((r.image_id, float(r.grammatical)) for r in results)
    true = per_image((r.image_id, float(r.truth == "true")) for r in results)
    decided = per_image((r.image_id, float(r.truth in DECIDED)) for r in results)
    table.ratios.update(grammaticality=(grammatical, captions), truthfulness=(true, captions),
                        truthfulness_grammatical=(true, grammatical), coverage=(decided, grammatical),
                        spice=(per_image((r.image_id, r.spice or 0.0) for r in results), captions))
    rows = np.fromiter((row[r.image_id] for r in results), np.intp, len(results))
    for key in caption_keys:  # a missing value counts 0, as the report's mean counts it; a weighted
        # measure (claim precision: weight = the caption's claims) is Σ weight·value / Σ weight
        value = np.fromiter((r.scores.get(key) or 0.0 for r in results), np.float64, len(results))
        weight = np.fromiter((weight_of(r, key) for r in results), np.float64, len(results))
        table.ratios[key] = (np.bincount(rows, weight * value, n), np.bincount(rows, weight, n))

    names = sorted({r.construction for r in results if r.construction is not None}
                   | {c for image in image_order for c in reference_constructions.get(image, ())})
    column = {name: k for k, name in enumerate(names)}
    outputs, references = np.zeros((n, len(names)), bool), np.zeros((n, len(names)), bool)
    for r in results:
        if r.construction is not None:
            outputs[row[r.image_id], column[r.construction]] = True
    for image in image_order:
        for c in reference_constructions.get(image, ()):
            references[row[image], column[c]] = True
    table.constructions = (outputs, references)

    for name, found in (statistics or {}).items():
        summed = np.zeros((n, found.values.shape[1]))
        np.add.at(summed, found.item_image, found.values)
        table.statistics[name] = (summed, found.score)
    return table


def draw_weights(n: int, draws: int = DRAWS, seed: int = 0) -> np.ndarray:
    """(draws, n) multiplicities of the images in each bootstrap draw (row sums = n); the first
    row is not special: the point estimate is computed from weights of one."""
    rng = np.random.default_rng([seed, n])
    picks = rng.integers(0, n, size=(draws, n)) if n else np.zeros((draws, 0), np.int64)
    flat = (np.arange(draws)[:, None] * n + picks).ravel()
    return np.bincount(flat, minlength=draws * n).reshape(draws, n).astype(np.float64)


def _divide(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(denominator > 0, numerator / np.where(denominator > 0, denominator, 1), np.nan)


def weighted_sums(weights: np.ndarray, values: np.ndarray) -> np.ndarray:
    """``weights @ values`` summed image by image in one fixed order. A matrix product's last
    bits depend on the kernel the linear-algebra library picks for the CPU; these sums are the
    same on every CPU, so a report's intervals are the same bytes everywhere."""
    out = np.zeros((weights.shape[0], values.shape[1]))
    for image in range(values.shape[0]):
        out += weights[:, image, None] * values[image]
    return out


def score_draws(table: ImageTable, weights: np.ndarray) -> dict[str, np.ndarray]:
    """Every score of ``table`` under each row of ``weights`` (NaN where a draw leaves it undefined)."""
    out: dict[str, np.ndarray] = {}
    keys = list(table.ratios)
    if keys:  # one product for every numerator and denominator (many small ones cost far more)
        stacked = np.column_stack([v for key in keys for v in table.ratios[key]])
        sums = weighted_sums(weights, stacked)
        for k, key in enumerate(keys):
            out[key] = _divide(sums[:, 2 * k], sums[:, 2 * k + 1])
    for summed, score in table.statistics.values():  # a metric with sufficient statistics: its own formula
        out.update(score(weighted_sums(weights, summed)))
    return out


def diversity(table: ImageTable) -> tuple[float, np.ndarray]:
    """D of all images, and the n values of D with one image left out (the jackknife's)."""
    if table.constructions is None:
        return float("nan"), np.full(len(table), np.nan)
    outputs, references = table.constructions
    count_out, count_ref = outputs.sum(axis=0), references.sum(axis=0)  # images per construction
    used, known = float((count_out > 0).sum()), float((count_ref > 0).sum())
    lost_out = (outputs & (count_out == 1)).sum(axis=1)  # constructions only this image has
    lost_ref = (references & (count_ref == 1)).sum(axis=1)
    full = used / known if known else float("nan")
    return full, _divide(used - lost_out.astype(np.float64), known - lost_ref.astype(np.float64))


def _jackknife_se(values: np.ndarray) -> float:
    finite = values[np.isfinite(values)]
    n = len(finite)
    return float(np.sqrt((n - 1) / n * np.sum((finite - finite.mean()) ** 2))) if n > 1 else float("nan")


Z = 1.959963984540054  # the standard normal's 97.5th percentile


def intervals(table: ImageTable, draws: int = DRAWS, seed: int = 0) -> dict[str, list[float] | None]:
    """The interval (LEVEL) of every score — percentile bootstrap, D by the jackknife; None
    where it is undefined (no draw defines the score, or D has no references)."""
    draws_of = score_draws(table, draw_weights(len(table), draws, seed))
    tail = 100 * (1 - LEVEL) / 2
    out: dict[str, list[float] | None] = {}
    for key, values in draws_of.items():
        finite = values[np.isfinite(values)]
        out[key] = None if not len(finite) else [float(np.percentile(finite, tail)),
                                                 float(np.percentile(finite, 100 - tail))]
    if table.constructions is not None:
        full, left_out = diversity(table)
        se = _jackknife_se(left_out)
        out["diversity"] = None if not np.isfinite(full) or not np.isfinite(se) else [full - Z * se, full + Z * se]
    return out


def paired_test(a: ImageTable, b: ImageTable, draws: int = DRAWS, seed: int = 0) -> dict[str, dict[str, Any]]:
    """Score by score, A, B, their difference B − A, its interval and a two-sided p-value.

    Both tables must cover the same images. The p-value is the share of draws whose centred
    difference is at least as large as the observed one: (1 + #{|dᵦ − mean d| ≥ |d|}) / (1 + draws).
    """
    if a.images != b.images:
        raise ValueError("a paired test needs the same images in the same order")
    ones = np.ones((1, len(a)))
    weights = draw_weights(len(a), draws, seed)
    point_a, point_b = score_draws(a, ones), score_draws(b, ones)
    draws_a, draws_b = score_draws(a, weights), score_draws(b, weights)
    tail = 100 * (1 - LEVEL) / 2
    out: dict[str, dict[str, Any]] = {}
    for key in point_a:
        if key not in point_b:
            continue
        va, vb = float(point_a[key][0]), float(point_b[key][0])
        diffs = draws_b[key] - draws_a[key]
        diffs = diffs[np.isfinite(diffs)]
        if not (np.isfinite(va) and np.isfinite(vb)) or not len(diffs):
            out[key] = {"a": None, "b": None, "difference": None, "interval": None, "p": None}
            continue
        observed = vb - va
        extreme = int(np.sum(np.abs(diffs - diffs.mean()) >= abs(observed) - 1e-12))
        out[key] = {"a": va, "b": vb, "difference": observed,
                    "interval": [float(np.percentile(diffs, tail)), float(np.percentile(diffs, 100 - tail))],
                    "p": (1 + extreme) / (1 + len(diffs))}
    if a.constructions is not None and b.constructions is not None:
        out["diversity"] = _paired_jackknife(a, b)
    return out


def _paired_jackknife(a: ImageTable, b: ImageTable) -> dict[str, Any]:
    """D's paired test: the jackknife's se of the difference, a normal two-sided p-value."""
    from scipy.stats import norm

    (da, left_a), (db, left_b) = diversity(a), diversity(b)
    if not (np.isfinite(da) and np.isfinite(db)):
        return {"a": None, "b": None, "difference": None, "interval": None, "p": None}
    observed = db - da
    se = _jackknife_se(left_b - left_a)
    if not np.isfinite(se):
        return {"a": da, "b": db, "difference": observed, "interval": None, "p": None}
    p = 1.0 if se == 0 and observed == 0 else (0.0 if se == 0 else float(2 * norm.sf(abs(observed) / se)))
    return {"a": da, "b": db, "difference": observed, "interval": [observed - Z * se, observed + Z * se], "p": p}


def signature_field(draws: int = DRAWS, seed: int = 0) -> str:
    """The signature's record of how intervals were made."""
    return f"boot:{draws}@{seed}:{int(LEVEL * 100)}%:images"


def _caption_keys(results: Sequence[Any]) -> list[str]:
    """Per-caption scores averaged into a report score: every key but BLEU (corpus formula) and
    the counts (``prior_unavailable``)."""
    keys = {k for r in results for k in r.scores}
    counted = {k for m in caption_measures() for k in m.counted}
    return sorted(k for k in keys if not k.startswith("bleu_") and k not in counted)


def scored_table(scored: Any, results: Sequence[Any] | None = None, axis_key: tuple[str, str] = ("*", "*")
                 ) -> ImageTable:
    """The table of a :class:`~.scoring.Scored` caption set, or of the captions ``results`` of one
    breakdown group (``axis_key``: then D counts the references of the same group, as the report
    does, and BLEU, which the breakdowns do not report, is left out)."""
    chosen = scored.results if results is None else results
    heldout = {r.image_id: r.heldout for r in chosen}
    order = [image for image in scored.image_order if image in heldout]
    refs = {image: [ref.construction for ref in scored.image_references.get(image, ())
                    if axis_key in (("*", "*"), ("heldout", "held-out" if heldout[image] else "seen"), *ref.axes)]
            for image in order}
    statistics = scored.statistics if results is None else None
    return image_table(chosen, order, refs, statistics, _caption_keys(chosen))


def report_intervals(scored: Any, draws: int = DRAWS, seed: int = 0) -> tuple[dict[str, Any], dict[str, Any]]:
    """(intervals of the overall scores, intervals per breakdown group) of a scored caption set."""
    overall = intervals(scored_table(scored), draws, seed) if scored.results else {}
    shown = set(GROUP_SCORES) | {k for m in caption_measures() for k in m.keys}  # what a breakdown group reports
    groups: dict[str, Any] = {}
    for axis, members_of in grouped_results(scored.results).items():
        groups[axis] = {}
        for key, members in members_of.items():
            found = intervals(scored_table(scored, members, (axis, key)), draws, seed)
            groups[axis][key] = {k: v for k, v in found.items() if k in shown}
    return overall, groups
