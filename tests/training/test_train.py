"""Training end to end on CPU: overfitting, checkpoint files, exact resume, one-line errors."""
from __future__ import annotations

import csv
import json

import pytest

torch = pytest.importorskip("torch", reason="training tests need PyTorch: pip install -e '.[test,train]'")

from shapeworldice.errors import UserError  # noqa: E402
from shapeworldice.evaluation.core.gtd import Evaluator  # noqa: E402
from shapeworldice.evaluation.io.inputs import read_outputs  # noqa: E402
from shapeworldice.training.loop import train  # noqa: E402


@pytest.mark.parametrize("model,budget", [("lrcn1u", 150), ("showtell", 250)])
def test_tiny_model_overfits_training_images(tiny_dataset, tiny_config, tmp_path, model, budget):
    """32 training images learnt well enough that greedy captions of them are true (T ≥ 0.9);
    Show&Tell sees the image only once per caption and needs more steps than LRCN1u."""
    config = tiny_config(model=model, iterations=budget, checkpoint_every=budget // 2, batch_size=32, split="train")
    result = train(tiny_dataset, tmp_path / "run", config)
    first, last = result["rows"]
    assert last["iteration"] == budget and result["config"]["split"] == "train"
    assert last["truthfulness"] >= 0.9, last
    assert last["grammaticality"] >= 0.9, last
    assert last["loss"] < first["loss"]


def test_bf16_mixed_precision_trains_and_keeps_fp32_weights(tiny_dataset, tiny_config, tmp_path):
    """The GPU default, bf16 autocast, run on the CPU's autocast: the step and greedy captioning run
    under it, the model still overfits, and the stored weights and optimiser state stay float32
    (autocast casts per operation; the parameters are never halved)."""
    config = tiny_config(iterations=150, checkpoint_every=75, batch_size=32, split="train", precision="bf16")
    result = train(tiny_dataset, tmp_path / "run", config)
    assert result["config"]["precision"] == "bf16"
    assert result["rows"][-1]["truthfulness"] >= 0.9, result["rows"][-1]
    state = torch.load(tmp_path / "run" / "model-150.pt", weights_only=False)
    assert {t.dtype for t in state["model"].values()} == {torch.float32}
    moments = [v for s in state["optimizer"]["state"].values() for k, v in s.items() if k.startswith("exp_avg")]
    assert moments and {t.dtype for t in moments} == {torch.float32}


def test_checkpoints_are_valid_evaluator_input(tiny_dataset, tiny_config, tmp_path):
    run = tmp_path / "run"
    result = train(tiny_dataset, run, tiny_config(iterations=5, checkpoint_every=2, eval_images=10))
    # every N iterations and always at the last one
    assert [r["iteration"] for r in result["rows"]] == [2, 4, 5]
    evaluator = Evaluator(tiny_dataset, "test")
    for row in result["rows"]:
        path = run / f"ckpt-{row['iteration']}.json"
        entries = read_outputs(path)
        assert [e["image_id"] for e in entries] == evaluator.ids[:10]
        report = evaluator.evaluate(path, allow_missing=True, include_meteor=False)
        assert report["captions"] == 10
        assert report["scores"]["truthfulness"] == pytest.approx(row["truthfulness"])
        relative = report["scores"]["informativeness_relative"]  # I/ref: T beside how much it says
        assert row["informativeness_relative"] == (None if relative is None else pytest.approx(relative))
        assert (run / f"model-{row['iteration']}.pt").is_file()
    with (run / "curves.csv").open() as handle:
        written = list(csv.DictReader(handle))
    assert [int(r["iteration"]) for r in written] == [2, 4, 5]
    assert "informativeness_relative" in written[0]
    assert (run / "curves.png").stat().st_size > 0 and (run / "curves.svg").is_file()
    best = json.loads((run / "best.json").read_text())
    assert best["last"]["iteration"] == 5 and best["best"]["truthfulness"] == max(
        r["truthfulness"] for r in result["rows"])


def test_resume_continues_the_same_run(tiny_dataset, tiny_config, tmp_path):
    """Train 6 iterations straight, or 3 then resume to 6: the same weights and captions."""
    straight = train(tiny_dataset, tmp_path / "a", tiny_config(iterations=6, checkpoint_every=3, eval_images=8))
    train(tiny_dataset, tmp_path / "b", tiny_config(iterations=3, checkpoint_every=3, eval_images=8))
    resumed = train(tiny_dataset, tmp_path / "b", tiny_config(iterations=6, checkpoint_every=3, eval_images=8),
                    resume=True)
    assert resumed["iterations_trained"] == 3
    assert [r["iteration"] for r in resumed["rows"]] == [3, 6]  # earlier rows kept
    assert (tmp_path / "a" / "ckpt-6.json").read_bytes() == (tmp_path / "b" / "ckpt-6.json").read_bytes()
    a = torch.load(tmp_path / "a" / "model-6.pt", weights_only=False)["model"]
    b = torch.load(tmp_path / "b" / "model-6.pt", weights_only=False)["model"]
    assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)
    assert straight["rows"][-1]["loss"] == pytest.approx(resumed["rows"][-1]["loss"])


def test_same_seed_same_captions_and_other_seed_other_weights(tiny_dataset, tiny_config, tmp_path):
    for name, seed in (("a", 0), ("b", 0), ("c", 1)):
        train(tiny_dataset, tmp_path / name, tiny_config(iterations=2, checkpoint_every=2, eval_images=8, seed=seed))
    assert (tmp_path / "a" / "ckpt-2.json").read_bytes() == (tmp_path / "b" / "ckpt-2.json").read_bytes()
    a = torch.load(tmp_path / "a" / "model-2.pt", weights_only=False)["model"]
    c = torch.load(tmp_path / "c" / "model-2.pt", weights_only=False)["model"]
    assert not torch.equal(a["out.weight"], c["out.weight"])


def test_a_second_run_into_the_same_folder_refuses(tiny_dataset, tiny_config, tmp_path):
    """While one run holds the folder's lock (a concurrent ``train --out`` the same), another
    refuses in one line and writes nothing; the lock goes with its holder."""
    from shapeworldice.data.lock import exclusive

    with exclusive(tmp_path / "run", "training into"):
        with pytest.raises(UserError, match="another run is training into"):
            train(tiny_dataset, tmp_path / "run", tiny_config(iterations=2, eval_images=4))
    assert not (tmp_path / "run").exists()
    assert train(tiny_dataset, tmp_path / "run", tiny_config(iterations=2, eval_images=4))["rows"]


def test_existing_run_needs_resume_and_resume_needs_same_model(tiny_dataset, tiny_config, tmp_path):
    train(tiny_dataset, tmp_path / "run", tiny_config(iterations=2, checkpoint_every=2, eval_images=4))
    with pytest.raises(UserError, match="already holds a run"):
        train(tiny_dataset, tmp_path / "run", tiny_config(iterations=2, eval_images=4))
    with pytest.raises(UserError, match="other settings.*model"):
        train(tiny_dataset, tmp_path / "run", tiny_config(model="showtell", iterations=4, eval_images=4), resume=True)
    before = (tmp_path / "run" / "config.json").read_bytes()
    with pytest.raises(UserError, match="already at iteration 2"):  # nothing to train: said, nothing rewritten
        train(tiny_dataset, tmp_path / "run", tiny_config(iterations=2, eval_images=4), resume=True)
    assert (tmp_path / "run" / "config.json").read_bytes() == before
    with pytest.raises(UserError, match="no model checkpoint"):
        train(tiny_dataset, tmp_path / "empty", tiny_config(eval_images=4), resume=True)
