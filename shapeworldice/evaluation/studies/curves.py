"""Learning curves: evaluate several checkpoints' captions and correlate surface metrics with T.

This is the GTD paper's Figure 3 as a command: G, T, D beside BLEU-4, CIDEr-D and SPICE over
training iterations, plus Pearson, Spearman and Kendall correlations of each surface metric
with truthfulness, written as CSV, PNG and SVG.  The measures come from the catalogue's
``curves_gtd`` and ``curves_surface`` views (METEOR only on request).

Correlations need points: below :data:`MIN_POINTS` checkpoints the result carries a warning
(a correlation from three points says little), and a correlation that cannot be computed is
``None`` with the reason in ``reason`` (too few points, or a constant series).
"""
from __future__ import annotations

import csv
import glob
import io
import math
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from ...errors import UserError
from ...metrics import catalogue
from ...safe_write import check_outputs
from ..io.outputs import bundle_files, output_stem, pyplot, save_figure, with_suffix, write_file
from ...progress import bar as progress_bar
from .records import CurvesResult

if TYPE_CHECKING:
    from ..io.report_records import Report

#: Fewer checkpoints than this: correlations come with a warning.
MIN_POINTS = 5
#: Fewer points than this: no correlation at all (n/a, with the reason).
MIN_COMPUTABLE = 3
METHODS = ("pearson", "spearman", "kendall")


def gtd_measures() -> tuple[str, ...]:
    """The GTD panel's measures (catalogue view ``curves_gtd``)."""
    return catalogue.keys("curves_gtd")


def surface_measures(include_meteor: bool = False) -> tuple[str, ...]:
    """The surface panel's measures, correlated with T (catalogue view ``curves_surface``)."""
    return tuple(m.key for m in catalogue.in_view("curves_surface", include_meteor))


@dataclass(frozen=True)
class Checkpoint:
    iteration: int
    path: Path


def checkpoints(specs: Sequence[str]) -> list[Checkpoint]:
    """Files from paths, globs or ``ITER=PATH`` items; the iteration is the last number in the
    file name unless given explicitly. Sorted by iteration."""
    found: list[Checkpoint] = []
    for spec in specs:
        explicit = re.fullmatch(r"(\d+)=(.+)", spec)
        if explicit:
            found.append(Checkpoint(int(explicit.group(1)), Path(explicit.group(2))))
            continue
        paths = sorted(glob.glob(spec))
        if not paths:
            raise UserError(f"checkpoint file not found: {spec}")
        for path in paths:
            numbers = re.findall(r"\d+", Path(path).stem)
            if not numbers:
                raise UserError(f"cannot tell the iteration of {path}; name it like ckpt-1000.json or pass 1000={path}")
            found.append(Checkpoint(int(numbers[-1]), Path(path)))
    iterations = [c.iteration for c in found]
    if len(set(iterations)) != len(iterations):
        raise UserError("two checkpoint files have the same iteration number")
    if not found:
        raise UserError("no checkpoint files given")
    return sorted(found, key=lambda c: c.iteration)


def _why_not(metric: str, xs: list[float], ys: list[float], target: str) -> str | None:
    """Why no correlation of ``metric`` with ``target`` can be computed, or None if it can."""
    if len(xs) < MIN_COMPUTABLE:
        return (f"{len(xs)} checkpoint(s) with both {catalogue.label(metric)} and {catalogue.label(target)}; "
                f"a correlation needs at least {MIN_COMPUTABLE}")
    if len(set(xs)) < 2:
        return f"{catalogue.label(metric)} is the same at every checkpoint"
    if len(set(ys)) < 2:
        return f"{catalogue.label(target)} is the same at every checkpoint"
    return None


def correlations(rows: list[dict[str, Any]], target: str = "truthfulness", metrics: Sequence[str] | None = None
                 ) -> dict[str, dict[str, Any]]:
    """Pearson, Spearman and Kendall correlation of each surface metric with ``target``.

    Per metric: ``{"pearson", "spearman", "kendall", "points", "reason"}``; ``reason`` says why
    the values are None (too few points, a constant series, the metric not computed)."""
    from scipy import stats

    result: dict[str, dict[str, Any]] = {}
    for metric in surface_measures() if metrics is None else metrics:
        pairs = [(r[metric], r[target]) for r in rows if r.get(metric) is not None and r.get(target) is not None]
        xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
        reason = _why_not(metric, xs, ys, target)
        if rows and all(r.get(metric) is None for r in rows):
            reason = f"{catalogue.label(metric)} has no value at any checkpoint (unavailable or not computed)"
        entry: dict[str, Any] = {"points": len(pairs), "reason": reason}
        for name, fn in zip(METHODS, (stats.pearsonr, stats.spearmanr, stats.kendalltau)):
            value = None if reason is not None else float(fn(xs, ys)[0])
            entry[name] = None if value is None or math.isnan(value) else value
        if reason is None and all(entry[name] is None for name in METHODS):
            entry["reason"] = "undefined for these values"
        result[metric] = entry
    return result


def warnings(rows: list[dict[str, Any]]) -> list[str]:
    """Plain-language caveats about the correlations (too few checkpoints)."""
    if len(rows) < MIN_POINTS:
        return [f"only {len(rows)} checkpoints: correlations from fewer than {MIN_POINTS} points are unreliable"]
    return []


def row_of(report: "Report") -> dict[str, Any]:
    """A checkpoint's row: its scores, and ``KEY_lo``/``KEY_hi`` the ends of each score's 95% interval."""
    row: dict[str, Any] = dict(report.scores)
    for key, interval in report.intervals.items():
        row[f"{key}_lo"], row[f"{key}_hi"] = interval if interval else (None, None)
    return row


