"""Scoring checkpoints in-process: captions → COCO results JSON → GTD evaluator → curves.

One evaluator serves the whole run, so reference-side work and the parse cache are shared by all
checkpoints (a caption repeated across images or checkpoints is parsed once). Each checkpoint adds
a row to ``curves.csv`` and redraws ``curves.png``/``curves.svg``; ``best.json`` names the
checkpoint with the highest T.
"""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any, Sequence

from ..evaluation.studies.curves import plot
from ..evaluation.io.outputs import json_text, write_file

COLUMNS = ("iteration", "loss", "grammaticality", "truthfulness", "diversity", "bleu_4", "cider_d", "spice",
           "bleu_1", "rouge_l", "informativeness_relative")


def make_evaluator(directory: str | Path, split: str) -> Any:
    """The GTD evaluator: its one import site here, so a module rename is a one-line change."""
    from ..evaluation.core.gtd import Evaluator

    return Evaluator(directory, split)


def captions_path(run_dir: Path, iteration: int) -> Path:
    return run_dir / f"ckpt-{iteration}.json"


def read_rows(run_dir: Path, up_to: int) -> list[dict[str, Any]]:
    """The curves rows of earlier checkpoints (a resumed run keeps those up to its checkpoint)."""
    path = run_dir / "curves.csv"
    if not path.is_file():
        return []
    rows = []
    with path.open(newline="", encoding="utf-8") as handle:
        for raw in csv.DictReader(handle):
            row: dict[str, Any] = {k: (float(v) if v not in ("", None) else None) for k, v in raw.items()}
            row["iteration"] = int(raw["iteration"])
            if row["iteration"] <= up_to:
                rows.append(row)
    return rows


def best_row(rows: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The row with the highest T, the earliest on ties (None when no row has a T)."""
    scored = [r for r in rows if r.get("truthfulness") is not None]
    return max(scored, key=lambda r: (r["truthfulness"], -r["iteration"])) if scored else None


class Scorer:
    """Writes, scores and plots the checkpoints of one run."""

    def __init__(self, run_dir: Path, directory: str | Path, split: str, title: str,
                 rows: Sequence[dict[str, Any]] = ()):
        self.run_dir = run_dir
        self.evaluator = make_evaluator(directory, split)
        self.title = title
        self.rows = list(rows)

    def close(self) -> None:
        self.evaluator.close()

    def score(self, iteration: int, ids: Sequence[str], captions: Sequence[str], loss: float | None
              ) -> dict[str, Any]:
        """Write ``ckpt-ITER.json``, evaluate it, update curves.csv/png/svg and best.json; the row."""
        entries = [{"image_id": i, "caption": c} for i, c in zip(ids, captions)]
        write_file(captions_path(self.run_dir, iteration), (json.dumps(entries, indent=0) + "\n").encode("utf-8"))
        report = self.evaluator.evaluate(entries, allow_missing=True, include_meteor=False)
        scores = report.scores
        row = {"iteration": iteration, "loss": loss, **{k: scores.get(k) for k in COLUMNS[2:]}}
        self.rows = [r for r in self.rows if r["iteration"] != iteration] + [row]
        self._write()
        return row

    def best(self) -> dict[str, Any] | None:
        """The row with the highest T (the earliest on ties)."""
        return best_row(self.rows)

    def _write(self) -> None:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(COLUMNS)
        for row in self.rows:
            writer.writerow(["" if row.get(k) is None else (row[k] if k == "iteration" else repr(float(row[k])))
                             for k in COLUMNS])
        write_file(self.run_dir / "curves.csv", buffer.getvalue().encode("utf-8"))
        plot(self.rows, self.run_dir / "curves", self.title)
        best = self.best()
        if best is not None:
            summary = {"best": best, "last": self.rows[-1],
                       "best_captions": captions_path(self.run_dir, best["iteration"]).name}
            write_file(self.run_dir / "best.json", (json_text(summary, indent=1) + "\n").encode("utf-8"))
