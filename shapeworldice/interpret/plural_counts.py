"""How many a bare plural of a shape noun says: in a caption that lists shapes or names a single shape
("Red circles, a magenta cross and …"), two or more, one alone false (the labelling guide's plural);
alone, or where its count is left open, at least one and clearly from two (one alone is vague). Run
from :func:`.lists.quantities`; the meanings are in docs/descriptions.md ("Numbers and quantities").
"""
from __future__ import annotations

from .picture_places import ATTR, restriction
from .predicates import COORDINATIONS, NEGATIVE_QUANTIFIERS, QUANTITY_ADJS, shape_of, split_predicate
from .working_mrs import EP, WorkingMRS, is_var

#: an EP in a restriction that marks a vague count on its quantifier ("many"): its ``carg`` is
#: "N:word", true from N on, vague below that down to the quantifier's own count, false below that
MANY = "MANY"
#: words that count on from shapes named before ("another", "a second"): see :func:`named_plural`
_OTHER_WORDS = frozenset({"_other_a_1", "_another_q", "_second_a_1", "_third_a_1", "ord"})
#: the carg of the "there is" a noun-phrase caption is read as (``unknown(ARG = x)``): a caption that
#: lists shapes as a picture's content, where a shared word does not leave a plural item's count open
FRAGMENT = "fragment"
#: every plural of a description (a marker of :data:`ALL`)
ALL = "*"
#: words under which "two or more" would read as less, not more ("does not touch blue circles": one
#: touching circle would make "not two or more" true): a caption with one keeps the plural's open count
_DOWNWARD = NEGATIVE_QUANTIFIERS | {"neg", "_without_p", "_never_a_1", "_not_x_deg"}


def counts_left_open(w: WorkingMRS, predicative: set[str | None]) -> set[str]:
    """The plurals whose count is left open: conjuncts of :func:`_shared_conjuncts`, and every plural
    (:data:`ALL`) where the caption says "another", "other", "a second" (``_OTHER_WORDS``: "There are
    gray pentagons. A second gray pentagon is …" reads the plural as the first of them) or colours are
    said of a whole list ("circles and triangles in red and yellow", a ``kinds:`` marker)."""
    if any(e.pred in _OTHER_WORDS or (e.pred == ATTR and (e.carg or "").startswith("kinds:")) for e in w.eps):
        return {ALL}
    return _shared_conjuncts(w, predicative, _names_a_single_shape(w) or any(
        e.pred == "_be_v_there" and e.carg == FRAGMENT for e in w.live))


def named_plural(x: str, rs: list[EP], open_counts: set[str], listed: set[str]) -> bool:
    """Whether the bare plural ``x`` (restriction ``rs``) is read as two or more, one alone false: a
    shape noun of its own ("red squares", not "red shapes", whose colour words list what the shapes
    are), in a caption that also names a single shape (``listed``, :func:`beside_singulars`: "red
    circles, a magenta cross and …", where one is told from several), whose count
    :func:`counts_left_open` does not leave open. Alone ("There are red squares.") its "more than one"
    stays an implicature: one is vague."""
    if ALL in open_counts or x in open_counts or ALL not in listed:
        return False
    return any(e.arg0 == x and shape_of(e.pred) is not None for e in rs)


def beside_singulars(w: WorkingMRS) -> set[str]:
    """The plurals of a caption that lists shapes or also names a single shape ("red circles, a magenta
    cross and …", "crosses, pentagons and circles", "Shapes including circles, ellipses and a
    triangle."): one against several is told apart there, so a plural says several; :data:`ALL` for
    every plural, or nothing. Nothing where the caption negates something (:data:`_DOWNWARD`)."""
    if any(not e.dead and e.pred in _DOWNWARD for e in w.live):
        return set()
    if any(not c.dead and c.pred in COORDINATIONS and is_var(c.arg0, "x") for c in w.live) or _names_a_single_shape(w):
        return {ALL}
    return set()


def _names_a_single_shape(w: WorkingMRS) -> bool:
    """Whether the caption names a single shape ("a magenta cross", "one circle")."""
    return any(not q.dead and (q.pred == "_a_q" or q.pred == "udef_q" and q.mods.card == 1 and not q.mods.plural)
               and any(e.arg0 == q.arg0 and shape_of(e.pred) is not None for e in restriction(w, q.arg0 or ""))
               for q in w.live)


