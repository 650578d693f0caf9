"""Random caption corpora for the metric tests (seeded; small vocabulary)."""
from __future__ import annotations

import random

VOCAB = ("a an the red green blue yellow square squares circle circles shape shapes is are "
         "above below to left right of there half exactly two three one no than more most "
         "all some behind front in").split()


def words(rng: random.Random, lo: int = 0, hi: int = 12) -> str:
    return " ".join(rng.choice(VOCAB) for _ in range(rng.randint(lo, hi)))


def corpus(n_images: int, seed: int, max_refs: int = 10, max_cands: int = 1,
           lo: int = 0, hi: int = 12) -> tuple[list[list[str]], list[list[str]]]:
    """(candidates, references): per image 1..max_cands candidates and 1..max_refs refs."""
    rng = random.Random(seed)
    cands = [[words(rng, lo, hi) for _ in range(rng.randint(1, max_cands))]
             for _ in range(n_images)]
    refs = [[words(rng, lo, hi) for _ in range(rng.randint(1, max_refs))]
            for _ in range(n_images)]
    return cands, refs


def punctuated(rng: random.Random) -> str:
    """A caption with natural punctuation, contractions, numbers and hyphens."""
    extra = ["isn't", "aren't", "there's", "it's", "shape's", "shapes'", "left-most",
             "3", "1,000", "3.5", "e.g.", "can't", "don't", "Square", "Circle", "A", "The"]
    trailing = [".", ",", "!", "?", ";", ":", "'", '"', ")", "...", "!!", "?!", "--"]
    leading = ['"', "(", "'", "``", "-"]
    out = []
    for _ in range(rng.randint(1, 12)):
        w = rng.choice(VOCAB + extra)
        r = rng.random()
        if r < 0.1:
            w = rng.choice(leading) + w
        elif r < 0.3 and w.lower().lstrip("\"('`-") not in ("no", "a"):
            w = w + rng.choice(trailing)
        out.append(w)
    s = " ".join(out)
    # (CoreNLP treats "no." and a single letter + "." context-dependently: avoided)
    last = out[-1].lower().lstrip("\"('`-")
    if rng.random() < 0.7 and last not in ("no", "a"):
        s += rng.choice([".", ".", "?", "!", " .", "..."])
    return s
