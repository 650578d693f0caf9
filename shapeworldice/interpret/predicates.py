"""Predicate tables: which ERG predicates the interpreter knows and what each one means.

The ERG names an elementary predication ``_lemma_pos_sense`` (``_red_a_1``, ``_square_n_of``)
or with an abstract name (``udef_q``, ``compound``); the package grammar uses the same names.
These tables are the interpreter's lexicon; the rewrites, the quantifier specs and the
formula builder look predicates up here and nowhere else.
"""
from __future__ import annotations

from functools import lru_cache

from ..world.model import COLOR_NAMES, SHAPES

_COLOR_LEMMAS: dict[str, str] = {c: c for c in COLOR_NAMES}
_COLOR_LEMMAS["grey"] = "gray"  # the ERG's spelling
#: colour words that are no palette colour: their meaning is the colour table of
#: :mod:`shapeworldice.semantics.appearance` ("pink" names magenta, "black" no entity)
NON_WORLD_COLORS = frozenset({"black", "white", "orange", "purple", "pink", "brown"})
_SHAPE_LEMMAS: dict[str, str] = {s: s for s in SHAPES}
#: other words for the worlds' shapes
SHAPE_SYNONYMS: dict[str, str] = {"oval": "ellipse", "half+circle": "semicircle", "half-circle": "semicircle",
                                  "plus+sign": "cross"}
#: shapes the worlds never have: true of nothing
NON_WORLD_SHAPES = frozenset({"star", "hexagon", "octagon", "heart", "diamond"})
_SHAPE_LEMMAS.update(SHAPE_SYNONYMS)
_SHAPE_LEMMAS.update({s: s for s in NON_WORLD_SHAPES})

#: quantifiers that can be interpreted (others make the reading uninterpretable)
INTERPRETABLE_QUANTIFIERS = frozenset({
    "_a_q", "udef_q", "_some_q", "_some_q_indiv", "_the_q", "_no_q", "_every_q", "_all_q", "_each_q",
    "_half_q", "_most_q", "_both_q",
})
#: quantifiers read as "a"/"some" (a number or fraction attached to them makes a count or ratio)
INDEFINITE_QUANTIFIERS = frozenset({"_a_q", "udef_q", "_some_q", "_some_q_indiv"})
#: quantifiers read as "all" (ratio eq 1)
UNIVERSAL_QUANTIFIERS = frozenset({"_every_q", "_all_q", "_each_q"})

#: degree words and the qrange they give
#: the degree of "about / roughly / around ten": a number with a vague margin (see formula_builder)
ABOUT = "about"
DEGREE_WORDS: dict[str, str] = {
    "_about_x_deg": ABOUT,
    "_exactly_x_deg": "eq", "_exact_a_1": "eq", "_exactly_a_1": "eq", "_just_x_deg": "eq",
    "_at+least_x_deg": "geq", "_at+least_a_1": "geq", "_at+least_p": "geq",
    "_at+most_x_deg": "leq", "_at+most_a_1": "leq", "_at+most_p": "leq",
    "_more+than_x": "gt", "_more+than_x_deg": "gt", "_more+than_a_1": "gt",
    "_less+than_x": "lt", "_less+than_x_deg": "lt", "_less+than_a_1": "lt",
    "_fewer+than_x_deg": "lt", "_fewer+than_x": "lt",
    "_not_x_deg": "neq", "_a+total+of_x_deg": "eq",
}
#: fraction nouns of partitives ("a third of the squares") and their denominators
FRACTION_NOUNS: dict[str, int] = {"_third_n_of": 3, "_quarter_n_of": 4, "_half_n_of": 2, "_fourth_n_of": 4}
#: prepositions and the relation (kind, value) they name
SPATIAL_PREPS: dict[str, tuple[str, int]] = {
    "_above_p": ("y-rel", -1), "_below_p": ("y-rel", 1),
    "_behind_p": ("z-rel", -1), "_in+front+of_p": ("z-rel", 1),
    "_over_p": ("over-rel", 1), "_on+top+of_p": ("over-rel", 1),
    "_under_p": ("y-rel", 1), "_beneath_p": ("y-rel", 1), "_underneath_p": ("y-rel", 1),
    "_left+of_p": ("x-rel", -1), "_right+of_p": ("x-rel", 1),
}
#: prepositions that take "the left/right of y" ("to the left of", "on the left of")
SIDE_PREPS = frozenset({"_to_p", "_on_p"})
#: "the left/right (of)" in "to the left of" and the copular "is left of"
SIDE_NOUNS: dict[str, tuple[str, int]] = {"_left_n_1": ("x-rel", -1), "_right_n_1": ("x-rel", 1),
                                         "_left_n_of": ("x-rel", -1), "_right_n_of": ("x-rel", 1)}
