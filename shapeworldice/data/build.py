"""Build a dataset: world → render → captions → realise, shard by shard, resumably.

Image ids are ``TAG-split-NNNNNN`` where TAG (:func:`build_tag`) hashes the dataset name, the
resolved definition (sizes included) and the seed: results made for one build cannot match the
ids of another.  A build holds the lock of its dataset folder from start to end; its workers
die with it, whatever kills it.

Nothing a rerun cannot resume is ever on disk: the definition is tried on one instance (with
the prior sample, drawn in memory) before the dataset folder is created, so an unbuildable
definition leaves nothing; the prior sample is written before the first manifest, and a folder
holding only it (and temp files) is a build that died in between.  A rerun of a finished build
with the same settings verifies it and writes nothing.

Every instance draws from its own generator seeded with (seed, split, index, dataset name), so a shard's
bytes depend only on the definition, the seed and the shard's position — never on the
number of worker processes or on the order in which shards finish.

Once every split is written, the build records the dataset's floors in its manifest: a step it is
handed (``floors``, a :data:`FloorStep`) by the layer that measures them (the evaluation, through
``swi.generate`` and the ``generate`` command), so the builder imports nothing from above it.
"""
from __future__ import annotations

import hashlib
import os
import threading
import time
import zlib
from collections import Counter
from contextlib import contextmanager, suppress
from concurrent.futures import as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

import numpy as np

from .._version import __version__
from ..captions import make_sampler, template
from ..captions.sampling import MAX_CAPTION_TRIES, BoundedPrior
from ..errors import UserError
from ..grammar import grammar_version, realise
from ..progress import Progress, bar as progress_bar, phase
from ..render import encode_png, render
from ..safe_write import dataset_root
from ..storage import Destination, local_folder
from ..interpret.prior import PRIOR_WORLDS, CaptionPrior, WorldSample, sample_worlds
from ..workers import cores, process_pool
from ..world.sampling import WorldSampler
from .definition import SPLITS, DatasetDefinition, load_definition
from .lock import exclusive
from .manifest import MAX_PRIOR_WORLDS, PRIOR_FILE, read_manifest
from ..safe_read import sha256_file
from .shards import Row, atomic_write_bytes, atomic_write_json, shard_bytes

SPLIT_CODES = {"train": 0, "validation": 1, "test": 2}
MAX_WORLD_REDRAWS = 1000
#: the manifest is rewritten after a shard only when the time since its last write is at least
#: this many times what that write took: a build of thousands of shards (a manifest of megabytes)
#: does not spend its time rewriting it, and a killed build loses only the last few listings
#: (those shards are rebuilt, to the same bytes, on resume)
MANIFEST_PACE = 10
#: the smallest default prior sample (small builds): standard error ≤ 0.016
MIN_PRIOR_WORLDS = 1000
#: the step that measures a finished build's floors: (dataset folder, its caption prior, seed,
#: workers, progress) → the fields it adds to the manifest's ``prior`` (:data:`FLOOR_FIELDS` among them)
FloorStep = Callable[[Path, CaptionPrior, int, int, Progress], dict[str, Any]]
#: the manifest ``prior`` fields whose presence says a build's floors are recorded
FLOOR_FIELDS = ("reference_mean_prior", "skill_floors")


class _LastFormula:
    """``formula_of`` of the caption asked about last, kept: a bounded caption's checks (its view
    bound, then its prior) ask for the logical form of one caption object one after another."""

    def __init__(self) -> None:
        self._last: tuple[Any, Any] | None = None

    def __call__(self, caption: Any) -> Any:
        if self._last is None or self._last[0] is not caption:
            from ..interpret import formula_of

            self._last = (caption, formula_of(caption))
        return self._last[1]


