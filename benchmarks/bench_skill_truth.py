"""What skill truth costs `evaluate`: seconds per caption set with and without it.

Run by hand: ``python benchmarks/bench_skill_truth.py DATASET_DIR [--kinds references object-bag true-train]``
(an informative build; the issue's goal: evaluate on 4,096 test images stays under 2× without it).
A kind is a baseline (:func:`shapeworldice.baseline`) or ``true-other``: per image a caption of the
dataset (of the training split or another test image's references) true of it and not among its own
references (true captions a model may write, each needing its view bound in full; the first such in a
seeded order of those meanings, at most :data:`TRIES` tried, the image left out when none is).
Each caption set is scored by a fresh evaluator (references analysed anew), with the registry as
it is and with skill truth taken out, alternately, three times; the medians are printed, in wall
time and in CPU time of this process (``time.process_time``: less moved by other jobs on the machine).
"""
from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import shapeworldice as swi
from shapeworldice.evaluation.core import registry
from shapeworldice.evaluation.core.gtd import Evaluator
from shapeworldice.evaluation.core.skill_truth import SkillTruth


def seconds(directory: str, entries: list, with_skill: bool) -> tuple[float, float]:
    """(wall, CPU) seconds of a fresh evaluator scoring ``entries``."""
    kept = list(registry.CAPTION_MEASURES)
    if not with_skill:
        registry.CAPTION_MEASURES[:] = [m for m in kept if not isinstance(m, SkillTruth)]
    try:
        start, cpu = time.perf_counter(), time.process_time()
        evaluator = Evaluator(directory)
        evaluator.evaluate(entries, allow_missing=True)
        return time.perf_counter() - start, time.process_time() - cpu
    finally:
        registry.CAPTION_MEASURES[:] = kept


#: meanings tried per image for ``true-other``
TRIES = 400


def true_other(directory: str, seed: int = 0) -> list[dict]:
    """Per test image, a caption of the dataset true of it that none of its references says (by meaning)."""
    from shapeworldice.semantics.components import from_json
    from shapeworldice.semantics.truth import Truth

    meanings: dict[str, str] = {}  # meaning → the first training caption with it
    for split in ("train", "test"):
        for inst in swi.load(directory, split).stream():
            for text, meaning in zip(inst.captions, inst.semantics_json):
                meanings.setdefault(meaning, text)
    listed = sorted(meanings)
    parsed = [from_json(m) for m in listed]
    rng = np.random.default_rng(seed)
    entries = []
    for inst in swi.load(directory).stream():
        own = set(inst.semantics_json)
        for k in rng.permutation(len(listed))[:TRIES].tolist():
            if listed[k] not in own and parsed[k].truth(inst.world) == Truth.TRUE:
                entries.append({"image_id": inst.id, "caption": meanings[listed[k]]})
                break
    return entries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory")
    parser.add_argument("--kinds", nargs="+", default=["references", "object-bag", "shuffled"])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    images = len(swi.load(args.directory))
    print(f"{args.directory}: {images} test images")
    for kind in args.kinds:
        entries = true_other(args.directory) if kind == "true-other" else swi.baseline(args.directory, kind)
        print(f"{kind}: {len(entries)} captions")
        runs: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
        for _ in range(args.repeats):
            for with_skill in (False, True):
                runs[with_skill].append(seconds(args.directory, entries, with_skill))
        for clock, i in (("wall", 0), ("CPU", 1)):
            without = statistics.median(r[i] for r in runs[False])
            with_ = statistics.median(r[i] for r in runs[True])
            print(f"{kind:12s} {clock:4s} without {without:7.2f} s  with {with_:7.2f} s  ratio {with_ / without:4.2f}")


if __name__ == "__main__":
    main()