#: "its left", "its right" (a side of a shape, "to its left"): the side noun and the relation to the shape
OWN_SIDES: dict[str, str] = {"_left_n_1": "_left+of_p", "_right_n_1": "_right+of_p"}
#: adjectives of comparatives ("bigger than") and their relation
COMPARATIVE_ADJS: dict[str, tuple[str, int]] = {
    "_big_a_1": ("size-rel", 1), "_small_a_1": ("size-rel", -1),
    "_large_a_1": ("size-rel", 1), "_little_a_1": ("size-rel", -1),
    "_dark_a_1": ("shade-rel", -1), "_light_a_1": ("shade-rel", 1),
}
#: "the same X as" / "a different X from": the comparison predicate each needs, and the value
EQUALITY_ADJS: dict[str, tuple[str, int]] = {
    "_same_a_as": ("comp_equal", 1), "_different_a_than-from": ("comp", -1), "_different_a_from": ("comp", -1),
}
#: the attribute nouns of "the same shape/color as" and the relation kind each compares
ATTRIBUTE_NOUNS: dict[str, str] = {"_shape_n_1": "shape-rel", "_color_n_1": "color-rel", "_colour_n_1": "color-rel"}
#: nouns true of every entity ("shape", "object", "thing")
ENTITY_NOUNS = frozenset({"_shape_n_1", "_shape_n_sw", "_object_n_1", "_thing_n_of-about", "generic_entity",
                          "_item_n_of", "_one_n_1", "_figure_n_1", "_form_n_1", "_element_n_1"})
#: coordinations and their connective; implicit_conj (lists "A, B and C", run-on clauses)
#: takes the connective of a coordination it is joined to ("A, B or C" = implicit_conj(A,
#: or(B, C))), otherwise "and"
COORDINATIONS: dict[str, str] = {"_and_c": "and", "_or_c": "or", "implicit_conj": "and", "_but_c": "and"}

# descriptive captions (see :mod:`.descriptive`)
#: nouns of the picture itself ("the image shows ...", "in the picture")
FRAME_NOUNS = frozenset({"_image_n_of", "_picture_n_of", "_photo_n_of", "_scene_n_of", "_illustration_n_of",
                         "_drawing_n_of", "_canvas_n_1", "_frame_n_of", "_total_n_1"})  # "in total": nothing
#: prepositions that locate something in the picture ("in the image")
FRAME_PREPS = frozenset({"_in_p", "_on_p"})
#: verbs of depiction: "the image shows X" / "I can see X" / "X is shown" say that X is there
DEPICTION_VERBS = frozenset({"_show_v_1", "_contain_v_1", "_depict_v_1", "_feature_v_1", "_display_v_1",
                             "_include_v_1", "_have_v_1", "_see_v_1", "_picture_v_1", "_draw_v_1",
                             "_consist_v_of", "_portray_v_1", "_present_v_1"})
#: verbs of position: "X sits above Y" says "X is above Y"
POSITION_VERBS = frozenset({"_sit_v_1", "_lie_v_1", "_rest_v_1", "_float_v_1", "_appear_v_1", "_stand_v_1",
                            "_hang_v_1", "_hover_v_1", "_come_v_1"})  # "The crosses come in two colors."
