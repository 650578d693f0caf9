"""Reference-sample variance of the reference-based metrics (Zhu et al.).

A reference-based score depends on which references the dataset happens to hold. Two measures:

* **Consensus** — each reference of an image scored against the image's other references
  (leave-one-out) with BLEU-4 and CIDEr-D: per image the mean over its references, overall the
  mean over images (and the leave-one-out corpus score).  Low consensus = references that
  disagree with each other, so any single one is a noisy target.
* **Subset variance** — for every subset size k = 1 … P−1 (P = the image's reference pool: its
  references minus a caption's own ``reference_index``, so k = 1 … 9 with 10 references and
  1 … 8 for the ``references`` baseline) and ``draws`` seeded draws, each image keeps a random
  k-subset of its pool; the caption set is scored against those subsets (BLEU-1..4, ROUGE-L,
  CIDEr-D, SPICE tuple F1, as :meth:`Evaluator.evaluate` computes them) and each metric is
  reported as mean ± std over the draws (sample std, ddof = 1) with the relative std
  (std / mean).  The std must shrink as k grows; the relative std makes metrics on different
  scales comparable (Zhu et al. found CIDEr the most variable on real captions).

METEOR is measured only on request (``include_meteor``; one Java process per draw, slow).
The metrics are the measure catalogue's ``variance`` view.
"""
from __future__ import annotations

import copy
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ...errors import UserError
from .limits import MAX_VARIANCE_DRAWS, check_count
from ...metrics import Bleu, CiderD, Meteor, PreparedCorpus, catalogue, registry
from ...parsing import Parser
from ..core.gtd import Evaluator, caption_entries, gtd_signature
from ..io.inputs import excluded_references, group_by_image
from ..io.outputs import csv_cell, pyplot, save_figure, write_bundle
from .records import VarianceResult
from ...progress import bar as progress_bar

__all__ = ["metrics", "variance", "variance_table", "write_variance"]


def metrics(include_meteor: bool = False) -> list[str]:
    """The reference-based measures whose variance is measured: the catalogue's ``variance`` view."""
    return [m.key for m in catalogue.in_view("variance", include_meteor)]


def _subset_view(base: PreparedCorpus, chosen: np.ndarray) -> PreparedCorpus:
    """``base`` with image g's references cut down to its references ``chosen[g]`` (positions,
    shape (images, k)): shares the interned sentences and n-gram table, so a draw costs only
    the metrics themselves.  Equal to a fresh ``PreparedCorpus`` of the same captions (tested)."""
    view = copy.copy(base)
    for cached in ("pairs", "pair_starts"):  # functools.cached_property values of ``base``
        view.__dict__.pop(cached, None)
    n, k = chosen.shape
    rows = (base.ref_ptr[:-1][:, None] + chosen).reshape(-1)
    view.ref_sent = base.ref_sent[rows]
    view.ref_counts = np.full(n, k, dtype=np.int64)
    view.ref_ptr = np.arange(n + 1, dtype=np.int64) * k
    view.ref_image = np.repeat(np.arange(n, dtype=np.int64), k)
    return view


def _surface(corpus: PreparedCorpus, include_meteor: bool = False) -> dict[str, float | None]:
    """Every catalogue surface metric's corpus score (METEOR only on request)."""
    out: dict[str, float | None] = {}
    on_request = registry.on_request()
    for metric_name, cls in registry.metrics().items():
        if metric_name in on_request and not include_meteor:
            continue
        metric = Meteor() if cls is Meteor else cls()
        out.update({name: r.score for name, r in metric.compute_prepared(corpus).items()})
    return out


