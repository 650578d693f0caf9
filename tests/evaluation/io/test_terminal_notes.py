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
