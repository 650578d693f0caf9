"""Benchmark interpretation and truth evaluation on ERG readings (was a timed unit test).

Usage: python benchmarks/bench_interpret.py [--captions N] [--worlds W] [--repeat R]

Interprets the chosen ERG reading of the first N template captions of the fixture
tests/fixtures/erg/readings.jsonl.gz (decoded outside the timing), then evaluates each
interpretation on W worlds made for "red square". Prints microseconds per interpretation
and per truth evaluation, best of R repeats, wall clock and process CPU time (CPU time is
the figure to compare on a shared machine); about 80 µs and 40 µs on the development machine.
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

from shapeworldice.interpret import Interpretation, interpret, interpret_readings, truth  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--captions", type=int, default=300)
    parser.add_argument("--worlds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    chosen = []
    for text in texts("template")[:args.captions]:
        index, _ = interpret_readings(erg_readings()[text])
        if index is not None:
            chosen.append(decoded(text)[index])
    worlds = worlds_for("red square", args.worlds, seed=1)
    for w in worlds:
        _ = w.arrays  # built once per world, outside the timing (the evaluator caches them too)
    interps = [i for i in (interpret(m) for m in chosen) if isinstance(i, Interpretation)]
    best = {"interpret": [float("inf")] * 2, "truth": [float("inf")] * 2}  # [wall, CPU] seconds
    for _ in range(args.repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        for m in chosen:
            interpret(m)
        _keep_best(best["interpret"], wall, cpu, len(chosen))
        wall, cpu = time.perf_counter(), time.process_time()
        for it in interps:
            for w in worlds:
                truth(it, w)
        _keep_best(best["truth"], wall, cpu, len(interps) * len(worlds))
    print(f"{len(chosen)} readings, {len(worlds)} worlds, best of {args.repeat} (wall / CPU)")
    for name, per in (("interpret", "per reading"), ("truth", "per (interpretation, world)")):
        wall_s, cpu_s = best[name]
        print(f"{name:9s}: {wall_s * 1e6:7.1f} / {cpu_s * 1e6:7.1f} µs {per}")


def _keep_best(best: list[float], wall: float, cpu: float, n: int) -> None:
    """Fold one round (started at ``wall``/``cpu``, ``n`` operations) into the best per-operation times."""
    best[0] = min(best[0], (time.perf_counter() - wall) / n)
    best[1] = min(best[1], (time.process_time() - cpu) / n)


if __name__ == "__main__":
    main()
