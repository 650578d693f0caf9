"""ROUGE-L exactly as pycocoevalcap's ``Rouge`` computes it, with bit-parallel LCS.

pycocoevalcap, per item: for each reference, LCS length ``l`` of candidate and reference
tokens; ``P = max_r l/|c|``, ``R = max_r l/|r|`` (maxima taken separately), score
``(1 + β²)·P·R / (R + β²·P)`` with β = 1.2, or 0 when P or R is 0; corpus score = mean.
Tokens are ``caption.split(" ")``, so an empty caption is one empty token (two empty captions
have LCS 1) — reproduced.

LCS lengths of all (candidate, reference) pairs are computed together with the bit-vector
algorithm of Allison–Dix/Hyyrö (one machine word per pair when the shorter sentence has ≤ 64
tokens; longer pairs fall back to pycocoevalcap's own dynamic programme).
"""
from __future__ import annotations

import numpy as np

from ._ngrams import NgramTable
from .base import Metric, MetricResult, PreparedCorpus, impl_version

__all__ = ["RougeL", "lcs_lengths", "rouge_l_scores"]

_BETA = 1.2
_ALL = np.uint64(0xFFFFFFFFFFFFFFFF)
_LOWMASK = np.array([(1 << k) - 1 for k in range(65)], dtype=np.uint64)
_CHUNK = 1 << 15  # pairs per vectorised batch
_CELLS = 1 << 22  # max pairs × tokens per batch (bounds memory for long captions)


def _dp_lcs(a: list, b: list) -> int:
    """pycocoevalcap's ``my_lcs`` (used for pairs whose shorter side exceeds 64 tokens)."""
    if len(a) < len(b):
        a, b = b, a
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0] * (len(b) + 1)
        for j, y in enumerate(b, 1):
            cur[j] = prev[j - 1] + 1 if x == y else max(prev[j], cur[j - 1])
        prev = cur
    return prev[-1]


def _bitparallel(A: np.ndarray, B: np.ndarray, lb: np.ndarray) -> np.ndarray:
    """LCS lengths of rows of A (padded −1) and B (padded −2, ≤ 64 columns)."""
    P, La = A.shape
    masks = np.zeros((P, La), dtype=np.uint64)
    for j in range(B.shape[1]):
        masks |= (A == B[:, j:j + 1]).astype(np.uint64) << np.uint64(j)
    V: np.ndarray = np.full(P, _ALL, dtype=np.uint64)
    for i in range(La):
        U = V & masks[:, i]
        V = (V + U) | (V - U)
    return np.bitwise_count(~V & _LOWMASK[lb]).astype(np.int64)


def lcs_lengths(tab: NgramTable, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """LCS length of each sentence pair (a[i], b[i]) of ``tab`` (token-level)."""
    out = np.zeros(len(a), dtype=np.int64)
    la, lb = tab.lengths[a], tab.lengths[b]
    swap = lb > la  # the shorter sentence of each pair becomes the bit vector
    longer = np.where(swap, b, a)
    shorter = np.where(swap, a, b)
    ls = tab.lengths[shorter]
    fast = np.flatnonzero(ls <= 64)
    fast = fast[np.argsort(tab.lengths[longer[fast]], kind="stable")]  # similar widths per chunk
    s = 0
    while s < len(fast):
        width = max(int(tab.lengths[longer[fast[min(s + _CHUNK, len(fast)) - 1]]]), 1)
        sel = fast[s:s + max(1, min(_CHUNK, _CELLS // width))]
        s += len(sel)
        A, _ = tab.padded_tokens(longer[sel], -1)
        B, lbs = tab.padded_tokens(shorter[sel], -2)
        if A.shape[1] and B.shape[1]:
            out[sel] = _bitparallel(A, B, lbs)
    for i in np.flatnonzero(ls > 64):
        w, o = tab.words, tab.offsets
        out[i] = _dp_lcs(w[o[longer[i]]:o[longer[i] + 1]].tolist(),
                         w[o[shorter[i]]:o[shorter[i] + 1]].tolist())
    return out


def rouge_l_scores(corpus: PreparedCorpus, beta: float = _BETA) -> np.ndarray:
    """ROUGE-L of every item (pycocoevalcap formula)."""
    tab = corpus.ngrams(4)
    pair_item, pair_ref = corpus.pairs
    n_sent = len(corpus.sentences)
    prec, rec = np.zeros(corpus.n_items), np.zeros(corpus.n_items)
    for a, b, lo, hi in corpus.item_blocks():  # memory bounded by a block, not the corpus
        hs, rs = corpus.item_sent[pair_item[lo:hi]], corpus.ref_sent[pair_ref[lo:hi]]
        ukey, inv = np.unique(hs * n_sent + rs, return_inverse=True)
        inv = inv.reshape(-1)
        uh, ur = ukey // n_sent, ukey % n_sent
        lcs = lcs_lengths(tab, uh, ur).astype(np.float64)
        lh, lr = tab.lengths[uh], tab.lengths[ur]
        # "".split(" ") == [""]: empty captions are one empty token
        lcs[(lh == 0) & (lr == 0)] = 1.0
        lcs, lh, lr = lcs[inv], np.maximum(lh, 1)[inv], np.maximum(lr, 1)[inv]
        starts = corpus.pair_starts[a:b] - lo
        prec[a:b] = np.maximum.reduceat(lcs / lh.astype(np.float64), starts)
        rec[a:b] = np.maximum.reduceat(lcs / lr.astype(np.float64), starts)
    b2 = beta ** 2
    ok = (prec != 0) & (rec != 0)
    score = np.zeros(corpus.n_items)
    score[ok] = ((1 + b2) * prec[ok] * rec[ok]) / (rec[ok] + b2 * prec[ok])
    return score


class RougeL(Metric):
    """ROUGE-L (β = 1.2), pycocoevalcap-exact; result ``rouge_l``."""

    name = "rouge_l"
    result_names = ("rouge_l",)

    def __init__(self, beta: float = _BETA) -> None:
        self.beta = beta

    def signature(self, corpus: PreparedCorpus, result_name: str = "rouge_l") -> str:
        return f"ROUGE-L|{corpus.signature_fields()}|beta:{self.beta:g}|impl:{impl_version()}"

    def _compute(self, corpus: PreparedCorpus) -> dict[str, MetricResult]:
        scores = rouge_l_scores(corpus, self.beta)
        return {"rouge_l": MetricResult(
            name="rouge_l", score=float(np.mean(scores)), per_image=corpus.per_image(scores),
            signature=self.signature(corpus), extra=corpus.caption_extra(scores))}
