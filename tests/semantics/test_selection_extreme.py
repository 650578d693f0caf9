"""The selector's pick by the sorted measure (:func:`extreme`) against its masks over every pair
(:func:`select`), on random worlds whose values sit on a coarse grid (ties, and differences at the
margin exactly, are frequent)."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.semantics.selection import MARGINS, extreme, pairs, proximity_pairs, select


def _columns(rng: np.random.Generator, worlds: int, n: int) -> dict[str, np.ndarray]:
    grid = lambda scale: rng.integers(0, 12, size=(worlds, n)) * scale  # noqa: E731
    return {"x": grid(0.05), "y": grid(0.05), "area": grid(0.0025), "shade": grid(0.1),
            "shape": np.zeros((worlds, n), dtype=np.int64), "color": np.zeros((worlds, n), dtype=np.int64)}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 8),
       predtype=st.sampled_from(["x-two", "x-max", "y-two", "y-max", "size-two", "size-max", "shade-two", "shade-max"]),
       value=st.sampled_from([-1, 1]))
def test_extreme_is_select_for_one_kind(seed, n, predtype, value):
    """Every scope (random), every world of 300: the same entity picked out, or none."""
    rng = np.random.default_rng(seed)
    cols = _columns(rng, 300, n)
    scope = rng.random((300, n)) < 0.6
    agree, relevant, beaten = pairs(predtype, value, cols)
    expected, disagree = select(predtype, 1, scope, scope, agree, relevant, beaten)
    kind = predtype.split("-")[0]
    column = {"x": "x", "y": "y", "size": "area", "shade": "shade"}[kind]
    other = {"x-two": cols["y"], "y-two": cols["x"]}.get(predtype)
    found = extreme(predtype.endswith("-two"), MARGINS[kind], cols[column] * float(value), scope, other)
    assert (found == expected).all()
    assert not (found & disagree).any()
    assert expected.any() or n < 2


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 8), two=st.booleans(), value=st.sampled_from([-1, 1]))
def test_extreme_is_select_for_proximity(seed, n, two, value):
    """Distances to one comparison entity (left out of the scope): the same pick as the masks."""
    rng = np.random.default_rng(seed)
    cols = _columns(rng, 300, n)
    at = rng.integers(0, n, size=300)
    w = np.arange(300)
    dist = np.hypot(cols["x"] - cols["x"][w, at][:, None], cols["y"] - cols["y"][w, at][:, None])
    scope = (rng.random((300, n)) < 0.7) & (np.arange(n)[None, :] != at[:, None])
    predtype = "proximity-two" if two else "proximity-max"
    agree, relevant, beaten = proximity_pairs(value, dist[:, :, None])
    expected, _ = select(predtype, 1, scope, scope, agree[..., 0], relevant[..., 0], beaten[..., 0])
    found = extreme(two, MARGINS["proximity"], dist * float(value), scope)
    assert (found == expected).all()
