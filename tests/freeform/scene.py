"""What the corpus generator can say about one world: descriptions, absent descriptions, facts.

Every choice is drawn from the generator passed in, so a world and a seed give the same captions.
The truth of what is said is left to the labeller (:mod:`.labels`); these helpers only aim at
true or false statements, and the caller keeps a draft only when the label is what it aimed at.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

import numpy as np

from .english import OPPOSITE, pick
from .labels import Claim, Desc, Rel, Thing, masks, pair
from .worlds import COLORS, SHAPES

RELATIONS = ("above", "below", "left", "right")
LEVELS = ("full", "full", "full", "shape", "color")  # how much of an entity a description names


@dataclass
class Draft:
    """A caption before labelling: text and the claims it makes, each with its own text."""

    kind: str
    text: str
    parts: list[tuple[str, Claim]] = field(default_factory=list)
    wellformed: bool = True
    fixed: bool = False  # keep whatever the label (no true/false aim)
    fragment: bool = False  # a noun phrase, not a sentence ("Two red squares and a blue circle.")
    erg: Optional[str] = None  # for model-style errors: the evidence that the ERG rejects the pattern


def exists(desc: Desc) -> Claim:
    return Claim("exists", desc)


def spatial(subject: Desc, name: str, ref: Desc, det: str = "a") -> Desc:
    """The subject description with a relation to a reference added: "a D1 (that is) R a D2"."""
    return Desc(subject.color, subject.shape, subject.rels + (Rel(name, det, ref),))


class Scene:
    """One world's entities and the descriptions a caption can use for them."""

    def __init__(self, things: Sequence[Thing]):
        self.things = tuple(things)

    def count(self, desc: Desc) -> int:
        return sum(masks(desc, self.things)[0])

    def describe(self, t: Thing, rng: np.random.Generator, levels: Sequence[str] = LEVELS) -> Desc:
        level = pick(rng, levels)
        if level == "shape":
            return Desc(shape=t.shape)
        if level == "color":
            return Desc(color=t.color)
        return Desc(t.color, t.shape)

    def present(self, rng: np.random.Generator, levels: Sequence[str] = LEVELS) -> Desc:
        return self.describe(pick(rng, self.things), rng, levels)

    def absent(self, rng: np.random.Generator) -> Desc:
        """A colour-and-shape description in the worlds' vocabulary that no entity here fits:
        a present entity with its colour or its shape swapped (a model's typical slip)."""
        for _ in range(50):
            t = pick(rng, self.things)
            if rng.random() < 0.5:
                desc = Desc(pick(rng, tuple(COLORS)), t.shape)
            else:
                desc = Desc(t.color, pick(rng, SHAPES))
            if self.count(desc) == 0:
                return desc
        while True:
            desc = Desc(pick(rng, tuple(COLORS)), pick(rng, SHAPES))
            if self.count(desc) == 0:
                return desc

    def mention(self, rng: np.random.Generator, want: bool, levels: Sequence[str] = LEVELS) -> Desc:
        """A description of something present (``want``) or absent."""
        return self.present(rng, levels) if want else self.absent(rng)

    def groups(self) -> list[tuple[Desc, int]]:
        """(colour-and-shape description, how many) for each kind of entity, in drawing order."""
        seen: dict[tuple[str, str], int] = {}
        for t in self.things:
            seen[(t.color, t.shape)] = seen.get((t.color, t.shape), 0) + 1
        return [(Desc(c, s), k) for (c, s), k in seen.items()]

    def unique(self, t: Thing, rng: np.random.Generator) -> Optional[Desc]:
        """A description only ``t`` fits ("the square", "the red shape", "the red square"), if any."""
        options = [d for d in (Desc(shape=t.shape), Desc(color=t.color), Desc(t.color, t.shape)) if self.count(d) == 1]
        return pick(rng, options) if options else None

    def facts(self) -> list[tuple[Thing, Thing, str]]:
        """Every (e, r, relation) where e clearly stands in the relation to r."""
        return [(e, r, name) for e in self.things for r in self.things if e.id != r.id for name in RELATIONS
                if pair(name, e, r)[0]]

    def fact(self, rng: np.random.Generator, want: bool) -> Optional[tuple[Desc, str, Desc]]:
        """A spatial statement "D1 R D2" aimed at true (a clear fact) or false (the fact's relation
        flipped, or one side swapped for something absent)."""
        facts = self.facts()
        if not facts:
            if want:
                return None
            return self.present(rng), pick(rng, RELATIONS), self.absent(rng)
        e, r, name = pick(rng, facts)
        d1, d2 = self.describe(e, rng), self.describe(r, rng)
        if want:
            return d1, name, d2
        mode = pick(rng, ("flip", "flip", "subject", "reference"))
        if mode == "flip":
            return Desc(e.color, e.shape), OPPOSITE[name], Desc(r.color, r.shape)
        if mode == "subject":
            return self.absent(rng), name, d2
        return d1, name, self.absent(rng)

    def fact_about(self, t: Thing, rng: np.random.Generator, want: bool) -> Optional[tuple[str, Desc]]:
        """ "(t) is R D2" aimed at true or false, for a given subject."""
        facts = [(r, name) for e, r, name in self.facts() if e.id == t.id]
        if not facts:
            return None if want else (pick(rng, RELATIONS), self.absent(rng))
        r, name = pick(rng, facts)
        if want:
            return name, self.describe(r, rng)
        if rng.random() < 0.6:
            return OPPOSITE[name], Desc(r.color, r.shape)
        return name, self.absent(rng)

    def definite_pair(self, rng: np.random.Generator, want: bool) -> Optional[tuple[Desc, str, Desc]]:
        """ "The D1 is R the D2" with both descriptions unique, aimed at true or false."""
        options = []
        for e, r, name in self.facts():
            d1, d2 = self.unique(e, rng), self.unique(r, rng)
            if d1 is not None and d2 is not None:
                options.append((d1, name if want else OPPOSITE[name], d2))
        return pick(rng, options) if options else None


__all__ = ["RELATIONS", "Draft", "Scene", "exists", "spatial"]
