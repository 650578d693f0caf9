"""Benchmark interpretation and truth evaluation on ERG readings (was a timed unit test).

Usage: python benchmarks/bench_interpret.py [--captions N] [--worlds W] [--repeat R]

Interprets the chosen ERG reading of the first N template captions of
tests/fixtures/erg/judgments.jsonl, then evaluates each interpretation on W worlds made for
"red square".  Prints microseconds per interpretation and per truth evaluation (best of R
repeats, wall clock); about 80 µs and 40 µs on the development machine.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "interpret"))

from interpret_support import decoded, erg_readings, texts, worlds_for  # noqa: E402

from shapeworldice.interpret import choose_reading, interpret, truth  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--captions", type=int, default=300)
    parser.add_argument("--worlds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    chosen = []
    for text in texts("template")[:args.captions]:
        index, _ = choose_reading(erg_readings()[text])
        if index is not None:
            chosen.append(decoded(text)[index])
    worlds = worlds_for("red square", args.worlds, seed=1)
    for w in worlds:
        w.arrays  # noqa: B018 - build the cached arrays outside the timing
    interpret(chosen[0])  # warm-up
    per_interpret = per_truth = float("inf")
    for _ in range(args.repeat):
        start = time.perf_counter()
        interps = [interpret(m) for m in chosen]
        per_interpret = min(per_interpret, (time.perf_counter() - start) / len(chosen))
        start = time.perf_counter()
        for it in interps:
            for w in worlds:
                truth(it, w)
        per_truth = min(per_truth, (time.perf_counter() - start) / (len(interps) * len(worlds)))
    print(f"{len(chosen)} readings, {len(worlds)} worlds, best of {args.repeat}:")
    print(f"interpret: {per_interpret * 1e6:.1f} µs per reading")
    print(f"truth:     {per_truth * 1e6:.1f} µs per (interpretation, world)")


if __name__ == "__main__":
    main()
