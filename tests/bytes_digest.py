"""Digests of what the builder and the evaluator write, to prove a refactoring changed no byte.

``python tests/bytes_digest.py OUT.json [NAME ...]`` builds each dataset (seed 0, a small size, a
small prior sample), scores four sanity baselines on it, and writes the sha256 of every built
file and of every report's bytes (report JSON and details JSONL). Run it on two versions of the
package and compare; ``tests/test_bytes_unchanged.py`` compares the current package with the
digests in ``tests/fixtures/bytes_digest.json``: a change meant to change bytes (a new score in
the report, a grammar rule that reads a baseline caption anew) regenerates that file and says so.
"""
from __future__ import annotations

import hashlib
import json
import sys
import tempfile
from pathlib import Path

SIZES = dict(seed=0, train=24, validation=4, test=12, prior_worlds=400)
BASELINES = ("references", "shuffled", "permuted", "blind")
#: the quickstart's datasets (the paper's six) and informative forms of each kind of skill view
DATASETS = ("existential-oneshape", "existential-multishapes", "spatial-twoshapes", "spatial-multishapes",
            "quantification-count", "quantification-ratio", "spatial-twoshapes-informative",
            "relational-proximity-informative", "existential-multishapes-informative",
            "quantification-count-informative")


def digests(name: str, root: Path) -> dict[str, str]:
    import shapeworldice as swi
    from shapeworldice.evaluation.io.report import details_bytes, report_bytes

    path = Path(swi.generate(name, root / name, **SIZES))
    out = {str(p.relative_to(path)): hashlib.sha256(p.read_bytes()).hexdigest()
           for p in sorted(path.rglob("*")) if p.is_file()}
    for kind in BASELINES:
        report = swi.evaluate(path, swi.baseline(path, kind))
        out[f"report:{kind}"] = hashlib.sha256(report_bytes(report)).hexdigest()
        out[f"details:{kind}"] = hashlib.sha256(details_bytes(report)).hexdigest()
    return out


def environment() -> dict[str, str]:
    """The versions the bytes depend on (recorded in manifests and signatures)."""
    import platform

    import numpy
    import PIL
    import pyarrow

    import shapeworldice

    return {"python": platform.python_version(), "numpy": numpy.__version__, "pyarrow": pyarrow.__version__,
            "pillow": PIL.__version__, "shapeworldice": shapeworldice.__version__}


def main(argv: list[str]) -> None:
    target, names = Path(argv[0]), argv[1:] or list(DATASETS)
    with tempfile.TemporaryDirectory() as tmp:
        result = {name: digests(name, Path(tmp)) for name in names}
    document = {"environment": environment(), "datasets": result}
    target.write_text(json.dumps(document, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
