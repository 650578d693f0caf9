"""Per-caption scores stored by column: one float array per measure, a light row view per caption.

A results file of 200,000 captions gets 200,000 :class:`~.scoring.CaptionResult` records, each
with a dozen per-caption scores (BLEU-1..4, ROUGE-L, CIDEr-D, informativeness, claims, ...). As
one dict per caption that was about 1 KB a caption; as columns it is 8 bytes a score. The row
(:class:`ScoreRow`) reads and writes like the dict it replaces.
"""
from __future__ import annotations

import math
from array import array
from typing import Iterator, MutableMapping

__all__ = ["ScoreColumns", "ScoreRow"]

_MISSING = math.nan  # a score that is None (a real score is never NaN)


class ScoreColumns:
    """The columns of one caption set; :meth:`row` hands out one row per caption."""

    __slots__ = ("columns", "size")

    def __init__(self) -> None:
        self.columns: dict[str, array] = {}
        self.size = 0

    def row(self) -> "ScoreRow":
        self.size += 1
        return ScoreRow(self, self.size - 1)

    def get(self, key: str, index: int) -> float | None:
        column = self.columns.get(key)
        if column is None or index >= len(column) or math.isnan(column[index]):
            return None
        return column[index]

    def set(self, key: str, index: int, value: float | None) -> None:
        column = self.columns.get(key)
        if column is None:
            column = self.columns[key] = array("d")
        if index >= len(column):
            column.extend([_MISSING] * (index + 1 - len(column)))
        column[index] = _MISSING if value is None else float(value)


class ScoreRow(MutableMapping[str, "float | None"]):
    """One caption's scores: every measure of its caption set (None where it has no value)."""

    __slots__ = ("_columns", "_index")

    def __init__(self, columns: ScoreColumns, index: int):
        self._columns, self._index = columns, index

    def __getitem__(self, key: str) -> float | None:
        if key not in self._columns.columns:
            raise KeyError(key)
        return self._columns.get(key, self._index)

    def __setitem__(self, key: str, value: float | None) -> None:
        self._columns.set(key, self._index, value)

    def __delitem__(self, key: str) -> None:
        raise TypeError("a caption's scores are not deleted one by one")

    def __iter__(self) -> Iterator[str]:
        return iter(self._columns.columns)

    def __len__(self) -> int:
        return len(self._columns.columns)

    def __repr__(self) -> str:
        return repr(dict(self))
