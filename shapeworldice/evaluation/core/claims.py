"""Claims and objects: what a caption of several claims gets right, and which objects it invents.

For a caption with an interpretation, on its image's world:

* its claims (:func:`shapeworldice.interpret.claims`), each with its own verdict ("true",
  "false" or "ambiguous", computed as the caption's is);
* ``claim_precision``: true claims / decided claims (every claim of an interpretable caption is
  decided: an ambiguous claim counts as not true, as T counts an ambiguous caption);
* its object mentions (:func:`shapeworldice.interpret.object_mentions`), the *hallucinated* ones
  being those no entity of the world fits ("a star", "a black square" where there is none);
  ``hallucination_rate``: hallucinated mentions / mentions (CHAIR-i's definition);
* ``object_recall``: the share of the world's entities that fit at least one mention.

The report's claim precision and hallucination rate are ratios of sums over all captions
(Σ true / Σ decided claims; Σ hallucinated / Σ mentions), weighted by each caption's claims and
mentions; object recall is the mean over captions (0 for a caption without an interpretation, as
informativeness counts one). The measure is :class:`~.claim_measures.ClaimMeasures`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...interpret import Interpretation, claims, object_mentions, verdict
from ...interpret.evaluate import read

__all__ = ["ClaimCheck", "check"]


@dataclass(frozen=True)
class ClaimCheck:
    """A caption's claims with their verdicts, its object mentions, which of them the world lacks,
    and how many of the world's entities the mentions cover."""

    claims: tuple[tuple[str, str], ...]  # (logical form, verdict)
    mentions: tuple[str, ...]
    hallucinated: tuple[str, ...]
    recalled: int
    entities: int

    @property
    def precision(self) -> float | None:
        return sum(t == "true" for _, t in self.claims) / len(self.claims) if self.claims else None

    @property
    def hallucination_rate(self) -> float | None:
        return len(self.hallucinated) / len(self.mentions) if self.mentions else None

    @property
    def recall(self) -> float | None:
        return self.recalled / self.entities if self.entities else None

    def claim_records(self) -> list[dict[str, str]]:
        """The claims as ``details.jsonl`` writes them: ``{"text": logical form, "truth": verdict}``."""
        return [{"text": text, "truth": truth} for text, truth in self.claims]


def check(interpretation: Interpretation, world: Any, label: str | None = None) -> ClaimCheck:
    """The :class:`ClaimCheck` of an interpretation on a world; ``label``, the caption's verdict
    when already known, is reused for a caption of one claim."""
    read_as = read(interpretation)  # bare numerals as truth reads them, so a claim says what was checked
    assert isinstance(read_as, Interpretation)
    interpretation = read_as
    formula = interpretation.formula
    parts, texts, mentions, mention_texts = _parts(interpretation)
    if len(parts) == 1 and parts[0] is formula and label is not None:
        verdicts = [label]
    else:
        verdicts = [verdict(Interpretation(part), world) for part in parts]
    entities = world.entities
    fits = [[m.matches(e) for e in entities] for m in mentions]
    found = ClaimCheck(tuple(zip(texts, verdicts)), mention_texts,
                       tuple(t for t, row in zip(mention_texts, fits) if not any(row)),
                       sum(any(row[i] for row in fits) for i in range(len(entities))), len(entities))
    return found


def _parts(interpretation: Interpretation) -> tuple[list[Any], tuple[str, ...], list[Any], tuple[str, ...]]:
    """An interpretation's claims and mentions with their texts, computed once per interpretation:
    every caption with the same reading shares the same strings (200,000 captions of a few
    thousand readings would otherwise hold 200,000 copies of each logical form)."""
    hit = interpretation.__dict__.get("_claim_parts")
    if hit is None:
        parts = claims(interpretation.formula)
        mentions = object_mentions(interpretation.formula)
        hit = (parts, tuple(str(p) for p in parts), mentions, tuple(map(str, mentions)))
        object.__setattr__(interpretation, "_claim_parts", hit)  # a cache, not a field
    return hit
