"""Issue #18 items 2 and 6: the shared reader refuses a key repeated in any JSON object at any
depth, and bounds every input by size before (or, for devices and pipes, while) reading it."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys

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


class _Recorder(io.RawIOBase):
    """A stream of ``size`` bytes that records how many bytes each read asked for."""

    def __init__(self, size: int):
        self.left, self.asked = size, []

    def readable(self):
        return True

    def read(self, n=-1):
        self.asked.append(n)
        part = b"x" * max(0, min(n, self.left))
        self.left -= len(part)
        return part


def test_a_capped_read_never_asks_for_the_whole_cap():
    """Issue #33: read(limit + 1) allocates 256 MiB before reading a byte, so under ulimit -v every
    capped read (manifest, captions, stdin) failed with MemoryError however small the input."""
    stream = _Recorder(3 * (1 << 20) + 5)
    assert len(read_capped(stream, "stdin")) == 3 * (1 << 20) + 5
    assert max(stream.asked) <= 1 << 20
    with pytest.raises(UserError, match="larger than 2,097,152 bytes"):
        read_capped(_Recorder(5 << 20), "stdin", limit=2 << 20)


PROBE = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (200 << 20, 200 << 20))
from shapeworldice.safe_read import read_input
import os
from shapeworldice.safe_read import read_capped
read, write = os.pipe()
os.write(write, b"[]")
os.close(write)
with open(sys.argv[1], "rb") as handle, os.fdopen(read, "rb") as pipe:
    print(len(read_capped(handle, "file")), len(read_input(sys.argv[1], "captions file")), len(read_capped(pipe, "-")))
"""


@pytest.mark.skipif(not hasattr(os, "fork") or sys.platform != "linux", reason="RLIMIT_AS is Linux's")
def test_small_inputs_read_under_a_small_address_space_limit(tmp_path):
    """What ulimit -v does: with 200 MiB of address space a 256 MiB preallocation cannot happen."""
    small = tmp_path / "c.json"
    small.write_text("[]")
    result = subprocess.run([sys.executable, "-c", PROBE, str(small)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["2", "2", "2"]
