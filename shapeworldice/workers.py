"""Worker processes that never outlive the process that started them.

Every process pool of the package (dataset shards, the prior's world sample) comes from
:func:`process_pool`, so a build killed with ``kill -9`` or SIGTERM leaves no worker behind.
"""
from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable


def die_with_parent(parent: int) -> None:
    """Ask the kernel to kill this worker when its parent dies (Linux ``PR_SET_PDEATHSIG``), and
    exit at once if the parent is already gone."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1 = PR_SET_PDEATHSIG
        except (OSError, AttributeError):  # pragma: no cover - no prctl in this libc
            pass
    if os.getppid() != parent:
        os._exit(1)


def _start(parent: int, initializer: Callable[..., Any] | None, initargs: tuple[Any, ...]) -> None:
    die_with_parent(parent)
    if initializer is not None:
        initializer(*initargs)


def process_pool(workers: int, initializer: Callable[..., Any] | None = None,
                 initargs: tuple[Any, ...] = ()) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes (fork where the platform has it) tied to this process."""
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context(method),
                               initializer=_start, initargs=(os.getpid(), initializer, initargs))
