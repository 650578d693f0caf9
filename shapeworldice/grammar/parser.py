"""Parsing: English caption → grammaticality and ERG-style MRS / DMRS readings.

The text is normalised (:func:`.normalise.normalise`), tokenised, and parsed with a
Viterbi CKY parser (:mod:`.cky`) over the compiled grammar (:mod:`.compiled`).  A caption is grammatical
when a ROOT spans all its tokens.  The lowest-cost derivation gives the reading; its MRS is
composed only when ``Reading.mrs`` is first read.  Results are cached by normalised text.
"""
from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any, Iterable

from . import cky
from .compiled import Compiled
from .loader import load
from .normalise import normalise
from .semantics import Builder

#: sentences longer than this are not parsed ("too long"): the longest model-written sentence of the
#: descriptions has 65 tokens (6 ms); word salad of 75 tokens, whose longest constituent is read from
#: the unpruned chart, takes up to 70 ms
MAX_TOKENS = 75
MAX_CHARS = 1000
CACHE_SIZE = 200_000
#: the chart is pruned (:func:`.cky.fill`) from this many tokens: below, pruning saves less than it
#: costs (it reads each edge's context), and a caption without a parse needs the unpruned chart too
PRUNE_FROM = 14

_TOKEN_RE = re.compile(r"[^\s,.;:!?()]+|[,.;:!?()]")
_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'-]*")
_DIGITS_RE = re.compile(r"[0-9]+")


def unknown_tags(token: str) -> tuple[str, ...]:
    """The part-of-speech tags an out-of-vocabulary token may take, from its spelling (the role
    the ERG's tagger plays for its generic entries): digits are a number; "-s" a plural noun or
    a third-singular verb; "-ed" a past verb or participle; "-ing" a gerund or noun; anything
    else a singular noun, an adjective or a base-form verb.  Other tokens (symbols) get none."""
    if _DIGITS_RE.fullmatch(token):
        return ("CD",)
    if not _WORD_RE.fullmatch(token):
        return ()
    w = token.lower()
    if w.endswith("ss") or w.endswith("us") or w.endswith("is"):
        return ("NN", "JJ", "VB")
    if w.endswith("s") and len(w) > 2:
        return ("NNS", "VBZ")
    if w.endswith("ed") and len(w) > 3:
        return ("VBD", "VBN")
    if w.endswith("ing") and len(w) > 4:
        return ("VBG", "NN")
    return ("NN", "JJ", "VB")


#: spellings whose first sound is not their first letter's ("a unique color", "a one-sided shape", "an
#: hour"): a vowel letter said as a consonant, a silent "h"
_CONSONANT_VOWELS = re.compile(r"(uni[qfvtcslop]|use|usu|uti|eu|one\b|one-|once)")
_SILENT_H = re.compile(r"(hour|honest|honou?r|heir)")


def _onset_of(word: str) -> str:
    """The onset of an unknown word ("a" / "an" before it) from its spelling."""
    w = word.lower()
    if _CONSONANT_VOWELS.match(w):
        return "c"
    if _SILENT_H.match(w):
        return "v"
    return "v" if w[:1] in "aeiou" else "c"


@dataclass
class Derivation:
    """A node of a derivation tree: a rule (with daughters) or a lexical item (a leaf)."""

    label: str
    rule: Any = None
    item: Any = None
    daughters: tuple["Derivation", ...] = ()
    start: int = 0
    end: int = 0

    def __str__(self) -> str:
        if self.item is not None:
            return f"({self.label} {' '.join(self.item.words)})"
        return f"({self.label} {' '.join(str(d) for d in self.daughters)})"


class Reading:
    """One analysis of a caption.  ``mrs`` (pydelphin MRS) and ``dmrs`` are built on first use."""

    __slots__ = ("derivation", "cost", "_mrs", "_dmrs", "_sems")

    def __init__(self, derivation: Derivation, cost: int, sems: Any = None):
        self.derivation = derivation
        self.cost = cost
        self._sems = sems  # the semantic templates of the grammar that produced the derivation
        self._mrs = None
        self._dmrs = None

    @property
    def mrs(self):
        if self._mrs is None:
            self._mrs = build_mrs(self.derivation, self._sems)
        return self._mrs

    @property
    def dmrs(self):
        if self._dmrs is None:
            from delphin import dmrs

            self._dmrs = dmrs.from_mrs(self.mrs)
        return self._dmrs

    def __repr__(self) -> str:
        return f"Reading(cost={self.cost}, {self.derivation})"


