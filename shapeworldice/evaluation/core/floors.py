"""Floors of a dataset: what a model that never looks at the image can score.

- the *blind* caption: the training caption with the highest truthfulness on the training worlds
  (every distinct meaning of the first 10,000 training instances is screened on the first 1,000
  training worlds, the best 50 are scored on the first 10,000: a cap that keeps the cost of a
  large build's floor that of a 10,000-instance one), used unchanged for every image;
- the *prior* caption: the most frequent training caption;
- the dataset's prior sample (``prior-worlds.npy.gz``, written by the build) and the references'
  mean prior, which the manifest records beside the blind floor.
"""
from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any, Iterable

from ...data.definition import definition_from_resolved
from ...data.loader import Instance, Split, load
from ...data.manifest import PRIOR_FILE, read_manifest
from ...errors import UserError
from ...interpret import formula_of
from ...semantics.components import from_json as caption_from_json
from ...interpret.prior import PRIOR_WORLDS, CaptionPrior, WorldSample, sample_worlds, true_in

SCREEN_WORLDS = 1_000
FINALISTS = 50
TRAIN_WORLDS = 10_000


@dataclass(frozen=True)
class Floor:
    """A constant caption: its text, meaning (semantics JSON) and how it was chosen."""

    kind: str
    caption: str
    semantics: str
    score: float  # blind: truthfulness on the training worlds; prior: share of training captions


def _training(train: Iterable[Instance], name: str) -> tuple[Counter, dict[str, Counter]]:
    texts: Counter = Counter()
    by_meaning: dict[str, Counter] = {}
    for inst in train:
        for text, semantics in zip(inst.captions, inst.semantics_json):
            texts[(text, semantics)] += 1
            by_meaning.setdefault(semantics, Counter())[text] += 1
    if not texts:
        raise UserError(f"the train split of {name} has no captions: no blind caption to choose")
    return texts, by_meaning


def prior_floor(train: Split) -> Floor:
    """The most frequent training caption (ties: alphabetical)."""
    texts, _ = _training(train, train.name)
    (text, semantics), count = min(texts.items(), key=lambda kv: (-kv[1], kv[0]))
    return Floor("prior", text, semantics, count / sum(texts.values()))


def blind_floor(train: Split) -> Floor:
    """The training caption with the highest truthfulness on the training worlds (candidates: the
    meanings of the first :data:`TRAIN_WORLDS` training instances)."""
    head = list(islice(train.stream(), TRAIN_WORLDS))
    _, by_meaning = _training(head, train.name)
    worlds = [inst.world for inst in head]
    frequency = {m: sum(c.values()) for m, c in by_meaning.items()}
    formulas = {m: formula_of(caption_from_json(m)) for m in by_meaning}
    screen = WorldSample.of(worlds[:SCREEN_WORLDS])
    cache: dict = {}
    on_screen = {m: true_in(formulas[m], screen, cache) for m in by_meaning}
    screened = sorted(by_meaning, key=lambda m: (-on_screen[m], -frequency[m], m))
    if len(worlds) <= SCREEN_WORLDS:  # the screen is every training world: its counts are the scores
        scored = [(on_screen[m] / screen.size, m) for m in screened[:FINALISTS]]
    else:
        full = WorldSample.of(worlds)
        cache = {}
        scored = [(true_in(formulas[m], full, cache) / full.size, m) for m in screened[:FINALISTS]]
    score, meaning = min(scored, key=lambda sm: (-sm[0], -frequency[sm[1]], sm[1]))
    text = min(by_meaning[meaning].items(), key=lambda kv: (-kv[1], kv[0]))[0]
    return Floor("blind", text, meaning, score)


def load_prior(directory: str | Path, manifest: dict[str, Any] | None = None) -> CaptionPrior:
    """The dataset's prior sample, checked against the manifest; sampled anew for datasets built
    without one (same seed and size, so the same worlds)."""
    directory = Path(directory)
    path = directory / PRIOR_FILE
    if manifest is None:
        manifest = read_manifest(directory)  # checked: prior.worlds is bounded, the definition well-typed
    recorded = manifest.get("prior", {})
    if path.is_file():
        if recorded.get("sha256") and hashlib.sha256(path.read_bytes()).hexdigest() != recorded["sha256"]:
            raise UserError(f"corrupted prior sample {path}: sha256 does not match the manifest")
        return CaptionPrior(WorldSample.load(path))
    definition = definition_from_resolved(manifest["definition"])
    return CaptionPrior(sample_worlds(definition, int(recorded.get("worlds", PRIOR_WORLDS))))


def reference_mean_prior(split: Split, prior: CaptionPrior) -> float | None:
    """Mean prior of a split's reference captions (those whose prior can be computed)."""
    values = [prior.prior(formula_of(caption_from_json(s))) for inst in split for s in inst.semantics_json]
    known = [v for v in values if v is not None]
    return sum(known) / len(known) if known else None


def floor_summary(directory: str | Path, prior: CaptionPrior) -> dict[str, Any]:
    """What the manifest records: references' mean prior per split and the blind floor on test."""
    summary: dict[str, Any] = {"reference_mean_prior": {}}
    splits = {s: load(directory, s) for s in ("train", "validation", "test")}
    for name in ("validation", "test"):
        if len(splits[name]):
            summary["reference_mean_prior"][name] = reference_mean_prior(splits[name], prior)
    if len(splits["train"]):
        blind = blind_floor(splits["train"])
        entry: dict[str, Any] = {"caption": blind.caption, "train_truthfulness": blind.score,
                                 "prior": prior.prior(formula_of(caption_from_json(blind.semantics)))}
        if len(splits["test"]):
            test = WorldSample.of([inst.world for inst in splits["test"]])
            entry["test_truthfulness"] = true_in(formula_of(caption_from_json(blind.semantics)), test) / test.size
        summary["blind_floor"] = entry
    return summary


__all__ = ["Floor", "PRIOR_FILE", "blind_floor", "floor_summary", "load_prior", "prior_floor",
           "reference_mean_prior"]
