"""Rendering and PNG encoding cost per image, on one core, in CPU time.

``python benchmarks/bench_render.py [--dataset NAME] [--worlds 200] [--sizes 64 384]`` samples the
dataset's worlds (test split) and prints, per image size, the milliseconds of ``render`` and of
``encode_png`` per image, and the part of the encoding that is zlib's deflate alone (level 6, the
PNG filter strategy and memory level Pillow uses: the bytes a faster encoder would have to match).
"""
from __future__ import annotations

import argparse
import time
import zlib

import numpy as np


def _deflate_ms(pngs: list[bytes]) -> float:
    """CPU ms per image of deflating each PNG's filtered rows again, as Pillow's encoder does."""
    streams = []
    for png in pngs:
        i, data = 8, b""
        while i < len(png):
            n = int.from_bytes(png[i:i + 4], "big")
            if png[i + 4:i + 8] == b"IDAT":
                data += png[i + 8:i + 8 + n]
            i += 12 + n
        streams.append(zlib.decompress(data))
    start = time.process_time()
    for raw in streams:
        packer = zlib.compressobj(6, zlib.DEFLATED, 15, 9, zlib.Z_FILTERED)
        packer.compress(raw)
        packer.flush()
    return (time.process_time() - start) / len(streams) * 1000


def main() -> None:
    from shapeworldice.data import load_definition
    from shapeworldice.render import encode_png, render
    from shapeworldice.world.sampling import WorldSampler

    parser = argparse.ArgumentParser()
    parser.add_argument("--dataset", default="quantification-count")
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--sizes", type=int, nargs="+", default=[64, 384])
    args = parser.parse_args()
    sampler = WorldSampler(load_definition(args.dataset).world_config)
    worlds = [sampler.sample(np.random.default_rng([0, i]), "test") for i in range(args.worlds)]
    print(f"{args.dataset}, {args.worlds} worlds: CPU ms per image")
    print(f"{'size':>5s} {'render':>8s} {'encode':>8s} {'deflate':>8s}")
    for size in args.sizes:
        render(worlds[0], size)  # the canvas once, as a build has it
        start = time.process_time()
        images = [render(w, size) for w in worlds]
        middle = time.process_time()
        pngs = [encode_png(image) for image in images]
        end = time.process_time()
        n = len(worlds)
        print(f"{size:5d} {(middle - start) / n * 1000:8.2f} {(end - middle) / n * 1000:8.2f} {_deflate_ms(pngs):8.2f}")


if __name__ == "__main__":
    main()
