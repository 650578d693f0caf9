"""Diversity of several captions per image (Wang & Chan, "Describing like humans", CVPR 2019).

For the m ≥ 2 captions of one image and a kernel matrix K of pairwise similarities:
``r = √λ₁ / Σᵢ √λᵢ`` over the eigenvalues of K and ``diversity = −log_m(r) ∈ [0, 1]``
(1 rank-one "all the same" → r = 1 → 0; m orthogonal captions → r = 1/m → 1).

Choices made here (all recorded in the signatures):

* **Kernel normalisation** — ``K̂ᵢⱼ = Kᵢⱼ / √(Kᵢᵢ·Kⱼⱼ)`` (unit diagonal), then symmetrised
  ``(K̂ + K̂ᵀ)/2`` (CIDEr-D's clipping makes K slightly asymmetric) and eigenvalues below
  ``1e-10·λ_max`` clipped to 0.  This is what makes identical captions give exactly 0 and
  captions sharing no (weighted) n-gram give exactly 1.  A caption whose vector is all zero
  (every n-gram has IDF 0, or an empty caption) has no direction; it is treated as similar (1)
  to token-identical captions and dissimilar (0) to the others.
* **Self-CIDEr** — K = CIDEr-D similarity (caption j as the single reference of caption i,
  pycocoevalcap-exact, see :func:`~shapeworldice.metrics.cider.cider_d_similarity_matrix`).
  IDF source for corpora (:func:`self_cider`): the paper's — the corpus of all *candidate*
  captions, one document per image (its caption set), ``log_n_docs = log(#images)``
  (``idf:cands-per-image``).  A one-image corpus, and :func:`self_cider_diversity_image`
  without a table, use one document per caption instead (``idf:cands-per-caption``).
* **LSA** — K = dot products of unigram count vectors (the term-document matrix's Gram
  matrix; its singular values are √λ), normalised as above, i.e. cosine similarities.
* **mBLEU-n** — each caption scored with BLEU-n (pycocoevalcap's per-sentence BLEU,
  'closest' reference length) against the other m−1 captions as references; averaged over
  the m captions.  ``mBLEU-mix = 1 − ¼ Σₙ mBLEU-n`` (higher = more diverse).
* m < 2 → None (undefined); corpus scores average over images where it is defined.

The corpus functions stream images in batches of at most :data:`PAIRS_PER_BATCH` within-image
pairs: their memory is bounded by one batch, not by the number of images (each image's value
depends only on its own captions, so the figures are those of one pass over the corpus).
"""
from __future__ import annotations

import math
from typing import Iterator, Mapping, Sequence

import numpy as np
import scipy.sparse as sp

from ._ngrams import NgramTable, SentenceIndex
from .base import CaptionsInput, MetricResult, PreparedCorpus, _as_lists, impl_version
from .bleu import bleu_scores, bleu_stats
from .cider import cider_d_similarity_matrix, cider_pair_values, document_frequency
from .tokenize import TOKENIZER_ID, tokenize_many

__all__ = [
    "diversity_from_kernel", "self_cider_diversity_image", "lsa_diversity_image",
    "mbleu_image", "diversity_accuracy_f", "image_batches", "PAIRS_PER_BATCH", "self_cider", "lsa_diversity", "mbleu",
]

_EIG_TOL = 1e-10


def _normalise(K: np.ndarray, same: np.ndarray) -> np.ndarray:
    """Unit-diagonal, symmetrised kernel(s) (..., m, m); zero-vector fallback via ``same``."""
    d = np.diagonal(K, axis1=-2, axis2=-1)
    outer = d[..., :, None] * d[..., None, :]
    pos = outer > 0
    Kn = np.where(pos, K / np.sqrt(np.where(pos, outer, 1.0)), 0.0)
    zero = d <= 0
    fb = zero[..., :, None] | zero[..., None, :]
    Kn = np.where(fb, same.astype(np.float64), Kn)
    return (Kn + np.swapaxes(Kn, -1, -2)) / 2


def _diversity_batch(Kn: np.ndarray) -> np.ndarray:
    """−log_m(√λ₁/Σ√λᵢ) for a stack of normalised kernels (B, m, m)."""
    m = Kn.shape[-1]
    lam = np.linalg.eigvalsh(Kn)
    top = lam.max(axis=-1, keepdims=True)
    lam = np.where(lam > _EIG_TOL * top, lam, 0.0)
    root = np.sqrt(lam)
    ratio = root.sum(axis=-1) / root.max(axis=-1)  # = 1/r ≥ 1
    return np.clip(np.log(ratio) / math.log(m), 0.0, 1.0)


def diversity_from_kernel(K: np.ndarray, same: np.ndarray | None = None) -> float | None:
    """Wang & Chan's diversity of one image's kernel K (m × m); None when m < 2.

    ``same[i, j]`` (optional) marks token-identical captions, used only for zero-vector captions.
    """
    K = np.asarray(K, dtype=np.float64)
    m = K.shape[0]
    if m < 2:
        return None
    if same is None:
        same = np.eye(m, dtype=bool)
    return float(_diversity_batch(_normalise(K, same)[None])[0])


