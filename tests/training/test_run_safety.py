"""Issue #33 on the training commands: a run never replaces a user's folder, checkpoints load
weights-only (a shared critic cannot run code here), an unfinished or diverged critic is refused,
the learning rate is bounded, and no NaN reaches a JSON output."""
from __future__ import annotations

import json
import math

import pytest

from tests.cli_support import one_line_error, run

torch = pytest.importorskip("torch", reason="training tests need PyTorch: pip install -e '.[test,train]'")

USER_FILES = {"config.json": '{"theme": "dark"}', "critic.json": '{"mine": 1}', "curves.png": "png",
              "curves.svg": "<svg/>"}
CRITIC = ["--epochs", "1", "--split", "test", "--heldout-split", "validation", "--batch-size", "4",
          "--device", "cpu", "--quiet", "--threads", "1"]


def _user_folder(path):
    path.mkdir()
    for name, text in USER_FILES.items():
        (path / name).write_text(text)
    return path


def _untouched(path):
    return {p.name: p.read_text() for p in path.iterdir()} == USER_FILES


@pytest.fixture(scope="module")
def critic_run(tiny_dataset, tmp_path_factory):
    """A finished 2-epoch critic (tiny network) trained on the test split."""
    from shapeworldice.training.critic.loop import CriticConfig, train_critic
    from shapeworldice.training.critic.model import CriticShape

    torch.set_num_threads(1)
    out = tmp_path_factory.mktemp("critic") / "run"
    config = CriticConfig(epochs=2, batch_size=4, split="test", heldout_split="validation", average=2,
                          shape=CriticShape(channels=(8, 16), feature=16, embedding=8, hidden=16, mlp=16))
    train_critic(tiny_dataset, out, config)
    return out


@pytest.fixture(scope="module")
def references(tiny_dataset, tmp_path_factory):
    path = tmp_path_factory.mktemp("refs") / "refs.json"
    assert run("baseline", tiny_dataset, "--kind", "references", "--out", path).exit_code == 0
    return path


def _copy(run_dir, tmp_path):
    import shutil

    return shutil.copytree(run_dir, tmp_path / "copy")


def test_critic_train_and_train_refuse_a_users_folder(tiny_dataset, tmp_path):
    folder = _user_folder(tmp_path / "F")
    line = one_line_error(run("critic", "train", tiny_dataset, "--out", folder, *CRITIC))
    assert "not empty and not a 'critic train' run folder" in line and _untouched(folder)
    line = one_line_error(run("train", tiny_dataset, "--model", "lrcn1u", "--out", folder, "--iterations", "1",
                              "--checkpoint-every", "1", "--eval-images", "2", "--device", "cpu", "--quiet"))
    assert "not empty and not a 'train' run folder" in line and _untouched(folder)
    resumed = one_line_error(run("train", tiny_dataset, "--model", "lrcn1u", "--out", folder, "--resume",
                                 "--device", "cpu", "--quiet"))
    assert "not a 'train' run folder" in resumed and _untouched(folder)


def test_train_refuses_a_critic_run_folder(tiny_dataset, critic_run, tmp_path):
    before = sorted(p.name for p in critic_run.iterdir())
    line = one_line_error(run("train", tiny_dataset, "--model", "lrcn1u", "--out", critic_run, "--iterations", "1",
                              "--checkpoint-every", "1", "--eval-images", "2", "--device", "cpu", "--quiet"))
    assert "holds a 'critic train' run, not a 'train' one" in line
    assert sorted(p.name for p in critic_run.iterdir()) == before


def _hostile_checkpoint(path, marker):
    """Make ``path`` a model-EPOCH.pt whose unpickling calls ``exec`` (what a shared folder could hold)."""
    code = f"open({str(marker)!r}, 'w').write('ran')"

    class Hostile:
        def __reduce__(self):
            return (exec, (code,))

    state = torch.load(path, map_location="cpu", weights_only=True)
    state["hostile"] = Hostile()
    torch.save(state, path)
    torch.load(path, map_location="cpu", weights_only=False)  # the test's own check: trusted, it runs code
    assert marker.read_text() == "ran"
    marker.unlink()


def test_evaluate_critic_loads_weights_only_and_runs_no_code(tiny_dataset, critic_run, references, tmp_path):
    copy = _copy(critic_run, tmp_path)
    marker = tmp_path / "ran"
    _hostile_checkpoint(copy / "model-2.pt", marker)
    line = one_line_error(run("evaluate", tiny_dataset, "--captions", references, "--critic", copy))
    assert "as weights only" in line and "model-2.pt" in line
    assert not marker.exists()


def test_critic_and_train_resume_load_weights_only(tiny_dataset, critic_run, tmp_path):
    copy = _copy(critic_run, tmp_path)
    marker = tmp_path / "ran"
    _hostile_checkpoint(copy / "model-2.pt", marker)
    line = one_line_error(run("critic", "train", tiny_dataset, "--out", copy, "--resume", "--epochs", "3",
                              *CRITIC[2:]))
    assert "as weights only" in line and not marker.exists()
    from shapeworldice.errors import UserError
    from shapeworldice.training import checkpoints

    with pytest.raises(UserError, match="as weights only"):
        checkpoints.load_latest(copy)
    assert not marker.exists()


