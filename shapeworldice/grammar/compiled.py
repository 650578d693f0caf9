"""Compile the grammar data into a context-free backbone over atomic symbols.

Each category with a full assignment of its features becomes one integer symbol.  Rules are
expanded over their feature variables, binarised (right-hand sides longer than two get
intermediate symbols), and indexed for CKY: ``binary[B][C] -> [(A, rule, cost)]`` and
``unary[B] -> [(A, rule, cost)]``.  Lexical entries become (words, symbol, item) triples.

The expanded rules (a hundred thousand and more) and the indexes are kept as tuples of integers,
not as objects and lists: the garbage collector stops looking into such tuples, where it would
otherwise walk every rule at each full collection of a process that parses.
"""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import overload

from .loader import CatPattern, GrammarData, GrammarError, LexEntry, Rule, entry_onset


@dataclass(frozen=True)
class LexItem:
    """One lexical reading of a word form: entry, slot, category symbol, semantic template."""

    id: int
    entry: LexEntry
    slot: int
    words: tuple[str, ...]
    sym: int
    sem: str
    cost: int
    feats: tuple[tuple[str, str], ...]
    exact_case: bool


@dataclass(frozen=True)
class AtomicRule:
    """An expanded rule: ``rule`` is the source Rule; ``rhs`` the atomic daughters."""

    id: int
    rule: Rule
    lhs: int
    rhs: tuple[int, ...]
    cost: int


class AtomicRules(Sequence[AtomicRule]):
    """The expanded rules by id, each made as an :class:`AtomicRule` when read (see the module
    docstring): the source rule's position in ``sources``, the left-hand and right-hand symbols
    and the cost, one tuple each."""

    def __init__(self, sources: Sequence[Rule], source: tuple[int, ...], lhs: tuple[int, ...],
                 rhs: tuple[tuple[int, ...], ...], cost: tuple[int, ...]):
        self.sources, self.source, self.lhs, self.rhs, self.cost = sources, source, lhs, rhs, cost

    def __len__(self) -> int:
        return len(self.source)

    @overload
    def __getitem__(self, rid: int) -> AtomicRule: ...

    @overload
    def __getitem__(self, rid: slice) -> list[AtomicRule]: ...

    def __getitem__(self, rid: int | slice) -> AtomicRule | list[AtomicRule]:
        if isinstance(rid, slice):
            return [self[k] for k in range(len(self))[rid]]
        if rid < 0:
            rid += len(self)
        return AtomicRule(rid, self.sources[self.source[rid]], self.lhs[rid], self.rhs[rid], self.cost[rid])

    def rule(self, rid: int) -> Rule:
        """The source rule of expanded rule ``rid`` (what a derivation names)."""
        return self.sources[self.source[rid]]


