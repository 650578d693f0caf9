"""What people say about a shape's look and place, as three-valued tests on the world model.

Vision-language models name colours, sizes and places the way people do: "pink" for magenta,
"teal" for cyan, "navy" for dark blue, "small", "in the upper left", "overlapping". Each word here
has a stated meaning on the world model with a margin: a test returns (agree, disagree) arrays
over the entities, and an entity in neither is *vague* for that word. A word never makes a claim
false because it was not understood: a colour word outside :data:`COLOR_WORDS` is vague of every
entity. The tables are documented in ``docs/descriptions.md``.
"""
from __future__ import annotations

from typing import Iterable

import numpy as np

from ..world.model import COLOR_NAMES, SHAPES, WorldArrays
from . import relations
from .truth import MIN_SHADE

#: (colour, shade interval) = the entities of that palette colour whose shade lies in [lo, hi]
Band = tuple[str, float, float]
_ANY = (-1.0, 1.0)


def _palette(color: str) -> tuple[Band, ...]:
    return ((color, *_ANY),)


#: colour word → (bands it clearly names, bands where it is vague); any other entity: false
COLOR_WORDS: dict[str, tuple[tuple[Band, ...], tuple[Band, ...]]] = {
    **{c: (_palette(c), ()) for c in COLOR_NAMES},
    "grey": (_palette("gray"), ()),
    "pink": (_palette("magenta"), (("red", 0.2, 1.0),)),
    "purple": (_palette("magenta"), (("blue", 0.2, 1.0),)),
    "teal": (_palette("cyan"), ()),
    "light blue": ((("cyan", *_ANY), ("blue", 0.2, 1.0)), (("blue", 1e-9, 0.2),)),
    "navy": ((("blue", -1.0, -0.2),), (("blue", -0.2, -1e-9),)),
    "olive": ((("yellow", -1.0, -0.2),), (("yellow", -0.2, -1e-9),)),
    # the colour olive, a greenish dark yellow: of a green shape (a dark green) it may be said too
    "olive green": ((("yellow", -1.0, -0.2),), (("yellow", -0.2, -1e-9), ("green", *_ANY))),
    "lime": (_palette("green"), ()),
    "salmon": ((("red", 0.2, 1.0),), (("red", 1e-9, 0.2), ("magenta", 0.2, 1.0))),
    "maroon": ((("red", -1.0, -0.2),), (("red", -0.2, -1e-9),)),
    "silver": (_palette("gray"), ()),
    "gold": (_palette("yellow"), ()),
    "orange": ((), (("red", 0.2, 1.0), ("yellow", -1.0, -0.2))),
    "brown": ((), (("yellow", -1.0, -0.2), ("red", -1.0, -0.2))),
    "white": ((), (("gray", 0.2, 1.0),)),
    "black": ((), (("gray", -1.0, -0.2),)),
}
#: other spellings and near-synonyms → the table's word
COLOR_SYNONYMS: dict[str, str] = {
    "fuchsia": "pink", "rose": "pink", "hot pink": "pink", "violet": "purple", "lavender": "purple", "lilac": "purple",
    "plum": "purple", "turquoise": "teal", "aqua": "teal", "aquamarine": "teal", "sky blue": "light blue",
    "baby blue": "light blue", "navy blue": "navy", "coral": "salmon", "peach": "salmon", "crimson": "maroon",
    "burgundy": "maroon", "charcoal": "silver", "slate": "silver", "golden": "gold", "mustard": "gold",
    "tan": "brown", "beige": "brown", "khaki": "brown", "royal blue": "blue",
    "olive-green": "olive green",
}
#: tone word → (shade at or below which "dark"-like tones hold, ...): (true if, false if) as
#: (lo, hi) intervals of the shade
TONES: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {
    "dark": ((-1.0, -0.15), (0.05, 1.0)),
    "light": ((0.15, 1.0), (-1.0, -0.05)),
    "bright": ((-0.05, 1.0), (-1.0, -0.2)),
    # "deep blue": true where "dark" is, false only of a clearly light shade (models call a saturated,
    # slightly light blue "deep"; a shade of +0.07 to +0.21 was named so in the descriptions corpus)
    "deep": ((-1.0, -0.15), (0.25, 1.0)),
}
TONE_SYNONYMS: dict[str, str] = {"pale": "light", "pastel": "light", "vivid": "bright"}
#: size word → (area below which it holds, area above which it fails), or the reverse for large
SIZES: dict[str, tuple[str, float, float]] = {
    "small": ("<", 0.012, 0.02), "little": ("<", 0.012, 0.02), "tiny": ("<", 0.008, 0.014),
    "large": (">", 0.026, 0.016), "big": (">", 0.026, 0.016), "huge": (">", 0.04, 0.026),
}
#: region parts: (axis, true if at most / at least, false if beyond) on the centre coordinate
REGION_PARTS: dict[str, tuple[str, str, float, float]] = {
    "left": ("x", "<=", 0.4, 0.5), "right": ("x", ">=", 0.6, 0.5),
    "top": ("y", "<=", 0.4, 0.5), "bottom": ("y", ">=", 0.6, 0.5),
    "left-edge": ("x", "<=", 0.2, 0.3), "right-edge": ("x", ">=", 0.8, 0.7),
    "top-edge": ("y", "<=", 0.2, 0.3), "bottom-edge": ("y", ">=", 0.8, 0.7),
}
#: "the bottom third" (beyond the guide): true a tenth inside its border, false a tenth outside it (the
#: dev half's labels leave a shape just outside vague)
THIRD_PARTS: dict[str, tuple[str, str, float, float]] = {
    "left-third": ("x", "<=", 0.233, 0.433), "right-third": ("x", ">=", 0.767, 0.567),
    "top-third": ("y", "<=", 0.233, 0.433), "bottom-third": ("y", ">=", 0.767, 0.567),
}
#: "toward the right": a leaning, true as "on the right", false only where the shape is clearly on
#: the other side (beyond the guide's parts, as the dev labels read it)
TOWARD_PARTS: dict[str, tuple[str, str, float, float]] = {
    "toward-left": ("x", "<=", 0.4, 0.6), "toward-right": ("x", ">=", 0.6, 0.4),
    "toward-top": ("y", "<=", 0.4, 0.6), "toward-bottom": ("y", ">=", 0.6, 0.4),
}
_PARTS = {**REGION_PARTS, **TOWARD_PARTS, **THIRD_PARTS}
#: "in the middle": the centre's distance from the image centre (max norm) at most / at least
CENTRE_TRUE, CENTRE_FALSE = 0.2, 0.3
#: contact: overlap (intersection over the smaller shape), touching and nearness (outline gap)
OVERLAP_MIN = 0.02
#: shapes this far apart or farther (a thousandth of the picture, the precision of the judges' facts)
#: clearly do not overlap; closer, they touch to the eye and "overlaps" is vague
OVERLAP_APART = 0.001
TOUCH_GAP, TOUCH_FAR = 0.005, 0.03
NEAR_GAP, NEAR_FAR = 0.1, 0.3
#: cross-shape size comparison ("larger than" on area), ShapeWorld's area margin
AREA_MARGIN = 0.005


