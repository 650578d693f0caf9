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
    assert report.scores["grammaticality"] == report.scores["truthfulness"] == 1.0
    assert len(report.details) == 6 and all(isinstance(r, CaptionResult) for r in report.details)
    assert report.details[0].to_dict()["truth"] == "true"
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


def test_argument_types_are_checked_in_one_line(tmp_path):
    """Issue #33: swi.parse(b"A red square.") scored the text "b'A red square.'" (None, lists and ints
    too); swi.generate(..., train=True) wrote a manifest every later command refused. Each public
    function refuses a wrong type with a one-line TypeError naming the argument, before any work."""
    import pytest

    from shapeworldice.errors import UserError

    def refused(call, *words):
        with pytest.raises(TypeError) as caught:
            call()
        message = str(caught.value)
        assert "\n" not in message and all(w in message for w in words), message

    for bad in (b"A red square.", None, ["A red square."], 3):
        refused(lambda bad=bad: swi.parse(bad), "swi.parse: text must be a str", type(bad).__name__)
    refused(lambda: swi.generate("existential-oneshape", tmp_path, train=True, validation=0, test=2),
            "swi.generate: train must be an int or None", "bool is not a number")
    with pytest.raises(UserError, match="swi.baseline: seed must be an int from 0"):
        swi.baseline(tmp_path, "shuffled", seed=-1)
    refused(lambda: swi.generate("existential-oneshape", tmp_path, seed="0"), "seed must be an int")
    refused(lambda: swi.generate(b"existential-oneshape", tmp_path), "dataset must be a dataset name")
    refused(lambda: swi.generate("existential-oneshape", None), "out must be a folder path")
    assert list(tmp_path.iterdir()) == []  # nothing was built
    path = swi.generate("existential-oneshape", tmp_path, train=0, validation=0, test=2)
    refused(lambda: swi.load(path, None), "swi.load: split must be a str")
    refused(lambda: swi.load(str(path).encode()), "swi.load: directory must be a str or os.PathLike")
    refused(lambda: swi.baseline(path, "references", seed=True), "swi.baseline: seed must be an int from 0")
    refused(lambda: swi.baseline(path, None), "swi.baseline: kind must be a str")
    refused(lambda: swi.evaluate(path, b"[]"), "swi.evaluate: captions must be a caption file path")
    refused(lambda: swi.evaluate(path, None), "swi.evaluate: captions must be")
    refused(lambda: swi.evaluate(path, ["A red square."]), "swi.evaluate: captions must be")
    refused(lambda: swi.evaluate(path, [], allow_missing=1), "swi.evaluate: allow_missing must be a bool")
    # an unknown argument: Python's own line (the function has a real signature)
    refused(lambda: swi.evaluate(path, [], splitt="test"), "evaluate()", "splitt")