class Compiled:
    def __init__(self, data: GrammarData):
        self.data = data
        self.features = data.features
        self.categories = data.categories
        # (category, feature values); an intermediate symbol of a long rule is ("@rule/k", ())
        self.symbols: list[tuple[str, tuple[str, ...]]] = []
        self.symbol_id: dict[tuple[str, tuple[str, ...]], int] = {}
        self._names: dict[int, str] = {}
        self.items: list[LexItem] = []
        self._compile_lexicon()
        self._compile_rules()
        self._index()

    # ------------------------------------------------------------------ symbols
    def sym(self, name: str, values: tuple[str, ...]) -> int:
        key = (name, values)
        s = self.symbol_id.get(key)
        if s is None:
            s = len(self.symbols)
            self.symbols.append(key)
            self.symbol_id[key] = s
        return s

    def sym_name(self, s: int) -> str:
        """A symbol written out, e.g. ``NP[NUM=sg,DEF=-]`` (kept: derivations name their leaves)."""
        found = self._names.get(s)
        if found is None:
            name, values = self.symbols[s]
            feats = self.categories.get(name, ())
            if not feats:  # no features, or an intermediate symbol ("@rule/k")
                found = name
            else:
                found = f"{name}[{','.join(f'{f}={v}' for f, v in zip(feats, values))}]"
            self._names[s] = found
        return found

    def expand(self, cat: CatPattern, binding: dict[str, str], where: str) -> list[int]:
        """Atomic symbols of a category pattern under a variable binding."""
        feats = self.categories[cat.name]
        choices = []
        for f in feats:
            v = cat.get(f)
            dom = self.features[f]
            if v is None or v == "*":
                choices.append(dom)
            elif v.startswith("?"):
                choices.append((binding[v],))
            else:
                alts = tuple(v.split("|"))
                for a in alts:
                    if a not in dom:
                        raise GrammarError(f"{where}: {a!r} is not a value of {f}")
                choices.append(alts)
        return [self.sym(cat.name, vals) for vals in itertools.product(*choices)]

    # ------------------------------------------------------------------ lexicon
    def _compile_lexicon(self) -> None:
        data = self.data
        for e in data.entries:
            for line in data.lextypes[e.type]:
                slots = range(len(e.forms)) if line.slot == "*" else [int(line.slot)]
                for slot in slots:
                    if slot >= len(e.forms):
                        continue
                    for variant in e.forms[slot]:
                        feats = dict(line.cat.feats)
                        for k, v in e.feats.items():
                            if k in self.categories[line.cat.name]:
                                feats[k] = v
                        if "ONS" in self.categories[line.cat.name] and "ONS" not in feats:
                            feats["ONS"] = entry_onset(e, variant)
                        cat = CatPattern(line.cat.name, tuple(feats.items()))
                        where = f"lexicon.txt:{e.line}"
                        cost = line.cost + int(e.attrs.get("cost", 0))
                        for s in self.expand(cat, {}, where):
                            fvals = tuple(zip(self.categories[cat.name], self.symbols[s][1]))
                            self.items.append(LexItem(
                                len(self.items), e, slot, tuple(w.lower() if e.attrs.get("case") != "exact" else w
                                                                 for w in variant),
                                s, line.sem, cost, fvals, e.attrs.get("case") == "exact"))

    # ------------------------------------------------------------------ rules
    def _compile_rules(self) -> None:
        sources = list(self.data.rules)
        source: list[int] = []
        lhs_of: list[int] = []
        rhs_of: list[tuple[int, ...]] = []
        cost_of: list[int] = []
        for position, rule in enumerate(sources):
            where = f"rules.txt:{rule.line}"
            cats = (rule.lhs, *rule.rhs)
            domains: dict[str, set[str]] = {}
            for c in cats:
                for f, v in c.feats:
                    if v.startswith("?"):
                        dom = set(self.features[f])
                        domains[v] = domains[v] & dom if v in domains else dom
            names = sorted(domains)
            for combo in itertools.product(*(sorted(domains[n]) for n in names)):
                binding = dict(zip(names, combo))
                lhss = self.expand(rule.lhs, binding, where)
                rhss = [self.expand(c, binding, where) for c in rule.rhs]
                for lhs in lhss:
                    for rhs in itertools.product(*rhss):
                        source.append(position)
                        lhs_of.append(lhs)
                        rhs_of.append(rhs)
                        cost_of.append(rule.cost)
        self.rules = AtomicRules(sources, tuple(source), tuple(lhs_of), tuple(rhs_of), tuple(cost_of))

    def _index(self) -> None:
        unary: dict[int, list[tuple[int, int, int]]] = {}
        binary: dict[int, dict[int, list[tuple[int, int, int]]]] = {}
        # intermediate symbols for long rules: key (rule name, prefix symbols)
        self.intermediate: dict[int, tuple[str, int]] = {}  # sym -> (rule name, arity so far)
        inter_of: dict[tuple[str, tuple[int, ...]], int] = {}
        seen_bin: set[tuple[int, int, int]] = set()

        def add_binary(a: int, b: int, c: int, rid: int, cost: int) -> None:
            key = (a, b, c)
            if rid < 0 and key in seen_bin:
                return
            seen_bin.add(key)
            binary.setdefault(b, {}).setdefault(c, []).append((a, rid, cost))

        rules = self.rules
        for rid, (lhs, rhs, cost) in enumerate(zip(rules.lhs, rules.rhs, rules.cost)):
            if len(rhs) == 1:
                unary.setdefault(rhs[0], []).append((lhs, rid, cost))
            elif len(rhs) == 2:
                add_binary(lhs, rhs[0], rhs[1], rid, cost)
            else:
                name = rules.rule(rid).name
                prev = rhs[0]
                for k in range(1, len(rhs) - 1):
                    key = (name, rhs[: k + 1])
                    s = inter_of.get(key)
                    if s is None:
                        s = len(self.symbols)
                        self.symbols.append((f"@{name}/{k + 1}", ()))
                        inter_of[key] = s
                        self.intermediate[s] = (name, k + 1)
                    add_binary(s, prev, rhs[k], -1, 0)
                    prev = s
                add_binary(lhs, prev, rhs[-1], rid, cost)
        # tuples, not lists: see the module docstring
        self.unary: dict[int, tuple[tuple[int, int, int], ...]] = {b: tuple(found) for b, found in unary.items()}
        self.binary: dict[int, dict[int, tuple[tuple[int, int, int], ...]]] = {
            b: {c: tuple(found) for c, found in by_c.items()} for b, by_c in binary.items()}
        # lexical index: first word -> [(words, item)]
        # unknown-word items (entries with ``unknown=TAG``, the ERG's generic entries) are indexed by
        # tag only: they are instantiated for a token outside the vocabulary, never looked up by form
        self.lex_first: dict[str, list[LexItem]] = {}
        self.unknown: dict[str, list[LexItem]] = {}
        for it in self.items:
            tag = it.entry.attrs.get("unknown")
            if tag is not None:
                self.unknown.setdefault(tag, []).append(it)
            else:
                self.lex_first.setdefault(it.words[0], []).append(it)
        root = self.symbol_id.get(("ROOT", ()))
        if root is None:
            raise GrammarError("rules.txt: no ROOT category in use")
        self.root: int = root
        #: the fragment root (a noun phrase on its own, the ERG's root_frag), if the grammar has one
        self.fragment_root: int | None = self.symbol_id.get(("FROOT", ()))
        self.vocabulary = frozenset(w.lower() for it in self.items for w in it.words
                                    if "unknown" not in it.entry.attrs)

    @cached_property
    def partner_masks(self) -> tuple[list[int], list[int], list[int]]:
        """``(right_bit, partners, right_symbol)``: each symbol that is the right daughter of a
        binary rule gets a bit (``right_bit``, 0 for the others; ``right_symbol`` by bit number
        gives the symbol back), and ``partners[B]`` has the bits of the right daughters B combines
        with, so the chart can tell with one AND which daughters of a cell a left edge B combines
        with."""
        right_bit = [0] * len(self.symbols)
        right_symbol: list[int] = []
        for by_c in self.binary.values():
            for c in by_c:
                if not right_bit[c]:
                    right_bit[c] = 1 << len(right_symbol)
                    right_symbol.append(c)
        partners = [0] * len(self.symbols)
        for b, by_c in self.binary.items():
            for c in by_c:
                partners[b] |= right_bit[c]
        return right_bit, partners, right_symbol

    @cached_property
    def context_masks(self) -> tuple[list[int], list[int], int, int]:
        """``(left_goals, follow_goals, root_goals, end_goal)``: what the chart needs to leave out
        edges no root can rest on, by the context they are found in (:mod:`.cky`).  A *goal* is a
        symbol a constituent may have to start: a right daughter of a binary rule (by its bit of
        :attr:`partner_masks`), or a root (ROOT, FROOT: bits after those).  ``left_goals[A]``: the
        goals A can be the left corner of (A itself, a left daughter of one, and so on);
        ``follow_goals[A]``: the goals that may start right after an A (the right daughters
        partnering a symbol A is the right corner of), with ``end_goal`` (a bit of its own) where A
        can end a root; ``root_goals``: the roots' bits, what may start at the first word."""
        right_bit, partners, right_symbol = self.partner_masks
        goal = list(right_bit)
        width = len(right_symbol)
        root_goals = 0
        for r in (self.root, self.fragment_root):
            if r is not None:
                if not goal[r]:
                    goal[r] = 1 << width
                    width += 1
                root_goals |= goal[r]
        end_goal = 1 << width
        # a symbol's left-corner daughters (first daughters) and right-corner daughters (last ones)
        firsts: dict[int, set[int]] = {}
        lasts: dict[int, set[int]] = {}
        for b, found in self.unary.items():
            for a, _, _ in found:
                firsts.setdefault(a, set()).add(b)
                lasts.setdefault(a, set()).add(b)
        for b, by_c in self.binary.items():
            for c, found in by_c.items():
                for a, _, _ in found:
                    firsts.setdefault(a, set()).add(b)
                    lasts.setdefault(a, set()).add(c)
        follow = list(partners)
        for r in (self.root, self.fragment_root):
            if r is not None:
                follow[r] |= end_goal
        return _spread(firsts, goal), _spread(lasts, follow), root_goals, end_goal


def _spread(daughters: dict[int, set[int]], masks: list[int]) -> list[int]:
    """``masks`` (by symbol) with each symbol's bits passed down to its ``daughters`` and theirs,
    to a fixed point (the grammar has cycles: ``N1 -> N1 PP``)."""
    out = list(masks)
    todo = [a for a in daughters if out[a]]
    while todo:
        a = todo.pop()
        bits = out[a]
        for b in daughters.get(a, ()):
            old = out[b]
            if old | bits != old:
                out[b] = old | bits
                todo.append(b)
    return out


__all__ = ["Compiled", "LexItem", "AtomicRule", "AtomicRules"]
