"""The model-written description corpus: its shape, its independence, and the evaluator's figures on it.

The floors below are what the evaluator reaches on each half now (docs/descriptions.md), kept
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


def test_the_corpus_covers_twelve_datasets_four_prompts_and_two_halves():
    corpus = load_corpus()
    assert len(corpus) == 4160 and len({r["id"] for r in corpus}) == 4160
    assert {r["prompt"] for r in corpus} == PROMPTS
    halves = collections.Counter((r["dataset"], r["split"]) for r in corpus)
    # the test half: ten datasets, forty captions each (ten images, four prompts); the dev half: the
    # same ten datasets' other half, then seven more sets of descriptions of new images of those and two
    # more datasets (forty captions per dataset in each set)
    tested = {d for d, s in halves if s == "test"}
    assert len(tested) == 10 and all(halves[(d, "test")] == 40 for d in tested)
    assert {d for d, s in halves if s == "dev"} >= tested and len({d for d, _ in halves}) == 12
    assert all(halves[(d, "dev")] == (320 if d in tested else 280) for d, s in halves if s == "dev")
    assert sum(1 for r in corpus if r["split"] == "test") == 400
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


#: per half: claims agreement, claims false that the judge does not call false, claims decided, captions
#: agreement, captions decided, G (now test: 99.8%, 9, 90.2%, 100%, 79.4%, 97.5%; dev, with its eighth set of
#: 480 in three more models' styles: 99.8%, 118, 90.3%, 98.9%, 82.8%, 98.2%)
FLOORS = {"test": (0.995, 12, 0.895, 0.98, 0.79, 0.97), "dev": (0.995, 125, 0.895, 0.985, 0.82, 0.975)}


@pytest.mark.parametrize("split", [pytest.param("dev", marks=pytest.mark.slow), "test"])
def test_floors(split):
    t = _half(split)
    claims_agree, false_wrong, claims_decided, agree, decided, g_agree = FLOORS[split]
    assert t.claims_agree / t.claims_decided >= claims_agree  # claims: almost never a wrong truth value
    assert t.false_wrong <= false_wrong  # claims called false that the judge does not call false
    assert t.claims_decided / t.claims >= claims_decided
    assert t.agree / t.decided >= agree
    assert t.decided / t.decidable >= decided
    assert t.g_agree / t.n >= g_agree


def test_one_sentence_captions_are_read():
    records = [r for r in load_corpus() if r["split"] == "test" and r["prompt"] == "one-sentence"]
    t = measure(records)
    assert t.g_agree / t.n >= 0.95
    assert t.decided / t.decidable >= 0.85 and t.agree / t.decided >= 0.97


@pytest.mark.slow  # about 5 s
def test_detailed_descriptions_parse_sentence_by_sentence():
    # a detailed description is grammatical only when every sentence parses (91% of the test half's)
    records = [r for r in load_corpus() if r["split"] == "test" and r["prompt"] == "detailed"]
    t = measure(records)
    assert t.g_agree / t.n >= 0.89
    assert t.claims_decided / t.claims >= 0.82 and t.claims_agree / t.claims_decided >= 0.99