#: endings that make a colour word of a colour word ("olive-colored", "reddish")
_COLOR_ENDINGS = ("-colored", "-coloured", " colored", " coloured", "-ish", "dish", "ish")


def color_word(word: str) -> str | None:
    """The table's name of a colour word (``None`` for a word that is no colour word); a compound
    of two ("salmon-red", "olive-yellow") is "A-B" with both parts the table's names, and "X-colored"
    or "X-ish" is X."""
    word = COLOR_SYNONYMS.get(word, word)
    if word in COLOR_WORDS:
        return word
    for ending in _COLOR_ENDINGS:
        if word.endswith(ending) and len(word) > len(ending) + 2:
            return color_word(word[:-len(ending)])
    parts = word.split("-")
    if len(parts) == 2 and "-" not in word[:1] + word[-1:]:
        a, b = (COLOR_SYNONYMS.get(p, p) for p in parts)
        if a in COLOR_WORDS and b in COLOR_WORDS:
            return a if a == b else f"{a}-{b}"
    return None


#: compounds of two palette hues whose mixture is a palette colour: "blue-green" (teal) is cyan
_MIXTURES = {frozenset(("blue", "green")): "cyan"}


def _color_test(name: str, a: WorldArrays) -> tuple[np.ndarray, np.ndarray]:
    """(agree, disagree) of a table colour word; a compound "A-B" (a colour between A and B) is true
    where one part is true and the other not false, or where the colour is the two hues' mixture
    ("blue-green": cyan); false where both are false and it is not the mixture."""
    if "-" in name and name not in COLOR_WORDS:
        first, second = name.split("-")
        (a1, d1), (a2, d2) = _color_test(first, a), _color_test(second, a)
        mixed = _MIXTURES.get(frozenset((first, second)))
        between = _bands(a, COLOR_WORDS[mixed][0]) if mixed else np.zeros(a.n, dtype=bool)
        return (a1 & ~d2) | (a2 & ~d1) | between, d1 & d2 & ~between
    clear, vague = COLOR_WORDS[name]
    agree = _bands(a, clear)
    return agree, ~agree & ~_bands(a, vague)