def test_checkpoints_hold_only_weights_and_plain_data(critic_run):
    state = torch.load(critic_run / "model-2.pt", map_location="cpu", weights_only=True)
    assert {"model", "optimizer", "config", "vocabulary", "history"} <= set(state)


def test_a_critic_stopped_before_its_last_epoch_is_refused(tiny_dataset, critic_run, references, tmp_path):
    copy = _copy(critic_run, tmp_path)
    (copy / "model-2.pt").unlink()  # as if killed during epoch 2 of 2
    (copy / "critic.json").unlink()
    line = one_line_error(run("evaluate", tiny_dataset, "--captions", references, "--critic", copy))
    assert "trained 1 of its 2 epochs" in line and "--resume" in line


@pytest.mark.parametrize("rate", ["inf", "nan", "1e4", "0", "-1"])
def test_learning_rate_must_be_finite_and_sane(tiny_dataset, tmp_path, rate):
    line = one_line_error(run("critic", "train", tiny_dataset, "--out", tmp_path / "c", "--learning-rate", rate,
                              *CRITIC))
    assert "--learning-rate must be a number above 0 and at most 1" in line
    assert not (tmp_path / "c").exists()
    line = one_line_error(run("train", tiny_dataset, "--model", "lrcn1u", "--out", tmp_path / "t", "--learning-rate",
                              rate, "--iterations", "1", "--device", "cpu", "--quiet"))
    assert "--learning-rate must be a number above 0 and at most 1" in line
    assert not (tmp_path / "t").exists()


def test_a_critic_with_nan_weights_is_refused(tiny_dataset, critic_run, references, tmp_path):
    copy = _copy(critic_run, tmp_path)
    for epoch in (1, 2):
        path = copy / f"model-{epoch}.pt"
        state = torch.load(path, map_location="cpu", weights_only=True)
        state["model"] = {k: torch.full_like(v, math.nan) if v.is_floating_point() else v
                          for k, v in state["model"].items()}
        torch.save(state, path)
    line = one_line_error(run("evaluate", tiny_dataset, "--captions", references, "--critic", copy,
                              "--out", tmp_path / "report.json"))
    assert "not finite" in line and not (tmp_path / "report.json").exists()


def test_curves_refuses_critic_with_engine(tiny_dataset, references, tmp_path):
    line = one_line_error(run("curves", tiny_dataset, "--captions", references, "--critic", tmp_path / "none",
                              "--engine", "dask", "--out", tmp_path / "curves"))
    assert "--critic runs in this process only" in line


def test_a_hand_edited_critic_config_is_one_line(tiny_dataset, critic_run, references, tmp_path):
    copy = _copy(critic_run, tmp_path)
    saved = json.loads((copy / "config.json").read_text())
    for field, value, shown in (("average", "x", "config.average"), ("epochs", None, "config.epochs")):
        edited = json.loads(json.dumps(saved))
        edited["config"][field] = value
        (copy / "config.json").write_text(json.dumps(edited))
        line = one_line_error(run("evaluate", tiny_dataset, "--captions", references, "--critic", copy))
        assert f"field {shown}" in line
    (copy / "config.json").write_text(json.dumps({**saved, "image_size": "64"}))
    assert "field image_size" in one_line_error(run("evaluate", tiny_dataset, "--captions", references,
                                                    "--critic", copy))


def test_a_critic_of_another_image_size_is_one_line(tiny_dataset, critic_run, references, tmp_path):
    from shapeworldice.data.build import generate

    small = generate("existential-oneshape", tmp_path / "small", seed=0, train=0, validation=0, test=16,
                     image_size=32)
    assert run("baseline", small, "--kind", "references", "--out", tmp_path / "r.json").exit_code == 0
    line = one_line_error(run("evaluate", small, "--captions", tmp_path / "r.json", "--critic", critic_run))
    assert "trained on 64-pixel images" in line and "32-pixel" in line


def test_critic_train_on_a_one_reference_split_exits_2_not_sigabrt(tiny_dataset):
    """Issue #33: after its one-line error the command sometimes died with SIGABRT at exit (Arrow's
    thread pools, started by the shard reader, torn down while running). The deterministic check is
    tests/data/test_shard_threads.py (no native thread is started); this is the command itself."""
    import subprocess
    import sys

    for _ in range(1):
        result = subprocess.run([sys.executable, "-m", "shapeworldice", "critic", "train", str(tiny_dataset), "--out",
                                 str(tiny_dataset.parent / "never"), "--split", "train", "--threads", "1"],
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 2, result.stderr
        assert result.stderr.strip().count("\n") == 0 and "terminate called" not in result.stderr
