"""Read the grammar files (``grammar/*.txt``) into plain Python structures.

The grammar is data: ``features.txt`` (features and categories), ``semantics.txt`` (MRS
templates of lexical types), ``lexicon.txt`` (lexical types and entries), ``rules.txt``
(phrase-structure rules with their semantic composition) and ``realise.txt`` (the realisation
side).  This module only parses and checks them; :mod:`.parser` compiles them for parsing and
:mod:`.realiser` for realisation.  The file formats are documented at the top of each file.
"""
from __future__ import annotations

from ..resources import resource_dir

import hashlib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

GRAMMAR_FILES = ("features.txt", "semantics.txt", "lexicon.txt", "rules.txt", "realise.txt")


class GrammarError(ValueError):
    """A grammar file that cannot be read; the message names the file and line."""


def grammar_dir() -> Path:
    """The grammar folder: ``$SHAPEWORLDICE_GRAMMAR``, the installed copy, or the repository's ``grammar/``."""
    folder = resource_dir("grammar", "SHAPEWORLDICE_GRAMMAR", "lexicon.txt")
    if folder is not None:
        return folder
    raise GrammarError("grammar folder not found (set SHAPEWORLDICE_GRAMMAR)")


# --------------------------------------------------------------------------- categories

@dataclass(frozen=True)
class CatPattern:
    """A category with (possibly partial) feature constraints; values starting with '?' are variables."""

    name: str
    feats: tuple[tuple[str, str], ...] = ()

    def get(self, feat: str) -> str | None:
        for k, v in self.feats:
            if k == feat:
                return v
        return None

    def __str__(self) -> str:
        if not self.feats:
            return self.name
        return f"{self.name}[{','.join(f'{k}={v}' for k, v in self.feats)}]"


_CAT_RE = re.compile(r"^([A-Za-z][A-Za-z0-9_.]*)(?:\[(.*)\])?$")


def parse_category(text: str, where: str) -> CatPattern:
    m = _CAT_RE.match(text.strip())
    if not m:
        raise GrammarError(f"{where}: bad category {text!r}")
    feats = []
    if m.group(2):
        for part in m.group(2).split(","):
            part = part.strip()
            if not part:
                continue
            if "=" not in part:
                raise GrammarError(f"{where}: bad feature constraint {part!r}")
            k, v = (s.strip() for s in part.split("=", 1))
            feats.append((k, v))
    return CatPattern(m.group(1), tuple(feats))


# --------------------------------------------------------------------------- semantics specs

@dataclass(frozen=True)
class Term:
    """A variable or reference in a semantic spec.

    kind: 'var' (local variable, name like h1/x1), 'ref' (daughter field, ``ref=(i, field)``),
    'param' ($NAME, resolved per entry), 'const' (a quoted constant, for CARG).
    """

    kind: str
    name: str
    ref: tuple[int, str] | None = None
    props: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class EPSpec:
    pred: str  # may be "$PRED"
    roles: tuple[tuple[str, Term], ...]


@dataclass
class SemSpec:
    """Semantic composition: hook fields, head daughter, equations, EPs and qeqs."""

    head: int | None = None
    hook: dict[str, Term] = field(default_factory=dict)
    eqs: list[tuple[Term, Term]] = field(default_factory=list)
    eps: list[EPSpec] = field(default_factory=list)
    qeqs: list[tuple[Term, Term]] = field(default_factory=list)


_SEM_TOKEN = re.compile(r'"[^"]*"|[\[\](){},;=]|[^\s\[\](){},;="]+')


def parse_sem(text: str, where: str) -> SemSpec:
    """Parse a rule's or entry's semantics (hook, head, EPs, equations, qeqs); ``where`` names
    the source line in errors."""
    return _SemReader(_SEM_TOKEN.findall(text), where).spec()


