"""Rendering worlds to RGB images, and deterministic PNG encoding.

World [0,1]² maps onto the whole image: pixel (row r, column c) of a ``size``-pixel image covers
world x ∈ [c/size, (c+1)/size], y ∈ [r/size, (r+1)/size] (y downwards). Entities are filled in
drawing order (entity order = id order, higher in front) with their shaded colour over the
background colour. Anti-aliasing: polygons are filled with Pillow at ``SUPERSAMPLE``× the
resolution and box-filtered down, which gives each pixel its covered fraction (a ~1-pixel soft
edge, as ShapeWorld's linear 1-pixel edge). This holds at any size: a 384-pixel image for a
vision-language model is drawn from the same outlines (curves are 48-gons, which are the world
model's own geometry), not upscaled from the 64-pixel one, so its edges stay
about one pixel soft.

Pillow's polygon filler is not centre-sampled: it includes the pixel under the left/top edge
of every span, i.e. it fattens a shape by about half a sub-pixel towards the top-left. We undo
that by shifting half a sub-pixel and insetting every outline by ``_INSET`` sub-pixels
(miter offset), measured so that rendered coverage matches the exact polygon coverage
(``tests/test_render.py`` checks it against shapely pixel-square intersections).

From 128 pixels up only the blocks a shape can touch are box-filtered: the rest of the image is
background, whose blocks average to the background colour, so the image starts as a copy of a
kept array of that colour at the output size, and each shape's block-aligned box (a margin of one
block around its outline) is filtered from the supersampled canvas into it. The canvas is kept per
thread, image size and background, and wiped back to the background in those boxes after each
image, instead of being allocated and filled (at 384 pixels it is 1,536² sub-pixels, and filling
and filtering it cost more than drawing); the image is a numpy array from the start, so no Pillow
image of the output size is made and converted (at 384 pixels that cost about 0.6 ms). The
pixels are those of filtering the whole canvas: each output pixel is the rounded mean of its
own block alone.

PNG encoding depends on the image size, by a fixed rule (:func:`encode_png`): below
``PNG_UNFILTERED_FROM`` pixels a side, Pillow's encoder (zlib level 6 after its per-row adaptive
filter), whose bytes the 64-pixel datasets keep; from that size up, every row unfiltered (PNG
filter type 0) and deflated at level ``PNG_UNFILTERED_LEVEL`` by Python's zlib. The images are
flat colours with one-pixel soft edges, whose runs deflate finds as well without a filter: at 384
pixels Pillow's encoder spent about half its time choosing row filters, and the unfiltered rows at
level 3 are written 5-6 times faster, in files of about the same size (-3% to +10%; +40% for the
sparsest, two shapes: 2.4 -> 3.4 KiB). ``benchmarks/bench_render.py`` prints both. Both encodings are
lossless (decoding gives the same array) and write no metadata; the bytes of the unfiltered form
depend on the zlib that Python links (``zlib.ZLIB_RUNTIME_VERSION``), as Pillow's on Pillow's.
"""
from __future__ import annotations

import io
import math
import struct
import threading
import zlib

import numpy as np
from PIL import Image, ImageDraw

from .world.model import BACKGROUNDS, World

__all__ = ["SUPERSAMPLE", "render", "encode_png", "decode_png", "rgb_to_uint8"]

SUPERSAMPLE = 4
PNG_COMPRESS_LEVEL = 6
#: the smallest side (pixels) of an image written with unfiltered rows (module docstring)
PNG_UNFILTERED_FROM = 128
#: zlib's level for the unfiltered rows
PNG_UNFILTERED_LEVEL = 3
_INSET = 0.36  # sub-pixels; see module docstring


def rgb_to_uint8(rgb) -> tuple[int, int, int]:
    """[0,1] floats → 0..255 ints (rounded)."""
    r, g, b = (math.floor(float(c) * 255.0 + 0.5) for c in rgb)
    return r, g, b


