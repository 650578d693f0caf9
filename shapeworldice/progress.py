"""Progress of long jobs, one way for the whole package: tqdm bars on stderr, or a callback.

Every job that can take more than a second takes ``progress``:

* ``False``: silent;
* ``True``: a tqdm bar on stderr, shown only when stderr is a terminal (pipes, files and CI logs
  stay clean, so progress never mixes with machine-read output); a phase with no count of its
  own (a prior sample, the floors) shows its name and elapsed time;
* a callable ``progress(phase, done, total)``: called when a phase starts (``done`` 0, or what
  a resumed job had done), as it advances and when it ends (``done == total``); ``total`` is
  None for a phase with no count. This is how a notebook, a GUI or a log hears of progress.

:func:`bar` counts steps; :func:`phase` marks a step that cannot count.
"""
from __future__ import annotations

import sys
import threading
from contextlib import contextmanager
from typing import IO, Any, Callable, Iterator, Union

#: what a job's ``progress`` argument may be (see the module docstring)
Callback = Callable[[str, int, Union[int, None]], None]
Progress = Union[bool, Callback]

#: how often a phase with no count redraws its elapsed time, in seconds
TICK = 0.5


def shown_on(stream: IO[str] | None = None) -> bool:
    """Whether a bar on ``stream`` (stderr) would be seen: it is a terminal."""
    stream = sys.stderr if stream is None else stream
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def _tqdm() -> type:
    from tqdm import tqdm

    class Reported(tqdm):
        """A disabled tqdm bar that tells a callback each step instead of drawing."""

        def __init__(self, callback: Callback, total: int | None, initial: int, desc: str) -> None:
            self.callback, self.label, self.done, self.told = callback, desc, initial, False
            super().__init__(total=total, initial=initial, desc=desc, disable=True)
            self.last: tuple[str, int, int | None] | None = None
            self.tell(initial)

        def tell(self, done: int) -> None:
            said = (self.label, done, self.total)
            if said != self.last:
                self.last = said
                self.callback(*said)

        def set_description(self, desc: str | None = None, refresh: bool | None = True) -> None:
            self.label = desc or ""

        def update(self, n: float | None = 1) -> bool | None:
            self.done += int(n or 0)
            self.tell(self.done)
            return None

        def close(self) -> None:
            if self.told:
                return
            self.told = True
            if self.total is None or self.done >= self.total:  # a phase stopped early has no end to tell
                self.tell(self.done)

    return Reported


def bar(total: int | None, desc: str, progress: Progress = True, unit: str = "it", initial: int = 0,
        stream: IO[str] | None = None) -> Any:
    """A tqdm bar of ``total`` steps named ``desc`` (a context manager; ``update``, ``set_postfix``,
    ``set_description``, ``external_write_mode`` and ``close`` as tqdm's): drawn on ``stream``
    (stderr) when ``progress`` is true and that stream is a terminal, reported to ``progress``
    when it is a callable, silent otherwise."""
    from tqdm import tqdm

    if callable(progress) and not isinstance(progress, bool):
        return _tqdm()(progress, total, initial, desc)
    stream = sys.stderr if stream is None else stream
    drawn = bool(progress) and shown_on(stream)
    return tqdm(total=total, initial=initial, desc=desc, unit=unit, disable=not drawn, leave=False, file=stream,
                dynamic_ncols=True)


@contextmanager
def phase(desc: str, progress: Progress = True, stream: IO[str] | None = None) -> Iterator[None]:
    """A step with no count of its own (``with phase("spatial: prior sample", progress): ...``):
    on a terminal its name and elapsed time, redrawn every :data:`TICK` seconds and cleared at the
    end; a callback hears ``(desc, 0, None)`` at the start and ``(desc, 1, None)`` at the end."""
    if callable(progress) and not isinstance(progress, bool):
        progress(desc, 0, None)
        yield
        progress(desc, 1, None)
        return
    stream = sys.stderr if stream is None else stream
    if not (progress and shown_on(stream)):
        yield
        return
    from tqdm import tqdm

    shown = tqdm(total=None, desc=desc, bar_format="{desc} … {elapsed}", leave=False, file=stream,
                 dynamic_ncols=True)
    stop = threading.Event()

    def redraw() -> None:
        while not stop.wait(TICK):
            shown.refresh()

    ticker = threading.Thread(target=redraw, name="progress-phase", daemon=True)
    ticker.start()
    try:
        yield
    finally:
        stop.set()
        ticker.join()
        shown.close()


def lines(say: Callable[[str], None], prefix: str = "") -> Callback:
    """A progress callback that says one line as each phase starts (for logs, where bars are not
    drawn): ``"spatial-twoshapes: instances (264)"``."""
    started: set[str] = set()

    def told(desc: str, done: int, total: int | None) -> None:
        if desc not in started:
            started.add(desc)
            say(f"{prefix}{desc}" + (f" ({total:,})" if total else ""))

    return told


__all__ = ["Callback", "Progress", "TICK", "bar", "lines", "phase", "shown_on"]
