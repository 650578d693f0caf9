"""Read a built dataset back: instances as Python objects or NumPy arrays.

Shards are verified against the manifest's sha256 before use, so a corrupted or truncated
shard is reported by name instead of silently yielding wrong data.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from ..errors import UserError
from ..semantics.components import from_json as caption_from_json
from ..world.model import World
from .definition import SPLITS
from .manifest import read_manifest_hashed
from ..safe_read import sha256_file
from .shards import read_shard


@dataclass(frozen=True)
class Instance:
    """One image with its world model and captions (references on validation/test)."""

    id: str
    png: bytes = field(repr=False)
    world_json: str = field(repr=False)
    captions: tuple[str, ...]
    semantics_json: tuple[str, ...] = field(repr=False)

    @cached_property
    def world(self) -> World:
        return World.from_json(self.world_json)

    @cached_property
    def image(self) -> np.ndarray:
        from ..render import decode_png

        return decode_png(self.png)

    @cached_property
    def semantics(self) -> tuple[Any, ...]:
        return tuple(caption_from_json(s) for s in self.semantics_json)


class Split:
    """The instances of one split of a built dataset, in id order."""

    def __init__(self, directory: str | Path, split: str = "test", verify: bool = True):
        self.directory = Path(directory)
        if split not in SPLITS:
            raise UserError(f"unknown split {split!r} (expected one of {', '.join(SPLITS)})")
        #: the manifest and the sha256 of the very bytes it was parsed from (what a report signs)
        self.manifest, self.manifest_sha256 = read_manifest_hashed(self.directory)
        if not self.manifest.get("complete"):
            raise UserError(f"dataset in {self.directory} is incomplete; rerun generate to finish it")
        self.name: str = self.manifest["name"]
        self.split = split
        self.files = [self.directory / f for f in self.manifest["splits"][split]["shards"]]
        if verify:
            for path in self.files:
                expected = self.manifest["shards"][str(path.relative_to(self.directory))]["sha256"]
                if not path.is_file():
                    raise UserError(f"missing shard {path}")
                if sha256_file(path) != expected:
                    raise UserError(f"corrupted shard {path}: sha256 does not match the manifest")

    def stream(self) -> Iterator[Instance]:
        """Instances shard by shard, without keeping them (for exports of large splits)."""
        for path in self.files:
            table = read_shard(path).to_pydict()
            for i in range(len(table["id"])):
                yield Instance(table["id"][i], table["image"][i], table["world"][i],
                               tuple(table["captions"][i]), tuple(table["semantics"][i]))

    @cached_property
    def instances(self) -> list[Instance]:
        return list(self.stream())

    @property
    def image_size(self) -> int:
        return int(self.manifest["definition"]["image"]["size"])

    @cached_property
    def by_id(self) -> dict[str, Instance]:
        return {inst.id: inst for inst in self.instances}

    def __len__(self) -> int:
        return len(self.instances)

    def __iter__(self) -> Iterator[Instance]:
        return iter(self.instances)

    def __getitem__(self, key: int | str) -> Instance:
        return self.by_id[key] if isinstance(key, str) else self.instances[key]

    def to_numpy(self) -> tuple[np.ndarray, list[tuple[str, ...]]]:
        """Images as one uint8 array (N×H×W×3) and the aligned caption tuples."""
        if not self.instances:
            return np.zeros((0, 0, 0, 3), np.uint8), []
        images = np.stack([inst.image for inst in self.instances])
        return images, [inst.captions for inst in self.instances]

    @property
    def signature(self) -> str:
        return self.manifest["signature"]


def load(directory: str | Path, split: str = "test", verify: bool = True) -> Split:
    """Open one split of a built dataset."""
    return Split(directory, split, verify)


class TorchDataset:
    """A PyTorch-style map dataset (image tensor C×H×W float in [0,1], captions); needs torch."""

    def __init__(self, directory: str | Path, split: str = "train"):
        try:
            import torch  # noqa: F401
        except ImportError:  # pragma: no cover - optional extra
            raise UserError("TorchDataset needs PyTorch: pip install 'shapeworldice[torch]'") from None
        self.split = load(directory, split)

    def __len__(self) -> int:
        return len(self.split)

    def __getitem__(self, index: int):
        import torch

        inst = self.split[index]
        image = torch.from_numpy(inst.image.astype(np.float32) / 255.0).permute(2, 0, 1)
        return image, list(inst.captions)
