"""Model checkpoints of a run: ``RUN_DIR/model-ITER.pt`` with weights, optimiser state, settings
and vocabulary — everything ``--resume`` needs to continue the same run exactly.  They hold only
tensors and plain data and are always loaded weights-only (:func:`read`): loading one never runs code.

Every checkpoint is kept (truthfulness can peak and then fall, so the best one is often not
the last); files are written atomically, so a run stopped mid-write leaves the previous one.
"""
from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import torch

from ..data.shards import atomic_write_bytes
from ..errors import UserError

_NAME = re.compile(r"model-(\d+)\.pt")


def checkpoint_path(run_dir: Path, iteration: int) -> Path:
    return run_dir / f"model-{iteration}.pt"


def saved_iterations(run_dir: Path) -> list[int]:
    """Iterations with a model checkpoint in ``run_dir``, ascending."""
    if not run_dir.is_dir():
        return []
    found = (_NAME.fullmatch(p.name) for p in run_dir.iterdir())
    return sorted(int(m.group(1)) for m in found if m)


def save(run_dir: Path, iteration: int, state: dict[str, Any]) -> Path:
    path = checkpoint_path(run_dir, iteration)
    buffer = io.BytesIO()
    torch.save({"iteration": iteration, **state}, buffer)
    try:
        atomic_write_bytes(path, buffer.getvalue())
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror}") from None
    return path


def load_latest(run_dir: Path) -> dict[str, Any]:
    """The newest checkpoint of a run, on the CPU (the caller moves tensors to its device)."""
    iterations = saved_iterations(run_dir)
    if not iterations:
        raise UserError(f"--resume: no model checkpoint (model-ITER.pt) in {run_dir}")
    return read(checkpoint_path(run_dir, iterations[-1]))


def read(path: Path, what: str = "checkpoint") -> dict[str, Any]:
    """A checkpoint's contents on the CPU, loaded weights-only: tensors and plain data (dicts,
    lists, numbers, strings) and nothing else, so a checkpoint someone shared cannot run code
    here.  A file that is truncated, foreign or holds any other object is one line naming it."""
    try:
        state = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as exc:  # truncated, foreign, or a pickle of anything but weights
        reason = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise UserError(f"cannot read {what} {path} as weights only (tensors and plain data): {reason}") from None
    if not isinstance(state, dict):
        raise UserError(f"cannot read {what} {path}: not a checkpoint (a {type(state).__name__})")
    return state