class _Spice:
    """SPICE tuple F1 against any subset of an image's references, with tuple sets as bit masks
    (one Python int per reference; a subset's tuple union is an OR)."""

    def __init__(self, cand_tuples: list[list[frozenset]], ref_tuples: list[list[frozenset]]):
        self.items: list[tuple[int, list[tuple[int, int]]]] = []  # (image, [(mask, size)])
        self.ref_masks: list[list[int]] = []
        for g, (cands, refs) in enumerate(zip(cand_tuples, ref_tuples)):
            universe: dict[Any, int] = {}
            masks = []
            for tuples in refs:
                mask = 0
                for t in tuples:
                    mask |= 1 << universe.setdefault(t, len(universe))
                masks.append(mask)
            self.ref_masks.append(masks)
            cand_masks = []
            for tuples in cands:
                mask = 0
                for t in tuples:
                    bit = universe.get(t)
                    if bit is not None:
                        mask |= 1 << bit
                cand_masks.append((mask, len(tuples)))
            self.items.append((g, cand_masks))
        self.n = sum(len(c) for _, c in self.items)

    def score(self, chosen: Sequence[Sequence[int]]) -> float | None:
        """Mean F1 over captions with ``chosen[g]`` (pool positions) as image g's references;
        the same arithmetic as the evaluator's ``tuple_f1``."""
        if not self.n:
            return None
        total = 0.0
        for (g, cands), picks in zip(self.items, chosen):
            masks = self.ref_masks[g]
            union = 0
            for k in picks:
                union |= masks[k]
            size = union.bit_count()
            for mask, length in cands:
                if not length or not size:
                    continue
                matched = (mask & union).bit_count()
                if matched:
                    precision, recall = matched / length, matched / size
                    total += 2 * precision * recall / (precision + recall)
        return total / self.n


def _consensus(evaluator: Evaluator) -> dict[str, Any]:
    """Leave-one-out BLEU-4 and CIDEr-D of every reference against its image's other references."""
    images = [im for im in evaluator.images if len(im.captions) >= 2]
    candidates, references, owner = [], [], []
    for g, im in enumerate(images):
        for k, caption in enumerate(im.captions):
            candidates.append([caption])
            references.append([c for j, c in enumerate(im.captions) if j != k])
            owner.append(g)
    out: dict[str, Any] = {"images": len(images)}
    if not images:
        return out
    corpus = PreparedCorpus(candidates, references)
    results = {**Bleu().compute_prepared(corpus), **CiderD().compute_prepared(corpus)}
    owner_a = np.asarray(owner)
    starts = np.flatnonzero(np.r_[True, owner_a[1:] != owner_a[:-1]])
    counts = np.diff(np.r_[starts, len(owner_a)])
    for name in ("bleu_4", "cider_d"):
        per_item = np.asarray(results[name].per_image, dtype=np.float64)
        per_image = np.add.reduceat(per_item, starts) / counts
        out[name] = {"mean": float(per_image.mean()), "std": float(per_image.std()),
                     "min": float(per_image.min()), "max": float(per_image.max()),
                     "corpus": results[name].score,
                     "per_image": {im.id: float(v) for im, v in zip(images, per_image.tolist())}}
    return out


