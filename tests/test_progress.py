"""One progress helper for the package: bars only on a terminal, phases with no count shown by name
and elapsed time, and a callback that hears every phase (CLI and Python API alike)."""
from __future__ import annotations

import ast
import io
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import shapeworldice as swi
from shapeworldice import progress
from tests.cli_support import run

PACKAGE = Path(swi.__file__).parent


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_every_bar_of_the_package_is_made_by_the_helper():
    """tqdm is imported by shapeworldice.progress only (bars were made three ways, one of them
    drawn on pipes and files too)."""
    makers = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n.split(".")[0] == "tqdm" for n in names):
                makers.append(str(path.relative_to(PACKAGE)))
    assert sorted(set(makers)) == ["progress.py"]


@settings(max_examples=25, deadline=None)
@given(total=st.integers(5, 50), steps=st.lists(st.integers(0, 5), max_size=20), initial=st.integers(0, 5))
def test_a_callback_hears_the_start_every_step_and_the_end(total, steps, initial):
    """Steps as they come: the last call is where the job stopped (``done >= total``: it ended)."""
    heard: list[tuple[str, int, int | None]] = []
    with progress.bar(total, "job", lambda *said: heard.append(said), initial=initial) as shown:
        for n in steps:
            shown.update(n)
    done = initial + sum(steps)
    assert heard[0] == ("job", initial, total)
    assert [d for _, d, _ in heard] == sorted(d for _, d, _ in heard)  # it only advances
    assert heard[-1] == ("job", done, total)
    assert len(heard) == len(set(heard))  # nothing said twice


def test_a_phase_shows_its_name_and_time_on_a_terminal_and_nothing_elsewhere(monkeypatch):
    monkeypatch.setattr(progress, "TICK", 0.05)
    terminal, pipe = _Terminal(), io.StringIO()
    for stream in (terminal, pipe):
        with progress.phase("spatial: prior sample", True, stream=stream):
            time.sleep(0.2)
    assert "spatial: prior sample" in terminal.getvalue() and "00:00" in terminal.getvalue()
    assert pipe.getvalue() == ""
    assert not [t for t in threading.enumerate() if t.name == "progress-phase"]  # its redraw thread ended with it
    heard: list = []
    with progress.phase("floors", lambda *said: heard.append(said)):
        pass
    assert heard == [("floors", 0, None), ("floors", 1, None)]


def test_generate_reports_every_phase_through_the_api(tmp_path):
    """swi.generate printed nothing for 100 s and the command was silent after its bar reached 100%
    (the prior sample, the floors): each is now a phase."""
    heard: list[tuple[str, int, int | None]] = []
    swi.generate("spatial-twoshapes", tmp_path, train=6, validation=0, test=3, progress=lambda *s: heard.append(s))
    phases = list(dict.fromkeys(name for name, _, _ in heard))
    assert phases == ["spatial-twoshapes: prior sample (1,000 worlds)", "spatial-twoshapes: instances",
                      "spatial-twoshapes: mean prior and blind floor", "spatial-twoshapes: skill floors"]
    assert ("spatial-twoshapes: instances", 9, 9) in heard
    for name in phases:  # each phase ends
        assert heard[max(k for k, h in enumerate(heard) if h[0] == name)][1] >= 1


def test_the_command_is_silent_on_a_pipe(tmp_path):
    result = run("generate", "spatial-twoshapes", "--out", tmp_path, "--train", 4, "--validation", 0, "--test", 2)
    assert result.exit_code == 0 and result.stderr == ""


def test_the_training_bar_is_not_drawn_on_a_pipe(capsys):
    pytest.importorskip("torch")
    from shapeworldice.training.loop import _Progress

    shown = _Progress(True, 0, 10, "lstm")
    shown.update(5, loss=0.5)
    shown.close()
    assert capsys.readouterr().err == ""