def _same(tokens: Sequence[tuple[str, ...]]) -> np.ndarray:
    return np.array([[a == b for b in tokens] for a in tokens], dtype=bool)


def self_cider_diversity_image(
    captions: Sequence[str],
    doc_freq: Mapping[tuple[str, ...], float] | None = None,
    log_n_docs: float | None = None,
) -> float | None:
    """Self-CIDEr diversity of one image's captions (raw text); None when m < 2.

    Without an IDF table the documents are the m captions themselves.
    """
    toks = [t for t in tokenize_many(captions)]
    if len(toks) < 2:
        return None
    if doc_freq is None:
        doc_freq, log_n_docs = document_frequency([[t] for t in toks])
    elif log_n_docs is None:
        raise ValueError("doc_freq and log_n_docs go together")
    K = cider_d_similarity_matrix(toks, doc_freq, float(log_n_docs))
    return diversity_from_kernel(K, _same(toks))


def lsa_diversity_image(captions: Sequence[str]) -> float | None:
    """LSA diversity of one image's captions (raw text): cosine kernel of unigram counts."""
    toks = tokenize_many(captions)
    if len(toks) < 2:
        return None
    vocab: dict[str, int] = {}
    for t in toks:
        for w in t:
            vocab.setdefault(w, len(vocab))
    X = np.zeros((len(toks), len(vocab)))
    for i, t in enumerate(toks):
        for w in t:
            X[i, vocab[w]] += 1
    return diversity_from_kernel(X @ X.T, _same(toks))


def mbleu_image(captions: Sequence[str], n: int = 4) -> dict[str, float] | None:
    """mBLEU-1..n and mBLEU-mix (n = 4) of one image's captions; None when m < 2."""
    out: dict[str, float] = {}
    for k, r in mbleu([list(captions)], n).items():
        v = r.per_image[0] if r.per_image else None
        if v is None:  # fewer than 2 captions: every order is undefined
            return None
        out[k] = v
    return out


def diversity_accuracy_f(diversity: float, accuracy: float, beta2: float = 5.0) -> float:
    """F = (1+β²)·div·acc / (β²·div + acc), β² = 5 (0 when both are 0)."""
    denom = beta2 * diversity + accuracy
    return 0.0 if denom == 0 else (1 + beta2) * diversity * accuracy / denom


# ---------------------------------------------------------------------------------- corpora


def _flatten(candidates: CaptionsInput):
    cands = _as_lists(candidates, "candidate")
    counts = np.fromiter((len(c) for c in cands), np.int64, len(cands))
    index = SentenceIndex()
    sent = index.add_many(tokenize_many(c for cs in cands for c in cs))
    ptr = np.zeros(len(cands) + 1, np.int64)
    np.cumsum(counts, out=ptr[1:])
    return cands, counts, index, sent, ptr


#: within-image caption pairs compared at once: the working memory of a corpus measure is bounded
#: by this batch (a few tens of MB), whatever the number of images
PAIRS_PER_BATCH = 1 << 14


def image_batches(counts: Sequence[int], pairs: int | None = None) -> Iterator[list[int]]:
    """Consecutive groups of images with at most ``pairs`` within-image pairs (m² each) per group;
    an image with more pairs than that is a group of its own.  Images with m < 2 are left out."""
    budget = PAIRS_PER_BATCH if pairs is None else pairs
    group: list[int] = []
    size = 0
    for g, m in enumerate(counts):
        if m < 2:
            continue
        if group and size + m * m > budget:
            yield group
            group, size = [], 0
        group.append(g)
        size += m * m
    if group:
        yield group


def _within_image_pairs(counts: np.ndarray, ptr: np.ndarray, images: np.ndarray):
    """All (i, j) caption index pairs (m² per image, row-major) of the given images."""
    hi, hj = [], []
    for g in images.tolist():
        m, p = int(counts[g]), int(ptr[g])
        r = np.arange(p, p + m)
        hi.append(np.repeat(r, m))
        hj.append(np.tile(r, m))
    if not hi:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    return np.concatenate(hi), np.concatenate(hj)


def _corpus_diversity(counts, ptr, sent, pair_value) -> list[float | None]:
    """Per-image diversity with kernels from ``pair_value(hyp_sent, ref_sent)``, streamed over
    batches of images (:func:`image_batches`) and, within a batch, stacked by m.  Every image's
    value depends only on its own captions, so the batching changes no figure."""
    per: list[float | None] = [None] * len(counts)
    for batch in image_batches(counts.tolist()):
        chosen = np.asarray(batch, np.int64)
        for m in sorted(set(counts[chosen].tolist())):
            imgs = chosen[counts[chosen] == m]
            i, j = _within_image_pairs(counts, ptr, imgs)
            K = pair_value(sent[i], sent[j]).reshape(len(imgs), m, m)
            same = (sent[i] == sent[j]).reshape(len(imgs), m, m)
            div = _diversity_batch(_normalise(K, same))
            for g, d in zip(imgs.tolist(), div.tolist()):
                per[g] = d
    return per


