"""The free-form corpus: frozen, independent of the evaluator, and the issue's goals for the evaluator on it.

The four goal tests (coverage, truth agreement, grammaticality of the well-formed captions,
rejection of model-style errors) state what the evaluator must reach; they are not relaxed to
today's figures. ``python -m tests.freeform.measure`` prints the figures per style.
"""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tests.freeform import corpus, measure

HERE = Path(__file__).resolve().parent
GENERATOR_MODULES = ("corpus", "labels", "worlds", "english", "scene", "styles", "faults")
EVALUATOR = ("shapeworldice.grammar", "shapeworldice.interpret", "shapeworldice.semantics",
             "shapeworldice.evaluation", "shapeworldice.parsing")
REPO = HERE.parents[1]


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("module", GENERATOR_MODULES)
def test_the_generator_and_labeller_import_nothing_of_the_evaluator(module):
    imported = _imports(HERE / f"{module}.py")
    assert not [name for name in imported if name == "shapeworldice" or name.startswith(EVALUATOR)], imported


def test_generating_loads_no_evaluator_module():
    code = ("import sys; from tests.freeform import corpus; corpus.generate(n_worlds=4); "
            "print('\\n'.join(m for m in sys.modules if m.startswith('shapeworldice')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.split() == []


def test_the_frozen_files_are_what_the_generator_writes():
    worlds, records = corpus.generate()
    assert corpus.WORLDS_FILE.read_bytes() == corpus.dumps(worlds)
    assert corpus.CORPUS_FILE.read_bytes() == corpus.dumps(records)
    assert corpus.main(["--check"]) == 0


def test_the_corpus_has_the_size_and_balance_the_issue_asks_for():
    records = corpus.load()
    worlds = corpus.load_worlds()
    assert len(records) >= 1000 and len(worlds) >= 100
    assert {r["world"] for r in records} <= set(worlds)
    assert corpus.CORPUS_FILE.stat().st_size + corpus.WORLDS_FILE.stat().st_size < 3_000_000
    truths = Counter((r["style"], r["truth"]) for r in records)
    for style, _ in corpus.STYLES:
        true, false = truths[(style, True)], truths[(style, False)]
        if style in ("outside", "error"):
            assert true == false == 0 and truths[(style, None)] >= 100
        else:
            assert true + false >= 100 and 0.35 <= true / (true + false) <= 0.65, style
    errors = [r for r in records if not r["wellformed"]]
    assert sum(r["erg"] == "rejects" for r in errors) >= 100
    assert errors and all(r["truth"] is None and r["erg"] in ("rejects", "accepts", "unknown") for r in errors)


def test_every_record_is_labelled_consistently():
    for r in corpus.load():
        decided = [c["truth"] for c in r["claims"]]
        if not r["wellformed"]:
            assert r["truth"] is None and decided == []
        elif False in decided:
            assert r["truth"] is False, r["id"]
        elif decided and all(v is True for v in decided):
            assert r["truth"] is True, r["id"]
        else:
            assert r["truth"] is None, r["id"]
        assert json.dumps(r, ensure_ascii=False).isprintable()


def test_the_labeller_and_the_evaluator_agree_on_template_captions():
    """Both semantics on captions the evaluator reads today, undecided (ambiguous) ones included."""
    worlds = corpus.load_worlds()
    n, differences = measure.template_agreement(measure.template_sample(worlds, per_world=20), worlds)
    assert n > 2000 and differences == []


@pytest.fixture(scope="module")
def overall():
    return measure.figures(measure.run())


def test_goal_coverage_of_checkable_wellformed_captions(overall):
    assert overall["coverage"] >= measure.GOALS["coverage"]


def test_goal_truth_agreement_on_covered_captions(overall):
    assert overall["agreement"] >= measure.GOALS["agreement"]


def test_goal_wellformed_captions_are_grammatical(overall):
    assert overall["grammatical"] >= measure.GOALS["grammatical"]


def test_goal_model_style_errors_are_ungrammatical(overall):
    assert overall["rejected"] >= measure.GOALS["rejected"]
