"""Fake captions for the critic, each checked false on its own image by the project's evaluator.

Kinds and shares, as in Cui et al. (the system's own captions and another model's captions are
one kind here, ``model``: both come from the caption files given):

* ``model`` (6/9): a model caption — the image's own entry in the caption files when it has one,
  else one drawn from all of them; without caption files, a caption of a random image of the
  dataset's *train* split (what a captioner learns to say, regardless of the picture);
* ``other`` (1/9): a human caption of another image of the same split;
* ``random-words`` (1/9): one of the image's human captions with each word replaced with
  probability ½ by a vocabulary word;
* ``permuted`` (1/9): one of its human captions with a random share of its word positions shuffled.

``transformations=False`` (the paper's ablation) keeps ``model`` and ``other`` only (6:1).

The original labels every such caption fake; on these datasets another image's caption is often
*true* of this one (a count caption of one scene holds in another). Here a candidate is used only
when the evaluator — the grammar's parse, :func:`~shapeworldice.interpret.interpret_readings`
and the same three-valued verdict as ``evaluate`` — finds it ungrammatical or **false** on the
image's world; true, ambiguous and uninterpretable candidates are redrawn (up to
:data:`TRIES` times per image, then the image has no fake that epoch).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

import numpy as np

from ...evaluation.core.analysis import Analyser
from ...evaluation.studies.transforms import permute, replace_words
from ...interpret import verdict
from ...parsing import Parser, make_parser

KINDS = ("model", "other", "random-words", "permuted")
TRIES = 10


def shares(transformations: bool = True) -> dict[str, float]:
    """Each kind's share of the fakes."""
    weights = {"model": 6.0, "other": 1.0, "random-words": 1.0, "permuted": 1.0}
    if not transformations:
        weights = {"model": 6.0, "other": 1.0}
    total = sum(weights.values())
    return {k: w / total for k, w in weights.items()}


class Referee:
    """Says whether a caption may be a fake for a world: ungrammatical, or grammatical and false.

    Parses are cached by normalised text (:class:`~shapeworldice.evaluation.core.analysis.Analyser`)."""

    def __init__(self, parser: Parser | None = None):
        self.parser = parser or make_parser("builtin")
        self.analyse = Analyser(self.parser)

    def label(self, caption: str, world: Any) -> str:
        """"ungrammatical", or the evaluator's verdict: true, false, ambiguous, uninterpretable."""
        analysis = self.analyse(caption)
        if not analysis.grammatical:
            return "ungrammatical"
        return verdict(analysis.interpretation, world)

    def usable(self, caption: str, world: Any) -> bool:
        return self.label(caption, world) in ("ungrammatical", "false")

    def close(self) -> None:
        self.parser.close()


@dataclass
class FakeSource:
    """Draws checked fakes for the images of one split.

    ``captions[i]``: image i's human captions; ``worlds[i]``: its world; ``own[i]``: its entries in
    the caption files (may be empty); ``pool``: every model caption (or the train-split captions
    when no file was given); ``vocabulary``: the replacement words."""

    captions: Sequence[Sequence[str]]
    worlds: Sequence[Any]
    own: Sequence[Sequence[str]]
    pool: Sequence[str]
    vocabulary: Sequence[str]
    referee: Referee
    transformations: bool = True
    drawn: Counter = field(default_factory=Counter)  # kind → fakes used
    rejected: Counter = field(default_factory=Counter)  # kind → candidates refused (true of the image, ...)

    def __post_init__(self) -> None:
        self.kinds = list(shares(self.transformations))
        self.weights = np.array([shares(self.transformations)[k] for k in self.kinds])
        if not self.pool:
            self.kinds, self.weights = self.kinds[1:], self.weights[1:] / self.weights[1:].sum()

    def candidate(self, kind: str, i: int, rng: np.random.Generator) -> str:
        """One unchecked fake of ``kind`` for image ``i``."""
        if kind == "model":
            own = self.own[i] if i < len(self.own) else ()
            source = own if own else self.pool
            return source[int(rng.integers(len(source)))]
        if kind == "other":
            j = int(rng.integers(len(self.captions) - 1))
            j += j >= i
            return self.captions[j][int(rng.integers(len(self.captions[j])))]
        human = self.captions[i][int(rng.integers(len(self.captions[i])))]
        if kind == "random-words":
            return replace_words(human, 0.5, rng, self.vocabulary)
        return permute(human, float(rng.uniform(0.2, 1.0)), rng)

    def draw(self, i: int, rng: np.random.Generator) -> tuple[str, str] | None:
        """(kind, caption) of a fake false or ungrammatical on image ``i``'s world, or None."""
        kind = self.kinds[int(rng.choice(len(self.kinds), p=self.weights))]
        for _ in range(TRIES):
            caption = self.candidate(kind, i, rng)
            if self.referee.usable(caption, self.worlds[i]):
                self.drawn[kind] += 1
                return kind, caption
            self.rejected[kind] += 1
        return None

    def statistics(self) -> dict[str, dict[str, int]]:
        """Per kind: fakes used and candidates refused because the evaluator did not find them false."""
        return {k: {"used": self.drawn[k], "refused": self.rejected[k]} for k in KINDS}


def model_captions(entries: Sequence[Mapping[str, Any]], ids: Sequence[str]) -> tuple[list[list[str]], list[str]]:
    """Caption-file entries → (each image's own captions, in ``ids`` order; every caption)."""
    from ...evaluation.io.inputs import id_resolver

    position = {image_id: k for k, image_id in enumerate(ids)}
    resolve = id_resolver(ids)  # ids with or without the build tag
    own: list[list[str]] = [[] for _ in ids]
    pool: list[str] = []
    for entry in entries:
        caption = str(entry["caption"])
        pool.append(caption)
        k = position.get(resolve(str(entry["image_id"])))
        if k is not None:
            own[k].append(caption)
    return own, pool
