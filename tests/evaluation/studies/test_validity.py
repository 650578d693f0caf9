"""The validity study: AUC, bootstrap and correlations against known values, and the command's outputs."""
from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.evaluation.studies.validity import _fast_auc, bootstrap_auc, correlations, roc_auc
from tests.cli_support import one_line_error, run


@pytest.fixture(scope="module")
def small_dataset(tmp_path_factory):
    """A 48-image spatial-twoshapes test split."""
    from shapeworldice.data.build import generate

    return generate("spatial-twoshapes", tmp_path_factory.mktemp("validity"), seed=0, train=0, validation=0, test=48)


def _pairwise_auc(positive, negative):
    """The definition: the share of (positive, negative) pairs ordered right, ties ½."""
    wins = sum((p > n) + 0.5 * (p == n) for p in positive for n in negative)
    return wins / (len(positive) * len(negative))


def test_auc_known_values():
    assert roc_auc([3, 4], [1, 2]) == 1.0
    assert roc_auc([1, 2], [3, 4]) == 0.0
    assert roc_auc([1], [1]) == 0.5
    assert roc_auc([0.9, 0.4, 0.6], [0.5, 0.1]) == pytest.approx(5 / 6)  # 0.4 < 0.5 is the one wrong pair
    assert roc_auc([], [1.0]) is None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=1, max_size=12), st.lists(st.integers(0, 5), min_size=1, max_size=12))
def test_auc_is_the_pairwise_definition_with_ties(positive, negative):
    assert roc_auc(positive, negative) == pytest.approx(_pairwise_auc(positive, negative))
    scores = np.array(positive + negative, dtype=float)
    labels = np.array([1] * len(positive) + [0] * len(negative))
    assert _fast_auc(scores, labels) == pytest.approx(_pairwise_auc(positive, negative))


def test_kendall_and_pearson_known_values():
    out = correlations([1, 2, 3, 4], [1, 3, 2, 4])
    assert out["kendall"] == pytest.approx(4 / 6)  # 5 concordant, 1 discordant pair of 6
    assert out["pearson"] == pytest.approx(0.8)  # deviations (-1.5,-.5,.5,1.5)·(-1.5,.5,-.5,1.5) = 4 over 5
    assert correlations([1, 2], [2, 1])["reason"].startswith("2 system(s)")
    assert correlations([1, 1, 1], [1, 2, 3])["reason"] == "constant across the systems"
    assert correlations([1, 2, None, 3], [3, 2, 9, 1])["kendall"] == pytest.approx(-1.0)


def test_bootstrap_is_seeded_and_brackets_the_estimate():
    rng = np.random.default_rng(0)
    labels = rng.integers(0, 2, 300)
    scores = labels + rng.normal(0, 1, 300)
    groups = np.repeat(np.arange(100), 3)
    first = bootstrap_auc(scores, labels, groups, 200, seed=3)
    assert first == bootstrap_auc(scores, labels, groups, 200, seed=3)
    auc = roc_auc(scores[labels == 1], scores[labels == 0])
    assert first[0] < auc < first[1]
    assert bootstrap_auc(scores, np.ones(300, dtype=int), groups, 50, 0) == (None, None)


def test_validity_command_writes_table_json_and_reproducible_plot(small_dataset, tmp_path):
    files = []
    for kind in ("references", "shuffled", "permuted", "generic"):
        path = tmp_path / f"{kind}.json"
        assert run("baseline", small_dataset, "--kind", kind, "--out", path).exit_code == 0
        files += ["--captions", path]
    first = run("validity", small_dataset, *files, "--draws", "50", "--out", tmp_path / "a", "--quiet")
    assert first.exit_code == 0, first.output
    assert "BLEU-4" in first.output and "AUC (grammatical)" in first.output
    second = run("validity", small_dataset, *files, "--draws", "50", "--out", tmp_path / "b", "--quiet")
    assert second.exit_code == 0
    for suffix in (".json", ".svg", ".png"):
        assert (tmp_path / f"a{suffix}").read_bytes() == (tmp_path / f"b{suffix}").read_bytes(), suffix
    from shapeworldice.evaluation.studies.records import ValidityResult

    result = ValidityResult.from_json(json.loads((tmp_path / "a.json").read_text()))
    assert sorted(result.systems) == ["generic", "permuted", "references", "shuffled"]
    # references are all true and grammatical; permuted ones mostly ungrammatical: G separates truth
    assert result.caption_level["grammaticality"]["all"]["auc"] > 0.7
    assert result.caption_level["grammaticality"]["grammatical"]["auc"] == 0.5
    assert result.system_level["truthfulness"]["bleu_4"]["systems"] == 4


