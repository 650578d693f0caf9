"""Free-form captions in the styles of pretrained and prompted captioners, drawn from a seed.

Used by the free-form grammar tests and by ``benchmarks/bench_parse.py`` (the parse-speed goal
includes free-form captions). Every caption is well-formed English; :func:`broken` makes the
model-style errors the grammar must reject from them.
"""
from __future__ import annotations

import random

COLORS = ("red", "green", "blue", "yellow", "magenta", "cyan", "gray", "grey")
OTHER_COLORS = ("black", "white", "orange", "purple")
SHAPES = ("square", "rectangle", "triangle", "pentagon", "cross", "circle", "semicircle", "ellipse")
SYNONYMS = ("oval", "half circle", "plus sign", "shape", "object")
OTHER_SHAPES = ("star", "hexagon", "heart")
RELATIONS = ("above", "below", "over", "under", "beneath", "on top of", "to the left of", "to the right of",
             "left of", "right of", "on the left of")
NUMBERS = ("two", "three", "four", "five")
FRAMES = ("The image shows {}.", "The picture contains {}.", "The image depicts {}.", "I can see {}.",
          "We see {}.", "In the image, there is {}.", "There is {} in the picture.", "This image shows {}.")
UNKNOWN = ("glowing", "tilted", "blob", "shiny", "smudge")


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _noun(r: random.Random, plural: bool = False) -> str:
    pool = SHAPES + SYNONYMS + OTHER_SHAPES
    n = r.choice(pool)
    if plural:
        if n.endswith("ss"):
            return n + "es"
        return n + "s"
    return n


def _np(r: random.Random, plural: bool = False) -> str:
    color = r.choice(COLORS + OTHER_COLORS) if r.random() < 0.8 else ""
    body = f"{color} {_noun(r, plural)}".strip()
    return f"{r.choice(NUMBERS)} {body}" if plural else _a(body)


def _list(r: random.Random, k: int) -> str:
    items = [_np(r, r.random() < 0.3) for _ in range(k)]
    serial = "," if k > 2 and r.random() < 0.5 else ""
    return ", ".join(items[:-1]) + f"{serial} and {items[-1]}"


def caption(r: random.Random) -> str:
    """One free-form caption of a random style."""
    style = r.randrange(10)
    if style == 0:
        return r.choice(FRAMES).format(_np(r))
    if style == 1:
        return r.choice(FRAMES[:5]).format(_list(r, r.randint(2, 5)))
    if style == 2:
        k = r.randint(2, 4)
        return f"There are {NUMBERS[k - 2]} shapes: {_list(r, k)}."
    if style == 3:
        return f"{_np(r).capitalize()} is {r.choice(RELATIONS)} {_np(r)}."
    if style == 4:
        return f"There is {_np(r)}. It is {r.choice(RELATIONS)} {_np(r)}."
    if style == 5:
        return f"There is {_np(r)} that is {r.choice(RELATIONS)} {_np(r)}."
    if style == 6:
        conj = r.choice((", and", ", but", " and"))
        return f"There is {_np(r)}{conj} there is {_np(r)}."
    if style == 7:
        return f"{r.choice(NUMBERS).capitalize()} shapes are visible."
    if style == 8:
        return f"{_np(r).capitalize()} sits {r.choice(RELATIONS)} {_np(r)}."
    return f"The image shows {_a(r.choice(UNKNOWN))} {r.choice(SHAPES)}."


def captions(n: int, seed: int = 0) -> list[str]:
    r = random.Random(seed)
    return [caption(r) for _ in range(n)]


def broken(text: str, r: random.Random) -> str | None:
    """A model-style error made from a caption (a repeated determiner, a number clash between
    subject and copula (not after "there": the ERG accepts "there is" with a plural), or a
    truncation after a determiner), or None if none applies."""
    words = text[:-1].split()
    ops = []
    dets = [k for k, w in enumerate(words) if w in ("a", "an")]
    cops = [k for k, w in enumerate(words) if w in ("is", "are") and k and words[k - 1].lower() != "there"]
    if dets:
        ops += ["repeat", "truncate"]
    if cops:
        ops.append("clash")
    if not ops:
        return None
    op = r.choice(ops)
    if op == "repeat":
        i = r.choice(dets)
        words.insert(i, words[i])
    elif op == "truncate":
        words = words[: r.choice(dets) + 1]
    else:
        i = r.choice(cops)
        words[i] = "are" if words[i] == "is" else "is"
    return " ".join(words) + "."


__all__ = ["caption", "captions", "broken"]
