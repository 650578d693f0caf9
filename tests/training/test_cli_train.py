"""The ``train`` command: a short CPU run, and its one-line errors (no GPU, no torch)."""
from __future__ import annotations

import json
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


def test_train_uses_one_thread_on_cpu_unless_told(tiny_dataset, tmp_path):
    """PyTorch takes every core by default, several times slower for these small models on a
    shared machine: ``train`` uses one thread on a CPU, or ``--threads N``; 0 is refused."""
    torch = pytest.importorskip("torch", reason="training tests need PyTorch: pip install -e '.[test,train]'")
    common = ["train", str(tiny_dataset), "--model", "showtell", "--iterations", "1", "--checkpoint-every", "1",
              "--eval-images", "2", "--device", "cpu", "--quiet"]
    try:
        torch.set_num_threads(2)
        code, output = _run([*common, "--out", str(tmp_path / "a")])
        assert code == 0, output
        assert torch.get_num_threads() == 1
        code, output = _run([*common, "--out", str(tmp_path / "b"), "--threads", "2"])
        assert code == 0, output
        assert torch.get_num_threads() == 2
        code, output = _run([*common, "--out", str(tmp_path / "c"), "--threads", "0"])
        assert code == 2 and output.count("\n") == 1 and "--threads" in output, output
        assert not (tmp_path / "c").exists()
    finally:
        torch.set_num_threads(1)


def test_resume_keeps_the_runs_settings_and_refuses_another_dataset(tiny_dataset, tmp_path_factory, tmp_path):
    """``--resume`` alone continues with the run's own settings (not the preset's defaults), so
    every checkpoint of its curves scores the same images; another dataset is one line, exit 2."""
    torch = pytest.importorskip("torch", reason="training tests need PyTorch: pip install -e '.[test,train]'")
    torch.set_num_threads(1)
    from shapeworldice.data.build import generate

    run = tmp_path / "run"
    common = ["--model", "lrcn1u", "--out", str(run), "--device", "cpu", "--quiet"]
    code, output = _run(["train", str(tiny_dataset), *common, "--iterations", "2", "--checkpoint-every", "2",
                         "--eval-images", "6", "--hidden", "16", "--embedding", "8"])
    assert code == 0, output
    code, output = _run(["train", str(tiny_dataset), *common, "--iterations", "4", "--resume"])
    assert code == 0, output
    rows = [line.split(",") for line in (run / "curves.csv").read_text().splitlines()[1:]]
    assert [r[0] for r in rows] == ["2", "4"]  # every 2, as saved (the preset's default is 1,000)
    assert [len(json.loads((run / f"ckpt-{i}.json").read_text())) for i in (2, 4)] == [6, 6]
    other = generate("existential-multishapes", tmp_path_factory.mktemp("other"), seed=0, train=8, validation=0,
                     test=4)
    before = sorted((p.name, p.stat().st_mtime_ns) for p in run.iterdir())
    code, output = _run(["train", str(other), *common, "--iterations", "6", "--resume"])
    assert code == 2 and output.count("\n") == 1, output
    assert output.startswith("error: --resume:") and "another dataset" in output
    assert sorted((p.name, p.stat().st_mtime_ns) for p in run.iterdir()) == before  # nothing written


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
