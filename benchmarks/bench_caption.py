"""`caption` throughput: requests per second through the stub OpenAI-compatible server at
concurrency 1, 8 and 32, our overhead per caption, and images per second of the tiny HF model.

Run by hand: ``python benchmarks/bench_caption.py [--images 256]``.  The stub server runs in a
process of its own (tests/vlm/stub_server.py), so the figures are the client's.  ``echo`` answers
at once: its rate is what the client, loopback HTTP and the stub can do, and the wall time per
caption at concurrency 1 bounds our overhead (request building, base64 PNG, results-file append,
plus the round trip).  ``slow`` answers after 50 ms, as a model would: its rate shows concurrency
at work.  The tiny LLaVA (tests/vlm/tiny_model.py) is random: its rate is the pipeline's
(processor, generate, decode) on the CPU, not a real model's.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from shapeworldice.data.build import generate  # noqa: E402
from shapeworldice.data.loader import load  # noqa: E402
from shapeworldice.vlm.caption import CaptionOptions, caption  # noqa: E402


def _stub(port: int, delay: float) -> subprocess.Popen:
    code = ("import sys, time; sys.path.insert(0, %r); from tests.vlm.stub_server import StubServer\n"
            "with StubServer(delay=%r, port=%d) as s:\n    print(s.url, flush=True); time.sleep(3600)"
            % (str(ROOT), delay, port))
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    process.stdout.readline()
    return process


def rate(data: Path, url: str, model: str, concurrency: int, image_size: int | None, tmp: Path) -> float:
    """Seconds per caption of a whole `caption` run (fresh results file)."""
    out = tmp / f"{model}-{concurrency}-{image_size}.jsonl"
    start = time.perf_counter()
    run = caption(data, f"openai:{url}#{model}", out,
                  options=CaptionOptions(concurrency=concurrency, image_size=image_size), progress=False)
    return (time.perf_counter() - start) / run.asked


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--images", type=int, default=256)
    parser.add_argument("--port", type=int, default=8017)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        data = generate("spatial-twoshapes", tmp / "data", seed=0, train=0, validation=0, test=args.images)
        stub = _stub(args.port, 0.05)
        url = f"http://127.0.0.1:{args.port}/v1"
        try:
            print(f"{args.images} images; stub server in its own process")
            print(f"{'model':6s} {'concurrency':>11s} {'image px':>9s} {'req/s':>8s} {'ms/caption':>11s}")
            for model in ("echo", "slow"):
                for concurrency in (1, 8, 32):
                    for size in (None, 256) if model == "echo" else (None,):
                        seconds = rate(data, url, model, concurrency, size, tmp)
                        print(f"{model:6s} {concurrency:11d} {size or 64:9d} {1 / seconds:8.0f} {seconds * 1000:11.2f}")
        finally:
            stub.terminate()
            stub.wait()
        try:
            from tests.vlm.tiny_model import build_tiny_llava
        except ImportError:
            return
        try:
            import transformers  # noqa: F401
        except ImportError:
            print("tiny HF model: transformers not installed")
            return
        words = sorted({w for inst in load(data) for c in inst.captions for w in c.replace(".", " .").split()})
        model_dir = build_tiny_llava(tmp / "tiny", words)
        for batch in (1, 8):
            out = tmp / f"hf-{batch}.jsonl"
            start = time.perf_counter()
            run = caption(data, f"hf:{model_dir}", out, options=CaptionOptions(device="cpu", batch_size=batch),
                          progress=False)
            wall = time.perf_counter() - start
            print(f"tiny LLaVA on CPU, batch {batch}, 64 new tokens: {run.asked / wall:.1f} images/s "
                  f"(model load included)")


if __name__ == "__main__":
    main()
