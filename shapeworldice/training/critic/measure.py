"""A trained critic as a measure of the catalogue: ``critic`` = mean P(human) of the captions.

A caption's score is P(human | image, reference, caption) averaged over the image's references
and over the weights of the run's last epochs (up to ``average`` of them, Cui et al.'s
averaging of the last epochs). :func:`critic_measure` registers the measure for the duration of
a ``with`` block, so ``evaluate``, ``curves``, ``robustness``, ``variance`` and ``validity`` show
it beside BLEU, CIDEr-D and SPICE* without knowing it exists.

Like every surface metric the measure sees only captions and references per image, not image
ids. It finds each image's picture by its references: the split image whose reference captions
include all of them, the first such image after the previous one when several do (every caller
passes images in split order). A reference no image of the split has is a one-line error.
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar, Iterator, Sequence

import numpy as np
import torch

from ...data.loader import load
from ...errors import UserError
from ...metrics import catalogue, registry
from ...metrics.base import Metric, MetricResult, PreparedCorpus
from ...metrics.tokenize import tokenize_many
from .. import checkpoints
from ..vocab import Vocabulary
from .model import Critic, CriticShape, encode_captions

KEY = "critic"
CHUNK = 2048  # (reference, candidate) pairs per forward pass
NOTE = ("Critic = P(human) of the learned critic of Cui et al., trained on this dataset's images; "
        "mean over references and the last epochs' weights")


class CriticScorer:
    """P(human) of candidates against references on images, averaged over several weight sets."""

    def __init__(self, models: Sequence[Critic], vocabulary: Vocabulary, images: np.ndarray, device: str = "cpu"):
        self.models = [m.to(device).eval() for m in models]
        self.vocabulary, self.images, self.device = vocabulary, images, device
        self._vectors: list[torch.Tensor | None] = [None] * len(self.models)

    def _image_vectors(self, k: int) -> torch.Tensor:
        if self._vectors[k] is None:
            parts = [self.models[k].images(torch.from_numpy(self.images[s: s + 512]).to(self.device))
                     for s in range(0, len(self.images), 512)]
            self._vectors[k] = torch.cat(parts) if parts else torch.zeros(0)
        vectors = self._vectors[k]
        assert vectors is not None
        return vectors

    @torch.no_grad()
    def score(self, images: Sequence[int], references: Sequence[Sequence[str]], candidates: Sequence[str]
              ) -> np.ndarray:
        """Per candidate: mean over its references (and the weight sets) of P(human)."""
        pair_image, pair_ref, pair_cand, owner = [], [], [], []
        for n, (image, refs, cand) in enumerate(zip(images, references, candidates)):
            for ref in refs:
                pair_image.append(image)
                pair_ref.append(ref)
                pair_cand.append(cand)
                owner.append(n)
        total = np.zeros(len(pair_image))
        texts = sorted(set(pair_ref) | set(pair_cand))
        row = {t: k for k, t in enumerate(texts)}
        for k, model in enumerate(self.models):
            vectors = self._image_vectors(k)
            sentences = torch.cat([model.sentences(torch.from_numpy(encode_captions(self.vocabulary,
                                                                                     texts[s: s + CHUNK])
                                                                     ).to(self.device))
                                   for s in range(0, len(texts), CHUNK)]) if texts else torch.zeros(0)
            for s in range(0, len(pair_image), CHUNK):
                at_image = torch.tensor(pair_image[s: s + CHUNK], device=self.device)
                at_ref = torch.tensor([row[t] for t in pair_ref[s: s + CHUNK]], device=self.device)
                at_cand = torch.tensor([row[t] for t in pair_cand[s: s + CHUNK]], device=self.device)
                logits = model.classify(vectors[at_image], sentences[at_ref], sentences[at_cand])
                total[s: s + CHUNK] += torch.softmax(logits.float(), dim=1)[:, 1].cpu().numpy()
        per_pair = total / max(len(self.models), 1)
        sums = np.bincount(np.asarray(owner, dtype=np.int64), weights=per_pair, minlength=len(candidates))
        counts = np.bincount(np.asarray(owner, dtype=np.int64), minlength=len(candidates))
        return np.where(counts > 0, sums / np.maximum(counts, 1), np.nan)


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def read_run_config(run_dir: Path) -> tuple[dict[str, Any], CriticShape]:
    """A critic run's config.json, every field it is used for checked (a hand-edited file is one
    line naming the field, never a traceback), and the network's shape."""
    from ...safe_read import loads_json, read_input

    path = run_dir / "config.json"
    if not run_dir.is_dir() or not path.is_file():
        raise UserError(f"--critic {run_dir}: not a critic run folder (no config.json); train one with "
                        "'shapeworldice critic train'")
    saved = loads_json(read_input(path, "critic config").decode("utf-8", "replace"), str(path))
    config = saved.get("config") if isinstance(saved, dict) else None
    if not isinstance(config, dict):
        raise UserError(f"{path}: not a critic run's config (no 'config' object)")
    vocabulary, shape = saved.get("vocabulary"), config.get("shape")
    checks = {"image_size": _count(saved.get("image_size")), "config.epochs": _count(config.get("epochs")),
              "config.average": _count(config.get("average", 1)),
              "vocabulary": isinstance(vocabulary, list) and len(vocabulary) >= 4
              and all(isinstance(w, str) for w in vocabulary),
              "config.shape": isinstance(shape, dict) and isinstance(shape.get("channels"), list)
              and 1 <= len(shape["channels"]) <= 6 and all(_count(c) for c in shape["channels"])
              and all(_count(shape.get(k, 1)) for k in ("feature", "embedding", "hidden", "mlp"))}
    bad = [name for name, ok in checks.items() if not ok]
    if bad:
        raise UserError(f"{path}: field {bad[0]} is missing or of the wrong type or range (hand-edited?)")
    assert isinstance(shape, dict)
    return saved, CriticShape.from_json(shape)


