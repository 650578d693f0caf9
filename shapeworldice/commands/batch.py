"""Score many caption files on one dataset split: here, one after another, or each file a cluster job.

``evaluate --captions A --captions B`` (or a folder of caption files) writes one report per file,
``FOLDER/NAME.json`` (and ``NAME.jsonl`` of details), each the very bytes that ``evaluate
--captions FILE --out NAME.json`` writes for that file alone: a job is that evaluation, run by
an Evaluator of the same dataset split.  Locally one Evaluator scores the files in turn (the
references are analysed once); with ``--engine`` each worker thread keeps its own Evaluator
between jobs, so the references are analysed once per worker.  The reports are written together
once every file is scored, so a failure leaves none of them.
"""
from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from ..errors import UserError
from ..safe_write import check_folder, check_outputs, write_together
from ..progress import bar as progress_bar
from ..evaluation.io.report import details_bytes, report_bytes

#: the caption files a folder given to ``--captions`` contributes
CAPTION_SUFFIXES = (".json", ".jsonl")


@dataclass(frozen=True)
class Settings:
    """What every file is scored with: the Evaluator's arguments (absolute paths: a cluster's
    workers have their own working directory) and ``evaluate``'s options."""

    directory: str
    split: str
    parser: str
    ace: str | None
    grammar_image: str | None
    allow_missing: bool = False
    several_captions: bool = False
    include_meteor: bool = False
    details: bool = False

    @property
    def evaluator(self) -> tuple[str, str, str, str | None, str | None]:
        return (self.directory, self.split, self.parser, self.ace, self.grammar_image)


@dataclass(frozen=True)
class Scored:
    """One file's outputs: the report's bytes, the details' bytes (when asked for) and its scores."""

    report: bytes
    details: bytes | None
    scores: dict[str, Any]


def settings_for(directory: str, split: str, parser: str, ace: str | None, grammar_image: str | None, *,
                 allow_missing: bool = False, several_captions: bool = False, include_meteor: bool = False,
                 details: bool = False) -> Settings:
    """:class:`Settings` with every path made absolute."""
    return Settings(os.path.abspath(directory), split, parser, ace and os.path.abspath(ace),
                    grammar_image and os.path.abspath(grammar_image), allow_missing, several_captions,
                    include_meteor, details)


def caption_files(specs: Sequence[str]) -> list[Path]:
    """The files ``--captions`` names: each spec a file, or a folder whose ``.json`` and ``.jsonl``
    files are taken in name order.  Missing paths, empty folders, a file named twice and a folder
    entry that cannot be read as a file (a dangling link, a link loop, a pipe) are refused: none
    is skipped without a word."""
    files: list[Path] = []
    for spec in specs:
        path = Path(spec)
        if path.is_dir():
            named = sorted(p for p in path.iterdir() if p.suffix.lower() in CAPTION_SUFFIXES)
            for entry in named:
                problem = _unreadable(entry)
                if problem:
                    raise UserError(f"--captions {spec}: {entry.name} {problem}: remove it or fix it (a folder's "
                                    ".json and .jsonl entries are all scored)")
            found = named
            if not found:
                raise UserError(f"--captions {spec}: the folder holds no .json or .jsonl caption file")
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            raise UserError(f"caption file not found: {spec}")
    seen: dict[str, Path] = {}
    for path in files:
        name = path.stem
        if name in seen:
            same = os.path.realpath(seen[name]) == os.path.realpath(path)
            raise UserError(f"--captions names {path} twice" if same else
                            f"--captions {seen[name]} and {path} would both write {name}.json: rename one")
        seen[name] = path
    return files


def _unreadable(entry: Path) -> str | None:
    """Why a folder entry with a caption file's suffix cannot be read as one, or None."""
    import errno
    import stat

    try:
        info = os.stat(entry)
    except FileNotFoundError:
        return f"is a dangling symbolic link (to {os.readlink(entry)})" if os.path.islink(entry) else "vanished"
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "is a symbolic link loop"
        return f"cannot be read ({exc.strerror or exc})"
    if stat.S_ISDIR(info.st_mode):
        return "is a folder, not a caption file"
    if not stat.S_ISREG(info.st_mode):
        return "is not a regular file (a pipe, socket or device)"
    return None


def output_files(files: Sequence[Path], folder: str, suffix: str) -> list[Path]:
    """``FOLDER/NAME.SUFFIX`` for each caption file."""
    return [Path(folder) / f"{path.stem}{suffix}" for path in files]


