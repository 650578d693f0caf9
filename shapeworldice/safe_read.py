"""Parse untrusted JSON and TOML with bounded nesting and number sizes.

Python's parsers recurse once per nesting level and refuse integers over 4,300 digits with a
bare ``ValueError``; a hostile file (``'[' * 100000``) would end in a ``RecursionError``
traceback.  These helpers check the nesting depth first (a linear scan, no recursion) and
turn every parser failure into a one-line :class:`~shapeworldice.errors.UserError`.
"""
from __future__ import annotations

import json
import re
import sys
from typing import Any, Callable

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

from .errors import UserError

#: deeper structures are refused: no file this package reads needs more than a handful of levels
MAX_DEPTH = 64

_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _first_line(exc: BaseException) -> str:
    return (str(exc).splitlines() or [type(exc).__name__])[0]


def json_depth(text: str) -> int:
    """The deepest bracket nesting of a JSON text (brackets inside strings do not count)."""
    depth = deepest = 0
    for match in _JSON_TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def loads_json(text: str, source: str, object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None,
               max_depth: int = MAX_DEPTH, lenient: bool = False) -> Any:
    """``json.loads`` for untrusted text: too deep, too large a number or invalid → ``UserError``.

    ``lenient``: let ``json.JSONDecodeError`` through (for callers that try another format next).
    """
    if json_depth(text) > max_depth:
        raise UserError(f"{source}: JSON nested more than {max_depth} levels deep")
    try:
        return json.loads(text, object_pairs_hook=object_pairs_hook)
    except json.JSONDecodeError as exc:
        if lenient:
            raise
        raise UserError(f"{source}: invalid JSON at line {exc.lineno}: {exc.msg}") from None
    except (ValueError, RecursionError) as exc:  # e.g. an integer of more than 4,300 digits
        raise UserError(f"{source}: unreadable JSON: {_first_line(exc)}") from None


def _toml_depth(text: str) -> int:
    """Bracket nesting of a TOML text outside strings and comments (an upper bound is enough)."""
    depth = deepest = 0
    for match in re.finditer(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]',
                             text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth = max(0, depth - 1)
    return deepest


def loads_toml(text: str, source: str, max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    """``tomllib.loads`` for untrusted text: too deep or invalid → ``UserError``."""
    if _toml_depth(text) > max_depth:
        raise UserError(f"{source}: TOML nested more than {max_depth} levels deep")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"{source}: not a valid TOML file: {exc}") from None
    except (ValueError, RecursionError) as exc:
        raise UserError(f"{source}: unreadable TOML: {_first_line(exc)}") from None
