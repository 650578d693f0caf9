"""Word vocabulary of the training captions, and captions ↔ fixed-length token arrays.

Captions are lower-cased and split on spaces with the final full stop dropped; greedy outputs are
turned back into sentences ("A red square is above a circle.") so the evaluator sees what a
person would write.
"""
from __future__ import annotations

import re
from typing import Iterable, Sequence

import numpy as np

from ..errors import UserError

PAD, START, END, UNK = 0, 1, 2, 3
SPECIALS = ("<pad>", "<start>", "<end>", "<unk>")
_SPLIT = re.compile(r"[a-z0-9']+|[^\sa-z0-9']")


def words(caption: str) -> list[str]:
    """Lower-cased word tokens of a caption, without the final full stop."""
    tokens = _SPLIT.findall(caption.lower())
    while tokens and tokens[-1] == ".":
        tokens.pop()
    return tokens


class Vocabulary:
    """Token ids: the four specials first, then the training words in sorted order (deterministic)."""

    def __init__(self, tokens: Sequence[str]):
        self.tokens = list(SPECIALS) + [t for t in tokens if t not in SPECIALS]
        self.index = {t: i for i, t in enumerate(self.tokens)}

    @classmethod
    def build(cls, captions: Iterable[str]) -> Vocabulary:
        seen: set[str] = set()
        for caption in captions:
            seen.update(words(caption))
        if not seen:
            raise UserError("the training split has no caption words to learn")
        return cls(sorted(seen))

    def __len__(self) -> int:
        return len(self.tokens)

    def encode(self, captions: Sequence[str], length: int) -> np.ndarray:
        """N×length int64 array: word ids, then END, then PAD; words past ``length - 1`` are cut."""
        out = np.full((len(captions), length), PAD, dtype=np.int64)
        for row, caption in enumerate(captions):
            ids = [self.index.get(w, UNK) for w in words(caption)][: length - 1]
            out[row, : len(ids)] = ids
            out[row, len(ids)] = END
        return out

    def decode(self, ids: Iterable[int]) -> str:
        """A sentence from generated ids (stops at END; specials dropped); '.' when nothing was said."""
        out: list[str] = []
        for i in ids:
            i = int(i)
            if i == END:
                break
            if i >= len(SPECIALS):
                out.append(self.tokens[i])
        if not out:
            return "."
        text = " ".join(out)
        text = re.sub(r" ([,;:])", r"\1", text)
        return text[0].upper() + text[1:] + "."
