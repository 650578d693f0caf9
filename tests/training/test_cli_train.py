"""The ``train`` command: a short CPU run, and its one-line errors (no GPU, no torch)."""
from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from shapeworldice.cli import main


def _run(args):
    result = CliRunner().invoke(main, args)
    return result.exit_code, result.output


def test_train_command_writes_scored_checkpoints(tiny_dataset, tmp_path):
    torch = pytest.importorskip("torch", reason="training tests need PyTorch: pip install -e '.[test,train]'")
    torch.set_num_threads(1)
    run = tmp_path / "run"
    code, output = _run(["train", str(tiny_dataset), "--model", "showtell", "--out", str(run), "--iterations", "3",
                         "--checkpoint-every", "2", "--eval-images", "6", "--device", "cpu", "--quiet"])
    assert code == 0, output
    assert "last iteration 3: G " in output and "iterations at" in output
    assert sorted(p.name for p in run.glob("ckpt-*.json")) == ["ckpt-2.json", "ckpt-3.json"]


def test_cuda_without_gpu_is_one_line_error(tiny_dataset, tmp_path):
    torch = pytest.importorskip("torch", reason="training tests need PyTorch: pip install -e '.[test,train]'")
    if torch.cuda.is_available():
        pytest.skip("a CUDA GPU is present")
    code, output = _run(["train", str(tiny_dataset), "--model", "lrcn1u", "--out", str(tmp_path / "run"),
                         "--device", "cuda"])
    assert code == 2
    assert output.strip().count("\n") == 0 and output.startswith("error: --device cuda: no CUDA GPU")
    assert not (tmp_path / "run").exists()


def test_core_install_without_torch_names_the_extra(tiny_dataset, tmp_path):
    """With torch unimportable the package still imports, and ``train`` is one line and exit 2."""
    code = ("import sys; sys.modules['torch'] = None\n"
            "import shapeworldice.cli, shapeworldice.training\n"
            f"shapeworldice.cli.main(['train', {str(tiny_dataset)!r}, '--model', 'lrcn1u', '--out', "
            f"{str(tmp_path / 'run')!r}])\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "install the [train] extra" in lines[0]
    assert not (tmp_path / "run").exists()
