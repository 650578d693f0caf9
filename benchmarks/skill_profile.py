"""Skill profiles: T and skill truth of every skill floor, the blind floor and the references, per dataset.

``python benchmarks/skill_profile.py --out DIR [--test 512] [--train 20000] [--seed 7] [--only NAME ...]``
builds each dataset (one already in DIR is reused) and prints a markdown table: one row per
dataset, one cell "T / T(skill)" per captioner (T(skill) "–" where the dataset names no view).
Default datasets: every shipped ``-informative`` form. The seed is one no view or bound was chosen on.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

def informative() -> list[str]:
    """Every shipped informative form (not the held-out ones)."""
    from shapeworldice.data.definition import list_definitions

    return [name for name in list_definitions() if name.endswith("-informative")]


def profile(out: Path, names: list[str], test: int, train: int, workers: int, seed: int) -> None:
    from shapeworldice.data.build import generate
    from shapeworldice.evaluation.core.gtd import Evaluator
    from shapeworldice.evaluation.studies.baselines import baseline
    from shapeworldice.evaluation.studies.skill_floors import SKILL_KINDS

    kinds = ("references", "blind", *SKILL_KINDS)
    print(f"T / T(skill) on {test} test images, {train} training instances, seed {seed}")
    print("| dataset | " + " | ".join(kinds) + " |")
    print("|---" * (len(kinds) + 1) + "|")
    for name in names:
        directory = out / name
        if not (directory / "manifest.json").is_file():
            start = time.process_time()
            directory = generate(name, out, seed=seed, train=train, validation=0, test=test, workers=workers)
            print(f"  {name} built in {time.process_time() - start:.0f} s CPU", file=sys.stderr, flush=True)
        evaluator = Evaluator(directory)
        cells = []
        for kind in kinds:
            start = time.process_time()
            scores = evaluator.evaluate(baseline(evaluator.data, kind, seed=0))["scores"]
            skill = scores.get("skill_truth")
            cells.append(f"{scores['truthfulness']:.2f} / " + ("–" if skill is None else f"{skill:.2f}"))
            print(f"  {name} {kind}: {cells[-1]}, G {scores['grammaticality']:.2f} "
                  f"({time.process_time() - start:.0f} s CPU)", file=sys.stderr, flush=True)
        print(f"| `{name}` | " + " | ".join(cells) + " |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--test", type=int, default=512)
    parser.add_argument("--train", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--only", nargs="*", help="dataset names (default: every informative form)")
    args = parser.parse_args()
    profile(args.out, args.only or informative(), args.test, args.train, args.workers, args.seed)


if __name__ == "__main__":
    main()
