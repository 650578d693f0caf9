"""Builder throughput: instances per second per dataset, rendering, PNG encoding and realisation included.

Run by hand: ``python benchmarks/bench_build.py [--instances 2000]``. Prints, per dataset, ms per
training instance on one core (in-process), ms per test instance (10 references), and the
instances per second of a full ``generate`` with all cores.
"""
from __future__ import annotations

import argparse
import os
import tempfile
import time

from shapeworldice.data import load_definition
from shapeworldice.data.build import InstanceBuilder, generate

SIX = ["existential-oneshape", "existential-multishapes", "spatial-twoshapes", "spatial-multishapes",
       "quantification-count", "quantification-ratio"]


def ms_per_instance(builder: InstanceBuilder, split: str, count: int) -> float:
    """Milliseconds per instance of ``split`` (seed 0, indices 0 .. count-1), in-process."""
    start = time.perf_counter()
    for i in range(count):
        builder.instance(0, split, i)
    return (time.perf_counter() - start) / count * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--instances", type=int, default=2000)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"{'dataset':26s} {'train ms/inst':>13s} {'test ms/inst':>13s} {'1-core inst/s':>14s} "
          f"{f'{cores}-core inst/s':>14s}")
    for name in SIX:
        builder = InstanceBuilder(load_definition(name))
        n = args.instances
        train_ms = ms_per_instance(builder, "train", n)
        test_ms = ms_per_instance(builder, "test", max(50, n // 10))
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            generate(name, tmp, train=n * cores, validation=0, test=0, workers=cores)
            wall = time.perf_counter() - start
        print(f"{name:26s} {train_ms:13.2f} {test_ms:13.2f} {1000 / train_ms:14.0f} {n * cores / wall:14.0f}")


if __name__ == "__main__":
    main()
