"""The tables and margins of :mod:`shapeworldice.semantics.appearance`, against the labelling guide.

Every word is three-valued: ``(agree, disagree)`` arrays over the entities, an entity in neither is
vague. The expected values below are the guide's (``tests/descriptions/GUIDE.md``), written out
by hand, so that a change of a table or a margin shows up as a failing row.
"""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import make_world

from shapeworldice.semantics.appearance import (
    COLOR_SYNONYMS, COLOR_WORDS, CONTACT_RELATIONS, REGION_PARTS, SIZES, TONE_SYNONYMS, TONES, attribute,
    background, color_word, contact, region,
)
from shapeworldice.world.model import COLOR_NAMES, SHAPES, WorldArrays

T, V, F = "true", "vague", "false"


def arrays(x=(0.5,), y=(0.5,), color=("red",), shade=(0.0,), area=(0.01,)) -> WorldArrays:
    """A column view with exactly the given values (no geometry: contact needs :func:`make_world`)."""
    n = max(len(x), len(y), len(color), len(shade), len(area))

    def col(values, dtype=float):
        values = list(values)
        return np.array(values * n if len(values) == 1 else values, dtype=dtype)

    return WorldArrays(
        x=col(x), y=col(y), shape=np.zeros(n, dtype=np.int64),
        color=col([COLOR_NAMES.index(c) for c in color], np.int64), shade=col(shade), area=col(area), entities=(),
    )


def values(agree: np.ndarray, disagree: np.ndarray) -> list[str]:
    """Per entity (or pair): "true" / "false" / "vague"; both at once is reported as "both"."""
    return ["both" if a and d else T if a else F if d else V
            for a, d in zip(np.ravel(agree), np.ravel(disagree))]


def one(kind: str, value: str, a: WorldArrays) -> str:
    return values(*attribute(kind, value, a))[0]