def load_models(run_dir: Path, average: int | None = None) -> tuple[list[Critic], Vocabulary, dict[str, Any]]:
    """The weights of a run's last ``average`` epochs (its saved setting when None), its vocabulary
    and its config.json.  A run stopped before its last epoch, or whose weights are not finite (it
    diverged), is refused: its scores would not be a trained critic's."""
    saved, shape = read_run_config(run_dir)
    config = saved["config"]
    vocabulary = Vocabulary(saved["vocabulary"][4:])
    image_size = int(saved["image_size"])
    epochs = checkpoints.saved_iterations(run_dir)
    if not epochs:
        raise UserError(f"--critic {run_dir}: no trained epoch (model-EPOCH.pt) yet")
    if epochs[-1] < config["epochs"]:
        raise UserError(f"--critic {run_dir}: trained {epochs[-1]} of its {config['epochs']} epochs (stopped early?); "
                        "finish it with 'shapeworldice critic train ... --resume' before scoring with it")
    keep = epochs[-max(1, int(config.get("average", 1) if average is None else average)):]
    models = []
    for epoch in keep:
        file = checkpoints.checkpoint_path(run_dir, epoch)
        state = checkpoints.read(file, "critic checkpoint")
        weights = state.get("model")
        if isinstance(weights, dict) and not all(torch.isfinite(t).all() for t in weights.values()
                                                 if isinstance(t, torch.Tensor) and t.is_floating_point()):
            raise UserError(f"--critic {run_dir}: the weights of epoch {epoch} are not finite (NaN or inf: the "
                            "training diverged); train it again with a lower --learning-rate")
        try:
            model = Critic(len(vocabulary), image_size, shape)
            model.load_state_dict(weights)  # type: ignore[arg-type]
        except Exception as exc:  # weights of another shape, or no weights: name it, no traceback
            raise UserError(f"cannot read critic checkpoint {file}: {_first_line(exc)}") from None
        models.append(model)
    return models, vocabulary, {**saved, "epochs_averaged": keep}


