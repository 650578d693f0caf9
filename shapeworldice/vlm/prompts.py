"""Named caption prompts: the wording a model is asked with, recorded in every results file.

``coco`` is lmms-eval's COCO-caption prompt and ``detailed`` its detailcaps prompt, so scores are
comparable with those harnesses' runs; ``short`` and ``describe-2-3`` ask for the lengths
ShapeWorldICE's references have.
"""
from __future__ import annotations

from ..errors import UserError

PROMPTS: dict[str, str] = {
    "coco": "Provide a one-sentence caption for the provided image.",
    "short": "Describe this image in one short sentence.",
    "detailed": "Describe this image in detail.",
    "describe-2-3": "Describe this image in two or three sentences.",
}

#: the name a results file records for a prompt given as text (``--prompt-text``)
CUSTOM = "custom"


def resolve_prompt(name: str | None, text: str | None) -> tuple[str, str]:
    """(name, text) of the prompt asked: a preset by ``name``, or ``text`` as given (named ``custom``)."""
    if text is not None:
        if name is not None and name != CUSTOM:
            raise UserError("give --prompt or --prompt-text, not both")
        if not text.strip():
            raise UserError("--prompt-text is empty")
        return CUSTOM, text
    name = name or "coco"
    if name not in PROMPTS:
        raise UserError(f"unknown prompt {name!r} (expected one of {', '.join(PROMPTS)}, or --prompt-text TEXT)")
    return name, PROMPTS[name]