# ------------------------------------------------------------------------------------ colour words
# (word, entity colour, shade, expected) — the guide's colour table row by row, with its margins
COLOUR_ROWS = [
    # the palette's own words: that colour at any shade, nothing else
    *[(c, c, s, T) for c in COLOR_NAMES for s in (-0.4, 0.0, 0.4)],
    ("red", "magenta", 0.0, F), ("blue", "cyan", 0.0, F), ("green", "cyan", 0.0, F), ("gray", "blue", -0.4, F),
    ("grey", "gray", 0.0, T), ("grey", "gray", -0.3, T), ("grey", "blue", 0.0, F),
    # pink: magenta; vague for red with s >= 0.2
    ("pink", "magenta", -0.4, T), ("pink", "magenta", 0.3, T), ("pink", "red", 0.2, V), ("pink", "red", 0.4, V),
    ("pink", "red", 0.19, F), ("pink", "red", 0.0, F), ("pink", "blue", 0.3, F),
    ("fuchsia", "magenta", 0.0, T), ("rose", "magenta", 0.0, T), ("rose", "red", 0.3, V),
    # purple: magenta; vague for blue with s >= 0.2
    ("purple", "magenta", 0.0, T), ("purple", "blue", 0.2, V), ("purple", "blue", 0.35, V),
    ("purple", "blue", 0.1, F), ("purple", "red", 0.3, F),
    ("violet", "magenta", 0.0, T), ("lavender", "magenta", 0.3, T), ("lilac", "blue", 0.3, V),
    ("plum", "magenta", 0.0, T),
    # teal: cyan only
    ("teal", "cyan", -0.3, T), ("teal", "cyan", 0.3, T), ("teal", "blue", 0.0, F), ("teal", "green", 0.0, F),
    ("turquoise", "cyan", 0.0, T), ("aqua", "cyan", 0.0, T), ("aquamarine", "cyan", 0.0, T), ("aqua", "green", 0.3, F),
    # light blue: cyan, blue s >= 0.2; vague for blue 0 < s < 0.2
    ("light blue", "cyan", 0.0, T), ("light blue", "cyan", -0.4, T), ("light blue", "blue", 0.2, T),
    ("light blue", "blue", 0.4, T), ("light blue", "blue", 0.1, V), ("light blue", "blue", 0.01, V),
    ("light blue", "blue", 0.0, F), ("light blue", "blue", -0.3, F), ("light blue", "gray", 0.3, F),
    ("sky blue", "cyan", 0.0, T), ("sky blue", "blue", 0.1, V), ("baby blue", "blue", 0.3, T),
    ("baby blue", "blue", 0.0, F),
    # navy: blue s <= -0.2; vague for blue -0.2 < s < 0
    ("navy", "blue", -0.2, T), ("navy", "blue", -0.4, T), ("navy", "blue", -0.1, V), ("navy", "blue", -0.01, V),
    ("navy", "blue", 0.0, F), ("navy", "blue", 0.3, F), ("navy", "cyan", -0.3, F),
    ("navy blue", "blue", -0.3, T), ("navy blue", "blue", -0.1, V), ("navy blue", "blue", 0.0, F),
    # olive: yellow s <= -0.2; vague for yellow -0.2 < s < 0
    ("olive", "yellow", -0.2, T), ("olive", "yellow", -0.4, T), ("olive", "yellow", -0.1, V),
    ("olive", "yellow", 0.0, F), ("olive", "yellow", 0.3, F), ("olive", "green", -0.3, F),
    # lime: green
    ("lime", "green", 0.0, T), ("lime", "green", -0.4, T), ("lime", "green", 0.4, T), ("lime", "yellow", 0.0, F),
    # salmon: red s >= 0.2; vague for red 0 < s < 0.2 and magenta s >= 0.2
    ("salmon", "red", 0.2, T), ("salmon", "red", 0.4, T), ("salmon", "red", 0.1, V), ("salmon", "red", 0.01, V),
    ("salmon", "magenta", 0.2, V), ("salmon", "magenta", 0.4, V), ("salmon", "red", 0.0, F),
    ("salmon", "red", -0.3, F), ("salmon", "magenta", 0.1, F), ("salmon", "yellow", 0.3, F),
    ("coral", "red", 0.3, T), ("peach", "red", 0.1, V), ("coral", "magenta", 0.3, V),
    # maroon: red s <= -0.2; vague for red -0.2 < s < 0
    ("maroon", "red", -0.2, T), ("maroon", "red", -0.4, T), ("maroon", "red", -0.1, V), ("maroon", "red", 0.0, F),
    ("maroon", "red", 0.3, F), ("maroon", "magenta", -0.3, F),
    ("crimson", "red", -0.3, T), ("burgundy", "red", -0.1, V), ("crimson", "red", 0.0, F),
    # silver: gray
    ("silver", "gray", 0.0, T), ("silver", "gray", 0.4, T), ("silver", "blue", 0.0, F),
    ("charcoal", "gray", -0.3, T), ("slate", "gray", 0.0, T), ("slate", "blue", -0.3, F),
    # gold: yellow
    ("gold", "yellow", 0.0, T), ("gold", "yellow", -0.4, T), ("gold", "red", 0.0, F),
    ("golden", "yellow", 0.3, T), ("mustard", "yellow", -0.2, T), ("mustard", "green", 0.0, F),
    # orange: never true; vague for red s >= 0.2 and yellow s <= -0.2
    ("orange", "red", 0.2, V), ("orange", "red", 0.4, V), ("orange", "yellow", -0.2, V), ("orange", "yellow", -0.4, V),
    ("orange", "red", 0.0, F), ("orange", "red", 0.1, F), ("orange", "yellow", 0.0, F), ("orange", "yellow", -0.1, F),
    ("orange", "magenta", 0.3, F),
    # brown: never true; vague for yellow s <= -0.2 and red s <= -0.2
    ("brown", "yellow", -0.2, V), ("brown", "red", -0.3, V), ("brown", "yellow", -0.1, F), ("brown", "red", 0.0, F),
    ("brown", "green", -0.4, F), ("tan", "red", -0.3, V), ("beige", "yellow", -0.3, V), ("khaki", "yellow", 0.0, F),
    # white / black: never true of a shape; vague for light / dark gray
    ("white", "gray", 0.2, V), ("white", "gray", 0.4, V), ("white", "gray", 0.1, F), ("white", "gray", 0.0, F),
    ("white", "yellow", 0.4, F), ("black", "gray", -0.2, V), ("black", "gray", -0.4, V), ("black", "gray", -0.1, F),
    ("black", "blue", -0.4, F),
    # a colour word outside the table: vague of everything, never false
    *[(w, c, s, V) for w in ("periwinkle", "mauve", "chartreuse") for c in COLOR_NAMES for s in (-0.4, 0.0, 0.4)],
]


