""""The shapes are in blue tones.", "shapes in red and yellow hues": a colour said as the tones (shades,
hues) a shape is in names a family of colours: true where the colour word is, vague on a neighbouring
palette colour (cyan, teal, is a shade of blue to most speakers), false only where the shape is clearly
none of them (``colour-family`` of :mod:`shapeworldice.semantics.appearance`). Before, "tones" was a
word the world model does not record and the claim said nothing (true of any colour). Meanings:
docs/descriptions.md.
"""
from __future__ import annotations

from .picture_places import ATTR, kill_entity, nouns_of, restriction
from .predicates import color_of, split_predicate
from .working_mrs import WorkingMRS, is_var

#: nouns of a colour's family ("blue tones", "red hues", "green shades")
FAMILY_NOUNS = frozenset({"_tone_n_1", "_shade_n_1", "_hue_n_1"})
#: what says the family of a shape: "in blue tones", "of red hues"
_FAMILY_USERS = frozenset({"_in_p", "_of_p", "_with_p"})


def colour_families(w: WorkingMRS) -> None:
    """A noun of :data:`FAMILY_NOUNS` with colour adjectives, said of a shape by a preposition → the
    shape's ``colour-family`` of those colours (the noun phrase is not an entity of its own)."""
    changed = False
    for v, q in list(w.quant_of.items()):
        if q.dead or not is_var(v, "x"):
            continue
        rs = restriction(w, v)
        nouns = nouns_of(w, v)
        colours = [split_predicate(e.pred)[0] for e in rs
                   if e.args.get("ARG1") == v and (found := color_of(e.pred)) is not None and found[1] == "a"]
        if not nouns or not all(n.pred in FAMILY_NOUNS for n in nouns) or not colours:
            continue
        if len(rs) != len(nouns) + len(colours):
            continue  # "darker blue tones", "various blue tones": not read here
        users = [e for e in w.live if not e.dead and e not in rs and not e.is_quantifier() and v in e.args.values()]
        if len(users) != 1 or users[0].pred not in _FAMILY_USERS or users[0].args.get("ARG2") != v:
            continue
        owner = users[0].args.get("ARG1")
        if not is_var(owner, "x"):
            continue
        user = users[0]
        user.pred, user.carg = ATTR, "colour-family:" + "+".join(colours)
        user.args = {"ARG0": user.arg0 or w.new_name("e"), "ARG1": owner or ""}
        kill_entity(w, v)
        changed = True
    if changed:
        w.reindex()


__all__ = ["FAMILY_NOUNS", "colour_families"]
