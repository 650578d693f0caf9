"""Sanity baselines: caption files made from a dataset itself, so claims need no model.

- ``references``: one of each image's own references (scored against the other nine);
- ``generic``: "There is a shape." for every image — always true, minimal diversity;
- ``shuffled``: a reference of another image — grammatical, often false;
- ``permuted``: a reference with its words permuted — mostly ungrammatical;
- ``random-words``: a reference with its words replaced by random vocabulary words;
- ``blind``: the training caption with the highest truthfulness on the training worlds, for every
  image (a model that never looks at the picture; see :mod:`.floors`);
- ``prior``: the most frequent training caption, for every image;
- the skill floors (``count-only``, ``object-bag``, ``positions-only``, ...): per image, the training
  caption most probably true given part of the scene (see :mod:`.skill_floors`).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from ...data.loader import Split
from ...errors import UserError
from ...safe_write import write_file
from .skill_floors import SKILL_KINDS
from .transforms import derangement, transform, vocabulary

KINDS = ("references", "generic", "shuffled", "permuted", "random-words")
#: constant training captions: each dataset's floor (they need the dataset's train split)
FLOOR_KINDS = ("blind", "prior")
GENERIC_CAPTION = "There is a shape."


def baseline(split: Split, kind: str, seed: int = 0) -> list[dict[str, Any]]:
    """COCO-results entries ``{"image_id", "caption"[, "reference_index"]}``, one per image."""
    kinds = KINDS + FLOOR_KINDS + SKILL_KINDS
    if kind not in kinds:
        raise UserError(f"unknown baseline {kind!r} (expected one of {', '.join(kinds)})")
    rng = np.random.default_rng([seed, kinds.index(kind)])
    instances = split.instances
    if not instances:
        raise UserError(f"split {split.split!r} of {split.name} has no images")
    if kind == "shuffled" and len(instances) < 2:
        raise UserError("the shuffled baseline needs at least 2 images (captions come from another image)")
    picks = [int(rng.integers(len(inst.captions))) for inst in instances]
    own = [inst.captions[k] for inst, k in zip(instances, picks)]
    if kind == "references":
        return [{"image_id": inst.id, "caption": c, "reference_index": k}
                for inst, c, k in zip(instances, own, picks)]
    if kind in SKILL_KINDS:
        from ...data.loader import load
        from .skill_floors import skill_floor

        skill = skill_floor(load(split.directory, "train"), [inst.world for inst in instances], kind, seed)
        captions = list(skill.captions)
    elif kind in ("blind", "prior"):
        from ...data.loader import load
        from ..core.floors import blind_floor, prior_floor

        train = load(split.directory, "train")
        floor = blind_floor(train) if kind == "blind" else prior_floor(train)
        captions = [floor.caption] * len(instances)
    elif kind == "generic":
        captions = [GENERIC_CAPTION] * len(instances)
    elif kind == "shuffled":
        perm = derangement(len(instances), rng)
        captions = [own[int(j)] for j in perm]
    else:
        vocab = vocabulary([c for inst in instances for c in inst.captions])
        captions = transform(kind, own, [[] for _ in own], 1.0, rng, vocab)
    return [{"image_id": inst.id, "caption": c} for inst, c in zip(instances, captions)]


def baseline_bytes(entries: list[dict[str, Any]]) -> bytes:
    """A baseline's caption file: the COCO-results list, one entry per line."""
    return (json.dumps(entries, indent=1) + "\n").encode("utf-8")


def write_baseline(entries: list[dict[str, Any]], out: str | Path) -> Path:
    return write_file(out, baseline_bytes(entries))