def load_scorer(run_dir: str | Path, directory: str | Path, split: str) -> tuple[CriticScorer, list[str],
                                                                                 list[tuple[str, ...]], str]:
    """(scorer, image ids, each image's references, signature) of a run on a dataset split."""
    from .. import require_torch

    require_torch()
    run_dir = Path(run_dir)
    models, vocabulary, saved = load_models(run_dir)
    data = load(directory, split)
    if saved.get("name") and saved["name"] != data.name:
        raise UserError(f"--critic {run_dir} was trained on {saved['name']}, not {data.name}: a critic knows "
                        "one dataset's images and words")
    instances = data.instances
    images = np.stack([inst.image for inst in instances]) if instances else np.zeros((0, 1, 1, 3), np.uint8)
    if instances and images.shape[1] != saved["image_size"]:
        raise UserError(f"--critic {run_dir} was trained on {saved['image_size']}-pixel images; {directory} has "
                        f"{images.shape[1]}-pixel ones: train a critic on this build")
    signature = f"critic:{run_dir.name}|epochs:{','.join(map(str, saved['epochs_averaged']))}"
    return (CriticScorer(models, vocabulary, images), [inst.id for inst in instances],
            [tuple(inst.captions) for inst in instances], signature)


class CriticMetric(Metric):
    """The critic behind the :class:`Metric` interface; a subclass made by :func:`bound_metric`
    carries the scorer and the split's references (:meth:`Metric.compute_prepared` needs no arguments)."""

    name = KEY
    result_names = (KEY,)
    scorer: ClassVar[CriticScorer | None] = None
    split_references: ClassVar[Sequence[Sequence[str]]] = ()
    run_signature: ClassVar[str] = "critic"

    def signature(self, corpus: PreparedCorpus, result_name: str) -> str:
        return f"{self.run_signature}|{corpus.signature_fields()}"

    def _images(self, corpus: PreparedCorpus) -> list[int]:
        """The split image of each corpus image, found by its references (see the module docstring)."""
        index: dict[tuple[str, ...], list[int]] = {}
        flat = [c for refs in self.split_references for c in refs]
        owners = [k for k, refs in enumerate(self.split_references) for _ in refs]
        for k, tokens in zip(owners, tokenize_many(flat)):
            images = index.setdefault(tuple(tokens), [])
            if not images or images[-1] != k:
                images.append(k)
        out, previous = [], -1
        sentences = corpus.sentences
        for g in range(corpus.n_images):
            refs = {tuple(sentences[int(s)]) for s in corpus.ref_sent[corpus.ref_ptr[g]: corpus.ref_ptr[g + 1]]}
            common: set[int] | None = None
            for ref in refs:
                found = set(index.get(ref, ()))
                common = found if common is None else common & found
            if not common:
                raise UserError("the critic was given references that no image of its split has (another dataset "
                                "or split?)")
            later = sorted(k for k in common if k > previous)
            previous = later[0] if later else min(common)
            out.append(previous)
        return out

    def _compute(self, corpus: PreparedCorpus) -> dict[str, MetricResult]:
        assert self.scorer is not None, "use bound_metric() to give the critic its run"
        images = self._images(corpus)
        sentences = [" ".join(s) for s in corpus.sentences]
        references = [[sentences[int(s)] for s in corpus.ref_sent[corpus.ref_ptr[g]: corpus.ref_ptr[g + 1]]]
                      for g in range(corpus.n_images)]
        items = corpus.item_image
        scores = self.scorer.score([images[int(g)] for g in items], [references[int(g)] for g in items],
                                   [sentences[int(s)] for s in corpus.item_sent])
        return {KEY: MetricResult(KEY, float(np.mean(scores)), corpus.per_image(scores),
                                  self.signature(corpus, KEY), extra=corpus.caption_extra(scores))}


def bound_metric(scorer: CriticScorer, split_references: Sequence[Sequence[str]], signature: str) -> type[Metric]:
    """A :class:`CriticMetric` subclass that scores with ``scorer`` on the split with these references."""
    return type("BoundCritic", (CriticMetric,), {"scorer": scorer, "split_references": split_references,
                                                 "run_signature": signature})


MEASURE_VIEWS = ("table", "robustness", "variance", "curves_surface")


@contextmanager
def critic_measure(run_dir: str | Path, directory: str | Path, split: str) -> Iterator[CriticScorer]:
    """The catalogue with the ``critic`` measure of run ``run_dir`` on ``directory``'s ``split``."""
    scorer, _, references, signature = load_scorer(run_dir, directory, split)
    entry = catalogue.Measure(KEY, "Critic", "-.*", views=frozenset(("report", *MEASURE_VIEWS)), metric=KEY,
                              note=NOTE)
    with registry.registered(KEY, bound_metric(scorer, references, signature)), catalogue.registered(entry):
        yield scorer
