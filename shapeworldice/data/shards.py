"""Parquet shards and the manifest, written atomically (temp file + rename).

A shard is a pure function of (definition, seed, split, shard index): its bytes do not depend
on the number of worker processes. The manifest lists every finished shard with its sha256,
so an interrupted build resumes by keeping verified shards and rebuilding the rest.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import pyarrow as pa
import pyarrow.parquet as pq

from ..errors import UserError
from ..safe_read import loads_json

SCHEMA = pa.schema([
    ("id", pa.string()),
    ("image", pa.binary()),
    ("world", pa.string()),
    ("captions", pa.list_(pa.string())),
    ("semantics", pa.list_(pa.string())),
    ("templates", pa.list_(pa.string())),
    ("choices", pa.list_(pa.string())),
])


@dataclass(frozen=True)
class Row:
    """One instance as stored: PNG bytes, world-model JSON and aligned caption lists."""

    id: str
    image: bytes
    world: str
    captions: list[str]
    semantics: list[str]
    templates: list[str]
    choices: list[str]


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


UMASK = _umask()


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write a file so that readers see either nothing or the complete file."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise NotADirectoryError(20, "a parent of the path is not a directory", str(path)) from None
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(tmp, 0o666 & ~UMASK)  # mkstemp makes 0600; results are meant to be shared
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def atomic_write_json(path: Path, data: Any) -> None:
    atomic_write_bytes(path, (json.dumps(data, indent=2, sort_keys=True) + "\n").encode("utf-8"))


def shard_bytes(rows: Iterable[Row]) -> bytes:
    """Serialise rows to Parquet bytes deterministically (one row group, no timestamps)."""
    rows = list(rows)
    columns = {name: [getattr(r, name) for r in rows] for name in SCHEMA.names}
    table = pa.table(columns, schema=SCHEMA)
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd", row_group_size=max(1, len(rows)), write_statistics=False)
    return sink.getvalue().to_pybytes()


def read_shard(path: Path) -> pa.Table:
    try:
        return pq.read_table(path)
    except (OSError, pa.ArrowInvalid) as exc:
        raise UserError(f"corrupted shard {path}: {exc}".splitlines()[0]) from None


def read_manifest(directory: Path) -> dict[str, Any]:
    """The manifest of a dataset directory, checked for the fields every reader relies on."""
    path = directory / "manifest.json"
    if not path.is_file():
        if not directory.exists():
            raise UserError(f"dataset directory not found: {directory}")
        raise UserError(f"not a dataset directory (no manifest.json): {directory}")
    try:
        manifest = loads_json(path.read_text(encoding="utf-8"), f"corrupted manifest {path}")
    except UnicodeDecodeError as exc:
        raise UserError(f"corrupted manifest {path}: {exc}") from None
    except OSError as exc:
        raise UserError(f"cannot read manifest {path}: {exc.strerror}") from None
    problem = _manifest_problem(manifest)
    if problem:
        raise UserError(f"corrupted manifest {path}: {problem}")
    return manifest


#: the only shard paths a manifest may name: relative, inside their split's folder
SHARD_PATH = re.compile(r"^(train|validation|test)/part-[0-9]{5}\.parquet$")
#: a dataset name is a plain folder name
NAME = re.compile(r"^[A-Za-z0-9_-]{1,100}$")


def _is_int(value: Any, low: int = 0, high: int = 10**12) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _manifest_problem(m: Any) -> str | None:
    """What makes a parsed manifest unusable (a hand edit, a truncation), or None."""
    if not isinstance(m, dict):
        return "not a JSON object"
    for key, kind in (("name", str), ("definition", dict), ("seed", int), ("build", dict), ("signature", str),
                      ("splits", dict), ("shards", dict), ("complete", bool)):
        if not isinstance(m.get(key), kind):
            return f"missing or bad field {key!r}"
    if not NAME.match(m["name"]):
        return f"bad dataset name {m['name'][:80]!r}"
    definition = m["definition"]
    for key in ("world", "image", "splits", "captions"):
        if not isinstance(definition.get(key), dict):
            return f"missing or bad field 'definition.{key}'"
    if not _is_int(definition["image"].get("size"), 1, 1 << 16):
        return "missing or bad field 'definition.image.size'"
    return _shards_problem(m)


def _shards_problem(m: dict[str, Any]) -> str | None:
    for file, entry in m["shards"].items():
        if not SHARD_PATH.match(file):
            return f"bad shard path {file[:80]!r} (expected SPLIT/part-NNNNN.parquet)"
        if not isinstance(entry, dict) or not isinstance(entry.get("sha256"), str):
            return f"shard {file!r} has no sha256"
    for split in ("train", "validation", "test"):
        entry = m["splits"].get(split)
        if not isinstance(entry, dict) or not isinstance(entry.get("shards"), list):
            return f"missing or bad shard list of split {split!r}"
        if not _is_int(entry.get("captions_per_instance"), 1, 1 << 20):
            return f"missing or bad field 'splits.{split}.captions_per_instance'"
        if not _is_int(entry.get("instances")):
            return f"missing or bad field 'splits.{split}.instances'"
        if any(not isinstance(f, str) or f not in m["shards"] for f in entry["shards"]):
            return f"a shard of split {split!r} has no sha256"
    return None
