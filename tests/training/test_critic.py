"""The learned critic: fakes always false on their image, seeded and resumable training, END tokens,
the catalogue measure, and one-line errors without PyTorch."""
from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from shapeworldice.data.loader import load
from shapeworldice.grammar import parse
from shapeworldice.interpret import interpret_readings, verdict
from shapeworldice.training.critic.negatives import FakeSource, Referee, shares
from tests.cli_support import one_line_error, run


def _truth(caption, world):
    """The evaluator's verdict, recomputed here from the grammar, the interpreter and the truth verdict."""
    result = parse(caption)
    if not result.grammatical:
        return "ungrammatical"
    _, interpretation = interpret_readings([r.mrs for r in result.readings])
    return verdict(interpretation, world)


@pytest.fixture(scope="module")
def split(tiny_dataset):
    return load(tiny_dataset, "test")


def test_fakes_are_false_or_ungrammatical_on_their_own_image(split):
    instances = split.instances
    captions = [inst.captions for inst in instances]
    pool = [c for inst in instances for c in inst.captions]  # mostly true of some image, often of this one
    source = FakeSource(captions, [inst.world for inst in instances], [[] for _ in instances], pool,
                        ["red", "square", "circle", "blue", "is", "a", "there"], Referee())
    rng = np.random.default_rng(0)
    drawn = [(i, source.draw(i, rng)) for _ in range(6) for i in range(len(instances))]
    assert sum(f is not None for _, f in drawn) > len(drawn) // 2
    for i, fake in drawn:
        if fake is not None:
            assert _truth(fake[1], instances[i].world) in ("ungrammatical", "false"), fake
    assert sum(v["refused"] for v in source.statistics().values()) > 0  # true candidates were met and refused


def test_a_fake_true_of_its_image_is_never_used(split):
    """Every candidate is true of image 0 (its own references as 'model captions' and as every other
    image's captions): no draw may return one."""
    instances = split.instances[:3]
    own = instances[0].captions
    source = FakeSource([own, own, own], [inst.world for inst in instances], [own, [], []], list(own), ["x"],
                        Referee(), transformations=False)
    rng = np.random.default_rng(1)
    assert all(source.draw(0, rng) is None for _ in range(20))
    assert source.statistics()["other"]["used"] == source.statistics()["model"]["used"] == 0
    assert source.statistics()["other"]["refused"] + source.statistics()["model"]["refused"] == 20 * 10


def test_shares_follow_the_paper_and_the_ablation():
    assert shares() == pytest.approx({"model": 6 / 9, "other": 1 / 9, "random-words": 1 / 9, "permuted": 1 / 9})
    assert shares(False) == pytest.approx({"model": 6 / 7, "other": 1 / 7})


def test_captions_at_any_length_end_with_an_end_token():
    torch = pytest.importorskip("torch")
    from shapeworldice.training.critic.model import Critic, CriticShape, encode_captions
    from shapeworldice.training.vocab import END, Vocabulary

    vocabulary = Vocabulary(["a", "red", "square", "is", "there"])
    long = " ".join(["a red square"] * 20) + "."
    tokens = encode_captions(vocabulary, ["A square.", long])
    assert all(END in row for row in tokens)
    assert int((tokens[1] == END).argmax()) == 60  # every word kept, then END
    torch.manual_seed(0)
    model = Critic(len(vocabulary), 16, CriticShape(channels=(4,), feature=8, embedding=4, hidden=8, mlp=8))
    alone = model.sentences(torch.from_numpy(encode_captions(vocabulary, ["A square."])))
    together = model.sentences(torch.from_numpy(tokens))
    assert torch.allclose(alone[0], together[0], atol=1e-6)  # padding after END changes nothing
    assert together[1].abs().sum() > 0


def _train(dataset, out, epochs, resume=False):
    torch = pytest.importorskip("torch")
    torch.set_num_threads(1)
    from shapeworldice.training.critic.loop import CriticConfig, train_critic
    from shapeworldice.training.critic.model import CriticShape

    config = CriticConfig(epochs=epochs, batch_size=4, split="test", heldout_split="validation", average=2,
                          shape=CriticShape(channels=(8, 16), feature=16, embedding=8, hidden=16, mlp=16))
    return train_critic(dataset, out, config, resume=resume)


def _weights(path):
    import torch

    return torch.load(path, map_location="cpu", weights_only=False)["model"]


