"""What the adversarial skill-truth tests share: the evaluator's skill-truth measure, the check
that a caption set's skill truth stays within the bound, and the greedy view-only captioner."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from shapeworldice.evaluation.core.gtd import Evaluator
from shapeworldice.evaluation.core.skill_truth import SkillTruth


def skill_measure(evaluator: Evaluator) -> SkillTruth:
    """The evaluator's skill-truth measure, with its view and bound."""
    measure = next(m for m in evaluator.measures() if isinstance(m, SkillTruth))
    assert measure.view is not None and measure.bound is not None
    return measure


def below_bound(report: Any, bound: float, what: str = "") -> None:
    """The report's skill truth is at most ``bound`` within its interval."""
    low, high = report["intervals"]["skill_truth"]
    assert low <= bound, (what, report["scores"]["skill_truth"], low, high, bound)


def score(evaluator: Evaluator, entries: list[dict]) -> Any:
    """The report of ``entries``, which may leave images out."""
    if len(entries) < len(evaluator.images):
        return evaluator.evaluate(entries, allow_missing=True)
    return evaluator.evaluate(entries)


def greedy(evaluator: Evaluator, probability: Callable[[Any, Any], float | None], bound: float,
           captions: Callable[[Any], Iterable[str]]) -> tuple[list[dict], list[dict], int]:
    """Per image, of the ``captions`` written for it that the grammar reads, the one most probably
    true given the view (``probability(formula, world)``) and the likeliest one the bound admits
    (the likeliest outright where none is admitted): (likeliest, admitted, captions read). Images
    with no caption scored are left out of both."""
    likeliest, admitted, parsed = [], [], 0
    for image in evaluator.images:
        scored = []
        for caption in captions(image):
            analysis = evaluator.analyse(caption)
            if analysis.interpretation is None:
                continue
            parsed += 1
            p = probability(analysis.interpretation.formula, image.world)
            if p is not None:
                scored.append((p, caption))
        if not scored:
            continue
        likeliest.append({"image_id": image.id, "caption": max(scored)[1]})
        fits = [s for s in scored if s[0] <= bound]
        admitted.append({"image_id": image.id, "caption": max(fits)[1] if fits else max(scored)[1]})
    return likeliest, admitted, parsed
