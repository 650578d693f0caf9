"""Filling the CKY chart: every edge over every span, each with its cheapest analysis.

A chart is a table ``chart[i][j]`` of cells (None when empty): a cell maps a symbol to its
cost and backpointer in one flat tuple, ``(cost, "lex", item)`` for a lexical item,
``(cost, rule, None, B, None)`` for a unary rule or ``(cost, rule, k, B, C)`` for a binary one split
at k (one tuple per edge, not a pair holding a second one).  A cell is filled after the cells it
is made of, by the binary rules over its split points in order, then closed under the unary
rules (the reference fills them span by span, :func:`fill` by ends); an analysis
replaces an edge's only when strictly cheaper, so of two equally cheap analyses the first found
is kept, and which comes first is part of the parser's output (equally cheap attachments are
common: "shapes on a black background, mostly ovals in green").

:func:`fill` is the parser's chart; :func:`fill_reference` the plain form it was derived from,
kept as the definition :func:`fill` must agree with (same edges, costs, backpointers and order).
:func:`fill` does the same combinations and skips only work that adds nothing: split points
without a left daughter on one side or a right daughter on the other (bit masks of positions),
left edges that combine with no daughter in the right cell (bit masks over the symbols that are
right daughters, which also name the daughter when there is one), and unary closure steps from
edges no unary rule starts from.  Leaving out edges that can never reach a root would change
the order in which equally cheap analyses are found (the reference walks the smaller of a left
edge's rule table and the right cell, so a cell's size decides the order), so every edge is built.
"""
from __future__ import annotations

from typing import Any

Cell = dict[int, tuple[Any, ...]]
Chart = list[list[Any]]

#: the unary closure of a cell gives up after this many steps (a guard against cycles)
CLOSURE_STEPS = 10_000


class ClosureGuard(Exception):
    """The unary closure of a cell reached :data:`CLOSURE_STEPS` (the reference's guard)."""


#: what :func:`fill` knows of a cell once it is closed: the bits of the right daughters it holds,
#: the bits of the right daughters its edges combine with, and its left daughters in order as
#: (symbol, partner bits, cost)
Summary = tuple[int, int, list[tuple[int, int, int]]]


def close(g: Any, cell: Cell) -> Summary:
    """Close ``cell`` under the unary rules (in place) and summarise it as :func:`fill` does, for a
    cell that recurs from chart to chart (a word's own cell): :func:`fill` takes it ready, via
    ``closed``.  :class:`ClosureGuard` as :func:`fill`."""
    right_bit, partners, _ = g.partner_masks
    return _close(cell, g.unary, right_bit, partners)


def _close(cell: Cell, unary: Any, right_bit: Any, partners: Any) -> Summary:
    """Close ``cell`` under ``unary`` in place and summarise it (:data:`Summary`)."""
    agenda = [b for b in cell if b in unary]
    if agenda:
        _closure(unary, cell, agenda)
    r = m = 0
    found = []
    for s, v in cell.items():
        r |= right_bit[s]
        p = partners[s]
        if p:
            m |= p
            found.append((s, p, v[0]))
    return r, m, found


