"""Parsers behind one interface: the built-in grammar, or a real ACE + ERG through pydelphin.

Both return the same :class:`Parsed` record — grammatical or not, the MRS readings, and what a
reader needs to know why a caption failed (words outside the vocabulary, the longest stretch
that parsed, a parser limit hit) — so the same MRS → truth path serves either; reports record
which parser produced G (:mod:`shapeworldice.reasons` turns the record into a reason).
"""
from __future__ import annotations

import logging
import os
import re
import shutil
import subprocess
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence

from .errors import UserError
from .safe_read import sha256_file

CACHE_SIZE = 200_000  # parses kept by a parser (by normalised text)

#: Parser limits, by the words of the parser's message: ACE's "giving up, too many words" and
#: its timeout and RAM-limit notes; the built-in parser's "too long" / "too complex".
LIMITS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("too-long", re.compile(r"too many words|max-words|too long|too complex", re.I)),
    ("timeout", re.compile(r"time ?out|timed out", re.I)),
    ("memory", re.compile(r"RAM limit|out of memory|megabytes", re.I)),
)


@dataclass(frozen=True)
class Parsed:
    """A parser's verdict on one caption: grammatical iff it has at least one reading.

    ``unknown_words``: surface words outside the parser's vocabulary, in order; ``longest_span``:
    where an unparsed caption broke, as text ("… a red square | sits …", bars at the edges of
    the longest stretch that parsed), when the parser can tell; ``limit``: ``"too-long"``,
    ``"timeout"`` or ``"memory"`` when the parser gave up rather than rejected the caption
    (its message in ``error``).
    """

    text: str
    normalised: str
    grammatical: bool
    readings: tuple[Any, ...] = field(repr=False)  # delphin.mrs.MRS objects
    error: str | None = None
    unknown_words: tuple[str, ...] = ()
    longest_span: str | None = None
    limit: str | None = None
    #: a noun phrase on its own (the ERG's fragment root, not its strict sentence root), or a
    #: caption with such a sentence: grammatical as a fragment
    fragment: bool = False
    #: sentences of a grammatical caption whose readings could not be interpreted with the rest,
    #: left out of its joined reading: (sentence, why) pairs
    uncovered: tuple[tuple[str, str], ...] = ()


class Parser(Protocol):
    name: str

    @property
    def version(self) -> str: ...

    def normalise(self, text: str) -> str: ...

    def parse(self, text: str) -> Parsed: ...

    def close(self) -> None: ...


def limit_of(message: str | None) -> str | None:
    """The limit (``too-long``, ``timeout``, ``memory``) a parser's message reports, if any."""
    if message:
        for code, pattern in LIMITS:
            if pattern.search(message):
                return code
    return None


def marked_span(tokens: Sequence[str], start: int, end: int) -> str:
    """Tokens ``start:end`` with a bar where the parse broke off on either side, e.g.
    ``"a red square | sits …"`` or ``"… square | sits above a circle"``."""
    if not 0 <= start < end <= len(tokens):
        return ""
    text = " ".join(tokens[start:end])
    if start > 0:
        text = ("… " if start > 1 else "") + f"{tokens[start - 1]} | {text}"
    if end < len(tokens):
        text += f" | {tokens[end]}" + (" …" if end + 1 < len(tokens) else "")
    return re.sub(r"(?<=[^|\s]) ([,;:!?.])", r"\1", text)


_UNKNOWN_WORD = re.compile(r"unknown word: '(.*)'")


