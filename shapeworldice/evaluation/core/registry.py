"""The per-caption measures every report computes, in report order, and how to add one."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from .claim_measures import ClaimMeasures
from .informativeness import Informativeness
from .measures import CaptionMeasure
from .skill_truth import SkillTruth

__all__ = ["CAPTION_MEASURES", "caption_measures", "measure_of", "registered"]

#: the registered measures, in report order (their keys' order is the report's)
CAPTION_MEASURES: list[CaptionMeasure] = [Informativeness(), SkillTruth(), ClaimMeasures()]


def caption_measures() -> tuple[CaptionMeasure, ...]:
    """The registered per-caption measures, in report order."""
    return tuple(CAPTION_MEASURES)


def measure_of(key: str) -> CaptionMeasure | None:
    """The registered measure giving score ``key`` (None: no per-caption measure gives it)."""
    return next((m for m in CAPTION_MEASURES if key in m.keys), None)


@contextmanager
def registered(*measures: CaptionMeasure) -> Iterator[None]:
    """The registry with ``measures`` added at the end for the duration of a ``with`` block."""
    known = {k for m in CAPTION_MEASURES for k in m.keys}
    clash = sorted(known & {k for m in measures for k in m.keys})
    if clash:
        raise ValueError(f"measure keys already registered: {', '.join(clash)}")
    CAPTION_MEASURES.extend(measures)
    try:
        yield
    finally:
        for m in measures:
            CAPTION_MEASURES.remove(m)
