"""Superlatives said of one shape: "The blue circle is the largest shape (in the image).", "The cyan
pentagon is one of the biggest shapes." (read on the shapes' areas; meanings in docs/descriptions.md).
"""
from __future__ import annotations

from .picture_places import ATTR, frames_of, kill_entity, restriction
from .predicates import COORDINATIONS, ENTITY_NOUNS, SIZE_ADJS, TONE_ADJS, color_of, shape_of
from .working_mrs import EP, WorkingMRS, is_var


def superlative_identity(w: WorkingMRS) -> None:
    """"The blue circle is the largest shape (in the image)." (either way round, "the smallest"): the
    shape is larger (smaller) than every other shape with ShapeWorld's margin, and not so when another
    is clearly larger (smaller) (``than-any:most`` / ``least``). Only of "shape", "object", "one" or no
    noun, which compare with every shape, and of a definite ("The largest shape is a blue square." and
    "the largest circle" stay selectors); of a shape noun ("The gray pentagon is the largest pentagon."), the
    shape is one, and compared with the shapes of its kind (the labelling guide's "the largest X").
    Its subject may be a definite, "it" ("It is the smallest cross.") or, as the copula's subject, an
    indefinite ("A yellow square is the biggest shape.", "a yellow square, which is the biggest
    shape"): some such shape is the largest; "The largest shape is a blue square." stays a selector."""
    for e in list(w.live):
        if e.dead or e.pred != "_be_v_id":
            continue
        a, b = e.args.get("ARG1", ""), e.args.get("ARG2", "")
        for x, y in ((a, b), (b, a)):
            word = _superlative_shape(w, y)
            if word is None or not _superlative_subject(w, e, x):  # "is a blue square": a selector
                continue
            kinds = [n for n in restriction(w, y) if n.arg0 == y and shape_of(n.pred) is not None]
            for v in [p.args.get("ARG2", "") for p in restriction(w, y) if p.pred in ("_in_p", "_of_p")]:
                kill_entity(w, v)
            kill_entity(w, y)
            if kinds:  # "the largest triangle": a triangle, and larger than every other triangle
                w.eps.append(EP(kinds[0].pred, e.label, {"ARG0": x}, None, e.key))
                word = f"{word}/{shape_of(kinds[0].pred)}"
            e.pred, e.carg, e.args = ATTR, f"than-any:{word}", {"ARG0": e.arg0 or "e?", "ARG1": x}
            break
    w.reindex()


def _superlative_subject(w: WorkingMRS, copula: EP, x: str) -> bool:
    """Whether ``x`` may be the shape a superlative identity is said of: a definite or "it" on either
    side of the copula, a singular indefinite only as its subject."""
    q = w.quant_of.get(x)
    if q is None or q.mods.plural:
        return False
    # "a yellow square, which is the largest shape, and a red circle" is not one identity; an
    # appositive's "there is X, the largest shape" joins its clauses implicitly, and is kept
    shapes = {v for r, v in copula.args.items() if r != "ARG0" and is_var(v, "x")}
    if q.pred != "_the_q" and any(not c.dead and c.pred in COORDINATIONS and (shapes & set(c.args.values()) or (
            c.pred != "implicit_conj" and copula.arg0 in c.args.values())) for c in w.live):
        return False
    return q.pred in ("_the_q", "pronoun_q") or q.pred == "_a_q" and copula.args.get("ARG1") == x


def _modified(w: WorkingMRS, *events: EP) -> bool:
    """Whether something modifies one of the ``events`` (a place or adverb said of a clause)."""
    names = {e.arg0 for e in events if e.arg0}
    return any(not m.dead and m not in events and m.args.get("ARG1") in names for m in w.live)


def _superlative_shape(w: WorkingMRS, y: str) -> str | None:
    """"most" / "least" when ``y`` is "the largest / smallest shape (in the image)", else None."""
    q = w.quant_of.get(y)
    rs = restriction(w, y)
    supers = [s for s in rs if s.pred == "superl"]
    if q is None or q.pred != "_the_q" or len(supers) != 1:
        return None
    sizes = [a for a in rs if a.arg0 == supers[0].args.get("ARG1") and a.pred in SIZE_ADJS and a.args.get("ARG1") == y]
    frames = frames_of(w)
    if len(sizes) != 1 or not all(
            n in supers or n in sizes or n.arg0 == y and (n.pred in (*ENTITY_NOUNS, "_one_n_1") or shape_of(n.pred))
            or n.pred in ("_in_p", "_of_p") and n.args.get("ARG1") == y and n.args.get("ARG2") in frames for n in rs):
        return None
    return "least" if SIZE_ADJS[sizes[0].pred] in ("small", "tiny") else "most"