class BuiltinParser:
    """The package's own grammar (``grammar/``). It keeps no parses: its callers cache what they
    derive from them by normalised text (the evaluator's analyses), and a cache of the parses too
    held every caption's MRS a second time (hundreds of MB on 200,000 distinct captions)."""

    name = "builtin"

    def normalise(self, text: str) -> str:
        from .grammar import normalise

        return normalise(text)

    @property
    def version(self) -> str:
        from .grammar import grammar_version

        return grammar_version()

    def parse(self, text: str) -> Parsed:
        from .interpret.discourse import sentences

        normalised = self.normalise(text)
        parts = sentences(normalised)
        if len(parts) > 1:  # each sentence on its own: a description has no length limit
            return parse_sentences(self._parse_one, text, normalised, parts)
        return self._parse_one(text)

    def _parse_one(self, text: str) -> Parsed:
        from .grammar.parser import get_parser, tokenise

        result = get_parser().parse_uncached(text)
        unknown = tuple(getattr(result, "unknown_words", None) or ())
        if not unknown and result.error:  # a grammar that names only the first unknown word
            match = _UNKNOWN_WORD.search(result.error)
            unknown = (match.group(1),) if match else ()
        span = getattr(result, "longest_span", None)
        where, error = None, result.error
        if not result.grammatical:  # where it broke, and whether it is two sentences run together
            tokens = tokenise(result.normalised)
            where = marked_span(tokens, *span) if span else None
            if error is None:
                error = _run_on(tokens) or error
        fragment = result.grammatical and not result.sentence
        return Parsed(text, result.normalised, result.grammatical, tuple(r.mrs for r in result.readings),
                      error, unknown, where or None, None if result.grammatical else limit_of(error), fragment)

    def close(self) -> None:
        pass


#: words that start a second sentence written without a full stop ("... the circle it is below ...")
_RUN_ON_STARTS = frozenset({"it", "they", "there", "this", "these", "the"})
RUN_ON = "two sentences without a full stop"


def _run_on(tokens: Sequence[str]) -> str | None:
    """Where an unparsed sentence is two sentences run together: a full stop before a word that
    starts the second one makes both parse ("... a blue circle it is below the green one")."""
    from .grammar.parser import get_parser

    parser = get_parser()
    for i in range(2, len(tokens) - 1):
        if tokens[i].lower() not in _RUN_ON_STARTS or tokens[i - 1] in (",", ";", ":", "and", "or", "but"):
            continue
        first, second = " ".join(tokens[:i]), " ".join(tokens[i:])
        if parser.parse(first).grammatical and parser.parse(second[:1].upper() + second[1:]).grammatical:
            return f"{RUN_ON}: a new sentence starts at '{tokens[i]}' ({first} | {second})"
    return None


_ACE_VERSION = re.compile(r"ACE version ([0-9]+(?:\.[0-9]+)*)")
#: ACE's note for a word no lexeme covers (an image without unknown-word handling): it names the
#: first such word only (older versions name its position only)
_LEXICAL_GAP = re.compile(r"lexemes do not span position (\d+)(?: `(.*)')?!")
#: what is stripped from a caption's words before they are probed or named
_WORD_EDGES = ".,;:!?\"'()"
#: an ERG generic entry for a word outside its lexicon, e.g. ``_image/NN_u_unknown``
_ERG_UNKNOWN = re.compile(r"^_(.+)/[a-z]+_u_unknown$", re.I)


def ace_version(executable: str) -> str:
    """``X.Y.Z`` from ``ACE -V``; a program that is not ACE (or not runnable) is a one-line error."""
    try:
        done = subprocess.run([executable, "-V"], capture_output=True, text=True, timeout=60)
    except OSError as exc:
        raise UserError(f"cannot run the ACE binary {executable}: {exc.strerror or exc}") from None
    except subprocess.TimeoutExpired:
        raise UserError(f"the ACE binary {executable} did not answer '-V' within 60 s") from None
    match = _ACE_VERSION.search(done.stdout + "\n" + done.stderr)
    if done.returncode != 0 or match is None:
        said = _last_line(done.stderr) or _last_line(done.stdout)
        status = f"exit status {done.returncode}" if done.returncode else "no 'ACE version'"
        raise UserError(f"{executable} does not look like ACE: '-V' gave {status}" + (f" ({said})" if said else ""))
    return match.group(1)


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:200] if lines else ""


