"""Parquet shards and atomic writes (temp file + rename) of shards and manifests.

A shard is a pure function of (definition, seed, split, shard index): its bytes do not depend
on the number of worker processes. The manifest (read by :mod:`.manifest`) lists every finished
shard with its sha256, so an interrupted build resumes by keeping verified shards and rebuilding
the rest.
"""
from __future__ import annotations

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
    """A shard's table, read in this thread: ``pq.read_table`` starts Arrow's CPU and I/O thread
    pools, whose C++ workers were still running when the interpreter exited and, in about one exit
    in twenty (more under load), were destroyed while joinable: "terminate called without an
    active exception", SIGABRT after the command's last line.  ``ParquetFile.read`` without threads
    or pre-buffering starts no pool (a shard is one small row group: nothing to parallelise)."""
    try:
        # a file object, not the path: pyarrow would read "run:1/..." as a URI of scheme "run"
        with open(path, "rb") as f:
            return pq.ParquetFile(f, pre_buffer=False).read(use_threads=False)
    except (OSError, pa.ArrowInvalid) as exc:
        raise UserError(f"corrupted shard {path}: {exc}".splitlines()[0]) from None


#: a dataset name is a plain folder name
NAME = re.compile(r"^[A-Za-z0-9_-]{1,100}$")
