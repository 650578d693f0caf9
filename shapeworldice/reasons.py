"""Why a caption got its verdict: one reason code and a sentence for a reader, decided in one place.

The codes, in the order they are decided (the first that applies wins):

* ``empty`` — the caption is blank (scored G = 0, never refused);
* ``ok`` — grammatical, and a reading maps to a logical form, so the world decides its truth;
* ``too-long`` / ``timeout`` / ``memory`` — the parser gave up (ACE's word limit, timeout or
  RAM limit; the built-in parser's length limit) instead of rejecting the caption;
* ``unknown-words`` — words outside the grammar's vocabulary (whether or not it parsed);
* ``no-parse`` — ungrammatical: no parse of the whole caption (the detail says where it broke);
* ``not-covered`` — grammatical with every word known, but no reading says something the world
  model can decide (the detail is the interpreter's reason, rephrased for a reader).

:func:`judge` runs interpretation once and returns the reading used with its reason; the
evaluator (:mod:`shapeworldice.evaluation.core.analysis`) and ``shapeworldice parse`` both use it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .interpret import SAYS_NOTHING, Interpretation, Uninterpretable, interpret_readings, preference_order
from .parsing import RUN_ON, Parsed

__all__ = ["CODES", "LIMIT_CODES", "Judgement", "Reason", "judge", "reason_of", "rephrase"]

CODES = ("empty", "ok", "too-long", "timeout", "memory", "unknown-words", "no-parse", "not-covered")
LIMIT_CODES = ("too-long", "timeout", "memory")
_LIMIT_TEXT = {"too-long": "the parser gave up: the caption is too long",
               "timeout": "the parser ran out of time",
               "memory": "the parser ran out of memory"}


@dataclass(frozen=True)
class Reason:
    """A verdict's reason: ``code`` (one of :data:`CODES`) and ``detail``, a sentence for a reader."""

    code: str
    detail: str


@dataclass(frozen=True)
class Judgement:
    """What interpretation made of a parse: ``reading`` (index into the readings of the one used,
    or of the most preferred when none interprets; None without readings), the
    ``interpretation`` (None when there is none) and the ``reason``."""

    reading: int | None
    interpretation: Interpretation | None
    reason: Reason


def is_empty(parsed: Parsed) -> bool:
    """Blank: nothing but spaces and full stops once normalised (the parse cache's key, so every
    caption of one normalised text gets one reason)."""
    return not parsed.normalised.strip(" .")


def judge(parsed: Parsed) -> Judgement:
    """Interpret ``parsed``'s readings (the interpreter's own preference order) and say why."""
    index: int | None = None
    interpretation: Interpretation | None = None
    failure: Uninterpretable | None = None
    if parsed.grammatical:
        index, result = interpret_readings(parsed.readings)
        if isinstance(result, Interpretation):
            interpretation = result
            if parsed.uncovered:  # sentences left out: the rest is read, the whole never true
                interpretation = replace(result, uncovered=tuple(
                    f"{sentence!r}: {rephrase(why)}" for sentence, why in parsed.uncovered))
        else:
            failure = result
            order = preference_order(parsed.readings)
            index = order[0] if order else None
    return Judgement(index, interpretation, reason_of(parsed, interpretation, index, failure))


def _unknown_readings(words: tuple[str, ...] | list[str]) -> list[tuple[list[str], str]]:
    """The unknown words of a parsed caption by how they are read: vague, as adding nothing (a word
    of what the world model does not record, "brightly"), by the colour table ("salmon-red")."""
    from .interpret.predicates import OUTSIDE_WORDS
    from .semantics.appearance import color_word

    nothing = [w for w in words if w.lower() in OUTSIDE_WORDS]
    tabled = [w for w in words if w not in nothing and color_word(w.lower()) is not None]
    vague = [w for w in words if w not in nothing and w not in tabled]
    return [(vague, "read as vague"), (nothing, "read as adding nothing (the world model does not record it)"),
            (tabled, "read by the colour table")]


def _words(words: list[str]) -> str:
    return ", ".join(_quote(w) for w in words)


