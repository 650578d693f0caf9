"""ShapeWorldICE: build synthetic image-captioning benchmarks with known ground truth, and
evaluate captioning models on them for grammaticality, truthfulness and diversity (GTD).

The data flows world → render → captions → realise (the builder) and
text → parse → semantics → truth (the evaluator); the CLI is a thin layer over the
functions exported here. The Python API (``docs/api.md``)::

    import shapeworldice as swi
    path = swi.generate("spatial-twoshapes-informative", "data", train=500, validation=32, test=64)
    captions = swi.baseline(path, "shuffled")          # or your model's [{"image_id", "caption"}]
    report = swi.evaluate(path, captions)
    report.scores["truthfulness"], report.score("bleu_4").interval, report.details[0].truth

Each function imports its machinery when called, so ``import shapeworldice`` stays fast, and
checks its arguments' types first (:mod:`shapeworldice.api_types`): a wrong type is a one-line
``TypeError`` naming the argument.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from ._version import __version__

if TYPE_CHECKING:
    from .data.definition import DatasetDefinition
    from .evaluation.io.report_records import Report
    from .data.loader import Split
    from .progress import Progress
    from .storage import Destination
    from .grammar.parser import ParseResult
    from .parsing import Parser

__all__ = ["__version__", "baseline", "evaluate", "generate", "load", "parse"]


def generate(dataset: "str | DatasetDefinition", out: "Destination" = "data", *, seed: int = 0,
             train: int | None = None, validation: int | None = None, test: int | None = None,
             references: int | None = None, image_size: int | None = None, workers: int = 1,
             progress: "Progress" = False, prior_worlds: int | None = None, engine: str | None = None,
             address: str | None = None, floors: bool = True) -> Path:
    """Build (or resume) a dataset under ``out/<name>/`` and return that folder, the same bytes as
    the ``generate`` command; see :func:`shapeworldice.data.build.generate` for the arguments.

    ``floors``: measure the dataset's floors once it is built and record them in the manifest (the
    evaluation's step, :func:`~shapeworldice.evaluation.studies.manifest_floors.record_floors`,
    handed to the builder). ``progress``: ``True`` shows every phase (the prior sample, the
    instances, the floors) on a terminal's stderr; a callable ``progress(phase, done, total)``
    hears of each (:mod:`shapeworldice.progress`)."""
    from .api_types import GENERATE, check_call
    from .data.build import generate as _generate

    check_call("generate", generate, (dataset, out), dict(
        seed=seed, train=train, validation=validation, test=test, references=references, image_size=image_size,
        workers=workers, progress=progress, prior_worlds=prior_worlds, engine=engine, address=address,
        floors=floors), GENERATE)
    from .evaluation.studies.manifest_floors import record_floors

    return _generate(dataset, out, seed=seed, train=train, validation=validation, test=test, references=references,
                     image_size=image_size, workers=workers, progress=progress, prior_worlds=prior_worlds,
                     engine=engine, address=address, floors=record_floors if floors else None)


def load(directory: str | Path, split: str = "test") -> "Split":
    """One split of a built dataset: worlds, images and reference captions, by index or image id;
    see :class:`shapeworldice.data.loader.Split`."""
    from .api_types import LOAD, check_call
    from .data.loader import load as _load

    check_call("load", load, (directory, split), {}, LOAD)
    return _load(directory, split)


def baseline(directory: str | Path, kind: str, split: str = "test", seed: int = 0) -> list[dict[str, Any]]:
    """A sanity baseline's captions for a built dataset, as COCO results ``[{"image_id", "caption"}]``:
    ``references``, ``generic``, ``shuffled``, ``permuted``, ``random-words``, ``blind`` or ``prior``."""
    from .api_types import BASELINE, check_call
    from .data.loader import load as _load
    from .evaluation.studies.baselines import baseline as _baseline

    check_call("baseline", baseline, (directory, kind, split, seed), {}, BASELINE)
    return _baseline(_load(directory, split), kind, seed)


def parse(text: str) -> "ParseResult":
    """Parse one caption with the built-in grammar; see :func:`shapeworldice.grammar.parse`."""
    from .api_types import PARSE, check_call
    from .grammar import parse as _parse

    check_call("parse", parse, (text,), {}, PARSE)
    return _parse(text)


def evaluate(directory: str | Path, captions: "str | Path | Sequence[dict[str, Any]]", split: str = "test",
             parser: "str | Parser" = "builtin", allow_missing: bool = False, include_meteor: bool = False,
             ace: str | None = None, grammar_image: str | None = None, progress: bool = False,
             several_captions: bool = False) -> "Report":
    """GTD and surface metrics of a model's captions (a caption file, or a list of
    ``{"image_id", "caption"}``) on a split of the dataset in ``directory``: the
    :class:`~shapeworldice.evaluation.io.report_records.Report`, with one
    :class:`~shapeworldice.evaluation.core.scoring.CaptionResult` per caption in ``report.details``
    (``report["scores"]`` reads a field as the JSON report has it). ``parser``: ``"builtin"``,
    ``"ace"`` (with ``ace`` and ``grammar_image``: the ACE binary and an ERG image) or a started
    parser; ``allow_missing``: score although some images have no caption; ``several_captions``:
    several per image id;
    ``include_meteor``: METEOR too (Java); ``progress``: a bar on stderr (when it is a terminal).
    To write the report, details and HTML page as the CLI does, see
    :func:`shapeworldice.commands.evaluate_to_files`."""
    from .api_types import EVALUATE, check_call
    from .evaluation.core.gtd import evaluate as _evaluate

    check_call("evaluate", evaluate, (directory, captions, split, parser, allow_missing, include_meteor, ace,
                                      grammar_image, progress, several_captions), {}, EVALUATE)
    return _evaluate(directory, captions, split=split, parser=parser, allow_missing=allow_missing,
                     include_meteor=include_meteor, ace=ace, grammar_image=grammar_image, progress=progress,
                     several_captions=several_captions)
