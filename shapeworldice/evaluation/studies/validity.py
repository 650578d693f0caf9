"""Every metric held against the ground truth: how well does a score say whether a caption is true?

Cui et al. could judge a metric only by its agreement with human ratings; here the world model
gives each caption's truth. For several caption sets (systems: baselines, checkpoints, model
outputs) on one dataset split:

* **caption level** — the ROC AUC of each measure's per-caption score for separating true captions
  (T's verdict ``true``) from the rest (false, ambiguous, uninterpretable, ungrammatical), over the
  captions of all systems pooled; once over all captions and once over the grammatical ones only
  (where G cannot do the work). 0.5 = blind to truth, 1 = every true caption above every other.
  A 95% interval comes from a seeded bootstrap that resamples *images* (with all their captions).
  I and I/ref are 0 for any caption that is not true by definition: their AUC is a check, not news;
* **system level** — Kendall τ and Pearson r, across the systems, between each measure's corpus
  score and T (and I/ref).

AUC is the Mann–Whitney U of the two groups over n₊n₋ (ties count ½), from scipy.
"""
from __future__ import annotations

import csv
import io
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

import numpy as np

from ...errors import UserError
from .limits import MAX_BOOTSTRAP_DRAWS, check_count
from ...metrics import catalogue
from ...safe_write import check_outputs
from ..io.outputs import (bundle_files, check_owned, csv_cell, json_text, output_stem, pyplot, with_suffix,
                          write_together)
from ...progress import bar as progress_bar
from .records import ValidityResult

if TYPE_CHECKING:
    from ..core.gtd import Evaluator

__all__ = ["roc_auc", "bootstrap_auc", "correlations", "validity", "validity_table", "write_validity"]

#: per-caption measures that are not scores of the caption's quality
_NOT_SCORES = ("prior_unavailable", "out_of_family")
TARGETS = ("truthfulness", "informativeness_relative")


def roc_auc(positive: Sequence[float], negative: Sequence[float]) -> float | None:
    """P(a positive scores above a negative), ties counting ½ (Mann–Whitney U / n₊n₋); None if a group is empty."""
    from scipy.stats import mannwhitneyu

    if len(positive) == 0 or len(negative) == 0:
        return None
    u = mannwhitneyu(positive, negative, alternative="two-sided").statistic
    return float(u) / (len(positive) * len(negative))


