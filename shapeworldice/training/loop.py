"""The training loop: teacher-forced cross-entropy with Adam, greedy captions and GTD scores at
every checkpoint, exact resumption from the newest model checkpoint.

Run directory layout: ``config.json`` (settings, data, vocabulary), ``ckpt-ITER.json`` (greedy
captions, COCO results), ``model-ITER.pt`` (resume state), ``curves.csv``/``.png``/``.svg`` and
``best.json``.
"""
from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

import numpy as np
import torch

from ..data.lock import exclusive
from ..errors import UserError
from ..progress import Progress, bar as progress_bar
from ..run_folders import check_run_folder
from ..evaluation.io.outputs import write_file
from . import checkpoints
from .config import TrainConfig, same_model
from .data import BatchSampler, CaptionImages, dataset_signature, load_captioning, load_training
from .device import autocast, grad_scaler, make_deterministic
from .model import Captioner
from .scoring import Scorer, read_rows
from .vocab import Vocabulary

CAPTION_CHUNK = 512  # images decoded per greedy batch


def build_model(config: TrainConfig, vocabulary_size: int, image_size: int) -> Captioner:
    return Captioner(config.model, vocabulary_size, image_size, config.channels, config.feature,
                     config.embedding, config.hidden)


def make_step(model: Captioner, optimizer: torch.optim.Optimizer, scaler: torch.amp.GradScaler,
              amp: Callable[[], Any], compile_step: bool, device: str
              ) -> Callable[[torch.Tensor, torch.Tensor], torch.Tensor]:
    """One optimisation step on a batch, returning the (detached, float32) loss without a host sync.

    With ``compile_step`` the loss and its backward are compiled; on a GPU in "reduce-overhead" mode,
    which replays them as CUDA graphs (the lever for a launch-bound model). TorchDynamo does not
    trace ``nn.LSTM``: the graphs are the encoder before it and the output layer and loss after it.
    The CUDA path follows PyTorch's documented API but has not run here: CI has no GPU (the CPU
    tests run the compiled step and bf16 autocast)."""
    loss_fn: Callable[[torch.Tensor, torch.Tensor], torch.Tensor] = model.loss
    graphs = compile_step and device == "cuda"
    if compile_step:
        loss_fn = torch.compile(model.loss, mode="reduce-overhead" if graphs else "default")

    def step(images: torch.Tensor, tokens: torch.Tensor) -> torch.Tensor:
        if graphs:  # a new iteration: earlier graph outputs may be overwritten
            torch.compiler.cudagraph_mark_step_begin()
        optimizer.zero_grad(set_to_none=True)
        with amp():
            loss = loss_fn(images, tokens)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        return loss.detach().float().clone()

    return step


def caption_images(model: Captioner, images: np.ndarray, vocabulary: Vocabulary, max_length: int,
                   device: str, amp: Callable[[], Any]) -> list[str]:
    """Greedy captions of uint8 images, in order, in chunks (eval mode)."""
    was_training = model.training
    model.eval()
    out: list[str] = []
    try:
        for start in range(0, len(images), CAPTION_CHUNK):
            batch = torch.from_numpy(images[start: start + CAPTION_CHUNK]).to(device)
            with amp():
                ids = model.greedy(batch, max_length).cpu().numpy()
            out.extend(vocabulary.decode(row) for row in ids)
    finally:
        model.train(was_training)
    return out


def _check_run_dir(run_dir: Path, resume: bool) -> None:
    check_run_folder(run_dir, "train")
    if not resume and (checkpoints.saved_iterations(run_dir) or (run_dir / "curves.csv").exists()):
        raise UserError(f"{run_dir} already holds a run; pass --resume to continue it or choose another --out")


