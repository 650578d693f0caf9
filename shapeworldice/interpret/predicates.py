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
#: colours the worlds never have: English, and true of nothing (a caption saying them is false)
NON_WORLD_COLORS = frozenset({"black", "white", "orange", "purple", "pink", "brown"})
_COLOR_LEMMAS.update({c: c for c in NON_WORLD_COLORS})
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
DEGREE_WORDS: dict[str, str] = {
    "_exactly_x_deg": "eq", "_exact_a_1": "eq", "_exactly_a_1": "eq",
    "_at+least_x_deg": "geq", "_at+least_a_1": "geq", "_at+least_p": "geq",
    "_at+most_x_deg": "leq", "_at+most_a_1": "leq", "_at+most_p": "leq",
    "_more+than_x": "gt", "_more+than_x_deg": "gt", "_more+than_a_1": "gt",
    "_less+than_x": "lt", "_less+than_x_deg": "lt", "_less+than_a_1": "lt",
    "_fewer+than_x_deg": "lt", "_fewer+than_x": "lt",
    "_not_x_deg": "neq",
}
#: fraction nouns of partitives ("a third of the squares") and their denominators
FRACTION_NOUNS: dict[str, int] = {"_third_n_of": 3, "_quarter_n_of": 4, "_half_n_of": 2, "_fourth_n_of": 4}
#: prepositions and the relation (kind, value) they name
SPATIAL_PREPS: dict[str, tuple[str, int]] = {
    "_above_p": ("y-rel", -1), "_below_p": ("y-rel", 1),
    "_behind_p": ("z-rel", -1), "_in+front+of_p": ("z-rel", 1),
    "_over_p": ("y-rel", -1), "_on+top+of_p": ("y-rel", -1),
    "_under_p": ("y-rel", 1), "_beneath_p": ("y-rel", 1), "_underneath_p": ("y-rel", 1),
    "_left+of_p": ("x-rel", -1), "_right+of_p": ("x-rel", 1),
}
#: prepositions that take "the left/right of y" ("to the left of", "on the left of")
SIDE_PREPS = frozenset({"_to_p", "_on_p"})
#: "the left/right (of)" in "to the left of" and the copular "is left of"
SIDE_NOUNS: dict[str, tuple[str, int]] = {"_left_n_1": ("x-rel", -1), "_right_n_1": ("x-rel", 1),
                                         "_left_n_of": ("x-rel", -1), "_right_n_of": ("x-rel", 1)}
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
                          "_item_n_of", "_one_n_1"})
#: coordinations and their connective; implicit_conj (lists "A, B and C", run-on clauses)
#: takes the connective of a coordination it is joined to ("A, B or C" = implicit_conj(A,
#: or(B, C))), otherwise "and"
COORDINATIONS: dict[str, str] = {"_and_c": "and", "_or_c": "or", "implicit_conj": "and", "_but_c": "and"}

# descriptive captions (see :mod:`.descriptive`)
#: nouns of the picture itself ("the image shows ...", "in the picture")
FRAME_NOUNS = frozenset({"_image_n_of", "_picture_n_of", "_photo_n_of", "_scene_n_of", "_illustration_n_of",
                         "_drawing_n_of", "_canvas_n_1", "_frame_n_of"})
#: prepositions that locate something in the picture ("in the image")
FRAME_PREPS = frozenset({"_in_p", "_on_p"})
#: verbs of depiction: "the image shows X" / "I can see X" / "X is shown" say that X is there
DEPICTION_VERBS = frozenset({"_show_v_1", "_contain_v_1", "_depict_v_1", "_feature_v_1", "_display_v_1",
                             "_include_v_1", "_have_v_1", "_see_v_1", "_picture_v_1", "_draw_v_1"})
#: verbs of position: "X sits above Y" says "X is above Y"
POSITION_VERBS = frozenset({"_sit_v_1", "_lie_v_1", "_rest_v_1", "_float_v_1", "_appear_v_1", "_stand_v_1"})
#: participles of placing: "X is located above Y" (ARG2 = X)
PLACING_VERBS = frozenset({"_locate_v_1", "_position_v_1", "_place_v_1", "_situate_v_1"})
#: verbs that hedge a claim ("There appears to be X", "The image suggests that ..."): the claim is
#: read as made (ARG1 or ARG2 is the handle of the clause)
HEDGE_VERBS = frozenset({"_appear_v_to", "_seem_v_to", "_suggest_v_to"})
#: adjectives that say only that something is there ("three shapes are visible")
PRESENCE_ADJS = frozenset({"_visible_a_1", "_present_a_1"})


def split_predicate(pred: str) -> tuple[str, str, str]:
    """``_lemma_pos_sense`` → (lemma, pos, sense); abstract predicates give (pred, "", "")."""
    if not pred.startswith("_"):
        return pred, "", ""
    parts = pred[1:].split("_")
    if len(parts) < 2:
        return parts[0], "", ""
    return parts[0], parts[1], "_".join(parts[2:])


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
def shape_of(pred: str) -> str | None:
    """The shape a shape noun (``_square_n_of``, ``_oval_n_1``, ``_star_n_1``) names, else None."""
    lemma, pos, _ = split_predicate(pred)
    if pos == "n":
        return _SHAPE_LEMMAS.get(lemma)
    return None


__all__ = [
    "ATTRIBUTE_NOUNS", "COMPARATIVE_ADJS", "COORDINATIONS", "DEGREE_WORDS", "DEPICTION_VERBS", "ENTITY_NOUNS",
    "EQUALITY_ADJS", "FRAME_NOUNS", "FRAME_PREPS", "NON_WORLD_COLORS", "NON_WORLD_SHAPES", "PLACING_VERBS",
    "POSITION_VERBS", "PRESENCE_ADJS", "SHAPE_SYNONYMS", "SIDE_PREPS",
    "FRACTION_NOUNS", "INDEFINITE_QUANTIFIERS", "INTERPRETABLE_QUANTIFIERS", "SIDE_NOUNS", "SPATIAL_PREPS",
    "UNIVERSAL_QUANTIFIERS", "color_of", "normalize_predicate", "shape_of", "split_predicate",
]
