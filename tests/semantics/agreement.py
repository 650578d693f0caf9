"""Shared by the selection and complex-quantifier tests: each caption judged three ways — its
component's truth, the evaluator's on its logical form, and the independent labeller's."""
from __future__ import annotations

from typing import Any, Sequence

from shapeworldice.interpret import formula_of
from shapeworldice.interpret.evaluate import truth as formula_truth
from shapeworldice.semantics import Truth
from tests.semantics.independent_selectors import label


def three_truths_agree(captions: Sequence[Any], worlds: Sequence[Any], per_world: int = 5) -> set[Truth]:
    """Judge captions ``i .. i + per_world`` on world ``i`` (mostly other worlds' captions: many
    false, some ambiguous); assert the three judgments agree; return the truths seen."""
    seen = set()
    for i, world in enumerate(worlds):
        for caption in captions[i:i + per_world]:
            expected = caption.truth(world)
            seen.add(expected)
            assert formula_truth(formula_of(caption), world) == expected, caption.to_json()
            assert label(caption.to_json(), world.to_json()) == int(expected), caption.to_json()
    return seen
