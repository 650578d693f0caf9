"""Dataset definitions: one declarative TOML file per dataset in the top-level ``datasets/`` folder.

A definition names the world sampler's parameters, the caption families with their weights,
the split sizes and the number of reference captions. Adding a dataset variant means adding a
file; the resolved definition (every default filled in) is what a build records and hashes.

A form of a dataset names its base with ``extends = "base-name"`` and holds only what differs:
the base is read first (itself perhaps extending another), then the form's tables are merged
into it key by key; a value that is not a table (a number, a string, a list) replaces the base's.
The merged data is parsed like any other file, so a form resolves to exactly what a full copy of
its text would. A form that only renders another dataset's worlds at another image size says
``worlds_from = "base-name"``: it then draws from that dataset's random streams, so its world
models and captions are the base's, byte for byte.
"""
from __future__ import annotations

import difflib
import hashlib
import json
import math
import os
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from ..captions.sampling import FAMILY_SAMPLERS
from ..semantics.relations import BINARY_RELATIONS
from ..errors import UserError
from .shards import NAME
from ..resources import resource_dir
from ..safe_read import loads_toml
from ..world.sampling import WorldConfig

SPLITS: tuple[str, ...] = ("train", "validation", "test")
#: more shapes than this cannot be placed at ShapeWorld's sizes and tolerances
MAX_ENTITIES = 30
#: bounds that keep absurd numbers (a hand-edited 10**30) from running for ever
MAX_SPLIT_SIZE = 100_000_000
MAX_REFERENCES = 1000


def definitions_dir() -> Path:
    """Where the shipped definitions live (``$SHAPEWORLDICE_DATASETS`` overrides)."""
    return resource_dir("datasets", "SHAPEWORLDICE_DATASETS", "*.toml") or Path("datasets")


