"""The ``caption`` job: ask a model about every image of a split that has no answer yet, and keep
the answers in a resumable results file (:mod:`.results`).

A model is named by a spec: ``openai:URL#MODEL`` (an OpenAI-compatible server,
:mod:`.openai_client`) or ``hf:NAME_OR_PATH`` (a local transformers model, :mod:`.hf_client`).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..data.loader import Split, load
from ..data.lock import exclusive, terminated_cleanly
from ..errors import UserError
from ..progress import bar as progress_bar
from .images import as_image, as_png, check_size
from .prompts import resolve_prompt
from .results import Decoding, ResultsFile, make_header


@dataclass(frozen=True)
class CaptionOptions:
    """What is asked and how: prompt, decoding, image size, and the clients' settings."""

    prompt: str | None = "coco"
    prompt_text: str | None = None
    decoding: Decoding = field(default_factory=Decoding)
    image_size: int | None = None
    resample: str = "nearest"
    #: OpenAI-compatible servers: the environment variable holding the key, requests in flight,
    #: tries per image, seconds per request, first backoff in seconds
    api_key_env: str = "OPENAI_API_KEY"
    concurrency: int = 8
    retries: int = 6
    timeout: float = 120.0
    backoff: float = 1.0
    #: transformers models: device and images per batch
    device: str = "auto"
    batch_size: int = 8


@dataclass(frozen=True)
class CaptionRun:
    """What a run did: the results file, images asked this time, images answered in all."""

    path: Path
    asked: int
    answered: int
    total: int


def split_spec(spec: str) -> tuple[str, str]:
    """``openai:REST`` or ``hf:REST`` → (kind, rest)."""
    kind, sep, rest = spec.partition(":")
    if not sep or kind not in ("openai", "hf"):
        raise UserError(f"bad model spec {spec!r}: expected openai:URL#MODEL or hf:NAME_OR_PATH")
    return kind, rest


def _build(split: Split) -> dict[str, Any]:
    return {"dataset": split.name, "split": split.split, "signature": split.signature,
            "manifest": split.manifest_sha256[:8]}


def caption(directory: str | Path, spec: str, out: str | Path, split: str = "test",
            options: CaptionOptions | None = None, progress: bool = True) -> CaptionRun:
    """Ask the model ``spec`` for a caption of each image of ``split`` not yet in ``out``."""
    options = options or CaptionOptions()
    kind, rest = split_spec(spec)
    prompt = resolve_prompt(options.prompt, options.prompt_text)
    options.decoding.check()
    check_size(options.image_size, options.resample)
    if not 1 <= options.concurrency <= 256:
        raise UserError(f"--concurrency {options.concurrency}: expected 1 to 256")
    if not 1 <= options.batch_size <= 1024:
        raise UserError(f"--batch-size {options.batch_size}: expected 1 to 1024")
    data = load(directory, split)
    if not data.files:
        raise UserError(f"the {split} split of {directory} is empty: no image to ask about")
    size = options.image_size or data.image_size
    resize = None if size == data.image_size else size
    client = _client(kind, rest, options)
    try:
        header = make_header(client.name, prompt, options.decoding,
                             {"size": size, "built_size": data.image_size, "resample": options.resample}, _build(data),
                             client.server)
        target = Path(os.path.abspath(out))
        with terminated_cleanly(), exclusive(target, "writing answers to"):
            results = ResultsFile(target, header)
            done = results.open()
            todo = [inst for inst in data.stream() if inst.id not in done]
            try:
                _ask(client, kind, todo, prompt[1], options, resize, results, progress)
            finally:
                results.close()
            results.finish(inst.id for inst in data.stream())
    finally:
        client.close()
    return CaptionRun(Path(out), len(todo), len(results.answers), len(data))


def _client(kind: str, rest: str, options: CaptionOptions) -> Any:
    if kind == "openai":
        from .openai_client import OpenAIClient, ServerOptions, parse_url

        url, model = parse_url(rest)
        server = ServerOptions(api_key=os.environ.get(options.api_key_env) or None, concurrency=options.concurrency,
                               retries=options.retries, timeout=options.timeout, backoff=options.backoff)
        client = OpenAIClient(url, model, server)
        client.check_model()
        return client
    from .hf_client import HFClient

    return HFClient(rest, options.device, options.batch_size)


def _ask(client: Any, kind: str, todo: list, prompt: str, options: CaptionOptions, resize: int | None,
         results: ResultsFile, progress: bool) -> None:
    """Ask about ``todo``, appending each answer to ``results`` as it arrives."""
    with progress_bar(len(todo), "caption", progress, unit="image") as bar:
        def keep(image_id: str, text: str) -> None:
            results.append(image_id, text)
            bar.update(1)

        if kind == "openai":
            from .openai_client import ask_all

            ask_all(client, ((inst.id, _maker(as_png, inst.png, resize, options.resample)) for inst in todo),
                    prompt, options.decoding, keep)
        else:
            from .hf_client import caption_all

            caption_all(client, ((inst.id, _maker(as_image, inst.png, resize, options.resample)) for inst in todo),
                        prompt, options.decoding, keep)


def _maker(convert: Callable[..., Any], png: bytes, size: int | None, resample: str) -> Callable[[], Any]:
    return lambda: convert(png, size, resample)