class InstanceBuilder:
    """Turns (seed, split, index) into one stored instance for a definition."""

    def __init__(self, definition: DatasetDefinition, prior: CaptionPrior | None = None):
        self.definition = definition
        self.world_sampler = WorldSampler(definition.world_config)
        self.samplers = [make_sampler(f.name, f.options) for f in definition.families]
        #: whether a world's drawn colours and shapes may be placed (its objects' kinds drawn first), where
        #: the view bound admits a world by those alone (:meth:`~..interpret.views.ViewBound.admits_objects`)
        self.admits_kinds: Callable[[list[int], list[int]], bool] | None = None
        if definition.max_prior is not None or definition.skill_view is not None:
            if prior is None:
                raise ValueError(f"dataset {definition.name!r} bounds caption priors: it needs a prior sample")
            formula_of = _LastFormula()
            exceeds = admits = samples = donors = None
            if definition.skill_view is not None:
                from ..interpret.views import BOUND_TRUE_WORLDS, ViewBound, view_bound

                bound = view_bound(definition.skill_views, prior.sample, true_worlds=BOUND_TRUE_WORLDS, prior=prior,
                                   version=definition.version)
                max_view = definition.max_view_prior or 1.0
                if isinstance(bound, ViewBound) and bound.world_ceiling and bound.exact:
                    self.admits_kinds = lambda shapes, colors: bound.admits_objects(colors, shapes, max_view)
                exceeds = lambda c, w, fast=None: bound.exceeds(formula_of(c), w, max_view, False, fast)  # noqa: E731
                donors = lambda c, w, fast=None: bound.exceeds(formula_of(c), w, max_view, True, fast)  # noqa: E731
                admits = lambda w: bound.admits(w, max_view)  # noqa: E731
                samples = bound.samples
            max_prior = 1.0 if definition.max_prior is None else definition.max_prior
            self.samplers = [BoundedPrior(s, lambda c, fast=None: prior.within(formula_of(c), max_prior, fast),
                                          view_exceeds=exceeds,
                                          world_admits=admits, view_samples=samples,
                                          max_view=definition.max_view_prior or 1.0, donors_exceed=donors)
                             for s in self.samplers]
        weights = np.array([f.weight for f in definition.families], dtype=float)
        self.cumulative = np.cumsum(weights / weights.sum())
        # datasets built with the same seed must not share worlds: the name enters every stream
        # (a dataset that draws another's worlds at another image size names that one)
        self.stream = zlib.crc32(definition.stream_name.encode("utf-8"))
        self.tags: dict[int, str] = {}

    def captions_for(self, split: str) -> int:
        return 1 if split == "train" else self.definition.references

    def instance(self, seed: int, split: str, index: int) -> Row:
        rng = np.random.default_rng([seed, SPLIT_CODES[split], index, self.stream])
        wanted = self.captions_for(split)
        for _ in range(MAX_WORLD_REDRAWS):
            world = self.world_sampler.sample(rng, split, self.admits_kinds)
            captions = []
            for _ in range(wanted):
                family = int(np.searchsorted(self.cumulative, rng.random(), side="right"))
                caption = self.samplers[min(family, len(self.samplers) - 1)](world, rng)
                if caption is None:
                    break
                captions.append(caption)
            if len(captions) == wanted:
                break
        else:  # pragma: no cover - definitions whose worlds never admit a caption
            bound = ("" if self.definition.max_prior is None else
                     f" with prior <= {self.definition.max_prior} ({MAX_CAPTION_TRIES} draws per caption)")
            raise RuntimeError(f"no caption could be sampled{bound} for {split}-{index} in {MAX_WORLD_REDRAWS} worlds")
        image = render(world, size=self.definition.image_size,
                       noise_std=self.definition.noise_std or None, rng=rng)
        realisations = [realise(c, rng) for c in captions]
        tag = self.tags.setdefault(seed, build_tag(self.definition, seed))
        return Row(
            id=f"{tag}-{split}-{index:06d}",
            image=encode_png(image),
            world=world.to_json(),
            captions=[r.text for r in realisations],
            semantics=[c.to_json() for c in captions],
            templates=[template(c) for c in captions],
            choices=[",".join(r.choices) for r in realisations],
        )

    def shard(self, seed: int, split: str, shard: int) -> tuple[bytes, Counter]:
        size = self.definition.shard_size
        start, stop = shard * size, min((shard + 1) * size, self.definition.sizes[split])
        rows = [self.instance(seed, split, i) for i in range(start, stop)]
        return shard_bytes(rows), Counter(t for r in rows for t in r.templates)


@dataclass(frozen=True)
class ShardTask:
    split: str
    index: int
    instances: int

    @property
    def file(self) -> str:
        return f"{self.split}/part-{self.index:05d}.parquet"


