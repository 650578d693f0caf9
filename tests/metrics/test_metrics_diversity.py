"""Self-CIDEr / LSA diversity, mBLEU and the diversity-accuracy F-score (Wang & Chan)."""
from __future__ import annotations

import math
import random
from collections import defaultdict

import numpy as np
import pytest
from pycocoevalcap.bleu.bleu import Bleu as CocoBleu
from pycocoevalcap.cider.cider_scorer import CiderScorer

from _corpora import corpus, words
from shapeworldice.metrics import (
    cider_d_similarity_matrix, diversity_accuracy_f, document_frequency, lsa_diversity,
    lsa_diversity_image, mbleu, mbleu_image, self_cider, self_cider_diversity_image,
    tokenize_caption,
)
from shapeworldice.metrics.diversity import diversity_from_kernel


def test_worked_example_self_cider() -> None:
    """Self-CIDEr of ["A red square.", "A red circle.", "A blue circle."], by hand.

    IDF (documents = the 3 captions, log_n_docs = L = ln 3 = 1.098612):
      "a" df 3 → idf 0;  "red", "circle" df 2 → h = ln 3 − ln 2 = 0.405465;
      "square", "blue" and every bigram except "a red" (df 2 → h), every trigram: df 1 → L.
      Captions have 3 words: no 4-grams, so order 4 contributes 0 and K_ii = 10·3/4 = 7.5.
    K_12 (a red square vs a red circle; equal lengths → length penalty 1):
      unigrams share "red": h² / (√(h²+L²) · √(2h²)) = h / (√2·√(h²+L²))
                           = 0.405465 / (1.414214·1.171047) = 0.244830
      bigrams share "a red": h² / (h²+L²) = 0.164402 / 1.371351 = 0.119883;  trigrams: 0
      K_12 = 10·(0.244830 + 0.119883)/4 = 0.911782  (= K_21: clipping is symmetric here)
    K_23 (share only "circle", weight h both): 10·0.244830/4 = 0.612074;  K_13 = 0 ("a" has idf 0)
    Normalised (÷7.5): a = 0.121571, b = 0.081610;
      K̂ = [[1, a, 0], [a, 1, b], [0, b, 1]] has eigenvalues 1 and 1 ± √(a²+b²) = 1 ± 0.146423
      √λ = 1.070712, 1, 0.923892 → r = 1.070712 / 2.994604 = 0.357547
      diversity = −ln r / ln 3 = 1.028499 / 1.098612 = 0.936171
    """
    caps = ["A red square.", "A red circle.", "A blue circle."]
    df, log_n = document_frequency([[c] for c in caps])
    assert log_n == pytest.approx(math.log(3))
    K = cider_d_similarity_matrix(caps, df, log_n)
    np.testing.assert_allclose(np.diag(K), 7.5, atol=1e-12)
    assert K[0, 1] == pytest.approx(0.911782, abs=1e-6) == K[1, 0]
    assert K[1, 2] == pytest.approx(0.612074, abs=1e-6)
    assert K[0, 2] == 0.0
    assert self_cider_diversity_image(caps) == pytest.approx(0.936171, abs=1e-6)


def test_worked_example_lsa() -> None:
    """LSA of ["red square", "red circle", "blue circle"], by hand.

    Unigram vectors each have 2 words (norm √2); shared words: 1–2 "red", 2–3 "circle", 1–3 none.
    Cosine kernel K = [[1, ½, 0], [½, 1, ½], [0, ½, 1]]: eigenvalues 1 + cos(kπ/4), k = 1..3
      = 1.707107, 1, 0.292893;  √λ = 1.306563, 1, 0.541196 (sum 2.847759)
      r = 1.306563 / 2.847759 = 0.458804;  diversity = −ln r / ln 3 = 0.779154/1.098612 = 0.709197
    """
    assert lsa_diversity_image(["red square", "red circle", "blue circle"]) == pytest.approx(
        0.709197, abs=1e-6)


def test_one_word_example() -> None:
    """["red", "red", "blue"]: K̂ = [[1,1,0],[1,1,0],[0,0,1]], λ = 2, 1, 0 →
    r = √2/(√2+1) = 0.585786, diversity = −ln r / ln 3 = 0.486796 (both Self-CIDEr and LSA)."""
    want = -math.log(math.sqrt(2) / (math.sqrt(2) + 1)) / math.log(3)
    assert self_cider_diversity_image(["red", "red", "blue"]) == pytest.approx(want, abs=1e-12)
    assert lsa_diversity_image(["red", "red", "blue"]) == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize("m", [2, 3, 5, 10])
def test_identical_captions_give_zero(m: int) -> None:
    caps = ["A red square is left of a circle."] * m
    assert self_cider_diversity_image(caps) == 0.0
    assert lsa_diversity_image(caps) == 0.0
    assert self_cider([caps, caps]).score == 0.0
    assert lsa_diversity([caps]).score == 0.0


@pytest.mark.parametrize("m", [2, 3, 4, 7])
def test_disjoint_captions_give_one(m: int) -> None:
    vocab = ["red square", "blue circle", "green triangle", "yellow cross", "gray ellipse",
             "cyan pentagon", "magenta semicircle"]
    caps = vocab[:m]
    assert self_cider_diversity_image(caps) == 1.0
    assert lsa_diversity_image(caps) == 1.0
    assert self_cider([caps, vocab[:m][::-1]]).score == 1.0
    assert lsa_diversity([caps]).score == 1.0


