"""A tiny built dataset (32 training images) and a tiny-model config for the training tests."""
from __future__ import annotations

import pytest

from shapeworldice.data.build import generate


@pytest.fixture(scope="session")
def tiny_dataset(tmp_path_factory):
    """existential-oneshape with 32 train, 8 validation and 16 test instances (seed 0)."""
    return generate("existential-oneshape", tmp_path_factory.mktemp("train-data"), seed=0, train=32, validation=8,
                    test=16)


@pytest.fixture
def tiny_config():
    """A model small enough to train in seconds on one CPU thread (needs torch)."""
    torch = pytest.importorskip("torch", reason="training tests need PyTorch: pip install -e '.[test,train]'")
    torch.set_num_threads(1)
    from shapeworldice.training.config import make_config

    def make(**overrides):
        values = dict(model="lrcn1u", iterations=4, checkpoint_every=2, eval_images=0, batch_size=16,
                      learning_rate=3e-3, channels=(8, 16, 32), feature=64, embedding=32, hidden=64)
        values.update(overrides)
        return make_config("cpu", "cpu", **values)

    return make
