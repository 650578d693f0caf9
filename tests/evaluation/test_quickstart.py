"""quickstart says what it is doing while the datasets build (it used to print nothing for ~90 s)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from shapeworldice import cli
from shapeworldice.evaluation import quickstart


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    """One small quickstart: its folder, its output lines and its progress lines (with whether the
    data folder existed when each was said)."""
    out = tmp_path_factory.mktemp("quickstart") / "qs"
    seen: list[tuple[str, bool]] = []
    lines = list(quickstart.run(out, workers=1, train=8, test=4,
                                say=lambda line: seen.append((line, (out / "data").exists()))))
    return out, lines, seen


def test_progress_comes_before_each_slow_step(small_run):
    out, lines, seen = small_run
    said = [line for line, _ in seen]
    assert said[0].startswith("[1/6] existential-oneshape: building 8 training and 4 test images")
    assert not seen[0][1]  # said before the first build started
    datasets = [s for s in said if s.startswith("[")]
    assert [s.split()[1] for s in datasets] == [f"{name}:" for name in quickstart.SIX]
    assert said[-2].startswith("robustness:") and said[-1].startswith("curves:")
    # every phase of every build and every baseline has its line (13 min of nine lines, before)
    for name in quickstart.SIX:
        steps = [s.strip() for s in said if s.startswith(f"    {name}:")]
        assert [s.split(": ")[1].split(" (")[0] for s in steps[:4]] == [
            "prior sample", "instances", "mean prior and blind floor", "skill floors"]
        assert steps[4:] == [f"{name}: baseline {kind} ({k}/7)"
                             for k, kind in enumerate(quickstart.KINDS + quickstart.FLOOR_KINDS, 1)]
    assert not any(line in lines for line in said)  # progress is not part of the output
    # the staged checkpoints' high correlations are explained, not left to read against the package
    staged = next(k for k, line in enumerate(lines) if line.startswith("Staged checkpoints"))
    assert "high by construction" in lines[staged + 1]
    assert any(line.startswith("correlation of CIDEr-D with T") for line in lines[staged:])


def test_cli_progress_goes_to_stderr_and_quiet_hides_it(monkeypatch, tmp_path):
    def fake_run(out, workers, say, progress):  # the CLI's job: route say() to stderr unless --quiet
        say("[1/6] building")
        yield "table"

    monkeypatch.setattr(quickstart, "run", fake_run)
    result = CliRunner().invoke(cli.main, ["quickstart", "--out", str(tmp_path / "q")])
    assert result.exit_code == 0 and result.stdout == "table\n" and result.stderr == "[1/6] building\n"
    result = CliRunner().invoke(cli.main, ["quickstart", "--out", str(tmp_path / "q"), "--quiet"])
    assert result.exit_code == 0 and result.stdout == "table\n" and result.stderr == ""


def test_out_keeps_what_the_help_promises(small_run):
    """Issue #33: --out kept less than its help promised: neither the table nor the baselines'
    caption files were in it."""
    out, lines, _ = small_run
    for name in quickstart.SIX:
        for kind in ("references", "shuffled", "blind"):
            entries = json.loads((out / "captions" / name / f"{kind}.json").read_text())
            assert entries and {"image_id", "caption"} <= set(entries[0])
    printed = "\n".join(lines)
    kept = (out / "table.txt").read_text()
    assert lines[0] in kept and "surface metrics miss truthfulness" in kept
    rows = json.loads((out / "table.json").read_text())
    assert rows["spatial-twoshapes references"]["truthfulness"] == 1.0
    assert f"wrote {out / 'table.txt'}" in printed
    assert (out / "robustness-spatial-twoshapes.png").is_file() and (out / "curves" / "ckpt-1000.json").is_file()
