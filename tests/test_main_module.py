"""Issue #18 item 9: ``python -m shapeworldice`` is the command line."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from shapeworldice import __version__

ROOT = Path(__file__).parents[1]


def python_m(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "shapeworldice", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_version_and_help():
    version = python_m("--version")
    assert version.returncode == 0 and version.stdout.strip() == f"shapeworldice, version {__version__}"
    usage = python_m("--help")
    assert usage.returncode == 0 and usage.stdout.startswith("Usage: shapeworldice ")
    assert "evaluate" in usage.stdout and "generate" in usage.stdout


def test_errors_exit_2_on_one_line():
    result = python_m("evaluate", "no-such-dataset", "--captions", "absent.json")
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("error: ")