def _inset_polygons(polys: list[np.ndarray], scale: float, inset: float) -> tuple[np.ndarray, np.ndarray]:
    """Scale outlines by ``scale`` and move every edge inwards by ``inset`` (miter joins);
    one vectorised pass over all outlines. Returns their vertices, one outline after another,
    and the index of each outline's first vertex."""
    counts = np.fromiter((len(p) for p in polys), dtype=np.intp, count=len(polys))
    pts = np.concatenate(polys, axis=0) * scale
    first = np.cumsum(counts) - counts
    starts = np.repeat(first, counts)
    local = np.arange(len(pts)) - starts
    cnt = np.repeat(counts, counts)
    nxt = starts + (local + 1) % cnt
    prv = starts + (local - 1) % cnt
    e = pts[nxt] - pts  # edge i: vertex i -> i+1
    # orientation per ring (shoelace sign), so the normal points outwards
    cross = pts[:, 0] * pts[nxt, 1] - pts[nxt, 0] * pts[:, 1]
    sign = np.sign(np.add.reduceat(cross, first))
    sign[sign == 0] = 1.0
    length = np.hypot(e[:, 0], e[:, 1])
    length[length == 0] = 1.0
    n = np.stack([e[:, 1], -e[:, 0]], axis=1) / length[:, None] * np.repeat(sign, counts)[:, None]
    n_prev = n[prv]
    denom = 1.0 + np.einsum("ij,ij->i", n, n_prev)
    denom = np.maximum(denom, 0.25)  # clamp miters at very sharp corners
    out = pts - inset * (n + n_prev) / denom[:, None]
    return out, first


def render(world: World, size: int | None = None, noise_std: float | None = None,
           rng: np.random.Generator | None = None) -> np.ndarray:
    """Render ``world`` to a ``size``×``size``×3 uint8 RGB array (default: ``world.size``, 64).

    ``noise_std`` (in [0,1] intensity units) adds Gaussian pixel noise truncated at ±2σ (by
    re-sampling) and clips to [0,1]; it needs ``rng``, so the noise is reproducible.
    """
    if size is None:
        size = int(world.size) if world.size else 64
    size = int(size)
    if size < 1:
        raise ValueError("image size must be positive")
    background = rgb_to_uint8(BACKGROUNDS[world.background])
    if size >= _BLOCKWISE_FROM:
        arr = _draw_blockwise(world, size, background)
    else:
        arr = np.asarray(_draw_whole(world, size, background))
    if noise_std:
        if rng is None:
            raise ValueError("pixel noise needs an rng (numpy.random.Generator) to be reproducible")
        arr = _add_noise(arr, float(noise_std), rng)
    elif not arr.flags.writeable:
        arr = arr.copy()
    return arr


_CANVASES = threading.local()
_CANVASES_KEPT = 4  # canvases per thread (one per image size and background)
#: the smallest image size filtered block-wise from a kept canvas; below it a new canvas filtered
#: whole costs less than a filter, a paste and a wipe per shape (64 pixels: 0.22 against 0.30 ms)
_BLOCKWISE_FROM = 128


def _kept(size: int, background: tuple[int, int, int]) -> tuple[Image.Image, np.ndarray]:
    """This thread's supersampled canvas for ``size``-pixel images, all ``background``, and an
    image of that size and colour to copy (see module docstring)."""
    kept = getattr(_CANVASES, "by_size", None)
    if kept is None:
        kept = _CANVASES.by_size = {}
    key = (size, background)
    found = kept.pop(key, None)  # re-inserted last: the least recently used is dropped first
    if found is None:
        if len(kept) >= _CANVASES_KEPT:  # a 384-pixel canvas holds 9 MB: keep the latest few
            del kept[next(iter(kept))]
        plain = np.empty((size, size, 3), dtype=np.uint8)
        plain[:, :] = background
        plain.flags.writeable = False
        found = (Image.new("RGB", (size * SUPERSAMPLE, size * SUPERSAMPLE), background), plain)
    kept[key] = found
    return found


def _outlines(world: World, big: int) -> tuple[np.ndarray, np.ndarray]:
    """The entities' outlines on a supersampled canvas of side ``big`` (vertices and first indices,
    as :func:`_inset_polygons`). Pillow pixel i is centred on coordinate i; world x maps to
    x·big − 0.5 in that frame, and the +0.5 compensates Pillow's top-left bias (module docstring) → x·big."""
    return _inset_polygons([e.polygon for e in world.entities], float(big), _INSET)


def _flat(points: np.ndarray, first: np.ndarray) -> list[list[float]]:
    """Each outline as Pillow's flat coordinate list [x0, y0, x1, y1, ...]."""
    flat = points.ravel().tolist()
    bounds = (2 * first).tolist() + [len(flat)]
    return [flat[a:b] for a, b in zip(bounds, bounds[1:])]


def _blocks(points: np.ndarray, first: np.ndarray, size: int) -> list[tuple[int, int, int, int]]:
    """For each outline (in canvas coordinates) that reaches into the image, the output pixels
    (left, top, right, bottom; right and bottom exclusive) whose blocks its filling can touch: its
    box widened by one block, clipped."""
    k = SUPERSAMPLE
    low = np.floor(np.minimum.reduceat(points, first, axis=0) / k) - 1
    high = np.floor(np.maximum.reduceat(points, first, axis=0) / k) + 2
    boxes = np.concatenate([np.maximum(low, 0), np.minimum(high, size)], axis=1).astype(np.int64)
    inside = (boxes[:, 0] < boxes[:, 2]) & (boxes[:, 1] < boxes[:, 3])
    return [(x0, y0, x1, y1) for x0, y0, x1, y1 in boxes[inside].tolist()]


