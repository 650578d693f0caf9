"""Exclusive locks for output folders, so concurrent runs refuse instead of mixing their files.

A lock is an ``flock`` on a hidden file next to the folder it guards (``.NAME.lock``); the
kernel releases it when its process ends, however it ends, so a killed run never leaves a
stale lock behind.  A second run that finds the lock held refuses with one line.
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..errors import UserError

if sys.platform != "win32":  # POSIX; on Windows there is no locking
    import fcntl


@contextmanager
def exclusive(target: Path, what: str) -> Iterator[None]:
    """Hold the lock of ``target`` (a folder, existing or not) or refuse: ``what`` names the work."""
    path = target.parent / f".{target.name}.lock"
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as exc:
        raise UserError(f"cannot create lock file {path}: {exc.strerror}") from None
    try:
        if sys.platform != "win32":
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise UserError(f"another run is {what} {target} right now; wait for it to finish") from None
        yield
    finally:
        os.close(fd)
