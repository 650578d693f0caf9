"""The Python API: the front door's functions, and no import cycle through the package version."""
from __future__ import annotations

import ast
from pathlib import Path

import shapeworldice as swi
from shapeworldice.evaluation.core.scoring import CaptionResult

PACKAGE = Path(swi.__file__).parent


def test_build_load_baseline_evaluate(tmp_path):
    path = swi.generate("existential-oneshape", tmp_path, train=8, validation=0, test=6)
    test = swi.load(path, "test")
    assert len(test) == 6 and test[0].captions and test[0].world.entities
    captions = swi.baseline(path, "references")
    assert [c["image_id"] for c in captions] == [inst.id for inst in test]
    report = swi.evaluate(path, captions)
    assert report["scores"]["grammaticality"] == report["scores"]["truthfulness"] == 1.0
    assert len(report["details"]) == 6 and all(isinstance(r, CaptionResult) for r in report["details"])
    assert report["details"][0].to_dict()["truth"] == "true"
    assert swi.parse("A square is red.").grammatical and not swi.parse("Red the is square.").grammatical


def test_nothing_imports_the_package_front_door():
    """Modules import the version from ``_version``: importing ``shapeworldice`` (the front door)
    from inside the package made a cycle (package → evaluation → report → package)."""
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level > 0 and path.name != "__init__.py":
                depth = len(path.relative_to(PACKAGE).parts) - 1  # folders below the package
                if node.level == depth + 1 and node.module is None:  # "from .. import x" up to the package
                    offenders.append(f"{path.relative_to(PACKAGE)}: from {'.' * node.level} import ...")
            if isinstance(node, ast.Import) and any(a.name == "shapeworldice" for a in node.names):
                offenders.append(f"{path.relative_to(PACKAGE)}: import shapeworldice")
    assert offenders == []