@pytest.mark.parametrize("word,color,shade,expected", COLOUR_ROWS)
def test_colour_word_table(word, color, shade, expected):
    assert one("colour", word, arrays(color=(color,), shade=(shade,))) == expected


def test_hot_pink_is_a_synonym_of_pink():
    assert color_word("hot pink") == "pink"
    assert one("colour", "hot pink", arrays(color=("magenta",))) == T


def test_every_synonym_names_a_table_word():
    for synonym, word in COLOR_SYNONYMS.items():
        assert word in COLOR_WORDS, synonym
        assert color_word(synonym) == word
    for word in COLOR_WORDS:
        assert color_word(word) == word


@pytest.mark.parametrize("word", ["periwinkle", "square", "dark", "", "Red"])
def test_color_word_of_a_word_outside_the_table_is_none(word):
    assert color_word(word) is None


def test_the_palette_words_are_in_the_table():
    assert set(COLOR_NAMES) <= set(COLOR_WORDS)


def test_an_untabled_colour_word_is_vague_of_a_whole_world():
    a = arrays(color=COLOR_NAMES, shade=np.linspace(-0.4, 0.4, len(COLOR_NAMES)))
    agree, disagree = attribute("colour", "periwinkle", a)
    assert not agree.any() and not disagree.any()


@pytest.mark.parametrize("word", sorted(COLOR_WORDS))
def test_clear_and_vague_bands_meet_at_most_at_an_end_where_the_clear_band_wins(word):
    clear, vague = COLOR_WORDS[word]
    for c1, lo1, hi1 in clear:
        for c2, lo2, hi2 in vague:
            if c1 != c2:
                continue
            lo, hi = max(lo1, lo2), min(hi1, hi2)
            assert lo >= hi, (word, c1)  # at most one shared point
            if lo == hi:  # that point is clearly the colour
                assert one("colour", word, arrays(color=(c1,), shade=(lo,))) == T


# ------------------------------------------------------------------------------------ tones
TONE_ROWS = [
    ("dark", -0.4, T), ("dark", -0.15, T), ("dark", -0.14, V), ("dark", -0.1, V), ("dark", 0.0, V),
    ("dark", 0.04, V), ("dark", 0.05, F), ("dark", 0.3, F),
    ("light", 0.4, T), ("light", 0.15, T), ("light", 0.14, V), ("light", 0.0, V), ("light", -0.04, V),
    ("light", -0.05, F), ("light", -0.3, F),
    ("bright", 0.4, T), ("bright", 0.0, T), ("bright", -0.05, T), ("bright", -0.06, V), ("bright", -0.19, V),
    ("bright", -0.2, F), ("bright", -0.4, F),
    ("pale", 0.15, T), ("pale", 0.0, V), ("pale", -0.05, F), ("pastel", 0.3, T), ("pastel", -0.3, F),
    ("vivid", -0.05, T), ("vivid", -0.1, V), ("vivid", -0.2, F),
    ("deep", -0.15, T), ("deep", 0.0, V), ("deep", 0.05, V), ("deep", 0.24, V), ("deep", 0.25, F),
]


