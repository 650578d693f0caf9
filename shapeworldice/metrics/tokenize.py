"""Pure-Python stand-in for pycocoevalcap's PTBTokenizer (no Java needed).

pycocoevalcap tokenises every caption with Stanford CoreNLP 3.4.1's ``PTBTokenizer
-preserveLines -lowerCase`` and then drops the tokens in its ``PUNCTUATIONS`` list.  The
surface metrics are defined on that output, so to be "numerically identical to
pycocoevalcap" we must produce the same tokens.  :func:`ptb_tokenize` reproduces the lexer's
behaviour for English captions:

* lower-casing (after lexing, as ``-lowerCase`` does: abbreviations are recognised in any case);
* punctuation split off words: ``, ; : ! ? ( ) [ ] { } " ' ` % $ # + = * _`` and friends;
  runs of ``!``/``?`` stay one token (``!!``, ``?!`` are *not* in PUNCTUATIONS and survive);
* a word-final ``.`` is split off unless the word is an abbreviation (acronyms
  ``e.g.``/``u.s.``, titles ``mr.``, ``etc.``, months, company suffixes, ``no.``/``fig.``
  before a number, and single-letter initials ``A.``/``a.`` — but a lower-case letter ending
  the caption, as in "... to the left of a.", is split); ``...``/``…`` → ``...``,
  ``--``/``—``/``–`` → ``--``;
* clitics split as in the Penn Treebank: ``isn't`` → ``is n't``, ``can't`` → ``ca n't``,
  ``there's`` → ``there 's``, ``'m 're 've 'd 'll`` (also when already split off, as in
  pre-tokenised text ``circle 's``); ``cannot`` → ``can not``,
  ``gonna`` → ``gon na`` (also gotta, wanna, lemme, gimme), ``'tis`` → ``'t is``;
* brackets become ``-lrb- -rrb- -lsb- -rsb- -lcb- -rcb-``.  Note: because ``-lowerCase``
  lower-cases them and pycocoevalcap's filter lists only the upper-case forms, these tokens
  are **kept** by pycocoevalcap, so they are kept here too;
* numbers keep internal ``.``, ``,`` and ``:`` between digits (``3.5``, ``1,000``, ``3:30``);
  words keep internal ``-``, ``/``, ``&``, ``.`` and ``@`` (``left-most``, ``a/b``, ``at&t``);
* double quotes become `````` / ``''``, single quotes `````/``'``; HTML entities ``&amp;``
  ``&lt;`` ``&gt;`` and common Unicode quotes, dashes, ellipsis and fractions are normalised.

After lexing, tokens in :data:`PUNCTUATIONS` (copied from pycocoevalcap) are dropped.

Equivalence: for plain English captions (letters, digits, the punctuation above, contractions)
the output equals pycocoevalcap's ``PTBTokenizer`` output exactly; ``tests/metrics`` checks this
against the real Java tokenizer on typical and randomly punctuated captions.  Known
differences are confined to rare constructs: unusual internal apostrophes (CoreNLP's
lexicon of apostrophe words is approximated by a few rules), number+unit
glue (``1.5x`` → ``1.5 x``), abbreviations outside our list before a capitalised word, a single
letter followed by a full stop (CoreNLP's choice between initial and sentence end depends on
context, even on earlier lines of its input), and
CoreNLP's less common normalisations (e.g. of SGML, URLs with trailing punctuation).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

__all__ = ["PUNCTUATIONS", "ptb_tokenize", "tokenize_caption", "tokenize_many", "TOKENIZER_ID"]

#: Identifier of this tokenizer in metric signatures (``tok:ptb-py``).
TOKENIZER_ID = "ptb-py"

#: Tokens pycocoevalcap removes after PTB tokenisation (pycocoevalcap/tokenizer/ptbtokenizer.py).
PUNCTUATIONS: frozenset[str] = frozenset(
    ["''", "'", "``", "`", "-LRB-", "-RRB-", "-LCB-", "-RCB-",
     ".", "?", "!", ",", ":", "-", "--", "...", ";"]
)

_UNICODE = str.maketrans({
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2018": "`", "\u2019": "'", "\u201a": "'", "\u2032": "'",
    "\u2014": " -- ", "\u2013": " -- ", "\u2012": " -- ", "\u2015": " -- ",
    "\u2026": " ... ", "\u00bd": " 1/2 ", "\u00bc": " 1/4 ", "\u00be": " 3/4 ",
    "\u2153": " 1/3 ", "\u2154": " 2/3 ", "\u00a0": " ",
})
_ENTITIES = (("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&apos;", "'"))

# Abbreviations (lower-case, without the final period) whose period CoreNLP keeps.
_ABBREV = frozenset("""
mr mrs ms messrs mme mmes mlle dr drs prof profs sen sens rep reps gov govs gen col lt maj sgt
cpl pvt capt adm rev hon pres brig cmdr comdr det supt supts atty attys st ste ave blvd rd esq
jr sr bros inc co cos corp ltd plc dept assn univ intl bhd bancorp pty etc vs al seq
jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thurs fri
ala ariz ark calif colo conn ct dak del fla ga ill ind kan kans ky la mass md mich minn miss mo
mont neb nev okla ore pa penn tenn tex va vt wash wis wisc wyo
""".split())
# Abbreviations kept only when a number follows ("No. 5", "fig. 3").
_NUM_ABBREV = frozenset({"no", "nos", "fig", "figs", "vol", "pp", "art", "ch", "sec"})
_ACRONYM = re.compile(r"[^\W\d_](?:\.[^\W\d_])*\Z")  # "a", "e.g", "u.s" (final "." excluded)
_SPECIAL = {
    "cannot": ("can", "not"), "gonna": ("gon", "na"), "gotta": ("got", "ta"),
    "wanna": ("wan", "na"), "lemme": ("lem", "me"), "gimme": ("gim", "me"),
}
_CLITICS = ("n't", "'s", "'m", "'d", "'re", "'ve", "'ll")

_ALNUM = r"[^\W_]"
_LEXER = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<sgml></?[A-Za-z][^\s<>]*>)
  | (?P<url>(?:https?|ftp)://[^\s<>"'(){}\[\]]*[^\s<>"'(){}\[\].,;:!?]
           |www\.[^\s<>"'(){}\[\]]*[^\s<>"'(){}\[\].,;:!?])
  | (?P<email>[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)
  | (?P<clitic>'(?i:s|re|ve|ll|d|m)(?![^\W_]))
  | (?P<decade>'[1-9]0s(?!\w))
  | (?P<tis>'t(?=(?:is|was)\b))
  | (?P<word>(?:(?<![^\s(\[{])-(?=\d))?@?{a}+(?:(?:[-./&@]|(?<=\d)[,:](?=\d)|'(?={a})){a}+)*)
  | (?P<ellipsis>\.\.\.\.*)
  | (?P<dash>--+)
  | (?P<bang>[!?]+)
  | (?P<dquote>"|``|'')
  | (?P<squote>['`])
  | (?P<other>\S)
    """.replace("{a}", _ALNUM),
    re.VERBOSE,
)
_BRACKETS = {"(": "-LRB-", ")": "-RRB-", "[": "-LSB-", "]": "-RSB-", "{": "-LCB-", "}": "-RCB-"}
_OPENERS = frozenset(" \t\n\r\f\v([{<`\"")
# Fast path: ASCII letters/digits/spaces/commas with at most a final full stop, possibly
# space-separated (the benchmark's own captions and typical model output); a comma before a
# digit ("1,000") goes through the full lexer.
_SIMPLE = re.compile(r"[A-Za-z0-9 ,]*[A-Za-z0-9] ?\.?\s*\Z")
_DIGIT_COMMA = re.compile(r",\d")