def _shared_conjuncts(w: WorkingMRS, predicative: set[str | None], single: bool) -> set[str]:
    """The conjuncts of coordinations whose count the guide's plural does not settle: those of a
    coordination whose words are said of the whole list ("circles and triangles in red and yellow"),
    those of a coordination under or with "the", a count or a copula ("The squares and rectangles are
    ..."), and, in a caption that names no single shape and is no noun phrase (``single``: a sentence
    such as "There are cyan squares and rectangles."), those of a coordination whose
    words are shared ("cyan squares and crosses", "several green ovals and rectangles": the words, a
    quantity word among them, may be said of the whole list; a quantity word said of the list keeps
    that open beside a single shape too). Beside a single shape ("gray triangles,
    ovals and rectangles with a pink oval") a shared word leaves each plural item two or more, said
    of both nouns or of the first alone (the dev labels of such items with one shape: 37 false, 1
    vague)."""
    coords = [c for c in w.live if not c.dead and c.pred in COORDINATIONS and is_var(c.arg0, "x")]
    keys: dict[tuple[str, object], set[str]] = {}
    for e in w.live:
        if not e.dead and is_var(e.args.get("ARG1", ""), "x"):
            keys.setdefault((e.pred, e.key), set()).add(e.args["ARG1"])
    shared = {x for xs in keys.values() if len(xs) > 1 for x in xs}
    by_var = {c.arg0 or "": c for c in coords}
    out: set[str] = set()
    for c in coords:
        leaves = [v for k, v in c.args.items() if k != "ARG0" and is_var(v, "x")]
        qs = [w.quant_of.get(v) for v in [c.arg0 or "", *leaves]]
        counted = any(q is not None and (q.pred not in ("udef_q", "_a_q") or not q.mods.plain()) for q in qs)
        counted_list = any(e.pred in QUANTITY_ADJS and e.args.get("ARG1") in (c.arg0, *leaves) for e in w.eps)
        shares = (not single or counted_list) and (any(v in shared for v in leaves) or c.arg0 in shared
                                                   or _bare_after_words(w, c, by_var))
        if c.arg0 in predicative or counted or shares or _said_of(w, c.arg0 or ""):
            out.update(leaves)
    # a conjunct of a conjunct's coordination (a list nested in a list) is as its list is
    for _ in range(4):
        for c in coords:
            if c.arg0 in out:
                out.update(v for k, v in c.args.items() if k != "ARG0" and is_var(v, "x"))
    return out


def _said_of(w: WorkingMRS, x: str) -> bool:
    """Whether words in the restriction of the list ``x`` are said of the whole list."""
    return any(e.args.get("ARG1") == x and e.pred not in COORDINATIONS for e in restriction(w, x))


def _bare_after_words(w: WorkingMRS, c: EP, by_var: dict[str, EP]) -> bool:
    """Whether a coordination's first noun, a shape noun, has adjectives of its own and a later one is a bare noun
    ("teal squares, half circles and ovals", a list nested in a list alike): the words may be meant
    of all of them."""
    leaves: list[str] = []
    todo = [v for k, v in c.args.items() if k != "ARG0" and is_var(v, "x")]
    while todo and len(leaves) < 64:
        v = todo.pop(0)
        inner = by_var.get(v)
        if inner is not None:
            todo[:0] = [u for k, u in inner.args.items() if k != "ARG0" and is_var(u, "x")]
        else:
            leaves.append(v)
    first = restriction(w, leaves[0]) if leaves else []
    if (len(leaves) < 2 or not any(e.arg0 == leaves[0] and shape_of(e.pred) is not None for e in first)
            or not any(e.args.get("ARG1") == leaves[0] and split_predicate(e.pred)[1] == "a" for e in first)):
        return False
    return any(all(e.arg0 == v and split_predicate(e.pred)[1] == "n" for e in restriction(w, v))
               for v in leaves[1:])


def count_marker(q: EP, word: EP, true_from: int, listed: bool) -> None:
    """The quantity word ``word`` on ``q`` → a :data:`MANY` marker, true from ``true_from`` ("many": five);
    ``listed`` (:func:`heads_a_plural_list`): the quantifier's own count drops to one, so "several
    pentagons and triangles" is never false with one pentagon (the list may be what is counted)."""
    word.pred, word.carg = MANY, f"{true_from}:{split_predicate(word.pred)[0]}"
    word.args = {"ARG0": word.arg0 or "e?", "ARG1": q.arg0 or ""}
    if listed:
        q.mods.card = 1


def heads_a_plural_list(w: WorkingMRS, x: str) -> bool:
    """Whether ``x`` is the first item of a list whose later items are bare plurals of nouns ("several
    [pentagons] and [triangles]"): a quantity word on it may count the whole list ("the pentagons and
    triangles number several"), which the parser does not read, so its count there is never false while
    the list may have as many."""
    for c in w.live:
        if c.dead or c.pred not in COORDINATIONS or not is_var(c.arg0, "x") or c.args.get("ARG1") != x:
            continue
        rest = [v for k, v in c.args.items() if k not in ("ARG0", "ARG1") and is_var(v, "x")]
        qs = [w.quant_of.get(v) for v in rest]
        return bool(rest) and all(
            q is not None and q.pred == "udef_q" and q.mods.plural and q.mods.plain()
            and all(e.arg0 == v or split_predicate(e.pred)[1] == "a" and e.args.get("ARG1") == v
                    for e in restriction(w, v))
            and any(split_predicate(e.pred)[1] == "n" and e.arg0 == v for e in restriction(w, v))
            for q, v in zip(qs, rest))
    return False


__all__ = ["FRAGMENT", "MANY", "beside_singulars", "count_marker", "counts_left_open", "heads_a_plural_list",
           "named_plural"]
