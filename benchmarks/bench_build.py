"""Builder cost per dataset definition: marginal ms per training and per test instance, and the
fixed cost of a build (prior sample and floors), on one core.

Run by hand:

* ``python benchmarks/bench_build.py`` — the paper's six: ms per training and test instance on one
  core, and instances per second of a ``generate`` with all cores (the original table);
* ``python benchmarks/bench_build.py --all [--jobs N] [--json OUT]`` — every shipped definition
  (``--only NAME ...`` for some), one process per definition, ``--jobs`` at a time.

*Marginal* cost is the difference of two sizes in one run: one builder (the dataset's prior sample
in memory, as a build has it) makes instances ``0 .. A-1`` and then ``A .. B-1`` of a split; the CPU
time of the second stretch over ``B - A`` is what one more instance costs once the builder is warm
(the caches of priors and view bounds filled by the first ``A``), without the fixed costs. A build of
``B`` instances costs the fixed cost plus about ``B`` times it; the first instances of a cold builder
cost more (``cold`` column: the first ``A``). The *fixed* cost is the CPU time of the prior sample
(10,000 worlds) and of the floors of a build of ``--floor-train`` / ``--floor-test`` instances
(the floors read the built splits, so they grow with them up to their caps).

CPU time (``time.process_time``) of one process, so the figures hold on a loaded machine too;
``--jobs`` above the free cores still slows each process down through shared caches.

* ``python benchmarks/bench_build.py --against DIR --only NAME ... [--train A B] [--test A B]`` — this
  code against another checkout's (``DIR/shapeworldice``, e.g. a ``git archive`` of the starting
  commit) in one process: both packages are copied under other names, each builder makes the same
  instances in alternating chunks after the same warm-up (so a loaded machine weighs on both alike;
  runs of two codes in separate processes move by 10–25% under load), and every row is compared.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

SIX = ["existential-oneshape", "existential-multishapes", "spatial-twoshapes", "spatial-multishapes",
       "quantification-count", "quantification-ratio"]


def ms_per_instance(builder, split: str, count: int) -> float:
    """Milliseconds per instance of ``split`` (seed 0, indices 0 .. count-1), in-process."""
    start = time.perf_counter()
    for i in range(count):
        builder.instance(0, split, i)
    return (time.perf_counter() - start) / count * 1000


def marginal(builder, split: str, first: int, second: int) -> tuple[float, float]:
    """(cold ms per instance over 0 .. first-1, marginal ms per instance over first .. second-1), CPU time."""
    start = time.process_time()
    for i in range(first):
        builder.instance(0, split, i)
    middle = time.process_time()
    for i in range(first, second):
        builder.instance(0, split, i)
    end = time.process_time()
    return (middle - start) / max(1, first) * 1000, (end - middle) / (second - first) * 1000


def measure(name: str, train: tuple[int, int], test: tuple[int, int], floor_sizes: tuple[int, int]) -> dict:
    """One definition's row: fixed and marginal costs (one process, one core)."""
    from shapeworldice.data import load_definition
    from shapeworldice.data.build import InstanceBuilder, generate
    from shapeworldice.evaluation.studies.manifest_floors import record_floors
    from shapeworldice.interpret.prior import PRIOR_WORLDS, CaptionPrior, sample_worlds

    definition = load_definition(name)
    start = time.process_time()
    sample = sample_worlds(definition, PRIOR_WORLDS, 0, 1)
    prior_s = time.process_time() - start
    bounded = definition.max_prior is not None or definition.skill_view is not None
    row: dict = {"dataset": name, "prior_s": prior_s, "bounded": bounded,
                 "view": " + ".join(definition.skill_views) or None}
    for split, (a, b) in (("train", train), ("test", test)):
        builder = InstanceBuilder(definition, CaptionPrior(sample) if bounded else None)
        row[f"{split}_cold_ms"], row[f"{split}_ms"] = marginal(builder, split, a, b)
    spent: dict[str, float] = {}

    def timed(phase: str, done: int, total: int | None) -> None:  # progress callback: CPU time per phase
        spent.setdefault(phase, time.process_time())
        spent[phase + " end"] = time.process_time()

    with tempfile.TemporaryDirectory() as tmp:
        generate(name, Path(tmp) / name, train=floor_sizes[0], validation=0, test=floor_sizes[1], workers=1,
                 prior_worlds=PRIOR_WORLDS, floors=record_floors, progress=timed)
    row["floors_s"] = sum(spent[p + " end"] - spent[p] for p in spent
                          if not p.endswith(" end") and "floor" in p)
    row["fixed_s"] = row["prior_s"] + row["floors_s"]
    return row