def _result(name: str, per: list[float | None], signature: str, **extra) -> MetricResult:
    vals = [v for v in per if v is not None]
    if not vals:
        return MetricResult(name, None, per, signature, "no image with at least 2 captions", extra)
    return MetricResult(name, float(np.mean(vals)), per, signature, None,
                        {"images_scored": len(vals), **extra})


def self_cider(candidates: CaptionsInput, n: int = 4, sigma: float = 6.0) -> MetricResult:
    """Self-CIDEr diversity per image and its mean over images with ≥ 2 captions.

    The IDF comes from the whole corpus; the within-image caption pairs are scored batch by batch
    (:data:`PAIRS_PER_BATCH`), so memory does not grow with the number of images.
    """
    cands, counts, index, sent, ptr = _flatten(candidates)
    tab = NgramTable.build(index.sentences, n)
    if len(cands) > 1:
        # which n-grams each image's captions contain: (images × sentences) @ (sentences × n-grams),
        # never one row per caption (that copy grew with the corpus)
        image = np.repeat(np.arange(len(cands)), counts)
        member = sp.csr_matrix((np.ones(len(sent)), (image, sent)), shape=(len(cands), tab.counts.shape[0]))
        present = sp.csr_matrix(member @ (tab.counts > 0).astype(np.float64))
        n_docs, idf_tag = len(cands), "cands-per-image"
    else:
        present = sp.csr_matrix(tab.counts[sent])
        n_docs, idf_tag = len(sent), "cands-per-caption"
    present.data[:] = 1.0
    df = np.asarray(present.sum(axis=0)).reshape(-1)
    idf = math.log(max(n_docs, 1)) - np.log(np.maximum(1.0, df))

    def pair_value(h, r):
        return cider_pair_values(tab, idf, h, r, sigma).mean(axis=1) * 10.0

    per = _corpus_diversity(counts, ptr, sent, pair_value)
    sig = (f"Self-CIDEr|tok:{TOKENIZER_ID}|n:{n}|sigma:{sigma:g}|idf:{idf_tag}"
           f"|kernel:unitdiag-sym|impl:{impl_version()}")
    return _result("self_cider", per, sig, idf=idf_tag)


def lsa_diversity(candidates: CaptionsInput) -> MetricResult:
    """LSA diversity per image (cosine kernel of unigram counts) and its mean."""
    cands, counts, index, sent, ptr = _flatten(candidates)
    tab = NgramTable.build(index.sentences, 1)
    U = tab.counts

    def pair_value(h, r):
        return np.asarray(U[h].multiply(U[r]).sum(axis=1)).reshape(-1)

    per = _corpus_diversity(counts, ptr, sent, pair_value)
    sig = f"LSA|tok:{TOKENIZER_ID}|tf:unigram-count|kernel:cosine|impl:{impl_version()}"
    return _result("lsa_diversity", per, sig)


def mbleu(candidates: CaptionsInput, n: int = 4) -> dict[str, MetricResult]:
    """mBLEU-1..n (each caption vs the others, averaged per image) and mBLEU-mix (n = 4).

    Vectorised BLEU passes over the (caption, other captions) items, batch by batch of images
    (:data:`PAIRS_PER_BATCH`): each item's BLEU depends only on its image's captions.
    """
    cands = _as_lists(candidates, "candidate")
    names = [f"mbleu_{k}" for k in range(1, n + 1)]
    per: dict[str, list[float | None]] = {name: [None] * len(cands) for name in names}
    for batch in image_batches([len(cs) for cs in cands]):
        items, refs, owner = [], [], []
        for g in batch:
            cs = cands[g]
            for i, c in enumerate(cs):
                items.append([c])
                refs.append(cs[:i] + cs[i + 1:])
                owner.append(g)
        _, per_item = bleu_scores(bleu_stats(PreparedCorpus(items, refs), n), n)
        owner_a = np.asarray(owner)
        imgs, start = np.unique(owner_a, return_index=True)
        m = np.diff(np.r_[start, len(owner_a)])
        for k, name in enumerate(names):
            means = np.add.reduceat(per_item[k], start) / m
            for g, v in zip(imgs.tolist(), means.tolist()):
                per[name][g] = v
    sig = (f"mBLEU-{{k}}|tok:{TOKENIZER_ID}|eff:closest|smooth:coco|avg:caption"
           f"|impl:{impl_version()}")
    out = {name: _result(name, per[name], sig.replace("{k}", str(k + 1)))
           for k, name in enumerate(names)}
    if n == 4:
        mix: list[float | None] = []
        for g in range(len(cands)):
            vals = [per[name][g] for name in names]  # all None or none (same images scored)
            mix.append(None if vals[0] is None else 1 - sum(v for v in vals if v is not None) / 4)
        out["mbleu_mix"] = _result("mbleu_mix", mix, sig.replace("{k}", "mix"))
    return out
