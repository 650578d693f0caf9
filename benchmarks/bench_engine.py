"""The Dask engine against the local process pool: startup, overhead per job, memory per worker,
instances per second of a build, checkpoints per minute of ``curves``, and caption files per
minute of ``evaluate`` over many files (with the overhead of one evaluate job).

Run by hand (needs the [dask] extra): ``python benchmarks/bench_engine.py [--train 2048]
[--workers 2] [--checkpoints 10] [--files 30] [--only evaluate]``.  Both builds use the same
definition, shard size and prior sample, and must give the same bytes (checked); the figures feed docs/scale.md.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from shapeworldice.cli.scoring import _curves_here, _curves_on_engine
from shapeworldice.data import load_definition
from shapeworldice.data.build import ShardTask, _engine_task, generate
from shapeworldice.engine import cluster, run_jobs


def _noop(item: int) -> int:
    return item


def _peak_mb() -> float:
    """This process's peak resident memory (Linux reports kB)."""
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _digest(directory: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(directory.rglob("*.parquet")):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def engine_costs(workers: int, jobs: int, shard: int, tmp: Path) -> None:
    start = time.perf_counter()
    with cluster("dask", workers=workers) as client:
        started = time.perf_counter() - start
        begin = time.perf_counter()
        list(run_jobs(client, _noop, list(range(jobs))))
        per_job = (time.perf_counter() - begin) / jobs * 1000
        definition = replace(load_definition("spatial-multishapes"), shard_size=shard)
        list(run_jobs(client, _engine_task, [ShardTask("train", 0, 8)], replace(definition, shard_size=8), 0,
                      tmp / "warm"))  # the workers import the builder before the timed shards
        tasks = [ShardTask("train", i, shard) for i in range(2 * workers)]
        begin = time.perf_counter()
        list(run_jobs(client, _engine_task, tasks, definition, 0, tmp))
        shard_rate = shard * len(tasks) / (time.perf_counter() - begin)
        memory = client.run(_peak_mb)
        closing = time.perf_counter()
    size = sum(p.stat().st_size for p in tmp.glob("train/*.parquet")) / (shard * len(tasks))
    print(f"local cluster of {workers}: started in {started:.2f} s, closed in {time.perf_counter() - closing:.2f} s")
    print(f"overhead per job: {per_job:.2f} ms of wall time ({jobs} no-op jobs)")
    print(f"shard jobs alone: {shard_rate:.0f} inst/s on {workers} workers ({shard_rate / workers:.0f} per worker; "
          f"{2 * workers} shards of {shard} spatial-multishapes training instances)")
    print("peak worker memory after two shards each: "
          + ", ".join(f"{mb:.0f} MB" for mb in memory.values()) + f"; {size / 1024:.1f} kB per training instance")


def build_rates(train: int, workers: int, shard: int, tmp: Path) -> None:
    definition = replace(load_definition("spatial-multishapes"), shard_size=shard)
    rates, digests = {}, {}
    for engine in (None, "dask"):
        out = tmp / f"build-{engine}"
        start = time.perf_counter()
        built = generate(definition, out, train=train, validation=0, test=0, workers=workers, prior_worlds=1000,
                         engine=engine)
        rates[engine or "pool"] = train / (time.perf_counter() - start)
        digests[engine or "pool"] = _digest(built)
        shutil.rmtree(out)
    same = len(set(digests.values())) == 1
    print(f"build of {train} spatial-multishapes training instances, {shard}-instance shards, {workers} workers "
          f"(prior sample and floors included): pool {rates['pool']:.0f} inst/s, dask {rates['dask']:.0f} inst/s "
          f"(same bytes: {same})")
    if not same:
        raise SystemExit("the engine's bytes differ from the pool's")


def curves_rates(checkpoints: int, tmp: Path) -> None:
    from shapeworldice.evaluation.quickstart import mixed_checkpoints

    dataset = generate("spatial-twoshapes", tmp / "data", train=0, validation=0, test=100, workers=1)
    five = mixed_checkpoints(dataset, tmp)
    files = []
    for n in range(checkpoints):
        path = tmp / f"step-{(n + 1) * 100}.json"
        shutil.copyfile(five[n % len(five)], path)
        files.append(str(path))
    parser = ("builtin", None, None)
    results = {}
    for name in ("local", "dask"):
        start = time.perf_counter()
        if name == "local":
            result = _curves_here(str(dataset), tuple(files), "test", str(tmp / name), False, True, parser)
        else:
            result = _curves_on_engine("dask", None, str(dataset), tuple(files), "test", str(tmp / name), False,
                                       True, parser)
        minutes = (time.perf_counter() - start) / 60
        results[name] = (checkpoints / minutes, json.dumps(result["rows"], sort_keys=True))
    same = results["local"][1] == results["dask"][1]
    print(f"curves, {checkpoints} checkpoints of 100 test images (100 captions each): "
          f"local {results['local'][0]:.0f}/min, dask on all cores {results['dask'][0]:.0f}/min (same rows: {same})")


def _caption_files(tmp: Path, count: int) -> tuple[Path, list[Path]]:
    """A 100-image test split and ``count`` caption files (the five quickstart checkpoints, repeated)."""
    from shapeworldice.evaluation.quickstart import mixed_checkpoints

    dataset = generate("spatial-twoshapes", tmp / "data", train=0, validation=0, test=100, workers=1)
    five = mixed_checkpoints(dataset, tmp)
    files = []
    for n in range(count):
        path = tmp / f"step-{(n + 1) * 100}.json"
        shutil.copyfile(five[n % len(five)], path)
        files.append(path)
    return dataset, files


def evaluate_rates(count: int, tmp: Path) -> None:
    """``evaluate`` over ``count`` files: one process against the engine (its startup included), then the
    overhead of one evaluate job: its round trip on a warm 1-worker cluster less its scoring time."""
    from shapeworldice.commands.batch import score_files, settings_for

    dataset, files = _caption_files(tmp / "evaluate", count)
    settings = settings_for(str(dataset), "test", "builtin", None, None, details=True)
    rates, reports = {}, {}
    for engine in (None, "dask"):
        start = time.perf_counter()
        results = score_files(files, settings, engine)
        rates[engine or "local"] = count / ((time.perf_counter() - start) / 60)
        reports[engine or "local"] = [(r.report, r.details) for r in results]
    same = reports["local"] == reports["dask"]
    print(f"evaluate, {count} caption files of 100 test images: local {rates['local']:.0f} files/min (one process), "
          f"dask {rates['dask']:.0f} files/min on a local cluster of all cores, startup included (same bytes: {same})")
    if not same:
        raise SystemExit("the engine's reports differ from the local ones")
    sample = files[:min(10, count)]
    walls, inside = [], []
    with cluster("dask", workers=1) as client:
        list(run_jobs(client, _timed_score, sample[:1], settings))  # the worker's Evaluator, warm
        for _ in range(3):
            for path in sample:  # one job at a time: its round trip against its time inside the worker
                begin = time.perf_counter()
                [(_, (_, seconds))] = list(run_jobs(client, _timed_score, [path], settings))
                walls.append(time.perf_counter() - begin)
                inside.append(seconds)
    overheads = sorted(w - i for w, i in zip(walls, inside))
    print(f"one evaluate job, warm worker, one at a time: {sorted(inside)[len(inside) // 2] * 1000:.0f} ms of scoring, "
          f"{overheads[len(overheads) // 2] * 1000:.1f} ms of overhead per task (median of {len(overheads)}; "
          "submit, report and details bytes back, scheduler bookkeeping)")


def _timed_score(settings: Any, path: Path) -> tuple[Any, float]:
    """A score_file job that also says how long the scoring itself took inside the worker."""
    from shapeworldice.commands.batch import score_file

    begin = time.perf_counter()
    result = score_file(settings, path)
    return result, time.perf_counter() - begin


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--train", type=int, default=2048)
    parser.add_argument("--shard", type=int, default=256)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=500)
    parser.add_argument("--checkpoints", type=int, default=10)
    parser.add_argument("--files", type=int, default=30)
    parser.add_argument("--only", choices=["costs", "build", "curves", "evaluate"])
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        if args.only in (None, "costs"):
            engine_costs(args.workers, args.jobs, args.shard, tmp)
        if args.only in (None, "build"):
            build_rates(args.train, args.workers, args.shard, tmp)
        if args.only in (None, "curves"):
            curves_rates(args.checkpoints, tmp)
        if args.only in (None, "evaluate"):
            evaluate_rates(args.files, tmp)


if __name__ == "__main__":
    main()
