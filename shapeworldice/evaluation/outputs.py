"""Writing result files: atomic writes with one-line errors, output prefixes, figures.

Every command that writes JSON, CSV or plots goes through here, so a failed run never leaves a
partial file and an unwritable path is one clear error.
"""
from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Callable, Sequence

from ..data.shards import UMASK, atomic_write_bytes
from ..errors import UserError


def write_file(path: str | Path, data: bytes) -> Path:
    path = Path(path)
    try:
        atomic_write_bytes(path, data)
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror}") from None
    return path


def write_together(files: Sequence[tuple[str | Path, bytes]]) -> list[Path]:
    """Replace several files as a set: every file is written to a temp file first, and only when
    all are complete are they renamed into place, so a failure (disk full) leaves every old file
    as it was and no new one."""
    temps: list[tuple[str, Path]] = []
    try:
        for path, data in files:
            path = Path(path)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
            temps.append((tmp, path))
            os.chmod(tmp, 0o666 & ~UMASK)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        for tmp, path in temps:
            os.replace(tmp, path)
    except OSError as exc:
        raise UserError(f"cannot write {exc.filename or 'results'}: {exc.strerror or exc}") from None
    finally:
        for tmp, _ in temps:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return [path for _, path in temps]


def _same_file(a: str | Path, b: str | Path) -> bool:
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def check_distinct(outputs: dict[str, str | Path | None], inputs: dict[str, str | Path | None]) -> None:
    """Refuse output paths that name the same file as each other or as an input (``--out`` equal to
    ``--details`` would lose the report; ``--out`` equal to the captions would overwrite them)."""
    named = [(option, path) for option, path in outputs.items() if path is not None]
    for k, (option, path) in enumerate(named):
        for other, other_path in named[k + 1:]:
            if _same_file(path, other_path):
                raise UserError(f"{option} and {other} name the same file: {path}")
        for source, source_path in inputs.items():
            if source_path is not None and _same_file(path, source_path):
                raise UserError(f"{option} would overwrite the input {source}: {path}")


def check_output_file(path: str | Path | None) -> None:
    """Fail before any work if a result file could not be written: its folder must exist."""
    if path is None:
        return
    parent = Path(path).parent
    if not parent.is_dir():
        raise UserError(f"output folder does not exist: {parent}")
    if Path(path).is_dir():
        raise UserError(f"output path is a directory: {path}")


def output_stem(prefix: str | Path) -> Path:
    """An output prefix without a known suffix; its folder must exist."""
    prefix = Path(prefix)
    if prefix.suffix.lower() in (".json", ".csv", ".png", ".svg"):
        prefix = prefix.with_suffix("")
    if prefix.parent and not prefix.parent.exists():
        raise UserError(f"output folder does not exist: {prefix.parent}")
    return prefix


def with_suffix(stem: Path, suffix: str) -> Path:
    return stem.parent / (stem.name + suffix)


def csv_cell(value: float | None) -> str:
    """A CSV cell: empty for None, else the float's shortest exact repr."""
    return "" if value is None else repr(float(value))


def pyplot():
    """matplotlib's pyplot on the headless Agg backend."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save_figure(fig: Any, stem: Path) -> list[Path]:
    """PNG (dpi 120) and SVG (no date: reproducible bytes) of a figure, written atomically;
    the figure is closed afterwards."""
    written = []
    try:
        for suffix in (".png", ".svg"):
            buffer = io.BytesIO()
            fig.savefig(buffer, format=suffix[1:], dpi=120, metadata={"Date": None} if suffix == ".svg" else None)
            written.append(write_file(with_suffix(stem, suffix), buffer.getvalue()))
    finally:
        pyplot().close(fig)
    return written


def write_bundle(result: dict[str, Any], prefix: str | Path, header: Sequence[str], rows: Sequence[Sequence[Any]],
                 plot: Callable[[dict[str, Any], Path], list[Path]]) -> list[Path]:
    """PREFIX.json (the result), PREFIX.csv (``header`` + ``rows``) and the plot's PNG/SVG."""
    stem = output_stem(prefix)
    json_path = write_file(with_suffix(stem, ".json"), (json.dumps(result, indent=1) + "\n").encode("utf-8"))
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    csv_path = write_file(with_suffix(stem, ".csv"), buffer.getvalue().encode("utf-8"))
    return [json_path, csv_path, *plot(result, stem)]