#: participles of placing: "X is located above Y" (ARG2 = X)
PLACING_VERBS = frozenset({"_locate_v_1", "_position_v_1", "_place_v_1", "_situate_v_1"})
#: verbs that hedge a claim ("There appears to be X", "The image suggests that ..."): the claim is
#: read as made (ARG1 or ARG2 is the handle of the clause)
HEDGE_VERBS = frozenset({"_appear_v_to", "_seem_v_to", "_suggest_v_to"})
#: adjectives that say only that something is there ("three shapes are visible")
PRESENCE_ADJS = frozenset({"_visible_a_1", "_present_a_1"})


# the words of vision-language models' descriptions (see :mod:`shapeworldice.semantics.appearance`)
#: adjectives of tone: a claim on the shade
TONE_ADJS: dict[str, str] = {"_dark_a_1": "dark", "_light_a_1": "light", "_light_a_2": "light",
                             "_bright_a_1": "bright", "_pale_a_1": "light", "_pastel_a_1": "light",
                             "_vivid_a_1": "bright", "_deep_a_1": "deep"}
#: a tone word on a shape with no colour word ("The shapes are bright."): vague
TONE_ALONE = "_tone+without+colour_a_1"
#: the grammar's one predicate of "colored" and of "in bright / bold / many colors", "in a row", "in
#: different shades" said after the noun or as the predicate: which was said is not known, so vague
COLOURS_SAID = "_colors+said_a_1"
#: adjectives of size: a claim on the area
SIZE_ADJS: dict[str, str] = {"_small_a_1": "small", "_little_a_1": "small", "_tiny_a_1": "tiny",
                             "_large_a_1": "large", "_big_a_1": "large", "_huge_a_1": "huge"}
#: words whose claims the world model does not record (a shape's rotation, style, ...): read as
#: adding nothing, like "in the image" (a claim made only of them is "outside")
OUTSIDE_WORDS = frozenset({
    "tilted", "rotated", "angled", "flat", "solid", "plain", "simple", "geometric", "colorful", "colourful",
    "colored", "coloured", "upright", "vertical", "horizontal", "diagonal", "oriented", "slanted", "pointing",
    "point", "face", "facing", "abstract", "minimal", "minimalist", "uniform",
    "shaped", "outlined", "filled", "bold", "clean", "sharp", "smooth", "crisp", "partially", "partly",
    "slightly", "a+little", "a+bit", "brightly", "vividly", "just", "also", "roughly", "approximately", "about",
    "almost", "directly", "immediately", "overall", "however", "meanwhile", "fairly", "quite", "relatively",
    "comparatively", "rather", "altogether",
    "completely", "entirely", "fully", "clearly", "visibly", "neatly", "loosely", "randomly", "evenly",
    "diagonally", "vertically", "horizontally", "rotate", "tilt", "angle", "orient", "cut", "crop", "cropped",
    "extend", "peek", "stick", "run", "move", "turn", "stretch", "occupy", "dominate", "fill", "give",
    "make", "create",
    "contrast", "stand", "remain", "seem", "look", "appear", "sit", "lie", "rest", "float",
    "turned", "clipped", "truncated", "shaded", "sized", "stretched", "elongated", "slim", "set", "cut+off",
})
#: predicates of descriptions whose claims the world model cannot decide: read as vague (never
#: true nor false), so a claim resting on them is vague and the rest of the caption still counts
VAGUE_WORDS = frozenset({
    "_medium_a_1", "_mutually+near_a_1", "_empty_a_1",
    "_else_n_1", "_alone_a_1", "_together_a_1", "_almost+touching_a_1",
    "_side+by+side_a_1", "_far_a_1", "_apart_a_1", "_twice+size_p", "_colors+count_a_1", "_surrounding_a_1",
    "_close_a_1", "_central_a_1", "_same_a_1", TONE_ALONE, COLOURS_SAID, "_crowded_a_1", "_sparse_a_1",
    "_prominent_a_1",
    "_dot_n_1", "_bar_n_1", "_x_n_1", "_rhombus_n_1", "_blob_n_1", "_line_n_1", "_periwinkle_a_1",
    "_cobalt_a_1", "_royal_a_1", "_indigo_a_1", "_mint_a_1", "_amber_a_1", "_ochre_a_1",
    "_between_p", "_among_p", "_around_p", "_across_p", "_along_p", "_against_p", "_like_p", "_by_p",
    "_toward_p", "_into_p", "_onto_p", "_inside_p", "_within_p", "_off_p", "_out+of_p", "_outside_p",
    "_throughout_p", "_except_p", "_similar+to_p", "_out+of+frame_p", "_level+with_p",
    "_surrounded_v_1", "_flanked_v_1", "_framed_v_1", "_accompanied_v_1", "_joined_v_1", "_followed_v_1",
    "_crossed_v_1", "_bordered_v_1", "_hidden_v_1", "_obscured_v_1", "_partially+hidden_v_1",
    "_partly+hidden_v_1", "_partially+covered_v_1", "_partly+covered_v_1", "_surrounding_v_1",
    "_flanking_v_1", "_facing_v_1", "_pointing+toward_v_1", "_pointing+towards_v_1", "_pointing+at_v_1",
    "_arranged_v_1", "_scattered_v_1", "_spread_v_1", "_spread+out_v_1", "_clustered_v_1", "_grouped_v_1",
    "_centered_v_1", "_centred_v_1", "_aligned_v_1", "_stacked_v_1", "_distributed_v_1", "_dispersed_v_1",
    "_sprinkled_v_1", "_spaced_v_1", "_separated_v_1", "_isolated_v_1", "_cluster_v_1", "_dominate_v_1",
    "_occupy_v_1", "_fill_v_1", "_hang_v_1", "_lean_v_1", "_overlap_v_1", "_touch_v_1", "_cover_v_1",
    "_edge_n_of", "_border_n_1", "_area_n_of", "_part_n_1", "_portion_n_of", "_section_n_1", "_region_n_1",
    "_quadrant_n_1", "_corner_n_of", "_side_n_of", "_top_n_1", "_bottom_n_1", "_middle_n_of", "_center_n_of",
    "_flank_v_1", "_surround_v_1", "_border_v_1", "_frame_v_1", "_hold_v_1", "_face_v_1",
    *(f"_{w}_p" for w in ("below+that", "above+that", "under+that", "beneath+that", "next+to+that", "below+those",
                           "above+those", "below+these", "above+these", "below+them", "above+them", "below+this",
                           "above+this", "lower+down", "further+down", "farther+down", "higher+up", "further+up",
                           "further+right", "further+left", "further+below", "further+above", "nearby",
                           "beside+it", "below+it", "above+it", "next+to+it")),
})

