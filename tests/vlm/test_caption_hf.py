"""`caption --model hf:PATH` with a tiny LLaVA built from configs (random weights, a tokenizer of
the build's caption words), saved to a folder and loaded by path: one caption per image, scored
by `evaluate`."""
from __future__ import annotations

import json

import pytest

from shapeworldice.data.loader import load
from shapeworldice.evaluation.core.gtd import evaluate
from tests.cli_support import one_line_error, run

pytest.importorskip("transformers")
pytest.importorskip("torch")


@pytest.fixture(scope="module")
def tiny_model(dataset, tmp_path_factory):
    from tests.vlm.tiny_model import build_tiny_llava

    words = sorted({w for inst in load(dataset) for c in inst.captions for w in c.replace(".", " .").split()})
    return build_tiny_llava(tmp_path_factory.mktemp("tiny-llava"), words)


@pytest.mark.slow
def test_one_caption_per_image_and_evaluate_scores_them(dataset, tiny_model, tmp_path):
    out = tmp_path / "r.jsonl"
    result = run("caption", dataset, "--model", f"hf:{tiny_model}", "--out", out, "--device", "cpu",
                 "--batch-size", 5, "--max-new-tokens", 6, "--image-size", 128, "--quiet")
    assert result.exit_code == 0, result.output
    header, *answers = [json.loads(line) for line in out.read_text().splitlines()]
    assert header["model"] == f"hf:{tiny_model}" and header["image"]["size"] == 128
    assert [a["image_id"] for a in answers] == [inst.id for inst in load(dataset)]
    assert all(isinstance(a["caption"], str) for a in answers)
    report = evaluate(dataset, out)
    assert report["captions"] == 12 and f"|captioner:hf:{tiny_model},prompt:coco@" in report["signature"]
    again = tmp_path / "again.jsonl"  # greedy decoding: the same answers, the same bytes
    assert run("caption", dataset, "--model", f"hf:{tiny_model}", "--out", again, "--device", "cpu",
               "--max-new-tokens", 6, "--image-size", 128, "--quiet").exit_code == 0
    assert again.read_bytes() == out.read_bytes()


@pytest.mark.slow
def test_a_model_not_on_disk_is_one_line(dataset, tmp_path):
    line = one_line_error(run("caption", dataset, "--model", "hf:no-such-org/no-such-model", "--out",
                              tmp_path / "r.jsonl"))
    assert "cannot load hf:no-such-org/no-such-model from a local folder or the local cache" in line
