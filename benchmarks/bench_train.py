"""Training speed of Show&Tell and LRCN1u (run by hand: ``python benchmarks/bench_train.py``).

Times the real training step (``shapeworldice.training.loop.make_step``) at batch 64 on random
64×64 images and 10-token captions: iterations per second for both models and both presets on the
CPU (``--threads``, default 1; also per CPU-second of the process, which a shared machine does not
distort), and on a GPU when one is present — eager, and with
``torch.compile`` (CUDA graphs) under bf16 autocast. Goal on one H100 for LRCN1u (paper preset,
batch 64): ≥ 300 iterations/s. Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402

from shapeworldice.training.config import make_config  # noqa: E402
from shapeworldice.training.device import autocast, describe, grad_scaler, make_deterministic  # noqa: E402
from shapeworldice.training.loop import build_model, make_step  # noqa: E402

VOCABULARY, LENGTH, IMAGE = 40, 10, 64


def iterations_per_second(model_name: str, preset: str, device: str, precision: str, compile_step: bool,
                          iterations: int, warmup: int, batch: int) -> tuple[float, float]:
    """Iterations per wall-clock second, and per second of this process's CPU time (what one
    dedicated core would give on a shared machine; on a GPU it is the host's launch cost)."""
    config = make_config(preset, device, model=model_name, batch_size=batch, precision=precision)
    make_deterministic(0, device)
    model = build_model(config, VOCABULARY, IMAGE).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=config.learning_rate, fused=device == "cuda")
    step = make_step(model, optimizer, grad_scaler(device, precision), autocast(device, precision), compile_step,
                     device)
    generator = torch.Generator().manual_seed(0)
    pool = max(1024, 4 * batch)  # rows the batches are cut from, at any --batch
    images = torch.randint(0, 256, (pool, IMAGE, IMAGE, 3), dtype=torch.uint8, generator=generator).to(device)
    tokens = torch.randint(4, VOCABULARY, (pool, LENGTH), generator=generator).to(device)
    total = torch.zeros((), device=device)

    def run(n: int, offset: int) -> None:
        nonlocal total
        for i in range(n):
            first = ((offset + i) * batch) % (pool - batch + 1)
            index = torch.arange(first, first + batch).to(device)
            total += step(images[index], tokens[index])

    run(warmup, 0)
    if device == "cuda":
        torch.cuda.synchronize()
    start, cpu_start = time.perf_counter(), time.process_time()
    run(iterations, warmup)
    if device == "cuda":
        torch.cuda.synchronize()
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu_start
    if not torch.isfinite(total):
        raise SystemExit(f"{model_name}: loss is not finite")
    return iterations / seconds, iterations / cpu_seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=1, help="CPU threads for PyTorch.")
    parser.add_argument("--cpu-iterations", type=int, default=30)
    parser.add_argument("--gpu-iterations", type=int, default=500)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--presets", default="cpu,paper", help="Comma-separated presets to time on the CPU.")
    parser.add_argument("--no-compile", action="store_true", help="GPU: skip the torch.compile runs.")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    runs = [("cpu", preset, "fp32", False, args.cpu_iterations, 3) for preset in args.presets.split(",")]
    if torch.cuda.is_available():
        runs += [("cuda", "paper", "fp32", False, args.gpu_iterations, 20),
                 ("cuda", "paper", "bf16", False, args.gpu_iterations, 20)]
        if not args.no_compile:
            runs.append(("cuda", "paper", "bf16", True, args.gpu_iterations, 50))
    print(f"torch {torch.__version__}; batch {args.batch}; CPU threads {args.threads}")
    print(f"{'device':34s} {'preset':6s} {'precision':9s} {'compile':7s} {'model':9s} {'it/s':>9s} {'it/cpu-s':>9s}")
    for device, preset, precision, compile_step, iterations, warmup in runs:
        for model_name in ("lrcn1u", "showtell"):
            speed, per_cpu = iterations_per_second(model_name, preset, device, precision, compile_step, iterations,
                                                   warmup, args.batch)
            print(f"{describe(device):34s} {preset:6s} {precision:9s} {str(compile_step):7s} {model_name:9s} "
                  f"{speed:9.2f} {per_cpu:9.2f}", flush=True)


if __name__ == "__main__":
    main()
