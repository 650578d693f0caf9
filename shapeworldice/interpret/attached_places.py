"""Places the parser attaches to one phrase that may belong to another.

* "There is a red triangle, a teal triangle and a blue oval on the right.": a place after the last item
  of a list is said of that item, and may be said of every item. Where the parser gives it to the last
  item, it stays the last item's: the dev half's labels read it so (img-281, 313, 348, 366, 553, 316
  two-three / one-sentence captions labelled true with the earlier items elsewhere, against four
  labelled vague, img-736 among them). Where the parser gives it to the whole list (a copy on each
  item), each earlier item is there where it is, else vague (never false): the sentence is false only
  when the last item is not there.
* "The blue oval follows the magenta oval to the right.": "to the right" after a verb's object may be
  the verb's (which way it goes), not the object's place: the object is on the right where it is, else
  vague. Where the grammar puts it on the verb (after a definite object), it is which way the verb goes:
  the subject is right of the object in the judges' reading of "X follows Y to the right", left of
  it in a reading of following behind; neither is the picture's side. It is vague, said of the
  subject, and the verb keeps its own reading.

Meanings: docs/descriptions.md.
"""
from __future__ import annotations

from .lists import list_items
from .picture_places import ATTR, kill_entity, region_of, restriction
from .predicates import COORDINATIONS, DEPICTION_VERBS, OWN_SIDES, split_predicate, unknown_word
from .working_mrs import EP, WorkingMRS, is_var

#: the attribute kind of a place said of an earlier item of a list: true there, vague elsewhere
MAYBE_REGION = "region-or-vague"


def _place(w: WorkingMRS, v: str) -> EP | None:
    """The one place of the picture said of item ``v`` in its restriction, if just one."""
    places = [e for e in restriction(w, v) if e.pred == ATTR and e.args.get("ARG1") == v
              and (e.carg or "").startswith("region:")]
    return places[0] if len(places) == 1 else None


def _placed(w: WorkingMRS, vs: set[str], last: EP) -> bool:
    """Whether anything but ``last`` (and its copies) places one of ``vs``: a place, a relation or a
    preposition said of an item or of the list."""
    return any(not e.dead and e.key != last.key and e.arg0 not in vs
               and any(v in vs for k, v in e.args.items() if k != "ARG0")
               and (e.pred == ATTR and (e.carg or "").startswith(("region", "vague")) or e.relation is not None
                    or split_predicate(e.pred)[1] == "p")
               for e in w.live)


def places_at_a_lists_end(w: WorkingMRS) -> None:
    """Earlier items of a list given the place of its last item by the parser: the place, never false
    (see the module)."""
    coords = {c.arg0: c for c in w.live if not c.dead and c.pred in COORDINATIONS and is_var(c.arg0, "x")}
    inner = {c.args.get(r) for c in coords.values() for r in ("ARG1", "ARG2")}
    changed = False
    for x in coords:
        if x in inner:
            continue
        items = list_items(w, x or "")
        if len(items) < 2 or any(v not in w.quant_of for v in items):
            continue
        nouns = [min((e.key for e in restriction(w, v) if e.arg0 == v), default=None) for v in items]
        if None in nouns or len(set(nouns)) != len(nouns):
            continue  # items copied from one phrase ("red and blue squares"): one place for all
        last = _place(w, items[-1])
        lists = {v for v in coords if v is not None}
        if last is None or _placed(w, set(items) | lists, last):
            continue  # another item has a place of its own, or the list has one: the last place is its own
        place = f"{MAYBE_REGION}:{(last.carg or '')[len('region:'):]}"
        for v in items[:-1]:
            for e in restriction(w, v):
                if e.pred == ATTR and e.key == last.key:  # the parser's place of the whole list, copied
                    e.carg = place
                    changed = True
    if changed:
        w.reindex()


def _verb(pred: str) -> bool:
    """Whether ``pred`` is a verb, or a word outside the vocabulary the parser took for one."""
    unknown = unknown_word(pred)
    return unknown[1].lower().startswith("vb") if unknown is not None else split_predicate(pred)[1] == "v"


def directions_after_objects(w: WorkingMRS) -> None:
    """"to the right" (``_to_p`` of a place of the picture) said of the object of a verb other than a
    picture's ("shows", "has"): the object's place, never false (run before :func:`.picture_places.regions`)."""
    objects = {e.args.get("ARG2") for e in w.live if not e.dead and _verb(e.pred) and e.pred not in DEPICTION_VERBS
               and is_var(e.args.get("ARG2"), "x")}
    for e in list(w.live):
        x, y = e.args.get("ARG1"), e.args.get("ARG2", "")
        if e.dead or e.pred != "_to_p" or x not in objects or y not in w.quant_of:
            continue
        place = region_of(w, y)
        if not place or "edge" in place:
            continue
        kill_entity(w, y)
        e.pred, e.carg, e.args = ATTR, f"{MAYBE_REGION}:{place}", {"ARG0": e.arg0 or "e?", "ARG1": x or ""}
    w.reindex()


def directions_of_verbs(w: WorkingMRS) -> None:
    """``_to_p(verb event, the right/left)`` after a verb with an object: vague, said of the subject
    (see the module docstring), never the picture's side."""
    verbs = {e.arg0: e for e in w.live if not e.dead and e.arg0 and _transitive(e)}
    for p in list(w.live):
        verb = verbs.get(p.args.get("ARG1", ""))
        side = p.args.get("ARG2", "")
        if p.dead or p.pred != "_to_p" or verb is None or not is_var(side, "x") or p.key < verb.key:
            continue  # ("To the right, X overlaps Y": a place before the clause is where it happens)
        rs = restriction(w, side)
        if len(rs) != 1 or rs[0].pred not in OWN_SIDES:  # "to the right of it", "to the far right"
            continue
        kill_entity(w, side)
        p.pred, p.carg, p.args = ATTR, "vague:direction", {"ARG0": p.arg0 or "e?", "ARG1": verb.args["ARG1"]}
    w.reindex()


def _transitive(e: EP) -> bool:
    """A verb (or an unknown word the tagger took for one) with a shape as subject and object, not one
    of depiction ("the image shows the square to the right": the square's place)."""
    return _verb(e.pred) and e.pred not in DEPICTION_VERBS and is_var(e.args.get("ARG1"), "x") and is_var(
        e.args.get("ARG2"), "x")


__all__ = ["MAYBE_REGION", "directions_after_objects", "directions_of_verbs", "places_at_a_lists_end"]
