"""Progress bars for long evaluations: tqdm on stderr, shown only when stderr is a terminal.

Off with ``enabled=False`` (the commands' ``--quiet``) and whenever the stream is not a TTY
(pipes, files, CI logs), so progress never mixes with machine-read output.
"""
from __future__ import annotations

import sys
from typing import IO, Any


def progress_bar(total: int, desc: str, enabled: bool = True, unit: str = "it", stream: IO[str] | None = None
                 ) -> Any:
    """A tqdm bar of ``total`` steps on ``stream`` (stderr), disabled unless ``enabled`` and a TTY."""
    from tqdm import tqdm

    stream = sys.stderr if stream is None else stream
    shown = enabled and bool(getattr(stream, "isatty", lambda: False)())
    return tqdm(total=total, desc=desc, unit=unit, disable=not shown, leave=False, file=stream,
                dynamic_ncols=True)