def check_folders(folders: dict[str, str | None], files: Sequence[Path], inputs: dict[str, str | None]) -> None:
    """Refuse, before any scoring, output folders that could not take every report: a device
    path, a dataset directory, a file, a missing parent, or a report that would replace an input."""
    outputs: list[tuple[str, str | Path | None]] = []
    for option, folder in folders.items():
        if folder is None:
            continue
        check_folder(folder, option)
        path = Path(folder)
        if path.exists() and not path.is_dir():
            raise UserError(f"{option} {folder}: with several caption files it names a folder, and this is a file")
        if not path.exists():
            if not path.parent.is_dir() and str(path.parent) != "":
                raise UserError(f"{option} {folder}: the folder it goes in does not exist: {path.parent}")
            continue  # made when the reports are written; nothing in it can be an input yet
        suffix = ".json" if option == "--out" else ".jsonl"
        outputs.extend((option, p) for p in output_files(files, folder, suffix))
    check_outputs(outputs, {**inputs, **{f"--captions {p}": p for p in files}})


_EVALUATORS = threading.local()


def score_file(settings: Settings, path: Path) -> Scored:
    """One caption file's outputs, as a job (or a local step): the thread's Evaluator for these
    settings is kept between files, so the references are analysed once per thread."""
    from ..engine import fault_point
    from ..evaluation.core.gtd import Evaluator

    cached = getattr(_EVALUATORS, "cached", None)
    if cached is None or cached[0] != settings.evaluator:
        if cached is not None:
            cached[1].close()
        cached = (settings.evaluator, Evaluator(*settings.evaluator))
        _EVALUATORS.cached = cached
    fault_point()
    report = cached[1].evaluate(path, allow_missing=settings.allow_missing, include_meteor=settings.include_meteor,
                                several_captions=settings.several_captions)
    return Scored(report_bytes(report), details_bytes(report) if settings.details else None, dict(report.scores))


def close_evaluator() -> None:
    """End this thread's cached Evaluator (its parser's process, for ACE)."""
    cached = getattr(_EVALUATORS, "cached", None)
    if cached is not None:
        cached[1].close()
        _EVALUATORS.cached = None


def _here(settings: Settings, files: Sequence[Path]) -> Iterator[tuple[int, Scored]]:
    try:
        for n, path in enumerate(files):
            yield n, score_file(settings, path)
    finally:
        close_evaluator()


def _on_engine(engine: str, address: str | None, settings: Settings, files: Sequence[Path]
               ) -> Iterator[tuple[int, Scored]]:
    from ..engine import cluster, run_jobs

    with cluster(engine, address) as client:
        yield from run_jobs(client, score_file, [Path(os.path.abspath(p)) for p in files], settings)


def score_files(files: Sequence[Path], settings: Settings, engine: str | None = None, address: str | None = None,
                progress: bool = False) -> list[Scored]:
    """Every file's outputs, in the order given (one progress bar over the files)."""
    if engine is not None:
        from ..engine import require

        require(engine)
    scored: Iterable[tuple[int, Scored]] = (_here(settings, files) if engine is None
                                            else _on_engine(engine, address, settings, files))
    results: dict[int, Scored] = {}
    with progress_bar(len(files), "evaluate", progress, unit="file") as bar:
        for position, result in scored:
            results[position] = result
            bar.update(1)
    return [results[n] for n in range(len(files))]


def write_reports(files: Sequence[Path], results: Sequence[Scored], out: str, details: str | None) -> list[Path]:
    """FOLDER/NAME.json (and DETAILS/NAME.jsonl) of every file, written as one set."""
    planned: list[tuple[str | Path, bytes]] = list(zip(output_files(files, out, ".json"), (r.report for r in results)))
    if details is not None:
        planned += zip(output_files(files, details, ".jsonl"), (r.details or b"" for r in results))
    created: list[Path] = []
    try:
        for folder in dict.fromkeys(Path(f) for f in (out, details) if f is not None):
            if not folder.is_dir():
                folder.mkdir()
                created.append(folder)
        return [Path(p) for p in write_together(planned)]
    except OSError as exc:
        raise UserError(f"cannot create output folder {exc.filename}: {exc.strerror or exc}") from None
    except BaseException:
        for made in created:  # a failed write leaves no new (empty) folder behind
            made.rmdir()
        raise
