"""The model-written description corpus: its shape, its independence, and the evaluator's figures on it.

The floors below are what the evaluator reaches on the test half now (docs/descriptions.md), kept
so that no change lowers them; the goals are higher (G 95%, captions decided 80% with 97%
agreement, claims decided 90%), and these are not yet met.
"""
from __future__ import annotations

import ast
import collections
from functools import lru_cache
from pathlib import Path

import pytest

from tests.descriptions.measure import HERE, Tally, load_corpus, load_worlds, measure

PROMPTS = {"one-sentence", "coco", "two-three", "detailed"}


def test_the_corpus_covers_ten_datasets_four_prompts_and_two_halves():
    corpus = load_corpus()
    assert len(corpus) == 800 and len({r["id"] for r in corpus}) == 800
    assert {r["prompt"] for r in corpus} == PROMPTS
    per_dataset = collections.Counter(r["dataset"] for r in corpus)
    assert len(per_dataset) == 10 and set(per_dataset.values()) == {80}
    halves = collections.Counter((r["dataset"], r["split"]) for r in corpus)
    assert set(halves.values()) == {40}  # each dataset half dev, half test, by image
    images = collections.defaultdict(set)
    for r in corpus:
        images[r["image"]].add(r["split"])
    assert all(len(s) == 1 for s in images.values())  # an image is in one half only
    assert set(images) == set(load_worlds())


def test_every_label_is_one_of_the_guides_values():
    for r in load_corpus():
        assert r["truth"] in ("true", "false", "vague") and isinstance(r["well_formed"], bool)
        assert r["claims"], r["id"]
        for c in r["claims"]:
            assert c["truth"] in ("true", "false", "vague", "outside") and c["text"].strip()
        decided = [c["truth"] for c in r["claims"] if c["truth"] != "outside"]
        if "false" in decided:
            assert r["truth"] == "false", r["id"]


def test_the_measure_reads_no_labels_into_the_evaluator():
    # the measurement feeds the evaluator caption text and the world only: the labels stay on its side
    tree = ast.parse(Path(HERE / "measure.py").read_text(encoding="utf-8"))
    verdict = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "verdict")
    assert [a.arg for a in verdict.args.args] == ["text", "world"]


@lru_cache(maxsize=None)
def _half(split: str) -> Tally:
    return measure([r for r in load_corpus() if r["split"] == split])


@pytest.mark.parametrize("split", [pytest.param("dev", marks=pytest.mark.slow), "test"])
def test_floors(split):
    t = _half(split)
    assert t.claims_agree / t.claims_decided >= 0.995  # claims: almost never a wrong truth value
    assert t.false_wrong <= 15  # claims called false that the judge does not call false (14 on test, 5 on dev)
    assert t.claims_decided / t.claims >= 0.88  # 89.0% on test, 89.9% on dev
    assert t.agree / t.decided >= 0.98  # 98.5% on test, 100% on dev
    assert t.decided / t.decidable >= 0.69  # 69.3% on test, 79.1% on dev
    assert t.g_agree / t.n >= 0.915  # 92.0% on test, 100% on dev


def test_one_sentence_captions_are_read():
    records = [r for r in load_corpus() if r["split"] == "test" and r["prompt"] == "one-sentence"]
    t = measure(records)
    assert t.g_agree / t.n >= 0.95
    assert t.decided / t.decidable >= 0.85 and t.agree / t.decided >= 0.97


@pytest.mark.slow  # about 5 s
def test_detailed_descriptions_parse_sentence_by_sentence():
    # a detailed description is grammatical only when every sentence parses (80.0% of the test half's)
    records = [r for r in load_corpus() if r["split"] == "test" and r["prompt"] == "detailed"]
    t = measure(records)
    assert t.g_agree / t.n >= 0.79
    assert t.claims_decided / t.claims >= 0.82 and t.claims_agree / t.claims_decided >= 0.99
