"""HTML report on a big split: render time, page size, and how long headless Chromium takes to load it.

Run by hand: ``python benchmarks/bench_html_report.py [--images 4096]``. Builds a spatial-twoshapes
test split in a temporary folder, evaluates its references baseline (METEOR off), then prints the
seconds to render the page, its size in MiB, bytes per image, and (when ``chromium`` is on PATH)
the seconds Chromium needs to load, filter and screenshot it.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from shapeworldice.data import load
from shapeworldice.data.build import generate
from shapeworldice.evaluation.studies.baselines import baseline
from shapeworldice.evaluation.core.gtd import Evaluator
from shapeworldice.evaluation.io.html_report import render_html


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--images", type=int, default=4096)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        directory = generate("spatial-twoshapes", tmp, seed=0, train=0, validation=0, test=args.images)
        print(f"built {args.images} images in {time.perf_counter() - start:.1f} s")
        split = load(directory, "test")
        evaluator = Evaluator(directory)
        try:
            report = evaluator.evaluate(baseline(split, "references", 0), include_meteor=False)
        finally:
            evaluator.close()
        start = time.perf_counter()
        page = render_html(report, load(directory, "test"))
        render_s = time.perf_counter() - start
        png_bytes = sum(len(inst.png) for inst in split)
        print(f"render {render_s:.2f} s; page {len(page) / 2**20:.2f} MiB ({len(page) / args.images:.0f} bytes per "
              f"image, of which PNG {png_bytes / args.images:.0f})")
        chromium = shutil.which("chromium")
        if chromium is None:
            print("chromium not on PATH: browser load time not measured")
            return
        html = Path(tmp) / "report.html"
        html.write_bytes(page)
        for fragment in ("", "#verdict=true"):
            start = time.perf_counter()
            subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp}/profile",
                            "--window-size=1280,2000", f"--screenshot={tmp}/shot.png", html.as_uri() + fragment],
                           capture_output=True, check=True, timeout=600)
            print(f"chromium load + screenshot{' ' + fragment if fragment else ''}: "
                  f"{time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