def test_fewer_than_two_captions_is_none() -> None:
    assert self_cider_diversity_image(["a red square"]) is None
    assert lsa_diversity_image(["a red square"]) is None
    assert mbleu_image(["a red square"]) is None
    assert diversity_from_kernel(np.ones((1, 1))) is None
    res = self_cider([["a red square"], ["a b", "a c"]])
    assert res.per_image[0] is None and res.per_image[1] is not None
    assert res.extra["images_scored"] == 1
    assert self_cider([["only one"]]).score is None


def test_diversity_in_unit_interval_and_order() -> None:
    rng = random.Random(4)
    cands = [[words(rng, 2, 8) for _ in range(rng.randint(2, 6))] for _ in range(60)]
    for res in (self_cider(cands), lsa_diversity(cands)):
        assert all(0.0 <= d <= 1.0 for d in res.per_image)
    # more varied caption sets are more diverse than near-duplicates
    same = [["a red square is above a circle"] * 4 + ["a red square is above a shape"]]
    varied = [["a red square is above a circle", "two shapes are green", "there is a cross",
               "half the shapes are blue", "a circle is left of a square"]]
    assert self_cider(same).score < self_cider(varied).score
    assert lsa_diversity(same).score < lsa_diversity(varied).score


def _coco_pair_cider(hyp: str, refs_sets: list[list[str]], ref: str) -> float:
    """pycocoevalcap's CiderScorer for one (hyp, single ref) pair, with the IDF of ``refs_sets``.

    The scorer derives ``ref_len`` from ``len(crefs)``: we keep len(crefs) = number of documents
    (padding with empty entries after the pair; ``zip`` stops at the one test sentence).
    """
    s = CiderScorer(n=4, sigma=6.0)
    for doc in refs_sets:
        s.cook_append(None, [tokenize_caption(c) for c in doc])
    s.compute_doc_freq()
    df = dict(s.document_frequency)
    n_docs = len(s.crefs)
    t = CiderScorer(n=4, sigma=6.0)
    t.cook_append(tokenize_caption(hyp), [tokenize_caption(ref)])
    t.crefs += [[] for _ in range(n_docs - 1)]
    t.document_frequency = defaultdict(float, df)
    return float(t.compute_cider()[0])


def test_similarity_matrix_matches_pycocoevalcap() -> None:
    cands, _ = corpus(12, seed=8, max_cands=4, lo=1, hi=9)
    df, log_n = document_frequency(cands)
    for caps in cands[:6]:
        K = cider_d_similarity_matrix(caps, df, log_n)
        for i, h in enumerate(caps):
            for j, r in enumerate(caps):
                assert K[i, j] == pytest.approx(_coco_pair_cider(h, cands, r), abs=1e-9)


def test_corpus_self_cider_equals_per_image_with_corpus_idf() -> None:
    rng = random.Random(12)
    cands = [[words(rng, 1, 9) for _ in range(rng.randint(1, 5))] for _ in range(40)]
    cands[3] = ["a b c"] * 3  # identical
    res = self_cider(cands)
    assert "idf:cands-per-image" in res.signature
    df, log_n = document_frequency(cands)
    for caps, d in zip(cands, res.per_image):
        want = self_cider_diversity_image(caps, df, log_n)
        assert (d is None and want is None) or d == pytest.approx(want, abs=1e-9)
    # LSA corpus path equals the per-image path
    lres = lsa_diversity(cands)
    for caps, d in zip(cands, lres.per_image):
        want = lsa_diversity_image(caps)
        assert (d is None and want is None) or d == pytest.approx(want, abs=1e-12)


def test_mbleu_sanity_and_pycocoevalcap() -> None:
    same = mbleu_image(["a red square is above the circle"] * 3)
    assert all(same[f"mbleu_{k}"] == pytest.approx(1.0, abs=1e-6) for k in range(1, 5))
    assert same["mbleu_mix"] == pytest.approx(0.0, abs=1e-6)
    disjoint = mbleu_image(["red square", "blue circle", "green cross"])
    assert disjoint["mbleu_1"] == pytest.approx(0.0, abs=1e-6)
    assert disjoint["mbleu_mix"] == pytest.approx(1.0, abs=1e-6)
    # each caption vs the others with pycocoevalcap's per-sentence BLEU, averaged
    caps = ["a red square is above a circle", "a red square is left of a circle",
            "two shapes are red", "a circle is below a red square"]
    gts = {i: [tokenize_caption(c) for j, c in enumerate(caps) if j != i] for i in range(4)}
    res = {i: [tokenize_caption(c)] for i, c in enumerate(caps)}
    _, per = CocoBleu(4).compute_score(gts, res, verbose=0)
    got = mbleu_image(caps)
    for k in range(4):
        assert got[f"mbleu_{k + 1}"] == pytest.approx(float(np.mean(per[k])), abs=1e-12)
    assert got["mbleu_mix"] == pytest.approx(1 - sum(np.mean(per[k]) for k in range(4)) / 4)
    corpus_res = mbleu([caps, ["x"], caps[:2]])
    assert corpus_res["mbleu_1"].per_image[1] is None
    assert corpus_res["mbleu_1"].per_image[0] == pytest.approx(got["mbleu_1"])


def test_f_score() -> None:
    assert diversity_accuracy_f(1.0, 1.0) == pytest.approx(1.0)
    assert diversity_accuracy_f(0.0, 0.7) == 0.0
    assert diversity_accuracy_f(0.0, 0.0) == 0.0
    assert diversity_accuracy_f(0.5, 0.8) == pytest.approx(6 * 0.5 * 0.8 / (5 * 0.5 + 0.8))
    assert diversity_accuracy_f(0.5, 0.8, beta2=1.0) == pytest.approx(2 * 0.4 / 1.3)
