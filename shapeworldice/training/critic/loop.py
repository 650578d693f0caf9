"""Training the critic: per epoch one positive and one checked negative pair per image, Adam with
the learning rate ×``decay`` per epoch, gradient clipping, a model checkpoint per epoch and, at the
end, the held-out AUC of references against fakes on another split.

Run folder: ``config.json`` (settings, dataset, vocabulary), ``model-EPOCH.pt`` (weights and
optimiser state: ``--resume`` continues from the newest), ``critic.json`` (loss and fakes per
epoch, the held-out result). Every epoch's pairs come from ``default_rng([seed, epoch])``, so a
resumed run trains on exactly what the uninterrupted one would have.
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np
import torch

from ...data.loader import load
from ...data.lock import exclusive
from ...errors import UserError
from ...run_folders import check_run_folder
from ...evaluation.core.gtd import caption_entries
from ...evaluation.io.outputs import json_text, write_file
from ...progress import bar as progress_bar
from ...evaluation.studies.validity import roc_auc
from .. import checkpoints
from ..config import check_learning_rate
from ..data import dataset_signature
from ..device import make_deterministic
from ..vocab import Vocabulary
from .measure import CriticScorer
from .model import Critic, CriticShape, encode_captions
from .negatives import FakeSource, Referee, model_captions


@dataclass(frozen=True)
class CriticConfig:
    """Everything a critic run depends on (saved; a resumed run must keep the starred fields:
    seed, split, transformations, shape, batch size, learning rate and decay)."""

    epochs: int = 30
    batch_size: int = 16
    learning_rate: float = 1e-3
    decay: float = 0.9
    clip: float = 1.0
    seed: int = 0
    split: str = "validation"
    heldout_split: str = "test"
    transformations: bool = True
    average: int = 3
    device: str = "cpu"
    shape: CriticShape = field(default_factory=CriticShape)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "shape": self.shape.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CriticConfig:
        return cls(**{**data, "shape": CriticShape.from_json(data.get("shape", {}))})

    def check(self) -> CriticConfig:
        for name in ("epochs", "batch_size", "average"):
            if getattr(self, name) < 1:
                raise UserError(f"--{name.replace('_', '-')} must be at least 1, got {getattr(self, name)}")
        check_learning_rate(self.learning_rate)
        if not 0 < self.decay <= 1 or not 0 < self.clip < math.inf:
            raise UserError("the clipping norm must be positive and finite and the decay in (0, 1]")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed < 2**63:
            raise UserError(f"--seed must be an integer from 0 to 2**63 - 1, got {self.seed}")
        if self.split == self.heldout_split:
            raise UserError(f"the critic trains on {self.split} and is checked on {self.heldout_split}: "
                            "give two different splits")
        return self

    def resumable_from(self, saved: CriticConfig) -> list[str]:
        """The settings that differ from a saved run's and may not change on --resume."""
        keep = ("seed", "split", "transformations", "shape", "batch_size", "learning_rate", "decay", "clip")
        return [k for k in keep if getattr(self, k) != getattr(saved, k)]


@dataclass
class SplitData:
    """A split's images, human captions and worlds, in id order."""

    ids: list[str]
    images: np.ndarray
    captions: list[tuple[str, ...]]
    worlds: list[Any]


def load_split(directory: str | Path, split: str, minimum_references: int = 2) -> SplitData:
    data = load(directory, split)
    instances = data.instances
    if len(instances) < 2:
        raise UserError(f"{directory}: the {split} split needs at least 2 images for the critic, has {len(instances)}")
    fewest = min(len(inst.captions) for inst in instances)
    if fewest < minimum_references:
        raise UserError(f"{directory}: the critic needs {minimum_references} human captions per image (a positive "
                        f"pair); the {split} split has {fewest} (use validation or test)")
    return SplitData([inst.id for inst in instances], np.stack([inst.image for inst in instances]),
                     [tuple(inst.captions) for inst in instances], [inst.world for inst in instances])


def train_captions(directory: str | Path) -> list[str]:
    """The train split's captions (the fallback pool of 'model' fakes, and vocabulary)."""
    try:
        return [c for inst in load(directory, "train").instances for c in inst.captions]
    except UserError:
        return []


def fake_source(split: SplitData, entries: Sequence[dict[str, Any]], fallback: Sequence[str],
                referee: Referee, transformations: bool) -> FakeSource:
    from ...evaluation.studies.transforms import vocabulary as word_pool

    own, pool = model_captions(entries, split.ids)
    if not entries:
        own, pool = [[] for _ in split.ids], list(fallback)
    return FakeSource(split.captions, split.worlds, own, pool, word_pool([c for cs in split.captions for c in cs]),
                      referee, transformations)


def epoch_pairs(source: FakeSource, captions: Sequence[Sequence[str]], rng: np.random.Generator
                ) -> list[list[tuple[str, str, int]]]:
    """Per image: its positive (reference, other human caption, 1) and, when a checked fake was
    found, its negative (reference, fake, 0)."""
    out = []
    for i, caps in enumerate(captions):
        r, p = (int(x) for x in rng.choice(len(caps), size=2, replace=False))
        pairs = [(caps[r], caps[p], 1)]
        fake = source.draw(i, rng)
        if fake is not None:
            pairs.append((caps[r], fake[1], 0))
        out.append(pairs)
    return out


