"""The README's walkthrough runs as written: every ```sh block, in order, in one folder.

Set-up commands (which make a virtual environment) are ```bash blocks and are not run here;
the walkthrough itself uses small sizes, so the whole story takes about a minute. A block that
trains a model runs only where PyTorch is installed (the ``[train]`` extra).
"""
from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
SH_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)
BLOCK = re.compile(r"^```(sh|python)\n(.*?)^```", re.S | re.M)


def walkthrough() -> list[str]:
    return SH_BLOCK.findall(README.read_text(encoding="utf-8"))


def walkthrough_blocks() -> list[tuple[str, str]]:
    """The walkthrough's shell and Python blocks, (language, code), in the README's order."""
    return BLOCK.findall(README.read_text(encoding="utf-8"))


def test_the_test_command_says_what_skips_and_pytest_shows_why():
    """Issue #33: a newcomer running the README's test command skipped 27 tests (PyTorch, Dask,
    Chromium) without a word. The README says so next to the command, and pytest prints every skip
    with its reason (``-rs`` in the project's addopts)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib

    text = README.read_text(encoding="utf-8")
    after = text[text.index(".venv/bin/python -m pytest -q -n auto --dist loadfile\n```"):][:900]
    for word in ("PyTorch", "Dask", "Chromium", "skip", "-rs", "torch==2.13.0"):
        assert word in after, word
    options = tomllib.loads((README.parent / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "-rs" in options["addopts"].split()


def test_the_readme_tells_one_runnable_story():
    blocks = walkthrough()
    commands = [line.split()[1] for block in blocks for line in block.splitlines()
                if line.startswith("shapeworldice ")]
    for step in ("generate", "export", "baseline", "evaluate", "parse", "curves", "robustness", "variance"):
        assert step in commands, f"the walkthrough never runs `shapeworldice {step}`"
    assert commands.index("generate") < commands.index("evaluate")  # data first, then scores


def test_every_walkthrough_block_runs_in_order(tmp_path):
    has_torch = importlib.util.find_spec("torch") is not None
    has_transformers = importlib.util.find_spec("transformers") is not None
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
               PYTHONPATH=str(README.parent))  # this checkout's code, whatever the environment installed
    ran = 0
    pythons = 0
    for number, (language, block) in enumerate(walkthrough_blocks(), 1):
        if "shapeworldice train" in block and not has_torch:
            continue  # the [train] extra is not installed here
        if "--model hf:" in block and not has_transformers:
            continue  # the [vlm] extra is not installed here
        command = ["bash", "-euo", "pipefail", "-c", block] if language == "sh" else [sys.executable, "-c", block]
        result = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, f"README block {number} failed:\n{block}\n{result.stdout}\n{result.stderr}"
        ran += 1
        if language == "python":
            pythons += 1
        if language == "python" and "swi.evaluate(" in block:  # the API example prints scores and a record
            assert re.match(r"T [01]\.\d{3}  BLEU-4 [01]\.\d{3}\n\S+-test-000000 .+ (True|False) ", result.stdout)
    assert ran >= 5 and pythons >= 1
    assert (tmp_path / "report.json").is_file() and (tmp_path / "report.html").is_file()
    # the free-form example's verdicts are the ones its paragraph states, on the walkthrough's own build
    import json

    details = [json.loads(line) for line in (tmp_path / "freeform-details.jsonl").read_text().splitlines()]
    expected = [("true", "ok")] * 3 + [("false", "ok")] * 4 + [("true", "ok")]
    assert [(d["truth"], d["reason"]) for d in details] == expected
    assert details[6]["hallucinated_objects"] == ["red star"]
    assert [c["truth"] for c in details[2]["claims"]] == ["true"] * 4  # the description, claim by claim


ROW = re.compile(r"^(?:(?:existential|spatial|quantification)-[a-z-]+ +[a-z-]+ +[0-9.]+ |  ±95% +±).*$", re.M)
RESULTS = README.parent / "docs" / "results.md"


@pytest.mark.slow
def test_the_results_table_is_what_quickstart_prints(tmp_path):
    """The sanity-baseline table of docs/results.md is the set-up command's output, row for row
    (a grammar change once moved one figure and the quoted table kept the old one)."""
    from shapeworldice.evaluation.quickstart import run

    printed = ROW.findall("\n".join(run(str(tmp_path / "quickstart"), workers=1)))
    quoted = ROW.findall(RESULTS.read_text(encoding="utf-8"))
    assert len(quoted) == 84  # 42 rows, each with its ±95% row
    assert printed == quoted


def test_the_readme_stays_a_front_page():
    """What it is, the two set-up commands, the walkthrough and where to go next; the measured
    tables live in docs/results.md."""
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 300
    headings = re.findall(r"^## (.+)$", text, re.M)
    for heading in ("Set up (fresh machine)", "Walkthrough", "Evaluate your model", "Which dataset to use",
                    "Guarantees", "Where to go next"):
        assert heading in headings, heading
    evaluate_section = text.split("## Evaluate your model", 1)[1].split("\n## ", 1)[0]
    assert "docs/vlm.md" in evaluate_section  # the three routes are one block (tests/vlm/test_docs.py runs it)
    assert not ROW.search(text)  # no measured table quoted here
    bash = re.findall(r"^```bash\n(.*?)^```", text, re.S | re.M)
    assert bash[:2] == [
        "python3 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/shapeworldice quickstart "
        "--out shapeworldice-quickstart\n",
        "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest -q -n auto "
        "--dist loadfile\n"]
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert bash[1].strip() in ci  # CI runs the README's test command


LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("page", ["README.md", "grammar/README.md", *sorted(
    str(p.relative_to(README.parent)) for p in (README.parent / "docs").glob("*.md"))])
def test_relative_links_name_files_that_exist(page):
    path = README.parent / page
    for target in LINK.findall(path.read_text(encoding="utf-8")):
        if "://" in target or target.startswith("mailto:"):
            continue
        if target.endswith("vlm.md"):
            continue  # the model-evaluation guide ships with the caption command
        assert (path.parent / target).exists(), f"{page} links to {target}, which does not exist"
