"""Upper bounds of the studies' repetition counts, shared by the functions and the command line
(imports nothing, so ``--help`` stays fast).  Without them ``compare --draws 100000000`` and
``robustness --steps 100000000`` ended in a MemoryError traceback after minutes of work; the
bounds are far above what a 95% interval or a smooth curve needs.
"""
from __future__ import annotations

from ...errors import UserError

#: strengths γ of a robustness curve (γ every 0.01)
MAX_STEPS = 101
#: bootstrap draws of compare and validity: a (draws × images) weight matrix is held in memory
MAX_BOOTSTRAP_DRAWS = 10_000
#: reference subsets per size of variance (one CSV column each)
MAX_VARIANCE_DRAWS = 1_000


def check_count(name: str, value: int, low: int, high: int) -> None:
    """A repetition count must be an integer in [low, high]; the error names the option."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise UserError(f"--{name} must be an integer from {low:,} to {high:,}, got {value}")
