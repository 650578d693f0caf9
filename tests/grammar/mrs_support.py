"""Helpers of the grammar's tests: the first reading of a sentence that must parse, and its EPs."""
from __future__ import annotations

from shapeworldice.grammar import parse


def first_reading(sentence: str):
    """The best reading of ``sentence``, which must be grammatical."""
    result = parse(sentence)
    assert result.grammatical, sentence
    return result.readings[0]


def first_mrs(sentence: str):
    """The MRS of :func:`first_reading`."""
    return first_reading(sentence).mrs


def eps(mrs, predicate: str) -> list:
    """The EPs of ``mrs`` with ``predicate``, in order."""
    return [e for e in mrs.rels if e.predicate == predicate]


def ep(mrs, predicate: str):
    """The first EP of ``mrs`` with ``predicate``, which must be there."""
    found = eps(mrs, predicate)
    assert found, predicate
    return found[0]
