"""Learning curves: evaluate several checkpoints' captions and correlate surface metrics with T.

This is the GTD paper's Figure 3 as a command: G, T, D beside BLEU-4, CIDEr-D and SPICE over
training iterations, plus Pearson, Spearman and Kendall correlations of each surface metric
with truthfulness, written as CSV, PNG and SVG.
"""
from __future__ import annotations

import csv
import glob
import io
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from ..errors import UserError
from .outputs import output_stem, pyplot, save_figure, with_suffix, write_file

GTD = ("grammaticality", "truthfulness", "diversity")
SURFACE = ("bleu_4", "cider_d", "spice")
LABELS = {"grammaticality": "G", "truthfulness": "T", "diversity": "D", "bleu_4": "BLEU-4",
          "cider_d": "CIDEr-D", "spice": "SPICE (tuple F1)"}


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


def correlations(rows: list[dict[str, Any]], target: str = "truthfulness") -> dict[str, dict[str, float | None]]:
    """Pearson, Spearman and Kendall correlation of each surface metric with ``target``."""
    from scipy import stats

    result: dict[str, dict[str, float | None]] = {}
    for metric in SURFACE:
        pairs = [(r[metric], r[target]) for r in rows if r.get(metric) is not None and r.get(target) is not None]
        xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
        entry: dict[str, float | None] = {}
        for name, fn in (("pearson", stats.pearsonr), ("spearman", stats.spearmanr), ("kendall", stats.kendalltau)):
            if len(pairs) < 3 or len(set(xs)) < 2 or len(set(ys)) < 2:
                entry[name] = None
            else:
                value = float(fn(xs, ys)[0])
                entry[name] = None if math.isnan(value) else value
        result[metric] = entry
    return result


def write_csv(rows: list[dict[str, Any]], path: Path) -> None:
    buffer = io.StringIO()
    columns = ["iteration", "file", *GTD, *SURFACE, "bleu_1", "rouge_l", "meteor"]
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
    for metric, style in zip(GTD, ("-o", "-s", "-^")):
        left.plot(iterations, [r.get(metric) for r in rows], style, label=LABELS[metric])
    left.set_ylim(-0.02, 1.02)
    left.set_title("GTD")
    for metric, style in zip(SURFACE, ("--o", "--s", "--^")):
        values = [r.get(metric) for r in rows]
        if metric == "cider_d":  # CIDEr-D lives on [0, 10]: scale to share the axis, say so
            values = [None if v is None else v / 10 for v in values]
        right.plot(iterations, values, style, label=LABELS[metric] + (" ÷ 10" if metric == "cider_d" else ""))
    right.set_title("surface metrics")
    for axis in (left, right):
        axis.set_xlabel("iteration")
        axis.grid(alpha=0.3)
        axis.legend(loc="best", fontsize=8)
    if title:
        fig.suptitle(title)
    return save_figure(fig, stem)


def curves(checkpoint_specs: Sequence[str], evaluate_file: Callable[[Path], dict[str, Any]], out: str | Path,
           title: str = "") -> dict[str, Any]:
    """Evaluate each checkpoint with ``evaluate_file`` (path → scores) and write CSV/PNG/SVG."""
    stem = output_stem(out)  # checked before the (long) evaluations
    found = checkpoints(checkpoint_specs)
    for checkpoint in found:
        if not checkpoint.path.is_file():
            raise UserError(f"checkpoint file not found: {checkpoint.path}")
    rows = []
    for checkpoint in found:
        scores = evaluate_file(checkpoint.path)
        rows.append({"iteration": checkpoint.iteration, "file": str(checkpoint.path), **scores})
    table = correlations(rows)
    csv_path = with_suffix(stem, ".csv")
    write_csv(rows, csv_path)
    images = plot(rows, stem, title)
    return {"rows": rows, "correlations": table, "files": [str(csv_path)] + [str(p) for p in images]}
