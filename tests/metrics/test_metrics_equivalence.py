"""BLEU-1..4, CIDEr-D and ROUGE-L equal pycocoevalcap's scorers (corpus and per image) to 1e-9."""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pycocoevalcap.bleu.bleu import Bleu as CocoBleu
from pycocoevalcap.cider.cider import Cider as CocoCider
from pycocoevalcap.rouge.rouge import Rouge as CocoRouge, my_lcs

from _corpora import VOCAB, corpus, words
from shapeworldice.metrics import Bleu, CiderD, RougeL, get_metric, score_all, tokenize_caption
from shapeworldice.metrics.base import PreparedCorpus
from shapeworldice.metrics.rouge import lcs_lengths

TOL = 1e-9


def coco(cands: list[list[str]], refs: list[list[str]]) -> dict[str, tuple[float, np.ndarray]]:
    """pycocoevalcap on the same tokenisation; several candidates = one item each."""
    gts, res = {}, {}
    for i, (cs, rs) in enumerate(zip(cands, refs)):
        for k, c in enumerate(cs):
            gts[(i, k)] = [tokenize_caption(r) for r in rs]
            res[(i, k)] = [tokenize_caption(c)]
    b, bs = CocoBleu(4).compute_score(gts, res, verbose=0)
    out = {f"bleu_{k + 1}": (b[k], np.asarray(bs[k])) for k in range(4)}
    try:
        out["cider_d"] = CocoCider().compute_score(gts, res)
    except ValueError:  # pycocoevalcap crashes when no reference has any n-gram (max of [])
        assert not any(r for rs in gts.values() for r in rs)
        out["cider_d"] = (0.0, np.zeros(len(res)))
    out["rouge_l"] = CocoRouge().compute_score(gts, res)
    return out


def assert_equal_to_coco(cands, refs) -> None:
    ours = score_all(cands, refs)
    theirs = coco(cands, refs)
    multi = any(len(c) > 1 for c in cands)
    for name, (score, per_item) in theirs.items():
        r = ours[name]
        assert r.score == pytest.approx(float(score), abs=TOL, rel=0), name
        items = (np.concatenate([np.asarray(p, float) for p in r.extra["per_caption"]])
                 if multi else np.asarray(r.per_image))
        np.testing.assert_allclose(items, np.asarray(per_item, float), rtol=0, atol=TOL,
                                   err_msg=name)


def test_fixed_seeded_corpus() -> None:
    cands, refs = corpus(400, seed=7)
    assert_equal_to_coco(cands, refs)


def test_fixed_corpus_ten_refs_long_captions() -> None:
    cands, refs = corpus(200, seed=11, lo=5, hi=25)
    refs = [(r * 10)[:10] for r in refs]
    assert_equal_to_coco(cands, refs)


def test_several_candidates_are_items() -> None:
    cands, refs = corpus(120, seed=3, max_cands=4)
    assert_equal_to_coco(cands, refs)
    res = score_all(cands, refs)["cider_d"]
    for per, caps in zip(res.per_image, res.extra["per_caption"]):
        assert per == pytest.approx(float(np.mean(caps)), abs=1e-12)


def test_edge_cases_single_image_empty_and_identical() -> None:
    assert_equal_to_coco([["a red square"]], [["a red square", "a blue circle"]])
    assert_equal_to_coco([[""], ["red"], ["a b c"]], [["", "red"], ["red"], [""]])
    assert_equal_to_coco([["is"], ["is is is is is"]], [["is is"], ["is"]])


def test_long_captions_use_lcs_fallback() -> None:
    rng = random.Random(5)
    cands = [[words(rng, 60, 90)] for _ in range(6)]
    refs = [[words(rng, 60, 90), words(rng, 1, 5)] for _ in range(6)]
    assert_equal_to_coco(cands, refs)


def test_lcs_matches_dynamic_programme() -> None:
    rng = random.Random(9)
    sents = [tuple(rng.choice(VOCAB[:6]) for _ in range(rng.randint(0, 80))) for _ in range(60)]
    prep = PreparedCorpus([[" ".join(s)] for s in sents], [["x"]] * len(sents))
    tab = prep.ngrams(4)
    a = np.array([rng.randrange(len(sents)) for _ in range(500)])
    b = np.array([rng.randrange(len(sents)) for _ in range(500)])
    got = lcs_lengths(tab, prep.item_sent[a], prep.item_sent[b])
    want = [my_lcs(list(sents[i]), list(sents[j])) for i, j in zip(a, b)]
    assert got.tolist() == want


caption_st = st.lists(st.sampled_from(VOCAB[:14]), min_size=0, max_size=10).map(" ".join)
image_st = st.tuples(st.lists(caption_st, min_size=1, max_size=3),
                     st.lists(caption_st, min_size=1, max_size=10))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(image_st, min_size=1, max_size=12))
def test_random_corpora_match_pycocoevalcap(images) -> None:
    cands = [c for c, _ in images]
    refs = [r for _, r in images]
    assert_equal_to_coco(cands, refs)


def test_interface_and_signatures() -> None:
    cands, refs = corpus(20, seed=1)
    refs = [(r * 10)[:10] for r in refs]
    res = get_metric("bleu").compute(cands, refs)
    assert list(res) == ["bleu_1", "bleu_2", "bleu_3", "bleu_4"]
    assert res["bleu_4"].signature.startswith("BLEU-4|tok:ptb-py|ref:10|cand:1|")
    assert "impl:shapeworldice-" in res["bleu_4"].signature
    cider = CiderD().compute(cands, refs)["cider_d"]
    assert "idf:corpus-refs" in cider.signature and len(cider.per_image) == 20
    assert RougeL().compute(cands, refs)["rouge_l"].unavailable is None
    assert Bleu(n=2).compute(cands, refs).keys() == {"bleu_1", "bleu_2"}
    assert score_all(cands, refs)["meteor"].score is None
    empty = score_all([], [])
    assert empty["bleu_1"].score is None and empty["bleu_1"].unavailable == "no images"


def test_custom_idf_table() -> None:
    """An external IDF table equal to the corpus's own reproduces the default."""
    from shapeworldice.metrics import document_frequency

    cands, refs = corpus(50, seed=2)
    df, log_n = document_frequency(refs)
    a = CiderD().compute(cands, refs)["cider_d"]
    b = CiderD(doc_freq=df, log_n_docs=log_n, idf_label="test").compute(cands, refs)["cider_d"]
    assert b.score == pytest.approx(a.score, abs=1e-12) and "idf:test" in b.signature


def test_bad_inputs() -> None:
    with pytest.raises(ValueError):
        score_all([["a"]], [["a"], ["b"]])
    with pytest.raises(ValueError):
        score_all([[]], [["a"]])
    with pytest.raises(ValueError):
        score_all([["a"]], [[]])
    with pytest.raises(TypeError):
        score_all([[1]], [["a"]])
    with pytest.raises(KeyError):
        get_metric("spice")
    # a bare string is a one-caption list
    assert score_all(["a red square"], ["a red square"])["bleu_1"].score == pytest.approx(1.0)
