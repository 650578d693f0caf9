"""Metric robustness to pathological caption transformations (Cui et al., CVPR 2018).

Start from human captions — the ``references`` baseline: one seeded reference per image,
excluded from that image's reference set — and damage them with a transformation of strength
γ ∈ [0, 1] (:mod:`.transforms`):

* ``shuffled`` ("random caption"): with probability γ the caption is replaced by a reference
  of *another* image (the pool of image i is every reference of every other image);
* ``permuted`` ("word permutation"): a share γ of the word positions is shuffled;
* ``random-words``: each word is replaced with probability γ by a random vocabulary word
  (vocabulary: the words of the split's references).

Every metric of the catalogue's ``robustness`` view — G, T, BLEU-1, BLEU-4, ROUGE-L, CIDEr-D,
SPICE* (the report's ``spice``: tuple F1 from the grammar's semantics) and METEOR on request —
is computed at ``steps`` values of γ
(``linspace(0, 1, steps)``) and *normalised by its value at γ = 0*, so the untransformed human
caption scores 1 for every metric (a metric whose γ = 0 value is 0 or unavailable has ``null``
normalised values and area).  The numbers are exactly those :meth:`Evaluator.evaluate` reports
for the same caption file (tested); only the work is organised for speed: one
:class:`~shapeworldice.evaluation.core.gtd.Evaluator` (and its parse cache) for every step, and
the metrics called directly on one prepared corpus per step instead of the full report.

Convention — area and drop.  ``areas[transform][metric]`` is the area under the normalised
score-vs-γ curve (trapezoid rule over γ ∈ [0, 1]); a metric unaffected by a transformation
has area 1 (more than 1 if the transformation *raises* it), a metric that falls to 0 as soon
as the caption is touched has area ≈ 0.  Cui et al. call a metric robust when it *drops* under
a transformation that should destroy a caption's quality (a fluent caption of another image,
a scrambled word order, random words): the robust metric has a *small* area, i.e. a large
``drops[transform][metric] = 1 − area``.  GTD should be: G collapses under ``permuted`` and
``random-words``, T under all three, while BLEU/CIDEr-D keep much of their score under
``shuffled`` (fluent captions of other scenes share most n-grams with the references).
"""
from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any, overload

import numpy as np

from ...errors import UserError
from .limits import MAX_STEPS, check_count
from ...interpret import verdict
from ...metrics import Meteor, PreparedCorpus, catalogue, java_available, registry
from ...parsing import Parser
from .baselines import baseline
from .records import RobustnessResult
from ..core.gtd import Evaluator, gtd_signature, tuple_f1
from ..io.outputs import csv_cell, pyplot, save_figure, write_bundle
from ...progress import bar as progress_bar
from .transforms import TRANSFORMS, transform, vocabulary

__all__ = ["metrics", "robustness", "robustness_table", "score_step", "write_robustness"]


def metrics(include_meteor: bool = False) -> list[str]:
    """The measures on every curve: the catalogue's ``robustness`` view (METEOR only on request)."""
    return [m.key for m in catalogue.in_view("robustness", include_meteor)]


class _OtherReferences(Sequence[str]):
    """Every reference of every image except image ``i``, without materialising the list
    (``shuffled``'s pool: 36,864 captions per image on a 4,096-image split)."""

    def __init__(self, captions: Sequence[Sequence[str]], offsets: list[int], i: int):
        self.captions, self.offsets, self.i = captions, offsets, i
        self.skip_start = offsets[i]
        self.skip = offsets[i + 1] - offsets[i]

    def __len__(self) -> int:
        return self.offsets[-1] - self.skip

    @overload
    def __getitem__(self, k: int) -> str: ...

    @overload
    def __getitem__(self, k: slice) -> list[str]: ...

    def __getitem__(self, k: int | slice) -> str | list[str]:
        if isinstance(k, slice):
            return [self[j] for j in range(*k.indices(len(self)))]
        if not 0 <= k < len(self):
            raise IndexError(k)
        if k >= self.skip_start:
            k += self.skip
        image = bisect.bisect_right(self.offsets, k) - 1
        return self.captions[image][k - self.offsets[image]]