def test_validity_needs_captions_and_distinct_files(small_dataset, tmp_path):
    path = tmp_path / "generic.json"
    assert run("baseline", small_dataset, "--kind", "generic", "--out", path).exit_code == 0
    assert "twice" in one_line_error(run("validity", small_dataset, "--captions", path, "--captions", path))
    assert "file not found" in one_line_error(run("validity", small_dataset, "--captions", tmp_path / "none.json"))


def test_validity_out_never_replaces_an_input_or_a_file_it_does_not_own(small_dataset, tmp_path):
    """Issue #33: --out v-a with v-a.json the caption file it reads replaced the captions; --out
    critic-v/config replaced a critic's config. Both are one line before any work, the files intact."""
    captions = tmp_path / "v-a.json"
    assert run("baseline", small_dataset, "--kind", "generic", "--out", captions).exit_code == 0
    before = captions.read_bytes()
    line = one_line_error(run("validity", small_dataset, "--captions", captions, "--out", tmp_path / "v-a"))
    assert "would overwrite the input --captions" in line
    assert captions.read_bytes() == before and not (tmp_path / "v-a.png").exists()
    run_dir = tmp_path / "critic-v"
    run_dir.mkdir()
    config = run_dir / "config.json"
    config.write_text(json.dumps({"run": "critic", "config": {}, "vocabulary": [], "data": "d", "dataset": "x"}))
    saved = config.read_bytes()
    line = one_line_error(run("validity", small_dataset, "--captions", captions, "--out", run_dir / "config"))
    assert "is a file of the run folder" in line and config.read_bytes() == saved
    mine = tmp_path / "notes.json"  # a user's own file that validity did not write
    mine.write_text('{"mine": true}')
    line = one_line_error(run("validity", small_dataset, "--captions", captions, "--out", tmp_path / "notes"))
    assert "is not a validity result" in line and mine.read_text() == '{"mine": true}'
    picture = tmp_path / "photo.png"
    picture.write_bytes(b"not ours")
    line = one_line_error(run("validity", small_dataset, "--captions", captions, "--out", tmp_path / "photo"))
    assert "no validity result is beside it" in line and picture.read_bytes() == b"not ours"
    ok = run("validity", small_dataset, "--captions", captions, "--draws", "5", "--out", tmp_path / "v", "--quiet")
    assert ok.exit_code == 0, ok.output
    again = run("validity", small_dataset, "--captions", captions, "--draws", "5", "--out", tmp_path / "v", "--quiet")
    assert again.exit_code == 0, again.output  # its own earlier result is replaced


def test_validity_expands_a_quoted_glob_as_curves_does(small_dataset, tmp_path):
    """Issue #33: validity --captions 'ckpt-*.json' (README, docs/critic.md) said "captions file not found"."""
    for n, kind in enumerate(("shuffled", "references", "generic"), 1):
        assert run("baseline", small_dataset, "--kind", kind, "--out", tmp_path / f"ckpt-{n}.json").exit_code == 0
    result = run("validity", small_dataset, "--captions", str(tmp_path / "ckpt-*.json"), "--draws", "5", "--json",
                 "--quiet")
    assert result.exit_code == 0, result.output
    assert sorted(json.loads(result.output)["systems"]) == ["ckpt-1", "ckpt-2", "ckpt-3"]
    line = one_line_error(run("validity", small_dataset, "--captions", str(tmp_path / "none-*.json")))
    assert "none-*.json: no file matches this pattern" in line


def test_validity_out_writes_the_csv_its_help_promises(small_dataset, tmp_path):
    """Issue #33: --help promised PREFIX.csv beside .json/.png/.svg, and none was written."""
    import csv

    files = []
    for kind in ("references", "shuffled", "generic"):
        path = tmp_path / f"{kind}.json"
        assert run("baseline", small_dataset, "--kind", kind, "--out", path).exit_code == 0
        files += ["--captions", path]
    result = run("validity", small_dataset, *files, "--draws", "20", "--out", tmp_path / "v", "--quiet")
    assert result.exit_code == 0, result.output
    assert f"wrote {tmp_path / 'v.csv'}" in result.output
    rows = list(csv.DictReader((tmp_path / "v.csv").open()))
    by_measure = {row["measure"]: row for row in rows}
    saved = json.loads((tmp_path / "v.json").read_text())
    assert float(by_measure["grammaticality"]["auc_all"]) == saved["caption_level"]["grammaticality"]["all"]["auc"]
    assert "bleu_4" in by_measure and "kendall_t" in rows[0]
    assert ".csv" in run("validity", "--help").output
