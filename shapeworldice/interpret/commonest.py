""""Cyan is the most common colour.", "The most common colour is cyan.", "Triangles are the most common
shape.": a claim on the picture as a whole (a :class:`~.logic.Scene` ``commonest``), read by counting.

The shapes of the named colour (kind) are more than those of any other colour (kind): true when they
outnumber every other, false when another is more common, vague on a tie (which is "most common" is
then not decided). The colour word is read by the colour table where it names one palette colour
crisply ("teal" = cyan); another colour word ("light blue", which may be blue or cyan) leaves the
claim vague (:func:`shapeworldice.semantics.appearance.commonest`).
"""
from __future__ import annotations

from .picture_places import SCENE, kill_entity, restriction
from .predicates import ENTITY_NOUNS, color_of, shape_of, split_predicate
from ..semantics.appearance import color_word
from .working_mrs import EP, WorkingMRS

#: adjectives of "the most common": frequency, not size
_FREQUENT = frozenset({"common", "frequent", "numerous", "prevalent", "repeated", "recurring"})
_COLOUR_NOUNS = frozenset({"_color_n_1", "_colour_n_1"})


def commonest(w: WorkingMRS) -> None:
    """"X is the most common colour / shape" (either way round) → ``SCENE`` ``commonest:colour/X``
    or ``commonest:shape/X``."""
    for v in list(w.quant_of):
        kind = _most_common(w, v)
        if kind is None:
            continue
        claims = [e for e in w.live if not e.dead and v in e.args.values() and not e.is_quantifier()
                  and e not in restriction(w, v)]
        if len(claims) != 1:
            continue
        value = _named(w, claims[0], v, kind)
        if value is None:
            continue
        e = claims[0]
        if e.pred == "_be_v_id":
            other = e.args["ARG1"] if e.args.get("ARG2") == v else e.args.get("ARG2", "")
            kill_entity(w, other)
        kill_entity(w, v)
        e.pred, e.args, e.carg = SCENE, {"ARG0": e.arg0 or w.new_name("e")}, f"commonest:{kind}/{value}"
    w.reindex()


def _most_common(w: WorkingMRS, v: str) -> str | None:
    """"colour" / "shape" when ``v`` is "the most common colour / shape", else None."""
    q = w.quant_of.get(v)
    rs = restriction(w, v)
    if q is None or q.pred != "_the_q":
        return None
    supers = [s for s in rs if s.pred == "superl"]
    adjs = [a for a in rs if a.args.get("ARG1") == v and split_predicate(a.pred)[0].split("/")[0] in _FREQUENT]
    nouns = [n for n in rs if n.arg0 == v and (n.pred in _COLOUR_NOUNS or n.pred in ENTITY_NOUNS)]
    if len(supers) != 1 or len(adjs) != 1 or supers[0].args.get("ARG1") != adjs[0].arg0 or len(nouns) != 1 \
            or len(rs) != 3:
        return None
    return "colour" if nouns[0].pred in _COLOUR_NOUNS else "shape"


def _named(w: WorkingMRS, e: EP, v: str, kind: str) -> str | None:
    """The colour or shape the claim ``e`` names as the most common ``v``."""
    if kind == "colour" and e.args.get("ARG1") == v and len(e.args) == 2:  # "Cyan is ...", "... is cyan"
        lemma = split_predicate(e.pred)[0]
        if color_of(e.pred) is not None:
            return color_of(e.pred)[0]  # type: ignore[index]
        return color_word(lemma.replace("+", " ").lower())
    if e.pred != "_be_v_id":
        return None
    other = e.args["ARG1"] if e.args.get("ARG2") == v else e.args.get("ARG2", "")
    rs = restriction(w, other)
    if kind == "shape" and len(rs) == 1 and shape_of(rs[0].pred) is not None and rs[0].arg0 == other:
        return shape_of(rs[0].pred)  # "Triangles are / The crosses are the most common shape."
    if kind == "colour" and len(rs) == 1 and rs[0].arg0 == other and color_of(rs[0].pred) is not None:
        return color_of(rs[0].pred)[0]  # type: ignore[index]  # "Green is ...": the colour as a noun
    return None


__all__ = ["commonest"]