@pytest.mark.parametrize("tone,shade,expected", TONE_ROWS)
def test_tone_table(tone, shade, expected):
    for color in COLOR_NAMES:  # a tone looks at the shade only
        assert one("tone", tone, arrays(color=(color,), shade=(shade,))) == expected


def test_tone_synonyms_name_table_tones():
    assert set(TONE_SYNONYMS.values()) <= set(TONES)
    assert set(TONES) == {"dark", "light", "bright", "deep"}


# ------------------------------------------------------------------------------------ sizes
SIZE_ROWS = [
    ("small", 0.005, T), ("small", 0.0119, T), ("small", 0.012, V), ("small", 0.016, V), ("small", 0.02, V),
    ("small", 0.0201, F), ("small", 0.05, F),
    ("little", 0.0119, T), ("little", 0.015, V), ("little", 0.021, F),
    ("tiny", 0.002, T), ("tiny", 0.0079, T), ("tiny", 0.008, V), ("tiny", 0.014, V), ("tiny", 0.0141, F),
    ("large", 0.05, T), ("large", 0.0261, T), ("large", 0.026, V), ("large", 0.02, V), ("large", 0.016, V),
    ("large", 0.0159, F), ("large", 0.005, F),
    ("big", 0.0261, T), ("big", 0.02, V), ("big", 0.0159, F),
    ("huge", 0.08, T), ("huge", 0.0401, T), ("huge", 0.04, V), ("huge", 0.03, V), ("huge", 0.026, V),
    ("huge", 0.0259, F), ("huge", 0.01, F),
]


@pytest.mark.parametrize("word,area,expected", SIZE_ROWS)
def test_size_table(word, area, expected):
    assert one("size", word, arrays(area=(area,))) == expected


@pytest.mark.parametrize("word,half,expected", [
    ("small", 0.05, T),  # square area 4 * 0.05² = 0.01
    ("small", 0.06, V),  # 0.0144
    ("small", 0.08, F),  # 0.0256
    ("large", 0.08, V), ("large", 0.09, T),  # 0.0324
    ("tiny", 0.04, T),  # 0.0064
    ("huge", 0.11, T),  # 0.0484
])
def test_size_of_a_built_square(word, half, expected):
    a = make_world(("square", "red", 0.5, 0.5, half)).arrays
    assert math.isclose(a.area[0], 4 * half * half)
    assert one("size", word, a) == expected


def test_size_words_cover_the_guide():
    assert set(SIZES) == {"small", "little", "tiny", "large", "big", "huge"}


# ------------------------------------------------------------------------------------ regions
def at(part: str, x: float, y: float) -> str:
    return values(*region(part, np.array([x]), np.array([y])))[0]


