"""A pool candidate's truth on several samples at once without stacking them: the view bound asks a
candidate about the kept re-fills of a few donor worlds at a time (:class:`~..interpret.prior.BlockEvaluate`).

Stacking those blocks copied all seven columns of every block into a new sample and counted its object
types anew for each candidate; here each block's object types are counted once and kept on the block
(a donor's re-fills are kept by the view bound and asked about by many candidates), and only the columns
a pool's rule reads are laid side by side, padded to the widest block as stacking pads them (padding
fits no description, so it is outside every candidate's rule).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

import numpy as np

from ..world.columns import WorldSample
from .axis_relations import axis_agree
from .describe import FITS, kept_on, type_codes

#: the object type of padding (fits no description)
PADDING_TYPE = FITS.shape[1] - 1


def _entity_types(sample: Any) -> np.ndarray:
    return type_codes(sample).astype(np.int8)


def entity_types(sample: Any) -> np.ndarray:
    """Each entity's object type in each world of ``sample`` (worlds × entities, padding
    :data:`PADDING_TYPE`; :func:`~.describe.sample_types`' types as small integers), kept on the sample."""
    return kept_on(sample, "_entity_types", _entity_types)


@lru_cache(maxsize=None)
def off_diagonal(n: int) -> np.ndarray:
    """[1, e, r]: whether ``e`` and ``r`` are two entities (not one), for worlds of ``n`` places (read-only,
    kept: asked for every relation a candidate tests)."""
    off = ~np.eye(n, dtype=bool)[None]
    off.flags.writeable = False
    return off


def side_by_side(blocks: Sequence[Any], columns: Sequence[str]) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """The blocks' worlds one after another: their object types and the named columns (worlds × the
    widest block's entities; padding of type :data:`PADDING_TYPE`, columns 0)."""
    width = max([b.n for b in blocks] + [1])
    if len(blocks) == 1 and blocks[0].n == width:
        return entity_types(blocks[0]), {c: getattr(blocks[0], c) for c in columns}
    size = sum(b.size for b in blocks)
    types = np.full((size, width), PADDING_TYPE, dtype=np.int8)
    cols = {c: np.zeros((size, width)) for c in columns}
    start = 0
    for b in blocks:
        stop = start + b.size
        types[start:stop, :b.n] = entity_types(b)
        for c, column in cols.items():
            column[start:stop, :b.n] = getattr(b, c)
        start = stop
    return types, cols


#: :data:`FITS` as 0/1 bytes (for products)
FITS_U8 = FITS.view(np.uint8)


def related_on_block(fits_subject: np.ndarray, block: WorldSample, option: tuple[str, int]) -> np.ndarray:
    """[w, r]: whether some entity that fits the subject (``fits_subject``, [w, e] as 0/1 bytes) stands in
    the relation ``option`` to entity r, in every world of ``block`` at once: the 0/1 product of the fits
    with the relation counts such entities (below 256: exact)."""
    return (fits_subject[:, None, :] @ axis_agree(block, *option).view(np.uint8))[:, 0] > 0


def distinct_small(values: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(values, return_inverse=True)`` for small non-negative integers below ``size``, by
    counting instead of sorting (a pool's candidates of one relation name a few of its descriptions)."""
    used = np.flatnonzero(np.bincount(values, minlength=size))
    return used, np.searchsorted(used, values)


__all__ = ["FITS_U8", "PADDING_TYPE", "distinct_small", "entity_types", "off_diagonal", "related_on_block",
           "side_by_side"]