class _SemReader:
    """Recursive-descent reader over the tokens of one semantics spec."""

    def __init__(self, toks: list[str], where: str):
        self.toks, self.where, self.pos = toks, where, 0

    def peek(self, k: int = 0) -> str | None:
        return self.toks[self.pos + k] if self.pos + k < len(self.toks) else None

    def take(self) -> str:
        tok = self.peek()
        if tok is None:
            raise GrammarError(f"{self.where}: semantics ends early")
        self.pos += 1
        return tok

    def expect(self, tok: str) -> None:
        if self.peek() != tok:
            raise GrammarError(f"{self.where}: expected {tok!r} in semantics, got {self.peek()!r}")
        self.pos += 1

    def skip(self, tok: str) -> bool:
        if self.peek() == tok:
            self.pos += 1
            return True
        return False

    def pairs(self, close: str) -> list[tuple[str, str]]:
        """``key = value`` pairs up to ``close`` (commas optional), values as raw tokens."""
        out = []
        while not self.skip(close):
            key = self.take()
            self.expect("=")
            out.append((key, self.take()))
            self.skip(",")
        return out

    def term(self) -> Term:
        tok = self.take()
        if tok.startswith('"'):
            t = Term("const", tok[1:-1])
        elif tok.startswith("$"):
            t = Term("param", tok[1:])
        elif re.match(r"^\d+\.[a-z_0-9]+$", tok):
            i, f = tok.split(".", 1)
            t = Term("ref", tok, (int(i), f))
        elif re.match(r"^[hxeiu]\d+$", tok):
            t = Term("var", tok)
        else:
            raise GrammarError(f"{self.where}: bad term {tok!r} in semantics")
        if self.skip("{"):
            t = Term(t.kind, t.name, t.ref, tuple(self.pairs("}")))
        return t

    def roles(self) -> tuple[tuple[str, Term], ...]:
        """``role = term`` pairs up to ``)`` (commas optional)."""
        out = []
        while not self.skip(")"):
            role = self.take()
            self.expect("=")
            out.append((role, self.term()))
            self.skip(",")
        return tuple(out)

    def spec(self) -> SemSpec:
        spec = SemSpec()
        while self.peek() is not None:
            tok = self.take()
            if tok == ";":
                continue
            if tok == "[":
                while not self.skip("]"):
                    name = self.take()
                    self.expect("=")
                    spec.hook[name] = self.term()
            elif tok == "head" and self.skip("="):
                head = self.take()
                if not head.isdigit():
                    raise GrammarError(f"{self.where}: bad head {head!r} in semantics")
                spec.head = int(head)
            elif self.skip("("):
                spec.eps.append(EPSpec(tok, self.roles()))
            else:
                self.pos -= 1
                self.equation(spec)
        return spec

    def equation(self, spec: SemSpec) -> None:
        left = self.term()
        op = self.peek()
        self.pos += 1
        if op == "=":
            spec.eqs.append((left, self.term()))
        elif op == "qeq":
            spec.qeqs.append((left, self.term()))
        else:
            raise GrammarError(f"{self.where}: expected '=' or 'qeq' after {left.name!r}, got {op!r}")


# --------------------------------------------------------------------------- lexicon

@dataclass(frozen=True)
class LexLine:
    slot: str  # "*" or a digit
    cat: CatPattern
    sem: str
    cost: int


@dataclass
class LexEntry:
    """One lexicon line: forms[slot] = list of spelling variants (tuples of words)."""

    id: int
    type: str
    forms: list[list[tuple[str, ...]]]
    attrs: dict[str, str]
    feats: dict[str, str]
    line: int

    @property
    def key(self) -> str | None:
        return self.attrs.get("key")

    def form(self, slot: int = 0) -> str:
        """The canonical (first) spelling of a slot, words joined by spaces."""
        slots = self.forms
        variants = slots[slot] if slot < len(slots) else slots[0]
        return " ".join(variants[0])


@dataclass
class Rule:
    name: str
    lhs: CatPattern
    rhs: tuple[CatPattern, ...]
    sem: SemSpec
    cost: int
    line: int