def heldout(scorer: CriticScorer, split: SplitData, source: FakeSource, seed: int) -> dict[str, Any]:
    """AUC of held-out references against held-out fakes: for each image one reference (the
    positive) and one checked fake (the negative), both scored against the image's other references."""
    rng = np.random.default_rng([seed, 1_000_003])
    images, references, candidates, labels, kinds = [], [], [], [], []
    for i, caps in enumerate(split.captions):
        pick = int(rng.integers(len(caps)))
        others = [c for k, c in enumerate(caps) if k != pick]
        fake = source.draw(i, rng)
        for caption, label, kind in ((caps[pick], 1, "reference"), *(((fake[1], 0, fake[0]),) if fake else ())):
            images.append(i)
            references.append(others)
            candidates.append(caption)
            labels.append(label)
            kinds.append(kind)
    scores = scorer.score(images, references, candidates)
    positive = [s for s, y in zip(scores, labels) if y == 1]
    by_kind = {k: roc_auc(positive, [s for s, kk in zip(scores, kinds) if kk == k])
               for k in sorted(set(kinds) - {"reference"})}
    return {"auc": roc_auc(positive, [s for s, y in zip(scores, labels) if y == 0]), "auc_by_kind": by_kind,
            "references": len(positive), "fakes": len(labels) - len(positive),
            "fakes_by_kind": {k: kinds.count(k) for k in sorted(set(kinds) - {"reference"})},
            "mean_score_references": float(np.mean(positive)) if positive else None,
            "mean_score_fakes": float(np.mean([s for s, y in zip(scores, labels) if y == 0])) if len(labels) > len(
                positive) else None}


def _step(model: Critic, optimizer: torch.optim.Optimizer, images: torch.Tensor, pairs: list[tuple[int, str, str, int]],
          vocabulary: Vocabulary, device: str, clip: float) -> float:
    """One Adam step on the pairs of a batch of images (the encoder runs once per image)."""
    optimizer.zero_grad(set_to_none=True)
    vectors = model.images(images)
    index = torch.tensor([p[0] for p in pairs], device=device)
    refs = torch.from_numpy(encode_captions(vocabulary, [p[1] for p in pairs])).to(device)
    cands = torch.from_numpy(encode_captions(vocabulary, [p[2] for p in pairs])).to(device)
    labels = torch.tensor([p[3] for p in pairs], device=device)
    loss = model.loss(vectors[index], refs, cands, labels)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
    optimizer.step()
    return float(loss.detach())


def train_critic(directory: str | Path, run_dir: str | Path, config: CriticConfig, captions: Sequence[str] = (),
                 resume: bool = False, progress: bool = False, log: Callable[[str], None] | None = None
                 ) -> dict[str, Any]:
    """Train a critic on DIRECTORY's ``config.split`` into RUN_DIR (holding the folder's lock)."""
    run_dir = Path(run_dir)
    if not run_dir.parent.is_dir():
        raise UserError(f"output folder does not exist: {run_dir.parent}")
    with exclusive(run_dir, "training a critic into"):
        return _train(directory, run_dir, config.check(), captions, resume, progress, log)


def _resumed(run_dir: Path, config: CriticConfig, dataset: str | None) -> dict[str, Any]:
    state = checkpoints.load_latest(run_dir)
    if state.get("dataset") and dataset and state["dataset"] != dataset:
        raise UserError(f"--resume: {run_dir} was trained on another dataset; give the same DATA or another --out")
    differ = config.resumable_from(CriticConfig.from_json(state["config"]))
    if differ:
        raise UserError(f"--resume: {run_dir} was trained with other settings ({', '.join(differ)}); "
                        "give the same ones or choose another --out")
    if config.epochs <= int(state["iteration"]):
        raise UserError(f"--resume: {run_dir} is already at epoch {state['iteration']}; give --epochs above it")
    return state


def _train(directory: str | Path, run_dir: Path, config: CriticConfig, caption_files: Sequence[str], resume: bool,
           progress: bool, log: Callable[[str], None] | None) -> dict[str, Any]:
    check_run_folder(run_dir, "critic")
    if not resume and checkpoints.saved_iterations(run_dir):
        raise UserError(f"{run_dir} already holds a critic; pass --resume to continue it or choose another --out")
    dataset = dataset_signature(directory)
    state = _resumed(run_dir, config, dataset) if resume else None
    entries = [e for path in caption_files for e in caption_entries(path)]
    train = load_split(directory, config.split)
    test = load_split(directory, config.heldout_split)
    fallback = train_captions(directory)
    vocabulary = (Vocabulary(state["vocabulary"][4:]) if state else
                  Vocabulary.build([c for cs in train.captions for c in cs] + fallback))
    inputs = _Inputs(directory, run_dir, config, state, dataset, list(caption_files), entries, train, test, fallback,
                     vocabulary)
    referee = Referee()
    try:
        return _fit(inputs, referee, progress, log)
    finally:
        referee.close()


