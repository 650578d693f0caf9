"""Full evaluation speed: 4,096 test images × 1 caption against 10 references, METEOR on request.

Run by hand: ``taskset -c 0 python benchmarks/bench_evaluate.py [--dataset NAME] [--images 4096] [--meteor]``.
Builds the test split once (outside the timing), then times loading + parsing + truth +
diversity + BLEU/ROUGE/CIDEr-D + SPICE tuples for the ``shuffled`` baseline (distinct captions,
so the parse cache helps only as much as a real model's repeats would), and prints peak memory.
"""
from __future__ import annotations

import argparse
import resource
import tempfile
import time

from shapeworldice.data.build import generate
from shapeworldice.data.loader import load
from shapeworldice.evaluation.studies.baselines import baseline
from shapeworldice.evaluation.core.gtd import evaluate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dataset", default="quantification-ratio")
    parser.add_argument("--images", type=int, default=4096)
    parser.add_argument("--kind", default="shuffled")
    parser.add_argument("--meteor", action="store_true", help="Also METEOR (off by default, as in the CLI).")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        directory = generate(args.dataset, tmp, train=0, validation=0, test=args.images, workers=2)
        built = time.perf_counter() - start
        entries = baseline(load(directory, "test"), args.kind, seed=0)
        distinct = len({e["caption"] for e in entries})
        start, cpu = time.perf_counter(), time.process_time()
        report = evaluate(directory, entries, include_meteor=args.meteor)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"dataset {args.dataset}: built {args.images} test images in {built:.1f} s (2 workers)")
    print(f"evaluated {report.captions} captions ({distinct} distinct, {args.kind}) against 10 refs "
          f"{'with' if args.meteor else 'without'} METEOR in {elapsed:.2f} s wall, {cpu:.2f} s CPU; "
          f"peak RSS {peak:.0f} MiB")
    print({k: (round(v, 4) if isinstance(v, float) else v) for k, v in report.scores.items()})


if __name__ == "__main__":
    main()