def word_fits(word: str, color: str, shade: float) -> bool:
    """Whether a colour word may name an entity of ``color`` and ``shade``: true or vague by the
    table (a palette name fits its colour; a compound fits where a part or the parts' mixture fits; a
    word outside the table fits everything)."""
    name = color_word(word)
    if name is None:
        return True
    if "-" in name and name not in COLOR_WORDS:
        mixed = _MIXTURES.get(frozenset(name.split("-")))
        return any(word_fits(part, color, shade) for part in name.split("-")) or mixed is not None and word_fits(
            mixed, color, shade)
    table = COLOR_WORDS[name]
    return any(c == color and lo <= shade <= hi for c, lo, hi in (*table[0], *table[1]))


def _bands(a: WorldArrays, bands: Iterable[Band]) -> np.ndarray:
    out = np.zeros(a.n, dtype=bool)
    for color, lo, hi in bands:
        index = COLOR_NAMES.index(color)
        out |= (a.color == index) & (a.shade >= lo) & (a.shade <= hi)
    return out


def _between(values: np.ndarray, bounds: tuple[float, float]) -> np.ndarray:
    return (values >= bounds[0]) & (values <= bounds[1])


def _toned_colour(word: str, a: WorldArrays) -> tuple[np.ndarray, np.ndarray]:
    """(agree, disagree) of a colour word, or of a tone and a colour ("dark red": both must fit; false
    where either is false) where the pair is no colour word of its own ("light blue" is)."""
    tone, _, colour = word.partition(" ")
    if colour and color_word(word) is None and TONE_SYNONYMS.get(tone, tone) in TONES:
        (t_yes, t_no), (c_yes, c_no) = attribute("tone", tone, a), attribute("colour", colour, a)
        return t_yes & c_yes, t_no | c_no
    return attribute("colour", word, a)


#: palette colours a "shade / tone of X" may be said of besides X's own (to most speakers cyan, teal,
#: is a shade of blue; pink and purple of red and blue): vague there, neither true nor false
COLOUR_NEIGHBOURS: dict[str, tuple[str, ...]] = {
    "blue": ("cyan", "magenta"), "cyan": ("blue", "green"), "green": ("cyan", "yellow"),
    "red": ("magenta", "yellow"), "magenta": ("red", "blue"), "yellow": ("green", "red"), "gray": (),
}


def _colours(kind: str, value: str, a: WorldArrays) -> tuple[np.ndarray, np.ndarray]:
    """One of several colours ("four crosses in yellow and cyan"): each is a colour test; "in blue
    tones" (``colour-family``): one of the colours, or vague on a neighbouring colour."""
    if kind == "colour-family":
        return colour_family(value, a)
    return _one_of_the_colours(value, a)


def _one_of_the_colours(value: str, a: WorldArrays) -> tuple[np.ndarray, np.ndarray]:
    """(agree, disagree) of one of the colours ``value`` joins by "+": true where one is, false where each is."""
    tests = [_toned_colour(word, a) for word in value.split("+")]
    return np.logical_or.reduce([t[0] for t in tests]), np.logical_and.reduce([t[1] for t in tests])


def colour_family(value: str, a: WorldArrays) -> tuple[np.ndarray, np.ndarray]:
    """(agree, disagree) of "in shades / tones of X (or Y)": true where a colour word is true, false
    where every word is false and the colour is no palette neighbour of a word's colours
    (:data:`COLOUR_NEIGHBOURS`), else vague."""
    agree, disagree = _one_of_the_colours(value, a)
    near: set[str] = set()
    for word in value.split("+"):
        name = color_word(word)
        if name is not None and "-" not in name:
            hues = {c for c, _, _ in (*COLOR_WORDS[name][0], *COLOR_WORDS[name][1])}
            near |= hues | {n for h in hues for n in COLOUR_NEIGHBOURS.get(h, ())}
        else:
            near |= set(COLOR_NAMES)  # a word outside the table (or a compound): never false
    neighbour = np.isin(a.color, [COLOR_NAMES.index(c) for c in near])
    return agree, disagree & ~neighbour