def shard_tasks(definition: DatasetDefinition) -> list[ShardTask]:
    tasks = []
    for split in SPLITS:
        total = definition.sizes[split]
        for index in range((total + definition.shard_size - 1) // definition.shard_size):
            tasks.append(ShardTask(split, index, min(definition.shard_size, total - index * definition.shard_size)))
    return tasks


def build_key(definition: DatasetDefinition, seed: int, prior_worlds: int = PRIOR_WORLDS) -> dict[str, Any]:
    """What a build's bytes depend on; resuming requires the same key (the libraries that write
    random streams, PNG and Parquet bytes included)."""
    import PIL
    import pyarrow

    return {"definition_sha256": definition.digest, "seed": seed, "package": __version__,
            "grammar": grammar_version(), "numpy": np.__version__, "pillow": PIL.__version__,
            "pyarrow": pyarrow.__version__, "prior_worlds": prior_worlds}


def build_tag(definition: DatasetDefinition, seed: int) -> str:
    """Eight hex digits naming a build (dataset name, resolved definition with sizes, seed): the
    prefix of every image id, so ids of two builds never coincide."""
    text = f"{definition.name}|{definition.digest}|{seed}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def signature(definition: DatasetDefinition, seed: int) -> str:
    """The dataset signature of the manifest: ``data:NAME@def:XXXXXXXX`` carries the *definition
    digest* (the recipe), labelled ``def:`` so it is never mistaken for the manifest hash that the
    evaluation signature carries as ``manifest:``."""
    sizes = "/".join(str(definition.sizes[s]) for s in SPLITS)
    return (f"SWICE|v:{__version__}|data:{definition.name}@def:{definition.digest[:8]}|seed:{seed}"
            f"|{grammar_version()}|sizes:{sizes}|refs:{definition.references}|img:{definition.image_size}")


#: definition fields a command-line option sets: named by their option in a resume mismatch
OPTION_OF = {"splits.train": "--train", "splits.validation": "--validation", "splits.test": "--test",
             "references": "--refs", "image.size": "--image-size"}
#: build-key fields other than the definition, in plain words
KEY_LABEL = {"seed": "--seed", "package": "shapeworldice version", "grammar": "grammar version",
             "numpy": "numpy version", "pillow": "Pillow version", "pyarrow": "pyarrow version",
             "prior_worlds": "prior sample size (prior_worlds)"}


def _flat(data: Any, prefix: str = "") -> dict[str, Any]:
    """Nested dicts as one dict of dotted paths (``splits.test``); lists stay values."""
    if not isinstance(data, dict):
        return {prefix: data}
    flat: dict[str, Any] = {}
    for key, value in data.items():
        flat.update(_flat(value, f"{prefix}.{key}" if prefix else str(key)))
    return flat


def _shown(value: Any) -> str:
    """A value short enough for a one-line error."""
    text = "missing" if value is None else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def build_differences(manifest: dict[str, Any], definition: DatasetDefinition, key: dict[str, Any]) -> list[str]:
    """What makes a stored build differ from the one asked for, field by field, each as
    ``WHAT: STORED there, ASKED now`` (the definition first, then seed and versions)."""
    build = manifest.get("build")
    stored: dict[str, Any] = build if isinstance(build, dict) else {}
    differences = []
    old, new = _flat(manifest.get("definition") or {}), _flat(definition.resolved())
    for path in sorted(old.keys() | new.keys()):
        if old.get(path) != new.get(path):
            what = OPTION_OF.get(path, f"definition {path}")
            differences.append(f"{what}: {_shown(old.get(path))} there, {_shown(new.get(path))} now")
    for field, value in key.items():
        if field != "definition_sha256" and stored.get(field) != value:
            differences.append(f"{KEY_LABEL.get(field, field)}: {_shown(stored.get(field))} there, {_shown(value)} now")
    if not differences and stored.get("definition_sha256") != key["definition_sha256"]:
        differences.append("definition digest: the stored definition does not match its digest")
    return differences


# ----------------------------------------------------------------------------- workers

_WORKER: tuple[InstanceBuilder, int, Path] | None = None


def _builder(definition: DatasetDefinition, target: Path, sample: WorldSample | None = None) -> InstanceBuilder:
    """A builder for ``definition``; the prior sample is read from the dataset folder unless given."""
    prior = None
    if definition.max_prior is not None or definition.skill_view is not None:
        prior = CaptionPrior(sample if sample is not None else WorldSample.load(target / PRIOR_FILE))
    return InstanceBuilder(definition, prior)


def _init_worker(definition: DatasetDefinition, seed: int, target: Path, sample: WorldSample | None = None) -> None:
    """Set up this process's builder (a pool worker's, or the trial's)."""
    global _WORKER
    _WORKER = (_builder(definition, target, sample), seed, target)


def _write_shard(builder: InstanceBuilder, seed: int, target: Path,
                 task: ShardTask) -> tuple[ShardTask, str, dict[str, int]]:
    data, templates = builder.shard(seed, task.split, task.index)
    atomic_write_bytes(target / task.file, data)
    return task, hashlib.sha256(data).hexdigest(), dict(templates)


def _run_task(task: ShardTask) -> tuple[ShardTask, str, dict[str, int]]:
    assert _WORKER is not None
    return _write_shard(*_WORKER, task)


#: a cluster worker's builder, one per thread (a worker may run several jobs at once)
_ENGINE = threading.local()


def _engine_task(definition: DatasetDefinition, seed: int, target: Path,
                 task: ShardTask) -> tuple[ShardTask, str, dict[str, int]]:
    """One shard as a cluster job: the worker thread keeps its builder between jobs of the same build."""
    from ..engine import fault_point

    key = (definition.digest, seed, target)
    if getattr(_ENGINE, "key", None) != key:
        _ENGINE.builder, _ENGINE.key = _builder(definition, target), key
    fault_point()
    return _write_shard(_ENGINE.builder, seed, target, task)


def _executor(workers: int, definition: DatasetDefinition, seed: int, target: Path,
              tasks: list[ShardTask], client: Any = None) -> Iterator[tuple[ShardTask, str, dict[str, int]]]:
    if client is not None:  # a cluster's workers: they resolve no relative path of ours
        from ..engine import run_jobs

        for _, result in run_jobs(client, _engine_task, tasks, definition, seed, Path(os.path.abspath(target))):
            yield result
        return
    if workers <= 1 or len(tasks) <= 1:
        _init_worker(definition, seed, target)
        for task in tasks:
            yield _run_task(task)
        return
    with process_pool(workers, len(tasks), _init_worker, (definition, seed, target)) as pool:
        futures = [pool.submit(_run_task, task) for task in tasks]
        try:
            for future in as_completed(futures):
                yield future.result()
        except BaseException:
            for future in futures:
                future.cancel()
            raise


# ----------------------------------------------------------------------------- the build

def _check_writable(out: Path) -> None:
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"cannot create output directory {out}: {exc.strerror}") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise UserError(f"output directory is not writable: {out}")


