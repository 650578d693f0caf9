"""The captioning model: the encoder's two views of an image (what is there, position-free, and
where), the captioner's shapes, and its precision under autocast."""
from __future__ import annotations

import pytest

torch = pytest.importorskip("torch", reason="training tests need PyTorch: pip install -e '.[test,train]'")

from shapeworldice.training.model import WHERE_CHANNELS, Captioner, Encoder  # noqa: E402


def _image_with_square(row: int, col: int) -> torch.Tensor:
    image = torch.zeros(1, 128, 128, 3, dtype=torch.uint8)
    image[0, row: row + 6, col: col + 6] = torch.tensor([200, 40, 40], dtype=torch.uint8)
    return image


def test_what_view_ignores_a_shift_by_the_total_stride_and_where_view_does_not():
    torch.manual_seed(0)
    # total stride 16, receptive field 31 px: on a 128 px image a square near the middle is never seen
    # together with the border, so moving it 16 px only moves its activations one grid cell
    encoder = Encoder((8, 8, 8, 8), 32, 128).eval()
    with torch.no_grad():
        grids = [encoder.grid(_image_with_square(56, c)) for c in (48, 64)]
        what = [g.amax(dim=(2, 3)) for g in grids]
        where = [encoder.where(g) for g in grids]
    assert torch.allclose(what[0], what[1], atol=1e-5)
    assert not torch.allclose(where[0], where[1], atol=1e-3)
    assert where[0].shape == (1, WHERE_CHANNELS * 8 * 8)


@pytest.mark.parametrize("kind", ["lrcn1u", "showtell"])
def test_captioner_shapes(kind):
    model = Captioner(kind, vocabulary_size=12, image_size=64, channels=(8, 16), feature=16, embedding=8, hidden=16)
    images = torch.zeros(3, 64, 64, 3, dtype=torch.uint8)
    tokens = torch.randint(4, 12, (3, 5))
    assert model(images, tokens).shape == (3, 5, 12)
    assert model.greedy(images, 5).shape == (3, 5)


def test_recurrence_stays_float32_under_bf16_autocast():
    """CUDA autocast would run the cuDNN LSTM in fp16 even under bf16, unguarded by a loss scaler;
    the recurrence opts out of autocast, so its outputs are float32 whatever the context."""
    model = Captioner("lrcn1u", 12, 32, channels=(8, 16), feature=16, embedding=8, hidden=16)
    images = torch.randint(0, 256, (2, 32, 32, 3), dtype=torch.uint8)
    with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
        features = model.encoder(images)
        hidden, (h, c) = model._recur(model._inputs(features, torch.full((2, 3), 4)))
        assert features.dtype == torch.bfloat16  # the encoder does run in the lower precision
        assert model(images, torch.randint(4, 12, (2, 3))).dtype == torch.bfloat16  # the output layer too
    assert hidden.dtype == h.dtype == c.dtype == torch.float32


@pytest.mark.slow
@pytest.mark.parametrize("precision,tolerance", [("fp32", 1e-5), ("bf16", 1e-3)])
def test_compiled_step_matches_eager_step(precision, tolerance):
    """``--compile`` (torch.compile of the loss and its backward; on a GPU with CUDA graphs) trains
    the same model: three steps give the losses of three eager steps. On a CPU this runs Inductor's
    C++ path, the part of the GPU set-up that can be checked without a GPU; bf16 as under the GPU
    default's autocast (bf16 rounds differently when fused, hence the looser tolerance)."""
    from shapeworldice.training.config import make_config
    from shapeworldice.training.device import autocast, grad_scaler
    from shapeworldice.training.loop import build_model, make_step

    config = make_config("cpu", "cpu", channels=(8, 16), feature=16, embedding=8, hidden=16)
    losses = []
    for compiled in (False, True):
        torch.manual_seed(0)
        model = build_model(config, 20, 32)
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        step = make_step(model, optimizer, grad_scaler("cpu", precision), autocast("cpu", precision), compiled,
                         "cpu")
        generator = torch.Generator().manual_seed(1)
        images = torch.randint(0, 256, (8, 32, 32, 3), dtype=torch.uint8, generator=generator)
        tokens = torch.randint(4, 20, (8, 6), generator=generator)
        losses.append([float(step(images, tokens)) for _ in range(3)])
    assert losses[1] == pytest.approx(losses[0], abs=tolerance)
    assert losses[0][2] < losses[0][0]  # the steps did train
