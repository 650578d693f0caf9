"""What reference looks back at: the entities named before a word ("it", "both", "the other"),
where that look stops (a sentence left out of a description, :data:`UNREAD`), and how what is
said of a word's entity moves to the entities it refers to.

Shared by the rules of :mod:`.reference` (pronouns, "one", "other") and :mod:`.pairs` ("both",
"each", "the two"); the rules are stated in docs/semantics.md ("Reference across sentences").
"""
from __future__ import annotations

from dataclasses import dataclass

from .predicates import COORDINATIONS, names_entity
from .working_mrs import EP, WorkingMRS, is_var


#: predicate of the EP that stands where a sentence of a description was left out (it could not be
#: read); its CARG is what that sentence mentions (:func:`encode_mentions`)
UNREAD = "unread_sentence"
_NOTHING = "-"


@dataclass(frozen=True)
class Mention:
    """An entity an unread sentence names: its number, and its noun then its one-place adjectives."""

    plural: bool
    words: tuple[str, ...]


def encode_mentions(mentions: list[Mention]) -> str:
    """``[Mention(False, ("_cross_n_1", "_gray_a_1"))]`` as the CARG "sg:_cross_n_1,_gray_a_1"."""
    return ";".join(("pl:" if m.plural else "sg:") + ",".join(m.words) for m in mentions) or _NOTHING


def decode_mentions(carg: str | None) -> list[Mention]:
    if not carg or carg == _NOTHING:
        return []
    return [Mention(part[:2] == "pl", tuple(part[3:].split(","))) for part in carg.split(";")]


def stop_point(w: WorkingMRS, before: tuple[int, int], plural: bool | None) -> tuple[tuple[int, int], list[Mention]]:
    """Where reference back from ``before`` stops: the latest unread sentence before it that
    mentions an entity of that number (any number when None), with those mentions; ((-1, -1), [])
    when there is none. An unread sentence that mentions nothing of the number is passed over, but
    one that names two or more single shapes stops a plural ("these", "them" may mean them
    together), with no mention of its number to recover."""
    for e in sorted((e for e in w.live if not e.dead and e.pred == UNREAD and e.key < before),
                    key=lambda e: e.key, reverse=True):
        mentioned = decode_mentions(e.carg)
        said = [m for m in mentioned if plural is None or m.plural == plural]
        if said:
            return e.key, said
        if plural and sum(not m.plural for m in mentioned) >= 2:
            return e.key, []
    return (-1, -1), []


def referents(w: WorkingMRS, before: tuple[int, int], plural: bool | None) -> list[EP]:
    """Quantifiers of entities mentioned before ``before`` (surface order), most recent first,
    that are not the object of a relation or verb (the subjects and there-existentials: one a
    "there is" introduces stays a subject when a passive makes it an object, "there is a cyan cross,
    overlapped by a red semicircle below it"), and not before an unread sentence that may mention
    what is meant (:func:`stop_point`)."""
    there = {e.args.get("ARG1") for e in w.live if not e.dead and e.pred == "_be_v_there"}
    objects = {e.args.get("ARG2") for e in w.live if not e.dead and e.pred != "_be_v_there"} - there
    objects |= coordinated(w)
    cut = stop_point(w, before, plural)[0]
    out = [q for q in w.live if q.is_quantifier() and not q.dead and cut < q.key < before and q.pred != "pronoun_q"
           and q.arg0 not in objects and is_var(q.arg0, "x") and (plural is None or q.mods.plural == plural)]
    return sorted(out, key=lambda q: q.key, reverse=True)


def coordinated(w: WorkingMRS) -> set[str]:
    """The entities that are items of a coordination ("a square and a circle")."""
    return {v for e in w.live if not e.dead and e.pred in COORDINATIONS for r, v in e.args.items() if r != "ARG0"}


def conjuncts_before(w: WorkingMRS, before: tuple[int, int], plural: bool | None) -> bool:
    """Whether entities of this number were mentioned before as parts of a coordination."""
    parts = coordinated(w)
    cut = stop_point(w, before, plural)[0]
    return any(q.is_quantifier() and not q.dead and cut < q.key < before and q.arg0 in parts
               and (plural is None or q.mods.plural == plural) for q in w.live)


