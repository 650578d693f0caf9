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

_COLUMNS = ("x", "y", "shape", "color", "shade", "area")


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
        cols: dict[str, np.ndarray] = {}
        for c in _COLUMNS:
            integer = c in ("shape", "color")
            cols[c] = np.full((len(worlds), width), -1 if integer else 0.0, dtype=np.int64 if integer else float)
        present = np.zeros((len(worlds), width), dtype=bool)
        for i, world in enumerate(worlds):
            arrays, k = world.arrays, len(world)
            for c in _COLUMNS:
                cols[c][i, :k] = getattr(arrays, c)
            present[i, :k] = True
        return cls(cols["x"], cols["y"], cols["shape"], cols["color"], cols["shade"], cols["area"], present)

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
        return WorldSample(*(getattr(self, c)[indices, :width] for c in (*_COLUMNS, "present")))

    def arrays(self, w: int) -> WorldArrays:
        """World ``w`` as the columns of one world (without outlines)."""
        k = int(self.present[w].sum())
        return WorldArrays(x=self.x[w, :k], y=self.y[w, :k], shape=self.shape[w, :k], color=self.color[w, :k],
                           shade=self.shade[w, :k], area=self.area[w, :k], entities=())

    def to_bytes(self) -> bytes:
        """The columns as consecutive ``.npy`` records, gzip-compressed with no timestamp
        (the same sample always gives the same bytes)."""
        buffer = io.BytesIO()
        for c in (*_COLUMNS, "present"):
            np.save(buffer, getattr(self, c), allow_pickle=False)
        return gzip.compress(buffer.getvalue(), mtime=0)

    @classmethod
    def from_bytes(cls, data: bytes) -> "WorldSample":
        buffer = io.BytesIO(gzip.decompress(data))
        columns = [np.load(buffer, allow_pickle=False) for _ in (*_COLUMNS, "present")]
        return cls(*columns)

    @classmethod
    def load(cls, path: str | Path) -> "WorldSample":
        return cls.from_bytes(Path(path).read_bytes())


__all__ = ["WorldSample"]