class _Base:
    """The ``references`` baseline of a split, prepared once for all steps."""

    def __init__(self, evaluator: Evaluator, seed: int):
        if min(evaluator.reference_counts.values(), default=0) < 2:
            raise UserError(f"robustness needs at least 2 references per image; split {evaluator.data.split!r} "
                            "has fewer (use the validation or test split)")
        entries = baseline(evaluator.data, "references", seed=seed)
        by_id = {e["image_id"]: e for e in entries}
        self.images = [im for im in evaluator.images if im.id in by_id]
        self.ids = [im.id for im in self.images]
        self.picks = [int(by_id[im.id]["reference_index"]) for im in self.images]
        self.captions = [by_id[im.id]["caption"] for im in self.images]
        self.references = [[c for k, c in enumerate(im.captions) if k != p] for im, p in zip(self.images, self.picks)]
        self.ref_tuples = [set().union(*(t for k, t in enumerate(im.tuples) if k != p))
                           for im, p in zip(self.images, self.picks)]
        all_captions = [im.captions for im in self.images]
        offsets = [0]
        for caps in all_captions:
            offsets.append(offsets[-1] + len(caps))
        self.others = [_OtherReferences(all_captions, offsets, i) for i in range(len(self.images))]
        self.vocab = vocabulary([c for caps in all_captions for c in caps])

    def entries(self, captions: Sequence[str]) -> list[dict[str, Any]]:
        """The step's captions as the COCO-results entries :meth:`Evaluator.evaluate` takes."""
        return [{"image_id": i, "caption": c, "reference_index": p} for i, c, p in zip(self.ids, captions, self.picks)]


def score_step(evaluator: Evaluator, base: _Base, captions: Sequence[str], include_meteor: bool = False,
               meteor: Meteor | None = None, memo: dict | None = None
               ) -> tuple[dict[str, float | None], dict[str, str]]:
    """The scores :meth:`Evaluator.evaluate` gives one caption per image (``captions[i]`` for
    ``base.images[i]``, its baseline reference excluded), computed directly: G, T and SPICE from
    the evaluator's analyser (parse cache), the surface metrics on one prepared corpus.
    ``memo`` (a dict the caller keeps across steps) remembers each (image, caption)'s verdicts:
    captions a step leaves untouched are not analysed and evaluated again.

    Returns (scores, unavailable reasons)."""
    n = len(captions)
    grammatical = true = 0
    spice = 0.0
    analyse = evaluator.analyse
    memo = {} if memo is None else memo
    for i, (image, caption, ref_tuples) in enumerate(zip(base.images, captions, base.ref_tuples)):
        verdicts = memo.get((i, caption))
        if verdicts is None:
            a = analyse(caption)
            verdicts = (a.grammatical, a.grammatical and verdict(a.interpretation, image.world) == "true",
                        tuple_f1(a.tuples, ref_tuples))
            memo[(i, caption)] = verdicts
        grammatical += verdicts[0]
        true += verdicts[1]
        spice += verdicts[2]
    scores: dict[str, float | None] = {
        "grammaticality": grammatical / n if n else None,
        "truthfulness": true / n if n else None,
        "spice": spice / n if n else None,
    }
    unavailable: dict[str, str] = {}
    corpus = PreparedCorpus([[c] for c in captions], base.references)
    results = {}
    wanted = metrics(include_meteor)
    on_request = registry.on_request()
    for metric_name, cls in registry.metrics().items():
        if metric_name in on_request and not include_meteor:
            continue
        if not any(catalogue.measure(k).metric == metric_name for k in wanted):
            continue
        metric = (meteor or Meteor()) if cls is Meteor else cls()
        results.update(metric.compute_prepared(corpus))
    for name in wanted:
        if name in results:
            scores[name] = results[name].score
            reason = results[name].unavailable
            if reason:
                unavailable[name] = reason
    return scores, unavailable