def reason_of(parsed: Parsed, interpretation: Interpretation | None, index: int | None = None,
              failure: Uninterpretable | None = None) -> Reason:
    """The one reason of a caption's verdict (see the module docstring for the order)."""
    if is_empty(parsed):
        return Reason("empty", "the caption is blank")
    if interpretation is not None:
        n = len(parsed.readings)
        which = f"reading {index + 1} of {n}" if n > 1 and index is not None else "its one reading"
        detail = f"the world decides its truth ({which})"
        code = "ok"
        if parsed.unknown_words:  # read: a word of a look adds nothing, a colour by the table, others vague
            code = "unknown-words"
            parts = [f"{_words(ws)}, {how}" for ws, how in _unknown_readings(parsed.unknown_words) if ws]
            detail = (f"word{'s' if len(parsed.unknown_words) > 1 else ''} outside the grammar's vocabulary: "
                      f"{'; '.join(parts)}: it parsed, and the world decides the rest ({which})")
        if interpretation.uncovered:
            k = len(interpretation.uncovered)
            detail += (f"; {k} sentence{'s' if k > 1 else ''} left out, so it is at most vague as a whole: "
                       + "; ".join(interpretation.uncovered))
        return Reason(code, detail)
    if parsed.limit in LIMIT_CODES:
        said = f" ({parsed.error})" if parsed.error else ""
        return Reason(parsed.limit, _LIMIT_TEXT[parsed.limit] + said)
    if parsed.unknown_words:
        words = ", ".join(_quote(w) for w in parsed.unknown_words)
        plural = "s" if len(parsed.unknown_words) > 1 else ""
        detail = f"word{plural} outside the grammar's vocabulary: {words}; "
        if parsed.grammatical:
            return Reason("unknown-words", detail + "it parsed, but " + _not_covered(failure))
        return Reason("unknown-words", detail + "no parse of the whole caption")
    if not parsed.grammatical:
        return Reason("no-parse", _no_parse(parsed))
    return Reason("not-covered", _not_covered(failure))


def _quote(word: str) -> str:
    return "'" + word.replace("'", "\u2019") + "'"


def _no_parse(parsed: Parsed) -> str:
    if parsed.error and parsed.error.startswith(RUN_ON):
        return parsed.error
    if parsed.longest_span and "|" not in parsed.longest_span:  # every word in one constituent: a fragment
        return ("a phrase, not a sentence: it parses as a phrase with no main verb that is not a noun phrase "
                "either (a noun phrase on its own is read as a fragment caption); write it as 'There is ...'")
    if parsed.longest_span:
        return f"no parse of the whole caption; the longest part that parsed: {parsed.longest_span}"
    said = f" ({parsed.error})" if parsed.error else ""
    return "no parse of the whole caption" + said


def _not_covered(failure: Uninterpretable | None) -> str:
    return rephrase(failure.reason if failure is not None else "no readings")


#: the ERG's abstract predicates as a reader knows them
CONSTRUCTIONS = {
    "ellipsis_ref": "an elided verb phrase", "ellipsis_expl": "an elided verb phrase", "compound": "a noun compound",
    "appos": "an apposition", "named": "a name", "pron": "a pronoun", "loc_nonsp": "an implicit place or time",
    "time_n": "a time expression", "generic_entity": "an implied 'one' or 'thing'", "poss": "a possessive",
    "subord": "a subordinate clause", "nominalization": "a nominalisation", "comp": "a comparative",
    "superl": "a superlative", "part_of": "a partitive", "unknown": "a fragment",
}


def predicate_words(predicate: str) -> str:
    """A predicate as a reader knows it: ``_next+to_p`` → ``'next to' (_next+to_p)``; an abstract
    predicate (``compound``) → ``a noun compound (compound)``."""
    if not predicate.startswith("_"):
        return f"{CONSTRUCTIONS.get(predicate, 'the construction')} ({predicate})"
    lemma = predicate[1:].split("_")[0].split("/")[0].replace("+", " ")
    return f"{_quote(lemma)} ({predicate})" if lemma else predicate


_REPHRASE = (
    (re.compile(r"^cannot interpret (\S+)$"), "the world model gives no meaning to {}"),
    (re.compile(r"^quantifier (\S+) cannot be interpreted$"), "the world model cannot count with {}"),
    (re.compile(r"^no readings$"), None),
)


def rephrase(reason: str) -> str:
    """The interpreter's reason for a reader: which word or construction the world model does not
    decide, where the reason names a predicate; else the reason itself."""
    if reason == SAYS_NOTHING:  # already said for a reader
        return reason
    for pattern, text in _REPHRASE:
        match = pattern.match(reason)
        if match:
            if text is None:
                return "no reading to interpret"
            return text.format(predicate_words(match.group(1)))
    return f"it says something the world model does not decide ({reason})"