def _fill(canvas: Image.Image, world: World, outlines: list[list[float]]) -> None:
    """Draw each entity's outline (a flat coordinate list) in its colour on the supersampled canvas."""
    draw = ImageDraw.Draw(canvas)
    for e, flat in zip(world.entities, outlines):
        draw.polygon(flat, fill=rgb_to_uint8(e.rgb))


def _draw_whole(world: World, size: int, background: tuple[int, int, int]) -> Image.Image:
    """Fill the entities on a new supersampled canvas and box-filter all of it (small images)."""
    k = SUPERSAMPLE
    big = size * k
    img = Image.new("RGB", (big, big), background)
    if world.entities:
        _fill(img, world, _flat(*_outlines(world, big)))
    return img.reduce(k) if k > 1 else img


def _draw_blockwise(world: World, size: int, background: tuple[int, int, int]) -> np.ndarray:
    """Fill the entities on the kept supersampled canvas and box-filter the blocks they touch into
    a copy of the plain background image; the canvas is wiped back afterwards."""
    k = SUPERSAMPLE
    canvas, plain = _kept(size, background)
    image = plain.copy()
    if not world.entities:
        return image
    points, first = _outlines(world, size * k)
    boxes = _blocks(points, first, size)
    try:
        _fill(canvas, world, _flat(points, first))
        for x0, y0, x1, y1 in boxes:
            block = canvas.reduce(k, (x0 * k, y0 * k, x1 * k, y1 * k)).tobytes()
            image[y0:y1, x0:x1] = np.frombuffer(block, dtype=np.uint8).reshape(y1 - y0, x1 - x0, 3)
    finally:
        for x0, y0, x1, y1 in boxes:
            canvas.paste(background, (x0 * k, y0 * k, x1 * k, y1 * k))
    return image


def _add_noise(arr: np.ndarray, std: float, rng: np.random.Generator) -> np.ndarray:
    z = rng.standard_normal(arr.shape)
    bad = np.abs(z) > 2.0
    while bad.any():  # truncation at ±2σ by re-sampling
        z[bad] = rng.standard_normal(int(bad.sum()))
        bad = np.abs(z) > 2.0
    out = arr.astype(np.float64) / 255.0 + std * z
    np.clip(out, 0.0, 1.0, out=out)
    return np.floor(out * 255.0 + 0.5).astype(np.uint8)


def encode_png(array: np.ndarray) -> bytes:
    """Lossless PNG of an H×W×3 uint8 array; deterministic (fixed filters and compression
    level, no metadata chunks, no timestamps) for a given zlib build. Images of at least
    ``PNG_UNFILTERED_FROM`` pixels a side are written with unfiltered rows (module docstring)."""
    arr = np.ascontiguousarray(array)
    if arr.dtype != np.uint8 or arr.ndim != 3 or arr.shape[2] != 3:
        raise ValueError("encode_png expects an H×W×3 uint8 array")
    if min(arr.shape[:2]) >= PNG_UNFILTERED_FROM:
        return _png_unfiltered(arr)
    buf = io.BytesIO()
    Image.fromarray(arr).save(buf, format="PNG", compress_level=PNG_COMPRESS_LEVEL,
                                          optimize=False)
    return buf.getvalue()


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data, CRC-32 of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def _png_unfiltered(arr: np.ndarray) -> bytes:
    """8-bit RGB PNG (no interlace) whose rows are all unfiltered, in one IDAT chunk, deflated at
    ``PNG_UNFILTERED_LEVEL`` (zlib's default window, memory level and strategy)."""
    height, width = arr.shape[:2]
    rows = np.empty((height, 1 + width * 3), dtype=np.uint8)
    rows[:, 0] = 0  # filter type 0 (none)
    rows[:, 1:] = arr.reshape(height, width * 3)
    data = zlib.compress(rows.data, PNG_UNFILTERED_LEVEL)  # one call: compressobj's stream, same bytes
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, RGB, deflate, filter 0, no interlace
    return b"".join((_PNG_SIGNATURE, _png_chunk(b"IHDR", header), _png_chunk(b"IDAT", data),
                     _png_chunk(b"IEND", b"")))


def decode_png(data: bytes) -> np.ndarray:
    """PNG bytes → H×W×3 uint8 array."""
    with Image.open(io.BytesIO(data)) as img:
        if img.mode != "RGB":
            img = img.convert("RGB")
        return np.array(img, dtype=np.uint8)
