"""BLEU-1..4 exactly as pycocoevalcap's ``Bleu(4)`` computes it, vectorised.

pycocoevalcap's BleuScorer (option ``'closest'``): per item, clipped n-gram matches against the
element-wise max of the references' n-gram counts, guesses ``max(0, len − k + 1)``, effective
reference length = the reference length closest to the candidate's (ties → shorter), and the
smoothing constants ``tiny = 1e-15`` (numerator) and ``small = 1e-9`` (denominator).  Corpus BLEU
sums the statistics over items; per-item BLEU applies the same formula to one item's statistics
(its brevity penalty uses the item's own lengths).  Both are reproduced here with whole-corpus
sparse-matrix operations instead of per-sentence Python loops.

Result design: :class:`Bleu` returns four separate results ``bleu_1`` … ``bleu_4`` (the report's
keys); each has its own per-image scores and signature (``BLEU-1`` … ``BLEU-4``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from ._ngrams import group_max_sparse
from .base import ItemStatistics, Metric, MetricResult, PreparedCorpus, impl_version

__all__ = ["Bleu", "BleuStats", "bleu_stats", "bleu_scores"]

_TINY = 1e-15
_SMALL = 1e-9


@dataclass
class BleuStats:
    """Per-item sufficient statistics of BLEU (pycocoevalcap's ``comps``)."""

    correct: np.ndarray  # (n_items, n) clipped matches per order
    guess: np.ndarray  # (n_items, n) candidate n-grams per order
    testlen: np.ndarray  # (n_items,)
    reflen: np.ndarray  # (n_items,) closest reference length


#: candidates clipped against their references at once
ITEMS_PER_BLOCK = 1 << 12


def bleu_stats(corpus: PreparedCorpus, n: int = 4) -> BleuStats:
    """Clipped matches, guesses and lengths of every item, in one pass over the corpus."""
    tab = corpus.ngrams(n)
    S = tab.counts
    maxref = group_max_sparse(S[corpus.ref_sent], corpus.ref_image, corpus.n_images)
    correct = np.zeros((corpus.n_items, n))
    for a in range(0, corpus.n_items, ITEMS_PER_BLOCK):  # clipping item by item: memory of a block, not the corpus
        b = min(a + ITEMS_PER_BLOCK, corpus.n_items)
        cand = S[corpus.item_sent[a:b]]
        correct[a:b] = (cand.minimum(maxref[corpus.item_image[a:b]]) @ tab.onehot).toarray()
    testlen = tab.lengths[corpus.item_sent]
    guess = np.maximum(0, testlen[:, None] - np.arange(n)[None, :])
    # closest reference length: min over refs of (|l − testlen|, l), as an integer key
    pair_item, pair_ref = corpus.pairs
    rl = tab.lengths[corpus.ref_sent][pair_ref]
    big = int(rl.max(initial=0)) + 1
    key = np.abs(rl - testlen[pair_item]) * big + rl
    reflen = np.minimum.reduceat(key, corpus.pair_starts) % big
    return BleuStats(correct.astype(np.float64), guess.astype(np.float64),
                     testlen.astype(np.float64), reflen.astype(np.float64))


def _combine(correct, guess, testlen, reflen, n: int):
    """pycocoevalcap's BLEU formula (works element-wise on arrays or on scalars)."""
    out = []
    bleu = 1.0
    for k in range(n):
        bleu = bleu * ((correct[k] + _TINY) / (guess[k] + _SMALL))
        out.append(bleu ** (1.0 / (k + 1)))
    ratio = (testlen + _TINY) / (reflen + _SMALL)
    return out, ratio


def brevity_penalty(ratio: Any) -> Any:
    """BLEU's brevity penalty, exp(1 − 1/ratio) below ratio 1, else 1. A Python float (the corpus
    value) goes through ``math.exp`` as in pycocoevalcap; an array (per item, per bootstrap draw)
    through NumPy, whose ``exp`` can differ in the last bit."""
    if isinstance(ratio, float):
        return math.exp(1 - 1 / ratio) if ratio < 1 else 1.0
    ratio = np.asarray(ratio)
    return np.where(ratio < 1, np.exp(1 - 1 / np.where(ratio > 0, ratio, 1)), 1.0)


def bleu_scores(stats: BleuStats, n: int = 4) -> tuple[list[float], np.ndarray]:
    """(corpus BLEU-1..n, per-item BLEU array of shape (n, n_items)), pycocoevalcap-exact."""
    per, ratio = _combine(stats.correct.T, stats.guess.T, stats.testlen, stats.reflen, n)
    per_item = np.vstack(per) if per else np.zeros((0, len(stats.testlen)))
    short = ratio < 1
    if short.any():
        per_item[:, short] *= brevity_penalty(ratio[short])
    tot_c = [float(x) for x in stats.correct.sum(axis=0)]
    tot_g = [float(x) for x in stats.guess.sum(axis=0)]
    corpus, cratio = _combine(tot_c, tot_g, float(stats.testlen.sum()), float(stats.reflen.sum()), n)
    penalty = brevity_penalty(cratio)
    return [b * penalty for b in corpus] if cratio < 1 else corpus, per_item


def scores_of_sums(sums: np.ndarray, n: int = 4) -> dict[str, np.ndarray]:
    """BLEU-1..n of summed statistics, one row per sum: columns correct (n), guess (n), testlen,
    reflen (the layout of :meth:`Bleu.statistics`)."""
    correct, guess = sums[:, :n].T, sums[:, n:2 * n].T
    scores, ratio = _combine(correct, guess, sums[:, 2 * n], sums[:, 2 * n + 1], n)
    penalty = brevity_penalty(ratio)
    return {f"bleu_{k}": np.asarray(score) * penalty for k, score in enumerate(scores, 1)}


class Bleu(Metric):
    """BLEU-1..n (default 4), pycocoevalcap-exact; returns results ``bleu_1`` … ``bleu_n``."""

    name = "bleu"

    def __init__(self, n: int = 4) -> None:
        self.n = n
        self.result_names = tuple(f"bleu_{k}" for k in range(1, n + 1))

    def signature(self, corpus: PreparedCorpus, result_name: str) -> str:
        k = result_name.rsplit("_", 1)[-1]
        return f"BLEU-{k}|{corpus.signature_fields()}|eff:closest|smooth:coco|impl:{impl_version()}"

    def statistics(self, result: MetricResult) -> ItemStatistics | None:
        """Per item: clipped matches and guesses per order, candidate and closest reference length."""
        found = result.extra.get("item_stats")
        if found is None:
            return None
        stats, item_image = found
        n = self.n
        return ItemStatistics(np.column_stack([stats.correct, stats.guess, stats.testlen, stats.reflen]), item_image,
                              lambda sums: scores_of_sums(sums, n))

    def _compute(self, corpus: PreparedCorpus) -> dict[str, MetricResult]:
        stats = bleu_stats(corpus, self.n)
        corpus_scores, per_item = bleu_scores(stats, self.n)
        out = {}
        for k, name in enumerate(self.result_names):
            out[name] = MetricResult(
                name=name,
                score=float(corpus_scores[k]),
                per_image=corpus.per_image(per_item[k]),
                signature=self.signature(corpus, name),
                extra={"testlen": float(stats.testlen.sum()),
                       "reflen": float(stats.reflen.sum()),
                       "item_stats": (stats, corpus.item_image),
                       **corpus.caption_extra(per_item[k])},
            )
        return out
