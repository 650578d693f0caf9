"""The ``shapeworldice`` command line: a thin click layer over the package's functions.

Exit codes: 0 success, 1 a negative result the user asked about (an ungrammatical caption),
2 usage or input errors, reported as one line on stderr — never a traceback for a user error.

Rules every command follows: each option has a help text and its default is shown in ``--help``;
``--workers 0`` means all cores; ``--quiet`` hides progress bars and status lines but never the
only copy of a result (``evaluate --quiet`` without an output file is a usage error).

One module per group of commands: :mod:`.data`, :mod:`.scoring`, :mod:`.studies`,
:mod:`.training`, :mod:`.vlm`; :mod:`.app` holds the group and the rules they share.
"""
from __future__ import annotations

from . import data, scoring, studies, training, vlm  # noqa: F401  (each registers its commands)
from .app import main

__all__ = ["main"]