def reading_key(mrs: Any) -> tuple:
    """A key of an MRS that ignores variable names and the order of its predications, so
    sorting readings by it gives the same order whatever order ACE printed them in."""
    intrinsic: dict[str, tuple] = {}
    labelled: dict[str, list[tuple]] = defaultdict(list)
    for ep in mrs.rels:
        node = (ep.cfrom if ep.cfrom is not None else -1, ep.cto if ep.cto is not None else -1,
                str(ep.predicate), str(ep.carg or ""))
        labelled[str(ep.label)].append(node)
        if not ep.is_quantifier() and ep.iv is not None:
            old = intrinsic.get(ep.iv)
            intrinsic[ep.iv] = node if old is None else min(old, node)
    qeq = {str(h.hi): str(h.lo) for h in mrs.hcons}
    properties = mrs.variables

    def describe(value: Any) -> tuple:
        value = str(value)
        kind = value[:1]
        if kind == "h":
            return ("h", tuple(sorted(labelled.get(qeq.get(value, value), ()))))
        props = tuple(sorted((str(k), str(v)) for k, v in (properties.get(value) or {}).items()))
        return (kind, intrinsic.get(value, ()), props)

    eps = []
    for ep in mrs.rels:
        args = tuple((role, ("c", str(v)) if role == "CARG" else describe(v))
                     for role, v in sorted(ep.args.items()))
        eps.append((ep.cfrom if ep.cfrom is not None else -1, ep.cto if ep.cto is not None else -1,
                    str(ep.predicate), args))
    return describe(mrs.top), describe(mrs.index), tuple(sorted(eps))


