"""The parser's chart (:func:`shapeworldice.grammar.cky.fill`) against the reference CKY's.

Without pruning it is the reference's edge for edge: the same symbols in every cell, in the same
order, with the same costs and backpointers (which of two equally cheap analyses an edge keeps
depends on that order).  Pruned (the parser's chart), it leaves out edges no root can rest on
and keeps every edge a root can rest on as the reference has it: the same cost and backpointer,
in the same order among such edges of its cell, so the readings are the reference's."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shapeworldice.grammar import cky, normalise
from shapeworldice.grammar.parser import get_parser, tokenise

ROOT = Path(__file__).resolve().parents[2]


def charts(tokens: list[str], prune: bool = False) -> tuple[list, list]:
    """The reference chart and the parser's, each from its own lexical cells."""
    p = get_parser()
    lex, bad = p._lexical(tokens)
    assert lex is not None, bad
    reference = cky.fill_reference(p.g, len(tokens), lex)
    lex, _ = p._lexical(tokens)
    return reference, cky.fill(p.g, len(tokens), lex, prune=prune)


def assert_same(tokens: list[str]) -> None:
    """The unpruned chart is the reference's, edge for edge."""
    reference, chart = charts(tokens)
    n = len(tokens)
    for i in range(n + 1):
        for j in range(n + 1):
            want, got = reference[i][j], chart[i][j]
            assert (want is None) == (got is None), (tokens, i, j)
            if want is not None:
                assert list(want.items()) == list(got.items()), (tokens, i, j)


def resting(chart: list, n: int) -> set[tuple[int, int, int]]:
    """The edges (i, j, symbol) of ``chart`` that a root over all ``n`` tokens rests on, through
    any of their analyses (not only the cheapest)."""
    g = get_parser().g
    top = chart[0][n] or {}
    todo = [(0, n, r) for r in (g.root, g.fragment_root) if r is not None and r in top]
    seen: set[tuple[int, int, int]] = set()
    while todo:
        edge = todo.pop()
        if edge in seen:
            continue
        seen.add(edge)
        i, j, a = edge
        todo += [(i, j, b) for b in chart[i][j] if any(x == a for x, _, _ in g.unary.get(b, ()))]
        for k in range(i + 1, j):
            left, right = chart[i][k], chart[k][j]
            if left and right:
                for b in left:
                    for c, found in g.binary.get(b, {}).items():
                        if c in right and any(x == a for x, _, _ in found):
                            todo += [(i, k, b), (k, j, c)]
    return seen


def assert_same_where_a_root_rests(tokens: list[str]) -> int:
    """The pruned chart holds every edge a root rests on in the reference, as the reference has
    it and in the reference's order in its cell, and no edge the reference lacks; the number of
    such edges."""
    reference, chart = charts(tokens, prune=True)
    n = len(tokens)
    kept = resting(reference, n)
    for i in range(n + 1):
        for j in range(i + 1, n + 1):
            want = [(a, v) for a, v in (reference[i][j] or {}).items() if (i, j, a) in kept]
            got = [(a, v) for a, v in (chart[i][j] or {}).items() if (i, j, a) in kept]
            assert want == got, (tokens, i, j)
            assert set(chart[i][j] or ()) <= set(reference[i][j] or ()), (tokens, i, j)
    return len(kept)


@lru_cache(maxsize=1)
def words() -> list[str]:
    """Words the grammar knows (sorted), a few it does not, and punctuation."""
    return sorted(get_parser().g.vocabulary) + ["teal", "overlapping", "blobs", "3", ",", "and"]


@lru_cache(maxsize=1)
def described() -> list[list[str]]:
    with open(ROOT / "tests" / "descriptions" / "corpus.jsonl", encoding="utf-8") as f:
        texts = [json.loads(line)["caption"] for line in f]
    return [tokenise(normalise(t)) for t in texts]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_chart_is_the_reference_chart_on_any_word_string(data):
    tokens = data.draw(st.lists(st.sampled_from(words()), min_size=1, max_size=12))
    if get_parser()._lexical(tokens)[0] is None:  # a word no item covers: no chart at all
        return
    assert_same(tokens)
    assert_same_where_a_root_rests(tokens)


@pytest.mark.parametrize("k", [0, 3, 7, 12, 41, 97])
def test_the_chart_is_the_reference_chart_on_model_written_descriptions(k):
    """Whole descriptions, unsplit: long token strings with many equally cheap attachments."""
    assert_same(described()[k][:30])
    assert_same_where_a_root_rests(described()[k][:30])


@lru_cache(maxsize=1)
def described_sentences() -> list[list[str]]:
    """The sentences of the model-written descriptions, each as the parser reads it."""
    from shapeworldice.interpret.discourse import sentences

    with open(ROOT / "tests" / "descriptions" / "corpus.jsonl", encoding="utf-8") as f:
        texts = [json.loads(line)["caption"] for line in f]
    return [tokenise(normalise(s)) for t in texts for _, s in sentences(normalise(t))]


