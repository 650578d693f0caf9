"""Peak memory of ``evaluate --several-captions`` with many images.

Run by hand: ``python benchmarks/bench_memory.py [--images 4096] [--captions 50] [--data DIR]``.
Builds (or reuses, with ``--data``) a spatial-twoshapes dataset of ``--images`` test images and,
outside the measurement, a caption file giving every image ``--captions`` captions: its own
references first, then references of other images (deterministic), so every image has the same
number of captions and they vary the way a sampling model's do.  Then runs
``evaluate --several-captions --no-meteor`` under ``/usr/bin/time -v`` and prints the wall time
and the peak resident set size it reports.  Goal: under 1 GB for 4,096 images x 50 captions
(before the diversity measures streamed per image batch, 512 x 50 already peaked at 2.25 GB).
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from shapeworldice.data.build import generate
from shapeworldice.data.loader import load


def caption_file(directory: Path, per_image: int, path: Path) -> int:
    """``per_image`` captions per test image (own references, then the next images'); returns
    the number of captions written."""
    instances = load(directory, "test").instances
    entries = []
    for k, inst in enumerate(instances):
        captions = list(inst.captions)
        step = 1
        while len(captions) < per_image:
            captions.extend(instances[(k + step) % len(instances)].captions)
            step += 1
        entries.extend({"image_id": inst.id, "caption": c} for c in captions[:per_image])
    path.write_text(json.dumps(entries), encoding="utf-8")
    return len(entries)


def measured(command: list[str]) -> tuple[float, float, subprocess.CompletedProcess]:
    """Run ``command`` under ``/usr/bin/time -v``: (wall seconds, peak RSS in MiB, the result)."""
    time_bin = shutil.which("time") or "/usr/bin/time"
    done = subprocess.run([time_bin, "-v", *command], capture_output=True, text=True, check=False)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", done.stderr)
    if rss is None or wall is None:
        sys.exit(f"no figures from {time_bin} -v (install GNU time): {done.stderr.strip()[-300:]}")
    seconds = 0.0
    for part in wall.group(1).split(":"):
        seconds = seconds * 60 + float(part)
    return seconds, int(rss.group(1)) / 1024, done


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--images", type=int, default=4096)
    parser.add_argument("--captions", type=int, default=50, help="Captions per image.")
    parser.add_argument("--data", type=Path, help="Build the dataset here (kept) instead of a temp folder.")
    parser.add_argument("--workers", type=int, default=0, help="Build workers (0 = all cores).")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        directory = generate("spatial-twoshapes", args.data or root / "data", train=0, validation=0,
                             test=args.images, workers=args.workers)
        written = caption_file(directory, args.captions, root / "captions.json")
        command = [sys.executable, "-m", "shapeworldice", "evaluate", str(directory), "--captions",
                   str(root / "captions.json"), "--several-captions", "--no-meteor", "--quiet",
                   "--out", str(root / "report.json")]
        seconds, peak, done = measured(command)
        if done.returncode != 0:
            sys.exit(done.stderr.strip().splitlines()[0] if done.stderr.strip() else f"exit {done.returncode}")
        section = json.loads((root / "report.json").read_text())["diversity_section"]
    print(f"{args.images} images x {args.captions} captions ({written} captions): evaluate took "
          f"{seconds:.1f} s wall, peak RSS {peak:.0f} MiB ({'under' if peak < 1024 else 'OVER'} the 1 GB goal)")
    print(f"diversity: self_cider {section['self_cider']:.4f}, lsa {section['lsa']:.4f}, "
          f"mbleu_4 {section['mbleu_4']:.4f} over {section['images']} images")


if __name__ == "__main__":
    main()
