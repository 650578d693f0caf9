"""What skill truth costs `evaluate`: seconds per caption set with and without it.

Run by hand: ``python benchmarks/bench_skill_truth.py DATASET_DIR [--kinds references object-bag]``
(an informative build; the issue's goal: evaluate on 4,096 test images stays under 2× without it).
Each caption set is scored by a fresh evaluator (references analysed anew), with the registry as
it is and with skill truth taken out, alternately, three times; the medians are printed, in wall
time and in CPU time of this process (``time.process_time``: less moved by other jobs on the machine).
"""
from __future__ import annotations

import argparse
import statistics
import time

import shapeworldice as swi
from shapeworldice.evaluation.core import registry
from shapeworldice.evaluation.core.gtd import Evaluator
from shapeworldice.evaluation.core.skill_truth import SkillTruth


def seconds(directory: str, entries: list, with_skill: bool) -> tuple[float, float]:
    """(wall, CPU) seconds of a fresh evaluator scoring ``entries``."""
    kept = list(registry.CAPTION_MEASURES)
    if not with_skill:
        registry.CAPTION_MEASURES[:] = [m for m in kept if not isinstance(m, SkillTruth)]
    try:
        start, cpu = time.perf_counter(), time.process_time()
        evaluator = Evaluator(directory)
        evaluator.evaluate(entries)
        return time.perf_counter() - start, time.process_time() - cpu
    finally:
        registry.CAPTION_MEASURES[:] = kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory")
    parser.add_argument("--kinds", nargs="+", default=["references", "object-bag", "shuffled"])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    images = len(swi.load(args.directory))
    print(f"{args.directory}: {images} test images")
    for kind in args.kinds:
        entries = swi.baseline(args.directory, kind)
        runs: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
        for _ in range(args.repeats):
            for with_skill in (False, True):
                runs[with_skill].append(seconds(args.directory, entries, with_skill))
        for clock, i in (("wall", 0), ("CPU", 1)):
            without = statistics.median(r[i] for r in runs[False])
            with_ = statistics.median(r[i] for r in runs[True])
            print(f"{kind:12s} {clock:4s} without {without:7.2f} s  with {with_:7.2f} s  ratio {with_ / without:4.2f}")


if __name__ == "__main__":
    main()
