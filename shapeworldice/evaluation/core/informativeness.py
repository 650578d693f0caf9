"""Informativeness: how much a true caption says about its scene, beyond what is true anyway.

For an output caption with meaning ``f`` on an image, with ``k`` of the dataset's ``S`` prior
worlds (:mod:`shapeworldice.semantics.prior`) making ``f`` true:

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
* ``informative_truth``: the share of captions that are true and whose prior is within the
  dataset's ``max_prior`` (any prior where the dataset has no bound), to read beside T.

The evaluator activates a dataset's prior for the duration of a scoring step (:func:`active`);
the catalogue's per-caption hooks (:func:`information_hook` and friends) read it.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from ...data.loader import Split
from ...interpret.construction import claim_family
from ...interpret import formula_of
from ...semantics.components import from_json as caption_from_json
from ...semantics.prior import CaptionPrior

__all__ = ["InformativenessContext", "active", "caption_information", "context_for", "information_hook",
           "informative_truth_hook", "out_of_family_hook", "relative_hook", "unavailable_hook"]


@dataclass(frozen=True)
class InformativenessContext:
    """A dataset's prior, its references' mean information (bits), the families of its references
    (None: any family counts) and its bound on priors (None: no bound)."""

    prior: CaptionPrior
    reference_mean: float | None
    families: frozenset[str] | None = None
    bound: float | None = None


_ACTIVE: ContextVar[InformativenessContext | None] = ContextVar("informativeness", default=None)


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


@contextmanager
def active(context: InformativenessContext) -> Iterator[None]:
    """Make ``context`` the prior the informativeness hooks read, for a ``with`` block."""
    token = _ACTIVE.set(context)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def caption_information(prior: CaptionPrior, interpretation: Any, truth: str | None) -> float | None:
    """Bits a caption carries on its image: −log2 p̃ when true, 0 otherwise, None when true but
    without a computable prior."""
    if truth != "true" or interpretation is None:
        return 0.0
    formula = getattr(interpretation, "formula", interpretation)
    return prior.information(formula)


def _in_family(context: InformativenessContext, analysis: Any) -> bool:
    """Whether the caption's claim is of a family the references have (:func:`claim_family`)."""
    return context.families is None or getattr(analysis, "claim_family", None) in context.families


def image_cap(prior: CaptionPrior, references: Sequence[Any]) -> float | None:
    """Bits of the most informative of an image's references (None: none has a prior)."""
    bits = [prior.information(r.formula) for r in references if getattr(r, "formula", None) is not None]
    known = [b for b in bits if b is not None]
    return max(known) if known else None


def information_hook(analysis: Any, image: Any, references: Sequence[Any], truth: str | None) -> float | None:
    """Per-caption hook of ``informativeness`` (None outside an evaluation with a prior): 0 outside
    the references' families, else the caption's bits capped by its image's best reference."""
    context = _ACTIVE.get()
    if context is None:
        return None
    if not _in_family(context, analysis):
        return 0.0
    bits = caption_information(context.prior, analysis.interpretation, truth)
    cap = image_cap(context.prior, getattr(image, "references", ())) if bits else None
    return bits if bits is None or cap is None else min(bits, cap)


def relative_hook(analysis: Any, image: Any, references: Sequence[Any], truth: str | None) -> float | None:
    """Per-caption hook of ``informativeness_relative``: bits divided by the references' mean."""
    context = _ACTIVE.get()
    bits = information_hook(analysis, image, references, truth)
    if context is None or bits is None or not context.reference_mean:
        return None
    return bits / context.reference_mean


def unavailable_hook(analysis: Any, image: Any, references: Sequence[Any], truth: str | None) -> float | None:
    """Per-caption hook of ``prior_unavailable``: 1 for a true caption without a computable prior."""
    context = _ACTIVE.get()
    if context is None:
        return None
    return 1.0 if truth == "true" and information_hook(analysis, image, references, truth) is None else 0.0


def out_of_family_hook(analysis: Any, image: Any, references: Sequence[Any], truth: str | None) -> float | None:
    """Per-caption hook of ``out_of_family``: 1 for a caption outside the references' families."""
    context = _ACTIVE.get()
    if context is None:
        return None
    return 0.0 if _in_family(context, analysis) else 1.0


def informative_truth_hook(analysis: Any, image: Any, references: Sequence[Any], truth: str | None) -> float | None:
    """Per-caption hook of ``informative_truth``: 1 for a true caption whose prior is within the bound."""
    context = _ACTIVE.get()
    if context is None:
        return None
    if truth != "true" or analysis.interpretation is None:
        return 0.0
    if context.bound is None:
        return 1.0
    p = context.prior.prior(getattr(analysis.interpretation, "formula", analysis.interpretation))
    return 1.0 if p is not None and p <= context.bound else 0.0


def count(values: Sequence[float | None]) -> float | None:
    """Aggregate of ``prior_unavailable``: how many captions."""
    return float(sum(v or 0.0 for v in values))
