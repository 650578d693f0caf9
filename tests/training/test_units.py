"""Torch-free parts of training: vocabulary, batch order, settings."""
from __future__ import annotations

import numpy as np
import pytest

from shapeworldice.errors import UserError
from shapeworldice.training.config import make_config, same_model
from shapeworldice.training.data import BatchSampler
from shapeworldice.training.vocab import END, PAD, Vocabulary, words


def test_vocabulary_round_trip():
    captions = ["A red square is above a circle.", "There is a green triangle."]
    vocab = Vocabulary.build(captions)
    encoded = vocab.encode(captions, 8)
    assert encoded.shape == (2, 8)
    assert encoded[1, 5] == END and (encoded[1, 6:] == PAD).all()
    assert [vocab.decode(row) for row in encoded] == captions
    assert words("A red square.") == ["a", "red", "square"]


def test_vocabulary_cuts_long_captions_and_decodes_nothing_as_full_stop():
    vocab = Vocabulary.build(["a b c d e"])
    assert list(vocab.encode(["a b c d e"], 3)[0][-1:]) == [END]
    assert vocab.decode([END, 5, 6]) == "."


def test_batches_cover_each_epoch_once_and_are_reproducible():
    sampler = BatchSampler(10, 4, seed=3)
    first_epoch = np.concatenate([sampler.batch(i) for i in range(3)])[:10]  # 12 draws span two epochs
    assert sorted(first_epoch.tolist()) == list(range(10))
    again = BatchSampler(10, 4, seed=3)
    assert (again.batch(7) == sampler.batch(7)).all()  # any iteration's batch without replaying earlier ones
    assert not all((BatchSampler(10, 4, seed=4).batch(i) == sampler.batch(i)).all() for i in range(3))


def test_presets_and_bad_settings():
    cpu = make_config("auto", "cpu", model="showtell")
    assert cpu.preset == "cpu" and cpu.precision == "fp32" and cpu.model == "showtell"
    paper = make_config("paper", "cpu", model="lrcn1u")
    assert (paper.hidden, paper.embedding, paper.batch_size, paper.learning_rate, paper.iterations) == \
        (512, 512, 64, 1e-3, 100_000)
    assert make_config("cpu", "cpu", eval_images=0).eval_images is None
    assert same_model(cpu, make_config("cpu", "cpu", model="lrcn1u")) == ["model"]
    for bad in ({"iterations": 0}, {"model": "vgg"}, {"learning_rate": -1.0}, {"eval_images": -3},
                {"split": "dev"}, {"precision": "fp16"}):
        with pytest.raises(UserError):
            make_config("cpu", "cpu", **bad)
