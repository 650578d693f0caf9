"""Issue #18 items 2 and 6: the shared reader refuses a key repeated in any JSON object at any
depth, and bounds every input by size before (or, for devices and pipes, while) reading it."""
from __future__ import annotations

import io
import json
import os

import pytest
from hypothesis import given, settings, strategies as st

from shapeworldice.errors import UserError
from shapeworldice.safe_read import MAX_INPUT_BYTES, loads_json, read_capped, read_input

keys = st.text(min_size=1, max_size=8)
scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=8))


def json_with_a_repeated_key(draw) -> tuple[str, str]:
    """JSON text holding one object with a repeated key, nested inside other objects and lists."""
    key = draw(keys)
    first, second = draw(scalars), draw(scalars)
    others = draw(st.dictionaries(keys.filter(lambda k: k != key), scalars, max_size=3))
    members = [json.dumps(key) + ": " + json.dumps(first)] + [json.dumps(k) + ": " + json.dumps(v)
                                                               for k, v in others.items()]
    members.insert(draw(st.integers(1, len(members))), json.dumps(key) + ": " + json.dumps(second))
    text = "{" + ", ".join(members) + "}"
    for wrap in draw(st.lists(st.sampled_from(["list", "object"]), max_size=4)):
        text = f"[1, {text}]" if wrap == "list" else '{"outer": ' + text + "}"
    return text, key


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_repeated_key_at_any_depth_is_named(data):
    text, key = json_with_a_repeated_key(data.draw)
    with pytest.raises(UserError, match="repeated inside one JSON object") as caught:
        loads_json(text, "input.json")
    assert repr(key[:80]) in str(caught.value) and "\n" not in str(caught.value)


@settings(max_examples=100, deadline=None)
@given(st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
                    max_leaves=12))
def test_json_without_repeats_reads_as_json_does(value):
    text = json.dumps(value)
    assert loads_json(text, "input.json") == json.loads(text)


def test_top_level_keys_named_by_the_caller():
    with pytest.raises(UserError, match="duplicate image id 'a'"):
        loads_json('{"a": 1, "a": 2}', "c.json", top_keys=lambda obj: "image id")
    with pytest.raises(UserError, match="key 'a' repeated"):
        loads_json('{"x": {"a": 1, "a": 2}}', "c.json", top_keys=lambda obj: "image id")


def test_a_large_regular_file_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "zeros.json"
    with open(big, "wb") as handle:  # sparse: no disk used, and never read
        handle.truncate(MAX_INPUT_BYTES + 1)
    with pytest.raises(UserError, match="larger than"):
        read_input(big, "captions file", limit=MAX_INPUT_BYTES)


def test_a_stream_is_read_only_up_to_the_cap():
    assert read_capped(io.BytesIO(b"abc"), "stdin", limit=3) == b"abc"
    with pytest.raises(UserError, match="larger than 3 bytes"):
        read_capped(io.BytesIO(b"abcd"), "stdin", limit=3)


def test_dev_zero_is_refused():
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    with pytest.raises(UserError, match="larger than"):
        read_input("/dev/zero", "captions file", limit=1 << 16)


def test_missing_and_directory_inputs(tmp_path):
    with pytest.raises(UserError, match="captions file not found"):
        read_input(tmp_path / "absent.json", "captions file")
    with pytest.raises(UserError, match="is a directory"):
        read_input(tmp_path, "captions file")