def appositive_superlatives(w: WorkingMRS) -> None:
    """"There is a large teal circle, the biggest shape in the image.": the grammar reads the phrase
    after the comma as one more "there is"; a singular "the largest (smallest) shape" right after a
    shape a "there is" introduces is said of it (the copula of :func:`superlative_identity`), not a
    second shape (which would leave the circle's size unsaid)."""
    there = {e.arg0: e for e in w.live if not e.dead and e.pred == "_be_v_there"}
    for c in list(w.live):
        if c.dead or c.pred != "implicit_conj":
            continue
        first, second = there.get(c.args.get("ARG1", "")), there.get(c.args.get("ARG2", ""))
        if first is None or second is None:
            continue
        x, y = first.args.get("ARG1", ""), second.args.get("ARG1", "")
        q = w.quant_of.get(x)
        if q is None or q.pred != "_a_q" or q.mods.plural or _superlative_shape(w, y) is None:
            continue
        if _modified(w, c, first, second):  # "In the top right there is a circle, the biggest shape": kept
            continue
        second.pred, second.args = "_be_v_id", {"ARG0": second.arg0 or "e?", "ARG1": x, "ARG2": y}
    w.reindex()


def only_identity(w: WorkingMRS) -> None:
    """"The green circle is the only green object.": the subject is a green object, and there is
    exactly one green object (true when the subject is the one, false when it is not one or there
    are others). Said of a definite, an indefinite or "it" as the copula's subject, with "the only"
    + a noun and words of its own as the complement."""
    for e in list(w.live):
        if e.dead or e.pred != "_be_v_id":
            continue
        x, y = e.args.get("ARG1", ""), e.args.get("ARG2", "")
        q = w.quant_of.get(y)
        rs = restriction(w, y)
        only = [a for a in rs if a.pred == "_single_a_1" and a.args.get("ARG1") == y]
        if q is None or q.pred != "_the_q" or q.mods.plural or not q.mods.plain() or len(only) != 1 \
                or not _superlative_subject(w, e, x) or not any(n.arg0 == y for n in rs):
            continue
        if _modified(w, e) or any(a.pred == "_one_n_1" for a in rs):
            continue  # "On the right, X is the only square" (the place is X's); "the only red one" ("one" unresolved)
        if any(a is not only[0] and not _counted_word(a, y) for a in rs):
            continue  # "the only colorful object", "the only circle in the top half": not counted
        w.kill(only[0])
        for a in rs:
            if a is not only[0]:  # the subject is one such shape
                args = {k: (x if v == y else w.new_name("e") if k == "ARG0" else v) for k, v in a.args.items()}
                w.eps.append(EP(a.pred, e.label, args, a.carg, e.key))
        q.pred, q.mods.card, q.mods.degree = "udef_q", 1, "eq"  # and there is exactly one
        e.pred, e.args = "_be_v_there", {"ARG0": e.arg0 or "e?", "ARG1": y}
    w.reindex()


def _counted_word(a: EP, y: str) -> bool:
    """Whether ``a`` is a word of "the only Y" that the count of Y reads: a shape noun or "shape",
    a colour, tone or size word of ``y`` (a word read as saying nothing, "colorful", would make
    "the only colorful object" "the only object")."""
    if a.arg0 == y:
        return shape_of(a.pred) is not None or a.pred in ENTITY_NOUNS
    return a.args.get("ARG1") == y and len(a.args) == 2 and (
        color_of(a.pred) is not None or a.pred in SIZE_ADJS or a.pred in TONE_ADJS)


def one_of_the_superlatives(w: WorkingMRS) -> None:
    """"The cyan pentagon is one of the biggest shapes." (either way round): how many count as "the
    biggest" is not said, so true only when the shape is clearly the largest (smallest) of all
    (``than-any:one-of-most``), vague otherwise (never false)."""
    for e in list(w.live):
        if e.dead or e.pred != "_be_v_id":
            continue
        a, b = e.args.get("ARG1", ""), e.args.get("ARG2", "")
        for x, y in ((a, b), (b, a)):
            q = w.quant_of.get(y)
            rs = restriction(w, y)
            parts = [p.args.get("ARG1", "") for p in rs if p.pred == "part_of" and p.arg0 == y]
            cards = [c for c in rs if c.pred == "card" and c.carg == "1"]
            if q is None or x not in w.quant_of or len(parts) != 1 or len(cards) != 1 or len(rs) != 2:
                continue
            word = _superlative_shape(w, parts[0])
            if word is None or any(n.arg0 == parts[0] and shape_of(n.pred) for n in restriction(w, parts[0])):
                continue
            kill_entity(w, parts[0])
            kill_entity(w, y)
            e.pred, e.carg, e.args = ATTR, f"than-any:one-of-{word}", {"ARG0": e.arg0 or "e?", "ARG1": x}
            break
    w.reindex()


__all__ = ["appositive_superlatives", "one_of_the_superlatives", "only_identity", "superlative_identity"]
