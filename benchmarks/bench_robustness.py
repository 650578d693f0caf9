"""Benchmark of the robustness curves (run by hand: ``python benchmarks/bench_robustness.py``).

Builds a 4,096-image test split once (``--data DIR`` keeps and reuses it), pins the process to
one CPU core and times :func:`robustness` with a cold parse cache (Evaluator construction
included) at the defaults: 11 steps × 3 transformations.  Prints wall and CPU time, the area
table, and writes the JSON/CSV/PNG/SVG under ``--out``.

``--six N`` adds the area table of the six datasets at N test images (default 512);
``--variance N`` adds the reference-sample variance of the ``shuffled`` and ``references``
baselines on ``--variance-datasets`` at N test images (relative std of CIDEr-D beside BLEU).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from shapeworldice.data.build import generate  # noqa: E402
from shapeworldice.evaluation.studies.baselines import baseline  # noqa: E402
from shapeworldice.evaluation.core.gtd import Evaluator  # noqa: E402
from shapeworldice.evaluation.studies.robustness import (  # noqa: E402
    robustness,
    robustness_table,
    write_robustness,
)
from shapeworldice.evaluation.studies.variance import variance, variance_table, write_variance  # noqa: E402
from shapeworldice.metrics import catalogue  # noqa: E402

SIX = ("existential-oneshape", "existential-multishapes", "spatial-twoshapes", "spatial-multishapes",
       "quantification-count", "quantification-ratio")


def _pin() -> str:
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity)"


def _build(name: str, data: Path, test: int, workers: int) -> Path:
    t = time.perf_counter()
    directory = generate(name, data / f"{name}-{test}", seed=0, train=0, validation=0, test=test, workers=workers)
    print(f"built {name} test={test} in {time.perf_counter() - t:.1f} s -> {directory}", flush=True)
    return directory


def bench(directory: Path, steps: int, out: Path) -> None:
    wall, cpu = time.perf_counter(), time.process_time()
    evaluator = Evaluator(directory)
    loaded = time.perf_counter() - wall
    result = robustness(None, steps=steps, evaluator=evaluator)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"\nrobustness on {result['dataset']} ({result['images']} images, {steps} steps x 3 transforms, "
          f"cold parse cache): {wall:.1f} s wall ({loaded:.1f} s loading), {cpu:.1f} s CPU")
    print(robustness_table(result))
    paths = write_robustness(result, out / f"robustness-{result['dataset']}-{result['images']}")
    print("wrote", *map(str, paths))


def six(data: Path, test: int, workers: int, steps: int, out: Path) -> None:
    rows = {}
    for name in SIX:
        directory = _build(name, data, test, workers)
        t = time.perf_counter()
        result = robustness(directory, steps=steps)
        print(f"{name}: {time.perf_counter() - t:.1f} s", flush=True)
        write_robustness(result, out / f"robustness-{name}-{test}")
        rows[name] = result
    metrics = rows[SIX[0]]["metrics"]
    transforms = list(rows[SIX[0]]["areas"])
    print(f"\nareas under the normalised curves ({test} test images, {steps} steps; small = robust)")
    header = f"{'dataset':<26}{'transform':<14}" + "".join(f"{catalogue.label(m):>9}" for m in metrics)
    print(header)
    for name, result in rows.items():
        for t in transforms:
            cells = "".join(f"{result['areas'][t][m]:>9.3f}" if result["areas"][t][m] is not None else f"{'n/a':>9}"
                            for m in metrics)
            print(f"{name:<26}{t:<14}{cells}")


def variances(data: Path, test: int, workers: int, names: list[str], draws: int, out: Path) -> None:
    print(f"\nreference-sample variance ({test} test images, {draws} draws per subset size)")
    for name in names:
        directory = _build(name, data, test, workers)
        evaluator = Evaluator(directory)
        for kind in ("shuffled", "references"):
            t = time.perf_counter()
            result = variance(None, baseline(evaluator.data, kind, seed=0), evaluator=evaluator, draws=draws)
            print(f"\n{name} / {kind} baseline: {time.perf_counter() - t:.1f} s")
            print(variance_table(result))
            s = result["summary"]
            print("relative std, k=1 / k=max / mean over k:  " + "; ".join(
                f"{m} {100 * s[m]['relative_std_smallest']:.2f}% / {100 * s[m]['relative_std_largest']:.2f}% / "
                f"{100 * s[m]['relative_std_mean']:.2f}%" for m in ("bleu_4", "cider_d", "spice")))
            write_variance(result, out / f"variance-{name}-{kind}-{test}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dataset", default="spatial-twoshapes")
    ap.add_argument("--test", type=int, default=4096)
    ap.add_argument("--steps", type=int, default=11)
    ap.add_argument("--workers", type=int, default=2, help="processes for building the split (not timed)")
    ap.add_argument("--data", type=Path, help="keep built splits here (default: a temporary folder)")
    ap.add_argument("--out", type=Path, help="write results here (default: the data folder)")
    ap.add_argument("--skip-bench", action="store_true")
    ap.add_argument("--six", type=int, nargs="?", const=512, help="area table of the six datasets at N images")
    ap.add_argument("--variance", type=int, nargs="?", const=4096, help="variance comparison at N images")
    ap.add_argument("--variance-datasets", default="spatial-twoshapes,quantification-count")
    ap.add_argument("--draws", type=int, default=20)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = args.data or Path(tmp)
        out = args.out or data
        out.mkdir(parents=True, exist_ok=True)
        directories = {}
        if not args.skip_bench:
            directories[args.dataset] = _build(args.dataset, data, args.test, args.workers)
        print(_pin())
        if not args.skip_bench:
            bench(directories[args.dataset], args.steps, out)
        if args.six:
            six(data, args.six, args.workers, args.steps, out)
        if args.variance:
            variances(data, args.variance, args.workers, args.variance_datasets.split(","), args.draws, out)


if __name__ == "__main__":
    main()