@dataclass
class RealiseItem:
    kind: str  # 'lit' | 'lex' | 'call' | 'choice'
    words: tuple[str, ...] = ()
    key: str = ""
    cat: str = ""
    field: str = ""
    num: str | None = None
    name: str = ""
    labels: tuple[str, ...] = ()
    alternatives: tuple[tuple["RealiseItem", ...], ...] = ()


@dataclass
class RealiseRule:
    cat: str
    key: str
    num: str | None
    items: tuple[RealiseItem, ...]
    line: int


@dataclass
class GrammarData:
    features: dict[str, tuple[str, ...]]
    categories: dict[str, tuple[str, ...]]
    sems: dict[str, SemSpec]
    lextypes: dict[str, list[LexLine]]
    entries: list[LexEntry]
    rules: list[Rule]
    realise: list[RealiseRule]
    version: str


def _lines(path: Path):
    """Logical lines: comments stripped, indented lines appended to the previous line."""
    out: list[tuple[int, str]] = []
    for no, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if raw.lstrip().startswith("#"):
            continue
        # a comment is "# " after whitespace; "#NAME=..." (realisation choices) is not a comment
        m = re.search(r"\s#(\s|$)", raw)
        line = raw[: m.start()] if m else raw
        if not line.strip():
            continue
        if line[0].isspace() and out:
            prev_no, prev = out[-1]
            out[-1] = (prev_no, prev + "\n" + line.strip())
        else:
            out.append((no, line.strip()))
    return out


def _onset(words: tuple[str, ...]) -> str:
    w = words[0].lower()
    return "v" if w[:1] in "aeiou" else "c"


def _read_features(path: Path):
    features: dict[str, tuple[str, ...]] = {}
    categories: dict[str, tuple[str, ...]] = {}
    for no, line in _lines(path):
        parts = line.split()
        where = f"{path.name}:{no}"
        if parts[0] == "feature":
            features[parts[1]] = tuple(parts[2:])
        elif parts[0] == "category":
            for f in parts[2:]:
                if f not in features:
                    raise GrammarError(f"{where}: unknown feature {f}")
            categories[parts[1]] = tuple(parts[2:])
        else:
            raise GrammarError(f"{where}: expected 'feature' or 'category'")
    return features, categories


def _read_sems(path: Path) -> dict[str, SemSpec]:
    sems = {}
    for no, line in _lines(path):
        m = re.match(r"^sem\s+(\S+)\s*=\s*(.*)$", line, re.S)
        if not m:
            raise GrammarError(f"{path.name}:{no}: expected 'sem NAME = ...'")
        sems[m.group(1)] = parse_sem(m.group(2), f"{path.name}:{no}")
    return sems


def _read_lexicon(path: Path, categories, sems):
    lextypes: dict[str, list[LexLine]] = {}
    entries: list[LexEntry] = []
    for no, line in _lines(path):
        where = f"{path.name}:{no}"
        if line.startswith("type "):
            head, *body = line.split("\n")
            name = head.split()[1]
            lines = []
            for b in body:
                parts = b.split()
                if len(parts) < 3:
                    raise GrammarError(f"{where}: type line needs SLOT CATEGORY SEM")
                cat = parse_category(parts[1], where)
                if cat.name not in categories:
                    raise GrammarError(f"{where}: unknown category {cat.name}")
                if parts[2] not in sems:
                    raise GrammarError(f"{where}: unknown semantic template {parts[2]}")
                cost = 0
                for extra in parts[3:]:
                    if extra.startswith("cost="):
                        cost = int(extra[5:])
                lines.append(LexLine(parts[0], cat, parts[2], cost))
            lextypes[name] = lines
            continue
        parts = line.split()
        if parts[0] == "hyphenate":
            entries.extend(_hyphenated(parts, lextypes, entries, where, no))
            continue
        tname = parts[0]
        if tname not in lextypes:
            raise GrammarError(f"{where}: unknown lexical type {tname!r}")
        forms = [[tuple(v.split("_")) for v in slot.split("|")] for slot in parts[1].split("/")]
        attrs: dict[str, str] = {}
        feats: dict[str, str] = {}
        for kv in parts[2:]:
            if "=" not in kv:
                raise GrammarError(f"{where}: expected attr=value, got {kv!r}")
            k, v = kv.split("=", 1)
            (feats if k.isupper() else attrs)[k] = v
        entries.append(LexEntry(len(entries), tname, forms, attrs, feats, no))
    return lextypes, entries