def test_same_seed_same_critic_and_resume_is_exact(tiny_dataset, tmp_path):
    torch = pytest.importorskip("torch")  # training needs the [train] extra

    _train(tiny_dataset, tmp_path / "a", 2)
    _train(tiny_dataset, tmp_path / "b", 2)
    _train(tiny_dataset, tmp_path / "c", 1)
    result = _train(tiny_dataset, tmp_path / "c", 2, resume=True)
    a, b, c = (_weights(tmp_path / name / "model-2.pt") for name in "abc")
    for key in a:
        assert torch.equal(a[key], b[key]) and torch.equal(a[key], c[key]), key
    assert (tmp_path / "a" / "critic.json").read_bytes() == (tmp_path / "b" / "critic.json").read_bytes()
    held = result["heldout"]
    assert held["references"] == 8 and 0 <= held["auc"] <= 1
    again = run("critic", "train", tiny_dataset, "--out", tmp_path / "a", "--epochs", "3", "--split", "test",
                "--heldout-split", "validation", "--device", "cpu", "--quiet")
    assert "pass --resume" in one_line_error(again)


def test_critic_measure_joins_the_catalogue_and_scores_each_image(tiny_dataset, tmp_path):
    pytest.importorskip("torch")
    from shapeworldice.metrics import catalogue, score_all
    from shapeworldice.training.critic.measure import critic_measure

    _train(tiny_dataset, tmp_path / "run", 2)
    test = load(tiny_dataset, "test").instances
    references = [list(inst.captions[1:]) for inst in test]
    candidates = [[inst.captions[0]] for inst in test]
    assert "critic" not in catalogue.keys()
    with critic_measure(tmp_path / "run", tiny_dataset, "test") as scorer:
        assert "critic" in catalogue.keys("robustness") and "critic" in catalogue.keys("table")
        result = score_all(candidates, references)["critic"]
        direct = scorer.score(range(len(test)), references, [c[0] for c in candidates])
        assert result.per_image == pytest.approx(list(direct))
        assert 0 < result.score < 1
    assert "critic" not in catalogue.keys()


def test_evaluate_with_a_critic_shows_its_column(tiny_dataset, tmp_path):
    pytest.importorskip("torch")
    _train(tiny_dataset, tmp_path / "run", 1)
    captions = tmp_path / "refs.json"
    assert run("baseline", tiny_dataset, "--kind", "references", "--out", captions).exit_code == 0
    result = run("evaluate", tiny_dataset, "--captions", captions, "--critic", tmp_path / "run")
    assert result.exit_code == 0, result.output
    assert "Critic" in result.output.splitlines()[1]
    missing = run("evaluate", tiny_dataset, "--captions", captions, "--critic", tmp_path / "none")
    assert "not a critic run folder" in one_line_error(missing)
    studies = run("robustness", tiny_dataset, "--critic", tmp_path / "run", "--steps", "2", "--json", "--quiet")
    assert studies.exit_code == 0, studies.output
    areas = json.loads(studies.output)["areas"]
    assert all(areas[t]["critic"] is not None for t in ("shuffled", "permuted", "random-words"))
    spread = run("variance", tiny_dataset, "--captions", captions, "--draws", "2", "--critic", tmp_path / "run",
                 "--json", "--quiet")
    assert spread.exit_code == 0 and "critic" in json.loads(spread.output)["metrics"], spread.output


def test_evaluate_critic_without_torch_is_one_line(tiny_dataset, tmp_path):
    code = ("import sys; sys.modules['torch'] = None\n"
            "import shapeworldice.cli\n"
            f"shapeworldice.cli.main(['evaluate', {str(tiny_dataset)!r}, '--captions', 'x.json', '--critic', "
            f"{str(tmp_path / 'run')!r}])\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "install the [train] extra" in lines[0]
    for args in (["critic", "train", str(tiny_dataset), "--out", str(tmp_path / "c")],):
        code = ("import sys; sys.modules['torch'] = None\nimport shapeworldice.cli\n"
                f"shapeworldice.cli.main({args!r})\n")
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert not (tmp_path / "c").exists()


def test_critic_train_expands_a_quoted_glob_of_caption_files(tiny_dataset, tmp_path):
    """Issue #33: critic train --captions 'runs/lrcn/ckpt-*.json' (README, docs/critic.md) failed
    with "captions file not found"; it expands the glob as curves does."""
    pytest.importorskip("torch")
    for n, kind in enumerate(("shuffled", "permuted"), 1):
        assert run("baseline", tiny_dataset, "--kind", kind, "--out", tmp_path / f"ckpt-{n}.json").exit_code == 0
    result = run("critic", "train", tiny_dataset, "--out", tmp_path / "run", "--captions",
                 str(tmp_path / "ckpt-*.json"), "--epochs", "1", "--split", "test", "--heldout-split", "validation",
                 "--batch-size", "4", "--device", "cpu", "--quiet", "--threads", "1")
    assert result.exit_code == 0, result.output
    config = json.loads((tmp_path / "run" / "config.json").read_text())
    assert config["captions"] == [str(tmp_path / "ckpt-1.json"), str(tmp_path / "ckpt-2.json")]