def _trapezoid(xs: Sequence[float], ys: Sequence[float | None]) -> float | None:
    values = [y for y in ys if y is not None]
    if len(values) != len(ys):
        return None
    return float(sum((xs[k + 1] - xs[k]) * (values[k] + values[k + 1]) / 2 for k in range(len(xs) - 1)))


def _normalise(values: Sequence[float | None]) -> list[float | None]:
    first = values[0]
    if first is None or first == 0 or not math.isfinite(first):
        return [None] * len(values)
    return [None if v is None else v / first for v in values]


def robustness(directory: str | Path, split: str = "test", transforms: Sequence[str] = TRANSFORMS,
               steps: int = 11, seed: int = 0, include_meteor: bool = False, parser: str | Parser = "builtin",
               evaluator: Evaluator | None = None, progress: bool = False) -> RobustnessResult:
    """Normalised score-vs-γ curves and their areas for every metric and transformation.

    ``evaluator`` (optional) is reused, with its parse cache, instead of loading ``directory``
    again; ``progress`` shows a bar on stderr (when it is a terminal).  Returns the
    :class:`~.records.RobustnessResult` (curves, areas, drops and raw scores by transformation
    and metric); values are None where a metric is unavailable or its γ = 0 value is 0.
    """
    transforms = tuple(transforms)
    unknown = [t for t in transforms if t not in TRANSFORMS]
    if unknown or not transforms:
        raise UserError(f"unknown transformation {', '.join(unknown) or '(none given)'!s} "
                        f"(expected one or more of {', '.join(TRANSFORMS)})")
    if len(set(transforms)) != len(transforms):
        raise UserError("a transformation is named twice")
    check_count("steps", steps, 2, MAX_STEPS)  # at least γ = 0 and γ = 1
    if evaluator is None:
        if directory is None:
            raise UserError("robustness needs a dataset directory or an evaluator")
        evaluator = Evaluator(directory, split, parser)
    base = _Base(evaluator, seed)
    if not base.images:
        raise UserError(f"split {evaluator.data.split} of {evaluator.data.name} has no images")
    meteor_on = bool(include_meteor)
    unavailable: dict[str, str] = {}
    if meteor_on and not java_available():
        meteor_on = False
        unavailable["meteor"] = "java not found"
    meteor = Meteor() if meteor_on else None
    shown = metrics(include_meteor)
    gammas = [float(g) for g in np.linspace(0.0, 1.0, steps)]

    # γ = 0 is the identity for every transformation: scored once, shared by all curves
    memo: dict = {}
    raw: dict[str, dict[str, list[float | None]]] = {}
    with progress_bar(1 + len(transforms) * (steps - 1), "robustness", progress, unit="step") as bar:
        zero, why = score_step(evaluator, base, base.captions, meteor_on, meteor, memo)
        bar.update(1)
        unavailable.update(why)
        for t in transforms:
            columns: dict[str, list[float | None]] = {m: [zero.get(m)] for m in shown}
            for s, gamma in enumerate(gammas[1:], start=1):
                rng = np.random.default_rng([seed, 1 + TRANSFORMS.index(t), s])
                captions = transform(t, base.captions, base.others, gamma, rng, base.vocab)
                scores, why = score_step(evaluator, base, captions, meteor_on, meteor, memo)
                bar.update(1)
                unavailable.update(why)
                for m in shown:
                    columns[m].append(scores.get(m))
            raw[t] = columns
    curves = {t: {m: _normalise(v) for m, v in cols.items()} for t, cols in raw.items()}
    areas = {t: {m: _trapezoid(gammas, v) for m, v in cols.items()} for t, cols in curves.items()}
    drops = {t: {m: None if a is None else 1.0 - a for m, a in cols.items()} for t, cols in areas.items()}
    signature = (gtd_signature(evaluator.data, evaluator.parser)
                 + f"|robustness:{','.join(transforms)}|steps:{steps}|rseed:{seed}")
    return RobustnessResult.from_json({
        "signature": signature,
        "dataset": evaluator.data.name,
        "split": evaluator.data.split,
        "steps": steps,
        "seed": seed,
        "images": len(base.images),
        "gammas": gammas,
        "metrics": shown,
        "curves": curves,
        "areas": areas,
        "drops": drops,
        "raw": raw,
        "unavailable": unavailable,
        "convention": "curves: score / score at gamma 0 (untransformed human caption = 1); area: trapezoid "
                      "area under the normalised curve over gamma in [0, 1]; drop = 1 - area. A metric robust "
                      "to a pathological transformation (Cui et al.) drops: small area, large drop.",
    })


