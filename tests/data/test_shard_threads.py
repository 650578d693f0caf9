"""Issue #33: ``critic train D --split train --threads 1`` printed its one-line error and then, in
some runs, died with SIGABRT ("terminate called without an active exception"): reading shards with
``pq.read_table`` started Arrow's C++ thread pools, whose workers were still running (joinable) when
the interpreter tore them down at exit. Reading a dataset must start no native thread."""
from __future__ import annotations

import subprocess
import sys

from shapeworldice.data.build import generate

PROBE = """
import os, sys, threading
import numpy, pyarrow
pyarrow.array([1, 2, 3])  # the allocator's own background thread starts here, not in the loader

def native():
    return len(os.listdir("/proc/self/task")) - threading.active_count()

before = native()
from shapeworldice.data.loader import load
for split in ("train", "test"):
    data = load(sys.argv[1], split)
    [inst.captions for inst in data.instances], data.to_numpy()
print(native() - before)
"""


def test_loading_a_dataset_starts_no_native_thread_pool(tmp_path):
    directory = generate("spatial-twoshapes", tmp_path, seed=0, train=300, validation=0, test=16)
    result = subprocess.run([sys.executable, "-c", PROBE, str(directory)], capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "0", "native threads started while reading the dataset"
