"""Evaluation cost with many captions for one image: time and peak memory.

Run by hand: ``taskset -c 0 python benchmarks/bench_many_captions.py [--captions 5000] [--images 1]``.
Builds a tiny test split and, outside the timing, a caption file giving every image
``--captions`` captions (references of a larger build drawn with a fixed seed, so captions vary the way a
sampling model's do).  Then runs ``shapeworldice evaluate --several-captions --no-meteor`` in
a child process and prints its wall time and peak resident memory (the child's ``ru_maxrss``;
the same figure ``/usr/bin/time -v`` reports as "Maximum resident set size").
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from shapeworldice.data.build import generate
from shapeworldice.data.loader import load


def caption_file(directory: Path, pool_directory: Path, per_image: int, path: Path) -> int:
    """Write ``per_image`` captions for each image of ``directory``; returns the file's size."""
    pool = [c for inst in load(pool_directory, "test") for c in inst.captions]
    picks = np.random.default_rng(0).integers(len(pool), size=per_image).tolist()
    entries = [{"image_id": inst.id, "caption": pool[k]} for inst in load(directory, "test") for k in picks]
    data = json.dumps(entries).encode("utf-8")
    path.write_bytes(data)
    return len(data)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dataset", default="spatial-twoshapes")
    parser.add_argument("--captions", type=int, default=5000, help="Captions per image.")
    parser.add_argument("--images", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        directory = generate(args.dataset, root / "data", train=0, validation=0, test=args.images)
        pool = generate(args.dataset, root / "pool", seed=1, train=0, validation=0, test=100)
        size = caption_file(directory, pool, args.captions, root / "captions.json")
        command = [sys.executable, "-m", "shapeworldice", "evaluate", str(directory), "--captions",
                   str(root / "captions.json"), "--several-captions", "--no-meteor", "--json"]
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        elapsed = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    if done.returncode != 0:
        print(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit {done.returncode}")
        sys.exit(1)
    section = json.loads(done.stdout)["diversity_section"]
    print(f"{args.images} image(s) x {args.captions} captions ({size / 1e6:.2f} MB file): "
          f"evaluate took {elapsed:.1f} s wall, peak RSS {peak:.0f} MiB")
    print(f"diversity section: {section['images_capped']} image(s) capped to "
          f"{section['max_captions_compared']} captions; self_cider {section['self_cider']:.4f}, "
          f"mbleu_4 {section['mbleu_4']:.4f}")


if __name__ == "__main__":
    main()
