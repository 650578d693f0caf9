"""Training settings: the GTD paper's set-up as the ``paper`` preset, a small ``cpu`` preset.

The ``paper`` preset (CNN encoder → 512-unit LSTM, Adam 1e-3, batch 64, 100k iterations) is the default
on a GPU; on a CPU the default is ``cpu``, sized so existential-oneshape trains in well under an hour on
a laptop. Any field can be overridden; the resolved settings are stored with the run.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from ..errors import UserError
from . import MODELS


def known_fields(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    """The entries of a saved config that are fields of dataclass ``cls`` (older or newer keys are
    dropped), with ``channels`` back as the tuple the dataclass holds (JSON wrote a list)."""
    known = {f.name for f in fields(cls)}
    values = {k: v for k, v in data.items() if k in known}
    if "channels" in values:
        values["channels"] = tuple(values["channels"])
    return values


PRESETS: dict[str, dict[str, Any]] = {
    "paper": {"embedding": 512, "hidden": 512, "feature": 512, "channels": (32, 64, 128, 256),
              "iterations": 100_000, "checkpoint_every": 5_000, "eval_images": None},
    "cpu": {"embedding": 64, "hidden": 128, "feature": 128, "channels": (16, 32, 64, 128),
            "iterations": 20_000, "checkpoint_every": 1_000, "eval_images": 500},
}
PRECISIONS = ("fp32", "bf16", "fp16")
# settings that change what is trained, or what its curves measure: a resumed run must match them
MODEL_KEYS = ("model", "embedding", "hidden", "feature", "channels", "batch_size", "learning_rate", "seed",
              "max_length", "split", "eval_images")


#: the largest learning rate accepted: Adam above it diverges on these models (1e4 trains to NaN)
MAX_LEARNING_RATE = 1.0


def check_learning_rate(value: float) -> None:
    """A learning rate must be a finite number in (0, MAX_LEARNING_RATE]: inf and NaN pass a bare
    "positive" check and train to NaN weights."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= MAX_LEARNING_RATE:
        raise UserError(f"--learning-rate must be a number above 0 and at most {MAX_LEARNING_RATE:g}, got {value}")


@dataclass(frozen=True)
class TrainConfig:
    """Everything that determines a run (the data directory aside)."""

    model: str = "lrcn1u"
    preset: str = "cpu"
    iterations: int = 20_000
    batch_size: int = 64
    learning_rate: float = 1e-3
    embedding: int = 64
    hidden: int = 128
    feature: int = 128
    channels: tuple[int, ...] = (16, 32, 64, 128)
    checkpoint_every: int = 1_000
    split: str = "test"
    eval_images: int | None = 500
    seed: int = 0
    device: str = "cpu"
    precision: str = "fp32"
    compile: bool = False
    max_length: int = 0  # caption tokens incl. the end token; 0: from the training captions

    def check(self) -> TrainConfig:
        """Return self, or raise a one-line UserError naming the first bad setting."""
        if self.model not in MODELS:
            raise UserError(f"unknown model {self.model!r} (expected one of {', '.join(MODELS)})")
        if self.preset not in PRESETS:
            raise UserError(f"unknown preset {self.preset!r} (expected one of {', '.join(PRESETS)})")
        positive = ("iterations", "batch_size", "embedding", "hidden", "feature", "checkpoint_every")
        for name in positive:
            if getattr(self, name) < 1:
                raise UserError(f"--{name.replace('_', '-')} must be >= 1, got {getattr(self, name)}")
        check_learning_rate(self.learning_rate)
        if self.eval_images is not None and self.eval_images < 1:
            raise UserError(f"--eval-images must be >= 1 (or 0 for the whole split), got {self.eval_images}")
        if self.split not in ("test", "validation", "train"):  # train: for overfitting checks
            raise UserError(f"--split must be test or validation, got {self.split!r}")
        if self.precision not in PRECISIONS:
            raise UserError(f"unknown precision {self.precision!r} (expected one of {', '.join(PRECISIONS)})")
        if self.device == "cpu" and self.precision == "fp16":
            raise UserError("fp16 mixed precision needs --device cuda")
        if not self.channels or any(c < 1 for c in self.channels) or len(self.channels) > 6:
            raise UserError("--channels must be 1 to 6 positive numbers")
        if self.seed < 0:
            raise UserError(f"--seed must be >= 0, got {self.seed}")
        return self

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["channels"] = list(self.channels)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TrainConfig:
        return cls(**known_fields(cls, data))


def make_config(preset: str, device: str, **overrides: Any) -> TrainConfig:
    """The preset's settings with every non-None override applied (``preset`` 'auto' = by device)."""
    if preset == "auto":
        preset = "paper" if device == "cuda" else "cpu"
    if preset not in PRESETS:
        raise UserError(f"unknown preset {preset!r} (expected auto, {', '.join(PRESETS)})")
    base = replace(TrainConfig(), preset=preset, device=device, precision=_precision(device), **PRESETS[preset])
    return _override(base, overrides)


def resumed_config(saved: TrainConfig, device: str, **overrides: Any) -> TrainConfig:
    """A resumed run's settings: the saved run's, with the device (and its default precision) of
    this machine and every non-None override applied — so ``--resume`` alone continues a run as it
    was started, whatever the defaults."""
    base = replace(saved, device=device, precision=_precision(device), compile=False)
    return _override(base, overrides)


def _precision(device: str) -> str:
    """The settings' default precision on a device (the CLI refines cuda by the GPU's bf16 support)."""
    return "bf16" if device == "cuda" else "fp32"


def _override(base: TrainConfig, overrides: dict[str, Any]) -> TrainConfig:
    given = {k: v for k, v in overrides.items() if v is not None}
    if given.get("eval_images") == 0:  # 0 on the command line: the whole split
        given["eval_images"] = None
    if "channels" in given:
        given["channels"] = tuple(given["channels"])
    return replace(base, **given).check()


def same_model(a: TrainConfig, b: TrainConfig) -> list[str]:
    """Names of the settings that differ between two runs' models (empty: one can resume the other)."""
    return [k for k in MODEL_KEYS if getattr(a, k) != getattr(b, k)]