def saved_config(run_dir: str | Path) -> TrainConfig | None:
    """The settings a run folder was last trained with (None when it holds no run yet)."""
    path = Path(run_dir) / "config.json"
    check_run_folder(run_dir, "train")
    if not path.is_file():
        return None
    try:
        return TrainConfig.from_json(json.loads(path.read_text(encoding="utf-8"))["config"])
    except (ValueError, KeyError, TypeError) as exc:
        raise UserError(f"cannot read {path}: {exc}") from None


def _resumed(run_dir: Path, config: TrainConfig, dataset: str | None) -> tuple[dict[str, Any], TrainConfig]:
    state = checkpoints.load_latest(run_dir)
    if state.get("dataset") and dataset and state["dataset"] != dataset:
        raise UserError(f"--resume: {run_dir} was trained on another dataset ({state['dataset']}); "
                        "give the same DATA_DIR or choose another --out")
    if config.iterations <= int(state["iteration"]):
        raise UserError(f"--resume: {run_dir} is already at iteration {state['iteration']}; "
                        f"give --iterations above it to train further")
    saved = TrainConfig.from_json(state["config"])
    differ = same_model(saved, replace(config, max_length=saved.max_length))
    if differ:
        raise UserError(f"--resume: {run_dir} was trained with other settings ({', '.join(differ)}); "
                        "give the same ones or choose another --out")
    return state, replace(config, max_length=saved.max_length)


