"""The parser's chart under the other tie rule: of two equally cheap analyses of an edge, the last
found is kept instead of the first.  A reading that changes under it rests on a tie, which a change
of the chart's order (a faster chart, pruning) may break either way; what such a sentence means
should not depend on which analysis wins (``test_tie_order.py``)."""
from __future__ import annotations

from contextlib import contextmanager
from types import MethodType
from typing import Any, Iterator

from shapeworldice.grammar import cky
from shapeworldice.grammar.parser import ChartParser, get_parser


def _fill_last(g: Any, n: int, lex: dict[tuple[int, int], cky.Cell], closed: Any = None) -> cky.Chart:
    """:func:`cky.fill_reference` where an equally cheap binary analysis replaces the one found
    before (unary edges keep the first: a tie there could make a cycle of backpointers)."""
    chart: cky.Chart = [[None] * (n + 1) for _ in range(n + 1)]
    for (i, j), cell in lex.items():
        cell = dict(cell)
        cky._unary_closure(g.unary, cell)
        chart[i][j] = cell
    for span in range(2, n + 1):
        for i in range(0, n - span + 1):
            j = i + span
            cell = chart[i][j] or {}
            for k in range(i + 1, j):
                left, right = chart[i][k], chart[k][j]
                if not left or not right:
                    continue
                for b, lv in left.items():
                    rb = g.binary.get(b)
                    if rb is None:
                        continue
                    for c in [c for c in right if c in rb]:  # the reference chart's order
                        base = lv[0] + right[c][0]
                        for a, rid, rc in rb[c]:
                            cost = base + rc
                            old = cell.get(a)
                            if old is None or cost <= old[0]:
                                cell[a] = (cost, rid, k, b, c)
            if cell:
                cky._unary_closure(g.unary, cell)
                chart[i][j] = cell
    return chart


def _chart_last(self: ChartParser, tokens: list[str], prune: bool = True):
    # every edge, pruned or not: the other tie rule is for readings, and an unparsed caption's longest
    # constituent is read from every edge anyway
    lex, bad = self._lexical(tokens)
    if lex is None:
        return None, bad
    return _fill_last(self.g, len(tokens), lex), None


@contextmanager
def last_ties() -> Iterator[None]:
    """Within the block, the process's parser (:func:`get_parser`, which the evaluator's built-in
    parser uses) keeps the last of equally cheap analyses; its cache is emptied on entry and exit."""
    parser = get_parser()
    parser.clear_cache()
    parser.chart = MethodType(_chart_last, parser)  # type: ignore[method-assign]
    try:
        yield
    finally:
        del parser.chart
        parser.clear_cache()
