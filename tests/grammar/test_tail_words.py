"""A tail's head word is visible in the MRS as the CARG of its ``_tail_n_1`` (docs/grammar.md,
"Tails"), so that "..., all red", "..., mostly red" and "..., none of them red" can be told apart."""
from __future__ import annotations

import pytest

from shapeworldice.grammar import parse

CASES = (
    ("Several shapes on a black background, mostly magenta and cyan.", "most"),
    ("Several shapes on a black background, mainly in shades of blue.", "most"),
    ("Seven shapes, all on a black background.", "all"),
    ("Three squares sit in a row, none of them touching.", "none"),
    ("Five shapes, two of them red.", "2"),
    ("Several shapes, some overlapping, on a black background.", "some"),
    ("Circles and squares, most of them red.", "most"),
    ("Circles and squares, each of them small.", "each"),
    ("Two circles sit side by side, the larger of which is cyan.", "the+larger"),
    ("Three circles sit in a row, one of which overlaps the square.", "1"),
    ("Three circles sit in a row, neither of which is red.", "neither"),
    ("Colorful shapes, such as the blue pentagon and the magenta cross.", "example"),
    ("The rest of the image, especially the left and upper portions, is plain black.", "example"),
)


def _tail_cargs(text: str) -> list[str | None]:
    result = parse(text)
    assert result.grammatical, text
    return [ep.carg for ep in result.readings[0].mrs.rels if ep.predicate == "_tail_n_1"]


@pytest.mark.parametrize(("text", "word"), CASES)
def test_the_tail_carries_its_head_word(text, word):
    assert _tail_cargs(text) == [word]


def test_every_tail_entry_has_a_word():
    # a tail entry without carg= would be a grammar error at parse time: every entry of the three
    # tail types names its word
    from shapeworldice.grammar.loader import load

    tails = [e for e in load().entries if e.type in ("tailh", "tailq", "tailr")]
    assert len(tails) > 50
    assert all(e.attrs.get("carg") for e in tails)