REGION_ROWS = [
    # halves: true within 0.4 of the side, false from the middle line on
    ("left", 0.1, 0.5, T), ("left", 0.4, 0.5, T), ("left", 0.45, 0.5, V), ("left", 0.5, 0.5, F), ("left", 0.9, 0.5, F),
    ("right", 0.9, 0.5, T), ("right", 0.6, 0.5, T), ("right", 0.55, 0.5, V), ("right", 0.5, 0.5, F),
    ("right", 0.1, 0.5, F),
    ("top", 0.5, 0.1, T), ("top", 0.5, 0.4, T), ("top", 0.5, 0.45, V), ("top", 0.5, 0.5, F), ("top", 0.5, 0.9, F),
    ("bottom", 0.5, 0.9, T), ("bottom", 0.5, 0.6, T), ("bottom", 0.5, 0.55, V), ("bottom", 0.5, 0.5, F),
    ("bottom", 0.5, 0.1, F),
    # the other axis does not matter for one part
    ("left", 0.2, 0.0, T), ("left", 0.2, 1.0, T), ("top", 0.0, 0.2, T), ("top", 1.0, 0.2, T),
    # edges
    ("left-edge", 0.05, 0.5, T), ("left-edge", 0.2, 0.5, T), ("left-edge", 0.25, 0.5, V), ("left-edge", 0.3, 0.5, F),
    ("right-edge", 0.95, 0.5, T), ("right-edge", 0.8, 0.5, T), ("right-edge", 0.75, 0.5, V),
    ("right-edge", 0.7, 0.5, F),
    ("top-edge", 0.5, 0.2, T), ("top-edge", 0.5, 0.25, V), ("top-edge", 0.5, 0.3, F),
    ("bottom-edge", 0.5, 0.8, T), ("bottom-edge", 0.5, 0.75, V), ("bottom-edge", 0.5, 0.7, F),
    # centre alone: max norm from (0.5, 0.5)
    ("centre", 0.5, 0.5, T), ("centre", 0.3, 0.7, T), ("centre", 0.7, 0.5, T), ("centre", 0.75, 0.5, V),
    ("centre", 0.5, 0.25, V), ("centre", 0.8, 0.5, F), ("centre", 0.5, 0.2, F), ("centre", 0.1, 0.1, F),
    ("centre", 0.6, 0.9, F),
    # combinations: both parts must hold; either false is false
    ("top+left", 0.2, 0.2, T), ("top+left", 0.4, 0.4, T), ("top+left", 0.45, 0.2, V), ("top+left", 0.2, 0.45, V),
    ("top+left", 0.45, 0.45, V), ("top+left", 0.7, 0.2, F), ("top+left", 0.2, 0.7, F), ("top+left", 0.45, 0.8, F),
    ("left+top", 0.2, 0.2, T), ("bottom+right", 0.8, 0.8, T), ("bottom+right", 0.8, 0.2, F),
    ("bottom+left", 0.2, 0.8, T), ("top+right", 0.8, 0.2, T), ("top+right", 0.55, 0.2, V),
    # centre with one axis named: the centre part is on the other axis only
    ("top+centre", 0.5, 0.1, T), ("top+centre", 0.35, 0.1, T), ("top+centre", 0.75, 0.1, V),
    ("top+centre", 0.9, 0.1, F), ("top+centre", 0.5, 0.9, F), ("top+centre", 0.5, 0.45, V),
    ("bottom+centre", 0.5, 0.9, T), ("left+centre", 0.1, 0.5, T), ("left+centre", 0.1, 0.9, F),
    ("left+centre", 0.1, 0.25, V), ("right+centre", 0.9, 0.6, T),
]


@pytest.mark.parametrize("part,x,y,expected", REGION_ROWS)
def test_region_table(part, x, y, expected):
    assert at(part, x, y) == expected


def test_centre_with_one_axis_ignores_that_axis_for_the_centre_part():
    # "top centre" at x = 0.5 near the top edge: the centre part (x only) is true, though the
    # point is 0.4 from the image centre in y
    assert at("top+centre", 0.5, 0.1) == T
    assert at("centre", 0.5, 0.1) == F


def test_region_through_attribute_uses_the_centre_coordinates():
    a = arrays(x=(0.1, 0.9, 0.45), y=(0.1, 0.9, 0.45))
    assert values(*attribute("region", "top+left", a)) == [T, F, V]


def test_region_parts_cover_the_guide():
    assert set(REGION_PARTS) == {"left", "right", "top", "bottom", "left-edge", "right-edge", "top-edge", "bottom-edge"}


@pytest.mark.parametrize("bad", ["middle", "upper", "top+", "edge"])
def test_unknown_region_part_raises(bad):
    with pytest.raises(ValueError):
        region(bad, np.array([0.5]), np.array([0.5]))


def test_unknown_attribute_kind_raises_and_vague_is_vague():
    a = arrays()
    with pytest.raises(ValueError):
        attribute("texture", "smooth", a)
    assert one("vague", "anything", a) == V