def _hyphenated(parts: list[str], lextypes: dict[str, list[LexLine]], entries: list[LexEntry],
                where: str, line: int) -> list[LexEntry]:
    """The entries of a ``hyphenate TYPE FIRST,... SECOND,...`` line: one entry of TYPE for each word
    ``first-second`` (two different words, each with an ``adj`` entry read before), with ``pred=`` the
    first word's predicate and ``pred2=`` the second's, so "lime-green" has the EPs of "lime green".
    A form that some entry already has ("royal-blue" of "royal blue") is left to that entry."""
    if len(parts) != 4 or parts[1] not in lextypes:
        raise GrammarError(f"{where}: expected hyphenate TYPE FIRST,... SECOND,... with a known type")
    preds: dict[str, str] = {}
    taken: set[str] = set()
    for e in entries:
        for slot in e.forms:
            for variant in slot:
                taken.add("_".join(variant))
                if e.type == "adj" and len(variant) == 1 and "pred" in e.attrs:
                    preds.setdefault(variant[0], e.attrs["pred"])
    firsts, seconds = parts[2].split(","), parts[3].split(",")
    missing = [w for w in firsts + seconds if w not in preds]
    if missing:
        raise GrammarError(f"{where}: hyphenate: no adj entry for {', '.join(missing)}")
    pairs = [(a, b) for a in firsts for b in seconds if a != b and f"{a}-{b}" not in taken]
    return [LexEntry(len(entries) + k, parts[1], [[(f"{a}-{b}",)]], {"pred": preds[a], "pred2": preds[b]}, {}, line)
            for k, (a, b) in enumerate(pairs)]


_RULE_HEAD = re.compile(r"^rule\s+(\S+?)(?:\s+cost=(\d+))?\s*:\s*(.*?)\s*->\s*(.*)$")


