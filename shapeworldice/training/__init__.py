"""Baseline captioners (Show&Tell, LRCN1u) trained on a built dataset and scored with GTD as they learn.

Needs the optional ``[train]`` extra (PyTorch). This module itself imports no torch, so the core
install can name the problem in one line instead of failing with a traceback.
"""
from __future__ import annotations

from ..errors import UserError

MODELS = ("lrcn1u", "showtell")


def require_torch() -> None:
    """Fail with one line when PyTorch is missing (the core install is torch-free)."""
    try:
        import torch  # noqa: F401
    except ImportError:
        raise UserError("training needs PyTorch: install the [train] extra "
                        "(pip install 'shapeworldice[train]')") from None


__all__ = ["MODELS", "require_torch"]
