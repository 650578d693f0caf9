"""Where a build writes: a local path, a filesystem URI, or a pyarrow filesystem object.

``generate --out`` (and ``generate(out=...)``) takes a plain path, as always, or a URI that
pyarrow's filesystem layer resolves (``pyarrow.fs.FileSystem.from_uri``): ``file:///shared/data``
names a folder every cluster worker sees at the same path (NFS, Lustre, a mounted volume).  From
Python, ``out`` may also be a ``pyarrow.fs`` filesystem (its root: a ``SubTreeFileSystem`` stands
for its base path) or a ``(filesystem, path)`` pair.

A build needs a filesystem with a local view: its lock is an ``flock``, its shards are written
to a temp name and renamed (atomic on POSIX filesystems), and the loader, the floors and every
scoring command read the dataset through local paths.  So each destination is resolved to the
local folder it names, and the build runs there exactly as it does for a plain path (same
bytes, same lock, same resume).  A destination without a local view (``s3://``, ``gs://``,
``hdfs://``, an in-memory filesystem) is refused in one line before anything is written; the
documentation says how to use a bucket (through a mount) and what native object-store output
would need.  A URI is parsed without contacting any server; one with a query or a fragment
(``?x=1``, ``#3``) is refused, since pyarrow would drop it and write elsewhere.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Union

from .errors import UserError

#: ``scheme://``: what makes an ``--out`` text a URI rather than a path
_URI = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
#: ``file:x`` / ``local:/x``: a local scheme without ``//``, which pyarrow and a path would read differently
_SCHEME_ONLY = re.compile(r"^(?:file|local):", re.I)
#: the URI schemes pyarrow resolves to its local filesystem
LOCAL_SCHEMES = ("file", "local")
#: schemes of filesystems without a local view, refused before pyarrow would contact their servers
REMOTE_SCHEMES = ("s3", "gs", "gcs", "hdfs", "viewfs", "abfs", "abfss", "az", "mock")

Destination = Union[str, "os.PathLike[str]", Any]


def is_uri(text: str) -> bool:
    """Whether ``text`` is a URI (``scheme://...``) rather than a path."""
    return _URI.match(text) is not None


def local_folder(out: Destination, option: str = "--out") -> Path:
    """The local folder a destination names (see the module docstring), or ``UserError``.

    A plain path is returned as ``Path(out)``, unchanged (relative paths stay relative)."""
    if isinstance(out, tuple):
        if len(out) != 2 or not isinstance(out[1], str):
            raise UserError(f"{option}: a (filesystem, path) pair is expected, got {out!r}")
        return _local_view(out[0], out[1], option, f"{out[1]} on {type(out[0]).__name__}")
    if _is_filesystem(out):
        return _local_view(out, "", option, type(out).__name__)
    text = os.fspath(out)
    if not text.strip():
        raise UserError(f"{option} is empty: give a folder path or a file:// URI")
    if "\x00" in text:
        raise UserError(f"{option} holds a NUL character")
    match = _URI.match(text)
    if match is None:
        if "://" in text or _SCHEME_ONLY.match(text):
            raise UserError(f"{option} {text} is neither a path nor a filesystem URI (scheme://...): "
                            "give a folder path or a file:/// URI")
        return Path(text)
    scheme = match.group(1).lower()
    if scheme in REMOTE_SCHEMES:
        raise UserError(_no_local_view(option, text))
    for mark, part in (("#", "fragment"), ("?", "query")):
        if mark in text:  # pyarrow drops both: file:///x/run#3 would write into /x/run
            raise UserError(f"{option} {text} has a {part} ({mark}...), which names no folder and pyarrow would "
                            f"drop; give a plain path for a folder name with '{mark}' in it")
    from pyarrow.fs import FileSystem

    try:
        filesystem, path = FileSystem.from_uri(text)
    except (ValueError, OSError) as exc:  # pyarrow.ArrowInvalid is a ValueError
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise UserError(f"{option} {text} is not a usable filesystem URI: {reason}") from None
    return _local_view(filesystem, path, option, text)


def _is_filesystem(value: Any) -> bool:
    try:
        from pyarrow.fs import FileSystem
    except ImportError:  # pragma: no cover - pyarrow is a dependency
        return False
    return isinstance(value, FileSystem)


def _local_view(filesystem: Any, path: str, option: str, shown: str) -> Path:
    """``path`` on ``filesystem`` as a local path (through any ``SubTreeFileSystem`` layers)."""
    from pyarrow.fs import LocalFileSystem, SubTreeFileSystem

    if not _is_filesystem(filesystem):
        raise UserError(f"{option}: not a pyarrow filesystem: {type(filesystem).__name__}")
    inner = path
    while isinstance(filesystem, SubTreeFileSystem):
        inner = filesystem.base_path.rstrip("/") + "/" + inner.lstrip("/")
        filesystem = filesystem.base_fs
    if not isinstance(filesystem, LocalFileSystem):
        raise UserError(_no_local_view(option, shown, filesystem.type_name))
    if not inner or not os.path.isabs(inner):
        raise UserError(f"{option} {shown}: the folder must be an absolute path on the local filesystem")
    if "\x00" in inner:
        raise UserError(f"{option} {shown}: the path holds a NUL character")
    if os.path.normpath(inner) == "/":
        raise UserError(f"{option} {shown}: the filesystem's root is no place for datasets; name a folder")
    return Path(os.path.normpath(inner))


def _no_local_view(option: str, shown: str, kind: str | None = None) -> str:
    what = f"a {kind} filesystem" if kind else "this filesystem"
    return (f"{option} {shown}: {what} has no local view, which a build needs (its lock, atomic renames and the "
            "loader's reads); mount it and give the mount's path or file:// URI (docs/scale.md)")