def _split_clitics(word: str) -> list[str]:
    """Penn Treebank clitic splitting of one lexed word (case preserved)."""
    if "'" not in word and len(word) not in (5, 6):  # no clitic, cannot be in _SPECIAL
        return [word]
    low = word.lower()
    if low in _SPECIAL:
        a, b = _SPECIAL[low]
        return [word[: len(a)], word[len(a):]]
    tail: list[str] = []
    changed = True
    while changed:
        changed = False
        low = word.lower()
        for c in _CLITICS:
            if low.endswith(c) and len(word) > len(c):
                tail.insert(0, word[-len(c):])
                word = word[: -len(c)]
                changed = True
                break
    return _split_apostrophe(word) + tail


_APO_KEEP_WORDS = frozenset({"o'clock", "ma'am", "ne'er", "e'er", "c'mon", "li'l", "ev'ry", "nat'l"})
_APO_SINGLE = re.compile(r"[A-HJ-XZn]'[^\W\d_]{2,}\Z")
_APO_N = re.compile(r"(.+)'[nN]'(.+)\Z")
_APO_VOWEL = re.compile(r"[^\W\d_]+[aeiouyAEIOUY]'[aeiouA-Z][^\W\d_]*\Z")


def _split_apostrophe(word: str) -> list[str]:
    """Internal apostrophes CoreNLP keeps (O'Neil, ma'am, o'clock); otherwise split them off."""
    if "'" not in word or word.lower() in _APO_KEEP_WORDS or word.lower() in _CLITICS:
        return [word]
    if _APO_SINGLE.match(word) or _APO_VOWEL.match(word):
        return [word]
    m = _APO_N.match(word)
    if m:  # rock'n'roll -> rock 'n' roll
        return _split_apostrophe(m.group(1)) + ["'n'"] + _split_apostrophe(m.group(2))
    if word[:2].lower() == "y'":  # y'all -> y' all
        return [word[:2]] + _split_apostrophe(word[2:])
    out: list[str] = []
    for i, part in enumerate(word.split("'")):
        if i:
            out.append("'")
        if part:
            out.append(part)
    return out


