"""The axis relations (left of / right of / above / below) between every two entities of every world
of a sample, at once and kept on the sample: a prior span, a world's re-fills and a donor's kept
re-fills are asked about by many candidates of the pooled and coreference evaluators, over four
relations.

The tests are :func:`~..semantics.relations.conditions`' elementwise ones: ``x`` agrees with ``y``
under value ``v`` where ``v·(main(x) − main(y))`` exceeds both the margin and the other axis'
distance, and disagrees where ``−v·(main(x) − main(y))`` exceeds the margin. Pairs with padding
agree with nothing and disagree with everything (as the evaluator's batches). An entity never
agrees with itself (a distance of 0 is not above the margin), so no diagonal mask is needed.
"""
from __future__ import annotations

import numpy as np

from ..semantics.truth import MIN_AXIS_DISTANCE
from ..world.columns import WorldSample
from .describe import kept_on


def axis_tests(sample: WorldSample, kind: str, value: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """(agree, disagree) ``[w, e, r]`` of axis relation ``kind`` under ``value`` in every world of
    ``sample``, computed (not kept; read-only)."""
    main, other = (sample.x, sample.y) if kind == "x-rel" else (sample.y, sample.x)
    d_main = (main[:, :, None] - main[:, None, :]) * float(value)
    agree = d_main > np.maximum(MIN_AXIS_DISTANCE, np.abs(other[:, :, None] - other[:, None, :]))
    disagree = -d_main > MIN_AXIS_DISTANCE
    real = sample.present[:, :, None] & sample.present[:, None, :]
    agree, disagree = agree & real, disagree | ~real
    agree.flags.writeable = disagree.flags.writeable = False  # kept on the sample, handed to every candidate
    return agree, disagree


def axis_relation(sample: WorldSample, kind: str, value: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`axis_tests` under ``value``, kept on the sample. Value −1 is value 1 with the two
    entities swapped: ``a − b`` is exactly ``−(b − a)`` in floating point and the other axis'
    distance is symmetric, so these are the very tests with ``value`` −1."""
    if value not in (1, -1):
        return axis_tests(sample, kind, value)
    agree, disagree = kept_on(sample, f"_axis_{kind}", lambda s: axis_tests(s, kind))
    return (agree, disagree) if value == 1 else (agree.transpose(0, 2, 1), disagree.transpose(0, 2, 1))


def axis_agree(sample: WorldSample, kind: str, value: int, rows: np.ndarray | None = None) -> np.ndarray:
    """Agree ``[rows, e, r]`` of :func:`axis_relation` (every world where ``rows`` is None or names
    them all)."""
    agree = axis_relation(sample, kind, value)[0]
    return agree if rows is None or len(rows) == sample.size else agree[rows]


__all__ = ["axis_agree", "axis_relation", "axis_tests"]