class AceParser:
    """ACE with an ERG grammar image: one persistent process, a per-sentence timeout, strict root.

    Every reading is asked for (no ``-n`` bound unless given) and the readings are put in
    :func:`reading_key` order, so the reading the interpreter prefers never depends on which
    captions the process parsed before.  A caption of several sentences is parsed sentence by
    sentence and read as their conjunction (one joined reading).  ACE's limits (too many words, timeout, RAM) are
    reported in :attr:`Parsed.limit`, not as ungrammatical.  The binary and image come from the
    arguments, or ``$SHAPEWORLDICE_ACE`` / ``$SHAPEWORLDICE_ERG``, or ``ace`` on PATH; a missing,
    non-executable or non-ACE binary, and an image ACE cannot load, are one-line errors.
    """

    name = "ace"

    def __init__(self, executable: str | None = None, grammar_image: str | None = None, timeout: int = 10,
                 max_readings: int | None = None, root: str = "root_strict"):
        executable = executable or os.environ.get("SHAPEWORLDICE_ACE") or shutil.which("ace")
        if not executable or not Path(executable).is_file():
            raise UserError("ACE binary not found: pass --ace PATH or set SHAPEWORLDICE_ACE "
                            f"(looked for {executable or 'ace on PATH'})")
        image = grammar_image or os.environ.get("SHAPEWORLDICE_ERG")
        if not image or not Path(image).is_file():
            raise UserError("ERG grammar image not found: pass --grammar-image PATH or set SHAPEWORLDICE_ERG"
                            + (f" (no file {image})" if image else ""))
        if not os.access(executable, os.X_OK):
            raise UserError(f"the ACE binary {executable} is not executable (chmod +x it, or pass another --ace)")
        # pydelphin turns "./ace" into a PATH lookup of "ace": pass an absolute path
        self.executable, self.image = str(Path(executable).resolve()), str(Path(image).resolve())
        self.ace_version = ace_version(self.executable)
        self.cmdargs = ["-r", root, "--timeout", str(timeout)] + (["-n", str(max_readings)] if max_readings else [])
        #: how long a sentence's answer may take in all (ACE's own timeout, and a margin for its start)
        self.deadline = 1.5 * timeout + 2.0
        self._cache: dict[str, Parsed] = {}  # by normalised text: ACE sees each caption once
        self._process: Any = None
        self._stderr: Any = None
        self._answered = False  # whether the process has answered a sentence (else a death blames the image)
        self._image_hash: str | None = None
        self._lexicon: dict[str, bool] = {}  # word → whether the image has a lexeme for it (probed alone)

    @property
    def version(self) -> str:
        """``ace-0.9.30@5e6f7a8b:erg@1a2b3c4d``: ACE's version and the first 8 hex digits of the
        SHA-256 of the binary, and of the grammar image's bytes (not its file name, which says nothing
        of what it holds and may say what a user would not publish)."""
        if self._image_hash is None:
            self._image_hash = f"{sha256_file(self.executable)[:8]}:erg@{sha256_file(self.image)[:8]}"
        return f"ace-{self.ace_version}@{self._image_hash}"

    def _proc(self):
        if self._process is None:
            import tempfile

            from delphin import ace

            from .ace_process import BoundedACEParser

            self._stderr = tempfile.TemporaryFile(mode="w+b")
            quiet = logging.getLogger("delphin.ace")
            was = quiet.disabled
            quiet.disabled = True  # pydelphin logs its own failures; ours are one line
            try:
                self._process = BoundedACEParser(self.image, cmdargs=list(self.cmdargs), executable=self.executable,
                                                 stderr=self._stderr, deadline=self.deadline)
            except (OSError, subprocess.CalledProcessError, ace.ACEProcessError):
                self._failed("startup")
            finally:
                quiet.disabled = was
        return self._process

    def _failed(self, how: str, text: str = "") -> None:
        """ACE died: before its first answer it could not use the image (the binary answered -V),
        afterwards it stopped on a sentence. Either way one line, with ACE's last message."""
        message = self._ace_message()
        self.close()
        said = f": {message}" if message else ""
        if not self._answered:
            said = said or " (is it a grammar image compiled by this ACE?)"
            raise UserError(f"ACE could not load the grammar image {self.image}{said}")
        shown = text if len(text) <= 80 else text[:77] + "..."
        raise UserError(f"ACE stopped while parsing {shown!r} ({how}){said}")

    def _ace_message(self, start: int = 0) -> str:
        """The last line ACE wrote to stderr (from offset ``start``), or ``""``."""
        if self._stderr is None:
            return ""
        return _last_line("\n".join(self._stderr_lines(start)))

    def _stderr_lines(self, start: int) -> list[str]:
        """ACE's stderr lines from offset ``start``: the last :data:`~.ace_process.STDERR_TAIL_BYTES`
        of them at most, so megabytes of notes are never read whole."""
        from .ace_process import STDERR_TAIL_BYTES

        if self._stderr is None:
            return []
        self._stderr.flush()
        end = self._stderr.seek(0, os.SEEK_END)
        self._stderr.seek(max(start, end - STDERR_TAIL_BYTES))
        text = self._stderr.read().decode("utf-8", "replace")
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        if end - start > STDERR_TAIL_BYTES and lines:
            lines = lines[1:]  # the first may be cut
        self._stderr.seek(0, os.SEEK_END)
        return [line[:500] for line in lines]

    def normalise(self, text: str) -> str:
        from .grammar import normalise

        return normalise(text)

    def parse(self, text: str) -> Parsed:
        normalised = self.normalise(text)
        if not normalised.strip(" ."):  # ACE must never see empty input
            return Parsed(text, normalised, False, (), "empty input")
        hit = self._cache.get(normalised)
        if hit is not None:
            return hit if hit.text == text else replace(hit, text=text)
        from .interpret.discourse import sentences

        parts = sentences(normalised)
        if len(parts) > 1:  # the ERG's root is one sentence
            result = parse_sentences(self.parse, text, normalised, parts)
        else:
            result = self._parse_normalised(text, normalised)
        if len(self._cache) >= CACHE_SIZE:
            self._cache.clear()
        self._cache[normalised] = result
        return result

    def _parse_normalised(self, text: str, normalised: str) -> Parsed:
        from delphin.codecs import simplemrs

        response, notes = self._ask(normalised)
        readings = []
        for result in response.get("results", []):
            try:
                readings.append(simplemrs.decode(result["mrs"]))
            except Exception:  # a malformed reading is skipped, as ShapeWorld's analyzer does
                continue
        readings.sort(key=reading_key)
        said = [str(response.get("error") or ""), *map(str, response.get("ERRORS", ()))]
        messages = said + notes  # stderr: notes, statistics and limit messages
        limit, error = None, next((m for m in said if m), None)
        for message in messages:
            limit = limit_of(message)
            if limit:
                error = message
                break
        unknown = _erg_unknown_words(readings)
        if not readings and limit is None:
            unknown = unknown or self._lexical_gaps(notes, normalised)
        if limit is not None:  # ACE gave up (time, memory, length): its partial readings decide nothing
            return Parsed(text, normalised, False, (), error, unknown, None, limit)
        return Parsed(text, normalised, bool(readings), tuple(readings), error, unknown, None, limit)

    def _ask(self, normalised: str) -> tuple[dict[str, Any], list[str]]:
        """ACE's answer to one sentence and the stderr lines it wrote meanwhile; a process that
        hangs, floods, garbles its answer or dies is a one-line :class:`UserError`."""
        from .ace_process import AceUnresponsive

        process = self._proc()
        self._stderr.seek(0, os.SEEK_END)
        mark = self._stderr.tell()
        runs = len(getattr(process, "run_infos", ()))
        try:
            response = process.interact(normalised)
        except AceUnresponsive as exc:
            self._answered = True  # it is running (it took the sentence): the sentence is to blame
            self._failed(str(exc), normalised)
        except (AssertionError, KeyError, IndexError, ValueError) as exc:
            # pydelphin asserts on, or cannot parse, an answer: ACE's output is garbled
            self._answered = self._answered or process.run_infos and popen_alive(process)
            self._failed(f"an answer that could not be read: {type(exc).__name__}", normalised)
        except (OSError, ace_errors()) as exc:
            self._failed(type(exc).__name__, normalised)
        if len(getattr(process, "run_infos", ())) != runs:  # pydelphin reopened a process that died on this sentence
            self._failed("the process ended", normalised)
        popen = getattr(process, "_p", None)  # pydelphin answers a dead process with no results
        if popen is not None and not response.get("results") and "readings" not in response:
            try:  # ACE always reports a reading count; without one, see whether it died
                popen.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                pass
            if popen.poll() is not None:
                self._failed(f"exit status {popen.returncode}", normalised)
        self._answered = True
        return response, self._stderr_lines(mark)

    def _lexical_gaps(self, notes: Sequence[str], normalised: str) -> tuple[str, ...]:
        """The words of ``normalised`` the image has no lexeme for, in order: the one ACE's note
        names (:data:`_LEXICAL_GAP`; ACE stops at the first), then each later word that ACE,
        asked for it alone, also cannot cover (remembered per word, so a vocabulary is probed once)."""
        words = [w.strip(_WORD_EDGES) for w in normalised.split()]
        first = None
        for note in notes:
            match = _LEXICAL_GAP.search(note)
            if match:
                position = int(match.group(1))
                named = (match.group(2) or "").strip(_WORD_EDGES)
                if not named and position < len(words):
                    named = words[position]
                first = next((k for k, w in enumerate(words) if named and w.lower() == named.lower()), None)
                if first is None:
                    return (named,) if named else ()
                break
        if first is None:
            return ()
        gaps = [words[first]]
        for word in words[first + 1:]:
            if word and word.lower() != words[first].lower() and word not in gaps and not self._has_lexeme(word):
                gaps.append(word)
        return tuple(gaps)

    def _has_lexeme(self, word: str) -> bool:
        """Whether ACE covers ``word`` on its own (no lexical-gap note when asked for it alone)."""
        key = word.lower()
        known = self._lexicon.get(key)
        if known is None:
            _, notes = self._ask(word)
            known = not any(_LEXICAL_GAP.search(note) for note in notes)
            if len(self._lexicon) >= CACHE_SIZE:
                self._lexicon.clear()
            self._lexicon[key] = known
        return known

    def close(self) -> None:
        if self._process is not None:
            try:
                self._process.close()
            except OSError:  # already dead
                pass
            self._process = None
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None


