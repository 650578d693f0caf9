"""Training and captioning data read once through the package's loader and kept as arrays.

PNGs are decoded a single time into one uint8 array (N×H×W×3); batches are index draws into it,
so no step decodes an image. Batches come from per-epoch permutations seeded by (seed, epoch):
the batch of any iteration is known without replaying earlier ones, which makes resuming exact.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..data.loader import load
from ..errors import UserError
from .vocab import Vocabulary, words


@dataclass
class TrainingData:
    images: np.ndarray  # N×H×W×3 uint8
    tokens: np.ndarray  # N×L int64 (words, END, PAD)
    vocabulary: Vocabulary

    @property
    def max_length(self) -> int:
        return int(self.tokens.shape[1])


@dataclass
class CaptionImages:
    """The images a checkpoint captions: ids and arrays of the chosen split (or its first N)."""

    ids: list[str]
    images: np.ndarray


def load_training(directory: str | Path, max_length: int = 0, vocabulary: Vocabulary | None = None,
                  limit: int | None = None) -> TrainingData:
    """The train split as arrays; the vocabulary is built from its captions unless given (resume)."""
    split = load(directory, "train")
    size = split.manifest["splits"]["train"].get("instances") or len(split)
    size = min(size, limit) if limit else size
    captions: list[str] = []
    images: np.ndarray | None = None
    for k, inst in enumerate(split.stream()):  # streamed: no second copy of the images stays cached
        if k == size:
            break
        image = inst.image
        if images is None:
            images = np.empty((size, *image.shape), dtype=np.uint8)
        images[k] = image
        captions.append(inst.captions[0])
    if images is None or not captions:
        raise UserError(f"{directory}: the train split is empty; generate it with --train N")
    images = images[: len(captions)]
    vocabulary = vocabulary or Vocabulary.build(captions)
    length = max_length or (max(len(words(c)) for c in captions) + 1)
    return TrainingData(images, vocabulary.encode(captions, length), vocabulary)


def dataset_signature(directory: str | Path) -> str | None:
    """The build's signature from its manifest (name, definition, seed, sizes): what a resumed run
    must be trained on again."""
    return load(directory, "train").manifest.get("signature")


def load_captioning(directory: str | Path, split: str, count: int | None) -> CaptionImages:
    """The first ``count`` images of ``split`` in id order (all when None): a deterministic subset."""
    data = load(directory, split)
    if len(data) == 0:
        raise UserError(f"{directory}: the {split} split is empty; generate it or choose --split")
    instances = data.instances[:count] if count else data.instances
    return CaptionImages([inst.id for inst in instances], np.stack([inst.image for inst in instances]))


class BatchSampler:
    """Indices of the batch for each iteration: epoch ``e`` is permutation ``default_rng([seed, e])``."""

    def __init__(self, size: int, batch_size: int, seed: int):
        if size < 1:
            raise UserError("no training instances")
        self.size, self.batch_size, self.seed = size, batch_size, seed
        self._epoch = -1
        self._order = np.empty(0, dtype=np.int64)

    def _permutation(self, epoch: int) -> np.ndarray:
        if epoch != self._epoch:
            self._epoch = epoch
            self._order = np.random.default_rng([self.seed, epoch]).permutation(self.size)
        return self._order

    def batch(self, iteration: int) -> np.ndarray:
        """Indices for 0-based ``iteration``; a batch spanning two epochs takes from both."""
        start = iteration * self.batch_size
        out = np.empty(self.batch_size, dtype=np.int64)
        filled = 0
        while filled < self.batch_size:
            epoch, offset = divmod(start + filled, self.size)
            take = min(self.batch_size - filled, self.size - offset)
            out[filled: filled + take] = self._permutation(epoch)[offset: offset + take]
            filled += take
        return out
