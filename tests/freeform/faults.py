"""Two families beside the styles: model-style errors (not English) and English the world cannot check.

Errors are labelled ``wellformed: false`` and carry ``erg``, what the English Resource Grammar
(strict root) makes of the pattern, counted on ACE + ERG judgments of 12,378 strings (the
3,174 of ``tests/fixtures/erg/judgments.jsonl`` and a second sample of 9,204 from the same run):

* ``rejects`` (attested): every doubled determiner (a a, an an, the the: 256 of 256), every
  doubled "of" or "to" (47 of 47), "a"/"an" before a plural head (31 of 31 as objects), a
  numeral before a singular circle, triangle, pentagon, ellipse, rectangle or semicircle (47 of
  49, the two others odd compounds), a truncation after a determiner, "of" or "and" (147 of 147);
* ``accepts`` (attested): a run-on whose second clause is "there is …" ("There is a circle
  there is an ellipse.": 31 of 33; the ERG's ``implicit_conj``). These stay in the corpus as
  model-style errors but no verdict is asked of the evaluator on them;
* ``unknown`` (not in the judgments): a run-on whose second clause has a pronoun subject
  ("there is a square it is above a circle", "a square is above a circle it is red"). The ERG
  may have no analysis for them, or read a zero relative clause ("a square (that) it is"), as
  the built-in grammar reads "a square a circle is below a triangle": no goal is set on them.

Patterns the ERG accepts are never used as errors otherwise: a doubled noun or adjective
(compounds, "a red red square"), "two square" / "two cross" (adjective and verb readings), a
truncation after "is" (VP ellipsis) or after a preposition that can stand alone ("above").

Well-formed captions with words outside the world model ("on a white background", "casts a
shadow") are labelled grammatical with an undecided truth.
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from .english import a, numeral, pick, plural, rel_phrase, sentence, words
from .labels import Claim, Desc
from .scene import Draft, Scene, exists
from .worlds import COLORS

CLEAR_NOUNS = ("circle", "triangle", "pentagon", "ellipse", "rectangle", "semicircle")  # no other reading
REJECTS, ACCEPTS, UNKNOWN = "rejects", "accepts", "unknown"  # the ERG's verdict on the pattern
OUTSIDE = (("background", "{np} on a white background", False), ("background", "{np} on a black background", True),
           ("shadow", "{np} casts a shadow", False), ("material", "{np} is made of paper", False),
           ("floating", "{np} is floating in space", False), ("hand-drawn", "the shapes are drawn by hand", False),
           ("smiling", "{np} is smiling", False), ("texture", "{np} has a rough texture", False))


def _desc_with_clear_noun(scene: Scene, rng: np.random.Generator) -> Desc:
    fits = [t for t in scene.things if t.shape in CLEAR_NOUNS]
    if fits:
        t = pick(rng, fits)
        return Desc(t.color, t.shape)
    return Desc(pick(rng, tuple(COLORS)), pick(rng, CLEAR_NOUNS))


def error(scene: Scene, rng: np.random.Generator, want: bool) -> Optional[Draft]:
    """A model-style error: run-on, repeated word, number clash or truncation (``want`` is unused)."""
    kind = pick(rng, ("run-on", "repeat-det", "repeat-prep", "number-clash", "plural-after-a", "truncation"))
    d1, d2, d3 = scene.present(rng), scene.present(rng), scene.present(rng)
    name = pick(rng, ("above", "below", "left", "right"))
    rel = rel_phrase(name)
    if kind == "run-on":
        color = pick(rng, tuple(COLORS))
        kind, text, erg = pick(rng, (
            ("run-on-there", f"there is {a(d1)} there is {a(d2)}", ACCEPTS),
            ("run-on-there", f"{a(d1)} is {rel} {a(d2)} there is {a(d3)}", ACCEPTS),
            ("run-on-it", f"there is {a(d1)} it is {rel} {a(d2)}", UNKNOWN),
            ("run-on-it", f"{a(d1)} is {rel} {a(d2)} it is {color}", UNKNOWN)))
        if rng.random() < 0.5:
            text = sentence(text)
        return Draft(kind, text, wellformed=False, erg=erg)
    if kind == "repeat-det":
        np1 = a(d1)
        det, rest = np1.split(" ", 1)
        doubled = pick(rng, (f"{det} {det} {rest}", f"the the {words(d1)}"))
        frame = pick(rng, ("there is {}", "the image shows {}", "I can see {}", "{} is " + rel + " " + a(d2)))
        return Draft(kind, sentence(frame.format(doubled)), wellformed=False, erg=REJECTS)
    if kind == "repeat-prep":
        side = name if name in ("left", "right") else pick(rng, ("left", "right"))
        phrase = pick(rng, (f"to to the {side} of", f"to the {side} of of"))
        return Draft(kind, sentence(f"{a(d1)} is {phrase} {a(d2)}"), wellformed=False, erg=REJECTS)
    if kind == "number-clash":
        d = _desc_with_clear_noun(scene, rng)
        n = int(rng.integers(2, 5))
        clash = numeral(d, n).rsplit(" ", 1)[0] + " " + d.shape  # "two red circle"
        text = pick(rng, (f"there are {clash}", f"{clash} are {rel} {a(d2)}", f"the image shows {clash}"))
        return Draft(kind, sentence(text), wellformed=False, erg=REJECTS)
    if kind == "plural-after-a":
        d = _desc_with_clear_noun(scene, rng)
        wrong = f"{a(d).rsplit(' ', 1)[0]} {plural(d.shape or 'shape')}"  # "a red circles"
        text = pick(rng, (f"{a(d1)} is {rel} {wrong}", f"there is {wrong}", f"{wrong} is {rel} {a(d2)}"))
        # ... except "there is a green circles": "a green" is a noun phrase (the ERG's noun green_n1) and
        # the plural the existential's bare predicative noun phrase ("There is a green shapes." is
        # accepted in the ERG judgments, "There is a red shapes." rejected)
        green_there = text.startswith("there is a green ")
        return Draft(kind, sentence(text), wellformed=False, erg=ACCEPTS if green_there else REJECTS)
    text = pick(rng, (f"{a(d1)} is {rel} a", f"{a(d1)} is {rel} the", f"the image shows {a(d1)} and",
                      f"there is {a(d1)} to the {pick(rng, ('left', 'right'))} of", f"I can see {a(d1)}, {a(d2)} and"))
    return Draft(kind, sentence(text), wellformed=False, erg=REJECTS)


def outside(scene: Scene, rng: np.random.Generator, want: bool) -> Optional[Draft]:
    """Well-formed English about what the world model does not hold: truth undecided (``want`` unused)."""
    kind, form, framed = pick(rng, OUTSIDE)
    d = scene.present(rng)
    text = form.format(np=a(d))
    if framed:
        text = f"the image shows {text}"
    parts: list[tuple[str, Claim]] = [] if "{np}" not in form else [(a(d), exists(d))]
    parts.append((text, Claim("outside", what=kind)))
    return Draft(kind, sentence(text), parts, fixed=True, fragment=form.endswith("background") and not framed)


__all__ = ["error", "outside", "REJECTS", "ACCEPTS", "UNKNOWN"]