def parse_sentences(parse_one: Callable[[str], Parsed], text: str, normalised: str,
                    parts: Sequence[tuple[int, str]]) -> Parsed:
    """A caption of several sentences: each parsed on its own (``parse_one``), their readings joined
    into one (:func:`shapeworldice.interpret.discourse.cover`); the first sentence that hits a
    limit or has no parse gives the caption its limit or its failure, with where it broke. A
    sentence whose readings cannot be interpreted with the rest is left out of the join and named
    in :attr:`Parsed.uncovered`: the caption keeps the claims of the others."""
    from .interpret.discourse import cover

    parsed = [parse_one(sentence) for _, sentence in parts]
    n = len(parsed)
    unknown = tuple(dict.fromkeys(w for p in parsed for w in p.unknown_words))
    fragment = any(p.fragment for p in parsed)
    for k, p in enumerate(parsed):
        if p.limit is not None:
            return Parsed(text, normalised, False, (), f"sentence {k + 1} of {n}: {p.error}", unknown, None, p.limit)
    failed = next((k for k, p in enumerate(parsed) if not p.grammatical), None)
    if failed is not None:
        error = f"sentence {failed + 1} of {n} has no parse: {parts[failed][1]!r}"
        return Parsed(text, normalised, False, (), error, unknown, _sentence_span(parsed), None, fragment)
    joined, left_out = cover([p.readings for p in parsed], [offset for offset, _ in parts])
    uncovered = tuple((parts[k][1], why) for k, why in left_out)
    return Parsed(text, normalised, True, (joined,) if joined is not None else (), None, unknown, None, None,
                  fragment, uncovered)