class _Progress:
    """The progress bar (:func:`shapeworldice.progress.bar`) with the running loss and the latest
    G/T/D (silent when ``enabled`` is false)."""

    def __init__(self, enabled: Progress, start: int, total: int, label: str):
        self.bar = None
        if enabled:
            self.bar = progress_bar(total, label, enabled, initial=start)
        self.fields: dict[str, str] = {}

    def update(self, n: int, **fields: float | None) -> None:
        self.fields.update({k: "-" if v is None else f"{v:.3f}" for k, v in fields.items()})
        if self.bar is not None:
            self.bar.set_postfix(self.fields, refresh=False)
            self.bar.update(n)

    def write(self, line: str, log: Callable[[str], None]) -> None:
        """Hand ``line`` to ``log`` with the bar cleared and redrawn after (no garbled bar)."""
        if self.bar is None:
            log(line)
            return
        with self.bar.external_write_mode():
            log(line)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def train(directory: str | Path, run_dir: str | Path, config: TrainConfig, resume: bool = False,
          progress: Progress = False, log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Train ``config.model`` on DIRECTORY's train split, scoring checkpoints into RUN_DIR.

    Returns the curves rows, the best and last rows and the training speed (iterations/s,
    excluding checkpoint captioning and scoring). Holds the run folder's lock throughout: a second
    run into the same folder refuses in one line instead of mixing checkpoints."""
    run_dir = Path(run_dir)
    if not run_dir.parent.is_dir():
        raise UserError(f"output folder does not exist: {run_dir.parent}")
    with exclusive(run_dir, "training into"):
        return _train(directory, run_dir, config, resume, progress, log)


def _train(directory: str | Path, run_dir: Path, config: TrainConfig, resume: bool, progress: Progress,
           log: Callable[[str], None] | None) -> dict[str, Any]:
    _check_run_dir(run_dir, resume)
    state: dict[str, Any] | None = None
    dataset = dataset_signature(directory)
    if resume:
        state, config = _resumed(run_dir, config, dataset)
    vocabulary = Vocabulary(state["vocabulary"][4:]) if state else None
    data = load_training(directory, config.max_length, vocabulary)
    config = replace(config, max_length=data.max_length).check()
    targets: CaptionImages = load_captioning(directory, config.split, config.eval_images)
    make_deterministic(config.seed, config.device)

    device = config.device
    model = build_model(config, len(data.vocabulary), data.images.shape[1]).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=config.learning_rate, fused=device == "cuda")
    scaler = grad_scaler(device, config.precision)
    start = 0
    if state is not None:
        model.load_state_dict(state["model"])
        optimizer.load_state_dict(state["optimizer"])
        if state["scaler"]:  # empty when saved without loss scaling (bf16, fp32): a fresh scaler then
            scaler.load_state_dict(state["scaler"])
        start = int(state["iteration"])
    # the evaluator is built before anything is written: a dataset it refuses leaves no run folder
    scorer = Scorer(run_dir, directory, config.split, f"{config.model} / {Path(directory).name} / {config.split}",
                    read_rows(run_dir, start))
    bar = _Progress(False, start, config.iterations, config.model)  # the real one once training starts
    try:
        run_dir.mkdir(exist_ok=True)
        write_file(run_dir / "config.json", (json.dumps({"run": "train", "data": str(Path(directory).resolve()),
                                                         "dataset": dataset,
                                                         "config": config.to_json(),
                                                         "vocabulary": data.vocabulary.tokens}, indent=1) + "\n"
                                             ).encode("utf-8"))
        amp = autocast(device, config.precision)
        step = make_step(model, optimizer, scaler, amp, config.compile, device)
        images = torch.from_numpy(data.images).to(device)
        tokens = torch.from_numpy(data.tokens).to(device)
        sampler = BatchSampler(len(data.images), config.batch_size, config.seed)
        bar = _Progress(progress, start, config.iterations, config.model)
        if scorer.rows:  # a resumed run shows its latest scores until the next checkpoint
            last = scorer.rows[-1]
            bar.update(0, G=last["grammaticality"], T=last["truthfulness"], D=last["diversity"])
        window_loss = torch.zeros((), device=device)
        window = 0
        train_seconds, shown = 0.0, start
        tick = time.perf_counter()
        model.train()
        for iteration in range(start, config.iterations):
            index = torch.from_numpy(sampler.batch(iteration)).to(device, non_blocking=True)
            window_loss += step(images[index], tokens[index])
            window += 1
            done = iteration + 1
            if done % config.checkpoint_every and done != config.iterations:
                if done % 50 == 0:
                    bar.update(done - shown, loss=float(window_loss) / window)
                    shown = done
                continue
            if device == "cuda":
                torch.cuda.synchronize()
            train_seconds += time.perf_counter() - tick
            mean_loss = float(window_loss) / window
            if not np.isfinite(mean_loss):  # nothing of a diverged stretch is saved
                raise UserError(f"the loss is not finite at iteration {done} (training diverged); the run keeps "
                                "its earlier checkpoints: train again with a lower --learning-rate")
            captions = caption_images(model, targets.images, data.vocabulary, config.max_length, device, amp)
            row = scorer.score(done, targets.ids, captions, mean_loss)
            checkpoints.save(run_dir, done, {"config": config.to_json(), "dataset": dataset,
                                             "vocabulary": data.vocabulary.tokens,
                                             "model": model.state_dict(), "optimizer": optimizer.state_dict(),
                                             "scaler": scaler.state_dict()})
            bar.update(done - shown, loss=mean_loss, G=row["grammaticality"],
                       T=row["truthfulness"], D=row["diversity"])
            if log is not None:
                bar.write(_row_text(row), log)
            window_loss.zero_()
            window = 0
            shown = done
            tick = time.perf_counter()
    finally:
        bar.close()
        scorer.close()
    steps = max(config.iterations - start, 0)
    return {"run_dir": str(run_dir), "config": config.to_json(), "rows": scorer.rows, "best": scorer.best(),
            "last": scorer.rows[-1] if scorer.rows else None, "iterations_trained": steps,
            "train_seconds": train_seconds,
            "iterations_per_second": steps / train_seconds if train_seconds > 0 else None}


def _row_text(row: dict[str, Any]) -> str:
    def f(v: Any) -> str:
        return "-" if v is None else f"{v:.3f}"

    return (f"iteration {row['iteration']}: loss {f(row['loss'])} G {f(row['grammaticality'])} "
            f"T {f(row['truthfulness'])} D {f(row['diversity'])} BLEU-4 {f(row['bleu_4'])} SPICE {f(row['spice'])}")
