"""Rendering and PNG encoding cost per image, on one core, in CPU time, and the PNG's size.

``python benchmarks/bench_render.py [--dataset NAME] [--worlds 200] [--sizes 64 384] [--repeats 3]``
samples the dataset's worlds (test split) and prints, per image size, the milliseconds of
``render`` and of ``encode_png`` per image and the mean PNG size, beside Pillow's encoder at level 6
with its adaptive row filters (what ``encode_png`` writes below ``PNG_UNFILTERED_FROM`` pixels a
side, and wrote at every size before): its milliseconds and size. Each figure is the least of
``--repeats`` runs (a shared machine only ever slows a run down).
"""
from __future__ import annotations

import argparse
import io
import time
from functools import partial
from typing import Any, Callable

import numpy as np


def _pillow_png(image: np.ndarray) -> bytes:
    from PIL import Image

    from shapeworldice.render import PNG_COMPRESS_LEVEL

    buf = io.BytesIO()
    Image.fromarray(image).save(buf, format="PNG", compress_level=PNG_COMPRESS_LEVEL, optimize=False)
    return buf.getvalue()


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


def main() -> None:
    from shapeworldice.data import load_definition
    from shapeworldice.render import encode_png, render
    from shapeworldice.world.sampling import WorldSampler

    parser = argparse.ArgumentParser()
    parser.add_argument("--dataset", default="quantification-count")
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--sizes", type=int, nargs="+", default=[64, 384])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    sampler = WorldSampler(load_definition(args.dataset).world_config)
    worlds = [sampler.sample(np.random.default_rng([0, i]), "test") for i in range(args.worlds)]
    n = len(worlds)
    print(f"{args.dataset}, {n} worlds: CPU ms and KiB per image (least of {args.repeats} runs)")
    print(f"{'size':>5s} {'render':>8s} {'encode':>8s} {'KiB':>7s} {'pillow6':>8s} {'KiB':>7s}")
    for size in args.sizes:
        render(worlds[0], size)  # the canvas once, as a build has it
        render_ms = _least_ms(partial(_each, lambda w, s=size: render(w, s), worlds), n, args.repeats)
        images = [render(w, size) for w in worlds]
        encode_ms = _least_ms(partial(_each, encode_png, images), n, args.repeats)
        pillow_ms = _least_ms(partial(_each, _pillow_png, images), n, args.repeats)
        kib = sum(len(encode_png(image)) for image in images) / n / 1024
        pillow_kib = sum(len(_pillow_png(image)) for image in images) / n / 1024
        print(f"{size:5d} {render_ms:8.2f} {encode_ms:8.2f} {kib:7.2f} {pillow_ms:8.2f} {pillow_kib:7.2f}")


if __name__ == "__main__":
    main()
