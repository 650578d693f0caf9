"""A report's bytes do not depend on the CPU: floats are written to twelve significant digits and
the bootstrap's weighted sums are made in one fixed order (a matrix product's last bits depend on
the kernel the linear-algebra library picks for the CPU)."""
from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from shapeworldice.evaluation.core.intervals import draw_weights, weighted_sums
from shapeworldice.evaluation.io.outputs import FLOAT_DIGITS, json_text, rounded


def test_weighted_sums_are_the_product_summed_image_by_image():
    weights = draw_weights(7, draws=5, seed=3)
    values = np.random.default_rng(0).normal(size=(7, 3))
    sums = weighted_sums(weights, values)
    np.testing.assert_allclose(sums, weights @ values, rtol=1e-12)
    for d in range(5):  # the order is one image after the other, exactly as written here
        for k in range(3):
            total = 0.0
            for i in range(7):
                total += weights[d, i] * values[i, k]
            assert sums[d, k] == total


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_rounded_keeps_twelve_significant_digits(value: float):
    written = rounded(value)
    assert written == float(f"{value:.{FLOAT_DIGITS}g}")
    assert math.isclose(written, value, rel_tol=10 ** (1 - FLOAT_DIGITS), abs_tol=0.0) or value == 0


def test_json_text_rounds_nested_floats_and_still_names_non_finite_ones():
    document = json.loads(json_text({"a": [0.1 + 0.2, {"b": 1 / 3}], "c": float("nan"), "n": 3}))
    assert document["a"] == [0.3, {"b": 0.333333333333}]
    assert document["c"] is None and "c" in document["not_finite"]
    assert document["n"] == 3 and isinstance(document["n"], int)


SCRIPT = """
import sys
from pathlib import Path
import shapeworldice as swi
from shapeworldice.evaluation.io.report import details_bytes, report_bytes
path = Path(sys.argv[1])
report = swi.evaluate(path, swi.baseline(path, "references"))
sys.stdout.buffer.write(report_bytes(report) + details_bytes(report))
"""


@pytest.mark.slow
def test_report_bytes_are_the_same_under_another_linear_algebra_kernel(tmp_path: Path):
    """OpenBLAS picks its kernels by CPU; forcing its oldest one stands in for another machine."""
    config = np.show_config(mode="dicts") or {}
    if "openblas" not in json.dumps(config.get("Build Dependencies", {})).lower():
        pytest.skip("NumPy is not built with OpenBLAS here")
    import shapeworldice as swi

    path = Path(swi.generate("spatial-twoshapes", tmp_path / "data", seed=0, train=8, validation=2, test=12,
                             prior_worlds=400))
    outputs = []
    for kernel in (None, "Prescott"):
        env = dict(os.environ)
        if kernel:
            env["OPENBLAS_CORETYPE"] = kernel
        outputs.append(subprocess.run([sys.executable, "-c", SCRIPT, str(path)], env=env, check=True,
                                      capture_output=True).stdout)
    assert outputs[0] and outputs[0] == outputs[1]
