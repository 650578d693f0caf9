"""Claim precision, hallucination rate and object recall as a per-caption measure."""
from __future__ import annotations

from typing import Mapping

from .measures import CaptionContext, CaptionMeasure

__all__ = ["ClaimMeasures"]


class ClaimMeasures(CaptionMeasure):
    """What a caption of several claims gets right, and which objects it invents (:mod:`.claims`)."""

    keys = ("claim_precision", "hallucination_rate", "object_recall")
    description = ("claims: the caption's conjuncts, each with its truth; P(claims) = true / decided claims; "
                   "Hall = hallucinated object mentions / object mentions (CHAIR-i); ObjR = share of the "
                   "world's objects a caption mentions")
    weighted = frozenset({"claim_precision", "hallucination_rate"})

    def score(self, context: CaptionContext) -> Mapping[str, float | None]:
        found = context.claims
        if found is None:  # a grammatical caption without a reading: no claims, no mentions, recalls nothing
            return {"claim_precision": None, "hallucination_rate": None, "object_recall": 0.0}
        return {"claim_precision": found.precision, "hallucination_rate": found.hallucination_rate,
                "object_recall": found.recall}

    def weight(self, key: str, context: CaptionContext) -> float:
        """Claim precision weighs a caption by its decided claims, hallucination by its mentions."""
        found = context.claims
        if found is None:
            return 0.0
        if key == "claim_precision":
            return float(len(found.claims))
        if key == "hallucination_rate":
            return float(len(found.mentions))
        return 1.0
