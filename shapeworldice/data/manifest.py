"""The dataset manifest: read once, hashed as read, and checked against a declarative schema.

A manifest may be hand-edited, truncated or written by another version, so every field a reader
relies on is checked by type and range before use; the first problem is one line naming the
field (``prior.worlds must be an integer from 1 to 100000, got 1000000000``).  The schema is
plain data (:data:`MANIFEST`) over a few node kinds (:class:`Int`, :class:`Num`, :class:`Str`,
:class:`Bool`, :class:`List`, :class:`Obj` with :class:`Opt` fields, :class:`Map`, :class:`Maybe`);
fields it does not name are ignored.  The sha256 is that of the bytes parsed, so a report signs exactly the
manifest its scores came from even if the file changes meanwhile.
"""
from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from ..errors import UserError
from ..safe_read import loads_json, read_capped
from .definition import MAX_REFERENCES, MAX_SPLIT_SIZE, SPLITS
from .shards import NAME

#: file name of a dataset's prior sample, next to its manifest
PRIOR_FILE = "prior-worlds.npy.gz"
#: the most worlds a prior sample may have (evaluate resamples that many when the file is gone)
MAX_PRIOR_WORLDS = 100_000
#: a manifest larger than this is not one the builder wrote (a dataset of 10⁸ instances has ~10⁵ shards)
MAX_MANIFEST_BYTES = 256 << 20
#: the only shard paths a manifest may name: relative, inside their split's folder
SHARD_PATH = re.compile(r"^(train|validation|test)/part-[0-9]{5}\.parquet$")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _part(key: Any) -> str:
    """A key as a part of a field's path: as it is when it is a plain name, else quoted (a key
    holding a line break must not break the one-line message)."""
    return key if isinstance(key, str) and re.fullmatch(r"[\w./+-]{1,60}", key) else _shown(key)


class Node:
    """A schema node: ``problem(value, where)`` is None or one line naming the field."""

    what = "a value"

    def problem(self, value: Any, where: str) -> str | None:
        raise NotImplementedError

    def bad(self, value: Any, where: str) -> str:
        return f"{where} must be {self.what}, got {_shown(value)}"


@dataclass(frozen=True)
class Int(Node):
    low: int = 0
    high: int = 10**12

    @property
    def what(self) -> str:  # type: ignore[override]
        return f"an integer from {self.low} to {self.high}"

    def problem(self, value: Any, where: str) -> str | None:
        ok = isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high
        return None if ok else self.bad(value, where)


@dataclass(frozen=True)
class Num(Node):
    low: float = -math.inf
    high: float = math.inf

    @property
    def what(self) -> str:  # type: ignore[override]
        if math.isinf(self.high):
            return "a finite number" if math.isinf(self.low) else f"a finite number >= {self.low:g}"
        return f"a number from {self.low:g} to {self.high:g}"

    def problem(self, value: Any, where: str) -> str | None:
        ok = (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
              and self.low <= value <= self.high)
        return None if ok else self.bad(value, where)


@dataclass(frozen=True)
class Str(Node):
    pattern: re.Pattern[str] | None = None
    what: str = "a string"

    def problem(self, value: Any, where: str) -> str | None:
        ok = isinstance(value, str) and (self.pattern is None or bool(self.pattern.match(value)))
        return None if ok else self.bad(value, where)


class Bool(Node):
    what = "true or false"

    def problem(self, value: Any, where: str) -> str | None:
        return None if isinstance(value, bool) else self.bad(value, where)


@dataclass(frozen=True)
class Maybe(Node):
    """``null`` or what ``node`` accepts."""

    node: Node

    @property
    def what(self) -> str:  # type: ignore[override]
        return f"{self.node.what} or null"

    def problem(self, value: Any, where: str) -> str | None:
        if value is None or self.node.problem(value, where) is None:
            return None
        return self.bad(value, where)