def _fast_auc(scores: np.ndarray, labels: np.ndarray) -> float:
    """The same AUC from midranks (vectorised, for the bootstrap); labels are 0/1, both present."""
    from scipy.stats import rankdata

    ranks = rankdata(scores)
    n_pos = int(labels.sum())
    n_neg = len(labels) - n_pos
    return float((ranks[labels == 1].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def bootstrap_auc(scores: np.ndarray, labels: np.ndarray, groups: np.ndarray, draws: int, seed: int
                  ) -> tuple[float | None, float | None]:
    """95% percentile interval of the AUC when the groups (images) are resampled with replacement."""
    if draws < 1 or labels.min(initial=1) == labels.max(initial=0):
        return None, None
    unique, inverse = np.unique(groups, return_inverse=True)
    members = [np.flatnonzero(inverse == g) for g in range(len(unique))]
    rng = np.random.default_rng(seed)
    values = []
    for _ in range(draws):
        rows = np.concatenate([members[g] for g in rng.integers(len(unique), size=len(unique))])
        y = labels[rows]
        if 0 < y.sum() < len(y):
            values.append(_fast_auc(scores[rows], y))
    if not values:
        return None, None
    low, high = np.percentile(values, [2.5, 97.5])
    return float(low), float(high)


def correlations(xs: Sequence[float | None], ys: Sequence[float | None]) -> dict[str, Any]:
    """Kendall τ and Pearson r of paired values (pairs with a None dropped); None with a reason when
    fewer than 3 pairs remain or a side is constant."""
    from scipy.stats import kendalltau, pearsonr

    pairs = [(float(x), float(y)) for x, y in zip(xs, ys) if x is not None and y is not None
             and math.isfinite(x) and math.isfinite(y)]
    out: dict[str, Any] = {"kendall": None, "pearson": None, "systems": len(pairs), "reason": None}
    if len(pairs) < 3:
        out["reason"] = f"{len(pairs)} system(s) with both values (need 3)"
    elif len({p[0] for p in pairs}) == 1 or len({p[1] for p in pairs}) == 1:
        out["reason"] = "constant across the systems"
    else:
        a, b = zip(*pairs)
        out["kendall"] = float(kendalltau(a, b).statistic)
        out["pearson"] = float(pearsonr(a, b).statistic)
    return out


def _caption_measures(details: Sequence[Any]) -> list[str]:
    present = {k for r in details for k in r.scores} | {"spice", "grammaticality"}
    return [m.key for m in catalogue.CATALOGUE if m.key in present and m.key not in _NOT_SCORES]


def _value(result: Any, key: str) -> float:
    if key == "grammaticality":
        return float(result.grammatical)
    value = result.spice if key == "spice" else result.scores.get(key)
    return 0.0 if value is None else float(value)  # as the report counts them: ungrammatical = 0


def _caption_level(details: Sequence[Any], measures: Sequence[str], draws: int, seed: int) -> dict[str, Any]:
    labels = np.array([r.truth == "true" for r in details], dtype=np.int64)
    grammatical = np.array([r.grammatical for r in details], dtype=bool)
    images = np.array([r.image_id for r in details])
    out: dict[str, Any] = {}
    for k, key in enumerate(measures):
        scores = np.array([_value(r, key) for r in details])
        entry: dict[str, Any] = {}
        for subset, mask in (("all", np.ones(len(details), dtype=bool)), ("grammatical", grammatical)):
            s, y = scores[mask], labels[mask]
            auc = roc_auc(s[y == 1], s[y == 0])
            low, high = bootstrap_auc(s, y, images[mask], draws, seed + k) if auc is not None else (None, None)
            entry[subset] = {"auc": auc, "low": low, "high": high, "true": int(y.sum()), "other": int(len(y) - y.sum())}
        out[key] = entry
    return out


def validity(evaluator: "Evaluator", caption_files: Sequence[str], draws: int = 1000, seed: int = 0,
             include_meteor: bool = False, progress: bool = False) -> ValidityResult:
    """Caption- and system-level agreement of every catalogue measure with truth (see the module
    docstring); ``evaluator`` is an :class:`~shapeworldice.evaluation.core.gtd.Evaluator` of the split."""
    if not caption_files:
        raise UserError("validity needs at least one --captions file")
    check_count("draws", draws, 0, MAX_BOOTSTRAP_DRAWS)
    names = [Path(f).stem for f in caption_files]
    if len(set(names)) != len(names):
        names = [str(f) for f in caption_files]
    if len(set(names)) != len(names):
        raise UserError("a caption file is given twice")
    reports = []
    with progress_bar(len(caption_files), "validity", progress, unit="system") as bar:
        for path in caption_files:
            reports.append(evaluator.evaluate(path, include_meteor=include_meteor, allow_missing=True))
            bar.update(1)
    details = [r for report in reports for r in report.details]
    measures = _caption_measures(details)
    systems = {name: dict(report.scores) for name, report in zip(names, reports)}
    system_keys = [m.key for m in catalogue.CATALOGUE
                   if m.key not in _NOT_SCORES and any(s.get(m.key) is not None for s in systems.values())]
    system_level = {target: {key: correlations([s.get(key) for s in systems.values()],
                                               [s.get(target) for s in systems.values()])
                             for key in system_keys if key != target}
                    for target in TARGETS}
    data = evaluator.data
    return ValidityResult.from_json({
        "dataset": data.name, "split": data.split, "images": len(evaluator.ids), "captions": len(details),
        "true": sum(r.truth == "true" for r in details), "grammatical": sum(r.grammatical for r in details),
        "systems": systems, "files": [str(f) for f in caption_files], "draws": draws, "seed": seed,
        "caption_level": _caption_level(details, measures, draws, seed), "system_level": system_level,
        "signatures": {name: report.signature for name, report in zip(names, reports)},
        "metric_signatures": dict(reports[0].metric_signatures),
        "convention": "caption level: ROC AUC of the per-caption score for true (T) vs every other caption, "
                      "pooled over the systems, with a 95% bootstrap interval over images; system level: Kendall "
                      "tau and Pearson r across the systems between the corpus score and T (and I/ref)",
    })


def _auc_cell(entry: Mapping[str, float | None]) -> str:
    if entry["auc"] is None:
        return "n/a"
    if entry["low"] is None:
        return f"{entry['auc']:.3f}"
    return f"{entry['auc']:.3f} [{entry['low']:.2f},{entry['high']:.2f}]"


def _num(value: float | None) -> str:
    return "n/a" if value is None else f"{value:+.2f}"


def validity_table(result: ValidityResult) -> str:
    """One row per measure: caption-level AUC (all, grammatical) and system-level τ and r with T and I/ref."""
    shown = {*result.caption_level, *result.system_level["truthfulness"]}
    keys = [m.key for m in catalogue.CATALOGUE if m.key in shown] + sorted(shown - set(catalogue.keys()))
    width = max(len(catalogue.label(k)) for k in keys) + 2
    header = (f"{'':{width}}{'AUC (all)':>22}{'AUC (grammatical)':>22}{'tau T':>8}{'r T':>8}"
              f"{'tau I/ref':>10}{'r I/ref':>8}")
    lines = [f"{result.dataset} / {result.split}: {len(result.systems)} systems, {result.captions} "
             f"captions ({result.true} true, {result.grammatical} grammatical)", header, "-" * len(header)]
    for key in keys:
        caption = result.caption_level.get(key)
        cells = [_auc_cell(caption["all"]), _auc_cell(caption["grammatical"])] if caption else ["-", "-"]
        t = result.system_level["truthfulness"].get(key, {})
        i = result.system_level["informativeness_relative"].get(key, {})
        lines.append(f"{catalogue.label(key):<{width}}{cells[0]:>22}{cells[1]:>22}{_num(t.get('kendall')):>8}"
                     f"{_num(t.get('pearson')):>8}{_num(i.get('kendall')):>10}{_num(i.get('pearson')):>8}")
    return "\n".join(lines)


def _span(high: float | None, low: float | None) -> float:
    """An error bar's length (0 where an end is missing)."""
    return 0.0 if high is None or low is None else high - low


def plot_validity(result: ValidityResult, stem: Path) -> list[tuple[Path, bytes]]:
    """Two panels: caption-level AUC with its interval (all / grammatical), system-level τ with T.
    The SVG's ids are salted with a constant and it carries no date: same inputs, same bytes."""
    import matplotlib

    plt = pyplot()
    keys = list(result.caption_level)
    tau_keys = [k for k in result.system_level["truthfulness"]]
    with matplotlib.rc_context({"svg.hashsalt": "shapeworldice-validity"}):
        fig, (left, right) = plt.subplots(1, 2, figsize=(11, 0.35 * max(len(keys), len(tau_keys)) + 1.8),
                                          constrained_layout=True)
        ys = np.arange(len(keys))
        for offset, subset, style in ((-0.15, "all", "o"), (0.15, "grammatical", "s")):
            values = [result.caption_level[k][subset] for k in keys]
            xs = [np.nan if v["auc"] is None else v["auc"] for v in values]
            err = [[_span(v["auc"], v["low"]) for v in values], [_span(v["high"], v["auc"]) for v in values]]
            left.errorbar(xs, ys + offset, xerr=err, fmt=style, capsize=2, markersize=4,
                          label="all captions" if subset == "all" else "grammatical only")
        left.axvline(0.5, color="grey", linewidth=0.8, linestyle=":")
        left.set_yticks(ys, [catalogue.label(k) for k in keys])
        left.invert_yaxis()
        left.set_xlim(0, 1.02)
        left.set_xlabel("ROC AUC: true vs other captions (95% bootstrap interval)")
        left.legend(loc="lower left", fontsize=7)
        left.grid(alpha=0.3)
        taus = [result.system_level["truthfulness"][k]["kendall"] for k in tau_keys]
        right.barh(np.arange(len(tau_keys)), [np.nan if t is None else t for t in taus], color="tab:blue")
        right.set_yticks(np.arange(len(tau_keys)), [catalogue.label(k) for k in tau_keys])
        right.invert_yaxis()
        right.set_xlim(-1, 1)
        right.axvline(0, color="grey", linewidth=0.8)
        right.set_xlabel(f"Kendall τ with T across {len(result.systems)} systems")
        right.grid(alpha=0.3)
        fig.suptitle(f"{result.dataset} ({result.split}): which metric tracks truth", fontsize=9)
        files = []
        try:
            for suffix in (".png", ".svg"):
                buffer = io.BytesIO()
                fig.savefig(buffer, format=suffix[1:], dpi=120,
                            metadata={"Date": None} if suffix == ".svg" else {"Software": None})
                files.append((with_suffix(stem, suffix), buffer.getvalue()))
        finally:
            plt.close(fig)
    return files


#: the files of a validity prefix (what --out's help names)
SUFFIXES = (".json", ".csv", ".png", ".svg")
#: the CSV's columns: one row per measure
CSV_HEADER = ("measure", "auc_all", "auc_all_low", "auc_all_high", "auc_grammatical", "auc_grammatical_low",
              "auc_grammatical_high", "kendall_t", "pearson_t", "kendall_iref", "pearson_iref")


def is_validity_result(data: Any) -> bool:
    """Whether a parsed JSON document is what :func:`write_validity` writes."""
    return isinstance(data, dict) and {"caption_level", "system_level", "systems"} <= set(data)


def check_validity_outputs(prefix: str | Path, inputs: Mapping[str, str | Path | None]) -> None:
    """Refuse, before any work, a prefix whose files would replace an input, a run's file, a dataset's
    or anything :func:`~shapeworldice.safe_write.check_outputs` refuses, or an existing file that an
    earlier validity run did not write (PREFIX.json must be a validity result)."""
    files = bundle_files(prefix, SUFFIXES)
    check_outputs(files, inputs)
    check_owned(files, is_validity_result, "validity")


def validity_csv(result: ValidityResult) -> str:
    """The table as CSV: per measure its caption-level AUCs with their intervals and its
    system-level τ and r with T and I/ref (empty cells where there is no value)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    shown = {*result.caption_level, *result.system_level["truthfulness"]}
    for key in [m.key for m in catalogue.CATALOGUE if m.key in shown] + sorted(shown - set(catalogue.keys())):
        level = result.caption_level.get(key, {})
        cells: list[Any] = [key]
        for subset in ("all", "grammatical"):
            entry = level.get(subset, {})
            cells += [csv_cell(entry.get(k)) for k in ("auc", "low", "high")]
        for target in TARGETS:
            pair = result.system_level[target].get(key, {})
            cells += [csv_cell(pair.get("kendall")), csv_cell(pair.get("pearson"))]
        writer.writerow(cells)
    return buffer.getvalue()


def write_validity(result: ValidityResult, prefix: str | Path) -> list[Path]:
    """PREFIX.json (the result), PREFIX.csv (the table) and PREFIX.png/.svg (the plot), written together."""
    stem = output_stem(prefix)
    document = json_text(result.to_json(), indent=1, sort_keys=True) + "\n"
    files = [(with_suffix(stem, ".json"), document.encode("utf-8")),
             (with_suffix(stem, ".csv"), validity_csv(result).encode("utf-8")),
             *plot_validity(result, stem)]
    return write_together(files)