def local_entities(w: WorkingMRS, pronoun: str) -> set[str]:
    """The entities a pronoun cannot refer to: its co-arguments ("A cross is below it.": "it" is
    not the cross), and the head a phrase around it modifies, through "of" and "to the left of"
    ("the square to the left of it": ``_of_p(left, it)``, ``_to_p(square, left)``: not the square)."""
    live = [e for e in w.live if not e.dead and not e.is_quantifier()]
    local = {v for e in live if pronoun in e.args.values() for v in e.args.values()}
    shapes = {e.arg0 for e in live if names_entity(e.pred)}
    grown = True
    while grown:  # (the items of a list are not a head and its modifier; nor is a shape with a
        # clause on it the place of another: "a circle on top of a red circle overlapping it")
        heads = {e.args["ARG1"] for e in live if e.args.get("ARG2") in local and "ARG1" in e.args
                 and e.pred not in COORDINATIONS and e.args["ARG2"] not in shapes}
        grown = not heads <= local
        local |= heads
    return local


def named_before(w: WorkingMRS, q: EP, cut: tuple[int, int]) -> list[EP]:
    """The quantifiers of the shapes named before ``q`` (after ``cut``), but not under "no" nor
    the co-arguments of ``q``'s entity ("There is a red square. A blue circle is below both.": not
    the circle)."""
    local = local_entities(w, q.arg0 or "")
    return [r for r in w.live if r.is_quantifier() and not r.dead and cut < r.key < q.key and r is not q
            and r.pred not in ("pronoun_q", "_no_q") and is_var(r.arg0, "x") and r.arg0 not in local
            and names_a_shape(w, r)]


def names_a_shape(w: WorkingMRS, r: EP) -> bool:
    """Whether quantifier ``r``'s restriction names its entity with a shape noun or "shape", "object" ..."""
    return any(n.arg0 == r.arg0 and names_entity(n.pred) for n in w.at(w.rstr_label(r)))


def said_of_each(w: WorkingMRS, q: EP, rs: list[EP], users: list[EP], a: str, b: str) -> None:
    """What is said of ``q``'s entity said of ``a`` and, in copies, of ``b`` ("both are small":
    the first is small and the second is small)."""
    x = q.arg0 or ""
    w.kill(q, *rs)
    for e in users:
        w.eps.append(EP(e.pred, e.label, {r: (b if v == x else w.new_name("e") if r == "ARG0" else v)
                                          for r, v in e.args.items()}, e.carg, e.key, relation=e.relation))
        e.args = {r: (a if v == x else v) for r, v in e.args.items()}
    w.reindex()
    for v in (a, b):
        said_of_the_head(w, v, [e for e in w.live if not e.dead and v in e.args.values()
                                 and e.pred in {u.pred for u in users}])


def said_of_the_head(w: WorkingMRS, a: str, users: list[EP]) -> None:
    """"a blue square with a yellow rectangle above it": "it" is the square, inside the square's own
    description; the claim with "it" moves from the rectangle's restriction to the "with"-phrase's
    place (the square's restriction), so the rectangle is found among the square's company and the
    square's quantifier does not depend on itself."""
    q = w.quant_of.get(a)
    if q is None:
        return
    own = w.rstr_label(q)
    inner = {v for e in w.at(own) for r, v in e.args.items() if r != "ARG0" and is_var(v, "x") and v != a}
    for e in users:
        holder = next((r for r in w.live if r.is_quantifier() and not r.dead and w.rstr_label(r) == e.label), None)
        if holder is not None and holder.arg0 in reachable(w, inner):
            e.label = own
    w.reindex()


def reachable(w: WorkingMRS, start: set[str]) -> set[str]:
    """The entities ``start`` names and those their restrictions name in turn (a list's items)."""
    seen, todo = set(), list(start)
    while todo:
        v = todo.pop()
        if v in seen or v not in w.quant_of:
            continue
        seen.add(v)
        todo.extend(u for e in w.at(w.rstr_label(w.quant_of[v])) for r, u in e.args.items()
                    if r != "ARG0" and is_var(u, "x") and e.arg0 == v)
    return seen


__all__ = ["UNREAD", "Mention", "encode_mentions", "decode_mentions", "stop_point", "referents", "coordinated",
           "conjuncts_before", "local_entities", "named_before", "said_of_each", "said_of_the_head", "reachable"]