#: vague quantity words as (count, qrange); "many" and "numerous" are false only below 3 (see ``MANY``)
QUANTITY_ADJS: dict[str, tuple[int, str]] = {
    "_several_a_1": (3, "geq"), "_multiple_a_1": (2, "geq"), "_various_a_1": (2, "geq"), "_assorted_a_1": (2, "geq"),
    "_numerous_a_1": (3, "geq"), "_many_a_1": (3, "geq"), "_a+few_a_1": (2, "geq"),
    "_a+number+of_a_1": (2, "geq"), "_a+group+of_a_1": (2, "geq"),
    "_a+couple+of_a_1": (2, "eq"), "_a+pair+of_a_1": (2, "eq"),
}
#: words said of a group as a whole (read on the group by :mod:`.groups`): the claim they mark
GROUP_WORDS: dict[str, str] = {"_colors+various_a_1": "colours:various", "_colors+two_a_1": "colours:2",
                               "_colors+three_a_1": "colours:3", "_colors+four_a_1": "colours:4",
                               "_sizes+various_a_1": "sizes:various"}

#: verbs and participles of contact between two shapes: the relation kind
CONTACT_VERBS: dict[str, str] = {"overlap": "overlap-rel", "touch": "touch-rel", "cover": "overlap-rel",
                                 "intersect": "overlap-rel", "meet": "touch-rel",
                                 # "X is partly covered / hidden by Y": Y overlaps X (the world model
                                 # records no depth, so which is in front is not claimed)
                                 "partly+covered": "overlap-rel", "partially+covered": "overlap-rel",
                                 "partly+hidden": "overlap-rel", "partially+hidden": "overlap-rel"}