# ------------------------------------------------------------------------------------ contact
def pair(dx: float, half: float = 0.05, half2: float | None = None):
    """Two axis-aligned squares side by side on a row, ``dx`` apart (negative: overlapping by -dx)."""
    half2 = half if half2 is None else half2
    return make_world(("square", "red", 0.3, 0.5, half), ("square", "blue", 0.3 + half + half2 + dx, 0.5, half2)).arrays


def rel(kind: str, a: WorldArrays) -> str:
    """The value of a symmetric contact relation between entity 0 and entity 1 (checked both ways)."""
    agree, disagree = contact(kind, 1, a)
    forward, backward = values(agree, disagree)[1], values(agree.T, disagree.T)[1]
    assert forward == backward, kind
    return forward


@pytest.mark.parametrize("dx,overlap,touch,near", [
    (-0.05, T, T, T),     # half of each square covers the other
    (-0.003, T, T, T),    # 3 % of the smaller shape: overlapping
    (-0.001, V, T, T),    # 1 %: in contact, but not clearly overlapping
    (0.003, F, T, T),     # a gap within the touching margin
    (0.0049, F, T, T),
    (0.01, F, V, T),      # not clearly touching
    (0.029, F, V, T),
    (0.031, F, F, T),
    (0.099, F, F, T),     # near up to 0.1
    (0.2, F, F, V),
    (0.299, F, F, V),
    (0.301, F, F, F),
    (0.4, F, F, F),
])
def test_contact_by_gap_and_overlap(dx, overlap, touch, near):
    a = pair(dx)
    assert a.gap[0, 1] == pytest.approx(max(dx, 0.0), abs=1e-9)
    assert (rel("overlap-rel", a), rel("touch-rel", a), rel("near-rel", a)) == (overlap, touch, near)


def test_overlap_is_over_the_smaller_shape():
    # a small square inside a large one: all of the small one is covered, 1/25 of the large one
    a = make_world(("square", "red", 0.5, 0.5, 0.1), ("square", "blue", 0.5, 0.5, 0.02)).arrays
    assert rel("overlap-rel", a) == T
    # a small square just dipping 0.002 into a large one: 0.002 * 0.04 / 0.0016 = 5 % of the small one
    a = make_world(("square", "red", 0.5, 0.5, 0.1), ("square", "blue", 0.5 + 0.1 + 0.02 - 0.002, 0.5, 0.02)).arrays
    assert a.overlap[1, 0] == pytest.approx(0.05, rel=1e-6)
    assert rel("overlap-rel", a) == T


@pytest.mark.parametrize("kind", ["overlap-rel", "touch-rel", "near-rel", "area-rel", "vague-rel"])
def test_an_entity_is_never_in_a_contact_relation_with_itself(kind):
    a = make_world(("square", "red", 0.5, 0.5), ("circle", "blue", 0.55, 0.5)).arrays
    agree, disagree = contact(kind, 1, a)
    assert not np.diag(agree).any()
    if kind in ("overlap-rel", "touch-rel", "near-rel"):
        assert np.diag(disagree).all()
    else:  # "larger than itself": a difference of 0 is inside the margin, as the guide's formula says
        assert not np.diag(disagree).any()


def test_vague_relation_is_vague_everywhere():
    a = make_world(("square", "red", 0.5, 0.5), ("circle", "blue", 0.9, 0.9)).arrays
    agree, disagree = contact("vague-rel", 0, a)
    assert agree.shape == (2, 2) and not agree.any() and not disagree.any()


@pytest.mark.parametrize("areas,value,expected", [
    ((0.03, 0.02), 1, T),        # 0.01 larger
    ((0.0251, 0.02), 1, T),      # just over the 0.005 margin
    ((0.024, 0.02), 1, V),       # inside the margin
    ((0.02, 0.02), 1, V),
    ((0.016, 0.02), 1, V),
    ((0.01, 0.02), 1, F),
    ((0.03, 0.02), -1, F),       # "smaller than": the converse
    ((0.01, 0.02), -1, T),
    ((0.018, 0.02), -1, V),
])
def test_area_comparison(areas, value, expected):
    # X = entity 1, Y = entity 0: [e, r] reads "e is larger than r"
    a = arrays(area=(areas[1], areas[0]), x=(0.2, 0.8))
    agree, disagree = contact("area-rel", value, a)
    assert values(agree, disagree)[2] == expected  # row 1, column 0


