"""The selection, proximity and complex-quantification tasks (twelve definitions): references' G
and T, the independent truth check of every reference, and the blind floor.

``python benchmarks/selector_tasks_table.py --out DIR [--test 512] [--train 2000] [--only NAME ...]`` builds
each definition (seed 0; one already in DIR is reused) and prints a markdown table: references
G / T, the independent labeller's agreement with the references (agreeing / checked), and the blind
floor's T and I/ref. Run from the repository root (it reads ``tests/semantics/independent_selectors.py``).
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

TASKS = ("relational-proximity", "selection", "quantification-complex")
NAMES = tuple(f"{t}{s}" for t in TASKS for s in ("", "-heldout", "-informative", "-informative-heldout"))


def independent_agreement(directory: Path) -> tuple[int, int]:
    """(references the independent labeller finds true, references checked) on the test split."""
    from shapeworldice.data import load
    from tests.semantics.independent_selectors import label

    agree = total = 0
    for inst in load(directory, "test"):
        for semantics in inst.semantics_json:
            total += 1
            agree += label(semantics, inst.world_json) == 1
    return agree, total


def run(out: Path, names: list[str], test: int, train: int, workers: int) -> None:
    from shapeworldice.data.build import generate
    from shapeworldice.evaluation.core.gtd import Evaluator
    from shapeworldice.evaluation.studies.baselines import baseline

    print(f"{test} test images, {train} training instances, seed 0")
    print("| dataset | references G / T | independent check | blind T / I/ref |")
    print("|---|---|---|---|")
    for name in names:
        start = time.perf_counter()
        directory = out / name
        if not (directory / "manifest.json").is_file():
            directory = generate(name, out, seed=0, train=train, validation=0, test=test, workers=workers)
        evaluator = Evaluator(directory)
        refs = evaluator.evaluate(baseline(evaluator.data, "references", seed=0))["scores"]
        blind = evaluator.evaluate(baseline(evaluator.data, "blind", seed=0))["scores"]
        agree, total = independent_agreement(directory)
        print(f"| `{name}` | {refs['grammaticality']:.3f} / {refs['truthfulness']:.3f} | {agree} / {total} | "
              f"{blind['truthfulness']:.3f} / {blind['informativeness_relative']:.2f} |"
              f"  <!-- {time.perf_counter() - start:.0f} s -->", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--test", type=int, default=512)
    parser.add_argument("--train", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", nargs="*", help="dataset names (default: the twelve)")
    args = parser.parse_args()
    run(args.out, args.only or list(NAMES), args.test, args.train, args.workers)


if __name__ == "__main__":
    main()