#: the suffix of an attribute kind said where it may not be meant ("a red triangle and a blue oval on the
#: right": the place may be the oval's alone): true where the kind is, never false
OR_VAGUE = "-or-vague"


def attribute(kind: str, value: str, a: WorldArrays) -> tuple[np.ndarray, np.ndarray]:
    """(agree, disagree) over the entities of an :class:`~shapeworldice.interpret.logic.Attr`."""
    if kind == "colour":
        name = color_word(value)
        if name is None:  # a colour word outside the table is vague, never false
            none = np.zeros(a.n, dtype=bool)
            return none, none
        return _color_test(name, a)
    if kind in ("colours", "colour-family"):
        return _colours(kind, value, a)
    if kind.endswith(OR_VAGUE):  # "region-or-vague", "colours-or-vague": true as the kind, never false
        return attribute(kind[:-len(OR_VAGUE)], value, a)[0], np.zeros(a.n, dtype=bool)
    if kind == "tone":
        true_if, false_if = TONES[TONE_SYNONYMS.get(value, value)]
        return _between(a.shade, true_if), _between(a.shade, false_if)
    if kind == "size":
        op, yes, no = SIZES[value]
        if op == "<":
            return a.area < yes, a.area > no
        return a.area > yes, a.area < no
    if kind == "region":
        return region(value, a.x, a.y)
    if kind == "than-any":
        value, _, kind_of = value.partition("/")  # "most/triangle": the largest triangle
        among = (a.shape == SHAPES.index(kind_of)) if kind_of in SHAPES else None
        return than_any(value, a.area, among)
    if kind == "shade-than-some":
        return shade_than_some(value, a.color, a.shade)
    if kind == "shapes":  # "the shapes are circles and semicircles": one of the kinds, and each kind is there
        kinds = [SHAPES.index(s) for s in value.split("+") if s in SHAPES]
        one_of = np.isin(a.shape, kinds)
        present = len(kinds) == len(value.split("+")) and all(bool((a.shape == k).any()) for k in kinds)
        return one_of & present, ~one_of | (not present)
    if kind == "shapes-among":  # "the red shapes are circles and squares": whether each kind is among
        # the red shapes is a claim on the group, not on each shape; so never true, false as above
        kinds = [SHAPES.index(s) for s in value.split("+") if s in SHAPES]
        one_of = np.isin(a.shape, kinds)
        present = len(kinds) == len(value.split("+")) and all(bool((a.shape == k).any()) for k in kinds)
        return np.zeros(a.n, dtype=bool), ~one_of | (not present)
    if kind == "kinds":  # one of the kinds a list names ("pentagons and crosses in blue"): else vague
        none = np.zeros(a.n, dtype=bool)
        return np.isin(a.shape, [SHAPES.index(s) for s in value.split("+") if s in SHAPES]), none
    if kind == "vague":
        none = np.zeros(a.n, dtype=bool)
        return none, none
    raise ValueError(f"unknown attribute kind {kind!r}")


