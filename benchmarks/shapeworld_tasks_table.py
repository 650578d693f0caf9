"""ShapeWorld's tasks beyond the paper's six: builder speed, references' G/T with an independent
truth check, blind floors.

Run by hand from the repository root (one core; ``nice`` it):
``python benchmarks/shapeworld_tasks_table.py --out /tmp/new-tasks [NAME ...]``. Per dataset it builds
``--train`` training and ``--test`` test instances (seed 0), times the builder in-process (ms per
training instance, 1 caption; ms per test instance, 10 references; the prior sample is drawn
once per build and not counted), scores *every* reference with the evaluator (G, T) and with the
independent labeller of ``tests/data/relational_task_labels.py`` (which shares no code with the
package), and scores the blind floor (``baseline --kind blind``: T and I/ref). Prints one
Markdown row per dataset.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from shapeworldice.data import load, load_definition  # noqa: E402
from shapeworldice.data.build import _builder, generate  # noqa: E402
from shapeworldice.evaluation.core.gtd import Evaluator  # noqa: E402
from shapeworldice.evaluation.studies.baselines import baseline  # noqa: E402
from tests.data.relational_task_labels import label  # noqa: E402

TASKS = ("relational-attribute", "relational-comparative", "relational-negation", "logical", "relative-clauses",
         "coreference")
DATASETS = [f"{task}{suffix}" for task in TASKS for suffix in ("", "-heldout", "-informative", "-informative-heldout")]


def _ms(builder, split: str, n: int) -> float:
    start = time.perf_counter()
    for i in range(n):
        builder.instance(1, split, i)  # seed 1: not the instances of the build
    return (time.perf_counter() - start) / n * 1000


def row(name: str, out: Path, train: int, test: int, timing: int) -> str:
    definition = load_definition(name)
    target = generate(name, out, seed=0, train=train, validation=0, test=test, workers=1)
    builder = _builder(definition, Path(target))
    train_ms, test_ms = _ms(builder, "train", timing), _ms(builder, "test", max(10, timing // 4))
    split = list(load(target, "test"))
    entries = [{"image_id": inst.id, "caption": text} for inst in split for text in inst.captions]
    labels = [label(s, inst.world_json) for inst in split for s in inst.semantics_json]
    refs = Evaluator(target).evaluate(entries, several_captions=True)["scores"]
    agree = sum(v == 1 for v in labels)
    blind = Evaluator(target).evaluate(baseline(load(target, "test"), "blind", 0))["scores"]
    return (f"| `{name}` | {refs['grammaticality']:.2f} | {refs['truthfulness']:.2f} | {agree}/{len(labels)} "
            f"| {blind['truthfulness']:.2f} | {blind['informativeness_relative']:.2f} "
            f"| {train_ms:.1f} | {test_ms:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("names", nargs="*", default=DATASETS)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--train", type=int, default=200)
    parser.add_argument("--test", type=int, default=512)
    parser.add_argument("--timing", type=int, default=200, help="instances timed per dataset")
    args = parser.parse_args()
    print("| dataset | refs G | refs T | independent check | blind T | blind I/ref | ms/train inst | ms/test inst |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.names:
        print(row(name, args.out, args.train, args.test, args.timing), flush=True)


if __name__ == "__main__":
    main()
