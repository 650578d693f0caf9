"""Helpers for tests that drive the command line in-process: run it, and read a one-line error."""
from __future__ import annotations

from click.testing import CliRunner, Result

from shapeworldice.cli import main


def run(*args: object, input: bytes | None = None) -> Result:
    """Invoke ``shapeworldice ARGS`` (arguments turned to strings) and return click's result."""
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def one_line_error(result: Result) -> str:
    """The single line of a user error: exit status 2, no traceback, exactly one non-blank line."""
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]