#: prepositions of nearness
NEAR_PREPS = frozenset({"_next+to_p", "_beside_p", "_near_p", "_close+to_p", "_alongside_p", "_by_p"})
#: "close to but not touching", "almost touching": near, and not touching
NEAR_APART = "_near+apart_p"
#: "almost / nearly touching": near and not overlapping
ALMOST_TOUCHING = "_almost+touching_p"
#: nouns of a place in the picture ("in the upper left corner", "at the top", "near the left edge")
REGION_NOUNS: dict[str, str] = {
    "top": "top", "bottom": "bottom", "left": "left", "right": "right", "middle": "centre", "center": "centre",
    "centre": "centre", "corner": "corner", "edge": "edge", "border": "edge", "side": "", "half": "", "part": "",
    "area": "", "portion": "", "section": "", "region": "", "quadrant": "", "space": "", "frame": "",
    "northwest": "top+left", "northeast": "top+right", "southwest": "bottom+left", "southeast": "bottom+right",
}
#: modifiers of a place noun ("upper", "top", "left", "central")
REGION_MODIFIERS: dict[str, str] = {
    "upper": "top", "top": "top", "lower": "bottom", "bottom": "bottom", "left": "left", "right": "right",
    "central": "centre", "middle": "centre", "center": "centre", "centre": "centre", "far": "", "very": "",
    "entire": "", "whole": "", "overall": "", "large": "", "big": "", "vast": "",  # "the large middle portion"
    "vertically": "", "horizontally": "",  # "the vertical middle": the axis of the middle (picture_places)
    "left-hand": "left", "right-hand": "right", "top-left": "top+left", "top-right": "top+right",
    "bottom-left": "bottom+left", "bottom-right": "bottom+right", "upper-left": "top+left",
    "upper-right": "top+right", "lower-left": "bottom+left", "lower-right": "bottom+right",
    # compass words: north is the top of the picture
    "northwest": "top+left", "northeast": "top+right", "southwest": "bottom+left", "southeast": "bottom+right",
    "northern": "top", "southern": "bottom", "eastern": "right", "western": "left",
}
#: place phrases of one word in the lexicon ("left of center", "below the middle") and the place they name
REGION_PHRASES: dict[str, str] = {
    "_left+of+center_p": "left", "_left+of+centre_p": "left", "_right+of+center_p": "right",
    "_right+of+centre_p": "right", "_above+center_p": "top", "_below+center_p": "bottom",
    "_above+the+middle_p": "top", "_below+the+middle_p": "bottom", "_above+the+center_p": "top",
    "_below+the+center_p": "bottom", "_dead+center_p": "centre", "_in+the+center_p": "centre",
    "_in+the+centre_p": "centre", "_in+the+middle_p": "centre", "_center+stage_p": "centre",
    "_at+mid+height_p": "mid-height",
    "_at+upper+left_p": "top+left", "_at+upper+right_p": "top+right", "_at+lower+left_p": "bottom+left",
    "_at+lower+right_p": "bottom+right",
}
#: prepositions that place a shape in a part of the picture
REGION_PREPS = frozenset({"_in_p", "_on_p", "_at_p", "_near_p", "_next+to_p", "_beside_p", "_close+to_p", "_against_p",
                          "_along_p", "_toward_p", "_towards_p", "_to_p",
                          "_by_p", "_across_p", "_around_p", "_within_p", "_into_p"})
#: nouns of a collection ("a group of shapes", "a busy arrangement of circles"): the collection is its members
COLLECTIVE_NOUNS = frozenset({f"_{n}_n_1" for n in (
    "arrangement", "collection", "group", "set", "cluster", "assortment", "variety", "scattering", "series", "row",
    "column", "handful", "number", "pair", "couple", "lot", "bunch", "array", "mix", "mixture", "selection",
    "composition", "line", "ring", "pile", "stack", "trio", "chain")} | {"_mix_n_of", "_group_n_of", "_set_n_of"})
