"""What a training run folder is, so that no command replaces a file of one and no run takes over
a folder that is not its own.

``train`` and ``critic train`` write ``config.json`` into their run folder first, marked with
``"run": "train"`` or ``"run": "critic"`` (runs made before the mark are recognised by their
keys).  A folder whose ``config.json`` is such a config is a run folder of that kind; any other
folder with something in it is a user's folder, which a run never writes into.

This module imports neither PyTorch nor NumPy: every command's output check uses it.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .errors import UserError

CONFIG = "config.json"
#: the kinds of run and the command that makes each
KINDS = {"train": "train", "critic": "critic train"}
#: a run's config.json is small (settings and a vocabulary); a larger file is not one
_MAX_CONFIG_BYTES = 16 * 2**20


def run_kind(folder: str | Path) -> str | None:
    """``"train"`` or ``"critic"`` when ``folder`` holds that kind of run's ``config.json``, else None."""
    data = _config(Path(folder) / CONFIG)
    if not isinstance(data, dict):
        return None
    mark = data.get("run")
    if mark in KINDS:
        return str(mark)
    if mark is not None or not isinstance(data.get("config"), dict) or not isinstance(data.get("vocabulary"), list):
        return None
    if "data" not in data or "dataset" not in data:
        return None
    return "critic" if "image_size" in data else "train"


def _config(path: Path) -> Any:
    try:
        if not path.is_file() or path.stat().st_size > _MAX_CONFIG_BYTES:
            return None
        return json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None


def check_run_folder(run_dir: str | Path, kind: str, option: str = "--out") -> None:
    """Refuse a ``run_dir`` that exists and is not a folder, or is a folder with something in it
    that is not a ``kind`` run: a run never replaces a user's files (or another kind of run's)."""
    run_dir = Path(run_dir)
    if not os.path.lexists(run_dir):
        return
    if not run_dir.is_dir():
        raise UserError(f"{option} {run_dir} exists and is not a folder")
    try:
        empty = next(os.scandir(run_dir), None) is None
    except OSError as exc:
        raise UserError(f"cannot read {option} {run_dir}: {exc.strerror or exc}") from None
    if empty:
        return
    found = run_kind(run_dir)
    if found == kind:
        return
    if found is not None:
        raise UserError(f"{option} {run_dir} holds a '{KINDS[found]}' run, not a '{KINDS[kind]}' one: choose "
                        "another folder")
    raise UserError(f"{option} {run_dir} is not empty and not a '{KINDS[kind]}' run folder (no run's {CONFIG}): "
                    "refusing to replace its files; choose a new or empty folder")


def owning_run(path: str | Path) -> Path | None:
    """The run folder ``path`` is a file of (its parent, when that is a run folder), or None."""
    parent = Path(os.path.realpath(path)).parent
    return parent if run_kind(parent) is not None else None
