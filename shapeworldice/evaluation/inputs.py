"""Model outputs to evaluate, in the three formats of ``formats.md``, detected by content.

- COCO results JSON: ``[{"image_id": "test-000123", "caption": "..."}, ...]``;
- JSON Lines of the same objects;
- a JSON object ``{"test-000123": ["...", "..."], ...}`` (a string value is one caption).

Several entries for one image are several captions of that image. Every problem is a
``UserError`` naming the first offending line, id or caption.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..errors import UserError

MAX_CAPTION_CHARS = 1000


def _decode(data: bytes, source: str) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserError(f"{source}: not UTF-8 (invalid byte at offset {exc.start})") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise UserError(f"{source}: empty file")
    return text


def _no_duplicate_keys(source: str):
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        for key, value in pairs:
            if key in seen:
                raise UserError(f"{source}: duplicate image id {key!r}")
            seen[key] = value
        return seen
    return hook


def _record(obj: Any, where: str) -> dict[str, Any]:
    if not isinstance(obj, dict) or "image_id" not in obj or "caption" not in obj:
        raise UserError(f"{where}: expected an object with 'image_id' and 'caption'")
    return {**obj, "image_id": str(obj["image_id"])}


def parse_outputs(data: bytes, source: str = "captions") -> list[dict[str, Any]]:
    """Records ``{"image_id", "caption", ...}`` in file order (extra keys such as the references
    baseline's ``reference_index`` are kept)."""
    text = _decode(data, source)
    stripped = text.lstrip()
    pairs: list[dict[str, Any]] = []
    if stripped.startswith("["):
        try:
            items = json.loads(text)
        except json.JSONDecodeError as exc:
            raise UserError(f"{source}: invalid JSON at line {exc.lineno}: {exc.msg}") from None
        for k, obj in enumerate(items):
            pairs.append(_record(obj, f"{source}: entry {k}"))
    else:
        try:
            whole = json.loads(text, object_pairs_hook=_no_duplicate_keys(source))
        except json.JSONDecodeError:
            whole = None
        if isinstance(whole, dict) and not {"image_id", "caption"} <= set(whole):
            for image_id, value in whole.items():
                captions = [value] if isinstance(value, str) else value
                if not isinstance(captions, list):
                    raise UserError(f"{source}: captions of {image_id!r} must be a string or a list of strings")
                pairs.extend({"image_id": image_id, "caption": c} for c in captions)
        else:
            for lineno, line in enumerate(text.splitlines(), 1):
                if not line.strip():
                    continue
                try:
                    obj = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise UserError(f"{source}: line {lineno}: invalid JSON ({exc.msg})") from None
                pairs.append(_record(obj, f"{source}: line {lineno}"))
    for record in pairs:
        image_id, caption = record["image_id"], record["caption"]
        if not isinstance(caption, str):
            raise UserError(f"{source}: caption of {image_id!r} is not a string")
        if not caption.strip():
            raise UserError(f"{source}: empty caption for image {image_id!r}")
        if len(caption) > MAX_CAPTION_CHARS:
            raise UserError(f"{source}: caption of {image_id!r} has {len(caption)} characters "
                            f"(limit {MAX_CAPTION_CHARS})")
    if not pairs:
        raise UserError(f"{source}: no captions")
    return pairs


def read_outputs(path: str | Path) -> list[dict[str, Any]]:
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise UserError(f"captions file not found: {path}") from None
    except OSError as exc:
        raise UserError(f"cannot read captions file {path}: {exc.strerror}") from None
    return parse_outputs(data, str(path))


def group_by_image(records: Iterable[dict[str, Any]], ids: list[str], allow_missing: bool = False,
                   source: str = "captions") -> tuple[dict[str, list[str]], list[str]]:
    """Captions per image id of the split, checking ids; returns (captions, missing ids)."""
    known = set(ids)
    grouped: dict[str, list[str]] = {}
    for record in records:
        image_id, caption = record["image_id"], record["caption"]
        if image_id not in known:
            raise UserError(f"{source}: unknown image id {image_id!r} (not in this split)")
        grouped.setdefault(image_id, []).append(caption)
    missing = [i for i in ids if i not in grouped]
    if missing and not allow_missing:
        raise UserError(f"{source}: no caption for image {missing[0]!r} ({len(missing)} images missing; "
                        "use --allow-missing to evaluate the rest)")
    return grouped, missing


def excluded_references(records: Iterable[dict[str, Any]], references: Mapping[str, int],
                        source: str = "captions") -> dict[str, set[int]]:
    """Reference indices to leave out per image (the references baseline scores a reference
    against the *other* references of its image). ``references``: image id → its number of
    references; an index out of range, not an integer, or one that leaves no reference is an error."""
    excluded: dict[str, set[int]] = {}
    for record in records:
        if "reference_index" not in record:
            continue
        image_id, index = record["image_id"], record["reference_index"]
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < references.get(image_id, 0):
            raise UserError(f"{source}: bad reference_index {index!r} for image {image_id!r} "
                            f"(it has {references.get(image_id, 0)} references)")
        excluded.setdefault(image_id, set()).add(index)
    for image_id, indices in excluded.items():
        if len(indices) >= references[image_id]:
            raise UserError(f"{source}: image {image_id!r} has no reference left after excluding reference_index "
                            f"{sorted(indices)} (this split has {references[image_id]} per image)")
    return excluded