@pytest.mark.parametrize("k", [0, 1, 2, 5, 17, 100, 333, 1000, 1500, 2000])
def test_the_pruned_chart_keeps_what_a_root_rests_on_in_model_written_sentences(k):
    """Sentences that parse, with many equally cheap analyses: every edge a root rests on is the
    reference's, and the chart leaves out others."""
    tokens = described_sentences()[k]
    assert assert_same_where_a_root_rests(tokens) > 0
    reference, chart = charts(tokens, prune=True)
    size = sum(len(cell) for row in chart for cell in row if cell)
    assert size < sum(len(cell) for row in reference for cell in row if cell)


def test_a_unary_closure_past_the_reference_guard_falls_back_to_the_reference(monkeypatch):
    """Where the reference gives up a closure part way, the parser's chart is the reference's."""
    tokens = tokenise(normalise("There is a red square above a blue circle"))
    p = get_parser()
    monkeypatch.setattr(cky, "CLOSURE_STEPS", 2)
    # words closed under the lowered guard are cached in a dict of this test's own, so the shared
    # parser's cache keeps no cell left open by it (later tests compare cached cells with closed ones)
    monkeypatch.setattr(p, "_plain_cells", {})
    lex, _ = p._lexical(tokens)
    with pytest.raises(cky.ClosureGuard):
        cky.fill(p.g, len(tokens), lex)
    chart, _ = p.chart(tokens)
    lex, _ = p._lexical(tokens)
    reference = cky.fill_reference(p.g, len(tokens), lex)
    assert [[c and list(c.items()) for c in row] for row in chart] == \
        [[c and list(c.items()) for c in row] for row in reference]


def unclosed(tokens: list[str]) -> dict:
    """The lexical cells of ``tokens`` as they are before any unary rule applies: each word's own
    cell from its items (:meth:`ChartParser._plain_items`), not the closed copy the parser keeps."""
    p = get_parser()
    lex, _ = p._lexical(tokens)
    for i, token in enumerate(tokens):
        plain = p._plain_items(token) if token == token.lower() else None
        if plain is not None and plain[0]:
            lex[(i, i + 1)] = dict(plain[0])
    return lex


@pytest.mark.parametrize("k", [0, 5, 12, 41, 97, 300])
def test_closed_word_cells_give_the_reference_chart(k):
    """The parser takes each word's cell closed under the unary rules, with its summary
    (:func:`cky.close`); the chart is the reference's from the cells as the lexicon gives them."""
    tokens = described()[k][:25]
    p = get_parser()
    closed: dict = {}
    lex, _ = p._lexical(tokens, closed)
    assert closed and set(closed) <= {(i, i + 1) for i in range(len(tokens))}
    chart = cky.fill(p.g, len(tokens), lex, closed, prune=False)
    reference = cky.fill_reference(p.g, len(tokens), unclosed(tokens))
    assert [[c and list(c.items()) for c in row] for row in chart] == \
        [[c and list(c.items()) for c in row] for row in reference]
    lex, _ = p._lexical(tokens, closed)
    pruned = cky.fill(p.g, len(tokens), lex, closed)
    assert [[c and list(c.items()) for c in row] for row in pruned] == \
        [[c and list(c.items()) for c in row] for row in cky.fill(p.g, len(tokens), unclosed(tokens))]


@pytest.mark.parametrize("text", ["A red square is above a", "There is is a circle", "Blue the square left of",
                                  "A red square is above a blue circle and a green triangle is to the left of the"])
def test_a_caption_without_a_parse_names_the_longest_constituent_of_every_edge(text):
    """The longest span is read from the whole chart, not from the edges a root could rest on
    (the last caption, of 18 tokens, is long enough for the parser to prune its chart)."""
    p = get_parser()
    tokens = tokenise(normalise(text))
    result = p.parse_uncached(text)
    assert not result.grammatical
    lex, _ = p._lexical(tokens)
    assert result.longest_span == p._longest_span(cky.fill_reference(p.g, len(tokens), lex), len(tokens))
    assert result.longest_span is not None


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_closing_a_word_cell_is_idempotent(data):
    """A closed cell closes to itself with the same summary, so a cell closed once can be
    handed to the chart as it is."""
    p = get_parser()
    word = data.draw(st.sampled_from([w for w in words() if w == w.lower()]))
    plain = p._plain_items(word)
    if plain is None or not plain[0]:
        return
    cell = dict(plain[0])
    first = cky.close(p.g, cell)
    again = dict(cell)
    assert cky.close(p.g, again) == first and list(again.items()) == list(cell.items())
    cached = p._word_items(word)
    assert cached is not None and list(cached[0].items()) == list(cell.items()) and cached[1] == first


@pytest.mark.parametrize("k", [0, 5, 12, 41, 97, 300])
def test_a_word_cell_is_shared_and_left_as_it_was(k):
    """A closed word cell goes into the chart as the parser's cached cell itself (no copy per
    sentence), so the chart must leave it as it was: parsing the sentence changes no cached cell."""
    tokens = described()[k][:25]
    p = get_parser()
    closed: dict = {}
    lex, _ = p._lexical(tokens, closed)
    assert lex is not None and closed
    before = {span: list(lex[span].items()) for span in closed}
    for i, j in closed:
        cached = p._word_items(tokens[i].lower())
        assert cached is not None and lex[(i, j)] is cached[0]
    cky.fill(p.g, len(tokens), lex, closed)
    p.parse_uncached(" ".join(tokens))
    assert {span: list(lex[span].items()) for span in closed} == before