def fill(g: Any, n: int, lex: dict[tuple[int, int], Cell],
         closed: dict[tuple[int, int], Summary] | None = None) -> Chart:
    """The chart of ``n`` tokens over the compiled grammar ``g``, from the lexical cells ``lex``
    (taken over and extended); the same chart as :func:`fill_reference`.  ``closed``: the
    :func:`close` summaries of lexical cells that are closed already (closing is idempotent);
    the cells of one word are only read, so a closed one may be shared from chart to chart.
    A cell's combination (:func:`_combine_reference` over the split points with daughters on both
    sides, skipping the left edges that combine with nothing on the right), closure and summary
    (:func:`_close`) are written out in the loop over cells: a sentence makes a hundred and more
    cells of a few edges each, and calls per cell cost as much as the work in them."""
    right_bit, partners, right_symbol = g.partner_masks
    binary, unary = g.binary, g.unary
    chart: Chart = [[None] * (n + 1) for _ in range(n + 1)]
    as_right = [[0] * (n + 1) for _ in range(n + 1)]  # right daughters a cell holds (bits)
    as_left = [[0] * (n + 1) for _ in range(n + 1)]  # right daughters its edges combine with
    lefts: list[list[Any]] = [[None] * (n + 1) for _ in range(n + 1)]  # (B, its partners, cost), in order
    ends = [0] * (n + 1)  # ends[i]: bit k set when cell i..k holds a left daughter
    lefts_to = [0] * (n + 1)  # lefts_to[k]: bit i set when cell i..k holds a left daughter
    starts = [0] * (n + 1)  # starts[j]: bit k set when cell k..j holds a right daughter
    tables = (as_right, as_left, lefts, ends, lefts_to, starts)
    _lexical_cells(g, chart, lex, closed or {}, tables)
    # cell i..j needs cells i..k and k..j (i < k < j): by ends j, and by starts from j - 2 down
    for j in range(2, n + 1):
        todo = _starts_before(starts[j], lefts_to, j)
        while todo:
            i = todo.bit_length() - 1  # the highest start left: the shortest span
            todo ^= 1 << i
            # the split points k (i < k < j) with daughters on both sides, lowest first
            splits = ends[i] & starts[j] & ((1 << j) - (2 << i))
            cell = chart[i][j] or {}  # a cell in the chart is never empty
            get = cell.get
            row_lefts, row_masks = lefts[i], as_left[i]
            while splits:
                low = splits & -splits
                splits ^= low
                k = low.bit_length() - 1
                mask = as_right[k][j]
                if not row_masks[k] & mask:
                    continue
                right = chart[k][j]
                n_right = len(right)
                for b, partner_bits, cb in row_lefts[k]:  # the left cell i..k: not the cell being filled
                    partner_bits &= mask
                    if not partner_bits:
                        continue
                    rb = binary[b]
                    # one daughter (the common case) by its bit; several in the order the reference walks them
                    for c in ((right_symbol[partner_bits.bit_length() - 1],) if not partner_bits & (partner_bits - 1)
                              else _daughters(rb, right, n_right)):
                        base = cb + right[c][0]
                        for a, rid, rc in rb[c]:
                            cost = base + rc
                            old = get(a)
                            if old is None or cost < old[0]:
                                cell[a] = (cost, rid, k, b, c)
            if not cell:  # nothing made over i..j (two cells in five): the cell stays None
                continue
            chart[i][j] = cell
            # closed under the unary rules and summarised, as :func:`_close` does
            agenda = [b for b in cell if b in unary]
            if agenda:
                _closure(unary, cell, agenda)
            r = m = 0
            found = []
            for s, v in cell.items():
                r |= right_bit[s]
                p = partners[s]
                if p:
                    m |= p
                    found.append((s, p, v[0]))
            if r:  # a right daughter i..j: cells that end at i can now reach j
                as_right[i][j] = r
                starts[j] |= 1 << i
                todo |= lefts_to[i]
            # its left daughters (almost every cell has some; read only where ``as_left`` is not 0)
            as_left[i][j] = m
            lefts[i][j] = found
            ends[i] |= (m != 0) << j
            lefts_to[j] |= (m != 0) << i
    return chart


def _lexical_cells(g: Any, chart: Chart, lex: dict[tuple[int, int], Cell], ready: dict[tuple[int, int], Summary],
                   tables: tuple) -> None:
    """Put the lexical cells in :func:`fill`'s chart and tables, each closed and summarised
    (``ready``: the summaries of those that come closed)."""
    right_bit, partners, _ = g.partner_masks
    for (i, j), cell in lex.items():
        chart[i][j] = cell
        summary = ready.get((i, j))
        _mark(_close(cell, g.unary, right_bit, partners) if summary is None else summary, i, j, *tables)


def _mark(summary: Summary, i: int, j: int, as_right: list[list[int]], as_left: list[list[int]],
          lefts: list[list[Any]], ends: list[int], lefts_to: list[int], starts: list[int]) -> None:
    """Record in :func:`fill`'s tables what cell i..j, summarised by ``summary``, holds."""
    r, m, found = summary
    if r:
        as_right[i][j] = r
        starts[j] |= 1 << i
    if m:
        as_left[i][j] = m
        lefts[i][j] = found
        ends[i] |= 1 << j
        lefts_to[j] |= 1 << i


