"""Caption normalisation, applied identically by the builder (after realisation) and the
evaluator (before parsing and as the parse-cache key).

``normalise(text)``:
  0. applies Unicode NFKC (fullwidth "Ａ ｒｅｄ" is "A red", ligatures and compatibility forms
     their plain letters) and drops format characters (category Cf: a right-to-left mark, a
     zero-width joiner or space, a soft hyphen), which are invisible and carry no words; puts
     spaces around an em or en dash ("top—its" is "top — its"), a word of punctuation of its own,
     and writes a number's degree sign as the word ("45°" is "45 degrees");
  0'. writes a number of degrees spelt out in digits ("rotated forty-five degrees" is "rotated 45 degrees",
     "a ninety-degree turn" is "a 90-degree turn"), so the places and turns the lexicon has for "45 degrees"
     read the spelt-out number too;
  0a. writes the curly single quotes (U+2019, U+2018) as the straight apostrophe ("triangle’s" is
     "triangle's", "it’s" is "it's"), so a possessive or a contraction reads as when typed plainly;
  0a'. writes a slash between two words as "or" ("pink/magenta" is "pink or magenta": two names of one
     colour or shape, as the descriptions write "pink (magenta)"); "and/or" and numbers ("1/3") stay;
  0b. drops double quotes, straight or curly ('a "plus" sign' is "a plus sign"): they mark a word
     as named, which adds nothing to what the sentence says;
  1. splits on any run of whitespace (Unicode whitespace included) and joins with one space,
     which also strips leading and trailing whitespace;
  2. removes a space before "," and before a final ".", "!" or "?";
  3. replaces the trailing run of sentence punctuation (".", "!", "?", any mix) with one "."
     and appends "." when there is none, so the result ends with exactly one full stop;
  4. upper-cases the first character when it is a lower-case letter (the rest is unchanged).
An empty or whitespace-only text normalises to "" (no full stop is added to nothing).
Normalisation is idempotent: normalise(normalise(t)) == normalise(t).
"""
from __future__ import annotations

import re
import unicodedata

_FINAL = ".!?"
#: typographic dashes set off as words of their own ("the top—its corner" is "the top — its corner":
#: a dash between words is punctuation, which the tokeniser splits only at spaces); curly double
#: quotes as straight ones, which are dropped; curly single quotes as the straight apostrophe
_DASHES = str.maketrans({"\u2014": " \u2014 ", "\u2013": " \u2013 ", "\u201c": '"', "\u201d": '"',
                         "\u2019": "'", "\u2018": "'"})
#: words with slashes between them ("pink/magenta", "red/blue/green"), each written "or"; not "and/or"
_SLASHED = re.compile(r"\b[A-Za-z][A-Za-z-]*(?:/[A-Za-z][A-Za-z-]*)+\b")
#: a number of degrees written with the sign ("rotated about 45\u00b0"): the word
_DEGREES = re.compile("([0-9])\\s*\u00b0")
#: a number word before "degree(s)" ("forty-five degrees", "ninety-degree"): the digits
_NUMBER_WORDS = {"ten": "10", "fifteen": "15", "twenty": "20", "thirty": "30", "forty-five": "45",
                 "forty five": "45", "sixty": "60", "ninety": "90"}
_SPELT_DEGREES = re.compile(r"\b(" + "|".join(_NUMBER_WORDS) + r")(?=[ -]degrees?\b)", re.IGNORECASE)


def _or_words(found: re.Match) -> str:
    words = found.group(0).split("/")
    return found.group(0) if {"and", "or"} & {w.lower() for w in words} else " or ".join(words)


def normalise(text: str) -> str:
    if not isinstance(text, str):
        text = str(text)
    if not text.isascii():  # the captions the builder writes are ASCII: nothing to do for them
        text = "".join(c for c in unicodedata.normalize("NFKC", text) if unicodedata.category(c) != "Cf")
        text = _DEGREES.sub(r"\1 degrees", text.translate(_DASHES))
    if "egree" in text:
        text = _SPELT_DEGREES.sub(lambda found: _NUMBER_WORDS[found.group(1).lower()], text)
    if "/" in text:
        text = _SLASHED.sub(_or_words, text)
    if '"' in text:
        text = text.replace('"', "")
    text = " ".join(text.split())
    if not text:
        return ""
    text = text.replace(" ,", ",")
    end = len(text)
    while end > 0 and (text[end - 1] in _FINAL or text[end - 1] == " "):
        end -= 1
    text = text[:end]
    if not text:
        return ""
    text = text + "."
    first = text[0]
    if first.islower():
        text = first.upper() + text[1:]
    return text


__all__ = ["normalise"]
