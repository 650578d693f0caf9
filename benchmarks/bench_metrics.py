"""Benchmark of the caption metrics (run by hand: ``python benchmarks/bench_metrics.py``).

4,096 images × 1 candidate vs 10 references of realistic ShapeWorld-style captions; times
preparation (tokenisation + interning), each metric (METEOR excluded) and the total of a cold
``score_all`` (best of ``--repeat``), and peak Python memory (tracemalloc) plus process max RSS;
then the diversity measures on 4,096 images × 5 candidates.  ``--compare`` also times
pycocoevalcap's own scorers on the same tokenised data and prints both scores.
"""
from __future__ import annotations

import argparse
import random
import resource
import sys
import time
import tracemalloc
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from shapeworldice.metrics import (  # noqa: E402
    Bleu, CiderD, RougeL, lsa_diversity, mbleu, score_all, self_cider,
)
from shapeworldice.metrics.base import PreparedCorpus  # noqa: E402
from shapeworldice.metrics.tokenize import _tokenize_cached, tokenize_caption  # noqa: E402

SHAPES = ["square", "rectangle", "triangle", "pentagon", "cross", "circle", "semicircle", "ellipse"]
COLORS = ["red", "green", "blue", "yellow", "magenta", "cyan", "gray"]
RELS = ["to the left of", "to the right of", "above", "below", "behind", "in front of",
        "closer to the", "bigger than", "smaller than", "darker than", "lighter than"]
QUANT = ["no", "at most one", "at least two", "exactly three", "less than half of the",
         "more than half of the", "all", "most", "a third of the", "two"]


def _np(rng: random.Random) -> str:
    k = rng.random()
    if k < 0.5:
        return f"{rng.choice(COLORS)} {rng.choice(SHAPES)}"
    if k < 0.75:
        return rng.choice(SHAPES)
    return f"{rng.choice(COLORS)} shape"


def _art(w: str) -> str:
    return "an" if w[0] in "aeiou" else "a"


def caption(rng: random.Random) -> str:
    k = rng.randrange(6)
    a, b = _np(rng), _np(rng)
    if k == 0:
        return f"There is {_art(a)} {a}."
    if k == 1:
        return f"{_art(a).capitalize()} {a} is {rng.choice(RELS)} {_art(b)} {b}."
    if k == 2:
        return f"{rng.choice(QUANT).capitalize()} {a}s are {rng.choice(RELS)} {_art(b)} {b}."
    if k == 3:
        which = rng.choice(['leftmost', 'rightmost', 'upmost', 'lowermost', 'biggest'])
        return f"The {which} {a} is {rng.choice(COLORS)}."
    if k == 4:
        return (f"{_art(a).capitalize()} {a} is {rng.choice(RELS)} {_art(b)} {b}, "
                f"and there is no {rng.choice(COLORS)} {rng.choice(SHAPES)}.")
    return f"Exactly {rng.choice(['one', 'two', 'three'])} {rng.choice(COLORS)} shapes are {rng.choice(SHAPES)}s."


def corpus(n_images: int, n_refs: int, seed: int = 0):
    rng = random.Random(seed)
    refs = [[caption(rng) for _ in range(n_refs)] for _ in range(n_images)]
    cands = [[r[0] if rng.random() < 0.3 else caption(rng)] for r in refs]
    return cands, refs


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--images", type=int, default=4096)
    ap.add_argument("--refs", type=int, default=10)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--compare", action="store_true", help="also time pycocoevalcap's scorers")
    args = ap.parse_args()
    cands, refs = corpus(args.images, args.refs)
    n_caps = args.images * (args.refs + 1)
    n_unique = len({c for cs in cands for c in cs} | {r for rs in refs for r in rs})
    print(f"{args.images} images x 1 candidate vs {args.refs} refs "
          f"({n_caps} captions, {n_unique} distinct)")

    best: dict[str, float] = {}
    for _ in range(args.repeat):
        _tokenize_cached.cache_clear()  # cold: tokenisation included
        prep, t_prep = timed(lambda: PreparedCorpus(cands, refs))
        times = {"prepare (tokenise+intern)": t_prep}
        for name, m in (("bleu (ngram table)", Bleu()), ("cider_d", CiderD()), ("rouge_l", RougeL())):
            _, t = timed(partial(m.compute_prepared, prep))
            times[name] = t
        _tokenize_cached.cache_clear()
        _, times["TOTAL score_all (cold)"] = timed(lambda: score_all(cands, refs))
        for k, v in times.items():
            best[k] = min(best.get(k, float("inf")), v)
    for k, v in best.items():
        print(f"  {k:28s} {v * 1000:8.1f} ms")

    _tokenize_cached.cache_clear()
    tracemalloc.start()
    results = score_all(cands, refs)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak traced memory (score_all)  {peak / 2**20:8.1f} MiB; process max RSS {rss:.0f} MiB")
    for r in results.values():
        print("  ", r)

    div_cands = [[caption(random.Random(i * 7 + j)) for j in range(5)] for i in range(args.images)]
    print(f"diversity: {args.images} images x 5 candidates")
    for name, fn in (("self_cider", self_cider), ("lsa_diversity", lsa_diversity),
                     ("mbleu (1-4 + mix)", mbleu)):
        _tokenize_cached.cache_clear()
        res, t = timed(partial(fn, div_cands))
        score = res["mbleu_mix"].score if isinstance(res, dict) else res.score
        print(f"  {name:28s} {t * 1000:8.1f} ms  (score {score:.4f})")

    if args.compare:
        from pycocoevalcap.bleu.bleu import Bleu as CB
        from pycocoevalcap.cider.cider import Cider as CC
        from pycocoevalcap.rouge.rouge import Rouge as CR

        gts = {i: [tokenize_caption(r) for r in rs] for i, rs in enumerate(refs)}
        res = {i: [tokenize_caption(c[0])] for i, c in enumerate(cands)}
        for name, scorer in (("bleu", CB(4)), ("cider_d", CC()), ("rouge_l", CR())):
            t = time.perf_counter()
            if name == "bleu":
                s, _ = scorer.compute_score(gts, res, verbose=0)
                s = s[3]
            else:
                s, _ = scorer.compute_score(gts, res)
            ours = results["bleu_4" if name == "bleu" else name].score
            print(f"  pycocoevalcap {name:8s} {(time.perf_counter() - t) * 1000:8.1f} ms"
                  f"  score {float(s):.12f} (ours {ours:.12f})")


if __name__ == "__main__":
    main()
