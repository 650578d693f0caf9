"""Worker processes that never outlive the process that started them.

Every process pool of the package (dataset shards, the prior's world sample) comes from
:func:`process_pool`, so a build killed with ``kill -9`` or SIGTERM leaves no worker behind, and
no pool has more processes than it has jobs or than the machine has cores (``--workers 48`` on a
small build or a small machine forks what is useful, not 48).
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


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the platform tells it)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def pool_size(workers: int, jobs: int) -> int:
    """How many processes a pool for ``jobs`` jobs gets when ``workers`` are asked for."""
    return max(1, min(workers, jobs, cores()))


def process_pool(workers: int, jobs: int, initializer: Callable[..., Any] | None = None,
                 initargs: tuple[Any, ...] = ()) -> ProcessPoolExecutor:
    """A pool for ``jobs`` jobs of at most ``workers`` processes (:func:`pool_size`; fork where the
    platform has it), tied to this process."""
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    return ProcessPoolExecutor(max_workers=pool_size(workers, jobs), mp_context=multiprocessing.get_context(method),
                               initializer=_start, initargs=(os.getpid(), initializer, initargs))
