"""Exclusive locks for output folders, so concurrent runs refuse instead of mixing their files.

A lock is an ``flock`` on a hidden file next to the folder it guards (``.NAME.lock``); the
kernel releases it when its process ends, however it ends, so a killed run never blocks the
next one.  A second run that finds the lock held refuses with one line.  The holder removes the
file when it is done (a run killed with ``kill -9`` leaves it, and the next holder removes it):
a run that opened the file just before it was removed sees, once it holds the lock, that the
path no longer names its file and starts over, so two runs never both hold the lock.

:func:`terminated_cleanly` turns SIGTERM (``timeout``, a scheduler, ``docker stop``) into an
exception for the duration of a block, so the block's clean-up runs before the process ends.
"""
from __future__ import annotations

import os
import signal
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from ..errors import UserError

if sys.platform != "win32":  # POSIX; on Windows there is no locking
    import fcntl


def _same_file(fd: int, path: Path) -> bool:
    try:
        named = os.stat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def _acquire(path: Path, target: Path, what: str) -> int:
    """An open descriptor of the lock file ``path`` on which this process holds the lock."""
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
        except OSError as exc:
            raise UserError(f"cannot create lock file {path}: {exc.strerror}") from None
        if sys.platform == "win32":
            return fd
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise UserError(f"another run is {what} {target} right now; wait for it to finish") from None
        except BaseException:
            os.close(fd)
            raise
        if _same_file(fd, path):
            return fd
        os.close(fd)  # the previous holder removed this file after we opened it: take the new one


@contextmanager
def exclusive(target: Path, what: str) -> Iterator[None]:
    """Hold the lock of ``target`` (a folder, existing or not) or refuse: ``what`` names the work.
    The lock file is gone again when the block ends."""
    path = target.parent / f".{target.name}.lock"
    fd = _acquire(path, target, what)
    try:
        yield
    finally:
        try:
            if sys.platform != "win32":  # removed while still held: nobody can take a stale file
                path.unlink(missing_ok=True)
        finally:
            os.close(fd)


class Terminated(BaseException):
    """SIGTERM arrived inside :func:`terminated_cleanly` (a BaseException: nothing swallows it)."""


def _raise_terminated(signum: int, frame: Any) -> None:
    raise Terminated()


@contextmanager
def terminated_cleanly() -> Iterator[None]:
    """Run the block with SIGTERM raising :class:`Terminated`; when it does, the block's clean-up
    runs, then the signal is delivered again with the previous handler (by default the process
    ends as killed by SIGTERM).  Outside the main thread this changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    if previous is None:  # set outside Python: the default is the closest we can restore
        previous = signal.SIG_DFL
    try:
        yield
    except Terminated:
        signal.signal(signal.SIGTERM, previous)
        signal.raise_signal(signal.SIGTERM)
        raise  # a previous handler that returns: the caller still learns the block was stopped
    finally:
        signal.signal(signal.SIGTERM, previous)
