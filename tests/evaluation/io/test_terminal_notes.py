"""The terminal summary defines what its columns mean (T|G, Cov, ±95%), so a reader never has to
guess (T|G used to appear undefined)."""
from __future__ import annotations

from shapeworldice.evaluation.io.report import summary_text
from shapeworldice.evaluation.studies.baselines import baseline


def test_the_summary_defines_t_given_g_coverage_and_the_intervals(evaluator):
    text = summary_text(evaluator.evaluate(baseline(evaluator.data, "shuffled")))
    lines = text.splitlines()
    assert any(line.startswith("T|G = truthfulness among the grammatical captions only") for line in lines)
    assert any(line.startswith("Cov = coverage:") for line in lines)
    assert any(line.startswith("±95% = half the width of a 95% bootstrap interval") for line in lines)
    header, rule, overall, spread = lines[1:5]
    assert "T|G" in header and overall.startswith("overall") and spread.startswith("  ±95%")


def test_no_column_that_is_n_a_by_construction(evaluator):
    """Issue #33: evaluate's table always showed a METEOR column, n/a unless --meteor; it is shown
    only when a row has a METEOR score, and the 'not computed' line still says why it is missing."""
    from shapeworldice.evaluation.io.html_report import _summary
    from shapeworldice.evaluation.io.report import computed_columns

    report = evaluator.evaluate(baseline(evaluator.data, "shuffled"))
    text = summary_text(report)
    assert "METEOR" not in text.splitlines()[1] and "BLEU-4" in text.splitlines()[1]
    assert "METEOR: not computed (use --meteor)" in text
    assert not any("METEOR" in header for header in text.splitlines() if header.startswith(" "))
    assert "<th>METEOR</th>" not in "".join(_summary(report))
    assert ("METEOR", "meteor") in computed_columns("table", [{"meteor": 0.25}, {"meteor": None}])
    assert ("METEOR", "meteor") not in computed_columns("table", [{"meteor": None}])
