"""Words for the free-form corpus: noun phrases, numerals, relation phrases, synonyms.

Descriptions (:class:`~.labels.Desc`) are realised here the way people and vision-language
models write them; the meaning stays in the description, so the labeller never reads text.
"""
from __future__ import annotations

from typing import Sequence, TypeVar

import numpy as np

from .labels import Desc

T = TypeVar("T")

NUMBERS = {0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
SYN_COLOR = {"gray": "grey"}
SYN_SHAPE = {"ellipse": "oval", "semicircle": "half circle", "cross": "plus sign"}
ALIEN_COLORS = ("black", "white", "orange", "brown")  # colours no shape in a world has
ALIEN_SHAPES = ("star", "hexagon", "heart", "octagon")  # shapes no world has
# relation phrases: the template language's words, and the other words captions use for them
REL_TEMPLATE = {"above": "above", "below": "below", "left": "to the left of", "right": "to the right of"}
REL_OTHER = {"above": ("over", "on top of"), "below": ("under", "beneath"), "left": ("left of",),
             "right": ("right of",)}
OPPOSITE = {"above": "below", "below": "above", "left": "right", "right": "left"}


def pick(rng: np.random.Generator, items: Sequence[T]) -> T:
    """One element, uniformly (a pure function of the generator's state)."""
    return items[int(rng.integers(len(items)))]


def article(words: str) -> str:
    return "an" if words[:1] in "aeiou" else "a"


def plural(noun: str) -> str:
    return noun + "es" if noun.endswith(("ss", "x", "sh", "ch")) else noun + "s"


def words(desc: Desc, n: int = 1, syn: bool = False) -> str:
    """Adjective and noun: "red square", "grey ovals", "shape"."""
    color = SYN_COLOR.get(desc.color, desc.color) if syn and desc.color else desc.color
    shape = (SYN_SHAPE.get(desc.shape, desc.shape) if syn else desc.shape) if desc.shape else "shape"
    return " ".join(w for w in (color, shape if n == 1 else plural(shape)) if w)


def a(desc: Desc, syn: bool = False) -> str:
    """ "a red square", "an ellipse"."""
    w = words(desc, syn=syn)
    return f"{article(w)} {w}"


def the(desc: Desc, syn: bool = False) -> str:
    return "the " + words(desc, syn=syn)


def numeral(desc: Desc, n: int, syn: bool = False) -> str:
    """ "two red squares"; "a red square" for one."""
    return a(desc, syn) if n == 1 else f"{NUMBERS[n]} {words(desc, n, syn)}"


def rel_phrase(name: str, rng: np.random.Generator | None = None, other: bool = False) -> str:
    """The phrase for a relation: the template word, or (``other``) one of its other words."""
    if not other or rng is None:
        return REL_TEMPLATE[name]
    return pick(rng, REL_OTHER[name])


def listing(items: Sequence[str], oxford: bool) -> str:
    """ "a, b, and c" (Oxford comma) or "a, b and c"; "a and b" for two."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return f"{items[0]} and {items[1]}"
    return ", ".join(items[:-1]) + ("," if oxford else "") + " and " + items[-1]


def sentence(text: str) -> str:
    """Capital first letter and a full stop."""
    return text[0].upper() + text[1:] + "."


__all__ = ["NUMBERS", "SYN_COLOR", "SYN_SHAPE", "ALIEN_COLORS", "ALIEN_SHAPES", "REL_TEMPLATE", "REL_OTHER",
           "OPPOSITE", "pick", "article", "plural", "words", "a", "the", "numeral", "rel_phrase", "listing",
           "sentence"]
