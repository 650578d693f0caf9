"""CIDEr-D exactly as pycocoevalcap's ``Cider`` computes it, vectorised with scipy.sparse.

Every detail of pycocoevalcap's CiderScorer is reproduced:

* 1..4-gram term counts; document frequency ``df(g)`` = number of corpus items whose reference
  *set* contains ``g`` (IDF source ``corpus-refs``: the references of the evaluated corpus);
* ``ref_len = log(number of items)`` and weights ``tf · (ref_len − log(max(1, df)))`` — n-grams
  absent from all references get ``df = 0 → log(1) = 0``, i.e. the full ``ref_len`` weight;
* per order: clipped similarity ``Σ_g min(h_g, r_g)·r_g`` over the candidate's n-grams, divided
  by ``‖h‖·‖r‖`` only when both norms are non-zero;
* Gaussian length penalty ``e^(−δ²/(2σ²))`` with σ = 6, where — faithfully to pycocoevalcap —
  the "length" δ compares is the number of *bigrams* (its ``counts2vec`` adds term frequencies
  of n-gram index 1), i.e. ``max(0, len − 1)``;
* item score = mean over orders of the sum over references, divided by the number of
  references, × 10; corpus score = mean of item scores.

Also :func:`cider_d_similarity_matrix` (CIDEr-D of every caption of one image against every other
as the single reference, for Self-CIDEr) and :func:`document_frequency` to build IDF tables.
"""
from __future__ import annotations

from collections import Counter
from typing import Mapping, Sequence, Union

import numpy as np
import scipy.sparse as sp

from ._ngrams import NgramTable, group_max_sparse
from .base import Metric, MetricResult, PreparedCorpus, impl_version
from .tokenize import ptb_tokenize

__all__ = [
    "CiderD", "cider_pair_values", "cider_d_similarity_matrix", "document_frequency",
    "ngram_counts",
]

CaptionOrTokens = Union[str, Sequence[str]]


def _tokens(c: CaptionOrTokens) -> tuple[str, ...]:
    """Raw text is tokenised; a sequence of strings is taken as already tokenised."""
    return tuple(ptb_tokenize(c)) if isinstance(c, str) else tuple(c)


def ngram_counts(tokens: Sequence[str], n: int = 4) -> Counter:
    """pycocoevalcap's ``precook``: counts of all 1..n-grams (as tuples)."""
    counts: Counter = Counter()
    for k in range(1, n + 1):
        for i in range(len(tokens) - k + 1):
            counts[tuple(tokens[i:i + k])] += 1
    return counts


def document_frequency(
    documents: Sequence[Sequence[CaptionOrTokens]], n: int = 4
) -> tuple[dict[tuple[str, ...], float], float]:
    """IDF table: (df, log number of documents); each document is a *set of captions*
    (pycocoevalcap: one image's references), df(g) = number of documents containing g."""
    df: Counter = Counter()
    for doc in documents:
        seen: set = set()
        for c in doc:
            seen.update(ngram_counts(_tokens(c), n))
        df.update(seen)
    return {g: float(v) for g, v in df.items()}, float(np.log(float(len(documents))))


def _bigram_lengths(lengths: np.ndarray, n: int) -> np.ndarray:
    """pycocoevalcap's CIDEr "length": the number of bigrams (0 when n < 2)."""
    if n < 2:
        return np.zeros(len(lengths), np.float64)
    return np.maximum(lengths - 1, 0).astype(np.float64)


