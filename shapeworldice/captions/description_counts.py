"""How many entities of each world of a sample fit each description, counted once per sample.

A pool candidate's truth in a world first asks how many entities fit its descriptions (a proximity
caption needs one comparison entity, some subject and some reference entity); asked candidate by
candidate as a product of the sample's object-type census with the candidate's descriptions, that
product was most of the cost of one candidate on a prior span of thousands of worlds. Here a large
sample's census is multiplied once with every description (description codes × worlds, 32-bit
floats: the counts are small integers, exact) and kept on the sample, so a candidate's counts are a
gather of its rows (contiguous: a third of the cost of gathering columns of worlds × codes); a small
one (a few re-fills, asked by few candidates) counts the descriptions asked for alone, as before.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from .describe import FITS, description_code, description_parts, kept_on, sample_types

#: every description's fits as 32-bit floats (description codes × object types + padding)
_FITS32 = FITS.astype(np.float32)


#: samples of at least this many worlds (a prior span) keep every description's counts; a smaller one
#: (a world's or a donor's re-fills, asked by few candidates) counts the descriptions asked for alone
KEPT_COUNT_WORLDS = 256


def _count(sample: Any) -> np.ndarray:
    """How many entities of each world fit each description (description codes × worlds)."""
    return _FITS32 @ sample_types(sample)[1].T.astype(np.float32)


def description_counts(sample: Any, codes: list[int] | np.ndarray) -> np.ndarray:
    """How many entities of each world of ``sample`` fit each description of ``codes`` (worlds × codes,
    exact small integers), from every description's counts kept on a large sample (a prior span is
    asked by every candidate), or from the census for these descriptions alone on a small one."""
    if sample.size >= KEPT_COUNT_WORLDS and hasattr(sample, "__dict__"):
        return kept_on(sample, "_description_counts", _count)[codes].T
    census = sample_types(sample)[1]
    return census @ FITS[codes].T.astype(census.dtype)


def conjunction(first: int, second: int) -> int | None:
    """The description code of entities that fit both descriptions (None: no entity fits both, they
    name two values of one kind; a part not named is −1)."""
    s1, c1 = (int(v) for v in description_parts(np.asarray(first)))
    s2, c2 = (int(v) for v in description_parts(np.asarray(second)))
    if (s1 >= 0 and s2 >= 0 and s1 != s2) or (c1 >= 0 and c2 >= 0 and c1 != c2):
        return None
    return int(description_code(np.asarray(max(s1, s2)), np.asarray(max(c1, c2))))


__all__ = ["KEPT_COUNT_WORLDS", "conjunction", "description_counts"]
