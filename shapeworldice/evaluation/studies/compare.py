"""Do two caption sets on the same build differ? Each score of A and B, the difference B − A with
its 95% interval, and the paired bootstrap p-value (the same image draws for both sets).

Comparing two models is what a diagnostic benchmark is read for; a bare point difference cannot
tell a real difference from the noise of which images were drawn into the test split.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from ...errors import UserError
from .limits import MAX_BOOTSTRAP_DRAWS, check_count
from ...metrics import catalogue
from ..core.gtd import Evaluator, gtd_signature
from ..core.intervals import DRAWS, paired_test, scored_table, signature_field
from ..io.report import fmt
from ..io.report_records import Comparison, PairedScore

__all__ = ["compare", "compare_table"]

#: below this p-value the table marks a difference (a reader may pick another level from the JSON)
ALPHA = 0.05


def compare(evaluator: Evaluator, a: str | Path | Sequence[dict[str, Any]], b: str | Path | Sequence[dict[str, Any]],
            draws: int = DRAWS, seed: int = 0, include_meteor: bool = False, several_captions: bool = False,
            names: tuple[str, str] = ("A", "B")) -> Comparison:
    """The paired comparison of caption sets ``a`` and ``b`` (files or COCO-results entries)."""
    check_count("draws", draws, 100, MAX_BOOTSTRAP_DRAWS)
    scored_a, _ = evaluator.score(a, include_meteor=include_meteor, several_captions=several_captions)
    scored_b, _ = evaluator.score(b, include_meteor=include_meteor, several_captions=several_captions)
    if scored_a.image_order != scored_b.image_order:  # pragma: no cover - both must caption every image
        raise UserError("the two caption sets do not cover the same images")
    tests = paired_test(scored_table(scored_a), scored_table(scored_b), draws, seed)
    keys = [k for k in catalogue.keys() if k in tests]
    return Comparison(f"{gtd_signature(evaluator.data, evaluator.parser)}|paired:{signature_field(draws, seed)}",
                      names[0], names[1], len(scored_a.image_order),
                      {k: PairedScore.from_json(tests[k]) for k in keys}, ALPHA)


def compare_table(result: Comparison) -> str:
    """One line per score: A, B, B − A, its interval, p, and '*' where p < ALPHA."""
    lines = [f"{'':10s} {'A':>8s} {'B':>8s} {'B - A':>8s} {'95% interval of B - A':>22s} {'p':>7s}",
             f"A = {result.a}, B = {result.b}, {result.images} images"]
    lines.insert(1, "-" * len(lines[0]))
    for key, t in result.scores.items():
        interval = "" if not t.interval else f"[{t.interval[0]:+.3f}, {t.interval[1]:+.3f}]"
        diff = "n/a" if t.difference is None else f"{t.difference:+.3f}"
        p = "n/a" if t.p is None else f"{t.p:.3f}"
        mark = " *" if t.p is not None and t.p < result.alpha else ""
        lines.insert(-1, f"{catalogue.label(key):10s} {fmt(t.a):>8s} {fmt(t.b):>8s} {diff:>8s} "
                         f"{interval:>22s} {p:>7s}{mark}")
    lines.append(f"* p < {result.alpha} (paired bootstrap over images, two-sided; D by the jackknife)")
    lines.append(result.signature)
    return "\n".join(lines)