def _starts_before(right_from: int, lefts_to: list[int], j: int) -> int:
    """The starts i < j - 1 of cells i..j with a split point: a left daughter i..k for some cell
    k..j in ``right_from`` (the bits k of the cells ending at j that hold a right daughter)."""
    todo = 0
    while right_from:
        low = right_from & -right_from
        right_from ^= low
        todo |= lefts_to[low.bit_length() - 1]
    return todo & ((1 << (j - 1)) - 1)


def _closure(unary: Any, cell: Cell, agenda: list[int]) -> None:
    """:func:`_unary_closure` without the steps that do nothing: ``agenda`` holds the edges of
    ``cell`` a unary rule starts from, in order."""
    steps = len(cell)  # the reference pops every edge once, and each edge it pushes again
    while agenda:
        b = agenda.pop()
        cb = cell[b][0]
        for a, rid, rc in unary[b]:
            cost = cb + rc
            old = cell.get(a)
            if old is None or cost < old[0]:
                cell[a] = (cost, rid, None, b, None)
                steps += 1
                if a in unary:
                    agenda.append(a)
    if steps > CLOSURE_STEPS:
        raise ClosureGuard


# ---------------------------------------------------------------------------- the reference

def fill_reference(g: Any, n: int, lex: dict[tuple[int, int], Cell]) -> Chart:
    """The chart as the plain CKY fills it: the definition :func:`fill` keeps to."""
    chart: Chart = [[None] * (n + 1) for _ in range(n + 1)]
    for (i, j), cell in lex.items():
        _unary_closure(g.unary, cell)
        chart[i][j] = cell
    for span in range(2, n + 1):
        for i in range(0, n - span + 1):
            j = i + span
            cell = chart[i][j]
            if cell is None:
                cell = {}
            _combine_reference(g.binary, chart, i, j, cell)
            if cell:
                _unary_closure(g.unary, cell)
                chart[i][j] = cell
    return chart


def _unary_closure(unary: Any, cell: Cell) -> None:
    agenda = list(cell)
    guard = 0
    while agenda:
        guard += 1
        if guard > CLOSURE_STEPS:
            break
        b = agenda.pop()
        rules = unary.get(b)
        if not rules:
            continue
        cb = cell[b][0]
        for a, rid, rc in rules:
            cost = cb + rc
            old = cell.get(a)
            if old is None or cost < old[0]:
                cell[a] = (cost, rid, None, b, None)
                agenda.append(a)


def _combine_reference(binary: Any, chart: Chart, i: int, j: int, cell: Cell) -> None:
    """Fill ``cell`` (span i..j) with every binary rule over each split point, keeping the cheapest."""
    row = chart[i]
    get = cell.get
    for k in range(i + 1, j):
        left = row[k]
        if not left:
            continue
        right = chart[k][j]
        if not right:
            continue
        n_right = len(right)
        for b, lv in left.items():
            rb = binary.get(b)
            if rb is None:
                continue
            cb = lv[0]
            for c in _daughters(rb, right, n_right):
                base = cb + right[c][0]
                for a, rid, rc in rb[c]:
                    cost = base + rc
                    old = get(a)
                    if old is None or cost < old[0]:
                        cell[a] = (cost, rid, k, b, c)


def _daughters(rules: Any, right: Cell, n_right: int) -> list[int]:
    """The right daughters a left edge with binary rule table ``rules`` combines with in the cell
    ``right`` (of ``n_right`` edges), in the order the chart meets them: it walks the smaller of the
    two, so that order (and with it which of two equally cheap analyses is kept) follows the sizes."""
    if len(rules) <= n_right:
        return [c for c in rules if c in right]
    return [c for c in right if c in rules]


__all__ = ["fill", "fill_reference", "close", "ClosureGuard", "CLOSURE_STEPS", "Summary"]
