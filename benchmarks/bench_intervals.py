"""How wide the 95% intervals are, and what they cost: T of a baseline on the first 64, 512 and
4,096 test images of one build, with the interval's half-width and the evaluation time.

    python benchmarks/bench_intervals.py [--dataset NAME] [--kind shuffled] [--out DIR]
"""
from __future__ import annotations

import argparse
import tempfile
import time

from shapeworldice.data.build import generate
from shapeworldice.evaluation.studies.baselines import baseline
from shapeworldice.evaluation.core.gtd import Evaluator


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dataset", default="spatial-multishapes-informative")
    parser.add_argument("--kind", default="shuffled")
    parser.add_argument("--out", default=None, help="build folder (default: a temporary one)")
    args = parser.parse_args()
    out = args.out or tempfile.mkdtemp()
    directory = generate(args.dataset, out, seed=0, train=200, validation=0, test=4096, workers=0)
    evaluator = Evaluator(directory)
    captions = baseline(evaluator.data, args.kind, seed=0)
    print(f"{args.dataset}, '{args.kind}' captions, 95% bootstrap interval of T (1,000 draws of the images)")
    print(f"{'images':>7s} {'T':>7s} {'interval':>18s} {'± half':>8s} {'seconds':>8s}")
    for n in (64, 512, 4096):
        start = time.perf_counter()
        report = evaluator.evaluate(captions[:n], allow_missing=True)
        took = time.perf_counter() - start
        lo, hi = report.intervals["truthfulness"]
        print(f"{n:7d} {report.scores['truthfulness']:7.3f} {f'[{lo:.3f}, {hi:.3f}]':>18s} "
              f"{(hi - lo) / 2:8.3f} {took:8.2f}")


if __name__ == "__main__":
    main()
