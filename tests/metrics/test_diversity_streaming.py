"""Issue #18 item 7: Self-CIDEr, LSA and mBLEU stream the corpus image batch by image batch, so
their memory does not grow with the number of images, and every figure stays what the one-pass
computation gave."""
from __future__ import annotations

import random
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import shapeworldice.metrics.diversity as diversity
from shapeworldice.evaluation.core.diversity_section import diversity_section
from shapeworldice.metrics import lsa_diversity, mbleu, self_cider

WORDS = "a red square blue circle is above below the left of right green shape there".split()
MEASURES = ("self_cider", "lsa", "mbleu_1", "mbleu_2", "mbleu_3", "mbleu_4", "mbleu_mix", "f_score")


def _grouped(seed: int, images: int, most: int) -> dict[str, list[str]]:
    """Images with 1, 2, 3 or ``most`` captions of random words (empty captions included)."""
    rng = random.Random(seed)
    out = {}
    for g in range(images):
        m = rng.choice([1, 2, 3, most, most])
        out[f"img{g}"] = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 7))) + "." for _ in range(m)]
    return out


#: the section of ``_grouped(seed, 12, 9)`` as computed by the one-pass code before streaming
BEFORE = {
    0: (0.918583303259385, 0.8155618650039433, 0.42751994636660995, 0.05806671493759178, 9.207120144400291e-06,
        2.9013065882248096e-06, 0.8786003075672665, 0.5410946558735011),
    1: (0.9368118687988989, 0.8377714393031205, 0.3328177308871397, 0.043074502581128514, 1.4628875653738112e-06,
        5.134627255603499e-07, 0.9060264475453601, 0.5421302920948354),
}


@pytest.mark.parametrize("seed", sorted(BEFORE))
def test_figures_are_those_of_the_one_pass_code(seed):
    section = diversity_section(_grouped(seed, 12, 9), 0.5)
    assert section is not None
    # to the last bits: the linear algebra library picks its kernels by CPU, so a dot product's
    # last bit may differ between machines; streaming must not change more than that
    assert tuple(section[k] for k in MEASURES) == pytest.approx(BEFORE[seed], rel=1e-12, abs=1e-15)


def _per_image(grouped: dict[str, list[str]]) -> tuple:
    cands = list(grouped.values())
    mb = mbleu(cands)
    return (self_cider(cands).per_image, lsa_diversity(cands).per_image,
            *(mb[k].per_image for k in ("mbleu_1", "mbleu_4", "mbleu_mix")))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), images=st.integers(1, 8), most=st.integers(2, 12),
       budget=st.integers(1, 200))
def test_any_batching_gives_the_same_bytes(seed, images, most, budget):
    grouped = _grouped(seed, images, most)
    whole = _per_image(grouped)
    original = diversity.PAIRS_PER_BATCH
    diversity.PAIRS_PER_BATCH = budget
    try:
        assert _per_image(grouped) == whole
    finally:
        diversity.PAIRS_PER_BATCH = original


def test_batches_respect_the_budget_and_skip_single_captions():
    batches = list(diversity.image_batches([3, 1, 3, 0, 2, 10, 2], pairs=20))
    assert batches == [[0, 2], [4], [5], [6]]
    assert [g for b in batches for g in b] == [0, 2, 4, 5, 6]


def _peak_bytes(images: int) -> int:
    rng = random.Random(images)
    grouped = {f"i{g}": [" ".join(rng.choice(WORDS) for _ in range(6)) + "." for _ in range(50)]
               for g in range(images)}
    tracemalloc.start()
    try:
        diversity_section(grouped, 0.5)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_does_not_grow_with_the_number_of_images():
    """50 captions per image: four times the images, about the same peak (the one-pass code
    needed four times the memory: all within-image pairs of the file at once)."""
    small, large = _peak_bytes(30), _peak_bytes(120)
    assert large < 1.3 * small, (small, large)