#: the fragment root's rules (a noun phrase on its own)
FRAGMENT_ROOTS = frozenset({"root_fragment", "root_fragment_plural", "root_fragment_colon", "root_fragment_tail"})
#: analyses a noun phrase caption may not rest on: noun compounds, nouns after nouns, appositions and
#: the costly readings of other words ("green" as a noun, "cross" as a verb).  Strings of shape and
#: colour words ("A cyan circle ellipse green.") are noun phrases only through them, and the ERG
#: would take them as fragments too; as captions they are word salad, so no fragment is read.
_NOT_IN_FRAGMENTS = frozenset({"n1_compound", "n1_postnum", "np_appos", "n1_barerel", "n1_barerel_v2",
                               "n1_compound_name", "np_name_appos", "n1_per", "np_number", "np_numeral"})


#: the lexical types of the costly readings of other words, kept out of noun phrase captions
_OTHER_READINGS = frozenset({"noun_cm_cost", "noun_cnt_cost", "noun_col", "verb", "verb_intr", "verb_tr",
                             "adj_cost", "np_pro", "np_lex", "noun_cnt_nocnh"})


def _plain(d: Derivation) -> bool:
    """Whether a fragment's derivation uses none of :data:`_NOT_IN_FRAGMENTS` and none of the costly
    readings of other words (:data:`_OTHER_READINGS`)."""
    if d.item is not None:
        return d.item.entry.type not in _OTHER_READINGS
    return d.label not in _NOT_IN_FRAGMENTS and all(_plain(k) for k in d.daughters)


@dataclass(frozen=True)
class ParseResult:
    """``unknown_words``: the tokens outside the vocabulary, in order (read with the ERG-style
    generic entries, so a caption with them may be grammatical; its truth is undecidable);
    ``longest_span``: without a full parse, the (start, end) token span of the longest
    constituent the chart holds (the leftmost of the longest), None otherwise."""

    text: str
    normalised: str
    grammatical: bool
    readings: tuple[Reading, ...] = ()
    error: str | None = None
    unknown_words: tuple[str, ...] = ()
    longest_span: tuple[int, int] | None = None

    @property
    def reading(self) -> Reading | None:
        return self.readings[0] if self.readings else None

    @property
    def sentence(self) -> bool:
        """Grammatical as a sentence: the verdict of the ERG's strict root, which takes no
        fragment (a noun phrase on its own parses by the fragment root only)."""
        return self.grammatical and not self.readings[0].derivation.label.startswith("root_fragment")


#: contracted copulas and negations, read as the ERG reads them ("There's" = "There is"):
#: "'s" only after the words it can be "is" of (a possessive "square's" stays one unknown word)
_IS_CONTRACTED = re.compile(r"^(there|here|it|that|this|what|which|who)['’]s$", re.I)
_NOT_CONTRACTED = re.compile(r"^(is|are|was|were|does|do|did|has|have|ca)n['’]t$", re.I)


def _uncontract(token: str) -> list[str]:
    found = _IS_CONTRACTED.match(token)
    if found:
        return [found.group(1), "is"]
    found = _NOT_CONTRACTED.match(token)
    if found:
        return [found.group(1) + ("n" if found.group(1).lower() == "ca" else ""), "not"]
    return [token]


def tokenise(normalised: str) -> list[str]:
    """Words and punctuation, contractions written out ("isn't" → "is", "not"); the final full
    stop is dropped."""
    toks = _TOKEN_RE.findall(normalised)
    if "'" in normalised or "’" in normalised:  # the parse path's common case has no apostrophe at all
        toks = [t for token in toks for t in _uncontract(token)]
    if toks and toks[-1] == ".":
        toks.pop()
    return toks


