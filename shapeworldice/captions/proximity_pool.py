"""Every proximity caption a world admits, with the probability :class:`~.selection.ProximitySampler`
draws it, and the truth of all of them in many worlds at once.

A proximity caption "A <T> is closer to / farther from the <C> than a <R>." is true of a world when
exactly one of its entities is a C (call it c) and some T entity ``e`` and R entity ``r`` make
``e`` clearly closer to (farther from) ``c`` than ``r`` (:func:`~..semantics.proximity.ternary`):
the evaluator's reading of its logical form, computed here from the worlds' columns for every
candidate at once (the tests compare the two on random worlds). A view bound asks this of a world's
re-fills for a whole pool, and of the prior sample and donor re-fills for one candidate at a time.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..semantics.components import Existential, Relation, Selector
from ..semantics.proximity import PROXIMITY_VALUES, ternary
from ..semantics.truth import MIN_DISTANCE
from ..world.columns import WorldSample
from ..world.model import World
from .block_truth import side_by_side
from .describe import (DESCRIPTION_CODES, FITS, KIND_LAW, description_code, description_matches, entity_type,
                       kind_codes, sample_types)
from .description_counts import description_counts

#: the range of :attr:`ProximityPool.codes`
MEANING_CODES = len(PROXIMITY_VALUES) * DESCRIPTION_CODES ** 3
#: a unique comparison's kinds, in the order the sampler lists them (both, shape, colour)
_UNIQUE_KINDS = ((True, True), (True, False), (False, True))


@dataclass(frozen=True)
class ProximityPool:
    """The distinct meanings the sampler can draw for one world: candidate ``k`` is relation value
    ``value[k]`` with subject, reference and comparison descriptions ``subject[k]``,
    ``reference[k]``, ``comparison[k]`` (codes), drawn with probability ``weight[k]``."""

    value: np.ndarray
    subject: np.ndarray
    reference: np.ndarray
    comparison: np.ndarray
    weight: np.ndarray

    def __len__(self) -> int:
        return len(self.weight)

    @property
    def codes(self) -> np.ndarray:
        """One number per candidate that names its meaning in every world, below :data:`MEANING_CODES`."""
        v = (self.value > 0).astype(np.int64)
        return ((v * DESCRIPTION_CODES + self.subject) * DESCRIPTION_CODES + self.reference) * DESCRIPTION_CODES \
            + self.comparison


def proximity_pool(world: World) -> ProximityPool:
    """Every meaning one try of the sampler can return for ``world``, with the probability that a
    successful try returns it: a value (uniform), a triple that agrees under it (uniform), one of the
    comparison's unique descriptions (uniform), the subject's and the reference's kinds (the type
    captioner's law); the weights of the tries that lead to one meaning are summed and normalised
    (the sampler repeats failed tries, so it returns the law of a successful one)."""
    a = world.arrays
    shape, color = np.asarray(a.shape, dtype=np.int64), np.asarray(a.color, dtype=np.int64)
    n = len(shape)
    own = np.stack([description_code(np.where(s, shape, -1), np.where(c, color, -1)) for s, c in _UNIQUE_KINDS])
    counts = (own[:, :, None] == own[:, None, :]).sum(axis=2) if n else own  # [kind, entity]: entities so described
    unique = counts == 1  # [kind, entity]
    kinds = kind_codes(world)
    kind_p = np.array([p for _, _, p in KIND_LAW])
    parts = []
    for v in PROXIMITY_VALUES:
        agree, _ = ternary(v, np.asarray(a.x, dtype=float), np.asarray(a.y, dtype=float))
        triples = np.argwhere(agree)
        if not len(triples):
            continue
        e, r, c = triples.T
        options = unique[:, c].sum(axis=0)  # unique descriptions of each triple's comparison
        for u in range(3):
            mine = np.flatnonzero(unique[u, c])
            if not len(mine):
                continue
            base = 0.5 / len(triples) / options[mine]
            # every (subject kinds, reference kinds) at once, in the order of the two loops over KIND_LAW
            grid = (len(KIND_LAW), len(KIND_LAW), len(mine))
            parts.append((np.full(grid[0] * grid[1] * grid[2], v),
                          np.broadcast_to(kinds[:, None, e[mine]], grid).reshape(-1),
                          np.broadcast_to(kinds[None, :, r[mine]], grid).reshape(-1),
                          np.broadcast_to(own[u, c[mine]], grid).reshape(-1),
                          (base[None, None, :] * kind_p[:, None, None] * kind_p[None, :, None]).reshape(-1)))
    if not parts:
        empty = np.zeros(0, dtype=np.int64)
        return ProximityPool(empty, empty, empty, empty, np.zeros(0))
    value, subject, reference, comparison, weight = (np.concatenate(x) for x in zip(*parts))
    codes = (((value > 0) * DESCRIPTION_CODES + subject) * DESCRIPTION_CODES + reference) * DESCRIPTION_CODES \
        + comparison
    distinct, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
    total = np.bincount(inverse.reshape(-1), weights=weight, minlength=len(distinct))
    return ProximityPool(value[first].astype(np.int64), subject[first], reference[first], comparison[first],
                         total / total.sum())


def caption(pool: ProximityPool, k: int) -> Existential:
    """Candidate ``k`` of ``pool`` as the caption the sampler writes."""
    return Existential(entity_type(int(pool.subject[k])),
                       Relation("proximity-rel", int(pool.value[k]), entity_type(int(pool.reference[k])),
                                Selector("unique", entity_type(int(pool.comparison[k])))))


def _relation(value: int, x: np.ndarray, y: np.ndarray, at: np.ndarray) -> np.ndarray:
    """``ternary(value, x, y)[0][..., e, r, c]`` at the comparison ``c = at`` of each world (``x``, ``y``:
    worlds × entities; ``at``: any leading axes × worlds): the same distances and differences,
    computed for that one comparison only."""
    worlds = np.arange(x.shape[0])
    dx = x[None] - x[worlds, at][..., None] if at.ndim == 2 else x - x[worlds, at][:, None]
    dy = y[None] - y[worlds, at][..., None] if at.ndim == 2 else y - y[worlds, at][:, None]
    d = np.hypot(dx, dy)  # [..., w, e]: distance of each entity to the comparison
    diff = (d[..., :, None] - d[..., None, :]) * float(value)
    idx = np.arange(x.shape[1])
    distinct = (idx[:, None] != idx[None, :]) & (idx[:, None] != at[..., None, None]) \
        & (idx[None, :] != at[..., None, None])
    return distinct & (diff > MIN_DISTANCE)


def truth_table(pool: ProximityPool, sample: WorldSample) -> np.ndarray:
    """Whether each candidate of ``pool`` is true in each world of ``sample`` (candidates × worlds):
    per value, per comparison description, per world the ternary relation at the one entity it
    describes, summed over the subject's and the reference's entities by two products."""
    out = np.zeros((len(pool), sample.size), dtype=bool)
    if not len(pool) or not sample.size:
        return out
    for v in PROXIMITY_VALUES:
        mine = np.flatnonzero(pool.value == v)
        if not len(mine):
            continue
        subjects, s_at = np.unique(pool.subject[mine], return_inverse=True)
        references, r_at = np.unique(pool.reference[mine], return_inverse=True)
        comparisons, c_at = np.unique(pool.comparison[mine], return_inverse=True)
        compared = description_matches(comparisons, sample)  # [C, w, c]
        one = compared.sum(axis=2) == 1
        at = compared.argmax(axis=2)  # the one C of each world, where there is one
        relation = _relation(v, sample.x, sample.y, at).astype(np.float32)  # [C, w, e, r]
        subject = description_matches(subjects, sample).astype(np.float32).transpose(1, 0, 2)  # [w, T, e]
        reference = description_matches(references, sample).astype(np.float32).transpose(1, 2, 0)  # [w, r, R]
        held = (subject[None] @ relation @ reference[None]) > 0  # [C, w, T, R]
        out[mine] = held[c_at.reshape(-1), :, s_at.reshape(-1), r_at.reshape(-1)] & one[c_at.reshape(-1)]
    return out


def truth_of(pool: ProximityPool, k: int, sample: WorldSample) -> np.ndarray:
    """Whether candidate ``k`` of ``pool`` is true in each world of ``sample`` (one column of
    :func:`truth_table`, at the cost of one candidate)."""
    described = [int(pool.subject[k]), int(pool.reference[k]), int(pool.comparison[k])]
    counts = description_counts(sample, described)  # [w, (T, R, C)]: how many entities fit, per world
    rows = np.flatnonzero((counts[:, 2] == 1) & (counts[:, 0] > 0) & (counts[:, 1] > 0))
    out = np.zeros(sample.size, dtype=bool)
    if not len(rows):
        return out
    subject, reference, compared = FITS[described][:, sample_types(sample)[0][rows]]  # [rows, e] each
    out[rows] = _some_pair(int(pool.value[k]), sample.x[rows], sample.y[rows], compared.argmax(axis=1),
                           subject, reference)
    return out


def truth_on_blocks(pool: ProximityPool, k: int, blocks: Sequence[WorldSample]) -> np.ndarray:
    """:func:`truth_of` in the worlds of ``blocks`` one after another (the same answers as on them
    stacked), from each block's kept object types and its positions laid side by side."""
    types, cols = side_by_side(blocks, ("x", "y"))
    fits = FITS[[int(pool.subject[k]), int(pool.reference[k]), int(pool.comparison[k])]][:, types]  # [3, w, e]
    counts = fits.sum(axis=2)  # [(T, R, C), w]
    rows = np.flatnonzero((counts[2] == 1) & (counts[0] > 0) & (counts[1] > 0))
    out = np.zeros(len(types), dtype=bool)
    if len(rows):
        subject, reference, compared = fits[:, rows]
        out[rows] = _some_pair(int(pool.value[k]), cols["x"][rows], cols["y"][rows], compared.argmax(axis=1),
                               subject, reference)
    return out


