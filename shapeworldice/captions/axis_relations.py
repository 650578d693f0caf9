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


def _tests(sample: WorldSample, kind: str, value: int, agree: bool) -> np.ndarray:
    """Agree (``agree``) or disagree ``[w, e, r]`` of axis relation ``kind`` under ``value`` in every
    world of ``sample`` (read-only: kept on the sample, handed to every candidate)."""
    main, other = (sample.x, sample.y) if kind == "x-rel" else (sample.y, sample.x)
    d_main = main[:, :, None] - main[:, None, :]
    if value != 1:  # times 1.0 is the very difference
        d_main = d_main * float(value)
    if agree:
        out = d_main > np.maximum(MIN_AXIS_DISTANCE, np.abs(other[:, :, None] - other[:, None, :]))
    else:
        out = -d_main > MIN_AXIS_DISTANCE
    if not sample.present.all():  # re-fills have no padding: the mask would change nothing
        real = sample.present[:, :, None] & sample.present[:, None, :]
        out = out & real if agree else out | ~real
    out.flags.writeable = False
    return out


def axis_tests(sample: WorldSample, kind: str, value: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """(agree, disagree) ``[w, e, r]`` of axis relation ``kind`` under ``value`` in every world of
    ``sample``, computed (not kept; read-only)."""
    return _tests(sample, kind, value, True), _tests(sample, kind, value, False)


def _kept(sample: WorldSample, kind: str, value: int, agree: bool) -> np.ndarray:
    """Agree or disagree under ``value`` ±1, kept on the sample for value 1 (each computed when first
    asked: the pooled evaluators ask only agree). Value −1 is value 1 with the two entities swapped:
    ``a − b`` is exactly ``−(b − a)`` in floating point and the other axis' distance is symmetric, so
    these are the very tests with ``value`` −1."""
    kept = kept_on(sample, f"_axis_{'agree' if agree else 'disagree'}_{kind}", lambda s: _tests(s, kind, 1, agree))
    return kept if value == 1 else kept.transpose(0, 2, 1)


def axis_relation(sample: WorldSample, kind: str, value: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`axis_tests` under ``value``, kept on the sample (value ±1)."""
    if value not in (1, -1):
        return axis_tests(sample, kind, value)
    return _kept(sample, kind, value, True), _kept(sample, kind, value, False)


def axis_agree(sample: WorldSample, kind: str, value: int, rows: np.ndarray | None = None) -> np.ndarray:
    """Agree ``[rows, e, r]`` of :func:`axis_relation` (every world where ``rows`` is None or names
    them all)."""
    agree = _kept(sample, kind, value, True) if value in (1, -1) else _tests(sample, kind, value, True)
    return agree if rows is None or len(rows) == sample.size else agree[rows]


__all__ = ["axis_agree", "axis_relation", "axis_tests"]
