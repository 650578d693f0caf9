"""The evaluating jobs as library functions: what ``evaluate``, ``curves`` and ``compare`` do, from
caption files to written reports. The CLI parses options and calls one of these; a Python user
calls them the same way.

Every job checks its outputs against its inputs before any work (no output may replace a caption
file, the dataset or the parser's files), computes everything, and only then writes, each file
atomically (:mod:`shapeworldice.safe_write`).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from ..errors import UserError
from ..safe_write import STDOUT, check_outputs, write_file
from . import batch

if TYPE_CHECKING:
    from ..evaluation.io.report_records import Comparison, Report
    from ..evaluation.studies.records import CurvesResult

__all__ = ["compare_files", "curves_to_files", "evaluate_files", "evaluate_to_files", "inputs_of"]


def inputs_of(directory: str | Path, ace: str | None = None, grammar_image: str | None = None
              ) -> dict[str, str | None]:
    """The inputs every evaluating job reads, which no output may replace (named as the CLI names them)."""
    return {"DIRECTORY": str(directory), "--ace": ace, "--grammar-image": grammar_image}


def evaluate_to_files(directory: str | Path, captions: str | Path, *, split: str = "test", parser: str = "builtin",
                      ace: str | None = None, grammar_image: str | None = None, out: str | None = None,
                      details: str | None = None, html: str | None = None, allow_missing: bool = False,
                      several_captions: bool = False, include_meteor: bool = False,
                      progress: bool = False) -> "Report":
    """Evaluate one caption file; write the JSON report to ``out``, the per-caption JSONL to
    ``details`` (``"-"``: none here, the caller streams it) and the HTML page to ``html`` (each
    optional). Returns the report (``report.details``: one result per caption)."""
    from ..evaluation.core.gtd import evaluate as run
    from ..evaluation.io.report import write_outputs

    check_outputs({"--out": out, "--details": details, "--html": html},
                  {"--captions": str(captions), **inputs_of(directory, ace, grammar_image)}, stdout=("--details",))
    report = run(directory, captions, split=split, parser=parser, allow_missing=allow_missing,
                 include_meteor=include_meteor, ace=ace, grammar_image=grammar_image, progress=progress,
                 several_captions=several_captions)
    page = None
    if html:
        from ..data.loader import load
        from ..evaluation.io.html_report import render_html

        page = render_html(report, load(directory, split))  # rendered before any file is written
    write_outputs(report, out, None if details == STDOUT else details, (html, page) if html and page else None)
    return report


def evaluate_files(directory: str | Path, captions: Sequence[str], out: str, *, split: str = "test",
                   parser: str = "builtin", ace: str | None = None, grammar_image: str | None = None,
                   details: str | None = None, allow_missing: bool = False, several_captions: bool = False,
                   include_meteor: bool = False, engine: str | None = None, address: str | None = None,
                   progress: bool = False) -> tuple[list[Path], list[batch.Scored], list[Path]]:
    """Evaluate several caption files (or the ``.json``/``.jsonl`` files of folders), here or as
    cluster jobs (``engine``): one ``NAME.json`` report per file in the folder ``out`` (and
    ``NAME.jsonl`` in ``details``), the bytes each file alone would give. Returns (the caption
    files, their results, the files written)."""
    if details == STDOUT:
        raise UserError("--details -: with several caption files --details names a folder")
    files = batch.caption_files(captions)
    if engine is not None:
        from ..engine import require

        require(engine)
    batch.check_folders({"--out": out, "--details": details}, files, inputs_of(directory, ace, grammar_image))
    settings = batch.settings_for(str(directory), split, parser, ace, grammar_image, allow_missing=allow_missing,
                                  several_captions=several_captions, include_meteor=include_meteor,
                                  details=details is not None)
    results = batch.score_files(files, settings, engine, address, progress=progress)
    return files, results, batch.write_reports(files, results, out, details)


def curves_to_files(directory: str | Path, captions: Sequence[str], out: str = "curves", *, split: str = "test",
                    parser: str = "builtin", ace: str | None = None, grammar_image: str | None = None,
                    include_meteor: bool = False, engine: str | None = None, address: str | None = None,
                    progress: bool = False) -> "CurvesResult":
    """Learning curves over checkpoint caption files (files, globs or ``ITER=FILE``): every
    checkpoint evaluated (here, or each a cluster job with ``engine``), written as ``out``.csv,
    .png and .svg. Returns the curves' rows, correlations with T, warnings and files written."""
    from ..evaluation.io.outputs import bundle_files
    from ..evaluation.studies.curves import curves as run

    check_outputs(bundle_files(out, (".csv", ".png", ".svg")), inputs_of(directory, ace, grammar_image))
    title = f"{Path(directory).name} / {split}"
    if engine is None:
        from ..evaluation.core.gtd import Evaluator
        from ..evaluation.studies.curves import row_of

        evaluator = Evaluator(directory, split, parser, ace, grammar_image)
        try:
            return run(captions, lambda path: row_of(evaluator.evaluate(path, include_meteor=include_meteor)), out,
                       title=title, include_meteor=include_meteor, progress=progress)
        finally:
            evaluator.close()
    from ..engine import cluster, require, run_jobs
    from ..evaluation.studies.curves import score_checkpoint

    require(engine)
    # paths made absolute: the workers have their own working folder
    settings = (os.path.abspath(directory), split, parser, ace and os.path.abspath(ace),
                grammar_image and os.path.abspath(grammar_image))

    def score_all(paths: list[Path]):
        with cluster(engine, address) as client:
            yield from run_jobs(client, score_checkpoint, [Path(os.path.abspath(p)) for p in paths], settings,
                                include_meteor)

    return run(captions, None, out, title=title, include_meteor=include_meteor, progress=progress,
               score_all=score_all)


def compare_files(directory: str | Path, a: str, b: str, *, split: str = "test", draws: int = 1000, seed: int = 0,
                  parser: str = "builtin", ace: str | None = None, grammar_image: str | None = None,
                  include_meteor: bool = False, several_captions: bool = False, out: str | None = None
                  ) -> "Comparison":
    """Do two caption sets differ? The paired bootstrap over the same images (B − A, its interval,
    a p-value per score), written as JSON to ``out`` when given. Returns the comparison."""
    from ..evaluation.core.gtd import Evaluator
    from ..evaluation.io.outputs import json_text
    from ..evaluation.studies.compare import compare as run

    if out:
        check_outputs({"--out": out}, {"--captions A": a, "--captions B": b,
                                       **inputs_of(directory, ace, grammar_image)})
    evaluator = Evaluator(directory, split, parser, ace, grammar_image)
    try:
        result = run(evaluator, a, b, draws=draws, seed=seed, include_meteor=include_meteor,
                     several_captions=several_captions, names=(a, b))
    finally:
        evaluator.close()
    if out:
        write_file(out, (json_text(result.to_json(), indent=1, sort_keys=True) + "\n").encode("utf-8"))
    return result