def test_unknown_contact_kind_raises():
    with pytest.raises(ValueError):
        contact("between-rel", 0, make_world(("square", "red", 0.5, 0.5)).arrays)
    assert CONTACT_RELATIONS == {"overlap-rel", "over-rel", "touch-rel", "near-rel", "area-rel", "vague-rel"}


# ------------------------------------------------------------------------------------ background
@pytest.mark.parametrize("word,world_background,expected", [
    ("black", "black", T), ("dark", "black", T), ("black", "white", F), ("dark", "white", F),
    ("white", "white", T), ("light", "white", T), ("white", "black", F), ("light", "black", F),
    ("red", "black", F), ("blue", "white", F), ("grey", "black", F), ("navy", "black", F), ("teal", "black", F),
    ("gray", "black", F),
    ("periwinkle", "black", V), ("periwinkle", "white", V), ("misty", "black", V),
])
def test_background(word, world_background, expected):
    agree, disagree = background(word, world_background)
    assert values(np.array([agree]), np.array([disagree]))[0] == expected


# ------------------------------------------------------------------------------------ properties
ALL_COLOUR_WORDS = sorted({*COLOR_WORDS, *COLOR_SYNONYMS, "periwinkle"})
ALL_TONES = sorted({*TONES, *TONE_SYNONYMS})
PLAIN_PARTS = sorted(REGION_PARTS)
ALL_REGIONS = [*PLAIN_PARTS, "centre", *(f"{p}+centre" for p in ("top", "bottom", "left", "right")),
               *(f"{a}+{b}" for a in PLAIN_PARTS for b in PLAIN_PARTS if a < b)]

_unit = st.floats(0.0, 1.0, allow_nan=False)
_shade = st.floats(-0.4, 0.4, allow_nan=False)


@st.composite
def world_arrays(draw, max_size: int = 8) -> WorldArrays:
    n = draw(st.integers(1, max_size))
    return arrays(
        x=draw(st.lists(_unit, min_size=n, max_size=n)), y=draw(st.lists(_unit, min_size=n, max_size=n)),
        color=draw(st.lists(st.sampled_from(COLOR_NAMES), min_size=n, max_size=n)),
        shade=draw(st.lists(_shade, min_size=n, max_size=n)),
        area=draw(st.lists(st.floats(0.0005, 0.09, allow_nan=False), min_size=n, max_size=n)),
    )


_fast = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_fast
@given(world_arrays())
def test_no_word_ever_both_agrees_and_disagrees(a):
    checks = [("colour", w) for w in ALL_COLOUR_WORDS] + [("tone", t) for t in ALL_TONES] + \
             [("size", s) for s in SIZES] + [("region", r) for r in ALL_REGIONS]
    for kind, word in checks:
        agree, disagree = attribute(kind, word, a)
        assert agree.shape == disagree.shape == (a.n,)
        assert not (agree & disagree).any(), (kind, word)


@_fast
@given(world_arrays(), st.sampled_from(PLAIN_PARTS), st.sampled_from(PLAIN_PARTS))
def test_a_combined_region_is_the_conjunction_of_its_parts(a, p, q):
    agree, disagree = region(f"{p}+{q}", a.x, a.y)
    agree_p, disagree_p = region(p, a.x, a.y)
    agree_q, disagree_q = region(q, a.x, a.y)
    assert (agree == (agree_p & agree_q)).all()
    assert (disagree == (disagree_p | disagree_q)).all()
    assert (agree <= agree_p).all() and (agree <= agree_q).all()


