"""Many worlds as columns: (worlds × entities) arrays, padded, the form truth is computed on.

One world is a batch of one (its columns viewed with a leading axis, no copy of note); a prior
sample is a batch of thousands, padded to its most entities, ``present`` marking real ones.
"""
from __future__ import annotations

import gzip
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

from .model import World, WorldArrays

#: the per-entity columns of a world sample (besides ``present``)
COLUMNS = ("x", "y", "shape", "color", "shade", "area")
#: each column of a padded sample: its fill where a world has fewer entities, and its type
_PADDING: dict[str, tuple[object, type]] = {
    **{c: (-1, np.int64) if c in ("shape", "color") else (0.0, float) for c in COLUMNS}, "present": (False, bool)}


def _blank(size: int, width: int) -> dict[str, np.ndarray]:
    """The columns of ``size`` worlds of ``width`` entities, all padding."""
    return {c: np.full((size, width), fill, dtype=dtype) for c, (fill, dtype) in _PADDING.items()}


@dataclass(frozen=True)
class WorldSample:
    """Worlds in compact form: (worlds × most entities) columns, padded; ``present`` marks real
    entities (quantifiers range over them only; padding has shape and colour −1)."""

    x: np.ndarray
    y: np.ndarray
    shape: np.ndarray
    color: np.ndarray
    shade: np.ndarray
    area: np.ndarray
    present: np.ndarray
    #: whether some row has padding (a single world has none: its masks are not applied)
    padded: bool = True

    @property
    def size(self) -> int:
        return int(self.x.shape[0])

    @property
    def n(self) -> int:
        return int(self.x.shape[1])

    @classmethod
    def of(cls, worlds: Sequence[World]) -> "WorldSample":
        width = max([len(w) for w in worlds] + [1])
        cols = _blank(len(worlds), width)
        for i, world in enumerate(worlds):
            arrays, k = world.arrays, len(world)
            for c in COLUMNS:
                cols[c][i, :k] = getattr(arrays, c)
            cols["present"][i, :k] = True
        return cls.of_columns(cols)

    @classmethod
    def of_columns(cls, cols: dict[str, np.ndarray]) -> "WorldSample":
        """A sample from its columns by name (``present`` included)."""
        return cls(cols["x"], cols["y"], cols["shape"], cols["color"], cols["shade"], cols["area"], cols["present"])

    @classmethod
    def single(cls, arrays: WorldArrays) -> "WorldSample":
        """One world's columns as a batch of one (views, no padding; kept with the columns)."""
        hit = arrays.__dict__.get("_as_batch")
        if hit is not None:
            return hit
        hit = cls(x=arrays.x[None], y=arrays.y[None], shape=arrays.shape[None], color=arrays.color[None],
                  shade=arrays.shade[None], area=arrays.area[None], present=np.ones((1, arrays.n), dtype=bool),
                  padded=False)
        object.__setattr__(arrays, "_as_batch", hit)  # a cache, not a field
        return hit

    def select(self, indices: np.ndarray) -> "WorldSample":
        """The worlds at ``indices`` (in that order), padded only to their own most entities: less
        padding to evaluate, the same truths (padding is outside every quantifier's range)."""
        width = max(1, int(self.present[indices].sum(axis=1).max())) if len(indices) else 1
        return WorldSample(*(getattr(self, c)[indices, :width] for c in (*COLUMNS, "present")))

    def arrays(self, w: int) -> WorldArrays:
        """World ``w`` as the columns of one world (without outlines)."""
        k = int(self.present[w].sum())
        return WorldArrays(x=self.x[w, :k], y=self.y[w, :k], shape=self.shape[w, :k], color=self.color[w, :k],
                           shade=self.shade[w, :k], area=self.area[w, :k], entities=())

    def to_bytes(self) -> bytes:
        """The columns as consecutive ``.npy`` records, gzip-compressed with no timestamp
        (the same sample always gives the same bytes)."""
        buffer = io.BytesIO()
        for c in (*COLUMNS, "present"):
            np.save(buffer, getattr(self, c), allow_pickle=False)
        return gzip.compress(buffer.getvalue(), mtime=0)

    @classmethod
    def from_bytes(cls, data: bytes) -> "WorldSample":
        buffer = io.BytesIO(gzip.decompress(data))
        columns = [np.load(buffer, allow_pickle=False) for _ in (*COLUMNS, "present")]
        return cls(*columns)

    @classmethod
    def load(cls, path: str | Path) -> "WorldSample":
        return cls.from_bytes(Path(path).read_bytes())


def stack(blocks: Sequence[WorldSample]) -> WorldSample:
    """Samples one after another, padded to the widest (as :func:`assemble` pads re-filled worlds).
    One sample already so padded is returned itself (a donor's kept re-fills: no copy, and the types
    counted for it stay counted)."""
    width = max([b.n for b in blocks] + [1])
    if len(blocks) == 1 and blocks[0].n == width and all(
            getattr(blocks[0], c).dtype == dtype for c, (_, dtype) in _PADDING.items()):
        return blocks[0]
    out, start = _blank(sum(b.size for b in blocks), width), 0
    for b in blocks:
        for c, column in out.items():
            column[start:start + b.size, :b.n] = getattr(b, c)
        start += b.size
    return WorldSample.of_columns(out)


def assemble(rows: Sequence[dict[str, np.ndarray]]) -> WorldSample:
    """Worlds given as their columns (one dict per world) as one padded sample."""
    out = _blank(len(rows), max([len(c["x"]) for c in rows] + [1]))
    for w, row in enumerate(rows):
        for c in COLUMNS:
            out[c][w, :len(row[c])] = row[c]
        out["present"][w, :len(row["x"])] = True
    return WorldSample.of_columns(out)


__all__ = ["COLUMNS", "WorldSample", "assemble", "stack"]
