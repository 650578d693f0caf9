"""Where the package's data folders are: the grammar files and the dataset definitions.

In a checkout (and an editable install) they are the repository's top-level ``grammar/`` and
``datasets/``; an installed wheel carries them as ``shapeworldice/_grammar`` and
``shapeworldice/_datasets``. An environment variable overrides either.
"""
from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def resource_dir(name: str, env: str, marker: str) -> Path | None:
    """The folder ``name`` (``grammar`` or ``datasets``) holding ``marker`` (a file or glob)."""
    override = os.environ.get(env)
    if override:
        return Path(override)
    for candidate in (_PACKAGE / f"_{name}", _PACKAGE.parent / name):
        if candidate.is_dir() and any(candidate.glob(marker)):
            return candidate
    return None
