"""The critic's CPU goal (run by hand: ``python benchmarks/bench_critic.py DATA [--captions FILE ...]``).

Trains a critic with the default settings on one CPU thread into a temporary folder and prints the
wall-clock time, this process's CPU time (what one dedicated core would take on a shared machine)
and the held-out AUC of references against checked fakes. Goal on an informative dataset of
1,024 validation and 256 test images: under 15 minutes, AUC ≥ 0.9. Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402

from shapeworldice.training.critic.loop import CriticConfig, train_critic  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data")
    parser.add_argument("--captions", action="append", default=[], help="model caption files (fakes)")
    parser.add_argument("--epochs", type=int, default=CriticConfig.epochs)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--no-transformations", action="store_true")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    config = CriticConfig(epochs=args.epochs, transformations=not args.no_transformations)
    with tempfile.TemporaryDirectory() as folder:
        wall, cpu = time.perf_counter(), time.process_time()
        result = train_critic(args.data, Path(folder) / "critic", config, args.captions)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    held = result["heldout"]
    print(f"{Path(args.data).name}: {args.epochs} epochs on {args.threads} thread(s): {wall:.0f} s wall, "
          f"{cpu:.0f} s CPU; held-out AUC {held['auc']:.3f} ({held['references']} references, {held['fakes']} fakes)")


if __name__ == "__main__":
    main()