@dataclass(frozen=True)
class Family:
    """A caption family with its sampling weight and options (e.g. which relations)."""

    name: str
    weight: float = 1.0
    options: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class DatasetDefinition:
    name: str
    description: str
    world: WorldConfig
    families: tuple[Family, ...]
    sizes: dict[str, int] = field(hash=False)
    references: int = 10
    image_size: int = 64
    noise_std: float = 0.0
    shard_size: int = 1024
    #: upper bound on the prior truth of any caption the dataset contains (None: no bound)
    max_prior: float | None = None
    #: the view of a model without the dataset's skill (see :mod:`shapeworldice.interpret.refill`) and the
    #: bound on a caption's probability of being true given that view of its own world (None: no bound)
    skill_view: str | None = None
    max_view_prior: float | None = None
    #: further views under each of which a caption must also be within ``max_view_prior`` (a skill that
    #: views not finer than one another each miss, e.g. counting: the object set and the colour and shape counts)
    other_skill_views: tuple[str, ...] = ()
    #: the dataset whose worlds and captions this one draws (same random streams and world
    #: models), rendered at its own image size; None: its own
    worlds_from: str | None = None
    #: the definition's version: raised whenever a change to it changes the bytes of its builds
    #: (each change is listed in CHANGELOG.md); 1 until the first such change
    version: int = 1

    @property
    def skill_views(self) -> tuple[str, ...]:
        """Every view that bounds the captions: ``skill_view`` and ``other_skill_views`` (none without a bound)."""
        return () if self.skill_view is None else (self.skill_view, *self.other_skill_views)

    @property
    def stream_name(self) -> str:
        """The name that keys every random stream of a build: its own, or that of ``worlds_from``."""
        return self.worlds_from or self.name

    @property
    def world_config(self) -> WorldConfig:
        """The world sampler's settings: a world records the image size it is drawn for, except
        in a dataset that draws another's worlds (it keeps their ``[world] world_size``)."""
        if self.worlds_from is not None:
            return self.world
        return replace(self.world, world_size=self.image_size)

    def resolved(self) -> dict[str, Any]:
        """The definition with every default filled in, as plain JSON data."""
        world = {f.name: _plain(getattr(self.world, f.name)) for f in fields(self.world)}
        return {
            "name": self.name,
            "description": self.description,
            "world": world,
            "captions": {"families": [{"name": f.name, "weight": f.weight, "options": f.options}
                                      for f in self.families],
                         # only when set, so definitions without it keep their digest
                         **({} if self.max_prior is None else {"max_prior": self.max_prior}),
                         **({} if self.skill_view is None else {"skill_view": self.skill_view,
                                                                "max_view_prior": self.max_view_prior}),
                         **({"other_skill_views": list(self.other_skill_views)} if self.other_skill_views else {})},
            "splits": dict(self.sizes),
            "references": self.references,
            "image": {"size": self.image_size, "noise_std": self.noise_std},
            "shard_size": self.shard_size,
            # only when set, so the definitions that draw their own worlds keep their digest
            **({} if self.worlds_from is None else {"worlds_from": self.worlds_from}),
            # only from the first change on, so the definitions never changed keep their digest
            **({} if self.version == 1 else {"version": self.version}),
        }

    @property
    def digest(self) -> str:
        """Hash of the resolved definition: two builds share bytes only if this matches."""
        text = json.dumps(self.resolved(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def with_overrides(self, *, sizes: dict[str, int | None] | None = None, references: int | None = None,
                       image_size: int | None = None) -> "DatasetDefinition":
        """A copy with command-line overrides applied (None keeps the definition's value)."""
        new_sizes = dict(self.sizes)
        for split, value in (sizes or {}).items():
            if value is not None:
                new_sizes[split] = value
        result = replace(self, sizes=new_sizes,
                         references=self.references if references is None else references,
                         image_size=self.image_size if image_size is None else image_size)
        result.validate()
        return result

    def validate(self, source: str = "dataset definition") -> None:
        # the name becomes a folder under --out: a plain name never escapes it
        if not NAME.match(self.name):
            raise UserError(f"{source}: dataset name must be a plain name (letters, digits, '-', '_'), "
                            f"got {self.name[:80]!r}")
        if self.worlds_from is not None and not NAME.match(self.worlds_from):
            raise UserError(f"{source}: worlds_from must name a dataset (letters, digits, '-', '_'), "
                            f"got {self.worlds_from[:80]!r}")
        for split in SPLITS:
            if not 0 <= self.sizes.get(split, 0) <= MAX_SPLIT_SIZE:
                raise UserError(f"split size for {split} must be >= 0 and <= {MAX_SPLIT_SIZE}, "
                                f"got {self.sizes[split]}")
        if not 1 <= self.references <= MAX_REFERENCES:
            raise UserError(f"references must be >= 1 and <= {MAX_REFERENCES}, got {self.references}")
        if not 8 <= self.image_size <= 1024:
            raise UserError(f"image size must be between 8 and 1024 pixels, got {self.image_size}")
        if not 1 <= self.shard_size <= MAX_SPLIT_SIZE:
            raise UserError(f"shard_size must be >= 1 and <= {MAX_SPLIT_SIZE}, got {self.shard_size}")
        if not (math.isfinite(self.noise_std) and self.noise_std >= 0):
            raise UserError(f"noise_std must be a finite number >= 0, got {self.noise_std}")
        if not self.families:
            raise UserError(f"dataset {self.name!r} names no caption family")
        if self.max_prior is not None and not 0.0 < self.max_prior <= 1.0:
            raise UserError(f"max_prior must be a number in (0, 1], got {self.max_prior}")
        if (self.skill_view is None) != (self.max_view_prior is None):
            raise UserError("skill_view and max_view_prior go together: give both or neither")
        if self.skill_view is not None:
            from ..interpret.refill import VIEWS

            if self.skill_view not in VIEWS:
                raise UserError(f"unknown skill_view {self.skill_view!r} (expected one of {', '.join(VIEWS)})")
            if not 0.0 < float(self.max_view_prior or 0.0) <= 1.0:
                raise UserError(f"max_view_prior must be a number in (0, 1], got {self.max_view_prior}")
        _check_other_views(self.skill_view, self.other_skill_views)


def _check_other_views(skill_view: str | None, others: tuple[str, ...]) -> None:
    """One clear error for an ``other_skill_views`` entry that is not a view other than ``skill_view``."""
    from ..interpret.refill import VIEWS as views

    if others and skill_view is None:
        raise UserError("other_skill_views needs a skill_view and max_view_prior")
    for other in others:
        if other not in views or other == skill_view:
            raise UserError(f"other_skill_views: {other!r} is not another view "
                            f"(expected one of {', '.join(views)}, not the skill_view)")


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _table(data: dict[str, Any], key: str, source: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise UserError(f"{source}: [{key}] must be a table")
    return value


def _family(name: str, spec: Any, source: str) -> Family:
    if name not in FAMILY_SAMPLERS:
        raise UserError(f"{source}: unknown caption family {name!r} (known: {', '.join(FAMILY_SAMPLERS)})")
    weight, options = (spec.get("weight", 1.0), spec.get("options", {})) if isinstance(spec, dict) else (spec, {})
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not math.isfinite(weight) or weight <= 0:
        raise UserError(f"{source}: weight of family {name!r} must be a positive number, got {weight!r}")
    if not isinstance(options, dict):
        raise UserError(f"{source}: options of family {name!r} must be a table")
    relations = options.get("relations")
    if relations is not None and (not isinstance(relations, list) or not relations
                                  or any(r not in BINARY_RELATIONS for r in relations)):
        raise UserError(f"{source}: relations of family {name!r} must be a non-empty list of "
                        f"{', '.join(BINARY_RELATIONS)}; got {relations!r}")
    return Family(name, float(weight), dict(options))


def parse_definition(data: dict[str, Any], source: str = "<definition>") -> DatasetDefinition:
    """Build a definition from parsed TOML; errors name the file and the offending field."""
    try:
        world = WorldConfig(**_table(data, "world", source))
    except (TypeError, ValueError) as exc:
        raise UserError(f"{source}: bad [world] section: {exc}") from None
    counts = world.entity_counts + world.heldout_entity_counts
    if max(counts) > MAX_ENTITIES:
        raise UserError(f"{source}: at most {MAX_ENTITIES} shapes fit in a world, got {max(counts)}")
    captions = _table(data, "captions", source)
    family_specs = captions.get("families") or {}
    max_prior = captions.get("max_prior")
    if max_prior is not None and (isinstance(max_prior, bool) or not isinstance(max_prior, (int, float))):
        raise UserError(f"{source}: [captions] max_prior must be a number in (0, 1], got {max_prior!r}")
    skill_view, max_view_prior = captions.get("skill_view"), captions.get("max_view_prior")
    if skill_view is not None and not isinstance(skill_view, str):
        raise UserError(f"{source}: [captions] skill_view must be a view name, got {skill_view!r}")
    other_views = captions.get("other_skill_views", [])
    if not isinstance(other_views, list) or not all(isinstance(v, str) for v in other_views):
        raise UserError(f"{source}: [captions] other_skill_views must be a list of view names, got {other_views!r}")
    if max_view_prior is not None and (isinstance(max_view_prior, bool)
                                       or not isinstance(max_view_prior, (int, float))):
        raise UserError(f"{source}: [captions] max_view_prior must be a number in (0, 1], got {max_view_prior!r}")
    if not isinstance(family_specs, dict):
        raise UserError(f"{source}: [captions.families] must be a table of family = weight")
    families = [_family(name, spec, source) for name, spec in family_specs.items()]
    splits, image = _table(data, "splits", source), _table(data, "image", source)
    worlds_from = data.get("worlds_from")
    if worlds_from is not None and not isinstance(worlds_from, str):
        raise UserError(f"{source}: worlds_from must be a dataset name, got {worlds_from!r}")
    version = data.get("version", 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise UserError(f"{source}: version must be a whole number >= 1, got {version!r}")
    try:
        definition = DatasetDefinition(
            name=str(data["name"]),
            description=str(data.get("description", "")),
            world=world,
            families=tuple(families),
            sizes={s: int(splits.get(s, 0)) for s in SPLITS},
            references=int(splits.get("references", 10)),
            image_size=int(image.get("size", 64)),
            noise_std=float(image.get("noise_std", 0.0)),
            shard_size=int(data.get("shard_size", 1024)),
            max_prior=None if max_prior is None else float(max_prior),
            skill_view=skill_view,
            max_view_prior=None if max_view_prior is None else float(max_view_prior),
            other_skill_views=tuple(other_views),
            worlds_from=worlds_from,
            version=version,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise UserError(f"{source}: bad or missing field: {exc}") from None
    definition.validate(source)
    return definition


def load_definition(name_or_path: str | os.PathLike[str]) -> DatasetDefinition:
    """A shipped dataset by name (``spatial-twoshapes``) or a TOML file by path, its ``extends``
    chain resolved."""
    path = Path(name_or_path)
    if path.suffix != ".toml":
        path = definitions_dir() / f"{name_or_path}.toml"
        if not path.is_file():
            known = list_definitions()
            close = difflib.get_close_matches(str(name_or_path), known, n=1, cutoff=0.6)
            if close:
                raise UserError(f"unknown dataset {str(name_or_path)!r}: did you mean {close[0]!r}? "
                                "(`shapeworldice datasets` lists them all)")
            raise UserError(f"unknown dataset {str(name_or_path)!r} (known: {', '.join(known) or 'none found'})")
    definition = parse_definition(resolve_extends(path), str(path))
    if definition.worlds_from is not None:
        _check_worlds_from(definition, path)
    return definition


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError(f"dataset definition not found: {path}") from None
    except OSError as exc:
        raise UserError(f"cannot read dataset definition {path}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise UserError(f"{path}: not a valid TOML file: {exc}") from None
    return loads_toml(text, str(path))


def _base_path(name: str, beside: Path) -> Path | None:
    """The file of base ``name``: beside the form that names it, else among the shipped ones."""
    for folder in (beside.parent, definitions_dir()):
        candidate = folder / f"{name}.toml"
        if candidate.is_file():
            return candidate
    return None


def resolve_extends(path: Path, chain: tuple[Path, ...] = ()) -> dict[str, Any]:
    """The TOML data of ``path`` with its ``extends`` chain merged in, base first; a missing base
    or a cycle is one line naming the files."""
    data = _read_toml(path)
    base = data.pop("extends", None)
    if base is None:
        return data
    if not isinstance(base, str) or not NAME.match(base):
        raise UserError(f"{path}: extends must name a dataset (letters, digits, '-', '_'), got {base!r}")
    if "name" not in data:
        raise UserError(f"{path}: a form that extends {base!r} needs its own name")
    base_path = _base_path(base, path)
    if base_path is None:
        raise UserError(f"{path}: extends {base!r}, but no {base}.toml is beside it or among the shipped datasets")
    seen = chain + (path.resolve(),)
    if base_path.resolve() in seen:
        cycle = " -> ".join(p.stem for p in (*seen, base_path.resolve()))
        raise UserError(f"{path}: extends makes a cycle ({cycle})")
    return merge_tables(resolve_extends(base_path, seen), data)


def merge_tables(base: dict[str, Any], form: dict[str, Any]) -> dict[str, Any]:
    """``form`` over ``base``: tables merge key by key (the base's key order first, new keys after);
    any other value of ``form`` replaces the base's."""
    merged = dict(base)
    for key, value in form.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = merge_tables(merged[key], value)
        else:
            merged[key] = value
    return merged


#: what must agree between a dataset and the one whose worlds it draws, for the worlds and captions
#: to be the same (pixel noise draws from the stream before the captions are realised)
_SAME_WORLDS = ("world", "captions", "references")


def _check_worlds_from(definition: DatasetDefinition, path: Path) -> None:
    """A dataset that draws another's worlds must sample them as it does, or they would differ."""
    name = str(definition.worlds_from)
    base_path = _base_path(name, path)
    if base_path is None:
        raise UserError(f"{path}: worlds_from {name!r}, but no {name}.toml is beside it or among the shipped datasets")
    base = parse_definition(resolve_extends(base_path), str(base_path))
    if base.worlds_from is not None:
        raise UserError(f"{path}: worlds_from {name!r}, which itself draws the worlds of {base.worlds_from!r}")
    if definition.noise_std or base.noise_std:
        raise UserError(f"{path}: worlds_from needs images without pixel noise (noise_std = 0) in both datasets")
    ours, theirs = definition.resolved(), base.resolved()
    # the base's worlds record its image size; this dataset's record [world] world_size
    size = ours["world"].pop("world_size")
    theirs["world"].pop("world_size")
    if size != base.image_size:
        raise UserError(f"{path}: worlds_from {name!r} needs [world] world_size = {base.image_size} "
                        f"(the size its worlds record), got {size}")
    for key in _SAME_WORLDS:
        if ours[key] != theirs[key]:
            raise UserError(f"{path}: worlds_from {name!r} needs the same [{key}] as {name!r}; they differ")


def list_definitions() -> list[str]:
    """Names of the shipped dataset definitions."""
    folder = definitions_dir()
    return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []


def definition_from_resolved(data: dict[str, Any]) -> DatasetDefinition:
    """Rebuild a definition from a manifest's resolved copy."""
    families = {f["name"]: {"weight": f["weight"], "options": f.get("options", {})}
                for f in data["captions"]["families"]}
    return parse_definition({
        "name": data["name"], "description": data.get("description", ""), "world": data["world"],
        "captions": {"families": families, **{k: v for k, v in data["captions"].items()
                                                   if k in ("max_prior", "skill_view", "max_view_prior",
                                                            "other_skill_views")}},
        "splits": {**data["splits"], "references": data["references"]},
        "image": data["image"], "shard_size": data["shard_size"],
        **({"worlds_from": data["worlds_from"]} if "worlds_from" in data else {}),
        **({"version": data["version"]} if "version" in data else {}),
    }, "manifest")


__all__ = ["DatasetDefinition", "Family", "SPLITS", "definitions_dir", "list_definitions",
           "load_definition", "merge_tables", "parse_definition", "resolve_extends",
           "definition_from_resolved"]
