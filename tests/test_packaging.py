"""Packaging: the explicit package list covers every subpackage, and the data folders are found."""
from __future__ import annotations

from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]


def test_every_subpackage_is_listed():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "shapeworldice").rglob("__init__.py")}
    assert found <= listed, found - listed
    assert {"shapeworldice._grammar", "shapeworldice._datasets"} <= listed


def test_data_folders_found():
    from shapeworldice.data.definition import definitions_dir
    from shapeworldice.grammar.loader import grammar_dir

    assert (grammar_dir() / "lexicon.txt").is_file()
    bases = ("existential-oneshape", "existential-multishapes", "spatial-twoshapes", "spatial-multishapes",
             "quantification-count", "quantification-ratio")
    bases += ("relational-attribute", "relational-comparative", "relational-negation", "logical",
              "relative-clauses", "coreference")
    bases += ("relational-proximity", "selection", "quantification-complex")  # selectors, quantifiers
    variants = ("", "-heldout", "-informative", "-informative-heldout")
    expected = {f"{b}{v}.toml" for b in bases for v in variants}  # the six datasets and their variants
    sized = ("existential-multishapes", "spatial-twoshapes", "spatial-multishapes", "quantification-count",
             "quantification-ratio", "relational-comparative", "relational-proximity", "relational-attribute",
             "selection", "coreference")
    expected |= {f"{b}-384.toml" for b in sized}  # rendered at 384 pixels for vision-language models
    assert {p.name for p in definitions_dir().glob("*.toml")} == expected


def test_test_modules_have_unique_names_outside_packages():
    """pytest imports a test file outside a package by its basename alone: two files of one name
    stop the whole suite's collection, though each folder alone passes."""
    tests = Path(__file__).resolve().parent
    seen: dict[str, Path] = {}
    clashes = []
    for path in sorted(tests.rglob("test_*.py")):
        if (path.parent / "__init__.py").exists():
            continue
        if path.name in seen:
            clashes.append((seen[path.name], path))
        seen[path.name] = path
    assert not clashes, clashes
