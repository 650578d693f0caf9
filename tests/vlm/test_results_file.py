"""The results file: any caption text survives the round trip through the file, `evaluate`'s
reader skips the header and hands it over, and resuming keeps what was answered."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from shapeworldice.errors import UserError
from shapeworldice.evaluation.io.inputs import HEADER_KEY, parse_outputs, results_header
from shapeworldice.vlm.prompts import PROMPTS, resolve_prompt
from shapeworldice.vlm.results import Decoding, ResultsFile, make_header

HEADER = make_header("openai:m", ("coco", PROMPTS["coco"]), Decoding(), {"size": 64}, {"dataset": "d"})
captions = st.lists(st.text(max_size=80), min_size=1, max_size=6)


@settings(max_examples=40, deadline=None)
@given(texts=captions)
def test_any_caption_round_trips(tmp_path_factory, texts):
    path = tmp_path_factory.mktemp("results") / "r.jsonl"
    results = ResultsFile(path, HEADER)
    assert results.open() == {}
    for k, text in enumerate(texts):
        results.append(f"test-{k:06d}", text)
    results.close()
    assert ResultsFile(path, HEADER).open() == {f"test-{k:06d}": t for k, t in enumerate(texts)}
    records = parse_outputs(path.read_bytes(), "r.jsonl")  # evaluate's reader: the header is skipped
    assert [(r["image_id"], r["caption"]) for r in records] == [(f"test-{k:06d}", t) for k, t in enumerate(texts)]
    assert results_header(path) == HEADER


def test_a_header_alone_has_no_captions(tmp_path):
    path = tmp_path / "r.jsonl"
    ResultsFile(path, HEADER).open()
    with pytest.raises(UserError, match="no captions"):
        parse_outputs(path.read_bytes(), "r.jsonl")


def test_other_caption_files_have_no_header(tmp_path):
    path = tmp_path / "c.json"
    path.write_text(json.dumps([{"image_id": "test-000000", "caption": f"a {HEADER_KEY}"}]))
    assert results_header(path) is None and results_header([{"image_id": "x", "caption": "y"}]) is None


def test_a_file_that_is_not_a_results_file_is_not_resumed(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text('{"image_id": "test-000000", "caption": "a"}\n')
    with pytest.raises(UserError, match="not a results file of `caption`"):
        ResultsFile(path, HEADER).open()


def test_finish_writes_the_given_order(tmp_path):
    path = tmp_path / "r.jsonl"
    results = ResultsFile(path, HEADER)
    results.open()
    for image_id in ("b", "a", "c"):
        results.append(image_id, image_id.upper())
    results.finish(["a", "b", "c", "d"])
    assert [json.loads(line).get("image_id") for line in path.read_text().splitlines()] == [None, "a", "b", "c"]


@given(name=st.sampled_from(sorted(PROMPTS)))
def test_prompts(name):
    assert resolve_prompt(name, None) == (name, PROMPTS[name])
    assert resolve_prompt(None, "Say it.") == ("custom", "Say it.")


@pytest.mark.parametrize("name, text, expected", [("coco", "x", "not both"), (None, "  ", "empty"),
                                                  ("long", None, "unknown prompt 'long'")])
def test_bad_prompts(name, text, expected):
    with pytest.raises(UserError, match=expected):
        resolve_prompt(name, text)
    assert PROMPTS["coco"] == "Provide a one-sentence caption for the provided image."


def test_the_signature_field_names_model_prompt_decoding_and_size():
    from shapeworldice.evaluation.core.gtd_report import captioner_field
    from shapeworldice.evaluation.io.html_report import _captioner

    field = captioner_field({**HEADER, "model": "openai:a|b"})
    assert field == "|captioner:openai:a%7Cb,prompt:coco@494392f0,max_new_tokens:64,temperature:0.0,seed:0,px:64"
    assert captioner_field(None) == ""
    other = make_header("openai:m", ("custom", "Say it."), Decoding(temperature=0.7), {"size": 64}, {})
    assert captioner_field(other) != captioner_field(HEADER)
    line = "".join(_captioner({"model": "hf:<x>", "prompt": {"text": "a & b"}, "decoding": {}, "image": {"size": 9}}))
    assert "hf:&lt;x&gt;" in line and "a &amp; b" in line and "9 px" in line