def popen_alive(process: Any) -> bool:
    """Whether pydelphin's ACE process is still running (so an unreadable answer is the sentence's,
    not a sign that the grammar image could not be loaded)."""
    popen = getattr(process, "_p", None)
    return popen is not None and popen.poll() is None


def _sentence_span(parsed: Sequence[Parsed]) -> str | None:
    """The longest run of sentences that parsed, marked where the caption broke (as
    :func:`marked_span`, with sentences for tokens); None when no sentence parsed."""
    best, start = (0, 0), 0
    for k, p in enumerate([*parsed, None]):
        if p is None or not p.grammatical:
            if k - start > best[1] - best[0]:
                best = (start, k)
            start = k + 1
    if best[1] == best[0]:
        return None
    return marked_span([p.normalised for p in parsed], *best) or None


def _erg_unknown_words(readings: Sequence[Any]) -> tuple[str, ...]:
    """Words the ERG read with a generic entry (outside its lexicon), in order of position."""
    found: dict[str, int] = {}
    for mrs in readings:
        for ep in mrs.rels:
            match = _ERG_UNKNOWN.match(str(ep.predicate))
            if match:
                word = match.group(1).replace("+", " ")
                found[word] = min(found.get(word, 1 << 30), ep.cfrom if ep.cfrom is not None else 0)
    return tuple(sorted(found, key=lambda w: (found[w], w)))


def ace_errors() -> type[Exception]:
    from delphin.ace import ACEProcessError

    return ACEProcessError


def make_parser(name: str = "builtin", ace: str | None = None, grammar_image: str | None = None) -> Parser:
    if name == "builtin":
        return BuiltinParser()
    if name == "ace":
        return AceParser(ace, grammar_image)
    raise UserError(f"unknown parser {name!r} (expected builtin or ace)")