def _is_temp(path: Path) -> bool:
    """A temp file of an atomic write (``.NAME.XXXX.tmp``): under the lock, left by a dead run."""
    return path.is_file() and path.name.startswith(".") and path.name.endswith(".tmp")


def _verified(target: Path, manifest: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Shards listed in a manifest whose files still hash to the recorded sha256."""
    kept = {}
    for file, entry in manifest.get("shards", {}).items():
        path = target / file
        if path.is_file() and sha256_file(path) == entry["sha256"]:
            kept[file] = entry
    return kept


def generate(dataset: str | DatasetDefinition, out: Destination = "data", *, seed: int = 0,
             train: int | None = None, validation: int | None = None, test: int | None = None,
             references: int | None = None, image_size: int | None = None, workers: int = 1,
             progress: Progress = False, prior_worlds: int | None = None, engine: str | None = None,
             address: str | None = None, floors: FloorStep | None = None) -> Path:
    """Build (or resume building) a dataset under ``out/<name>/`` and return that directory.

    ``workers`` 0 means all cores (the bytes are the same for any number). A build with no
    instance in any split is refused, and so is resuming a folder built with other settings
    (the error names each differing field).

    The dataset's prior sample (``prior_worlds`` worlds) is written first: informative
    definitions bound their captions' priors with it, and the manifest records the references'
    mean prior and the blind floor measured with it. By default it has 10,000 worlds, or as many
    as the build has instances when that is fewer (at least 1,000), so that small trial builds
    stay cheap.

    ``engine`` (``"dask"``, the optional extra) runs the shards as jobs of a cluster: the one at
    ``address``, or a local one of ``workers`` processes; the bytes are those of a local build.
    Every worker must see ``out`` at the same path (a shared filesystem).  ``out`` is a path, a
    ``file://`` URI or a pyarrow filesystem with a local view (:mod:`shapeworldice.storage`).

    ``progress``: ``True`` for bars on a terminal's stderr, or a callback ``(phase, done, total)``
    (:mod:`shapeworldice.progress`), for every phase: the prior sample, the instances, the floors.
    ``floors``: the step that records the floors in the manifest (the API and the command hand
    the evaluation's); without it the manifest has none, and a later build with it adds them."""
    folder = local_folder(out)
    inside = dataset_root(Path(os.path.abspath(folder)))
    if inside is not None:
        raise UserError(f"--out {folder} lies inside the dataset directory {inside}: build beside it, not in it")
    if engine is not None:
        from ..engine import require

        require(engine)
    elif address is not None:
        raise UserError("--address needs --engine (the cluster engine to connect with)")
    definition = dataset if isinstance(dataset, DatasetDefinition) else load_definition(dataset)
    definition = definition.with_overrides(
        sizes={"train": train, "validation": validation, "test": test},
        references=references, image_size=image_size)
    if not 0 <= seed < 2**63:
        raise UserError(f"seed must be >= 0 and < 2**63, got {seed}")
    if workers < 0:
        raise UserError(f"workers must be >= 0 (0 = all cores), got {workers}")
    workers = min(workers or cores(), cores())
    if not any(definition.sizes.values()):  # an empty dataset is a mistake, not a result
        raise UserError(f"nothing to build: {definition.name} has 0 train, 0 validation and 0 test instances "
                        "(give --train, --validation or --test a size above 0)")
    if prior_worlds is None:
        prior_worlds = min(PRIOR_WORLDS, max(MIN_PRIOR_WORLDS, sum(definition.sizes.values())))
    if not 1 <= prior_worlds <= MAX_PRIOR_WORLDS:
        raise UserError(f"prior_worlds must be >= 1 and <= {MAX_PRIOR_WORLDS}, got {prior_worlds}")
    with _engine(engine, address, workers) as client:  # an unreachable cluster: refused before any write
        return _generate_in(definition, folder, seed, workers, progress, prior_worlds, client, floors)


@contextmanager
def _engine(engine: str | None, address: str | None, workers: int) -> Iterator[Any]:
    """The cluster client of ``--engine`` (None without one)."""
    if engine is None:
        yield None
        return
    from ..engine import cluster

    with cluster(engine, address, workers) as client:
        yield client


def _generate_in(definition: DatasetDefinition, out: Path, seed: int, workers: int, progress: Progress,
                 prior_worlds: int, client: Any, floors: FloorStep | None) -> Path:
    """:func:`generate` once its arguments are checked (and its cluster reached)."""
    created = _missing_folders(Path(out))
    _check_writable(Path(out))
    target = Path(out) / definition.name
    try:
        with exclusive(target, "building"):
            return _generate(definition, target, seed, workers, progress, prior_worlds, client, floors)
    except BaseException:
        for folder in reversed(created):  # folders this run made and left empty (an unbuildable definition)
            try:
                folder.rmdir()
            except OSError:
                break
        raise


def _missing_folders(path: Path) -> list[Path]:
    """The folders that creating ``path`` would make, outermost first."""
    missing = []
    for folder in [path, *path.parents]:
        if folder.exists() or folder.is_symlink():
            break
        missing.append(folder)
    return missing[::-1]


def _generate(definition: DatasetDefinition, target: Path, seed: int, workers: int, progress: Progress,
              prior_worlds: int, client: Any = None, floors: FloorStep | None = None) -> Path:
    """The build itself, under the dataset folder's lock: the build key (seed included) is
    checked here, and any temp file left in the folder belongs to a dead run."""
    key = build_key(definition, seed, prior_worlds)
    tasks = shard_tasks(definition)
    done: dict[str, dict[str, Any]] = {}
    stored: dict[str, Any] | None = None
    if (target / "manifest.json").exists():
        stored = read_manifest(target)
        if stored.get("build") != key:
            differences = "; ".join(build_differences(stored, definition, key)) or "build key"
            raise UserError(f"{target} was built with other settings ({differences}); resume with the same "
                            "options, or choose another --out or delete it")
        done = _verified(target, stored)
    elif target.exists() and (not target.is_dir() or any(not _leftover(p) for p in target.iterdir())):
        raise UserError(f"{target} exists and is not a dataset directory; choose another --out")
    prior_entry: dict[str, Any] = (stored or {}).get("prior") or {}
    kept = bool(prior_entry) and _prior_kept(target, prior_entry, prior_worlds)
    recorded = floors is None or all(field in prior_entry for field in FLOOR_FIELDS)
    finished = len(done) == len(tasks) and stored == _manifest(definition, seed, key, tasks, done, prior_entry,
                                                               complete=True)
    if kept and recorded and finished:
        return target  # a finished build with these settings, every file verified: nothing to write
    sample = None if kept else _prior_sample(definition, prior_worlds, workers, progress)
    if not done and tasks:  # a definition that cannot produce an instance fails before anything is written
        _trial(definition, seed, tasks[0].split, target, sample)
    _check_writable(target)
    for stale in [*target.glob(".*.tmp"), *target.glob("*/.*.tmp")]:
        stale.unlink()
    if sample is not None:
        atomic_write_bytes(target / PRIOR_FILE, sample.to_bytes())
        del sample
    prior = {"worlds": prior_worlds, "seed": 0, "file": PRIOR_FILE, "sha256": sha256_file(target / PRIOR_FILE)}
    todo = [t for t in tasks if t.file not in done]
    if todo or not kept:  # else only the floors are missing: the shards listed stay as they are
        atomic_write_json(target / "manifest.json",
                          _manifest(definition, seed, key, tasks, done, prior, complete=False))
    bar = progress_bar(sum(t.instances for t in tasks), f"{definition.name}: instances", progress, unit="inst",
                       initial=sum(t.instances for t in tasks if t.file in done))
    listed, last, cost = len(done), 0.0, 0.0
    try:
        for task, digest, templates in _executor(workers, definition, seed, target, todo, client):
            done[task.file] = {"split": task.split, "instances": task.instances, "sha256": digest,
                               "templates": templates}
            if time.monotonic() - last >= MANIFEST_PACE * cost:
                last = time.monotonic()
                atomic_write_json(target / "manifest.json",
                                  _manifest(definition, seed, key, tasks, done, prior, complete=False))
                listed, cost = len(done), time.monotonic() - last
            bar.update(task.instances)
    except BaseException:
        if len(done) > listed:  # stopped (Ctrl-C, an error): what is finished stays listed, if the disk lets it
            with suppress(OSError):
                atomic_write_json(target / "manifest.json",
                                  _manifest(definition, seed, key, tasks, done, prior, complete=False))
        raise
    finally:
        bar.close()
    manifest = _manifest(definition, seed, key, tasks, done, prior, complete=True)
    if manifest != stored:
        atomic_write_json(target / "manifest.json", manifest)
    if manifest["complete"] and floors is not None:  # the floors read the finished splits back
        caption_prior = CaptionPrior(WorldSample.load(target / PRIOR_FILE))
        prior.update(floors(target, caption_prior, seed, workers, progress))
        atomic_write_json(target / "manifest.json", manifest)
    return target


def _prior_sample(definition: DatasetDefinition, worlds: int, workers: int, progress: Progress) -> WorldSample:
    """The dataset's prior sample, drawn in memory (a phase of its own: seconds at 10,000 worlds)."""
    with phase(f"{definition.name}: prior sample ({worlds:,} worlds)", progress):
        return sample_worlds(definition, worlds, 0, workers)


def _leftover(path: Path) -> bool:
    """What a build that died before its first manifest can leave: temp files and the prior sample."""
    return _is_temp(path) or (path.name == PRIOR_FILE and path.is_file())


def _prior_kept(target: Path, entry: dict[str, Any], worlds: int) -> bool:
    """Whether the stored prior sample is the one the manifest records (else it is drawn again)."""
    path = target / PRIOR_FILE
    return entry.get("worlds") == worlds and path.is_file() and sha256_file(path) == entry.get("sha256")


def _trial(definition: DatasetDefinition, seed: int, split: str, target: Path, sample: WorldSample | None) -> None:
    try:
        _init_worker(definition, seed, target, sample)
        assert _WORKER is not None
        _WORKER[0].instance(seed, split, 0)
    except RuntimeError as exc:
        raise UserError(f"dataset {definition.name!r} cannot be built: {exc}") from None


def _manifest(definition: DatasetDefinition, seed: int, key: dict[str, Any], tasks: list[ShardTask],
              done: dict[str, dict[str, Any]], prior: dict[str, Any], complete: bool) -> dict[str, Any]:
    splits: dict[str, Any] = {}
    for split in SPLITS:
        files = [t.file for t in tasks if t.split == split]
        histogram: Counter = Counter()
        for file in files:
            histogram.update(done.get(file, {}).get("templates", {}))
        splits[split] = {
            "instances": definition.sizes[split],
            "captions_per_instance": 1 if split == "train" else definition.references,
            "shards": [f for f in files if f in done],
            "templates": dict(sorted(histogram.items())),
        }
    return {
        "name": definition.name,
        "definition": definition.resolved(),
        "seed": seed,
        "build": key,
        "signature": signature(definition, seed),
        "splits": splits,
        "shards": dict(sorted(done.items())),
        "complete": complete and len(done) == len(tasks),
        "prior": prior,
    }
