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
_SHAPE_LEMMAS = frozenset(SHAPES)

#: quantifiers that can be interpreted (others make the reading uninterpretable)
INTERPRETABLE_QUANTIFIERS = frozenset({
    "_a_q", "udef_q", "_some_q", "_some_q_indiv", "_the_q", "_no_q", "_every_q", "_all_q", "_each_q",
    "_half_q", "_most_q",
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
}
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
ENTITY_NOUNS = frozenset({"_shape_n_1", "_shape_n_sw", "_object_n_1", "_thing_n_of-about", "generic_entity"})
#: coordinations and their connective; implicit_conj (lists "A, B and C", run-on clauses)
#: takes the connective of a coordination it is joined to ("A, B or C" = implicit_conj(A,
#: or(B, C))), otherwise "and"
COORDINATIONS: dict[str, str] = {"_and_c": "and", "_or_c": "or", "implicit_conj": "and"}


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
    """(colour, part of speech) if ``pred`` is a colour adjective / noun / verb."""
    lemma, pos, _ = split_predicate(pred)
    value = _COLOR_LEMMAS.get(lemma)
    if value and pos in ("a", "n", "v"):
        return value, pos
    return None


@lru_cache(maxsize=4096)
def shape_of(pred: str) -> str | None:
    """The shape a shape noun (``_square_n_of``) names, else None."""
    lemma, pos, _ = split_predicate(pred)
    if pos == "n" and lemma in _SHAPE_LEMMAS:
        return lemma
    return None


__all__ = [
    "ATTRIBUTE_NOUNS", "COMPARATIVE_ADJS", "COORDINATIONS", "DEGREE_WORDS", "ENTITY_NOUNS", "EQUALITY_ADJS",
    "FRACTION_NOUNS", "INDEFINITE_QUANTIFIERS", "INTERPRETABLE_QUANTIFIERS", "SIDE_NOUNS", "SPATIAL_PREPS",
    "UNIVERSAL_QUANTIFIERS", "color_of", "normalize_predicate", "shape_of", "split_predicate",
]