@_fast
@given(world_arrays(), st.sampled_from(["top", "bottom", "left", "right"]))
def test_centre_with_an_axis_agrees_only_where_the_axis_part_agrees(a, side):
    agree, _ = region(f"{side}+centre", a.x, a.y)
    side_agree, side_disagree = region(side, a.x, a.y)
    assert (agree <= side_agree).all()
    _, disagree = region(f"{side}+centre", a.x, a.y)
    assert (side_disagree <= disagree).all()


@_fast
@given(world_arrays(), st.sampled_from(sorted(COLOR_WORDS)))
def test_the_vague_band_of_a_colour_word_is_disjoint_from_its_clear_band(a, word):
    clear, vague = COLOR_WORDS[word]
    agree, disagree = attribute("colour", word, a)
    undecided = ~agree & ~disagree

    def inside(bands) -> np.ndarray:
        out = np.zeros(a.n, dtype=bool)
        for color, lo, hi in bands:
            out |= (a.color == COLOR_NAMES.index(color)) & (a.shade >= lo) & (a.shade <= hi)
        return out

    assert (agree == inside(clear)).all()
    assert not (undecided & agree).any()
    assert (undecided == (inside(vague) & ~inside(clear))).all()
    # an entity of a colour the word's bands never mention is clearly not that colour
    mentioned = {c for c, _, _ in (*clear, *vague)}
    others = ~np.isin(a.color, [COLOR_NAMES.index(c) for c in mentioned])
    assert disagree[others].all()


@_fast
@given(world_arrays())
def test_opposite_words_never_both_agree(a):
    def agree(kind, word):
        return attribute(kind, word, a)[0]

    def disagree(kind, word):
        return attribute(kind, word, a)[1]

    for kind, yes, no in [("tone", "dark", "light"), ("tone", "light", "dark"),
                          ("size", "small", "large"), ("size", "large", "small"), ("size", "tiny", "large"),
                          ("size", "huge", "small"), ("region", "left", "right"), ("region", "right", "left"),
                          ("region", "top", "bottom"), ("region", "bottom", "top")]:
        assert (agree(kind, yes) <= disagree(kind, no)).all(), (yes, no)
    # the stronger word implies the weaker one
    for kind, strong, weak in [("size", "tiny", "small"), ("size", "huge", "large"), ("region", "left-edge", "left"),
                               ("region", "right-edge", "right"), ("region", "top-edge", "top"),
                               ("region", "bottom-edge", "bottom")]:
        assert (agree(kind, strong) <= agree(kind, weak)).all(), (strong, weak)
        assert (disagree(kind, weak) <= disagree(kind, strong)).all(), (strong, weak)


@st.composite
def built_worlds(draw):
    n = draw(st.integers(2, 4))
    specs = [(draw(st.sampled_from(SHAPES)), draw(st.sampled_from(COLOR_NAMES)), draw(_unit), draw(_unit),
              draw(st.floats(0.02, 0.15)), draw(_shade)) for _ in range(n)]
    return make_world(*specs)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(built_worlds())
def test_contact_relations_never_both_agree_and_disagree(world):
    a = world.arrays
    for kind in ("overlap-rel", "touch-rel", "near-rel", "area-rel", "vague-rel"):
        for value in (1, -1):
            agree, disagree = contact(kind, value, a)
            assert agree.shape == disagree.shape == (a.n, a.n)
            assert not (agree & disagree).any(), kind
    # overlapping implies touching implies near
    overlap, touch, near = (contact(k, 1, a)[0] for k in ("overlap-rel", "touch-rel", "near-rel"))
    assert (overlap <= touch).all() and (touch <= near).all()
    # and every attribute of a built world is consistent too
    for kind, words in (("colour", ALL_COLOUR_WORDS), ("tone", ALL_TONES), ("size", list(SIZES)),
                        ("region", ALL_REGIONS)):
        for word in words:
            agree, disagree = attribute(kind, word, a)
            assert not (agree & disagree).any(), (kind, word)
