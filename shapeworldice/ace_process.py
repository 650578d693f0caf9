"""ACE driven with deadlines and bounded reads (pydelphin's ACEParser reads without either)."""
from __future__ import annotations

import os
import select
import subprocess
import time
from typing import Any

from delphin import ace

#: the most ACE may write in answer to one sentence before the answer is refused
MAX_ANSWER_BYTES = 64 << 20
#: how much of the end of ACE's stderr is read for its last message
STDERR_TAIL_BYTES = 64 << 10


class AceUnresponsive(Exception):
    """ACE did not finish its answer within the deadline, or wrote more than it may."""


class BoundedACEParser(ace.ACEParser):
    """pydelphin's ACE parser with every read bounded in time (``deadline`` seconds per sentence)
    and size (:data:`MAX_ANSWER_BYTES`), and a close that never waits on a process that does not
    end: what a hung, flooding or endless-line ACE would otherwise do is one exception."""

    def __init__(self, *args: Any, deadline: float = 30.0, **kwargs: Any) -> None:
        self.deadline = deadline
        self._pending = b""
        super().__init__(*args, **kwargs)

    def _result_lines(self, termini: Any = None) -> list[str]:
        assert self._p.stdout is not None
        fd = self._p.stdout.fileno()
        termini = list(self._termini) if termini is None else termini
        i, end = 0, len(termini)
        lines: list[str] = []
        read = 0
        stop = time.monotonic() + self.deadline
        while i < end:
            while b"\n" not in self._pending:
                left = stop - time.monotonic()
                if left <= 0 or not select.select([fd], [], [], left)[0]:
                    raise AceUnresponsive(f"no answer within {self.deadline:g} s")
                chunk = os.read(fd, 1 << 16)
                if not chunk:  # the process ended
                    self._pending = b""
                    return [line for line in lines if line]
                read += len(chunk)
                if read > MAX_ANSWER_BYTES:
                    raise AceUnresponsive(f"an answer of more than {MAX_ANSWER_BYTES >> 20} MiB")
                self._pending += chunk
            raw, self._pending = self._pending.split(b"\n", 1)
            s = raw.decode("utf-8", "replace")
            if s.startswith("NOTE: tsdb run:"):
                self._read_run_info(s.rstrip())
            else:
                lines.append(s.rstrip())
                if termini[i].search(s):
                    i += 1
        return [line for line in lines if line]

    def close(self) -> int:
        """Close stdin and give the process a moment; kill it if it does not end."""
        try:
            if self._p.stdin is not None:
                self._p.stdin.close()
        except OSError:
            pass
        try:
            return self._p.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self._p.kill()
            return self._p.wait()


__all__ = ["AceUnresponsive", "BoundedACEParser", "MAX_ANSWER_BYTES", "STDERR_TAIL_BYTES"]
