"""The built-in caption grammar: one set of data files (``grammar/``) read in both directions.

* ``realise(caption, rng=None) -> Realisation`` — caption semantics → English (the builder).
* ``parse(text) -> ParseResult`` — English → grammaticality + ERG-style MRS/DMRS readings
  (the evaluator); ``parse_many(texts)``; results are cached by the normalised text.
* ``normalise(text)`` — the normalisation both sides apply (see :mod:`.normalise`).
* ``grammar_version()`` — ``builtin@<hash of the grammar files>``, for signatures.
"""
from __future__ import annotations

import threading
from typing import Any

from .loader import GrammarError, load
from .normalise import normalise
from .realiser import Realisation, RealisationError, Realiser

_lock = threading.Lock()
_realiser: Realiser | None = None


def _get_realiser() -> Realiser:
    global _realiser
    if _realiser is None:
        with _lock:
            if _realiser is None:
                _realiser = Realiser(load())
    return _realiser


def realise(caption: Any, rng: Any = None) -> Realisation:
    """Realise a caption object (EntityType, Existential, Quantifier or Proposition) as English.

    Deterministic given the caption and the state of ``rng`` (a ``numpy.random.Generator``);
    with ``rng=None`` the first paraphrase is taken everywhere.  Every choice made is recorded
    in ``Realisation.choices``.
    """
    return _get_realiser().realise(caption, rng)


def grammar_version() -> str:
    """A short identifier of the grammar files' contents, e.g. ``builtin@3f2a9c1e``."""
    return load().version


def __getattr__(name: str):  # parser API, imported lazily (it compiles the grammar)
    if name in ("parse", "parse_many", "ParseResult", "Reading", "ChartParser", "get_parser", "clear_cache"):
        from . import parser as _parser

        return getattr(_parser, name)
    raise AttributeError(name)


__all__ = [
    "realise", "Realisation", "RealisationError", "normalise", "grammar_version", "GrammarError",
    "parse", "parse_many", "ParseResult", "Reading",
]
