"""The results file of ``caption``: a header line, then one answer per line, as they arrive.

Line 1 is the header (:data:`~shapeworldice.evaluation.io.inputs.HEADER_KEY`): model, prompt
name and text, decoding, the image size the model was sent, package version and the build's
signature.  Every further line is ``{"image_id", "caption"}``, the JSON Lines format
``evaluate`` reads; ``evaluate`` also puts the header into its report's signature.

An answer is appended with one ``write`` as soon as it arrives, so a run that is killed keeps
every answer it got.  Run again with the same options, the file is resumed: a line cut off by the
kill is dropped, and only the images without an answer are asked.  A file made with other
options (another model, prompt, decoding, image size or build) is refused, never mixed.  A
finished run rewrites the file in the split's order (atomically), so the same answers give the
same bytes whatever order they arrived in.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Iterable

from .._version import __version__
from ..errors import UserError
from ..evaluation.io.inputs import HEADER_KEY
from ..safe_write import write_file

#: the results file format's version, the header key's value
FORMAT_VERSION = 1
#: the header fields that must match for a run to resume a file (the version may differ)
SAME_RUN = ("model", "prompt", "decoding", "image", "build")


@dataclass(frozen=True)
class Decoding:
    """How answers are decoded: lmms-eval's caption defaults (greedy, 64 new tokens)."""

    max_new_tokens: int = 64
    temperature: float = 0.0
    seed: int = 0

    def check(self) -> None:
        if not 1 <= self.max_new_tokens <= 32768:
            raise UserError(f"--max-new-tokens {self.max_new_tokens}: expected 1 to 32768")
        if not 0.0 <= self.temperature <= 2.0:
            raise UserError(f"--temperature {self.temperature}: expected 0 (greedy) to 2")


def make_header(model: str, prompt: tuple[str, str], decoding: Decoding, image: dict[str, Any],
                build: dict[str, Any], server: str | None = None) -> dict[str, Any]:
    """The header line's object. ``image``: size sent, size built, resampling; ``build``: dataset,
    split, signature and manifest hash of the images asked about; ``server``: where an
    OpenAI-compatible model was asked (kept for the record, not compared on resume)."""
    header = {HEADER_KEY: FORMAT_VERSION, "model": model, "prompt": {"name": prompt[0], "text": prompt[1]},
              "decoding": asdict(decoding), "image": image, "build": build, "version": __version__}
    if server is not None:
        header["server"] = server
    return header


def _line(obj: dict[str, Any]) -> bytes:
    return (json.dumps(obj, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")


class ResultsFile:
    """An open results file: the answers it holds, and appending new ones."""

    def __init__(self, path: str | Path, header: dict[str, Any]):
        self.path = Path(path)
        self.header = header
        self.answers: dict[str, str] = {}
        self._fd: int | None = None

    def open(self) -> dict[str, str]:
        """Create the file with its header, or resume it; returns the answers already in it."""
        if self.path.exists() and self.path.stat().st_size > 0:
            self.answers = self._resume()
        else:
            write_file(self.path, _line(self.header))
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        return dict(self.answers)

    def _resume(self) -> dict[str, str]:
        data = self.path.read_bytes()
        complete = data.rfind(b"\n") + 1
        if complete < len(data):  # the last line was cut off by a kill: drop it
            with open(self.path, "r+b") as handle:
                handle.truncate(complete)
            data = data[:complete]
        lines = data.decode("utf-8", "replace").split("\n")[:-1]
        if not lines:
            raise UserError(f"{self.path}: not a results file of `caption` (no header line); give another --out")
        self._check_header(lines[0])
        answers: dict[str, str] = {}
        for lineno, text in enumerate(lines[1:], 2):
            try:
                record = json.loads(text)
                image_id, caption = record["image_id"], record["caption"]
            except (ValueError, KeyError, TypeError):
                raise UserError(f"{self.path}: line {lineno} is not an answer; the file was changed by hand?") from None
            answers.setdefault(str(image_id), str(caption))
        return answers

    def _check_header(self, line: str) -> None:
        try:
            found = json.loads(line)
        except ValueError:
            found = None
        if not isinstance(found, dict) or HEADER_KEY not in found:
            raise UserError(f"{self.path}: not a results file of `caption` (no header line); give another --out")
        differ = [key for key in SAME_RUN if found.get(key) != self.header.get(key)]
        if differ:
            raise UserError(f"{self.path} holds answers of another run ({', '.join(differ)} differ): give another "
                            "--out, or the same options to resume it")

    def append(self, image_id: str, caption: str) -> None:
        """Write one answer with a single ``write`` (a kill leaves whole lines, or a cut last one)."""
        assert self._fd is not None, "open() first"
        os.write(self._fd, _line({"image_id": image_id, "caption": caption}))
        self.answers[image_id] = caption

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def finish(self, order: Iterable[str]) -> None:
        """Rewrite the file in ``order`` (the split's), atomically: same answers, same bytes."""
        self.close()
        body = b"".join(_line({"image_id": i, "caption": self.answers[i]}) for i in order if i in self.answers)
        write_file(self.path, _line(self.header) + body)
