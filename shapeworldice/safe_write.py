"""Where a command may write, and writing there without ever losing a file.

Every result file of every command goes through here.  An output is refused (``UserError``,
before any work when the command checks its outputs first) when it would replace

- an input of the command (the same file after symlinks and hard links are followed),
- anything inside a dataset directory (its manifest, shards or prior sample),
- something that is not a regular file: a device such as ``/dev/null``, a pipe, a socket, or a
  path under ``/dev`` or ``/proc`` (``/dev/stdout``; ``-`` is standard output where a command
  allows it),
- a file of a training or critic run folder (its config, checkpoints, curves: the run owns them;
  :mod:`shapeworldice.run_folders`).

A write goes to a temp file beside the *resolved* target and is renamed over it, so readers
see the old file or the whole new one, a symlink keeps pointing at its (now updated) target,
and an existing file keeps its permission bits (a 0600 report stays private).
"""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Callable, Mapping, Sequence, Tuple, Union

from .errors import UserError
from .run_folders import owning_run

#: ``-`` as an output path: standard output (only where the command says so)
STDOUT = "-"
#: what the builder leaves in a dataset directory: its manifest, prior sample and split folders of shards
MANIFEST = "manifest.json"
PRIOR_SAMPLE = "prior-worlds.npy.gz"
SPLITS = ("train", "validation", "test")
#: lexical prefixes of device and process paths that must never be replaced by a file
_DEVICE_PREFIXES = ("/dev/", "/proc/")
_DEVICE_EXCEPTIONS = ("/dev/shm/",)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_NEW_FILE_MODE = 0o666 & ~_umask()


def is_dataset_directory(folder: Path) -> bool:
    """A folder the builder made: it holds a prior sample (with or without ``manifest.json``: a
    build stopped before its first manifest) or ``manifest.json`` beside a split folder of
    shards.  A manifest alone (a web project's) does not make a dataset."""
    if (folder / PRIOR_SAMPLE).is_file():
        return True
    return (folder / MANIFEST).is_file() and any(
        next((folder / split).glob("part-*.parquet"), None) is not None for split in SPLITS)


def dataset_root(path: Path) -> Path | None:
    """The dataset directory ``path`` lies in (or is), or None."""
    for folder in (path, *path.parents):
        if folder.is_dir() and is_dataset_directory(folder):
            return folder
    return None


def _is_device_text(text: str) -> bool:
    return text.startswith(_DEVICE_PREFIXES) and not text.startswith(_DEVICE_EXCEPTIONS)


def _device_path(path: str | Path) -> bool:
    """Whether ``path``, a symlink it leads through, or where it resolves lies under ``/dev`` or
    ``/proc`` (``/dev/stdout`` → ``/proc/self/fd/1`` → a pipe, a terminal or the shell's file)."""
    hop = os.path.abspath(path)
    for _ in range(40):
        if _is_device_text(hop + ("/" if os.path.isdir(hop) else "")):
            return True
        if not os.path.islink(hop):
            break
        hop = os.path.normpath(os.path.join(os.path.dirname(hop), os.readlink(hop)))
    return _is_device_text(os.path.realpath(path) + "/")


def resolve_output(path: str | Path, option: str = "output") -> Path:
    """The regular file a write to ``path`` lands in (symlinks followed), or ``UserError`` when
    that file must not be written (see the module docstring) or its folder does not exist."""
    if str(path) == STDOUT:
        raise UserError(f"{option}: standard output (-) is not allowed here; give a file name")
    if _device_path(path):
        raise UserError(f"{option} {path} is a device path, not a regular file: refusing to replace it")
    try:
        info: os.stat_result | None = os.stat(path)  # follows symlinks
    except (FileNotFoundError, NotADirectoryError):
        info = None
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror or exc}") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise UserError(f"output path is a directory: {path}")
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise UserError(f"{option} {path} is not a regular file (a device, pipe or socket): refusing to replace it")
    target = Path(os.path.realpath(path))
    if not target.parent.is_dir():
        raise UserError(f"output folder does not exist: {Path(path).parent}")
    root = dataset_root(target.parent)
    if root is not None:
        raise UserError(f"{option} {path} is inside the dataset directory {root}: refusing to write there")
    return target


