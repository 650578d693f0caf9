"""Where and how a run computes: device choice, determinism, mixed precision, compilation.

CPU is the default when no GPU is present; ``cuda`` without a GPU is a one-line error. On a GPU the
step runs under autocast (bf16 where supported, else fp16 with a gradient scaler) and can be
compiled with ``torch.compile(mode="reduce-overhead")``, which captures CUDA graphs: the model is
small, so a plain eager step is bound by kernel launches, not arithmetic.
"""
from __future__ import annotations

import contextlib
import os
from typing import Any, Callable, ContextManager

import torch

from ..errors import UserError


def resolve_device(name: str) -> str:
    """'auto' → cuda when available else cpu; 'cuda' without a GPU is a UserError."""
    if name not in ("auto", "cpu", "cuda"):
        raise UserError(f"unknown device {name!r} (expected auto, cpu or cuda)")
    available = torch.cuda.is_available()
    if name == "cuda" and not available:
        raise UserError("--device cuda: no CUDA GPU is available to PyTorch (use --device cpu or auto)")
    if name == "auto":
        return "cuda" if available else "cpu"
    return name


def default_precision(device: str) -> str:
    if device != "cuda":
        return "fp32"
    # emulated bf16 (pre-Ampere GPUs) is slow: those get fp16 with a loss scaler instead
    return "bf16" if torch.cuda.is_bf16_supported(including_emulation=False) else "fp16"


def make_deterministic(seed: int, device: str) -> None:
    """Same seed → same weights and captions on the same device (and the same thread count)."""
    if device == "cuda":  # cuBLAS needs a fixed workspace for reproducible results; set before first use
        os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
        torch.backends.cudnn.deterministic = True
        torch.backends.cudnn.benchmark = False
        torch.use_deterministic_algorithms(True, warn_only=True)  # name any op that cannot be made so
        # the model reads no uninitialised memory; filling every new buffer would add a kernel launch
        # per allocation to a launch-bound step
        torch.utils.deterministic.fill_uninitialized_memory = False  # type: ignore[attr-defined]
        torch.backends.cuda.matmul.allow_tf32 = True
        torch.backends.cudnn.allow_tf32 = True
    torch.manual_seed(seed)


def autocast(device: str, precision: str) -> Callable[[], ContextManager[Any]]:
    """A factory of the forward pass's autocast context (a no-op for fp32)."""
    if precision == "fp32":
        return contextlib.nullcontext
    dtype = torch.bfloat16 if precision == "bf16" else torch.float16
    return lambda: torch.autocast(device_type=device, dtype=dtype)


def grad_scaler(device: str, precision: str) -> torch.amp.GradScaler:
    """fp16 needs loss scaling; bf16 and fp32 do not (a disabled scaler is a pass-through)."""
    return torch.amp.GradScaler(device if device == "cuda" else "cpu", enabled=precision == "fp16")


def set_threads(device: str, threads: int | None) -> int:
    """Use ``threads`` CPU threads (default: 1 on a CPU, PyTorch's own choice beside a GPU).

    PyTorch takes every core by default; on a shared or small machine the small CPU models then
    run several times slower than on one thread (thread hand-offs dominate a batch-64 step).
    """
    if threads is not None and threads < 1:
        raise UserError(f"--threads must be at least 1 (got {threads})")
    if threads is None:
        threads = 1 if device == "cpu" else torch.get_num_threads()
    torch.set_num_threads(threads)
    return threads


def describe(device: str) -> str:
    """The hardware in words, for logs and benchmark output."""
    if device == "cuda":
        return torch.cuda.get_device_name()
    return f"CPU, {torch.get_num_threads()} thread(s)"
