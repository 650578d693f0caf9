"""The training table of docs/results.md and its curves figure from finished ``shapeworldice train`` run folders.

Run by hand after the runs (``python benchmarks/train_table.py RUN_DIR... [--figure PATH
--panels RUN_DIR...]``). For each run it reads ``config.json`` and ``curves.csv`` and prints one
Markdown row for the last checkpoint and one for the best (highest T): G, T, D, I/ref, BLEU-4,
SPICE* and the lowest G from 5,000 iterations on; ``--at N`` adds a run's checkpoint at N, to
compare runs of different lengths at equal iterations. I/ref is scored from the checkpoint captions
where ``curves.csv`` predates its column. With ``--figure`` it draws the same measures over
iterations for the runs named by ``--panels``, side by side. Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from shapeworldice.evaluation.io.outputs import pyplot, save_figure  # noqa: E402
from shapeworldice.metrics import catalogue  # noqa: E402
from shapeworldice.training.scoring import best_row, read_rows  # noqa: E402

SHOWN = ("grammaticality", "truthfulness", "diversity", "informativeness_relative", "bleu_4", "spice")
NAMES = {"lrcn1u": "LRCN1u", "showtell": "Show&Tell"}


def read_run(run_dir: Path) -> dict[str, Any]:
    """Settings, dataset name and curves rows of one run folder."""
    config = json.loads((run_dir / "config.json").read_text(encoding="utf-8"))
    rows = read_rows(run_dir, up_to=config["config"]["iterations"])
    if not rows:
        raise SystemExit(f"{run_dir}: no scored checkpoint yet")
    if any(row.get("informativeness_relative") is None for row in rows):
        add_informativeness(run_dir, config["data"], config["config"]["split"], rows)
    manifest = Path(config["data"]) / "manifest.json"
    train = json.loads(manifest.read_text(encoding="utf-8"))["splits"]["train"].get("instances") \
        if manifest.is_file() else None
    return {"dir": run_dir, "dataset": Path(config["data"]).name, "config": config["config"], "rows": rows,
            "train": train}


def add_informativeness(run_dir: Path, data: str, split: str, rows: list[dict[str, Any]]) -> None:
    """I/ref for the rows of a run written before curves.csv had it: its checkpoint captions, scored."""
    from shapeworldice.evaluation.core.gtd import Evaluator

    evaluator = Evaluator(data, split)
    try:
        for row in rows:
            entries = json.loads((run_dir / f"ckpt-{int(row['iteration'])}.json").read_text(encoding="utf-8"))
            scores = evaluator.evaluate(entries, allow_missing=True, include_meteor=False)["scores"]
            row["informativeness_relative"] = scores.get("informativeness_relative")
    finally:
        evaluator.close()


def g_after(rows: list[dict[str, Any]], iteration: int) -> float | None:
    """Lowest G over the checkpoints at or after ``iteration`` (None when there is none)."""
    later = [r["grammaticality"] for r in rows if r["iteration"] >= iteration and r["grammaticality"] is not None]
    return min(later) if later else None


def table(runs: list[dict[str, Any]], at: tuple[int, ...] = ()) -> str:
    """Markdown rows: each run's last and best-T checkpoints, and its checkpoints at ``at`` (for a
    comparison at equal iterations) where it has them and they are not the last."""
    def f(v: float | None) -> str:
        return "–" if v is None else f"{v:.3f}"

    lines = ["| model | dataset | train | checkpoint | iteration | G | T | D | I/ref | BLEU-4 | SPICE* "
             "| min G from 5k |", "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for run in runs:
        rows = run["rows"]
        name = NAMES.get(run["config"]["model"], run["config"]["model"])
        best = best_row(rows) or rows[-1]  # no T anywhere: the last row stands for both
        extra = [(f"at {n:,}", r) for n in at for r in rows if r["iteration"] == n and r is not rows[-1]]
        for label, row in (("last", rows[-1]), ("best T", best), *extra):
            n = run["train"]
            train = "?" if n is None else f"{n // 1000}k" if n >= 1000 and n % 1000 == 0 else f"{n:,}"
            lines.append(f"| {name} | `{run['dataset']}` | {train} | {label} | {int(row['iteration']):,} | "
                         + " | ".join(f(row[k]) for k in SHOWN) + f" | {f(g_after(rows, 5000))} |")
    return "\n".join(lines)


def figure(runs: list[dict[str, Any]], out: Path) -> list[Path]:
    """One panel per run: the GTD measures and BLEU-4/SPICE* over iterations."""
    plt = pyplot()
    fig, axes = plt.subplots(1, len(runs), figsize=(4.2 * len(runs), 3.6), constrained_layout=True, squeeze=False)
    for axis, run in zip(axes[0], runs):
        x = [r["iteration"] for r in run["rows"]]
        for key in SHOWN:
            spec = catalogue.measure(key)
            axis.plot(x, [r[key] for r in run["rows"]], spec.style, label=spec.label)
        name = NAMES.get(run["config"]["model"], run["config"]["model"])
        axis.set_title(f"{name} · {run['dataset']}", fontsize=10)
        top = max((r[k] or 0.0) for r in run["rows"] for k in SHOWN)  # D may pass 1 (more constructions)
        axis.set_ylim(-0.02, max(1.02, top + 0.05))
        axis.set_xlabel("iteration")
        axis.grid(alpha=0.3)
    axes[0][0].legend(loc="center right", fontsize=8)
    return save_figure(fig, out.with_suffix(""))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path, help="run folders, in table order")
    parser.add_argument("--figure", type=Path, help="write the curves figure here (PNG and SVG)")
    parser.add_argument("--panels", nargs="+", type=Path, default=[], help="runs drawn in the figure")
    parser.add_argument("--at", nargs="+", type=int, default=[],
                        help="also a row at these iterations, for runs with a checkpoint there (not the last)")
    args = parser.parse_args(argv)
    runs = {path: read_run(path) for path in dict.fromkeys([*args.runs, *args.panels])}  # each read (and scored) once
    print(table([runs[path] for path in args.runs], tuple(args.at)))
    if args.figure:
        for path in figure([runs[p] for p in (args.panels or args.runs[:3])], args.figure):
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