def build_mrs(derivation: Derivation, sems: Any = None):
    """The MRS of a derivation, composed with ``sems`` (the lexical templates of the grammar the
    derivation came from; the default grammar's when None)."""
    global sort_conflicts
    b = Builder()
    if sems is None:
        sems = load().sems

    def walk(node: Derivation) -> dict[str, int]:
        if node.item is not None:
            it = node.item
            return b.apply_leaf(sems[it.sem], _params(it))
        hooks = [walk(d) for d in node.daughters]
        return b.apply(node.rule.sem, hooks, {})

    hook = walk(derivation)
    m = b.to_mrs(hook)
    if b.sort_conflicts:
        with _conflicts_lock:
            sort_conflicts += b.sort_conflicts
    return m


#: :func:`_params` of the lexical items met, by identity (with the item, so that an id is not reused)
_PARAMS: dict[int, tuple[Any, dict[str, str]]] = {}


def _params(it: Any) -> dict[str, str]:
    """The parameters a lexical item's semantic template reads: its features, then its entry's
    attributes (upper-cased) and features; made once per item (the template only reads them)."""
    hit = _PARAMS.get(id(it))
    if hit is not None and hit[0] is it:
        return hit[1]
    params = dict(it.feats)
    params.update({k.upper(): v for k, v in it.entry.attrs.items()})
    params.update(it.entry.feats)
    if len(_PARAMS) >= 100_000:
        _PARAMS.clear()
    _PARAMS[id(it)] = (it, params)
    return params


#: Variable-sort conflicts met by :func:`build_mrs` in this process (the tests check none arise).
sort_conflicts = 0
_conflicts_lock = threading.Lock()


def _place(cells: dict, covered: list[bool], i: int, n: int, items: Iterable[Any]) -> None:
    """Put ``items`` (of ``n`` words from token i) in their cell, each kept where cheaper than the
    same symbol's item before it."""
    cell = cells.setdefault((i, i + n), {})
    for it in items:
        old = cell.get(it.sym)
        if old is None or it.cost < old[0]:
            cell[it.sym] = (it.cost, "lex", it)
    for k in range(i, i + n):
        covered[k] = True


def _outside(token: str, vocabulary: frozenset[str]) -> bool:
    """Whether ``token`` is an unknown word: outside ``vocabulary`` and not a number in digits."""
    return token.lower() not in vocabulary and not _DIGITS_RE.fullmatch(token)


def _read_as_unknown(tokens: list[str], derivation: Derivation, vocabulary: frozenset[str]) -> tuple[str, ...]:
    """The tokens outside ``vocabulary`` and those ``derivation`` reads with a generic entry (a word
    met only inside multi-word entries, used alone), in order."""
    generic: set[int] = set()
    stack = [derivation]
    while stack:
        node = stack.pop()
        if node.item is not None:
            if "unknown" in node.item.entry.attrs:
                generic.add(node.start)
        else:
            stack.extend(node.daughters)
    return tuple(t for k, t in enumerate(tokens)
                 if k in generic or _outside(t, vocabulary))


