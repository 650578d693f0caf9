"""Issue #18 item 7: BLEU, ROUGE-L and CIDEr-D score (caption, reference) pairs block by block, so
their memory is that of a block; every item's score is the same bytes whatever the block size."""
from __future__ import annotations

import random
from contextlib import contextmanager
from typing import Iterator

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import shapeworldice.metrics.base as base
import shapeworldice.metrics.bleu as bleu
from shapeworldice.metrics import score_all

WORDS = "a red square blue circle is above below the left of right green shape there".split()


def _captions(rng: random.Random, most: int) -> list[list[str]]:
    return [[" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 8))) + "." for _ in range(rng.randint(1, most))]
            for _ in range(rng.randint(1, 6))]


def _scores(candidates, references) -> dict:
    out = score_all(candidates, references)
    return {name: (r.score, r.per_image, r.extra.get("per_caption")) for name, r in out.items()
            if name.startswith(("bleu", "rouge", "cider"))}


@contextmanager
def _blocks(pairs: int, items: int) -> Iterator[None]:
    saved = base.PAIRS_PER_BLOCK, bleu.ITEMS_PER_BLOCK
    base.PAIRS_PER_BLOCK, bleu.ITEMS_PER_BLOCK = pairs, items
    try:
        yield
    finally:
        base.PAIRS_PER_BLOCK, bleu.ITEMS_PER_BLOCK = saved


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), most=st.integers(1, 6), pairs=st.integers(1, 40), items=st.integers(1, 5))
def test_any_block_size_gives_the_same_bytes(seed, most, pairs, items):
    rng = random.Random(seed)
    candidates = _captions(rng, most)
    references = [[" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 8))) + "." for _ in range(3)]
                  for _ in candidates]
    whole = _scores(candidates, references)
    with _blocks(pairs, items):
        assert _scores(candidates, references) == whole


def test_blocks_cover_every_pair_once():
    corpus = base.PreparedCorpus([["a b.", "c."], ["d."], ["e.", "f.", "g."]], [["x."] * 3, ["y."] * 2, ["z."]])
    blocks = corpus.item_blocks(4)
    assert [(a, b) for a, b, _, _ in blocks] == [(0, 2), (2, 5), (5, 6)]
    assert np.array_equal(np.concatenate([np.arange(lo, hi) for _, _, lo, hi in blocks]), np.arange(11))