@dataclass
class _Inputs:
    """What a run was given and read before its first epoch."""

    directory: str | Path
    run_dir: Path
    config: CriticConfig
    state: dict[str, Any] | None
    dataset: str | None
    caption_files: list[str]
    entries: list[dict[str, Any]]
    train: SplitData
    test: SplitData
    fallback: list[str]
    vocabulary: Vocabulary


def _fit(inputs: _Inputs, referee: Referee, progress: bool, log: Callable[[str], None] | None) -> dict[str, Any]:
    """The epochs from the saved state (or the start) to ``config.epochs``, then the held-out check."""
    directory, run_dir, config, state, dataset = (inputs.directory, inputs.run_dir, inputs.config, inputs.state,
                                                  inputs.dataset)
    entries, train, test, fallback, vocabulary = (inputs.entries, inputs.train, inputs.test, inputs.fallback,
                                                  inputs.vocabulary)
    caption_files = inputs.caption_files
    source = fake_source(train, entries, fallback, referee, config.transformations)
    make_deterministic(config.seed, config.device)
    device = config.device
    model = Critic(len(vocabulary), train.images.shape[1], config.shape).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=config.learning_rate)
    history: list[dict[str, Any]] = []
    start = 0
    if state is not None:
        model.load_state_dict(state["model"])
        optimizer.load_state_dict(state["optimizer"])
        start, history = int(state["iteration"]), list(state.get("history", []))
    name = load(directory, config.split).name
    run_dir.mkdir(exist_ok=True)
    write_file(run_dir / "config.json", (json.dumps({
        "run": "critic", "data": str(Path(directory).resolve()), "dataset": dataset, "name": name,
        "config": config.to_json(),
        "captions": [str(p) for p in caption_files], "image_size": int(train.images.shape[1]),
        "vocabulary": vocabulary.tokens}, indent=1) + "\n").encode("utf-8"))
    images = torch.from_numpy(train.images).to(device)
    batches = -(-len(train.ids) // config.batch_size)
    with progress_bar((config.epochs - start) * batches, "critic", progress, unit="step") as bar:
        for epoch in range(start, config.epochs):
            for group in optimizer.param_groups:
                group["lr"] = config.learning_rate * config.decay ** epoch
            rng = np.random.default_rng([config.seed, epoch])
            pairs = epoch_pairs(source, train.captions, rng)
            order = rng.permutation(len(train.ids))
            model.train()
            losses = []
            for b in range(batches):
                chosen = order[b * config.batch_size: (b + 1) * config.batch_size]
                batch = [(k, ref, cand, y) for k, i in enumerate(chosen) for ref, cand, y in pairs[int(i)]]
                losses.append(_step(model, optimizer, images[torch.from_numpy(chosen).to(device)], batch, vocabulary,
                                    device, config.clip))
                bar.update(1)
                bar.set_postfix(epoch=epoch + 1, loss=f"{losses[-1]:.3f}", refresh=False)
            row = {"epoch": epoch + 1, "loss": float(np.mean(losses)), "learning_rate": optimizer.param_groups[0]["lr"],
                   "negatives": sum(len(p) - 1 for p in pairs), "fakes": source.statistics()}
            if not math.isfinite(row["loss"]):  # nothing of a diverged epoch is saved
                raise UserError(f"the critic's loss is not finite at epoch {epoch + 1} (training diverged); "
                                "train again with a lower --learning-rate")
            source.drawn.clear()
            source.rejected.clear()
            history.append(row)
            checkpoints.save(run_dir, epoch + 1, {"config": config.to_json(), "dataset": dataset,
                                                  "vocabulary": vocabulary.tokens, "model": model.state_dict(),
                                                  "optimizer": optimizer.state_dict(), "history": history})
            if log is not None:
                log(f"epoch {epoch + 1}: loss {row['loss']:.4f}, {row['negatives']} negatives")
    kept = checkpoints.saved_iterations(run_dir)[-config.average:]
    models = []
    for e in kept:
        m = Critic(len(vocabulary), train.images.shape[1], config.shape)
        m.load_state_dict(checkpoints.read(checkpoints.checkpoint_path(run_dir, e))["model"])
        models.append(m)
    scorer = CriticScorer(models, vocabulary, test.images, "cpu")
    test_source = fake_source(test, entries, fallback, referee, config.transformations)
    result = heldout(scorer, test, test_source, config.seed)
    summary = {"config": config.to_json(), "dataset": dataset, "name": name, "history": history,
               "heldout": {"split": config.heldout_split, "epochs_averaged": kept, **result,
                           "fakes_drawn": test_source.statistics()}}
    write_file(run_dir / "critic.json", (json_text(summary, indent=1) + "\n").encode("utf-8"))
    return {"run_dir": str(run_dir), **summary}


__all__ = ["CriticConfig", "train_critic", "heldout", "epoch_pairs", "load_split"]
