"""quickstart says what it is doing while the datasets build (it used to print nothing for ~90 s)."""
from __future__ import annotations

from click.testing import CliRunner

from shapeworldice import cli
from shapeworldice.evaluation import quickstart


def test_progress_comes_before_each_slow_step(tmp_path):
    out = tmp_path / "qs"
    seen: list[tuple[str, bool]] = []
    lines = list(quickstart.run(out, workers=1, train=8, test=4,
                                say=lambda line: seen.append((line, (out / "data").exists()))))
    said = [line for line, _ in seen]
    assert said[0].startswith("[1/6] existential-oneshape: building 8 training and 4 test images")
    assert not seen[0][1]  # said before the first build started
    assert [s.split()[1] for s in said[:6]] == [f"{name}:" for name in quickstart.SIX]
    assert said[6].startswith("robustness:") and said[7].startswith("curves:")
    assert not any(line in lines for line in said)  # progress is not part of the output
    # the staged checkpoints' high correlations are explained, not left to read against the package
    staged = next(k for k, line in enumerate(lines) if line.startswith("Staged checkpoints"))
    assert "high by construction" in lines[staged + 1]
    assert any(line.startswith("correlation of CIDEr-D with T") for line in lines[staged:])


def test_cli_progress_goes_to_stderr_and_quiet_hides_it(monkeypatch, tmp_path):
    def fake_run(out, workers, say):  # the CLI's job: route say() to stderr unless --quiet
        say("[1/6] building")
        yield "table"

    monkeypatch.setattr(quickstart, "run", fake_run)
    result = CliRunner().invoke(cli.main, ["quickstart", "--out", str(tmp_path / "q")])
    assert result.exit_code == 0 and result.stdout == "table\n" and result.stderr == "[1/6] building\n"
    result = CliRunner().invoke(cli.main, ["quickstart", "--out", str(tmp_path / "q"), "--quiet"])
    assert result.exit_code == 0 and result.stdout == "table\n" and result.stderr == ""
