"""The measure catalogue: one list from which the registry, score_all and labels are derived."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

import numpy as np
import pytest

from shapeworldice.metrics import MetricResult, available_metrics, catalogue, get_metric, registry, score_all
from shapeworldice.metrics.base import Metric, PreparedCorpus

CANDS = [["A red square is left of a circle."], ["There is a blue triangle."]]
REFS = [["A red square is to the left of a circle.", "There is a circle."], ["A triangle is blue."]]


class Length(Metric):
    """A toy metric: candidate length in tokens divided by the mean reference length."""

    name = "length"
    result_names = ("length_ratio",)

    def signature(self, corpus: PreparedCorpus, result_name: str = "length_ratio") -> str:
        return f"LEN|{corpus.signature_fields()}"

    def _compute(self, corpus: PreparedCorpus) -> dict[str, MetricResult]:
        lengths = np.array([len(corpus.sentences[s]) for s in corpus.item_sent], dtype=np.float64)
        ref_len = np.array([len(corpus.sentences[s]) for s in corpus.ref_sent], dtype=np.float64)
        mean_ref = np.add.reduceat(ref_len, corpus.ref_ptr[:-1]) / corpus.ref_counts
        items = lengths / mean_ref[corpus.item_image]
        return {"length_ratio": MetricResult("length_ratio", float(items.mean()), corpus.per_image(items),
                                             self.signature(corpus))}


TOY_LAYOUT = catalogue.Measure("length_ratio", "LenRatio", ":*", high=5.0, views=frozenset({"report", "table"}),
                               metric="length")


@contextmanager
def toy_metric() -> Iterator[None]:
    """The toy metric registered and shown (its registry entry and its place in the layout)."""
    with registry.registered("length", Length), catalogue.registered(TOY_LAYOUT):
        yield


def test_registry_and_score_all_follow_the_catalogue():
    assert available_metrics() == ["bleu", "meteor", "rouge_l", "cider_d"]
    with toy_metric():
        assert "length" in available_metrics()
        assert isinstance(get_metric("length"), Length)
        results = score_all(CANDS, REFS)
        # by hand (PTB tokens, punctuation dropped): 8 tokens / mean(10, 4) and 5 / mean(4)
        assert results["length_ratio"].score == pytest.approx((8 / 7 + 5 / 4) / 2)
        assert catalogue.keys("table")[-1] == "length_ratio"
    assert "length" not in available_metrics() and "length_ratio" not in score_all(CANDS, REFS)


def test_meteor_only_on_request_with_a_plain_reason():
    result = score_all(CANDS, REFS)["meteor"]
    assert result.score is None and result.unavailable == "not computed (use --meteor)"
    assert list(score_all(CANDS, REFS)) == [k for k in catalogue.keys() if k in score_all(CANDS, REFS)]


def test_one_label_per_measure_and_views_known():
    labels = catalogue.labels()
    assert len(set(labels.values())) == len(labels)
    assert labels["spice"] == "SPICE*" and labels["cider_d"] == "CIDEr-D"
    for m in catalogue.CATALOGUE:
        assert m.views <= set(catalogue.VIEWS) and "report" in m.views
        assert m.low < m.high
    assert catalogue.measure("cider_d").scale == 10 and catalogue.measure("cider_d").plot_label == "CIDEr-D ÷ 10"
    assert catalogue.measure("bleu_4").scale == 1 and catalogue.measure("bleu_4").plot_label == "BLEU-4"


def test_register_refuses_duplicates_and_unknown_keys():
    with pytest.raises(ValueError, match="already"):
        catalogue.register(catalogue.Measure("bleu_4", "again"))
    with pytest.raises(KeyError, match="unknown measure 'nonsense'"):
        catalogue.measure("nonsense")
    with pytest.raises(KeyError, match="unknown metric"):
        get_metric("nonsense")
    before = list(catalogue.CATALOGUE)
    with catalogue.registered(catalogue.Measure("toy", "Toy"), before="spice"):
        assert catalogue.keys()[-2:] == ("toy", "spice")
    assert catalogue.CATALOGUE == before