def check_folder(path: str | Path, option: str = "--out") -> None:
    """Refuse an output folder that is a device path or is (or lies in) a dataset directory."""
    if _device_path(path):
        raise UserError(f"{option} {path} is a device path, not a folder: refusing to write there")
    root = dataset_root(Path(os.path.realpath(path)))
    if root is not None:
        raise UserError(f"{option} {path} is inside the dataset directory {root}: refusing to write there")


def _same_file(a: Path, b: str | Path) -> bool:
    if a == Path(os.path.realpath(b)):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


Named = Union[Mapping[str, Union[str, Path, None]], Sequence[Tuple[str, Union[str, Path, None]]]]


def check_outputs(outputs: Named, inputs: Mapping[str, str | Path | None] | None = None,
                  stdout: Sequence[str] = ()) -> None:
    """Refuse, before any work, outputs that could not be written or would lose a file: each must
    pass :func:`resolve_output` (so none lies in a dataset directory), no two may name the same
    file, and none may be an input.  ``outputs``: (option, path) pairs or a mapping, the option
    naming the path in errors (``"--out"``); ``stdout`` lists the options that may be ``-``, and
    at most one output may be."""
    resolved: list[tuple[str, str | Path, Path | None]] = []
    for option, path in (outputs.items() if isinstance(outputs, Mapping) else outputs):
        if path is None:
            continue
        if str(path) == STDOUT and option in stdout:
            resolved.append((option, path, None))
            continue
        checked = resolve_output(path, option)
        owner = owning_run(checked) if checked.exists() else None
        if owner is not None:
            raise UserError(f"{option} {path} is a file of the run folder {owner}: refusing to replace it")
        resolved.append((option, path, checked))
    for k, (option, path, target) in enumerate(resolved):
        for other, _, other_target in resolved[k + 1:]:
            if target is None and other_target is None:
                raise UserError(f"{option} and {other} both write to standard output (-)")
            if target is not None and other_target is not None and _same_file(target, other_target):
                raise UserError(f"{option} and {other} name the same file: {path}")
        for source, source_path in (inputs or {}).items():
            if target is None or source_path is None:
                continue
            if _same_file(target, source_path):
                raise UserError(f"{option} would overwrite the input {source}: {path}")


def write_together(files: Sequence[tuple[str | Path, bytes]]) -> list[Path]:
    """Write several files as a set: each to a temp file beside its resolved target, and only
    when all are complete are they renamed into place, so a failure (disk full) leaves every old
    file as it was and no new one.  Returns the paths as given."""
    plan = [(Path(path), resolve_output(path), data) for path, data in files]
    temps: list[tuple[str, Path]] = []
    try:
        for _, target, data in plan:
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
            temps.append((tmp, target))
            _copy_mode(target, tmp)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        for tmp, target in temps:
            os.replace(tmp, target)
    except OSError as exc:
        raise UserError(f"cannot write {exc.filename or 'results'}: {exc.strerror or exc}") from None
    finally:
        for tmp, _ in temps:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return [path for path, _, _ in plan]


def _copy_mode(target: Path, tmp: str) -> None:
    """Give the temp file the target's permission bits (and, as root, its owner), or the
    umask's default for a new file (``mkstemp`` makes 0600)."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        os.chmod(tmp, _NEW_FILE_MODE)
        return
    os.chmod(tmp, stat.S_IMODE(info.st_mode) & 0o777)
    if hasattr(os, "geteuid") and os.geteuid() == 0 and (info.st_uid, info.st_gid) != (0, 0):
        os.chown(tmp, info.st_uid, info.st_gid)


def write_file(path: str | Path, data: bytes) -> Path:
    """Write one result file (see :func:`write_together`); returns ``path`` as given."""
    return write_together([(path, data)])[0]


def write_folder(target: str | Path, fill: Callable[[Path], None], mode: int | None = None) -> Path:
    """Write a whole folder at once: ``fill`` writes its contents into a temporary sibling, which then
    replaces ``target`` (absent or an empty folder) in one rename; on any failure, interruption
    included, the temporary folder is removed and ``target`` is as it was. ``mode``: the folder's
    permissions (default: a new folder's under the umask)."""
    import shutil

    target = Path(target)
    tmp = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"))
    try:
        tmp.chmod(0o777 & ~_umask() if mode is None else mode)
        fill(tmp)
        if target.exists():
            target.rmdir()
        os.replace(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target
