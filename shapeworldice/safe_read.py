"""Read untrusted files: bounded in size, JSON and TOML bounded in nesting, JSON strict about keys.

Python's parsers recurse once per nesting level and refuse integers over 4,300 digits with a
bare ``ValueError``; a hostile file (``'[' * 100000``) would end in a ``RecursionError``
traceback.  These helpers check the nesting depth first (a linear scan, no recursion) and
turn every parser failure into a one-line :class:`~shapeworldice.errors.UserError`.
Files are read with a size cap checked before reading (``/dev/zero`` has no size, so the read
itself stops at the cap), and a key repeated inside any JSON object is an error: Python's
parser would silently keep the last one (a record scored against the wrong image).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import Any, BinaryIO, Callable

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

from .errors import UserError

#: deeper structures are refused: no file this package reads needs more than a handful of levels
MAX_DEPTH = 64
#: larger input files (captions, worlds, caption lists) are refused before they are read: 256 MiB
MAX_INPUT_BYTES = 256 * 2**20

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


def _size_error(source: str, limit: int) -> UserError:
    return UserError(f"{source}: larger than {limit:,} bytes, the limit of an input file")


#: bytes asked for per read of a stream of unknown size: ``read(n)`` allocates ``n`` bytes up front,
#: so asking for the whole cap (256 MiB) at once failed under ``ulimit -v`` however small the input
CHUNK_BYTES = 1 << 20


def _regular_size(handle: BinaryIO) -> int | None:
    try:
        info = os.fstat(handle.fileno())
    except (OSError, AttributeError, ValueError):  # io.BytesIO, a closed or fd-less stream
        return None
    return info.st_size if stat.S_ISREG(info.st_mode) else None


def read_capped(handle: BinaryIO, source: str, limit: int | None = None) -> bytes:
    """At most ``limit`` (default :data:`MAX_INPUT_BYTES`) bytes of an open stream (a file, stdin,
    a pipe, a device), or ``UserError``.  Memory follows what is read, never the cap: a regular
    file is read at its size, anything else :data:`CHUNK_BYTES` at a time."""
    limit = MAX_INPUT_BYTES if limit is None else limit
    size = _regular_size(handle)
    if size is not None and size > limit:
        raise _size_error(source, limit)
    parts: list[bytes] = []
    total = 0
    ask = min(size, limit) + 1 if size is not None else min(CHUNK_BYTES, limit + 1)
    while total <= limit:
        part = handle.read(ask)
        if not part:
            break
        parts.append(part)
        total += len(part)
        ask = min(CHUNK_BYTES, limit + 1 - total)
        if ask <= 0:
            break
    if total > limit:
        raise _size_error(source, limit)
    return parts[0] if len(parts) == 1 else b"".join(parts)


def read_input(path: str | Path, what: str, limit: int | None = None) -> bytes:
    """The bytes of an input file named on the command line; ``what`` names it in errors
    ("captions file").  A regular file over ``limit`` is refused before reading; anything else
    (``/dev/zero``, a pipe) is read with that cap (default :data:`MAX_INPUT_BYTES`)."""
    limit = MAX_INPUT_BYTES if limit is None else limit
    try:
        with open(path, "rb") as handle:
            info = os.fstat(handle.fileno())
            if stat.S_ISREG(info.st_mode) and info.st_size > limit:
                raise _size_error(f"{what} {path}", limit)
            return read_capped(handle, f"{what} {path}", limit)
    except FileNotFoundError:
        raise UserError(f"{what} not found: {path}") from None
    except IsADirectoryError:
        raise UserError(f"{what} is a directory: {path}") from None
    except OSError as exc:
        raise UserError(f"cannot read {what} {path}: {exc.strerror or exc}") from None


class _StrictObjects:
    """``object_pairs_hook`` that builds dicts and remembers the first key repeated in one of them."""

    def __init__(self) -> None:
        self.repeated: tuple[str, dict[str, Any]] | None = None

    def __call__(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(pairs)
        if len(obj) != len(pairs) and self.repeated is None:
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    self.repeated = (key, obj)
                    break
                seen.add(key)
        return obj


def loads_json(text: str, source: str, max_depth: int = MAX_DEPTH, lenient: bool = False,
               top_keys: Callable[[dict[str, Any]], str | None] | None = None) -> Any:
    """``json.loads`` for untrusted text: too deep, too large a number, invalid or a key repeated
    inside one object → ``UserError``.

    ``lenient``: let ``json.JSONDecodeError`` through (for callers that try another format next).
    ``top_keys``: names what the keys of the top-level object are (e.g. "image id"), for the
    message when one of those repeats; None keeps the generic message.
    """
    if json_depth(text) > max_depth:
        raise UserError(f"{source}: JSON nested more than {max_depth} levels deep")
    hook = _StrictObjects()
    try:
        document = json.loads(text, object_pairs_hook=hook)
    except json.JSONDecodeError as exc:
        if lenient:
            raise
        raise UserError(f"{source}: invalid JSON at line {exc.lineno}: {exc.msg}") from None
    except (ValueError, RecursionError) as exc:  # e.g. an integer of more than 4,300 digits
        raise UserError(f"{source}: unreadable JSON: {_first_line(exc)}") from None
    if hook.repeated is not None:
        key, obj = hook.repeated
        name = top_keys(obj) if top_keys is not None and obj is document else None
        if name:
            raise UserError(f"{source}: duplicate {name} {key[:80]!r}")
        raise UserError(f"{source}: key {key[:80]!r} repeated inside one JSON object")
    return document


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


def sha256_file(path: str | os.PathLike) -> str:
    """The hex SHA-256 of a file's bytes, read a MiB at a time (a dataset shard, an ACE binary or
    grammar image of any size)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