def write_csv(rows: list[dict[str, Any]], path: Path) -> None:
    buffer = io.StringIO()
    shown = [*gtd_measures(), *surface_measures(True)]
    ends = [f"{k}_{end}" for k in shown for end in ("lo", "hi") if any(f"{k}_{end}" in r for r in rows)]
    columns = ["iteration", "file", *shown, *(k for k in catalogue.keys() if k not in shown), *ends]
    writer = csv.DictWriter(buffer, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: ("" if row.get(k) is None else row.get(k)) for k in columns})
    write_file(path, buffer.getvalue().encode("utf-8"))


def plot(rows: list[dict[str, Any]], stem: Path, title: str = "") -> list[Path]:
    """Two panels, GTD and surface metrics over iterations; written as PNG and SVG."""
    plt = pyplot()
    iterations = [r["iteration"] for r in rows]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4), constrained_layout=True)
    for metric in gtd_measures():
        spec = catalogue.measure(metric)
        line, = left.plot(iterations, [r.get(metric) for r in rows], spec.style, label=spec.label)
        _band(left, iterations, rows, metric, 1.0, line.get_color())
    left.set_ylim(-0.02, 1.02)
    left.set_title("GTD")
    for metric in surface_measures(True):
        values = [r.get(metric) for r in rows]
        if all(v is None for v in values):
            continue
        spec = catalogue.measure(metric)  # CIDEr-D lives on [0, 10]: divided to share the axis, said in the legend
        line, = right.plot(iterations, [None if v is None else v / spec.scale for v in values], spec.style,
                           label=spec.plot_label)
        _band(right, iterations, rows, metric, spec.scale, line.get_color())
    right.set_title("surface metrics")
    for axis in (left, right):
        axis.set_xlabel("iteration")
        axis.grid(alpha=0.3)
        axis.legend(loc="best", fontsize=8)
    if title:
        fig.suptitle(title)
    return save_figure(fig, stem)


def _band(axis: Any, iterations: list[int], rows: list[dict[str, Any]], metric: str, scale: float,
          color: str) -> None:
    """Shade the 95% interval of ``metric`` where the rows carry it (``curves`` rows do)."""
    lo: list[float] = []
    hi: list[float] = []
    for r in rows:
        low, high = r.get(f"{metric}_lo"), r.get(f"{metric}_hi")
        if low is None or high is None:
            return
        lo.append(low / scale)
        hi.append(high / scale)
    if rows:
        axis.fill_between(iterations, lo, hi, color=color, alpha=0.15, linewidth=0)


def curves(checkpoint_specs: Sequence[str], evaluate_file: Callable[[Path], dict[str, Any]] | None, out: str | Path,
           title: str = "", include_meteor: bool = False, progress: bool = False,
           score_all: Callable[[list[Path]], Iterable[tuple[int, dict[str, Any]]]] | None = None
           ) -> CurvesResult:
    """Evaluate each checkpoint with ``evaluate_file`` (path → scores) and write CSV/PNG/SVG.

    ``score_all`` instead scores all files at once (a cluster's jobs), yielding ``(position,
    scores)`` in any order; the rows are in iteration order either way.  Returns the
    :class:`~.records.CurvesResult` (rows, correlations, warnings, files); METEOR is correlated
    only with ``include_meteor``; ``progress`` shows a bar on stderr (when it is a terminal)."""
    stem = output_stem(out)  # checked before the (long) evaluations
    found = checkpoints(checkpoint_specs)
    check_outputs(bundle_files(out, (".csv", ".png", ".svg")), {f"--captions {c.path}": c.path for c in found})
    for checkpoint in found:
        if not checkpoint.path.is_file():
            raise UserError(f"checkpoint file not found: {checkpoint.path}")
    paths = [c.path for c in found]
    if score_all is not None:
        scored = score_all(paths)
    elif evaluate_file is not None:
        scored = ((n, evaluate_file(path)) for n, path in enumerate(paths))
    else:
        raise ValueError("curves needs evaluate_file or score_all")
    results: dict[int, dict[str, Any]] = {}
    with progress_bar(len(found), "curves", progress, unit="checkpoint") as bar:
        for position, scores in scored:
            results[position] = scores
            bar.update(1)
    rows = [{"iteration": c.iteration, "file": str(c.path), **results[n]} for n, c in enumerate(found)]
    table = correlations(rows, metrics=surface_measures(include_meteor))
    csv_path = with_suffix(stem, ".csv")
    write_csv(rows, csv_path)
    images = plot(rows, stem, title)
    return CurvesResult(rows, table, warnings(rows), [str(csv_path)] + [str(p) for p in images])


_EVALUATORS = threading.local()


def score_checkpoint(settings: tuple[Any, ...], include_meteor: bool, path: Path) -> dict[str, Any]:
    """One checkpoint's row as a cluster job. ``settings`` are the Evaluator's arguments (dataset
    folder, split, parser, ACE, grammar image); each worker thread keeps its Evaluator between
    jobs with the same settings, so the reference side is analysed once per worker."""
    from ...engine import fault_point
    from ..core.gtd import Evaluator

    cached = getattr(_EVALUATORS, "cached", None)
    if cached is None or cached[0] != settings:
        if cached is not None:
            cached[1].close()
        cached = (settings, Evaluator(*settings))
        _EVALUATORS.cached = cached
    fault_point()
    return row_of(cached[1].evaluate(path, include_meteor=include_meteor))
