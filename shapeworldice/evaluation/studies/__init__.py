"""Studies built on repeated evaluations: baselines, curves, robustness, variance, validity, comparisons."""
