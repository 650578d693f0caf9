"""`caption --model openai:URL#MODEL` against the stub server: answers, retries, the error lines,
resume after a kill, and `evaluate` signing the report with the results file's header."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from shapeworldice.data.loader import load
from shapeworldice.errors import UserError
from shapeworldice.vlm.caption import CaptionOptions, caption
from shapeworldice.vlm.prompts import PROMPTS
from shapeworldice.vlm.results import Decoding
from tests.cli_support import one_line_error, run
from tests.vlm.stub_server import image_digest


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_answers_land_in_split_order_with_a_header(dataset, stub, tmp_path):
    out = tmp_path / "r.jsonl"
    result = run("caption", dataset, "--model", f"openai:{stub.url}#echo", "--out", out, "--image-size", 128,
                 "--quiet")
    assert result.exit_code == 0, result.output
    header, *answers = _lines(out)
    assert header["model"] == "openai:echo" and header["server"] == stub.url
    assert header["prompt"] == {"name": "coco", "text": PROMPTS["coco"]}
    assert header["decoding"] == {"max_new_tokens": 64, "temperature": 0.0, "seed": 0}
    assert header["image"] == {"size": 128, "built_size": 64, "resample": "nearest"}
    assert header["build"]["signature"] == load(dataset).signature
    assert [a["image_id"] for a in answers] == [inst.id for inst in load(dataset)]
    assert len(stub.log) == 12  # one request per image


def test_images_are_sent_upscaled_without_smoothing(dataset, stub, tmp_path):
    from PIL import Image
    import io
    import numpy as np

    from shapeworldice.vlm.images import as_png

    first = load(dataset)[0]
    big = np.asarray(Image.open(io.BytesIO(as_png(first.png, 256))).convert("RGB"))
    small = np.asarray(Image.open(io.BytesIO(first.png)).convert("RGB"))
    assert big.shape == (256, 256, 3)
    assert (big[::4, ::4] == small).all()  # every pixel a block of 4x4 copies: no new colours
    assert {tuple(p) for p in big.reshape(-1, 3)} <= {tuple(p) for p in small.reshape(-1, 3)}


@pytest.mark.slow
def test_evaluate_signs_the_report_with_the_header(dataset, stub, tmp_path):
    out = tmp_path / "r.jsonl"
    caption(dataset, f"openai:{stub.url}#echo", out, options=CaptionOptions(prompt="detailed", image_size=96),
            progress=False)
    html, report_file = tmp_path / "r.html", tmp_path / "r.json"
    assert run("evaluate", dataset, "--captions", out, "--out", report_file, "--html", html, "--quiet").exit_code == 0
    report = json.loads(report_file.read_text())
    assert report["captions"] == 12
    assert "|captioner:openai:echo,prompt:detailed@" in report["signature"]
    assert report["signature"].endswith(",max_new_tokens:64,temperature:0.0,seed:0,px:96")
    assert report["captioner"]["prompt"]["text"] == PROMPTS["detailed"]
    assert "Describe this image in detail." in html.read_text(encoding="utf-8")


def test_same_answers_same_bytes(dataset, stub, tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    for out, concurrency in ((one, 1), (two, 8)):
        caption(dataset, f"openai:{stub.url}#slow", out, options=CaptionOptions(concurrency=concurrency),
                progress=False)
    assert one.read_bytes() == two.read_bytes()


def test_429_is_retried(dataset, stub, tmp_path):
    out = tmp_path / "r.jsonl"
    caption(dataset, f"openai:{stub.url}#flaky", out, options=CaptionOptions(backoff=0.01), progress=False)
    assert len(_lines(out)) == 13
    assert len(stub.log) == 24  # each image: a 429, then its answer


def test_500_forever_gives_up_with_one_line(dataset, stub, tmp_path):
    out = tmp_path / "r.jsonl"
    with pytest.raises(UserError, match=r"no answer for image .* after 3 tries \(last: HTTP 500\)"):
        caption(dataset, f"openai:{stub.url}#broken", out, options=CaptionOptions(retries=2, backoff=0.001,
                                                                                   concurrency=2), progress=False)
    assert len(_lines(out)) == 1  # the header: nothing else is claimed
    line = one_line_error(run("caption", dataset, "--model", f"openai:{stub.url}#broken", "--out", out,
                              "--retries", 0, "--quiet"))
    assert "after 1 tries (last: HTTP 500)" in line


def test_an_answer_past_the_timeout_is_retried_then_one_line(dataset, tmp_path):
    from tests.vlm.stub_server import StubServer
    out = tmp_path / "r.jsonl"
    with StubServer(delay=1.0) as slow_stub:
        with pytest.raises(UserError, match=r"no answer for image .* after 2 tries \(last: .*time"):
            caption(dataset, f"openai:{slow_stub.url}#slow", out,
                    options=CaptionOptions(retries=1, timeout=0.1, backoff=0.001, concurrency=2), progress=False)
    assert len(_lines(out)) == 1  # the header: no answer is claimed


@pytest.mark.parametrize("model, expected", [
    ("nope", "serves no model 'nope' (it serves: echo, slow"),
    ("malformed", "malformed answer (not a chat completion)"),
    ("huge", "an answer of over 1 MiB"),
    ("refuse", "refused the request for image"),
])
def test_error_lines(dataset, stub, tmp_path, model, expected):
    line = one_line_error(run("caption", dataset, "--model", f"openai:{stub.url}#{model}", "--out",
                              tmp_path / "r.jsonl", "--retries", 0, "--quiet"))
    assert expected in line


def test_a_model_the_server_does_not_list_is_refused_at_the_first_request(dataset, stub, tmp_path):
    from shapeworldice.vlm.openai_client import OpenAIClient, ServerOptions

    client = OpenAIClient(stub.url, "gone", ServerOptions())
    with pytest.raises(UserError, match="no model 'gone' on this server .HTTP 404: The model `gone` does not exist"):
        client.ask("x", load(dataset)[0].png, "hi", Decoding())


@pytest.mark.parametrize("spec, expected", [
    ("openai:localhost:8000#m", "expected openai:http(s)://HOST[:PORT]/v1#MODEL"),
    ("openai:http://127.0.0.1:9/v1", "expected openai:http(s)://HOST[:PORT]/v1#MODEL"),
    ("gpt:x", "expected openai:URL#MODEL or hf:NAME_OR_PATH"),
])
def test_bad_specs(dataset, tmp_path, spec, expected):
    assert expected in one_line_error(run("caption", dataset, "--model", spec, "--out", tmp_path / "r.jsonl"))


@pytest.mark.parametrize("options, expected", [
    (("--split", "train"), "the train split of"),
    (("--concurrency", 0), "--concurrency 0: expected 1 to 256"),
    (("--max-new-tokens", 0), "--max-new-tokens 0: expected 1 to 32768"),
    (("--temperature", -1), "--temperature -1.0: expected 0 (greedy) to 2"),
    (("--image-size", 0), "--image-size 0: expected 1 to 4096"),
    (("--prompt", "coco", "--prompt-text", "Hi."), "give --prompt or --prompt-text, not both"),
])
def test_bad_options(dataset, stub, tmp_path, options, expected):
    out = tmp_path / "r.jsonl"
    line = one_line_error(run("caption", dataset, "--model", f"openai:{stub.url}#echo", "--out", out, *options))
    assert expected in line and not out.exists() and not stub.log


def test_no_results_file_inside_the_dataset(dataset, stub):
    line = one_line_error(run("caption", dataset, "--model", f"openai:{stub.url}#echo", "--out",
                              Path(dataset) / "r.jsonl"))
    assert "is inside the dataset directory" in line


def test_own_prompt_text_is_sent_and_recorded(dataset, stub, tmp_path, monkeypatch):
    out = tmp_path / "r.jsonl"
    sent = []
    respond = stub.respond
    monkeypatch.setattr(stub, "respond", lambda body: sent.append(body) or respond(body))
    assert run("caption", dataset, "--model", f"openai:{stub.url}#echo", "--out", out, "--prompt-text",
               "Name every shape.", "--max-new-tokens", 20, "--seed", 7, "--quiet").exit_code == 0
    assert _lines(out)[0]["prompt"] == {"name": "custom", "text": "Name every shape."}
    body = sent[0]
    assert body["messages"][0]["content"][0] == {"type": "text", "text": "Name every shape."}
    assert body["messages"][0]["content"][1]["image_url"]["url"].startswith("data:image/png;base64,")
    assert (body["max_tokens"], body["temperature"], body["seed"]) == (20, 0.0, 7)


def test_unreachable_server(dataset, tmp_path):
    line = one_line_error(run("caption", dataset, "--model", "openai:http://127.0.0.1:9/v1#m", "--out",
                              tmp_path / "r.jsonl"))
    assert line.startswith("error: cannot reach http://127.0.0.1:9/v1")


def test_the_key_comes_from_the_named_variable(dataset, stub, tmp_path, monkeypatch):
    from shapeworldice.vlm.openai_client import OpenAIClient, ServerOptions

    monkeypatch.setenv("MY_KEY", "sk-test")
    seen = {}
    client = OpenAIClient(stub.url, "echo", ServerOptions(api_key=os.environ["MY_KEY"]))
    seen.update(client._headers())
    assert seen["Authorization"] == "Bearer sk-test"
    assert "Authorization" not in OpenAIClient(stub.url, "echo", ServerOptions())._headers()


def test_resume_refuses_another_run(dataset, stub, tmp_path):
    out = tmp_path / "r.jsonl"
    caption(dataset, f"openai:{stub.url}#echo", out, progress=False)
    line = one_line_error(run("caption", dataset, "--model", f"openai:{stub.url}#echo", "--out", out,
                              "--prompt", "short"))
    assert "holds answers of another run (prompt differ)" in line
    before = len(stub.log)
    assert run("caption", dataset, "--model", f"openai:{stub.url}#echo", "--out", out, "--quiet").exit_code == 0
    assert len(stub.log) == before  # everything answered: nothing asked


def test_a_cut_last_line_is_dropped_and_asked_again(dataset, stub, tmp_path):
    out = tmp_path / "r.jsonl"
    caption(dataset, f"openai:{stub.url}#echo", out, progress=False)
    lines = out.read_bytes().split(b"\n")
    out.write_bytes(b"\n".join(lines[:6]) + b"\n" + lines[6][:10])  # header, 5 answers, a cut 6th
    stub.log.clear()
    result = caption(dataset, f"openai:{stub.url}#echo", out, progress=False)
    assert (result.asked, result.answered) == (7, 12) and len(stub.log) == 7
    assert len({a["image_id"] for a in _lines(out)[1:]}) == 12


def test_resume_after_a_kill_asks_only_for_what_is_missing(dataset, stub, tmp_path):
    out = tmp_path / "r.jsonl"
    stub.delay = 0.15
    command = [sys.executable, "-m", "shapeworldice", "caption", str(dataset), "--model", f"openai:{stub.url}#slow",
               "--out", str(out), "--concurrency", "2", "--quiet"]
    process = subprocess.Popen(command, cwd=Path(__file__).parents[2])
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not out.exists() or out.read_bytes().count(b"\n") < 5):
        time.sleep(0.02)
    process.send_signal(signal.SIGKILL)
    process.wait()
    kept = {a["image_id"] for a in _lines(out)[1:]} if out.read_bytes().endswith(b"\n") else None
    assert kept is not None and 4 <= len(kept) < 12
    asked_before = len(stub.log)
    stub.delay = 0.0
    assert run("caption", dataset, "--model", f"openai:{stub.url}#slow", "--out", out, "--quiet").exit_code == 0
    answers = _lines(out)[1:]
    assert [a["image_id"] for a in answers] == [inst.id for inst in load(dataset)]  # each once, in order
    digests = {inst.id: image_digest(inst.png) for inst in load(dataset)}
    asked_after = [digest for _, digest in stub.log[asked_before:]]
    assert not {digests[i] for i in kept} & set(asked_after)  # nothing answered is asked again
    assert len(asked_after) == 12 - len(kept)
