"""Model outputs to evaluate, in the three formats of ``docs/formats.md``, detected by content.

- COCO results JSON: ``[{"image_id": "1a2b3c4d-test-000123", "caption": "..."}, ...]``;
- JSON Lines of the same objects;
- a JSON object ``{"1a2b3c4d-test-000123": ["...", "..."], ...}`` (a string value is one caption).

Image ids are the build's (``TAG-split-NNNNNN``, TAG naming dataset, definition and seed); an id
without its tag (``split-NNNNNN``) is read as this build's (:func:`id_resolver`).

One rule for all three formats: each image id has exactly one caption, unless several
captions per image are asked for (``several=True``, the CLI's ``--several-captions``); then an id
may repeat (list and JSON Lines) or map to a list of captions (object).  A key repeated inside
one JSON object is always an error, in every format and at every depth (a record
``{"image_id": A, "image_id": B, ...}`` is refused, not scored against B).  A file is read only
up to ``safe_read.MAX_INPUT_BYTES``.  JSON Lines are split on ``\n`` (and ``\r\n``) only, so a
raw U+2028 or U+0085 inside a caption stays in its caption.  Every problem is a ``UserError``
naming the first offending line, id or caption; ids from another build are named as such.
A blank caption is not a problem of the file: models emit them, and the evaluator scores them
(G = 0, reason ``empty``).

The results file of ``caption`` is JSON Lines whose first line is a header (:data:`HEADER_KEY`:
model, prompt, decoding, image size); the reader skips it and :func:`results_header` returns it.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from ...errors import UserError
from ...safe_read import loads_json, read_input

MAX_CAPTION_CHARS = 1000
#: the three formats, as an error names them
FORMATS = ('a COCO results list [{"image_id": ID, "caption": TEXT}, ...], a JSON object {ID: caption or '
           '[captions]}, or JSON Lines (one {"image_id", "caption"} object per line)')
#: the key of the header line that starts a results file of ``caption``
HEADER_KEY = "shapeworldice_results"


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


def _mapping_keys(obj: dict[str, Any]) -> str | None:
    """What the keys of a top-level object are: image ids, unless it is one record (JSON Lines)."""
    return None if {"image_id", "caption"} <= set(obj) else "image id"


def _record(obj: Any, where: str) -> dict[str, Any]:
    if not isinstance(obj, dict) or "image_id" not in obj or "caption" not in obj:
        raise UserError(f"{where}: expected an object with 'image_id' and 'caption'")
    return {**obj, "image_id": str(obj["image_id"])}


def _mapping_records(whole: dict[str, Any], source: str) -> list[dict[str, Any]]:
    """The records of the mapping format ``{ID: caption or [captions]}``."""
    if {"scores", "counts", "signature"} <= set(whole):
        raise UserError(f"{source}: this is a GTD report (what `evaluate --out` writes: scores of captions), not "
                        f"model outputs; give the caption file it was made from, {FORMATS}")
    if "annotations" in whole or isinstance(whole.get("images"), list):
        raise UserError(f"{source}: this is a COCO ground-truth file (keys 'images'/'annotations': the "
                        f"references, as `export` writes them), not model outputs; expected {FORMATS}")
    records: list[dict[str, Any]] = []
    for image_id, value in whole.items():
        captions = [value] if isinstance(value, str) else value
        if not isinstance(captions, list):
            raise UserError(f"{source}: captions of {image_id!r} must be a string or a list of strings")
        records.extend({"image_id": image_id, "caption": c} for c in captions)
    return records


def _is_json(line: str) -> bool:
    """Whether ``line`` is a JSON value (``null``, a number, a string …) rather than other text."""
    import json

    try:
        json.loads(line)
    except ValueError:
        return False
    return True


def parse_outputs(data: bytes, source: str = "captions") -> list[dict[str, Any]]:
    """Records ``{"image_id", "caption", ...}`` in file order (extra keys such as the references
    baseline's ``reference_index`` are kept)."""
    text = _drop_header(_decode(data, source))
    stripped = text.lstrip()
    pairs: list[dict[str, Any]] = []
    if stripped.startswith("["):
        items = loads_json(text, source)
        if not isinstance(items, list):
            raise UserError(f"{source}: expected a JSON list of results")
        for k, obj in enumerate(items):
            pairs.append(_record(obj, f"{source}: entry {k}"))
    else:
        try:
            whole = loads_json(text, source, lenient=True, top_keys=_mapping_keys)
        except ValueError:  # not one JSON document: JSON Lines
            whole = None
        if isinstance(whole, dict) and not {"image_id", "caption"} <= set(whole):
            pairs.extend(_mapping_records(whole, source))
        else:
            for lineno, line in enumerate(split_lines(text), 1):
                if not line.strip():
                    continue
                if not line.lstrip().startswith("{"):  # CSV, plain text, a bare JSON value: none of the formats
                    what = "not a JSON object" if _is_json(line) else "not JSON"
                    raise UserError(f"{source}: line {lineno} is {what}; expected {FORMATS}")
                obj = loads_json(line, f"{source}: line {lineno}")
                pairs.append(_record(obj, f"{source}: line {lineno}"))
    for record in pairs:
        image_id, caption = record["image_id"], record["caption"]
        if not isinstance(caption, str):
            raise UserError(f"{source}: caption of {image_id!r} is not a string")
        if len(caption) > MAX_CAPTION_CHARS:
            raise UserError(f"{source}: caption of {image_id!r} has {len(caption)} characters "
                            f"(limit {MAX_CAPTION_CHARS})")
    if not pairs:
        raise UserError(f"{source}: no captions")
    return pairs


def _header_of(text: str) -> dict[str, Any] | None:
    """The header object on the first line of ``text``, if that line is one."""
    import json

    first = text.partition("\n")[0]
    if HEADER_KEY not in first or not first.lstrip().startswith("{"):
        return None
    try:
        found = json.loads(first)
    except ValueError:
        return None
    return found if isinstance(found, dict) and HEADER_KEY in found else None


def _drop_header(text: str) -> str:
    """``text`` with a results file's header line blanked (line numbers stay those of the file)."""
    return "\n" + text.partition("\n")[2] if _header_of(text) is not None else text


def results_header(captions: object) -> dict[str, Any] | None:
    """The header of a results file of ``caption`` (model, prompt, decoding, image size), or None
    for any other caption file or for entries given in Python."""
    if not isinstance(captions, (str, Path)):
        return None
    with open(captions, "rb") as handle:
        first = handle.readline(1 << 20)
    return _header_of(first.decode("utf-8", "replace").lstrip("\ufeff"))


def split_lines(text: str) -> list[str]:
    """Lines split on ``\n`` only (a trailing ``\r`` dropped): unlike ``str.splitlines`` this
    keeps U+2028, U+0085, form feeds and other Unicode breaks inside their line."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def read_outputs(path: str | Path) -> list[dict[str, Any]]:
    """The records of a caption file, read with the size cap of every input (``MAX_INPUT_BYTES``)."""
    return parse_outputs(read_input(path, "captions file"), str(path))


_TAGGED_ID = re.compile(r"^([0-9a-f]{8})-(train|validation|test)-[0-9]+$")


def id_resolver(ids: Iterable[str]) -> Callable[[str], str]:
    """A function from an image id as a caption file gives it to the split's own id: a split id is
    itself, and an id without the build tag (``test-000123``) is the split's ``TAG-test-000123``
    (docs/api.md: ids with or without the build tag). A split holds one build, so the short form
    cannot name another build's image; a tagged id of another build stays unknown (and is named
    as another build's)."""
    known = set(ids)
    short = {i.partition("-")[2]: i for i in known if _TAGGED_ID.match(i)}
    return lambda image_id: image_id if image_id in known else short.get(image_id, image_id)


def _unknown_id(image_id: str, ids: list[str], source: str, build: str) -> UserError:
    """The error for an id not in the split, naming another build when the id's tag shows one."""
    ours = _TAGGED_ID.match(ids[0]) if ids else None
    theirs = _TAGGED_ID.match(image_id)
    here = f"this split's ids carry build tag {ours.group(1)!r}{build}" if ours else ""
    if ours and theirs and theirs.group(1) != ours.group(1):
        return UserError(f"{source}: the captions belong to another build (image id {image_id!r} carries build tag "
                         f"{theirs.group(1)!r}; {here})")
    return UserError(f"{source}: unknown image id {image_id[:80]!r} (not in this split)")


def group_by_image(records: Iterable[dict[str, Any]], ids: list[str], allow_missing: bool = False,
                   source: str = "captions", several: bool = False,
                   build: str = "") -> tuple[dict[str, list[str]], list[str]]:
    """Captions per image id of the split, checking ids; returns (captions, missing ids).

    Without ``several`` an image id with more than one caption is an error (all formats alike).
    ``build`` describes the split's build for the other-build error (e.g. ``", spatial-twoshapes seed 0"``).
    """
    known = set(ids)
    resolve = id_resolver(ids)
    grouped: dict[str, list[str]] = {}
    for record in records:
        image_id, caption = resolve(record["image_id"]), record["caption"]
        if image_id not in known:
            raise _unknown_id(image_id, ids, source, build)
        captions = grouped.setdefault(image_id, [])
        if captions and not several:
            raise UserError(f"{source}: duplicate image id {image_id!r} (one caption per image; "
                            "pass --several-captions to give several)")
        captions.append(caption)
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
    resolve = id_resolver(references)
    for record in records:
        if "reference_index" not in record:
            continue
        image_id, index = resolve(record["image_id"]), record["reference_index"]
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < references.get(image_id, 0):
            raise UserError(f"{source}: bad reference_index {index!r} for image {image_id!r} "
                            f"(it has {references.get(image_id, 0)} references)")
        excluded.setdefault(image_id, set()).add(index)
    for image_id, indices in excluded.items():
        if len(indices) >= references[image_id]:
            raise UserError(f"{source}: image {image_id!r} has no reference left after excluding reference_index "
                            f"{sorted(indices)} (this split has {references[image_id]} per image)")
    return excluded


def expand_caption_specs(specs: Sequence[str], option: str = "--captions") -> list[str]:
    """``--captions`` values with each quoted glob (``'ckpt-*.json'``) replaced by the files it
    matches, in name order, as ``curves`` does; a path that exists is taken as it is, even if
    its name holds ``*`` or ``?``.  A glob that matches nothing is one line naming it."""
    import glob
    import os

    out: list[str] = []
    for spec in specs:
        if os.path.lexists(spec) or not glob.has_magic(spec):
            out.append(spec)
            continue
        matches = sorted(glob.glob(spec))
        if not matches:
            raise UserError(f"{option} {spec}: no file matches this pattern")
        out.extend(matches)
    return out
