"""Writing result files: output prefixes, CSV cells, figures with reproducible bytes.

The files themselves are written by :mod:`shapeworldice.safe_write` (atomic, never over an input,
a dataset or a device), re-exported here; figures are saved with a fixed SVG id salt and no
date or software stamp, so the same inputs give the same PNG and SVG bytes.
"""
from __future__ import annotations

import csv
import io
import json
import math
import os
from pathlib import Path
from typing import Any, Callable, Sequence

from ...errors import UserError
from ...safe_write import write_file, write_together

__all__ = ["write_file", "write_together", "bundle_files", "output_stem", "with_suffix", "csv_cell", "pyplot",
           "figure_bytes", "save_figure", "write_bundle", "check_owned",
           "FLOAT_DIGITS", "json_text", "rounded", "without_non_finite"]

#: the files of a robustness or variance prefix
BUNDLE_SUFFIXES = (".json", ".csv", ".png", ".svg")
#: fixed salt for the SVG element ids matplotlib would otherwise draw at random, so the bytes repeat
SVG_HASH_SALT = "shapeworldice"


def without_non_finite(value: Any, path: str = "", found: dict[str, str] | None = None) -> tuple[Any, dict[str, str]]:
    """``value`` with every NaN or infinite float replaced by None, and where each was
    (``{"scores.critic": "nan"}``): strict JSON has no NaN, and a parser that meets one rejects
    the whole file."""
    found = {} if found is None else found
    if isinstance(value, float) and not math.isfinite(value):
        found[path or "."] = repr(value)
        return None, found
    if isinstance(value, dict):
        return {k: without_non_finite(v, f"{path}.{k}" if path else str(k), found)[0] for k, v in value.items()}, found
    if isinstance(value, (list, tuple)):
        return [without_non_finite(v, f"{path}[{i}]", found)[0] for i, v in enumerate(value)], found
    if hasattr(value, "dtype") and hasattr(value, "item") and getattr(value, "ndim", None) == 0:  # a NumPy scalar
        return without_non_finite(value.item(), path, found)
    return value, found


#: the key under which a JSON output names the values that were not finite numbers (written as null)
NOT_FINITE = "not_finite"


#: significant digits a JSON output keeps of a float: the last bits of a score that went through the
#: linear-algebra library (a kernel matrix's eigenvalues, a dense product) depend on the kernel it
#: picks for the CPU, so writing every bit would make the same seed give different bytes on
#: different machines; twelve digits keep far more than any score's meaning
FLOAT_DIGITS = 12


def rounded(value: Any) -> Any:
    """``value`` with every finite float written to FLOAT_DIGITS significant digits."""
    if isinstance(value, float):
        return float(f"{value:.{FLOAT_DIGITS}g}") if math.isfinite(value) else value
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [rounded(v) for v in value]
    return value


def json_text(value: Any, **options: Any) -> str:
    """``json.dumps`` that never writes NaN or Infinity: each becomes null, and a top-level object
    gains ``"not_finite": {PATH: "nan", ...}`` saying which values were nulled and why. Floats are
    written to FLOAT_DIGITS significant digits, so the bytes are the same on any CPU."""
    clean, found = without_non_finite(value)
    clean = rounded(clean)
    if found and isinstance(clean, dict):
        clean[NOT_FINITE] = {path: f"{shown}: not a finite number, written as null" for path, shown in found.items()}
    return json.dumps(clean, allow_nan=False, **options)


def bundle_files(prefix: str | Path, suffixes: Sequence[str] = BUNDLE_SUFFIXES) -> list[tuple[str, Path]]:
    """The files an output prefix stands for, as ``("--out", PREFIX.SUFFIX)`` pairs to check."""
    stem = output_stem(prefix)
    return [("--out", with_suffix(stem, suffix)) for suffix in suffixes]


def check_owned(files: Sequence[tuple[str, Path]], is_ours: Callable[[Any], bool], command: str) -> None:
    """Refuse a prefix whose existing files an earlier run of ``command`` did not write: the first
    file (PREFIX.json) must hold what ``is_ours`` recognises, and the others may exist only beside it."""
    from ...safe_read import read_input

    (option, main_file), *others = files
    existing = [path for _, path in files if os.path.lexists(path)]
    if not existing:
        return
    if os.path.lexists(main_file):
        try:
            data = json.loads(read_input(main_file, "file").decode("utf-8"))
        except (UserError, ValueError, RecursionError):
            data = None
        if is_ours(data):
            return
        raise UserError(f"{option} {main_file} exists and is not a {command} result: refusing to replace it "
                        "(choose another --out)")
    raise UserError(f"{option} {existing[0]} exists and no {command} result is beside it: refusing to replace it "
                    "(choose another --out)")


def output_stem(prefix: str | Path) -> Path:
    """An output prefix without a known suffix; its folder must exist. An existing folder ``F``
    stands for ``F/F`` (``--out curves`` with a folder ``curves`` writes ``curves/curves.csv``, ...):
    a user who names a folder gets the files in it, not beside it."""
    prefix = Path(prefix)
    if prefix.is_dir():
        return prefix / (prefix.resolve().name or "out")
    if prefix.suffix.lower() in (".json", ".csv", ".png", ".svg"):
        prefix = prefix.with_suffix("")
    if prefix.parent and not prefix.parent.exists():
        raise UserError(f"output folder does not exist: {prefix.parent}")
    return prefix


def with_suffix(stem: Path, suffix: str) -> Path:
    return stem.parent / (stem.name + suffix)


def csv_cell(value: float | None) -> str:
    """A CSV cell: empty for None, else the float to FLOAT_DIGITS significant digits (as JSON has it)."""
    return "" if value is None else repr(rounded(float(value)))


def pyplot():
    """matplotlib's pyplot on the headless Agg backend."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


#: per format, the metadata that would change the bytes between runs or matplotlib versions
FIGURE_METADATA: dict[str, dict[str, Any]] = {"png": {"Software": None}, "svg": {"Date": None, "Creator": None}}


def figure_bytes(fig: Any, fmt: str) -> bytes:
    """A figure as PNG (dpi 120) or SVG bytes that repeat for the same figure: no date or
    software stamp, and SVG ids hashed with a fixed salt instead of a random one."""
    import matplotlib

    buffer = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": SVG_HASH_SALT}):
        fig.savefig(buffer, format=fmt, dpi=120, metadata=FIGURE_METADATA[fmt])
    return buffer.getvalue()


def save_figure(fig: Any, stem: Path) -> list[Path]:
    """STEM.png and STEM.svg of a figure (:func:`figure_bytes`), written as a pair; the figure
    is closed afterwards."""
    try:
        return write_together([(with_suffix(stem, f".{fmt}"), figure_bytes(fig, fmt)) for fmt in ("png", "svg")])
    finally:
        pyplot().close(fig)


def write_bundle(document: dict[str, Any], prefix: str | Path, header: Sequence[str], rows: Sequence[Sequence[Any]],
                 plot: Callable[[Path], list[Path]]) -> list[Path]:
    """PREFIX.json (a result's JSON ``document``), PREFIX.csv (``header`` + ``rows``) and the
    PNG/SVG that ``plot(stem)`` saves."""
    stem = output_stem(prefix)
    json_path = write_file(with_suffix(stem, ".json"), (json_text(document, indent=1) + "\n").encode("utf-8"))
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    csv_path = write_file(with_suffix(stem, ".csv"), buffer.getvalue().encode("utf-8"))
    return [json_path, csv_path, *plot(stem)]