@dataclass(frozen=True)
class List(Node):
    item: Node
    min_len: int = 0
    max_len: int | None = None

    @property
    def what(self) -> str:  # type: ignore[override]
        if self.max_len == self.min_len:
            return f"a list of {self.min_len} items"
        return {0: "a list", 1: "a non-empty list"}.get(self.min_len, f"a list of at least {self.min_len} items")

    def problem(self, value: Any, where: str) -> str | None:
        if not isinstance(value, list) or not self.min_len <= len(value) <= (self.max_len or len(value)):
            return self.bad(value, where)
        for i, item in enumerate(value):
            found = self.item.problem(item, f"{where}[{i}]")
            if found:
                return found
        return None


@dataclass(frozen=True)
class Opt(Node):
    """A field of an :class:`Obj` that may be absent (when present, what ``node`` accepts)."""

    node: Node

    def problem(self, value: Any, where: str) -> str | None:
        return self.node.problem(value, where)


@dataclass(frozen=True)
class Obj(Node):
    """An object with the named fields (:class:`Opt` ones may be absent; others are ignored unless
    ``closed``)."""

    fields: Mapping[str, Node]
    closed: bool = False  # other fields are an error (else ignored)
    what: str = "an object"

    def problem(self, value: Any, where: str) -> str | None:
        if not isinstance(value, dict):
            return self.bad(value, where)
        if self.closed:
            unknown = sorted(str(key) for key in value if key not in self.fields)
            if unknown:
                return f"{where} has an unknown field {_shown(unknown[0])}"
        for key, node in self.fields.items():
            path = f"{where}.{key}" if where else key
            if key not in value:
                if isinstance(node, Opt):
                    continue
                return f"{path} is missing"
            found = node.problem(value[key], path)
            if found:
                return found
        return None


@dataclass(frozen=True)
class Map(Node):
    """An object whose every key matches ``key`` and every value is a ``value``."""

    value: Node
    key: Str = Str()
    key_label: str = "key"
    what: str = "an object"

    def problem(self, value: Any, where: str) -> str | None:
        if not isinstance(value, dict):
            return self.bad(value, where)
        for key, item in value.items():
            if self.key.problem(key, "") is not None:
                return f"bad {self.key_label} {_shown(key)} in {where} (expected {self.key.what})"
            found = self.value.problem(item, f"{where}.{_part(key)}")
            if found:
                return found
        return None


class Anything(Node):
    def problem(self, value: Any, where: str) -> str | None:
        return None


COUNT = Int(0, MAX_SPLIT_SIZE)
FRACTION = Num(0, 1)
SHA256 = Str(re.compile(r"^[0-9a-f]{64}$"), "a sha256 (64 lowercase hex digits)")
SHARD = Str(SHARD_PATH, "a shard path SPLIT/part-NNNNN.parquet")
PLAIN_NAME = Str(NAME, "a plain name (letters, digits, '-', '_')")
PAIR = List(Num(), 2, 2)
#: the world sampler's settings: types here, ranges checked by the sampler's own configuration
WORLD = Obj({
    "entity_counts": Opt(List(Int(1, 1000), 1)), "heldout_entity_counts": Opt(List(Int(1, 1000))),
    "collision_tolerance": Opt(Num()), "boundary_tolerance": Opt(Maybe(Num())),
    "collision_shade_difference": Opt(Num()), "reinforcement": Opt(Maybe(List(Int(0, 1000), 2, 2))),
    "max_provoke_collision_rate": Opt(Num()), "held_out_combinations": Opt(Bool()), "shade_range": Opt(Num()),
    "size_range": Opt(PAIR), "distortion_range": Opt(PAIR), "shapes": Opt(List(Str(), 1)),
    "colors": Opt(List(Str(), 1)), "world_size": Opt(Int(1, 1 << 16)), "background": Opt(Str()),
    "heldout_count_rate": Opt(Num()), "touch_margin": Opt(Num()), "max_attempts_per_entity": Opt(Int(1, 10**6)),
    "max_world_redraws": Opt(Int(1, 10**9)),
}, closed=True)
DEFINITION = Obj({
    "name": PLAIN_NAME,
    "description": Opt(Str()),
    "world": WORLD,
    "captions": Obj({"families": List(Obj({"name": Str(), "weight": Num(0), "options": Opt(Map(Anything()))}), 1),
                     "max_prior": Opt(Maybe(FRACTION)), "skill_view": Opt(Str()),
                     "max_view_prior": Opt(FRACTION), "other_skill_views": Opt(List(Str(), 1))}),
    "splits": Obj({s: COUNT for s in SPLITS}),
    "references": Int(1, MAX_REFERENCES),
    "image": Obj({"size": Int(8, 1024), "noise_std": Opt(Num(0))}),
    "shard_size": Int(1, MAX_SPLIT_SIZE),
    "worlds_from": Opt(PLAIN_NAME),
})
PRIOR = Obj({
    "worlds": Int(1, MAX_PRIOR_WORLDS),
    "seed": Opt(Int(0, 2**63 - 1)),
    "file": Opt(Str(re.compile(f"^{re.escape(PRIOR_FILE)}$"), repr(PRIOR_FILE))),
    "sha256": Opt(SHA256),
    "reference_mean_prior": Opt(Map(Maybe(FRACTION))),
    "blind_floor": Opt(Obj({"caption": Str(), "train_truthfulness": FRACTION, "test_truthfulness": Opt(FRACTION),
                            "prior": Opt(Maybe(FRACTION))})),
    "skill_floors": Opt(Obj({"test_images": COUNT, "train_instances": COUNT, "seed": Int(0, 2**63 - 1),
                             "refills": Opt(Int(1, 10**6)),
                             "floors": Map(Obj({"truthfulness": FRACTION,
                                                "informativeness_relative": Maybe(Num(0))}),
                                           key=Str(re.compile(r"^[a-z-]+$"), "a view name"), key_label="view")})),
})
SPLIT = Obj({"instances": COUNT, "captions_per_instance": Int(1, MAX_REFERENCES), "shards": List(SHARD),
             "templates": Opt(Map(Int(0, 10**12)))})
