"""The study jobs as library functions: what ``robustness``, ``variance`` and ``validity`` do, from
a dataset (and caption files) to written results. The CLI parses options and calls one of these.

Each checks its output prefix against its inputs before any work, runs the study with a parser it
starts and stops (ACE is a process), and only then writes PREFIX.json, .csv, .png and .svg.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence, TypeVar

from ..safe_write import check_outputs
from .evaluating import inputs_of

if TYPE_CHECKING:
    from ..evaluation.studies.records import RobustnessResult, ValidityResult, VarianceResult

__all__ = ["robustness_to_files", "validity_to_files", "variance_to_files"]

Result = TypeVar("Result")


def _study(out: str | None, inputs: Mapping[str, str | None], parser: tuple[str, str | None, str | None],
           run: Callable[[Any], Result], write: Callable[[Result, str], list[Path]]) -> tuple[Result, list[Path]]:
    """Check the prefix ``out`` (if any) against ``inputs``, ``run(parser)`` with the parser
    started, and write the result: (the result, the files written)."""
    from ..evaluation.io.outputs import bundle_files
    from ..parsing import make_parser

    if out:
        check_outputs(bundle_files(out), inputs)
    started = make_parser(*parser)
    try:
        result = run(started)
    finally:
        started.close()
    return result, write(result, out) if out else []


def robustness_to_files(directory: str | Path, *, split: str = "test",
                        transforms: Sequence[str] = ("shuffled", "permuted", "random-words"), steps: int = 11,
                        seed: int = 0, include_meteor: bool = False, out: str | None = None,
                        parser: str = "builtin", ace: str | None = None, grammar_image: str | None = None,
                        progress: bool = False) -> tuple["RobustnessResult", list[Path]]:
    """Metric robustness to pathological captions (area under the normalised score vs strength),
    written as ``out``.json/.csv/.png/.svg when given. Returns (the result, the files written)."""
    from ..evaluation.studies.robustness import robustness, write_robustness

    return _study(out, inputs_of(directory, ace, grammar_image), (parser, ace, grammar_image),
                  lambda started: robustness(directory, split, list(transforms), steps, seed=seed,
                                             include_meteor=include_meteor, parser=started, progress=progress),
                  write_robustness)


def variance_to_files(directory: str | Path, captions: str, *, split: str = "test", draws: int = 20,
                      seed: int = 0, include_meteor: bool = False, out: str | None = None, parser: str = "builtin",
                      ace: str | None = None, grammar_image: str | None = None,
                      progress: bool = False) -> tuple["VarianceResult", list[Path]]:
    """Reference-sample variance of every reference-based metric on one caption file, and the
    references' consensus, written as ``out``.json/.csv/.png/.svg when given. Returns (the result,
    the files written)."""
    from ..evaluation.studies.variance import variance, write_variance

    inputs = {"--captions": captions, **inputs_of(directory, ace, grammar_image)}
    return _study(out, inputs, (parser, ace, grammar_image),
                  lambda started: variance(directory, captions, split=split, draws=draws, seed=seed, parser=started,
                                           include_meteor=include_meteor, progress=progress),
                  write_variance)


def validity_to_files(directory: str | Path, captions: Sequence[str], *, split: str = "test", draws: int = 1000,
                      seed: int = 0, include_meteor: bool = False, out: str | None = None, parser: str = "builtin",
                      ace: str | None = None, grammar_image: str | None = None,
                      progress: bool = False) -> tuple["ValidityResult", list[Path]]:
    """Every metric against the ground truth over the systems' caption files (files or quoted
    globs): caption-level AUC for true captions, system-level τ and r with T; written as
    ``out``.json/.csv/.png/.svg when given. Returns (the result, the files written)."""
    from ..evaluation.core.gtd import Evaluator
    from ..evaluation.io.inputs import expand_caption_specs
    from ..evaluation.studies.validity import check_validity_outputs, validity, write_validity

    files = expand_caption_specs(captions)
    if out:
        check_validity_outputs(out, {**{f"--captions {f}": f for f in files},
                                     **inputs_of(directory, ace, grammar_image)})
    evaluator = Evaluator(directory, split, parser, ace, grammar_image)
    try:
        result = validity(evaluator, files, draws=draws, seed=seed, include_meteor=include_meteor, progress=progress)
    finally:
        evaluator.close()
    return result, write_validity(result, out) if out else []
