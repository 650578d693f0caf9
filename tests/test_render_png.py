"""PNG encoding by image size: Pillow's bytes below ``PNG_UNFILTERED_FROM`` pixels a side, unfiltered
rows deflated by zlib from it up; both lossless and deterministic."""
from __future__ import annotations

import hashlib
import io
import struct
import zlib

import numpy as np
import pytest
from PIL import Image

from shapeworldice.render import (PNG_COMPRESS_LEVEL, PNG_UNFILTERED_FROM, PNG_UNFILTERED_LEVEL, decode_png,
                                  encode_png, render)
from shapeworldice.world import WorldConfig, WorldSampler


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """(type, data) of every chunk, each CRC checked."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        assert crc == zlib.crc32(kind + body)
        chunks.append((kind, body))
        at += 12 + length
    assert at == len(data)
    return chunks


def _pillow(image: np.ndarray) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(image).save(buf, format="PNG", compress_level=PNG_COMPRESS_LEVEL, optimize=False)
    return buf.getvalue()


@pytest.fixture(scope="module")
def worlds():
    sampler = WorldSampler(WorldConfig(entity_counts=tuple(range(1, 16))))
    return [sampler.sample(np.random.default_rng([7, i]), "train") for i in range(6)]


@pytest.mark.parametrize("size", [64, PNG_UNFILTERED_FROM - 1])
def test_small_images_keep_pillows_bytes(worlds, size):
    """Below the threshold the bytes are Pillow's (level 6, adaptive filters): the 64-pixel datasets
    keep their bytes."""
    for world in worlds:
        image = render(world, size=size)
        data = encode_png(image)
        assert data == _pillow(image)
        assert np.array_equal(decode_png(data), image)


@pytest.mark.parametrize("size", [PNG_UNFILTERED_FROM, 384])
def test_large_images_are_unfiltered_rows_deflated(worlds, size):
    """From the threshold up: signature, IHDR (8-bit RGB, no interlace), one IDAT whose rows all
    carry filter type 0 and the image's bytes, IEND; nothing else (no timestamp, no text)."""
    for world in worlds:
        image = render(world, size=size)
        data = encode_png(image)
        chunks = _chunks(data)
        assert [kind for kind, _ in chunks] == [b"IHDR", b"IDAT", b"IEND"]
        assert struct.unpack(">IIBBBBB", chunks[0][1]) == (size, size, 8, 2, 0, 0, 0)
        rows = np.frombuffer(zlib.decompress(chunks[1][1]), dtype=np.uint8).reshape(size, 1 + 3 * size)
        assert not rows[:, 0].any()
        assert np.array_equal(rows[:, 1:].reshape(size, size, 3), image)
        packer = zlib.compressobj(PNG_UNFILTERED_LEVEL)
        assert chunks[1][1] == packer.compress(rows.tobytes()) + packer.flush()
        assert np.array_equal(decode_png(data), image)  # Pillow reads it back
        assert data == encode_png(image.copy()) != _pillow(image)


def test_large_noisy_and_non_square_images_round_trip():
    rng = np.random.default_rng(0)
    for shape in ((PNG_UNFILTERED_FROM, 300, 3), (400, PNG_UNFILTERED_FROM + 5, 3), (130, 90, 3)):
        image = rng.integers(0, 256, shape, dtype=np.uint8)
        data = encode_png(image)
        assert np.array_equal(decode_png(data), image)
        unfiltered = min(shape[:2]) >= PNG_UNFILTERED_FROM
        assert (data == _pillow(image)) is not unfiltered
    view = rng.integers(0, 256, (200, 400, 3), dtype=np.uint8)[:, ::2]  # not contiguous
    assert np.array_equal(decode_png(encode_png(view)), view)


def test_384_pixel_pngs_keep_their_bytes(worlds):
    """The PNG bytes of six worlds at 384 pixels, as the 384-pixel datasets write them (this zlib's
    level 3): a change of the encoding changes these bytes, and the version of those datasets."""
    if zlib.ZLIB_RUNTIME_VERSION != "1.2.13":
        pytest.skip(f"the digest was taken with zlib 1.2.13, this is {zlib.ZLIB_RUNTIME_VERSION}")
    digest = hashlib.sha256()
    for world in worlds:
        digest.update(encode_png(render(world, size=384)))
    assert digest.hexdigest() == "b7a81fab15ba564b3a322089c03d6ae8e8dd0f338e2b6921c76a7a0b16f152c2"