def _table(rows: list[dict]) -> str:
    lines = ["| dataset | view | train ms (marginal) | train ms (cold) | test ms (marginal) | test ms (cold) "
             "| prior sample s | floors s | fixed s |", "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        if "error" in r:
            lines.append(f"| {r['dataset']} | failed: {r['error']} | | | | | | | |")
            continue
        lines.append(f"| {r['dataset']} | {r['view'] or ''} | {r['train_ms']:.1f} | {r['train_cold_ms']:.1f} "
                     f"| {r['test_ms']:.1f} | {r['test_cold_ms']:.1f} | {r['prior_s']:.1f} | {r['floors_s']:.1f} "
                     f"| {r['fixed_s']:.1f} |")
    return "\n".join(lines)


def _renamed_packages(other: Path, into: Path) -> tuple[str, str]:
    """This package and ``other``'s (a checkout: ``other/shapeworldice``) copied into ``into`` as
    ``swi_this`` and ``swi_against`` (their imports within the package are relative), beside this
    checkout's ``datasets`` and ``grammar`` (both read the same definitions)."""
    import shutil

    import shapeworldice
    from shapeworldice.resources import resource_dir

    here = Path(shapeworldice.__file__).resolve().parent
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(here, into / "swi_this", ignore=ignore)
    shutil.copytree(other / "shapeworldice", into / "swi_against", ignore=ignore)
    for name, env, marker in (("datasets", "SHAPEWORLDICE_DATASETS", "*.toml"),
                              ("grammar", "SHAPEWORLDICE_GRAMMAR", "lexicon.txt")):
        found = resource_dir(name, env, marker)
        if found is not None:
            shutil.copytree(found, into / name)
    return "swi_this", "swi_against"


def _forget(codes: tuple[str, str]) -> None:
    """Drop the copied packages' modules, so the next ``against`` imports its own copies (a module
    first imported late would otherwise be looked up in a deleted folder)."""
    for module in [m for m in sys.modules if m.split(".")[0] in codes]:
        del sys.modules[module]


def against(name: str, other: Path, split: str, first: int, second: int, chunk: int) -> dict:
    """CPU ms per instance of ``split`` over ``first .. second-1`` for this code and ``other``'s, their
    builders alternating chunks of ``chunk`` instances in one process, and whether their rows are equal."""
    import importlib
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        codes = _renamed_packages(other, Path(tmp))
        _forget(codes)  # an earlier definition's copies (their folder is gone) must not be reused
        sys.path.insert(0, tmp)
        builders, sample = {}, None
        for code in codes:
            data = importlib.import_module(f"{code}.data")
            build = importlib.import_module(f"{code}.data.build")
            prior = importlib.import_module(f"{code}.interpret.prior")
            columns = importlib.import_module(f"{code}.world.columns")
            definition = data.load_definition(name)
            if sample is None:  # one prior sample, drawn once, as each package's own sample type
                sample = prior.sample_worlds(definition, prior.PRIOR_WORLDS, 0, 1)
            own = columns.WorldSample(*(getattr(sample, c) for c in (*columns.COLUMNS, "present")))
            bounded = definition.max_prior is not None or definition.skill_view is not None
            builders[code] = build.InstanceBuilder(definition, prior.CaptionPrior(own) if bounded else None)
        for builder in builders.values():
            for i in range(first):
                builder.instance(0, split, i)
        spent, same, order = dict.fromkeys(codes, 0.0), True, list(codes)
        for start in range(first, second, chunk):
            rows = {}
            for code in order:
                begin = time.process_time()
                rows[code] = [builders[code].instance(0, split, i) for i in range(start, min(second, start + chunk))]
                spent[code] += time.process_time() - begin
            same &= all(vars(a) == vars(b) for a, b in zip(*rows.values()))
            order.reverse()
        sys.path.remove(tmp)
        _forget(codes)
    count = second - first
    return {"dataset": name, "split": split, "this_ms": spent[codes[0]] / count * 1000,
            "against_ms": spent[codes[1]] / count * 1000, "same_rows": same}


def run_all(names: list[str], args: argparse.Namespace) -> list[dict]:
    """Each definition in its own process (``--jobs`` at a time), rows in the order of ``names``."""
    def one(name: str) -> dict:
        command = [sys.executable, __file__, "--row", name, "--train", *map(str, args.train),
                   "--test", *map(str, args.test), "--floor-sizes", *map(str, args.floor_sizes)]
        done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "OMP_NUM_THREADS": "1"})
        if done.returncode:
            return {"dataset": name, "error": (done.stderr.strip().splitlines() or ["exit status"])[-1][:120]}
        row = json.loads(done.stdout.strip().splitlines()[-1])
        print(f"{name}: train {row['train_ms']:.1f} ms, test {row['test_ms']:.1f} ms, fixed {row['fixed_s']:.1f} s",
              file=sys.stderr, flush=True)
        return row

    with ThreadPoolExecutor(args.jobs) as pool:
        return list(pool.map(one, names))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--instances", type=int, default=2000, help="the six's table: training instances")
    parser.add_argument("--all", action="store_true", help="every shipped definition")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="these definitions")
    parser.add_argument("--train", nargs=2, type=int, default=(20, 120), metavar=("A", "B"))
    parser.add_argument("--test", nargs=2, type=int, default=(4, 24), metavar=("A", "B"))
    parser.add_argument("--floor-sizes", nargs=2, type=int, default=(200, 20), metavar=("TRAIN", "TEST"))
    parser.add_argument("--jobs", type=int, default=1, help="definitions measured at once")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    parser.add_argument("--against", type=Path, metavar="DIR", help="compare with this checkout's code (with --only)")
    parser.add_argument("--row", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.against:
        for name in args.only or parser.error("--against needs --only NAME ..."):
            for split, (a, b), chunk in (("train", args.train, 10), ("test", args.test, 2)):
                r = against(name, args.against, split, a, b, chunk)
                print(f"{name} {split} {a}-{b}: this {r['this_ms']:.1f} ms, against {r['against_ms']:.1f} ms, "
                      f"ratio {r['this_ms'] / r['against_ms']:.2f}, same rows {r['same_rows']}", flush=True)
        return
    if args.row:
        print(json.dumps(measure(args.row, tuple(args.train), tuple(args.test), tuple(args.floor_sizes))))
        return
    if args.all or args.only:
        from shapeworldice.data.definition import list_definitions

        names = args.only or list_definitions()
        rows = run_all(names, args)
        if args.json:
            args.json.write_text(json.dumps({"train": args.train, "test": args.test, "floor_sizes": args.floor_sizes,
                                             "cpu": os.cpu_count(), "rows": rows}, indent=1) + "\n")
        print(_table(rows))
        return
    from shapeworldice.data import load_definition
    from shapeworldice.data.build import InstanceBuilder, generate

    cores = os.cpu_count() or 1
    print(f"{'dataset':26s} {'train ms/inst':>13s} {'test ms/inst':>13s} {'1-core inst/s':>14s} "
          f"{f'{cores}-core inst/s':>14s}")
    for name in SIX:
        builder = InstanceBuilder(load_definition(name))
        n = args.instances
        train_ms = ms_per_instance(builder, "train", n)
        test_ms = ms_per_instance(builder, "test", max(50, n // 10))
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            generate(name, tmp, train=n * cores, validation=0, test=0, workers=cores)
            wall = time.perf_counter() - start
        print(f"{name:26s} {train_ms:13.2f} {test_ms:13.2f} {1000 / train_ms:14.0f} {n * cores / wall:14.0f}")


if __name__ == "__main__":
    main()