#: What a table's numbers are, in the words every output uses (terminal, plot title, quickstart).
MEANING = {"areas": "area under the normalised score, γ = 0…1 (small area = the metric notices the damage)",
           "drops": "drop = 1 − area (large drop = the metric notices the damage)"}


def robustness_table(result: RobustnessResult, value: str = "areas") -> str:
    """The area (or drop) table as text: a line saying what the numbers are, then one row per
    metric and one column per transformation."""
    shown = result.areas if value == "areas" else result.drops
    transforms = list(shown)
    width = max(len(catalogue.label(m)) for m in result.metrics) + 2
    lines = [MEANING[value].capitalize() + ":", " " * width + "".join(f"{t:>14}" for t in transforms)]
    for m in result.metrics:
        cells = []
        for t in transforms:
            v = shown[t].get(m)
            cells.append(f"{'n/a' if v is None else f'{v:.3f}':>14}")
        lines.append(f"{catalogue.label(m):<{width}}" + "".join(cells))
    return "\n".join(lines)


def plot_robustness(result: RobustnessResult, stem: Path) -> list[Path]:
    """One panel per transformation: normalised score vs γ per metric (area in the legend)."""
    plt = pyplot()
    transforms = list(result.curves)
    gammas = result.gammas
    fig, axes = plt.subplots(1, len(transforms), figsize=(4.2 * len(transforms) + 0.6, 4.2),
                             constrained_layout=True, squeeze=False, sharey=True)
    top = 1.05
    for axis, t in zip(axes[0], transforms):
        for m in result.metrics:
            values = result.curves[t][m]
            if all(v is None for v in values):
                continue
            area = result.areas[t][m]
            top = max(top, *(v for v in values if v is not None))
            label = f"{catalogue.label(m)} ({'n/a' if area is None else f'{area:.2f}'})"
            style = catalogue.measure(m).style if m in catalogue.keys() else "-"
            axis.plot(gammas, [np.nan if v is None else v for v in values], style, label=label,
                      markersize=4, linewidth=1.4 if m in ("grammaticality", "truthfulness") else 1.0)
        axis.set_title(f"{t}")
        axis.set_xlabel("strength γ")
        axis.set_xlim(0, 1)
        axis.grid(alpha=0.3)
        axis.legend(loc="best", fontsize=7, title="metric (area)", title_fontsize=7)
    axes[0][0].set_ylabel("score / score at γ = 0")
    axes[0][0].set_ylim(-0.02, top + 0.03)
    fig.suptitle(f"{result.dataset} ({result.split}, {result.images} images): robustness to "
                 "pathological transformations — small area = the metric notices the damage", fontsize=9)
    return save_figure(fig, stem)


def write_robustness(result: RobustnessResult, prefix: str | Path) -> list[Path]:
    """PREFIX.json (the result), PREFIX.csv (one row per transformation, metric and γ: raw and
    normalised value, and the curve's area and drop), PREFIX.png and PREFIX.svg (the curves)."""
    rows = [[t, m, repr(gamma), csv_cell(v), csv_cell(nv), csv_cell(result.areas[t][m]), csv_cell(result.drops[t][m])]
            for t, cols in result.raw.items() for m, values in cols.items()
            for gamma, v, nv in zip(result.gammas, values, result.curves[t][m])]
    return write_bundle(result.to_json(), prefix, ["transform", "metric", "gamma", "raw", "normalised", "area", "drop"],
                        rows, lambda stem: plot_robustness(result, stem))