def cider_pair_values(
    tab: NgramTable, idf: np.ndarray, hyp: np.ndarray, ref: np.ndarray, sigma: float = 6.0
) -> np.ndarray:
    """Per-order CIDEr-D similarities (penalised, before averaging and ×10) of sentence pairs.

    ``hyp``/``ref`` index sentences of ``tab``; returns an array (n_pairs, n).  Repeated pairs
    are computed once, and only the rows of the sentences named are weighted, so the cost of a
    batch of pairs does not grow with the table.
    """
    n = tab.n
    if len(hyp) == 0:
        return np.zeros((0, n))
    n_sent = tab.counts.shape[0]
    key = hyp.astype(np.int64) * n_sent + ref
    ukey, inv = np.unique(key, return_inverse=True)
    inv = inv.reshape(-1)
    rows, local = np.unique(np.concatenate([ukey // n_sent, ukey % n_sent]), return_inverse=True)
    local = local.reshape(-1)
    uh, ur = local[:len(ukey)], local[len(ukey):]
    counts = tab.counts[rows]
    W = sp.csr_matrix(counts.multiply(idf[None, :]))
    norms = np.sqrt(np.asarray((W.multiply(W) @ tab.onehot).todense()))
    H, R = W[uh], W[ur]
    prod = H.minimum(R).multiply(R)
    if np.any(idf < 0):  # only n-grams present in both count (pycocoevalcap iterates h's n-grams)
        prod = prod.multiply(counts[uh] > 0)
    val = np.asarray((sp.csr_matrix(prod) @ tab.onehot).todense())
    nh, nr = norms[uh], norms[ur]
    ok = (nh != 0) & (nr != 0)
    val[ok] /= (nh * nr)[ok]
    blen = _bigram_lengths(tab.lengths[rows], n)
    delta = blen[uh] - blen[ur]
    val *= (np.e ** (-(delta ** 2) / (2 * sigma ** 2)))[:, None]
    return val[inv]


def corpus_idf(corpus: PreparedCorpus, tab: NgramTable) -> tuple[np.ndarray, np.ndarray, float]:
    """pycocoevalcap's IDF on the evaluated corpus: (idf, df, ref_len), df counted per item."""
    present = group_max_sparse(tab.counts[corpus.ref_sent], corpus.ref_image, corpus.n_images)
    present.data[:] = 1.0
    df = np.asarray(present.T @ corpus.cand_counts.astype(np.float64)).reshape(-1)
    ref_len = float(np.log(float(corpus.n_items)))
    return ref_len - np.log(np.maximum(1.0, df)), df, ref_len


class CiderD(Metric):
    """CIDEr-D (n = 4, σ = 6), pycocoevalcap-exact; result ``cider_d``.

    By default the IDF comes from the evaluated corpus's references (``idf:corpus-refs``, what
    pycocoevalcap does).  Pass ``doc_freq`` and ``log_n_docs`` (e.g. from
    :func:`document_frequency` on a training split) to use an external table; ``idf_label``
    then names it in the signature.
    """

    name = "cider_d"
    result_names = ("cider_d",)

    def __init__(self, n: int = 4, sigma: float = 6.0,
                 doc_freq: Mapping[tuple[str, ...], float] | None = None,
                 log_n_docs: float | None = None, idf_label: str = "custom") -> None:
        if (doc_freq is None) != (log_n_docs is None):
            raise ValueError("doc_freq and log_n_docs go together")
        self.n, self.sigma = n, sigma
        self.doc_freq, self.log_n_docs = doc_freq, log_n_docs
        self.idf_label = "corpus-refs" if doc_freq is None else idf_label

    def signature(self, corpus: PreparedCorpus, result_name: str = "cider_d") -> str:
        return (f"CIDEr-D|{corpus.signature_fields()}|n:{self.n}|sigma:{self.sigma:g}"
                f"|idf:{self.idf_label}|impl:{impl_version()}")

    def item_scores(self, corpus: PreparedCorpus) -> tuple[np.ndarray, dict]:
        """CIDEr-D of every item, plus facts about the IDF used."""
        tab = corpus.ngrams(self.n)
        if self.doc_freq is None or self.log_n_docs is None:  # __init__ sets both or neither
            idf, _, ref_len = corpus_idf(corpus, tab)
        else:
            ref_len = float(self.log_n_docs)
            df = np.fromiter((self.doc_freq.get(g, 0.0) for g in tab.ngram_tuples()),
                             np.float64, tab.n_ngrams)
            idf = ref_len - np.log(np.maximum(1.0, df))
        pair_item, pair_ref = corpus.pairs
        summed = np.zeros((corpus.n_items, tab.n))
        for a, b, lo, hi in corpus.item_blocks():  # memory bounded by a block, not the corpus
            val = cider_pair_values(tab, idf, corpus.item_sent[pair_item[lo:hi]],
                                    corpus.ref_sent[pair_ref[lo:hi]], self.sigma)
            summed[a:b] = np.add.reduceat(val, corpus.pair_starts[a:b] - lo, axis=0)
        scores = summed.mean(axis=1) / corpus.ref_counts[corpus.item_image] * 10.0
        return scores, {"idf": self.idf_label, "log_n_docs": ref_len}

    def _compute(self, corpus: PreparedCorpus) -> dict[str, MetricResult]:
        scores, info = self.item_scores(corpus)
        return {"cider_d": MetricResult(
            name="cider_d", score=float(np.mean(scores)), per_image=corpus.per_image(scores),
            signature=self.signature(corpus), extra={**info, **corpus.caption_extra(scores)})}


def cider_d_similarity_matrix(
    captions: Sequence[CaptionOrTokens],
    doc_freq: Mapping[tuple[str, ...], float],
    log_n_docs: float,
    n: int = 4,
    sigma: float = 6.0,
) -> np.ndarray:
    """K[i, j] = CIDEr-D of caption i with caption j as its single reference (m × m).

    One dense, vectorised computation for all pairs of one image; the IDF comes from the given
    table (``doc_freq``, ``log_n_docs``: see :func:`document_frequency`).  Exactly what
    pycocoevalcap's CiderScorer gives for each pair with that IDF.  Not symmetric in general
    (clipping ``min(h, r)·r``).  Captions: raw text (tokenised) or token sequences.
    """
    toks = [_tokens(c) for c in captions]
    m = len(toks)
    counters = [ngram_counts(t, n) for t in toks]
    index: dict[tuple[str, ...], int] = {}
    for c in counters:
        for g in c:
            index.setdefault(g, len(index))
    T = np.zeros((m, len(index)))
    for i, c in enumerate(counters):
        for g, v in c.items():
            T[i, index[g]] = v
    grams = list(index)
    order = np.fromiter((len(g) for g in grams), np.int64, len(grams))
    onehot = np.zeros((len(grams), n))
    onehot[np.arange(len(grams)), order - 1] = 1.0
    df = np.fromiter((doc_freq.get(g, 0.0) for g in grams), np.float64, len(grams))
    W = T * (log_n_docs - np.log(np.maximum(1.0, df)))[None, :]
    norms = np.sqrt((W * W) @ onehot)  # (m, n)
    both = (T[:, None, :] > 0) & (T[None, :, :] > 0)
    prod = np.where(both, np.minimum(W[:, None, :], W[None, :, :]) * W[None, :, :], 0.0)
    val = prod @ onehot  # (m, m, n)
    denom = norms[:, None, :] * norms[None, :, :]
    ok = (norms[:, None, :] != 0) & (norms[None, :, :] != 0)
    val = np.where(ok, val / np.where(ok, denom, 1.0), val)
    blen = _bigram_lengths(np.fromiter((len(t) for t in toks), np.int64, m), n)
    delta = blen[:, None] - blen[None, :]
    val = val * (np.e ** (-(delta ** 2) / (2 * sigma ** 2)))[:, :, None]
    return val.mean(axis=2) * 10.0
