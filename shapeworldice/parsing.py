"""Parsers behind one interface: the built-in grammar, or a real ACE + ERG through pydelphin.

Both return the same :class:`Parsed` record — grammatical or not, and the MRS readings — so
the same MRS → truth path serves either; reports record which parser produced G.
"""
from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from .errors import UserError

CACHE_SIZE = 200_000  # parses kept by a parser (by normalised text)


@dataclass(frozen=True)
class Parsed:
    """A parser's verdict on one caption: grammatical iff it has at least one reading."""

    text: str
    normalised: str
    grammatical: bool
    readings: tuple[Any, ...] = field(repr=False)  # delphin.mrs.MRS objects
    error: str | None = None


class Parser(Protocol):
    name: str

    @property
    def version(self) -> str: ...

    def parse(self, text: str) -> Parsed: ...

    def close(self) -> None: ...


class BuiltinParser:
    """The package's own grammar (``grammar/``), with its parse cache."""

    name = "builtin"

    @property
    def version(self) -> str:
        from .grammar import grammar_version

        return grammar_version()

    def parse(self, text: str) -> Parsed:
        from .grammar import parse

        result = parse(text)
        return Parsed(text, result.normalised, result.grammatical, tuple(r.mrs for r in result.readings),
                      result.error)

    def close(self) -> None:
        pass


class AceParser:
    """ACE with an ERG grammar image: one persistent process, a per-sentence timeout, strict root.

    The binary and image come from the arguments, or ``$SHAPEWORLDICE_ACE`` /
    ``$SHAPEWORLDICE_ERG``, or ``ace`` on PATH; a missing one is a one-line error.
    """

    name = "ace"

    def __init__(self, executable: str | None = None, grammar_image: str | None = None, timeout: int = 10,
                 max_readings: int = 30, root: str = "root_strict"):
        executable = executable or os.environ.get("SHAPEWORLDICE_ACE") or shutil.which("ace")
        if not executable or not Path(executable).is_file():
            raise UserError("ACE binary not found: pass --ace PATH or set SHAPEWORLDICE_ACE "
                            f"(looked for {executable or 'ace on PATH'})")
        image = grammar_image or os.environ.get("SHAPEWORLDICE_ERG")
        if not image or not Path(image).is_file():
            raise UserError("ERG grammar image not found: pass --grammar-image PATH or set SHAPEWORLDICE_ERG"
                            + (f" (no file {image})" if image else ""))
        # pydelphin turns "./ace" into a PATH lookup of "ace": pass an absolute path
        self.executable, self.image = str(Path(executable).resolve()), str(Path(image).resolve())
        self.cmdargs = ["-r", root, "--timeout", str(timeout), "-n", str(max_readings)]
        self._cache: dict[str, Parsed] = {}  # by normalised text: ACE sees each caption once
        self._process: Any = None
        self._stderr: Any = None

    @property
    def version(self) -> str:
        return f"ace:{Path(self.image).name}"

    def _proc(self):
        if self._process is None:
            import subprocess
            import tempfile

            from delphin import ace

            self._stderr = tempfile.TemporaryFile(mode="w+")
            try:
                self._process = ace.ACEParser(self.image, cmdargs=list(self.cmdargs), executable=self.executable,
                                              stderr=self._stderr)
            except (OSError, subprocess.CalledProcessError, ace.ACEProcessError) as exc:
                raise UserError(f"cannot start ACE ({self.executable}): {exc}: {self._ace_error()}") from None
        return self._process

    def _died(self, how: str) -> None:
        message = self._ace_error()
        self.close()
        raise UserError(f"ACE stopped while parsing ({how}): {message}")

    def _ace_error(self) -> str:
        """The last line ACE wrote to stderr, for the error message when it dies."""
        if getattr(self, "_stderr", None) is None:
            return "no message"
        self._stderr.seek(0)
        lines = [line.strip() for line in self._stderr.read().splitlines() if line.strip()]
        return lines[-1] if lines else "no message"

    def parse(self, text: str) -> Parsed:
        from .grammar import normalise

        normalised = normalise(text)
        if not normalised.strip(" ."):  # ACE must never see empty input
            return Parsed(text, normalised, False, (), "empty input")
        hit = self._cache.get(normalised)
        if hit is not None:
            return hit if hit.text == text else replace(hit, text=text)
        result = self._parse_normalised(text, normalised)
        if len(self._cache) >= CACHE_SIZE:
            self._cache.clear()
        self._cache[normalised] = result
        return result

    def _parse_normalised(self, text: str, normalised: str) -> Parsed:
        from delphin.codecs import simplemrs

        process = self._proc()
        try:
            response = process.interact(normalised)
        except (OSError, ValueError, ace_errors()) as exc:
            self._died(type(exc).__name__)
        popen = getattr(process, "_p", None)  # pydelphin answers a dead process with no results
        if popen is not None and not response.get("results") and "readings" not in response:
            try:  # ACE always reports a reading count; without one, see whether it died
                popen.wait(timeout=0.2)
            except Exception:
                pass
            if popen.poll() is not None:
                self._died(f"exit status {popen.returncode}")
        readings = []
        for result in response.get("results", []):
            try:
                readings.append(simplemrs.decode(result["mrs"]))
            except Exception:  # a malformed reading is skipped, as ShapeWorld's analyzer does
                continue
        error = response.get("error") or None
        return Parsed(text, normalised, bool(readings), tuple(readings), error)

    def close(self) -> None:
        if self._process is not None:
            try:
                self._process.close()
            except OSError:  # already dead
                pass
            self._process = None
        if getattr(self, "_stderr", None) is not None:
            self._stderr.close()
            self._stderr = None


def ace_errors() -> type[Exception]:
    from delphin.ace import ACEProcessError

    return ACEProcessError


def make_parser(name: str = "builtin", ace: str | None = None, grammar_image: str | None = None) -> Parser:
    if name == "builtin":
        return BuiltinParser()
    if name == "ace":
        return AceParser(ace, grammar_image)
    raise UserError(f"unknown parser {name!r} (expected builtin or ace)")