#: quantifiers that deny ("no square", "none of the shapes", "neither circle"): what they range over is
#: read downward (a claim made weaker there says more)
NEGATIVE_QUANTIFIERS = frozenset({"_no_q", "_neither_q", "_none_q"})
#: nouns of the picture's background ("on a black background")
BACKGROUND_NOUNS = frozenset({"_background_n_1", "_backdrop_n_1", "_background_n_of", "_field_n_1", "_black_n_1",
                              "_surface_n_1", "_surface/nn_u_unknown"})


@lru_cache(maxsize=8192)  # called for every EP by most rewrites; the predicates met are few
def split_predicate(pred: str) -> tuple[str, str, str]:
    """``_lemma_pos_sense`` → (lemma, pos, sense); abstract predicates give (pred, "", "")."""
    if not pred.startswith("_"):
        return pred, "", ""
    parts = pred[1:].split("_")
    if len(parts) < 2:
        return parts[0], "", ""
    return parts[0], parts[1], "_".join(parts[2:])


def unknown_word(pred: str) -> tuple[str, str] | None:
    """The word and lower-case tag of the ERG's generic entry for a word outside its vocabulary
    ("_glorp/nn_u_unknown" → ("glorp", "nn")); None for any other predicate."""
    lemma, pos, sense = split_predicate(pred)
    if pos != "u" or sense != "unknown" or "/" not in lemma:
        return None
    word, tag = lemma.split("/", 1)
    return word, tag.lower()


@lru_cache(maxsize=8192)
def normalize_predicate(pred: str) -> str:
    """Lower-case, without quotes and without a ``_rel`` suffix (``"_red_a_1_rel"`` → ``_red_a_1``)."""
    p = pred.strip('"').lower()
    if p.endswith("_rel"):
        p = p[:-4]
    return p


@lru_cache(maxsize=4096)  # looked up for every EP of every reading; the vocabulary is small
def color_of(pred: str) -> tuple[str, str] | None:
    """(colour, part of speech) if ``pred`` is a colour adjective / noun / verb (a colour the
    worlds never have, "black", included: it is true of nothing)."""
    lemma, pos, _ = split_predicate(pred)
    value = _COLOR_LEMMAS.get(lemma)
    if value and pos in ("a", "n", "v"):
        return value, pos
    return None


@lru_cache(maxsize=4096)
def names_entity(pred: str) -> bool:
    """Whether a noun names an entity of the world: a shape noun, or "shape", "object", "one" ..."""
    return shape_of(pred) is not None or pred in ENTITY_NOUNS


def shape_of(pred: str) -> str | None:
    """The shape a shape noun (``_square_n_of``, ``_oval_n_1``, ``_star_n_1``) names, else None."""
    lemma, pos, _ = split_predicate(pred)
    if pos == "n":
        return _SHAPE_LEMMAS.get(lemma)
    return None


__all__ = [
    "ABOUT", "ATTRIBUTE_NOUNS", "COMPARATIVE_ADJS", "COORDINATIONS", "DEGREE_WORDS", "DEPICTION_VERBS", "ENTITY_NOUNS",
    "EQUALITY_ADJS", "FRAME_NOUNS", "NEGATIVE_QUANTIFIERS", "COLLECTIVE_NOUNS", "FRAME_PREPS", "NON_WORLD_COLORS",
    "BACKGROUND_NOUNS",
    "CONTACT_VERBS", "GROUP_WORDS", "ALMOST_TOUCHING",
    "NEAR_APART", "NEAR_PREPS", "OUTSIDE_WORDS", "VAGUE_WORDS", "REGION_PHRASES", "REGION_MODIFIERS", "REGION_NOUNS",
    "REGION_PREPS", "SIZE_ADJS",
    "TONE_ADJS", "TONE_ALONE", "COLOURS_SAID", "NON_WORLD_SHAPES", "PLACING_VERBS",
    "POSITION_VERBS", "PRESENCE_ADJS", "SHAPE_SYNONYMS", "SIDE_PREPS",
    "FRACTION_NOUNS", "INDEFINITE_QUANTIFIERS", "INTERPRETABLE_QUANTIFIERS", "OWN_SIDES", "SIDE_NOUNS", "SPATIAL_PREPS",
    "UNIVERSAL_QUANTIFIERS", "color_of", "normalize_predicate", "shape_of", "split_predicate", "unknown_word",
]
