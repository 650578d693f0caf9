"""The lexical cells of a sentence: a word's multi-word items are looked up by the next token
(:meth:`ChartParser._plain_items` groups them by their second word), and the cells are those a
scan of every multi-word item the word starts makes, in the same order."""
from __future__ import annotations

import pytest

from shapeworldice.grammar import normalise
from shapeworldice.grammar.parser import _place, get_parser, tokenise

SENTENCES = [
    "The red square is to the left of the blue circle.",
    "There is a plus sign at the top of the image, next to a half circle.",
    "In the Upper Left Corner, a green cross sits on top of a square.",
    "Shapes such as crosses and ovals are in front of the others.",
    "The image shows a black background with a red square in front of a circle.",
]


def scanned(tokens: list[str]) -> dict:
    """The multi-word cells of ``tokens`` from every multi-word item of each word, in order."""
    p = get_parser()
    lower = [t.lower() for t in tokens]
    cells: dict = {}
    covered = [False] * len(tokens)
    for i, w in enumerate(lower):
        found = p._plain_items(w) if tokens[i] == w or tokens[i] not in p.g.lex_first else None
        if not found or not found[0]:
            continue
        for _, n, words, exact, items in sorted(x for group in found[1].values() for x in group):
            if tuple(tokens[i:i + n] if exact else lower[i:i + n]) == words:
                _place(cells, covered, i, n, items)
    return cells


@pytest.mark.parametrize("text", SENTENCES)
def test_multi_word_cells_are_those_of_a_scan_of_every_item(text):
    tokens = tokenise(normalise(text))
    lex, bad = get_parser()._lexical(tokens)
    assert lex is not None and bad is None
    longer = {span: list(cell.items()) for span, cell in lex.items() if span[1] - span[0] > 1}
    want = {span: list(cell.items()) for span, cell in scanned(tokens).items()}
    assert longer and longer == want


def test_a_word_starting_many_items_keeps_them_grouped_by_second_word():
    """"the" starts many multi-word items; each group holds only items of its second word, and the
    places number every item once."""
    plain = get_parser()._plain_items("the")
    assert plain is not None
    groups = plain[1]
    assert len(groups) > 1
    places = sorted(place for group in groups.values() for place, *_ in group)
    assert places == list(range(len(places))) and len(places) > 10
    assert all(words[1] == second for second, group in groups.items() for _, _, words, _, _ in group)
