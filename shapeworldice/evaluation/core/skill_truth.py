"""Skill truth: a caption counts as right only when it is true *and* improbable given the view of a
captioner without the dataset's skill.

An informative dataset names a view (``skill_view``: what a model without the skill knows of a
scene, e.g. which colour–shape objects occur but not where; ``other_skill_views``: more views, each
bounding the caption too) and a bound ``b`` (``max_view_prior``). A true caption ``c`` of an image
counts 1 when its probability of being
true over worlds re-filled from that view of the image (:class:`~shapeworldice.interpret.views.ViewBound`,
the estimate the builder bounds its references with) is at most ``b``; any other caption counts 0,
whatever its family. A captioner that sees only the view writes, for each view, captions whose
chance of being true *and* counted is at most ``b`` each, so its expected skill truth is at most
``b`` for any caption it may write (``docs/informativeness.md`` gives the argument). Datasets
without a skill view have no skill truth (None).
"""
from __future__ import annotations

from typing import Mapping, Sequence

from ...interpret.views import BOUND_TRUE_WORLDS, JointViewBound, ViewBound, view_bound
from .measures import CaptionContext, CaptionMeasure, DatasetContext

__all__ = ["SkillTruth"]


class SkillTruth(CaptionMeasure):
    """``skill_truth``: the share of captions that are true and within the view bound."""

    keys = ("skill_truth",)
    description = ("T(skill) = the share of captions that are true and whose probability of being true given "
                   "the view of a captioner without the dataset's skill is at most its bound (any family)")

    def __init__(self, bound: float | None = None, view: ViewBound | JointViewBound | None = None):
        self.bound, self.view = bound, view

    def prepare(self, dataset: DatasetContext) -> "SkillTruth":
        definition = dataset.split.manifest.get("definition", {})
        captions = definition.get("captions", {})
        name, bound = captions.get("skill_view"), captions.get("max_view_prior")
        if name is None or bound is None or dataset.prior is None:
            return SkillTruth()
        views = (name, *captions.get("other_skill_views", ()))
        # the definition's version decides the bound's law, as it did for the build (a binding view's ceiling)
        return SkillTruth(float(bound), view_bound(views, dataset.prior.sample, true_worlds=BOUND_TRUE_WORLDS,
                                                   prior=dataset.prior, version=int(definition.get("version", 1))))

    def score(self, context: CaptionContext) -> Mapping[str, float | None]:
        if self.view is None or self.bound is None:
            return {"skill_truth": None}
        interpretation = context.analysis.interpretation
        if context.truth != "true" or interpretation is None:
            return {"skill_truth": 0.0}
        formula = getattr(interpretation, "formula", interpretation)
        exceeds = self.view.exceeds(formula, context.image.world, self.bound)
        return {"skill_truth": 0.0 if exceeds else 1.0}

    def aggregate(self, key: str, values: Sequence[float | None], weights: Sequence[float]) -> float | None:
        """The mean over captions (0 for an ungrammatical one); None where no caption has a value
        (a dataset without a skill view)."""
        if all(v is None for v in values):
            return None
        return super().aggregate(key, values, weights)