def _split_cats(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        if ch.isspace() and depth == 0:
            if cur:
                out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur:
        out.append(cur)
    return out


def _read_rules(path: Path, categories) -> list[Rule]:
    rules = []
    for no, line in _lines(path):
        where = f"{path.name}:{no}"
        head, *rest = line.split("\n")
        m = _RULE_HEAD.match(head)
        if not m:
            raise GrammarError(f"{where}: expected 'rule NAME: LHS -> RHS...'")
        lhs = parse_category(m.group(3), where)
        rhs = tuple(parse_category(c, where) for c in _split_cats(m.group(4)))
        for c in (lhs, *rhs):
            if c.name not in categories:
                raise GrammarError(f"{where}: unknown category {c.name}")
            for k, _ in c.feats:
                if k not in categories[c.name]:
                    raise GrammarError(f"{where}: category {c.name} has no feature {k}")
        semtext = " ".join(rest)
        if not semtext.startswith("sem:"):
            raise GrammarError(f"{where}: rule {m.group(1)} needs a 'sem:' line")
        sem = parse_sem(semtext[4:], where)
        rules.append(Rule(m.group(1), lhs, rhs, sem, int(m.group(2) or 0), no))
    return rules


_REAL_TOKEN = re.compile(
    r"\(|\)|\||#[A-Za-z_]+=[A-Za-z_,]+|\{(?:sg|pl)\}"
    r"|@(?:[^\s()|{}]|\{(?!sg\}|pl\})[a-z_]+\})+"
    r"|[^\s()|{}]+(?:\([a-z_0-9]+\))?")


def _parse_items(tokens: list[str], pos: int, where: str, stop: tuple[str, ...]):
    items: list[RealiseItem] = []
    while pos < len(tokens) and tokens[pos] not in stop:
        tok = tokens[pos]
        pos += 1
        if tok == "(":
            alts = []
            while True:
                alt, pos = _parse_items(tokens, pos, where, ("|", ")"))
                alts.append(tuple(alt))
                if pos >= len(tokens):
                    raise GrammarError(f"{where}: unclosed choice")
                sep = tokens[pos]
                pos += 1
                if sep == ")":
                    break
            if pos >= len(tokens) or not tokens[pos].startswith("#"):
                raise GrammarError(f"{where}: a choice needs '#NAME=label,label'")
            name, labels = tokens[pos][1:].split("=", 1)
            pos += 1
            labels_t = tuple(labels.split(","))
            if len(labels_t) != len(alts):
                raise GrammarError(f"{where}: choice {name} has {len(alts)} alternatives but {len(labels_t)} labels")
            items.append(RealiseItem("choice", name=name, labels=labels_t, alternatives=tuple(alts)))
            continue
        num = None
        if pos < len(tokens) and tokens[pos] in ("{sg}", "{pl}"):
            num = tokens[pos][1:-1]
            pos += 1
        if tok.startswith("@"):
            items.append(RealiseItem("lex", key=tok[1:], num=num))
        elif "(" in tok:
            cat, fld = tok[:-1].split("(", 1)
            items.append(RealiseItem("call", cat=cat, field=fld, num=num))
        else:
            items.append(RealiseItem("lit", words=(tok,), num=num))
    return items, pos


def _read_realise(path: Path) -> list[RealiseRule]:
    rules = []
    for no, line in _lines(path):
        where = f"{path.name}:{no}"
        if "=>" not in line:
            raise GrammarError(f"{where}: expected 'CATEGORY KEY => ITEMS'")
        left, right = line.split("=>", 1)
        lparts = left.split()
        if len(lparts) not in (2, 3):
            raise GrammarError(f"{where}: expected 'CATEGORY KEY [{{sg}}|{{pl}}]'")
        num = lparts[2][1:-1] if len(lparts) == 3 else None
        tokens = _REAL_TOKEN.findall(right)
        items, pos = _parse_items(tokens, 0, where, ())
        rules.append(RealiseRule(lparts[0], lparts[1], num, tuple(items), no))
    return rules


def _version(folder: Path) -> str:
    h = hashlib.sha1()
    for name in GRAMMAR_FILES:
        p = folder / name
        h.update(name.encode())
        h.update(b"\0")
        h.update(p.read_bytes() if p.exists() else b"")
        h.update(b"\0")
    return f"builtin@{h.hexdigest()[:8]}"


@lru_cache(maxsize=4)
def load(folder: str | None = None) -> GrammarData:
    """Read and check every grammar file (cached per folder)."""
    path = Path(folder) if folder else grammar_dir()
    features, categories = _read_features(path / "features.txt")
    sems = _read_sems(path / "semantics.txt")
    lextypes, entries = _read_lexicon(path / "lexicon.txt", categories, sems)
    rules = _read_rules(path / "rules.txt", categories) if (path / "rules.txt").exists() else []
    realise = _read_realise(path / "realise.txt")
    return GrammarData(features, categories, sems, lextypes, entries, rules, realise, _version(path))


def entry_onset(entry: LexEntry, words: tuple[str, ...]) -> str:
    return entry.attrs.get("onset") or _onset(words)


__all__ = ["GrammarData", "GrammarError", "load", "grammar_dir", "CatPattern", "SemSpec", "Term", "EPSpec",
           "LexEntry", "LexLine", "Rule", "RealiseRule", "RealiseItem", "parse_category", "parse_sem", "entry_onset"]
