"""Issue #18 item 6: every error is one line, whatever the path or id it names holds (a newline,
a terminal escape sequence, a lone surrogate)."""
from __future__ import annotations

from hypothesis import given, strategies as st

from tests.cli_support import one_line_error, run


@given(st.text())
def test_one_line_never_breaks_the_line_and_keeps_plain_text(text):
    from shapeworldice.errors import one_line

    line = one_line(text)
    assert len(line.splitlines()) <= 1 and "\x1b" not in line
    line.encode("utf-8")  # no lone surrogate left to fail the terminal's encoding
    if text.isprintable():
        assert line == text


def test_escapes_read_like_python_literals():
    from shapeworldice.errors import one_line

    assert one_line("a\nb\r\x1b[31m\ud800\u2028") == "a\\nb\\r\\x1b[31m\\ud800\\u2028"


def test_a_path_with_a_newline_is_printed_on_one_line(tmp_path):
    line = one_line_error(run("evaluate", tmp_path / "two\nlines", "--captions", tmp_path / "c.json"))
    assert "two\\nlines" in line
    path = tmp_path / "cap\ntions.json"
    assert "cap\\ntions.json" in one_line_error(run("parse", "--world", path, "There is a shape."))


def test_a_usage_error_naming_a_path_with_a_newline_is_one_line(tmp_path):
    folder = tmp_path / "a\nb"
    folder.mkdir()
    line = one_line_error(run("show", tmp_path, "--out", folder))  # click: the path is a directory
    assert "a\\nb" in line
