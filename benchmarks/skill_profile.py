"""Skill profiles: T and I/ref of every skill floor, the blind floor and the references, per dataset.

``python benchmarks/skill_profile.py --out DIR [--test 512] [--train 20000] [--only NAME ...]``
builds each dataset (seed 0; one already in DIR is reused) and prints a markdown table: one row
per dataset, one cell "T / I/ref" per captioner. Default datasets: the six informative ones.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

INFORMATIVE = ("existential-oneshape-informative", "existential-multishapes-informative",
               "spatial-twoshapes-informative", "spatial-multishapes-informative",
               "quantification-count-informative", "quantification-ratio-informative")


def profile(out: Path, names: list[str], test: int, train: int, workers: int) -> None:
    from shapeworldice.data.build import generate
    from shapeworldice.evaluation.core.gtd import Evaluator
    from shapeworldice.evaluation.studies.baselines import baseline
    from shapeworldice.evaluation.studies.skill_floors import SKILL_KINDS

    kinds = ("references", "blind", *SKILL_KINDS)
    print(f"T / I/ref on {test} test images, {train} training instances")
    print("| dataset | " + " | ".join(kinds) + " |")
    print("|---" * (len(kinds) + 1) + "|")
    for name in names:
        directory = out / name
        if not (directory / "manifest.json").is_file():
            start = time.process_time()
            directory = generate(name, out, seed=0, train=train, validation=0, test=test, workers=workers)
            print(f"  {name} built in {time.process_time() - start:.0f} s CPU", file=sys.stderr, flush=True)
        evaluator = Evaluator(directory)
        cells = []
        for kind in kinds:
            start = time.process_time()
            scores = evaluator.evaluate(baseline(evaluator.data, kind, seed=0))["scores"]
            cells.append(f"{scores['truthfulness']:.2f} / {scores['informativeness_relative']:.2f}")
            print(f"  {name} {kind}: {cells[-1]}, G {scores['grammaticality']:.2f} "
                  f"({time.process_time() - start:.0f} s CPU)", file=sys.stderr, flush=True)
        print(f"| `{name}` | " + " | ".join(cells) + " |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--test", type=int, default=512)
    parser.add_argument("--train", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", nargs="*", help="dataset names (default: the six informative ones)")
    args = parser.parse_args()
    profile(args.out, args.only or list(INFORMATIVE), args.test, args.train, args.workers)


if __name__ == "__main__":
    main()