def variance(directory: str | Path | None, captions: str | Path | Sequence[dict[str, Any]], split: str = "test",
             draws: int = 20, seed: int = 0, evaluator: Evaluator | None = None, parser: str | Parser = "builtin",
             allow_missing: bool = False, max_size: int | None = None, include_meteor: bool = False,
             progress: bool = False) -> VarianceResult:
    """Consensus and subset variance (see the module docstring) of a caption set.

    ``captions``: a caption file or COCO-results entries (``reference_index`` removes that
    reference from its image's pool, as in :meth:`Evaluator.evaluate`).  ``max_size`` caps the
    largest subset size (default: the smallest pool − 1).  ``include_meteor`` adds METEOR (one
    Java run per draw); ``progress`` shows a bar on stderr (when it is a terminal).  Returns the
    :class:`~.records.VarianceResult`: ``full`` (each metric with whole pools), ``subsets`` (each
    metric's :class:`~.records.SubsetSpread` over ``sizes``), ``summary``, ``most_variable`` and
    ``consensus``.
    """
    check_count("draws", draws, 2, MAX_VARIANCE_DRAWS)  # a standard deviation needs two
    if evaluator is None:
        if directory is None:
            raise UserError("variance needs a dataset directory or an evaluator")
        evaluator = Evaluator(directory, split, parser)
    source = str(captions) if isinstance(captions, (str, Path)) else "captions"
    entries = caption_entries(captions)
    grouped, missing = group_by_image(entries, evaluator.ids, allow_missing, source)
    excluded = excluded_references(entries, evaluator.reference_counts, source)
    images = [im for im in evaluator.images if im.id in grouped]
    cands = [list(grouped[im.id]) for im in images]
    pools = [[k for k in range(len(im.captions)) if k not in excluded.get(im.id, ())] for im in images]
    if not images:
        raise UserError(f"{source}: no captions for images of this split")
    smallest = min(len(p) for p in pools)
    if smallest < 2:
        raise UserError(f"{source}: every image needs at least 2 references besides an excluded one "
                        f"(found {smallest}); reference subsets cannot vary")
    top = smallest - 1 if max_size is None else min(int(max_size), smallest - 1)
    if top < 1:
        raise UserError(f"max_size must be at least 1, got {max_size}")
    sizes = list(range(1, top + 1))
    pool_text = [[im.captions[k] for k in p] for im, p in zip(images, pools)]
    pool_tuples = [[im.tuples[k] for k in p] for im, p in zip(images, pools)]
    analyse = evaluator.analyse
    spice = _Spice([[analyse(c).tuples for c in cs] for cs in cands], pool_tuples)

    base = PreparedCorpus(cands, pool_text)
    base.ngrams(4)  # the table of every sentence, shared by all draws
    shown = metrics(include_meteor)
    full = _surface(base, include_meteor)
    full["spice"] = spice.score([range(len(p)) for p in pools])
    n = len(images)
    width = max(len(p) for p in pools)
    lengths = np.asarray([len(p) for p in pools])
    invalid = np.arange(width)[None, :] >= lengths[:, None]
    scores: dict[str, list[list[float | None]]] = {m: [] for m in shown}
    with progress_bar(len(sizes) * draws, "variance", progress, unit="draw") as bar:
        for k in sizes:
            rng = np.random.default_rng([seed, k])
            per_draw: dict[str, list[float | None]] = {m: [] for m in shown}
            for _ in range(draws):
                keys = rng.random((n, width))
                keys[invalid] = 2.0
                chosen = np.sort(np.argsort(keys, axis=1, kind="stable")[:, :k], axis=1)
                values = _surface(_subset_view(base, chosen), include_meteor)
                values["spice"] = spice.score(chosen.tolist())
                for m in shown:
                    per_draw[m].append(values.get(m))
                bar.update(1)
            for m in shown:
                scores[m].append(per_draw[m])

    subsets: dict[str, dict[str, list]] = {}
    summary: dict[str, dict[str, float | None]] = {}
    for m in shown:
        means: list[float | None] = []
        stds: list[float | None] = []
        rels: list[float | None] = []
        for row in scores[m]:
            if any(v is None for v in row):
                means.append(None)
                stds.append(None)
                rels.append(None)
                continue
            arr = np.asarray(row, dtype=np.float64)
            mean, std = float(arr.mean()), float(arr.std(ddof=1))
            means.append(mean)
            stds.append(std)
            rels.append(std / mean if mean else None)
        subsets[m] = {"mean": means, "std": stds, "relative_std": rels, "scores": scores[m]}
        finite = [r for r in rels if r is not None]
        summary[m] = {"relative_std_smallest": rels[0], "relative_std_largest": rels[-1],
                      "relative_std_mean": float(np.mean(finite)) if finite else None,
                      "std_smallest": stds[0], "std_largest": stds[-1]}
    ranked = {m: rel for m in shown if (rel := summary[m]["relative_std_mean"]) is not None}
    most = max(ranked, key=ranked.__getitem__) if ranked else None
    return VarianceResult.from_json({
        "signature": gtd_signature(evaluator.data, evaluator.parser) + f"|variance:draws:{draws}|vseed:{seed}",
        "dataset": evaluator.data.name,
        "split": evaluator.data.split,
        "images": n,
        "captions": sum(len(c) for c in cands),
        "missing_images": len(missing),
        "draws": draws,
        "seed": seed,
        "sizes": sizes,
        "pool": {"min": smallest, "max": width},
        "metrics": shown,
        "full": full,
        "subsets": subsets,
        "summary": summary,
        "most_variable": most,
        "consensus": _consensus(evaluator),
        "notes": {"std": "sample standard deviation (ddof=1) of the corpus score over draws; relative_std = "
                         "std / mean",
                  "spice": "SPICE definition (tuple F1) computed from the grammar's semantics, not the official jar",
                  "cider_d_idf": "document frequencies from the drawn references of each draw",
                  "consensus": "each reference against the image's other references (leave-one-out); per-image "
                               "mean over its references; 'corpus' is the metric's corpus score over all of them",
                  "meteor": "measured (one Java process per draw)" if include_meteor else catalogue.ON_REQUEST},
    })


