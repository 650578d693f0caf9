"""Informativeness: how much a true caption says about its scene, beyond what is true anyway.

For an output caption with meaning ``f`` on an image, with ``k`` of the dataset's ``S`` prior
worlds (:mod:`shapeworldice.interpret.prior`) making ``f`` true:

* ``I = −log2 p̃`` bits if the caption is *true* of the image, and 0 otherwise (false,
  ambiguous, uninterpretable or ungrammatical), where ``p̃ = (k + ½) / (S + ½)`` is the prior
  smoothed so that a true caption never carries infinite information (at most
  ``log2(2S + 1)`` ≈ 14.3 bits for S = 10,000) and a caption true in every world carries 0;
* informativeness cannot be stacked: ``I`` is at most the bits of the image's most informative
  reference (so references keep their bits), and a caption outside the families of the split's references (e.g.
  "There is a … and there is a …" on a spatial dataset: *logical*) carries 0 and is counted
  (``out_of_family``);
* ``informativeness``: the mean of ``I`` over all output captions;
* ``informativeness_relative``: that mean divided by the references' own mean ``I`` over all
  references of the split (references are true by construction), so the references score 1
  and a blind constant caption, true in most worlds, scores about 0;
* ``prior_unavailable``: true captions whose prior cannot be computed (e.g. depth relations on
  the stored sample); they count ``I = 0`` and are reported, not dropped;
* ``informative_truth``: the share of captions that are true, of the references' families, and
  whose prior is within the dataset's ``max_prior`` (any prior where the dataset has no bound), to
  read beside T (``skill_truth``, :mod:`.skill_truth`, bounds every caption instead).

The measure (:class:`Informativeness`) is bound to a dataset's prior once per evaluator.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ...data.loader import Split
from ...interpret.construction import claim_family
from ...interpret import formula_of
from ...semantics.components import from_json as caption_from_json
from ...interpret.prior import CaptionPrior
from .measures import CaptionContext, CaptionMeasure, DatasetContext

__all__ = ["Informativeness", "InformativenessContext", "caption_information", "context_for", "image_cap"]


@dataclass(frozen=True)
class InformativenessContext:
    """A dataset's prior, its references' mean information (bits), the families of its references
    (None: any family counts) and its bound on priors (None: no bound)."""

    prior: CaptionPrior
    reference_mean: float | None
    families: frozenset[str] | None = None
    bound: float | None = None


def reference_mean(split: Split, prior: CaptionPrior) -> float | None:
    """Mean information of a split's references (each distinct meaning computed once)."""
    bits: dict[str, float | None] = {}
    values = []
    for inst in split:
        for semantics in inst.semantics_json:
            if semantics not in bits:
                bits[semantics] = prior.information(formula_of(caption_from_json(semantics)))
            value = bits[semantics]
            if value is not None:
                values.append(value)
    return sum(values) / len(values) if values else None


def reference_families(split: Split) -> frozenset[str]:
    """Families of a split's references (each distinct meaning compiled once)."""
    meanings = {s for inst in split for s in inst.semantics_json}
    return frozenset(claim_family(formula_of(caption_from_json(s))) for s in meanings)


def context_for(split: Split, prior: CaptionPrior) -> InformativenessContext:
    bound = split.manifest.get("definition", {}).get("captions", {}).get("max_prior")
    return InformativenessContext(prior, reference_mean(split, prior), reference_families(split) or None,
                                  None if bound is None else float(bound))


def caption_information(prior: CaptionPrior, interpretation: Any, truth: str | None) -> float | None:
    """Bits a caption carries on its image: −log2 p̃ when true, 0 otherwise, None when true but
    without a computable prior."""
    if truth != "true" or interpretation is None:
        return 0.0
    formula = getattr(interpretation, "formula", interpretation)
    return prior.information(formula)


def _in_family(context: InformativenessContext, analysis: Any) -> bool:
    """Whether the caption's claim is of a family the references have (:func:`claim_family`)."""
    return context.families is None or getattr(analysis, "claim_kind", None) in context.families


def image_cap(prior: CaptionPrior, references: Sequence[Any]) -> float | None:
    """Bits of the most informative of an image's references (None: none has a prior)."""
    bits = [prior.information(r.formula) for r in references if getattr(r, "formula", None) is not None]
    known = [b for b in bits if b is not None]
    return max(known) if known else None


class Informativeness(CaptionMeasure):
    """The informativeness scores of a caption on a dataset with a prior (unbound: no values)."""

    keys = ("informativeness", "informativeness_relative", "prior_unavailable", "out_of_family",
            "informative_truth")
    description = ("I = -log2 of the caption's smoothed prior truth if it is true of the image, else 0 (bits), "
                   "at most the bits of the image's most informative reference, 0 outside the references' "
                   "families; I/ref divides by the references' mean I; T(inf) = true, of the references' "
                   "families and within the dataset's prior bound")
    counted = frozenset({"prior_unavailable", "out_of_family"})

    def __init__(self, context: InformativenessContext | None = None):
        self.context = context

    def prepare(self, dataset: DatasetContext) -> "Informativeness":
        if dataset.prior is None:
            return Informativeness()
        return Informativeness(context_for(dataset.split, dataset.prior))

    def score(self, context: CaptionContext) -> Mapping[str, float | None]:
        if self.context is None:
            return dict.fromkeys(self.keys)
        bits = self.information(context)
        mean = self.context.reference_mean
        return {"informativeness": bits,
                "informativeness_relative": None if bits is None or not mean else bits / mean,
                "prior_unavailable": 1.0 if context.truth == "true" and bits is None else 0.0,
                "out_of_family": 0.0 if _in_family(self.context, context.analysis) else 1.0,
                "informative_truth": self.informative_truth(context)}

    def information(self, context: CaptionContext) -> float | None:
        """0 outside the references' families, else the caption's bits capped by its image's best
        reference (None: true without a computable prior)."""
        assert self.context is not None
        if not _in_family(self.context, context.analysis):
            return 0.0
        bits = caption_information(self.context.prior, context.analysis.interpretation, context.truth)
        cap = image_cap(self.context.prior, getattr(context.image, "references", ())) if bits else None
        return bits if bits is None or cap is None else min(bits, cap)

    def informative_truth(self, context: CaptionContext) -> float:
        """1 for a true caption of the references' families whose prior is within the dataset's bound."""
        assert self.context is not None
        interpretation = context.analysis.interpretation
        if context.truth != "true" or interpretation is None or not _in_family(self.context, context.analysis):
            return 0.0
        if self.context.bound is None:
            return 1.0
        p = self.context.prior.prior(getattr(interpretation, "formula", interpretation))
        return 1.0 if p is not None and p <= self.context.bound else 0.0
