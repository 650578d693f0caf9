"""The one exception type for bad user input, and the one way an error is shown: a single line."""
from __future__ import annotations

import re

#: characters that would break the line or the terminal: controls, line and paragraph separators,
#: lone surrogates (unencodable)
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


class UserError(Exception):
    """Bad input named in one line (unknown dataset, unreadable file, wrong id, ...)."""


def one_line(message: str) -> str:
    """``message`` with every control character, line separator and lone surrogate written as its
    Python escape (``\\n``, ``\\x1b``, ``\\ud800``): a path with a newline stays on one line and
    cannot move the cursor or break the terminal's encoding."""
    return _UNPRINTABLE.sub(lambda match: repr(match.group())[1:-1], message)