def _some_pair(value: int, x: np.ndarray, y: np.ndarray, at: np.ndarray, subject: np.ndarray,
               reference: np.ndarray) -> np.ndarray:
    """Per world, whether some subject entity ``e`` and reference entity ``r`` (neither the comparison
    ``at``) have ``(d[e] - d[r]) * value > MIN_DISTANCE``, ``d`` the distances to the comparison: the
    ``any`` of :func:`_relation` between the two masks, from the best ``e`` and the best ``r`` alone
    (``value`` is ±1, so ``d * value`` is exact, and a rounded difference grows with its first term and
    falls with its second: the best pair's difference is the largest). ``e == r`` needs no test: that
    pair's difference is 0, and when it is the best pair no other is above 0 either."""
    worlds = np.arange(x.shape[0])
    d = np.hypot(x - x[worlds, at][:, None], y - y[worlds, at][:, None]) * float(value)
    own = np.arange(x.shape[1])[None, :] == at[:, None]
    best_subject = np.where(subject & ~own, d, -np.inf).max(axis=1)
    best_reference = np.where(reference & ~own, d, np.inf).min(axis=1)
    return (best_subject - best_reference) > MIN_DISTANCE


__all__ = ["MEANING_CODES", "ProximityPool", "caption", "proximity_pool", "truth_of", "truth_on_blocks",
           "truth_table"]
