"""quickstart --suite new (the baseline table on the nine tasks beyond the paper's) and --suite
informative (the six informative forms, T(skill) first), both opt-in."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from shapeworldice import cli
from shapeworldice.data.definition import list_definitions
from shapeworldice.evaluation import quickstart


def test_new_suite_names_shipped_definitions_and_the_default_is_the_paper():
    assert set(quickstart.NEW_TASKS) <= set(list_definitions())
    assert quickstart.SUITES["paper"] == quickstart.SIX
    assert set(quickstart.INFORMATIVE) <= set(list_definitions())
    assert quickstart.SKILL_COLUMN_KEYS[0] == "skill_truth"  # the headline of the informative suite
    with pytest.raises(ValueError, match="unknown quickstart suite"):
        list(quickstart.run("unused", suite="nope"))


@pytest.mark.slow
def test_new_suite_scores_every_baseline_on_the_nine_new_tasks(tmp_path):
    said: list[str] = []
    lines = list(quickstart.run(tmp_path / "qs", workers=1, train=8, test=4, say=said.append, suite="new"))
    builds = [s for s in said if s.startswith("[")]  # one "[i/n] NAME: building ..." line per task
    assert [s.split()[1] for s in builds] == [f"{name}:" for name in quickstart.NEW_TASKS]
    assert len(said) > len(builds)  # and a line per phase and per baseline between them
    table = lines[0]
    for name in quickstart.NEW_TASKS:
        assert f"{name} references" in table and f"{name} blind" in table
    assert not any(line.startswith(("robustness", "Staged checkpoints")) for line in lines)


def test_cli_passes_the_suite_only_when_asked(monkeypatch, tmp_path):
    calls = []

    def fake_run(out, workers, say, **options):
        calls.append(options)
        yield "table"

    monkeypatch.setattr(quickstart, "run", fake_run)
    assert CliRunner().invoke(cli.main, ["quickstart", "--out", str(tmp_path / "a"), "--quiet"]).exit_code == 0
    assert CliRunner().invoke(cli.main, ["quickstart", "--out", str(tmp_path / "b"), "--quiet",
                                         "--suite", "new"]).exit_code == 0
    assert CliRunner().invoke(cli.main, ["quickstart", "--out", str(tmp_path / "d"), "--quiet",
                                         "--suite", "informative"]).exit_code == 0
    assert calls == [{"progress": False}, {"progress": False, "suite": "new"},
                     {"progress": False, "suite": "informative"}]  # --quiet: no bars either
    result = CliRunner().invoke(cli.main, ["quickstart", "--out", str(tmp_path / "c"), "--suite", "bad"])
    assert result.exit_code == 2


@pytest.mark.slow
def test_informative_suite_scores_the_skill_view_captioner_within_its_bound(tmp_path):
    rows, built = quickstart.baseline_table(tmp_path, 1, 60, 24, names=("spatial-twoshapes-informative",),
                                            skill=True)
    assert quickstart.skill_view(built["spatial-twoshapes-informative"]) == "object-bag"
    scores = {label.split()[-1]: row for label, row in rows}
    assert list(scores) == [*quickstart.SKILL_SUITE_KINDS, "object-bag"]
    assert scores["references"]["skill_truth"] >= 0.9
    for row in scores.values():
        assert row["skill_truth"] <= row["truthfulness"]  # true, and within the bound
    assert scores["object-bag"]["skill_truth"] <= 0.55 + 0.25  # the bound, with a small sample's margin
