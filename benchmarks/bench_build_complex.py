"""Builder speed of issue 20's twelve definitions: ms per instance on one core, in-process.

Run by hand: ``python benchmarks/bench_build_complex.py [--instances 500] [--prior-worlds 10000]``.
Prints, per definition, ms per training instance (one caption) and per test instance (10
references), rendering, PNG encoding and realisation included. Informative definitions draw their
captions under the prior bound, on a prior sample of ``--prior-worlds`` worlds (the shipped sizes
use 10,000); the sample's own drawing time is printed apart.
"""
from __future__ import annotations

import argparse
import time

from bench_build import ms_per_instance  # the benchmarks folder is the script's own

from shapeworldice.data import load_definition
from shapeworldice.data.build import InstanceBuilder
from shapeworldice.interpret.prior import CaptionPrior, sample_worlds

TASKS = ("relational-proximity", "selection", "quantification-complex")
NAMES = tuple(f"{t}{s}" for t in TASKS for s in ("", "-heldout", "-informative", "-informative-heldout"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--instances", type=int, default=500)
    parser.add_argument("--prior-worlds", type=int, default=10_000)
    parser.add_argument("--only", nargs="*")
    args = parser.parse_args()
    print(f"{'dataset':42s} {'train ms/inst':>13s} {'test ms/inst':>13s} {'prior sample s':>14s}")
    for name in args.only or NAMES:
        definition = load_definition(name)
        prior, sample_s = None, 0.0
        if definition.max_prior is not None:
            start = time.perf_counter()
            prior = CaptionPrior(sample_worlds(definition, size=args.prior_worlds))
            sample_s = time.perf_counter() - start
        builder = InstanceBuilder(definition, prior)
        n = args.instances
        train_ms = ms_per_instance(builder, "train", n)
        test_ms = ms_per_instance(builder, "test", max(20, n // 10))
        print(f"{name:42s} {train_ms:13.2f} {test_ms:13.2f} {sample_s:14.1f}", flush=True)


if __name__ == "__main__":
    main()
