"""Exclusive locks for output folders, so concurrent runs refuse instead of mixing their files.

A lock is an ``flock`` on a hidden file next to the folder it guards (``.NAME.lock``); the
kernel releases it when its process ends, however it ends, so a killed run never leaves a
stale lock behind.  A second run that finds the lock held refuses with one line.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..errors import UserError

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: no locking
    fcntl = None  # type: ignore[assignment]


@contextmanager
def exclusive(target: Path, what: str) -> Iterator[None]:
    """Hold the lock of ``target`` (a folder, existing or not) or refuse: ``what`` names the work."""
    path = target.parent / f".{target.name}.lock"
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as exc:
        raise UserError(f"cannot create lock file {path}: {exc.strerror}") from None
    try:
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise UserError(f"another run is {what} {target} right now; wait for it to finish") from None
        yield
    finally:
        os.close(fd)