def than_any(value: str, area: np.ndarray, among: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """"a larger X" ("more") / "a smaller X" ("less") with no shape named to compare it with: larger
    (smaller) than a shape the writer has in mind, which one not said; so true when it is clearly
    larger (smaller) by :data:`AREA_MARGIN` than some other shape, false when it is clearly smaller
    (larger) than every other, vague otherwise and when there is no other shape. "most" / "least"
    ("The blue circle is the largest shape."): true when clearly larger (smaller) than every other
    shape, false when some other shape is clearly larger (smaller); "one-of-most" ("one of the biggest
    shapes"): true as "most", never false. ``among``: the shapes compared (those of one kind, "the
    largest triangle"; every shape when None)."""
    n = len(area)
    if n < 2:
        none = np.zeros(n, dtype=bool)
        return none, none
    if value.startswith("one-of-"):  # "one of the biggest": the biggest is; how many more are, not said
        agree, _ = than_any(value[len("one-of-"):], area, among)
        return agree, np.zeros(n, dtype=bool)
    diff = area[:, None] - area[None, :]
    if value in ("less", "least"):
        diff = -diff
    other = ~np.eye(n, dtype=bool)
    if among is not None:
        other &= among[None, :]
    beaten = (diff < -AREA_MARGIN) & other
    if value in ("more", "less"):
        return np.any((diff > AREA_MARGIN) & other, axis=1), np.all(beaten | ~other, axis=1)
    return np.all((diff > AREA_MARGIN) | ~other, axis=1), np.any(beaten, axis=1)


def shade_than_some(value: str, color: np.ndarray, shade: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """"a darker green triangle" ("darker") / "a lighter X" ("lighter") with no shape named to compare
    it with: darker (lighter) than another shape of its colour, which one not said (shades compare
    within a colour, by ShapeWorld's margin :data:`~.truth.MIN_SHADE`): true when it is clearly darker
    (lighter) than some other shape of its colour, false when it is clearly lighter (darker) than every
    other shape of its colour (and there is one), vague otherwise."""
    diff = shade[:, None] - shade[None, :]
    if value == "darker":
        diff = -diff
    same = (color[:, None] == color[None, :]) & ~np.eye(len(shade), dtype=bool)
    return np.any((diff > MIN_SHADE) & same, axis=1), same.any(axis=1) & np.all((diff < -MIN_SHADE) | ~same, axis=1)


#: the middle along one axis: "mid-height" ("at mid-height", "in the middle vertically", "across the
#: middle") on y, "mid-width" ("in the centre horizontally") on x
_MIDDLES = {"mid-height": "y", "mid-width": "x"}


#: "in the corner" with no side: in one of the four corners, each as its named corner ("top+left")
SOME_CORNER = "some-corner"


def region(value: str, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where an entity's centre is: ``value`` is parts joined by "+" ("top+left", "centre",
    "top+centre", "left-edge"); all parts must hold (and = min, as a conjunction of claims).
    :data:`SOME_CORNER` holds where some corner does and fails where every corner does (or = max)."""
    parts = value.split("+")
    agree = np.ones(x.shape, dtype=bool)
    disagree = np.zeros(x.shape, dtype=bool)
    if SOME_CORNER in parts:  # (with other parts, "at the bottom right, near the corner": each holds)
        parts = [p for p in parts if p != SOME_CORNER]
        corners = [region(f"{v}+{h}", x, y) for v in ("top", "bottom") for h in ("left", "right")]
        agree = np.logical_or.reduce([a for a, _ in corners])
        disagree = np.logical_and.reduce([d for _, d in corners])
        if not parts:
            return agree, disagree
    axes_named = {_PARTS[p][0] for p in parts if p in _PARTS} | {_MIDDLES[p] for p in parts if p in _MIDDLES}
    for p in parts:
        if p in _MIDDLES:  # "at mid-height", "in the middle vertically": the centre's margins on one axis
            dist = np.abs((x if _MIDDLES[p] == "x" else y) - 0.5)
            a_, d_ = dist <= CENTRE_TRUE, dist >= CENTRE_FALSE
        elif p == "centre":
            free = [c for name, c in (("x", x), ("y", y)) if name not in axes_named] or [x, y]
            dist = np.max(np.stack([np.abs(c - 0.5) for c in free]), axis=0)
            a_, d_ = dist <= CENTRE_TRUE, dist >= CENTRE_FALSE
        elif p in _PARTS:
            axis, op, yes, no = _PARTS[p]
            c = x if axis == "x" else y
            a_, d_ = (c <= yes, c >= no) if op == "<=" else (c >= yes, c <= no)
        else:
            raise ValueError(f"unknown region part {p!r}")
        agree, disagree = agree & a_, disagree | d_
    return agree, disagree


def contact(kind: str, value: int, a: WorldArrays) -> tuple[np.ndarray, np.ndarray]:
    """Agree/disagree matrices [e, r] of overlapping, touching, nearness and cross-shape size."""
    if kind == "vague-rel":  # a relation the world model cannot decide
        none = np.zeros((a.n, a.n), dtype=bool)
        return none, none
    if kind == "area-rel":
        diff = (a.area[:, None] - a.area[None, :]) * float(value)
        return diff > AREA_MARGIN, -diff > AREA_MARGIN
    gap = a.gap
    if kind in ("overlap-rel", "over-rel"):
        areas = a.area
        smaller = np.minimum(areas[:, None], areas[None, :])
        inter = a.overlap * areas[:, None]  # overlap[i, j] is area(i ∩ j) / area(i)
        agree = inter / np.maximum(smaller, 1e-12) > OVERLAP_MIN
        disagree = gap > OVERLAP_APART
        if kind == "over-rel":  # "over", "on top of": above it (ShapeWorld's margin) or lying over it
            above, not_above = relations.conditions("y-rel", -1, a)
            agree, disagree = agree | above, disagree & not_above
    elif kind == "touch-rel":
        agree, disagree = gap <= TOUCH_GAP, gap > TOUCH_FAR
    elif kind == "near-rel":
        agree, disagree = gap <= NEAR_GAP, gap >= NEAR_FAR
    else:
        raise ValueError(f"unknown contact relation {kind!r}")
    off = ~np.eye(a.n, dtype=bool)
    return agree & off, disagree | ~off


def background(value: str, world_background: str) -> tuple[bool, bool]:
    """(agree, disagree) of "on a VALUE background" ("dark" fits black)."""
    word = color_word(value) or value
    if word in ("dark", "black"):
        return world_background == "black", world_background != "black"
    if word in ("white", "light"):
        return world_background == "white", world_background != "white"
    if word in COLOR_WORDS:  # a palette colour is never the background
        return False, True
    return False, False


#: "The background is mostly empty": true when the shapes' areas add up to at most this share of the
#: picture (their sum bounds what they cover from above, overlaps and parts past the frame counted)
MOSTLY_EMPTY_COVER = 0.3


def coverage(value: str, covered: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(agree, disagree) of a claim on how much of the picture the shapes cover, from the sum of
    their areas ``covered`` (one per world): "mostly-empty" is true up to :data:`MOSTLY_EMPTY_COVER`
    and vague above it (the sum overstates what overlapping shapes cover, so it is never false)."""
    if value == "mostly-empty":
        return covered <= MOSTLY_EMPTY_COVER, np.zeros_like(covered, dtype=bool)
    return np.zeros_like(covered, dtype=bool), np.zeros_like(covered, dtype=bool)


def commonest(value: str, a: WorldArrays) -> tuple[bool, bool]:
    """(agree, disagree) of "X is the most common colour / shape" (``value`` "colour/cyan",
    "shape/triangle"): X's shapes outnumber those of every other colour (kind): true; another colour
    (kind) has more, or no shape is of the colour at all (while there are shapes): false; a tie, or a
    colour word that does not name one palette colour crisply ("light blue": blue or cyan), vague."""
    kind, _, name = value.partition("/")
    if kind == "shape":
        if name not in SHAPES:
            return False, False
        which, of = SHAPES.index(name), a.shape
    else:
        word = color_word(name)
        if word is None:
            return False, False
        agree, disagree = _color_test(word, a)
        if a.n and disagree.all():  # no shape is (or may be) of the colour: another colour is commoner
            return False, True
        hits = {int(c) for c in a.color[agree]}
        if len(hits) != 1 or not np.array_equal(agree | disagree, np.ones(a.n, dtype=bool)) \
                or not np.array_equal(agree, a.color == next(iter(hits))):
            return False, False
        which, of = next(iter(hits)), a.color
    counts = np.bincount(of, minlength=max(len(SHAPES), len(COLOR_NAMES)))
    mine, others = int(counts[which]), np.delete(counts, which)
    return bool(mine > others.max(initial=0)), bool(mine < others.max(initial=0))


#: relation kinds handled here rather than by ``relations.conditions``
CONTACT_RELATIONS = frozenset({"overlap-rel", "over-rel", "touch-rel", "near-rel", "area-rel", "vague-rel"})

__all__ = [
    "COLOR_SYNONYMS", "COLOR_WORDS", "CONTACT_RELATIONS", "REGION_PARTS", "SIZES", "THIRD_PARTS", "TONES",
    "TONE_SYNONYMS",
    "TOWARD_PARTS", "MOSTLY_EMPTY_COVER", "attribute", "background", "color_word", "commonest", "contact", "coverage",
    "region",
    "word_fits",
]
