"""Caption-prior figures: prior speed, and the floors table of docs/results.md.

``python benchmarks/bench_prior.py speed [--dataset NAME] [--images 4096]``: seconds to compute
the priors of the 10 references of ``--images`` test instances on one core (sampled as the
builder samples them; the dataset's prior sample is drawn first and timed separately).

``python benchmarks/bench_prior.py table --out DIR [--test 512] [--train 4096]``: builds the six
paper-faithful datasets and their informative variants (seed 0) in DIR and prints, per dataset,
T of the blind and prior baselines, I/ref of the blind baseline and of the references, and the
references' mean prior.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

SIX = ("existential-oneshape", "existential-multishapes", "spatial-twoshapes", "spatial-multishapes",
       "quantification-count", "quantification-ratio")


def speed(dataset: str, images: int) -> None:
    from shapeworldice.data.build import InstanceBuilder
    from shapeworldice.data.definition import load_definition
    from shapeworldice.interpret import formula_of
    from shapeworldice.interpret.prior import PRIOR_WORLDS, CaptionPrior, sample_worlds

    definition = load_definition(dataset)
    start = time.process_time()
    sample = sample_worlds(definition, PRIOR_WORLDS)
    sampled = time.process_time() - start
    builder = InstanceBuilder(definition)
    captions = []
    for i in range(images):
        rng = np.random.default_rng([0, 2, i])
        world = builder.world_sampler.sample(rng, "test")
        for _ in range(definition.references):
            sampler = builder.samplers[int(rng.integers(len(builder.samplers)))]
            caption = sampler(world, rng)
            if caption is not None:
                captions.append(caption)
    formulas = [formula_of(c) for c in captions]
    prior = CaptionPrior(sample)
    start = time.process_time()
    for f in formulas:
        prior.prior(f)
    seconds = time.process_time() - start
    distinct = len({str(f) for f in formulas})
    print(f"{dataset}: prior sample of {sample.size} worlds drawn in {sampled:.1f} s CPU; priors of "
          f"{len(formulas)} references ({distinct} distinct meanings) in {seconds:.1f} s CPU (one core)")


def table(out: Path, test: int, train: int, workers: int, only: list[str] | None = None) -> None:
    from shapeworldice import generate  # records the floors (reference_mean_prior) as the command does
    from shapeworldice.evaluation.studies.baselines import baseline
    from shapeworldice.evaluation.core.gtd import Evaluator

    print("| dataset | blind T | prior T | I/ref blind | I/ref references | reference mean prior |")
    print("|---|---|---|---|---|---|")
    for name in only or SIX:
        for variant in (name, f"{name}-informative"):
            directory = generate(variant, out, seed=0, train=train, validation=0, test=test, workers=workers)
            evaluator = Evaluator(directory)
            scores = {k: evaluator.evaluate(baseline(evaluator.data, k, seed=0))["scores"]
                      for k in ("blind", "prior", "references")}
            mean_prior = evaluator.data.manifest["prior"]["reference_mean_prior"]["test"]
            print(f"| `{variant}` | {scores['blind']['truthfulness']:.2f} | {scores['prior']['truthfulness']:.2f} "
                  f"| {scores['blind']['informativeness_relative']:.2f} "
                  f"| {scores['references']['informativeness_relative']:.2f} | {mean_prior:.2f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("speed")
    s.add_argument("--dataset", default="spatial-multishapes")
    s.add_argument("--images", type=int, default=4096)
    t = sub.add_parser("table")
    t.add_argument("--out", type=Path, required=True)
    t.add_argument("--test", type=int, default=512)
    t.add_argument("--train", type=int, default=4096)
    t.add_argument("--workers", type=int, default=1)
    t.add_argument("--only", nargs="*", help="paper dataset names (default: all six)")
    args = parser.parse_args()
    if args.command == "speed":
        speed(args.dataset, args.images)
    else:
        table(args.out, args.test, args.train, args.workers, args.only)


if __name__ == "__main__":
    main()
