"""Rendering and PNG encoding cost per image, on one core, in CPU time, and the PNG's size.

``python benchmarks/bench_render.py [--dataset NAME] [--worlds 200] [--sizes 64 384] [--repeats 3]
[--supersample 4 2]`` samples the dataset's worlds (test split) and prints, per image size, the
milliseconds of ``render`` and of ``encode_png`` per image, of deflating the image's unfiltered rows
alone (zlib at ``PNG_UNFILTERED_LEVEL``: the part of ``encode_png`` no row layout avoids, as deflate's
cost is mostly per input byte: all-zero rows of 384 pixels cost three quarters of an image's) and
the mean PNG size, beside Pillow's encoder at level 6 with its adaptive row filters (what
``encode_png`` writes below ``PNG_UNFILTERED_FROM`` pixels a side, and wrote at every size before):
its milliseconds and size.
``--supersample`` adds a ``render`` column per other factor (``render.SUPERSAMPLE`` set for the
run; those pixels are not any dataset's). Each figure is the least of ``--repeats`` runs (a shared
machine only ever slows a run down).
"""
from __future__ import annotations

import argparse
import io
import time
import zlib
from functools import partial
from typing import Any, Callable

import numpy as np


def _pillow_png(image: np.ndarray) -> bytes:
    from PIL import Image

    from shapeworldice.render import PNG_COMPRESS_LEVEL

    buf = io.BytesIO()
    Image.fromarray(image).save(buf, format="PNG", compress_level=PNG_COMPRESS_LEVEL, optimize=False)
    return buf.getvalue()


def _rows(image: np.ndarray) -> bytes:
    """The image's rows, each behind its filter-type byte 0, as ``encode_png`` deflates them."""
    height = image.shape[0]
    return np.concatenate([np.zeros((height, 1), dtype=np.uint8), image.reshape(height, -1)], axis=1).tobytes()


def _each(work: Callable[[Any], object], items: list) -> None:
    for item in items:
        work(item)


def _least_ms(run: Callable[[], object], count: int, repeats: int) -> float:
    """The least CPU ms per item over ``repeats`` runs of ``run`` (which handles ``count`` items)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best / count * 1000


def _render_ms(worlds: list, size: int, factor: int, repeats: int) -> float:
    """CPU ms per ``render`` at ``size`` with ``factor``× supersampling (the kept canvases dropped
    before and after, as they are of the factor's size)."""
    from shapeworldice import render as render_module

    kept = render_module.SUPERSAMPLE
    render_module.SUPERSAMPLE = factor
    render_module._CANVASES.by_size = {}
    try:
        render_module.render(worlds[0], size)  # the canvas once, as a build has it
        return _least_ms(partial(_each, lambda w: render_module.render(w, size), worlds), len(worlds), repeats)
    finally:
        render_module.SUPERSAMPLE = kept
        render_module._CANVASES.by_size = {}


def main() -> None:
    from shapeworldice.data import load_definition
    from shapeworldice.render import PNG_UNFILTERED_LEVEL, SUPERSAMPLE, encode_png, render
    from shapeworldice.world.sampling import WorldSampler

    parser = argparse.ArgumentParser()
    parser.add_argument("--dataset", default="quantification-count")
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--sizes", type=int, nargs="+", default=[64, 384])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--supersample", type=int, nargs="+", default=[SUPERSAMPLE],
                        help="supersampling factors to time render at (the first column is this one)")
    args = parser.parse_args()
    factors = [SUPERSAMPLE, *(f for f in args.supersample if f != SUPERSAMPLE)]
    sampler = WorldSampler(load_definition(args.dataset).world_config)
    worlds = [sampler.sample(np.random.default_rng([0, i]), "test") for i in range(args.worlds)]
    n = len(worlds)
    print(f"{args.dataset}, {n} worlds: CPU ms and KiB per image (least of {args.repeats} runs)")
    heads = [f"render×{f}" for f in factors] + ["encode", "deflate", "KiB", "pillow6", "KiB"]
    print(f"{'size':>5s} " + " ".join(f"{h:>9s}" for h in heads))
    for size in args.sizes:
        figures = [_render_ms(worlds, size, factor, args.repeats) for factor in factors]
        images = [render(w, size) for w in worlds]
        rows = [_rows(image) for image in images]
        figures.append(_least_ms(partial(_each, encode_png, images), n, args.repeats))
        figures.append(_least_ms(partial(_each, lambda r: zlib.compress(r, PNG_UNFILTERED_LEVEL), rows), n,
                                 args.repeats))
        figures.append(sum(len(encode_png(image)) for image in images) / n / 1024)
        figures.append(_least_ms(partial(_each, _pillow_png, images), n, args.repeats))
        figures.append(sum(len(_pillow_png(image)) for image in images) / n / 1024)
        print(f"{size:5d} " + " ".join(f"{v:9.2f}" for v in figures))


if __name__ == "__main__":
    main()
