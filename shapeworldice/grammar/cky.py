"""Filling the CKY chart: every edge a root may rest on, over every span, with its cheapest analysis.

A chart is a table ``chart[i][j]`` of cells (None when empty): a cell maps a symbol to its
cost and backpointer in one flat tuple, ``(cost, "lex", item)`` for a lexical item,
``(cost, rule, None, B, None)`` for a unary rule or ``(cost, rule, k, B, C)`` for a binary one split
at k (one tuple per edge, not a pair holding a second one).  A cell is filled after the cells it
is made of, by the binary rules over its split points in order (a left edge meets its right
daughters in the order the right cell holds them), then closed under the unary rules (the
reference fills them span by span, :func:`fill` by ends); an analysis replaces an edge's only
when strictly cheaper, so of two equally cheap analyses the first found is kept, and which comes
first is part of the parser's output (equally cheap attachments are common: "shapes on a black
background, mostly ovals in green").

:func:`fill` is the parser's chart; :func:`fill_reference` the plain form it was derived from.
:func:`fill` skips work that adds nothing: split points without a left daughter on one side or
a right daughter on the other (bit masks of positions), left edges that combine with no daughter
in the right cell (bit masks over the symbols that are right daughters, which also name the
daughter when there is one), and unary closure steps from edges no unary rule starts from.
Pruned (the parser's chart), it also makes no edge that no root over the whole sentence can rest
on as its context shows (:attr:`.compiled.Compiled.context_masks`): on the left, an edge starting
at i must be able to begin what the edges ending at i combine with (or a root, at the first word:
the prediction of an Earley parser); on the right, an edge ending at j must be able to be followed
by a constituent starting with the word at j (or end a root, at the last word).  Two thirds of the
edges go.  Every edge a root rests on is still made, from the same analyses met in the same order
(an edge left out is never a daughter of one kept that a root rests on, and the order of the
kept ones in each cell is unchanged), so the readings are the unpruned chart's; the longest
constituent of a sentence without a parse is read from the unpruned chart.  Without pruning,
:func:`fill` is :func:`fill_reference` edge for edge (same edges, costs, backpointers and order).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

Cell = dict[int, tuple[Any, ...]]
Chart = list[list[Any]]

#: the unary closure of a cell gives up after this many steps (a guard against cycles)
CLOSURE_STEPS = 10_000


class ClosureGuard(Exception):
    """The unary closure of a cell reached :data:`CLOSURE_STEPS` (the reference's guard)."""


#: what :func:`fill` knows of a cell once it is closed: the bits of the right daughters it holds,
#: the bits of the right daughters its edges combine with, its left daughters in order as
#: (symbol, partner bits, cost), and the goals a constituent starting with the cell may begin
#: (:attr:`.compiled.Compiled.context_masks`)
Summary = tuple[int, int, list[tuple[int, int, int]], int]


def close(g: Any, cell: Cell) -> Summary:
    """Close ``cell`` under the unary rules (in place) and summarise it as :func:`fill` does, for a
    cell that recurs from chart to chart (a word's own cell): :func:`fill` takes it ready, via
    ``closed``.  :class:`ClosureGuard` as :func:`fill`."""
    right_bit, partners, _ = g.partner_masks
    return _close(cell, g.unary, right_bit, partners, g.context_masks[0])


def _close(cell: Cell, unary: Any, right_bit: Any, partners: Any, left_goals: Any) -> Summary:
    """Close ``cell`` under ``unary`` in place (in any context) and summarise it (:data:`Summary`)."""
    agenda = [b for b in cell if b in unary]
    if agenda:
        anywhere = _anywhere(len(right_bit))
        _closure(unary, cell, agenda, anywhere, anywhere, -1, -1)
    r = m = first = 0
    found = []
    for s, v in cell.items():
        r |= right_bit[s]
        first |= left_goals[s]
        p = partners[s]
        if p:
            m |= p
            found.append((s, p, v[0]))
    return r, m, found, first


@lru_cache(maxsize=4)
def _anywhere(n_symbols: int) -> tuple[int, ...]:
    """Goal masks (:attr:`.compiled.Compiled.context_masks`) that allow every symbol in every
    context (all bits set): the chart without pruning."""
    return (-1,) * n_symbols


def fill(g: Any, n: int, lex: dict[tuple[int, int], Cell],
         closed: dict[tuple[int, int], Summary] | None = None, prune: bool = True) -> Chart:
    """The chart of ``n`` tokens over the compiled grammar ``g``, from the lexical cells ``lex``
    (taken over and extended).  ``closed``: the :func:`close` summaries of lexical cells that are
    closed already (closing is idempotent); the cells of one word are only read, so a closed one
    may be shared from chart to chart.  ``prune``: make only the edges a root may rest on in
    their context (see the module docstring); without, the chart is :func:`fill_reference`'s.
    A cell's combination (:func:`_combine_reference` over the split points with daughters on both
    sides, skipping the left edges that combine with nothing on the right), closure and summary
    (:func:`_close`) are written out in the loop over cells: a sentence makes a hundred and more
    cells of a few edges each, and calls per cell cost as much as the work in them."""
    right_bit, partners, right_symbol = g.partner_masks
    binary, unary = g.binary, g.unary
    t = _Tables(g, n, lex, closed or {}, prune)
    chart, as_right, as_left, lefts, ends, lefts_to, starts, seeds, heads = (
        t.chart, t.as_right, t.as_left, t.lefts, t.ends, t.lefts_to, t.starts, t.seeds, t.heads)
    left_goals, follow_goals = t.left_goals, t.follow_goals
    t.words_at(0)
    # cell i..j needs cells i..k and k..j (i < k < j): by ends j, and by starts from j - 2 down
    for j in range(2, n + 1):
        t.words_at(j - 1)  # every cell ending at j - 1 is made: the seeds there are complete
        heads_j = heads[j]
        todo = _starts_before(starts[j], lefts_to, j)
        while todo:
            i = todo.bit_length() - 1  # the highest start left: the shortest span
            todo ^= 1 << i
            seeds_i = seeds[i]
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
                for b, partner_bits, cb in row_lefts[k]:  # the left cell i..k: not the cell being filled
                    partner_bits &= mask
                    if not partner_bits:
                        continue
                    rb = binary[b]
                    # one daughter (the common case) by its bit; several in the right cell's order
                    for c in ((right_symbol[partner_bits.bit_length() - 1],) if not partner_bits & (partner_bits - 1)
                              else [c for c in right if c in rb]):
                        base = cb + right[c][0]
                        for a, rid, rc in rb[c]:
                            cost = base + rc
                            if (left_goals[a] & seeds_i and follow_goals[a] & heads_j
                                    and ((old := get(a)) is None or cost < old[0])):
                                cell[a] = (cost, rid, k, b, c)
            if not cell:  # nothing made over i..j (two cells in five): the cell stays None
                continue
            chart[i][j] = cell
            # closed under the unary rules and summarised, as :func:`_close` does
            agenda = [b for b in cell if b in unary]
            if agenda:
                _closure(unary, cell, agenda, left_goals, follow_goals, seeds_i, heads_j)
            r = m = 0
            found = []
            for s, v in cell.items():
                r |= right_bit[s]
                p = partners[s] & heads_j  # a right daughter starting at j begins with a word there
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
            seeds[j] |= m
    return chart


class _Tables:
    """What :func:`fill` knows of a sentence's chart besides its cells: bit masks by position of
    where left and right daughters are, each cell's daughters, the goals by position that prune
    it, and the lexical cells waiting to be read as left daughters."""

    def __init__(self, g: Any, n: int, lex: dict[tuple[int, int], Cell], closed: dict[tuple[int, int], Summary],
                 prune: bool):
        right_bit, partners, _ = g.partner_masks
        self.chart: Chart = [[None] * (n + 1) for _ in range(n + 1)]
        self.as_right = [[0] * (n + 1) for _ in range(n + 1)]  # right daughters a cell holds (bits)
        self.as_left = [[0] * (n + 1) for _ in range(n + 1)]  # right daughters its edges combine with
        self.lefts: list[list[Any]] = [[None] * (n + 1) for _ in range(n + 1)]  # (B, partners, cost), in order
        self.ends = [0] * (n + 1)  # ends[i]: bit k set when cell i..k holds a left daughter
        self.lefts_to = [0] * (n + 1)  # lefts_to[k]: bit i set when cell i..k holds a left daughter
        self.starts = [0] * (n + 1)  # starts[j]: bit k set when cell k..j holds a right daughter
        self.prune = prune
        if prune:
            self.left_goals, self.follow_goals, root_goals, end_goal = g.context_masks
            self.seeds = [0] * (n + 1)  # seeds[i]: the goals a constituent starting at i may begin
            self.seeds[0] = root_goals
            self.heads = [0] * (n + 1)  # heads[j]: the goals the words from j on may start
            self.heads[n] = end_goal
        else:  # every symbol is allowed everywhere
            self.left_goals = self.follow_goals = _anywhere(len(right_bit))
            self.seeds = [-1] * (n + 1)
            self.heads = [-1] * (n + 1)
        # the lexical cells: as right daughters now, as left daughters once the seeds at their start are known
        self.waiting: list[list[tuple[int, Summary]]] = [[] for _ in range(n + 1)]
        for (i, j), cell in lex.items():
            self.chart[i][j] = cell
            summary = closed.get((i, j))
            if summary is None:
                summary = _close(cell, g.unary, right_bit, partners, self.left_goals)
            if summary[0]:
                self.as_right[i][j] = summary[0]
                self.starts[j] |= 1 << i
            self.heads[i] |= summary[3]
            self.waiting[i].append((j, summary))

    def words_at(self, i: int) -> None:
        """Mark the lexical cells starting at ``i`` as left daughters, once the seeds at ``i`` are
        complete: pruned, each edge in its context, with the partners that can start at its end."""
        seeds_i, left_goals, follow_goals = self.seeds[i], self.left_goals, self.follow_goals
        for k, (_, m, found, _) in self.waiting[i]:
            if self.prune:
                heads_k = self.heads[k]
                found = [(b, partner_bits & heads_k, cb) for b, partner_bits, cb in found
                         if partner_bits & heads_k and left_goals[b] & seeds_i and follow_goals[b] & heads_k]
                m = 0
                for x in found:
                    m |= x[1]
            if m:
                self.as_left[i][k] = m
                self.lefts[i][k] = found
                self.ends[i] |= 1 << k
                self.lefts_to[k] |= 1 << i
                self.seeds[k] |= m


def _starts_before(right_from: int, lefts_to: list[int], j: int) -> int:
    """The starts i < j - 1 of cells i..j with a split point: a left daughter i..k for some cell
    k..j in ``right_from`` (the bits k of the cells ending at j that hold a right daughter)."""
    todo = 0
    while right_from:
        low = right_from & -right_from
        right_from ^= low
        todo |= lefts_to[low.bit_length() - 1]
    return todo & ((1 << (j - 1)) - 1)


def _closure(unary: Any, cell: Cell, agenda: list[int], left_goals: Any, follow_goals: Any,
             seeds: int, heads: int) -> None:
    """:func:`_unary_closure` without the steps that do nothing: ``agenda`` holds the edges of
    ``cell`` a unary rule starts from, in order; an edge is made only where its context allows
    (``seeds`` and ``heads`` as in :func:`fill`)."""
    steps = len(cell)  # the reference pops every edge once, and each edge it pushes again
    while agenda:
        b = agenda.pop()
        cb = cell[b][0]
        for a, rid, rc in unary[b]:
            if not (left_goals[a] & seeds and follow_goals[a] & heads):
                continue
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
        for b, lv in left.items():
            rb = binary.get(b)
            if rb is None:
                continue
            cb = lv[0]
            for c in [c for c in right if c in rb]:  # in the right cell's order
                base = cb + right[c][0]
                for a, rid, rc in rb[c]:
                    cost = base + rc
                    old = get(a)
                    if old is None or cost < old[0]:
                        cell[a] = (cost, rid, k, b, c)


__all__ = ["fill", "fill_reference", "close", "ClosureGuard", "CLOSURE_STEPS", "Summary"]
