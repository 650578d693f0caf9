"""Benchmark world sampling and rendering.

Usage: python benchmarks/bench_world.py [--worlds N] [--seed S]

Prints, per configuration, the mean milliseconds per sampled world (including rejected
attempts and redrawn worlds), placement attempts per world, and the mean milliseconds to
render a 64×64 image and encode it as PNG.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from shapeworldice.render import encode_png, render  # noqa: E402
from shapeworldice.world import WorldConfig, WorldSampler  # noqa: E402

CONFIGS = {
    "1 entity (existential-oneshape)": WorldConfig(entity_counts=(1,)),
    "2 entities, tol 0 (spatial-twoshapes)": WorldConfig(entity_counts=(2,), collision_tolerance=0.0,
                                                          reinforcement=(1, 1)),
    "4-10 entities (spatial-multishapes)": WorldConfig(entity_counts=tuple(range(4, 11)), reinforcement=(1, 1)),
    "5-15 entities (quantification)": WorldConfig(entity_counts=tuple(range(5, 16)), reinforcement=(1, 3)),
    "15 entities (quantification, max)": WorldConfig(entity_counts=(15,), reinforcement=(1, 3)),
}


def bench(config: WorldConfig, n: int, seed: int, split: str = "train") -> dict[str, float]:
    sampler = WorldSampler(config)
    rng = np.random.default_rng(seed)
    sampler.sample(rng, split)  # warm-up
    sampler.stats.reset()
    t0 = time.perf_counter()
    worlds = [sampler.sample(rng, split) for _ in range(n)]
    t1 = time.perf_counter()
    for w in worlds:
        render(w)
    t2 = time.perf_counter()
    nbytes = 0
    for w in worlds:
        nbytes += len(encode_png(render(w)))
    t3 = time.perf_counter()
    return {
        "sample_ms": (t1 - t0) / n * 1e3,
        "attempts": sampler.stats.attempts / n,
        "redraws": sampler.stats.redraws / n,
        "entities": float(np.mean([len(w) for w in worlds])),
        "render_ms": (t2 - t1) / n * 1e3,
        "render_png_ms": (t3 - t2) / n * 1e3,
        "png_bytes": nbytes / n,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worlds", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    print(f"{'configuration':40s} {'entities':>8s} {'sample ms':>10s} {'attempts':>9s} {'redraws':>8s} "
          f"{'render ms':>10s} {'render+png ms':>14s} {'png bytes':>10s}")
    for name, cfg in CONFIGS.items():
        r = bench(cfg, args.worlds, args.seed)
        print(f"{name:40s} {r['entities']:8.2f} {r['sample_ms']:10.3f} {r['attempts']:9.1f} {r['redraws']:8.3f} "
              f"{r['render_ms']:10.3f} {r['render_png_ms']:14.3f} {r['png_bytes']:10.0f}")


if __name__ == "__main__":
    main()