def _normalise(text: str) -> str:
    """HTML entities and Unicode punctuation replaced as PTBTokenizer does before lexing."""
    for a, b in _ENTITIES:
        if a in text:
            text = text.replace(a, b)
    return text.translate(_UNICODE)


def _keeps_full_stop(text: str, tok: str, end: int) -> bool:
    """Whether the full stop at ``text[end]`` belongs to the word ``tok`` before it
    (an initial, acronym or abbreviation) rather than ending the sentence."""
    low = tok.lower()
    rest = text[end + 1:].lstrip()
    if len(tok) == 1 and tok.isalpha():
        # an initial ("A. Smith", "a. b.", "... is A."), but a lower-case letter
        # ending the caption or before a capitalised word is taken as a word
        # followed by a full stop (CoreNLP is context-dependent here)
        return tok.isupper() or (bool(rest) and not rest[0].isupper())
    if _ACRONYM.match(low) is not None or low in _ABBREV:
        return True
    return low in _NUM_ABBREV and bool(rest) and rest[0].isdigit()


def _lex(text: str) -> list[str]:
    text = _normalise(text)
    out: list[str] = []
    pos, n = 0, len(text)
    match = _LEXER.match
    while pos < n:
        m = match(text, pos)
        if m is None:  # cannot happen: 'ws' and 'other' between them match any character
            raise AssertionError(f"lexer stuck at {text[pos:pos + 10]!r}")
        kind = m.lastgroup
        tok = m.group()
        end = m.end()
        if kind == "ws":
            pass
        elif kind == "word":
            if end < n and text[end] == "." and _keeps_full_stop(text, tok, end):
                tok += "."
                end += 1
            out.extend(_split_clitics(tok))
        elif kind == "ellipsis":
            out.append("...")
            if len(tok) > 3:
                out.extend(["."] * (len(tok) - 3))
        elif kind == "dash":
            out.append("--")
        elif kind == "dquote":
            if tok == '"':
                prev = text[pos - 1] if pos else " "
                nxt = text[end] if end < n else " "
                tok = "``" if prev in _OPENERS or (nxt.isalnum() and not prev.isalnum()) else "''"
            out.append(tok)
        elif kind == "squote":
            if tok == "'":
                prev = text[pos - 1] if pos else " "
                tok = "`" if prev in _OPENERS else "'"
            out.append(tok)
        elif kind == "other":
            out.append(_BRACKETS.get(tok, tok))
        else:  # sgml, url, email, clitic (pre-tokenised "'s"), decade, tis, bang
            out.append(tok)
        pos = end
    return out


@lru_cache(maxsize=1 << 17)
def _tokenize_cached(text: str) -> tuple[str, ...]:
    if _SIMPLE.match(text) and not ("," in text and _DIGIT_COMMA.search(text)):
        toks = text.lower().replace(",", " ").split()
        last = toks[-1]
        simple = True
        if last == ".":  # pre-tokenised "... circle ."
            toks.pop()
        elif last.endswith("."):
            stem = last[:-1]
            if stem in _ABBREV or len(stem) == 1 and stem.isalpha():
                simple = False  # abbreviation or initial: let the full lexer decide
            else:
                toks[-1] = stem
        if simple and not any(t in _SPECIAL for t in toks):
            return tuple(toks)
    return tuple(t for t in (w.lower() for w in _lex(text)) if t not in PUNCTUATIONS)


def ptb_tokenize(text: str) -> list[str]:
    """Tokens of one caption as pycocoevalcap's PTBTokenizer + punctuation filter yields them."""
    return list(_tokenize_cached(text.replace("\n", " ")))


def tokenize_caption(text: str) -> str:
    """The caption as pycocoevalcap passes it to its scorers: tokens joined by single spaces."""
    return " ".join(_tokenize_cached(text.replace("\n", " ")))


def tokenize_many(texts: Iterable[str]) -> list[tuple[str, ...]]:
    """Token tuples for many captions (memoised: repeated captions are lexed once)."""
    return [_tokenize_cached(t.replace("\n", " ")) for t in texts]