def variance_table(result: VarianceResult) -> str:
    """mean ± std (relative std) per metric at the smallest and largest subset size."""
    lo, hi = result.sizes[0], result.sizes[-1]
    width = max(len(catalogue.label(m)) for m in result.metrics) + 2
    lines = [f"{'':<{width}}{'k=' + str(lo):>30}{'k=' + str(hi):>30}{'full':>10}"]

    def cell(m: str, idx: int) -> str:
        s = result.subsets[m]
        mean, std, rel = s.mean[idx], s.std[idx], s.relative_std[idx]
        if mean is None or std is None:
            return f"{'n/a':>30}"
        return f"{f'{mean:.4f} ± {std:.4f} ({100 * rel:.2f}%)' if rel is not None else f'{mean:.4f} ± {std:.4f}':>30}"

    for m in result.metrics:
        full = result.full.get(m)
        shown = "n/a" if full is None else f"{full:.4f}"
        lines.append(f"{catalogue.label(m):<{width}}{cell(m, 0)}{cell(m, -1)}{shown:>10}")
    c = result.consensus
    if "bleu_4" in c:
        lines.append(f"consensus (leave-one-out, mean per image): BLEU-4 {c['bleu_4']['mean']:.4f}, "
                     f"CIDEr-D {c['cider_d']['mean']:.4f}")
    if result.most_variable:
        lines.append(f"largest mean relative std: {catalogue.label(result.most_variable)}")
    return "\n".join(lines)


def plot_variance(result: VarianceResult, stem: Path) -> list[Path]:
    """Two panels: std and relative std of each metric's corpus score vs subset size."""
    plt = pyplot()
    sizes = result.sizes
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4), constrained_layout=True)
    for m in result.metrics:
        s = result.subsets[m]
        if all(v is None for v in s.std):
            continue
        spec = catalogue.measure(m)  # CIDEr-D lives on [0, 10]: divided to share the axis, said in the legend
        left.plot(sizes, [math.nan if v is None else v / spec.scale for v in s.std], spec.style,
                  label=spec.plot_label, markersize=4)
        right.plot(sizes, [math.nan if v is None else v for v in s.relative_std], spec.style, label=spec.label,
                   markersize=4)
    left.set_title("std of the corpus score over reference draws")
    right.set_title("relative std (std / mean)")
    for axis in (left, right):
        axis.set_xlabel("references per image (subset size k)")
        axis.set_xticks(sizes)
        axis.grid(alpha=0.3)
        axis.legend(loc="best", fontsize=8)
    fig.suptitle(f"{result.dataset} ({result.split}, {result.images} images, {result.draws} draws per k): "
                 "reference-sample variance", fontsize=9)
    return save_figure(fig, stem)


def write_variance(result: VarianceResult, prefix: str | Path) -> list[Path]:
    """PREFIX.json (the result), PREFIX.csv (one row per metric and subset size: mean, std,
    relative std, then every draw's score) and PREFIX.png / PREFIX.svg (std vs subset size)."""
    header = ["metric", "size", "mean", "std", "relative_std", *(f"draw_{d}" for d in range(result.draws))]
    rows = [[m, k, csv_cell(s.mean[idx]), csv_cell(s.std[idx]), csv_cell(s.relative_std[idx]),
             *(csv_cell(v) for v in s.scores[idx])]
            for m in result.metrics for s in [result.subsets[m]] for idx, k in enumerate(result.sizes)]
    return write_bundle(result.to_json(), prefix, header, rows, lambda stem: plot_variance(result, stem))