class ChartParser:
    """The built-in grammar's chart parser (one per process, :func:`get_parser`): text → readings, cached."""

    def __init__(self, compiled: Compiled | None = None):
        self.g = compiled or Compiled(load())
        self.version = self.g.data.version
        self._cache: OrderedDict[str, ParseResult] = OrderedDict()
        self._unknown_cache: dict[str, list[Any]] = {}
        #: by lower-case word: :meth:`_plain_items`
        self._plain_cells: dict[str, tuple[cky.Cell, cky.Summary | None, dict] | None] = {}
        self._lock = threading.Lock()
        #: words of the vocabulary met only inside multi-word entries: alone, they are read as unknown words
        singles = {it.words[0] for items in self.g.lex_first.values() for it in items if len(it.words) == 1}
        self._only_in_phrases = frozenset(self.g.vocabulary - singles)

    # ------------------------------------------------------------------ chart
    def _unknown_items(self, token: str) -> list[Any]:
        """Generic items for an out-of-vocabulary token (cached per token)."""
        hit = self._unknown_cache.get(token)
        if hit is not None:
            return hit
        out = []
        w = token.lower()
        onset = _onset_of(w)
        for tag in unknown_tags(token):
            for it in self.g.unknown.get(tag, ()):
                feats = dict(it.feats)
                if feats.get("ONS", onset) != onset:
                    continue
                if tag == "CD":
                    if feats.get("NUM") != ("sg" if w == "1" else "pl"):
                        continue
                    attrs = {**it.entry.attrs, "carg": str(int(w))}
                else:
                    attrs = {**it.entry.attrs, "pred": f"_{w}/{tag}_u_unknown"}
                out.append(replace(it, entry=replace(it.entry, attrs=attrs), words=(w,)))
        if len(self._unknown_cache) < 10_000:
            self._unknown_cache[token] = out
        return out

    def _lexical(self, tokens: list[str], closed: dict[tuple[int, int], cky.Summary] | None = None):
        """cells[(i, j)] = {sym: (cost, 'lex', item)}; None if a token has no entry.  A word's own
        cell comes closed under the unary rules when it could be (its :func:`.cky.close` summary
        is put in ``closed``, when given); such a cell is the word's cached cell itself, not a
        copy, which the chart only reads."""
        lower = [t.lower() for t in tokens]
        cells: dict[tuple[int, int], cky.Cell] = {}
        covered = [False] * len(tokens)
        by_form = self.g.lex_first
        for i, w in enumerate(lower):
            # a word in capitals ("The", first in every sentence) has its lower-case items, and only
            # those, unless the lexicon has items of its own form
            found = self._word_items(w) if tokens[i] == w or tokens[i] not in by_form else None
            if not found or not found[0]:  # no one-word item of its own: what an unknown word gets too
                self._token_items(tokens, lower, i, cells, covered)
                continue
            template, summary, longer = found  # the word's one-word cell, then its longer items that match
            if template:
                covered[i] = True
                if summary is not None and closed is not None:
                    # closed already, and the chart extends only cells of two words and more
                    cells[(i, i + 1)] = template
                    closed[(i, i + 1)] = summary
                else:  # the chart closes it in place
                    cells[(i, i + 1)] = dict(template)
            if longer and i + 1 < len(tokens):  # those whose second word is the next token's
                group = longer.get(lower[i + 1], ())
                if tokens[i + 1] != lower[i + 1] and tokens[i + 1] in longer:  # and those of exact case, in order
                    group = sorted([*group, *longer[tokens[i + 1]]])
                for _, n, words, exact, items in group:
                    if tuple(tokens[i:i + n] if exact else lower[i:i + n]) == words:
                        _place(cells, covered, i, n, items)
        if not all(covered):
            bad = [tokens[k] for k in range(len(tokens)) if not covered[k]]
            return None, bad
        return cells, None

    def _token_items(self, tokens: list[str], lower: list[str], i: int, cells: dict, covered: list[bool]) -> None:
        """Place the items of token i one by one (a word in capitals whose form the lexicon lists, a
        word with an item of exact case, one outside the vocabulary)."""
        g = self.g
        w = lower[i]
        cands = g.lex_first.get(w, ())
        if tokens[i] != w:
            cands = list(cands) + list(g.lex_first.get(tokens[i], ()))
        if not any(len(it.words) == 1 for it in cands):
            # a word outside the vocabulary, or one met only inside multi-word entries ("such" of
            # "such as", "sign" of "plus sign"): the generic items, beside the multi-word ones it starts
            cands = list(cands) + self._unknown_items(tokens[i])
        for it in cands:
            n = len(it.words)
            if n > 1 or it.exact_case:
                seq = tuple(tokens[i:i + n]) if it.exact_case else tuple(lower[i:i + n])
                if seq != it.words:
                    continue
            _place(cells, covered, i, n, (it,))

    def _word_items(self, word: str) -> tuple[cky.Cell, cky.Summary | None, dict] | None:
        """:meth:`_plain_items` of a lower-case word, cached for the vocabulary's words, with its
        one-word cell closed under the unary rules and that cell's :func:`.cky.close` summary
        (None where the closure gives up: the chart then meets that as it would)."""
        if word in self._plain_cells:
            return self._plain_cells[word]
        plain = self._plain_items(word)
        found = None
        if plain is not None:
            cell, longer = plain
            summary = None
            if cell:
                closed = dict(cell)
                try:
                    summary = cky.close(self.g, closed)
                    cell = closed
                except cky.ClosureGuard:
                    pass
            found = (cell, summary, longer)
        if word in self.g.lex_first:
            self._plain_cells[word] = found
        return found

    def _plain_items(self, word: str) -> tuple[cky.Cell, dict] | None:
        """A lower-case ``word``'s items as :meth:`_lexical` reads them: the cell its one-word items
        make, and its longer items as (place, length, words, exact case, items) by their second
        word, each group in the order of the items and ``place`` its rank in that order (a word
        such as "in" starts two hundred multi-word items, and a sentence's next token picks the
        few to compare); None where it has no items or a one-word item of exact case (whose place
        among the others depends on the token's case)."""
        cands = self.g.lex_first.get(word, ())
        if not cands or any(len(it.words) == 1 and it.exact_case for it in cands):
            return None
        cell: cky.Cell = {}
        longer: dict[tuple, list] = {}
        for it in cands:
            if len(it.words) > 1:
                longer.setdefault((len(it.words), it.words, it.exact_case), []).append(it)
                continue
            old = cell.get(it.sym)
            if old is None or it.cost < old[0]:
                cell[it.sym] = (it.cost, "lex", it)
        by_second: dict[str, list] = {}
        for place, (key, items) in enumerate(longer.items()):
            by_second.setdefault(key[1][1], []).append((place, *key, items))
        return cell, by_second

    def chart(self, tokens: list[str], prune: bool = True):
        """The chart of ``tokens`` (:mod:`.cky`) and None, or None and the tokens no lexical item
        covers.  ``prune``: only the edges a root may rest on, in their context (:func:`.cky.fill`),
        from :data:`PRUNE_FROM` tokens; without, every edge (what the longest constituent of a
        caption without a parse is read from)."""
        closed: dict[tuple[int, int], cky.Summary] = {}
        lex, bad = self._lexical(tokens, closed)
        if lex is None:
            return None, bad
        try:
            return cky.fill(self.g, len(tokens), lex, closed, prune and len(tokens) >= PRUNE_FROM), None
        except cky.ClosureGuard:  # the reference gave up a unary closure part way: do as it did
            lex, bad = self._lexical(tokens)
            return cky.fill_reference(self.g, len(tokens), lex), None

    # ------------------------------------------------------------------ derivations
    def _derivation(self, chart, i: int, j: int, sym: int) -> Derivation:
        """The derivation of edge ``sym`` over i..j, intermediate symbols of binarised rules unwound."""
        g = self.g
        intermediate, sym_name = g.intermediate, g.sym_name
        sources, source = g.rules.sources, g.rules.source

        def node(i: int, j: int, sym: int) -> Derivation:
            edge = chart[i][j][sym]
            if edge[1] == "lex":
                return Derivation(sym_name(sym), None, edge[2], (), i, j)
            _, rid, k, b, c = edge
            rule = sources[source[rid]]
            if k is None:
                return Derivation(rule.name, rule, None, (node(i, j, b),), i, j)
            if b not in intermediate:
                return Derivation(rule.name, rule, None, (node(i, k, b), node(k, j, c)), i, j)
            kids = [node(k, j, c)]
            while b in intermediate:
                _, _, k2, b2, c2 = chart[i][k][b]
                kids.append(node(k2, k, c2))
                b, k = b2, k2
            kids.append(node(i, k, b))
            kids.reverse()
            return Derivation(rule.name, rule, None, tuple(kids), i, j)

        return node(i, j, sym)

    # ------------------------------------------------------------------ API
    def _parse_uncached(self, text: str, norm: str) -> ParseResult:
        if len(norm) > MAX_CHARS:
            return ParseResult(text, norm, False, (), "too long")
        tokens = tokenise(norm)
        if not tokens:
            return ParseResult(text, norm, False, (), "empty")
        if len(tokens) > MAX_TOKENS:
            return ParseResult(text, norm, False, (), "too long")
        vocabulary = self.g.vocabulary
        unknown = tuple(t for t in tokens if _outside(t, vocabulary))
        chart, bad = self.chart(tokens)
        if chart is None:
            missing = [t for t in bad if t.lower() not in vocabulary]
            return ParseResult(text, norm, False, (), f"unknown word: {missing[0]!r}" if missing else None,
                               unknown)
        top = chart[0][len(tokens)]
        # a sentence (the strict root) first, then the fragment root's noun phrase: the interpreter
        # takes the first reading it can read, so a sentence built on a costly verb reading of a
        # noun ("a green cross" as "green" + the verb "cross") does not hide the noun phrase
        roots = [r for r in (self.g.root, self.g.fragment_root) if r is not None and top and r in top]
        readings = tuple(Reading(self._derivation(chart, 0, len(tokens), r), top[r][0], self.g.data.sems)
                         for r in roots)
        readings = tuple(r for r in readings if r.derivation.label not in FRAGMENT_ROOTS or _plain(r.derivation))
        if not readings:  # where it broke: the longest constituent of every edge, not only those a root may rest on
            if len(tokens) >= PRUNE_FROM:
                chart, _ = self.chart(tokens, prune=False)
            return ParseResult(text, norm, False, (), None, unknown, self._longest_span(chart, len(tokens)))
        if any(t.lower() in self._only_in_phrases for t in tokens):
            unknown = _read_as_unknown(tokens, readings[0].derivation, vocabulary)
        return ParseResult(text, norm, True, readings, None, unknown)

    def _longest_span(self, chart, n: int) -> tuple[int, int] | None:
        """The leftmost longest span with a constituent (a symbol that is not part of a binarised rule)."""
        inter = self.g.intermediate
        for span in range(n, 0, -1):
            for i in range(0, n - span + 1):
                cell = chart[i][i + span]
                if cell and any(s not in inter for s in cell):
                    return (i, i + span)
        return None

    def parse(self, text: Any) -> ParseResult:
        try:
            if not isinstance(text, str):
                text = "" if text is None else str(text)
            norm = normalise(text)
        except Exception as exc:  # pragma: no cover - normalise does not raise on str
            return ParseResult(str(text), "", False, (), f"normalisation failed: {exc}")
        cache = self._cache
        hit = cache.get(norm)
        if hit is not None:
            with self._lock:
                try:
                    cache.move_to_end(norm)
                except KeyError:
                    pass
            return hit if hit.text == text else replace(hit, text=text)
        try:
            result = self._parse_uncached(text, norm)
        except RecursionError:
            result = ParseResult(text, norm, False, (), "too complex")
        with self._lock:
            cache[norm] = result
            if len(cache) > CACHE_SIZE:
                cache.popitem(last=False)
        return result

    def parse_uncached(self, text: str) -> ParseResult:
        return self._parse_uncached(text, normalise(text))

    def clear_cache(self) -> None:
        with self._lock:
            self._cache.clear()


_parser: ChartParser | None = None
_parser_lock = threading.Lock()


def get_parser() -> ChartParser:
    global _parser
    if _parser is None:
        with _parser_lock:
            if _parser is None:
                _parser = ChartParser()
    return _parser


def parse(text: str) -> ParseResult:
    """Parse one caption (cached by its normalised text)."""
    return get_parser().parse(text)


def parse_many(texts: Iterable[str]) -> list[ParseResult]:
    """Parse many captions; repeated captions are parsed once."""
    p = get_parser()
    return [p.parse(t) for t in texts]


def clear_cache() -> None:
    get_parser().clear_cache()


__all__ = ["parse", "parse_many", "ParseResult", "Reading", "ChartParser", "get_parser", "clear_cache", "tokenise",
           "Derivation", "build_mrs"]