SHARD_ENTRY = Obj({"sha256": SHA256, "split": Opt(Str(re.compile("^(train|validation|test)$"), "a split name")),
                   "instances": Opt(COUNT), "templates": Opt(Map(Int(0, 10**12)))})
#: every manifest field a reader relies on (``build`` is compared whole by ``generate``)
MANIFEST = Obj({
    "name": PLAIN_NAME,
    "seed": Int(0, 2**63 - 1),
    "complete": Bool(),
    "signature": Str(),
    "build": Map(Anything()),
    "definition": DEFINITION,
    "prior": Opt(PRIOR),
    "shards": Map(SHARD_ENTRY, key=SHARD, key_label="shard path"),
    "splits": Obj({s: SPLIT for s in SPLITS}),
})


def manifest_problem(manifest: Any) -> str | None:
    """The first thing that makes a parsed manifest unusable (a hand edit, a truncation), or None."""
    if not isinstance(manifest, dict):
        return "not a JSON object"
    found = MANIFEST.problem(manifest, "")
    if found:
        return found
    for split in SPLITS:
        for file in manifest["splits"][split]["shards"]:
            if file not in manifest["shards"] or not file.startswith(f"{split}/"):
                return f"splits.{split}.shards names {file!r}, which has no sha256 under shards"
    return None


def read_manifest_hashed(directory: Path) -> tuple[dict[str, Any], str]:
    """The checked manifest of a dataset directory and the sha256 of the very bytes parsed."""
    path = directory / "manifest.json"
    if not path.is_file():
        if not directory.exists():
            raise UserError(f"dataset directory not found: {directory}")
        raise UserError(f"not a dataset directory (no manifest.json): {directory}")
    try:
        with open(path, "rb") as handle:  # read at its size, not at the cap (no 256 MiB up front)
            data = read_capped(handle, f"corrupted manifest {path}", MAX_MANIFEST_BYTES)
    except OSError as exc:
        raise UserError(f"cannot read manifest {path}: {exc.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserError(f"corrupted manifest {path}: {exc}") from None
    manifest = loads_json(text, f"corrupted manifest {path}")
    problem = manifest_problem(manifest)
    if problem:
        raise UserError(f"corrupted manifest {path}: {problem}")
    return manifest, hashlib.sha256(data).hexdigest()


def read_manifest(directory: Path) -> dict[str, Any]:
    """The checked manifest of a dataset directory."""
    return read_manifest_hashed(directory)[0]
