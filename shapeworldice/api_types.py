"""The argument types of the public API (``swi.generate``, ``load``, ``baseline``, ``evaluate``,
``parse``), checked before any work: a wrong type is a ``TypeError`` in one line naming the
function, the argument and what it got — never a caption scored as ``"b'A red square.'"``, a
manifest written with ``train=True`` that every later command refuses, or a traceback from deep
inside.  ``bool`` is not accepted where a size or a seed is meant (it is an ``int`` to Python).
"""
from __future__ import annotations

import inspect
import numbers
import os
from typing import Any, Callable, Mapping

from .errors import UserError

#: what each kind of argument accepts, as said in the error
_SAID = {
    "str": "a str", "str?": "a str or None", "path": "a str or os.PathLike path",
    "path?": "a str or os.PathLike path, or None",
    "int": "an int", "int?": "an int or None", "bool": "a bool", "seed": "an int from 0 to 2**63 - 1",
    "captions": "a caption file path (str or os.PathLike) or a list of {'image_id', 'caption'} dicts",
    "dataset": "a dataset name (str) or a DatasetDefinition",
    "out": "a folder path, a file:// URI, a pyarrow filesystem or a (filesystem, path) pair",
    "parser": "'builtin', 'ace' or a started parser",
    "progress": "a bool or a callable(phase, done, total)",
}


def _is_int(value: Any) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _is_path(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, os.PathLike) and isinstance(os.fspath(value), str))


def _accepts(kind: str, value: Any) -> bool:
    if kind.endswith("?") and value is None:
        return True
    base = kind.rstrip("?")
    if base == "str":
        return isinstance(value, str)
    if base == "int":
        return _is_int(value)
    if base == "seed":
        return _is_int(value)
    if base == "bool":
        return isinstance(value, bool)
    if base == "progress":
        return isinstance(value, bool) or callable(value)
    if base == "path":
        return _is_path(value)
    if base == "captions":
        return _is_path(value) or (isinstance(value, (list, tuple)) and all(isinstance(v, Mapping) for v in value))
    if base == "dataset":
        return isinstance(value, str) or type(value).__name__ == "DatasetDefinition"
    if base == "out":
        return _is_path(value) or isinstance(value, tuple) or hasattr(value, "type_name")  # pyarrow.fs
    if base == "parser":
        return isinstance(value, str) or callable(getattr(value, "parse", None))
    raise AssertionError(kind)


def _shown(value: Any) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text[:60] + '...' if len(text) > 60 else text}"


def check_call(name: str, function: Callable[..., Any], args: tuple[Any, ...], kwargs: Mapping[str, Any],
               kinds: Mapping[str, str]) -> None:
    """Raise ``TypeError`` (one line) when ``function(*args, **kwargs)`` would be called with an
    argument of the wrong type; ``kinds`` maps parameter names to kinds (see ``_SAID``)."""
    try:
        bound = inspect.signature(function).bind(*args, **kwargs)
    except TypeError as exc:  # a missing or unknown argument: Python's own message, named
        raise TypeError(f"swi.{name}: {exc}") from None
    for parameter, value in bound.arguments.items():
        kind = kinds.get(parameter)
        if kind is not None and not _accepts(kind, value):
            hint = " (a bool is not a number here)" if isinstance(value, bool) and "int" in kind else ""
            raise TypeError(f"swi.{name}: {parameter} must be {_SAID[kind]}, got {_shown(value)}{hint}")
        if kind == "seed" and not 0 <= value < 2**63:
            raise UserError(f"swi.{name}: {parameter} must be {_SAID[kind]}, got {value}")


GENERATE = {"dataset": "dataset", "out": "out", "seed": "seed", "train": "int?", "validation": "int?", "test": "int?",
            "references": "int?", "image_size": "int?", "workers": "int", "progress": "progress",
            "prior_worlds": "int?", "engine": "str?", "address": "str?", "floors": "bool"}
LOAD = {"directory": "path", "split": "str"}
BASELINE = {"directory": "path", "kind": "str", "split": "str", "seed": "seed"}
EVALUATE = {"directory": "path", "captions": "captions", "split": "str", "parser": "parser", "allow_missing": "bool",
            "include_meteor": "bool", "ace": "path?", "grammar_image": "path?", "progress": "progress",
            "several_captions": "bool"}
PARSE = {"text": "str"}


__all__ = ["check_call", "GENERATE", "LOAD", "BASELINE", "EVALUATE", "PARSE"]
