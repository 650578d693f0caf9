"""Pathological caption transformations (Cui et al.), with a strength γ ∈ [0, 1].

- ``shuffled``: with probability γ, the caption is replaced by a reference of another image
  ("random caption");
- ``permuted``: a share γ of the word positions is shuffled among themselves ("word permutation");
- ``random-words``: each word is replaced with probability γ by a random vocabulary word.

At γ = 1 these are the sanity baselines of the same names; at γ = 0 they are the identity.
Randomness comes from the passed generator only, so a transformed file is reproducible.
"""
from __future__ import annotations

import re
from typing import Callable, Sequence

import numpy as np

TRANSFORMS = ("shuffled", "permuted", "random-words")
_WORD = re.compile(r"[A-Za-z]+")


def words(caption: str) -> list[str]:
    """Lower-cased words of a caption, punctuation dropped."""
    return [w.lower() for w in _WORD.findall(caption)]


def sentence(tokens: Sequence[str]) -> str:
    """Words back into a caption: first letter capitalised, one full stop."""
    text = " ".join(tokens)
    return (text[:1].upper() + text[1:] + ".") if text else "."


def vocabulary(captions: Sequence[str]) -> list[str]:
    """Sorted set of the words in some captions (the random-word replacement pool)."""
    return sorted({w for c in captions for w in words(c)})


def permute(caption: str, strength: float, rng: np.random.Generator) -> str:
    tokens = words(caption)
    k = int(round(strength * len(tokens)))
    if k >= 2:
        positions = np.sort(rng.choice(len(tokens), size=k, replace=False))
        moved = [tokens[i] for i in positions]
        order = rng.permutation(k)
        if k > 1 and np.all(order == np.arange(k)):  # a permutation that moves nothing moves two
            order[[0, 1]] = order[[1, 0]]
        for i, j in zip(positions, order):
            tokens[i] = moved[j]
    return sentence(tokens)


def replace_words(caption: str, strength: float, rng: np.random.Generator, vocab: Sequence[str]) -> str:
    tokens = words(caption)
    for i in range(len(tokens)):
        if rng.random() < strength:
            tokens[i] = vocab[int(rng.integers(len(vocab)))]
    return sentence(tokens)


def derangement(n: int, rng: np.random.Generator) -> np.ndarray:
    """A random permutation with no fixed point (n ≥ 2): image i gets image perm[i]'s caption."""
    if n < 2:
        return np.arange(n)
    shift = rng.permutation(n)
    perm = np.empty(n, dtype=np.int64)
    perm[shift] = np.roll(shift, 1)  # one cycle through a random order: no fixed points
    return perm


def transform(name: str, captions: Sequence[str], others: Sequence[Sequence[str]], strength: float,
              rng: np.random.Generator, vocab: Sequence[str]) -> list[str]:
    """Transform one caption per image; ``others[i]`` are candidate captions of *other* images."""
    if name not in TRANSFORMS:
        raise ValueError(f"unknown transformation {name!r} (expected one of {', '.join(TRANSFORMS)})")
    if not 0.0 <= strength <= 1.0:
        raise ValueError(f"strength must be in [0, 1], got {strength}")
    out = []
    for i, caption in enumerate(captions):
        if name == "shuffled":
            pool = others[i]
            out.append(pool[int(rng.integers(len(pool)))] if pool and rng.random() < strength else caption)
        elif name == "permuted":
            out.append(permute(caption, strength, rng))
        else:
            out.append(replace_words(caption, strength, rng, vocab))
    return out


TransformFn = Callable[[Sequence[str], Sequence[Sequence[str]], float, np.random.Generator, Sequence[str]], list[str]]
