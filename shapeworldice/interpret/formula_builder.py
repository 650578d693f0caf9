"""Formula building: the :class:`~.logic.Formula` of a scope-resolved MRS.

Each label is the conjunction of its EPs' formulas; each hole is its label's formula under
the quantifiers placed there. A coordinated noun phrase ("a square and a circle", ``udef_q``
over ``_and_c``/``_or_c``/``implicit_conj``) is read distributively: each conjunct's
quantifier over the body about that conjunct, joined by the connective. A predicate outside
the fragment (a name, a pronoun, an unknown word) makes the reading uninterpretable.
"""
from __future__ import annotations

from .dropped_looks import any_marked, marked_look, settle, settle_negation, strip
from .errors import UninterpretableMRS, not_covered
from ..semantics.appearance import COLOR_WORDS, color_word
from .logic import (
    TRUE, And, Attr, Color, Compare, Exists, Formula, Iff, Implies, Noun, Not, Or, QSpec, Quant, Rel, Scene, Shape,
    children, conjoin, free_vars, rebuild, substitute,
)
from .groups import each_other, mentions, pair_claim, read_group
from .kinds import kinds_of_a_list
from .groups import mutual as pair_relation
from .lists import MANY, SHARED, THE_OTHER
from .picture_places import ATTR, NOTHING, SCENE
from .predicates import (
    ABOUT, ALMOST_TOUCHING, CONTACT_VERBS, COORDINATIONS, DEGREE_WORDS, ENTITY_NOUNS, GROUP_WORDS, NEAR_APART,
    NEAR_PREPS,
    OUTSIDE_WORDS, SIZE_ADJS, TONE_ADJS, VAGUE_WORDS, color_of, shape_of, split_predicate, unknown_word,
)
from .quantifiers import apply_degree, qspec
from .scope import HoleNode, LabelNode, Scope
from .working_mrs import EP, is_handle, is_var

#: "about N": true within this share of N (at least one), false beyond ABOUT_FALSE of it (at least three)
ABOUT_TRUE, ABOUT_FALSE = 0.1, 0.3
#: "about half (a third ...)": the share within this of the fraction is true, beyond the second false
RATIO_ABOUT_TRUE, RATIO_ABOUT_FALSE = 0.1, 0.25
#: "the shapes are mostly blue" is false when at most this share of them are
MOSTLY_FALSE = 0.25


def _is_group(q: EP) -> bool:
    """Whether ``q`` quantifies over a group ("the shapes", "none / two of the circles"), on which
    the group words are read (:mod:`.groups`; not "one of the circles", not "the square")."""
    return bool(q.mods.plural or (q.mods.partitive and (q.mods.card is None or q.mods.card >= 2)))


def _entity_arg(e: EP, role: str, problem: str) -> str:
    """``e``'s entity argument ``role``, or :class:`UninterpretableMRS` ("{problem}")."""
    x = e.args.get(role)
    if x is None or not is_var(x, "x"):
        raise UninterpretableMRS(problem)
    return x


def _vague_of_event(e: EP, eps: list[EP]) -> Formula | None:
    """A word of :data:`~.predicates.VAGUE_WORDS` said of an event ("sits alone", "are close
    together"): vague of the entity the event's verb (among ``eps``) is said of; None otherwise."""
    event = e.args.get("ARG1")
    if e.pred not in VAGUE_WORDS or event is None:
        return None
    for d in eps:
        if d.args.get("ARG0") == event:
            subject = next((d.args[r] for r in ("ARG1", "ARG2") if is_var(d.args.get(r), "x")), None)
            if subject is not None:
                return Attr(subject, "vague", split_predicate(e.pred)[0])
    return None


def _unread_noun(var: str, eps: list[EP]) -> str | None:
    """The word of a noun outside the vocabulary, or of a vague noun ("else", "dot", "blob"), that is
    the only noun of ``var`` ("with one vertex pointing to the lower left", "everything else is
    black"): what it names may be no shape of the world (a vertex, the background), so a claim
    quantified over it is never false, neither by the shapes it would have to be nor by none."""
    nouns = [e for e in eps if e.args.get("ARG0") == var and split_predicate(e.pred)[1] in ("n", "u")]
    found = [(e, unknown_word(e.pred)) for e in nouns]
    unread = [(e, word) for e, word in found if word is not None and word[1].startswith("nn") or e.pred in VAGUE_WORDS]
    if not unread or len(unread) < len(nouns):
        return None
    e, word = unread[0]
    return word[0] if word is not None else split_predicate(e.pred)[0]


def _said_of_unread(f: Formula, var: str, word: str) -> Formula:
    """``f`` with every atom said of ``var`` (its looks, places, relations, existence) vague: of a thing
    that may be no shape of the world, what the world's shapes are decides nothing."""
    kids = children(f)
    if kids:
        return rebuild(f, [_said_of_unread(g, var, word) for g in kids])
    if var in free_vars(f):
        return Attr(var, "vague", word)
    return f


class FormulaBuilder:
    """Builds the formula of a :class:`~.scope.Scope`, bottom-up from its root hole."""

    def __init__(self, scope: Scope):
        self.scope = scope
        self.copies = 0
        #: whether a look was marked (:mod:`.dropped_looks`): else nothing is settled
        self.looks = any_marked(scope.w.live)

    def build(self) -> Formula:
        f = self.hole(self.scope.root)
        return strip(f) if self.looks else f  # a look whose entity a list renamed adds nothing

    def _suffix(self) -> str:
        """A fresh suffix for the bound names of a copy of a formula."""
        self.copies += 1
        return f"~{self.copies}"

    def hole(self, h: HoleNode) -> Formula:
        f = self.label(h.plug())
        for q in reversed(self.scope.ordered(h)):
            f = self.quantify(q, f)
        return f

    def quantify(self, q: EP, body: Formula) -> Formula:
        """``q`` over ``body``; a coordinated noun phrase ("a square and a circle": ``udef_q``
        over ``_and_c``/``_or_c``) is distributed: each conjunct's quantifier over the body
        about that conjunct, joined by the connective."""
        var = q.arg0
        if var is None:  # pragma: no cover - loading rejects quantifiers without a variable
            raise UninterpretableMRS(f"quantifier {q.pred} binds no variable")
        if isinstance(body, And):
            # Conjuncts that do not mention the variable are not in its scope: in "a cross that is
            # above a circle" the label of "cross(x)" and "above(x, y)" is one conjunction, but
            # only "above" is about y.  Left inside, "cross(x)" would make the relation's
            # "only self" ambiguity (a circle x that is the only circle) leak into x's restrictor.
            keep = [g for g in body.args if var not in free_vars(g)]
            rest = [g for g in body.args if var in free_vars(g)]
            if keep and rest:
                return conjoin(keep + [self.quantify(q, conjoin(rest))])
        if q.mods.compare is not None:  # "as many X as Y are Z"
            return self.compare(q, body)
        rh = self.scope.rstr[id(q)]
        restrictor = rh.plug()
        eps = restrictor.eps
        if not (len(eps) == 1 and eps[0].pred in COORDINATIONS and eps[0].arg0 == var):
            spec = qspec(q)
            f = self._quant(spec, var, rh, eps, body, _is_group(q))
            return settle(spec, var, f, self._suffix) if self.looks else f
        c = eps[0]
        if q.pred != "udef_q" or not q.mods.plain() or restrictor.holes:
            raise UninterpretableMRS(f"coordinated noun phrase quantified by {q.pred}")
        inner = {r.arg0: r for r in self.scope.ordered(rh)}
        if isinstance(body, And):  # conjuncts not about the coordinated entity stay outside
            keep = [g for g in body.args if var not in free_vars(g)]
            if keep:
                rest = [g for g in body.args if var in free_vars(g)]
                return conjoin(keep + [self.quantify(q, conjoin(rest))])
        mutual = self._mutual_pair(c, var, body, inner)
        body = each_other(var, body, mutual is not None)  # "A and B overlap": each other, not their own kinds
        parts, conjuncts = [], []
        for k, role in enumerate(("ARG1", "ARG2")):
            xi = c.args.get(role)
            qi = inner.pop(xi, None)
            if xi is None or qi is None:
                raise UninterpretableMRS(f"conjunct {xi} of {c.pred} is not a quantified entity")
            suffix = ""
            if k:  # a copy of the body: its bound variables get fresh names
                self.copies += 1
                suffix = f"~{self.copies}"
            parts.append(self.quantify(qi, substitute(body, var, xi, suffix)))
            conjuncts.append((qi, xi))
        if inner:
            raise UninterpretableMRS(f"{c.pred} with a quantifier outside its conjuncts")
        kind = And if self.connective(c) == "and" else Or
        if mutual is not None:
            (q1, x1), (q2, x2) = conjuncts
            parts.append(self.quantify(q1, self.quantify(q2, pair_claim(mutual, x1, x2))))
        flat: list[Formula] = []
        for part in parts:  # lists: "A, B and C" is and(A, B, C)
            flat.extend(part.args if isinstance(part, kind) else (part,))
        return kind(tuple(flat))

    def _mutual_pair(self, c: EP, var: str, body: Formula, inner: dict) -> str | None:
        """The contact relation said of a pair "A and B" with no object ("A and B overlap"); None
        for a longer list or "or" ("A, B and C overlap": which pairs is not said, vague)."""
        mutual = pair_relation(var, body)
        second = inner.get(c.args.get("ARG2") or "")
        if mutual is None or self.connective(c) != "and" or second is None:
            return None
        if any(e.pred in COORDINATIONS for e in self.scope.rstr[id(second)].plug().eps):
            return None
        return mutual

    def compare(self, q: EP, body: Formula) -> Formula:
        """A comparative quantifier: X's and Y's counts of the body compared (:class:`Compare`)."""
        c, x = q.mods.compare, str(q.arg0)
        self.copies += 1
        y_restr = conjoin([self._noun(e, shape_of(e.pred)) if shape_of(e.pred) or e.pred in ENTITY_NOUNS
                           else self._color(e, *color_of(e.pred)) for e in c.eps])  # type: ignore[misc]
        part = QSpec("part", word="comparative")
        return Compare(c.spec, Quant(part, x, self.hole(self.scope.rstr[id(q)]), body),
                       Quant(part, c.var, y_restr, substitute(body, x, c.var, f"~{self.copies}")))

    def connective(self, c: EP, seen: frozenset[int] = frozenset()) -> str:
        """"and" / "or" of a noun phrase coordination; a list's implicit_conj has the
        connective of the coordination of its other conjuncts."""
        if c.pred != "implicit_conj":
            return COORDINATIONS[c.pred]
        if id(c) in seen:
            raise UninterpretableMRS("a coordination that is its own conjunct")
        w = self.scope.w
        q = w.quant_of.get(c.args.get("ARG2", ""))
        if q is not None:
            for e in w.at(w.rstr_label(q)):
                if e.pred in COORDINATIONS and e.arg0 == q.arg0:
                    return self.connective(e, seen | {id(c)})
        return "and"

    def label(self, node: LabelNode) -> Formula:
        """The conjunction of the label's EPs; the adjectives a coordination's second noun shares
        (:data:`~.lists.SHARED`) are true of it or vague, never false."""
        parts = _tone_colours([self.ep(e, node) for e in node.eps if e.carg != SHARED])
        shared: dict[str, list[Formula]] = {}
        for e in node.eps:
            if e.carg == SHARED:
                var = _entity_arg(e, "ARG1", f"{e.pred} shared with no entity")
                shared.setdefault(var, []).append(self.ep(e, node))
        for var, words in shared.items():
            parts.append(Or((conjoin(_tone_colours(words)), Attr(var, "vague", "shared"))))
        return conjoin(parts)

    def sub(self, node: LabelNode, e: EP, role: str) -> Formula:
        """The formula of the hole that ``e``'s scopal argument ``role`` opens."""
        h = node.holes.get((id(e), role))
        if h is None:
            raise UninterpretableMRS(f"{e.pred} lacks its {role} argument")
        return self.hole(h)

    def ep(self, e: EP, node: LabelNode) -> Formula:
        """The formula of one EP: an atom, or a scopal operator over its holes."""
        p = e.pred
        if e.relation is not None:
            return Rel(e.relation.kind, e.relation.value, e.args["ARG1"], e.args["ARG2"], e.args.get("ARG3"))
        shape = shape_of(p)
        if shape is not None or p in ENTITY_NOUNS:
            return self._noun(e, shape)
        color = color_of(p)
        if color is not None:
            return self._color(e, *color)
        if p in (NOTHING, MANY):  # a claim the world model does not record, dropped; "many": see _many
            return marked_look(e.carg) if p == NOTHING else TRUE
        if p in (ATTR, SCENE):  # a place, look or background claim of the placement rewrites
            kind, _, value = (e.carg or "vague:").partition(":")
            if p == SCENE:
                return Scene(kind, value)
            return Attr(_entity_arg(e, "ARG1", "a place of no entity"), kind, value)
        if p == "_be_v_there":
            return Exists(_entity_arg(e, "ARG1", "'there is' without an entity"))
        if p == "neg":
            arg = self.sub(node, e, "ARG1")
            return settle_negation(arg, self._suffix) if self.looks else Not(arg)
        if p in COORDINATIONS:
            left, right = self.sub(node, e, "L-HNDL"), self.sub(node, e, "R-HNDL")
            return And((left, right)) if COORDINATIONS[p] == "and" else Or((left, right))
        if p == "_if_x_then":
            return Implies(antecedent=self.sub(node, e, "ARG2"), consequent=self.sub(node, e, "ARG1"))
        if p.startswith("_if+and+only+if") or p.startswith("_iff_"):
            return Iff(self.sub(node, e, "ARG1"), self.sub(node, e, "ARG2"))
        if p in DEGREE_WORDS and is_handle(e.args.get("ARG1")):
            return apply_degree(self.sub(node, e, "ARG1"), DEGREE_WORDS[p])
        described = self._group_word(e) if p in GROUP_WORDS else self._described(e)
        if described is None:
            described = _vague_of_event(e, node.eps)
        if described is not None:
            return described
        raise UninterpretableMRS(not_covered(p))

    def _quant(self, spec: QSpec, var: str, rh: HoleNode, eps: list[EP], body: Formula, plural: bool) -> Formula:
        """A quantifier over its restriction's hole; a selector lifted, "many" read with its margin;
        a plural's group words read on the group (:mod:`.groups`)."""
        if spec.kind == "select":  # "the X closer to the C": "the C" scopes over the selector
            from .selector_rewrites import lift_comparison

            return lift_comparison(Quant(spec, var, self.hole(rh), body))
        restr = self.hole(rh)
        unread = _unread_noun(var, eps)
        if unread is not None:  # what is said of it is vague; the rest of the sentence still decides
            return Quant(spec, var, _said_of_unread(restr, var, unread), _said_of_unread(body, var, unread))
        if plural:
            body = _several_colours(var, body)
        if plural and (mentions(var, body) or mentions(var, restr)):
            whole = spec.kind in ("definite", "ratio")
            restr, body = read_group(var, restr, restr, whole, True), read_group(var, restr, body, whole)
        vague = [e for e in eps if e.pred == MANY and e.args.get("ARG1") == var]
        if vague:
            count, _, word = (vague[0].carg or "0:").partition(":")
            if word == "mostly" and spec.kind == "ratio":  # "the shapes are mostly blue"
                return self._mostly(spec, var, restr, body)
            if word == THE_OTHER and spec.kind == "definite":
                return self._the_other(spec, var, restr, body, int(count))
            return self._many(spec, var, restr, body, int(count), word)
        if spec.qrange == ABOUT:
            return self._about(spec, var, restr, body)
        if spec.kind == "definite" and spec.quantity is not None and spec.word == "the":
            return self._the_number(spec, var, restr, body)
        return Quant(spec, var, restr, body)

    def _the_number(self, spec: QSpec, var: str, restr: Formula, body: Formula) -> Formula:
        """"the two X are Y": true when there are exactly two X and both are Y; with more X than
        that, which two are meant is not said (as "the X" of several): vague when at least two of
        them are Y, false when fewer are."""
        self.copies += 1
        vague = substitute(Quant(QSpec("count", "geq", spec.quantity, spec.word), var, restr,
                                 And((body, Attr(var, "vague", "the")))), "", "", f"~{self.copies}")
        return Or((Quant(spec, var, restr, body), vague))

    def _the_other(self, spec: QSpec, var: str, restr: Formula, body: Formula, least: int) -> Formula:
        """"the other X is Y" with nothing before it: said of every X (true when every X is Y, false
        when none may be, as "the Xs are Y"), and there are at least ``least`` X: false with none,
        vague with fewer (the one it is other than may be a shape of another kind)."""
        self.copies += 1
        clear = substitute(Quant(QSpec("count", "geq", float(least), spec.word), var, restr, TRUE), "", "",
                           f"~{self.copies}")
        self.copies += 1
        some = substitute(Quant(QSpec("count", "geq", 1.0, spec.word), var, restr, Attr(var, "vague", THE_OTHER)),
                          "", "", f"~{self.copies}")
        return And((Quant(spec, var, restr, body), Or((clear, some))))

    def _mostly(self, spec: QSpec, var: str, restr: Formula, body: Formula) -> Formula:
        """"The X are mostly Y": more than half are Y (true), at most :data:`MOSTLY_FALSE` of them
        (false), vague between."""
        self.copies += 1
        vague = substitute(Quant(QSpec("ratio", "gt", MOSTLY_FALSE, spec.word), var, restr,
                                 And((body, Attr(var, "vague", "mostly")))), "", "", f"~{self.copies}")
        return Or((Quant(spec, var, restr, body), vague))

    def _about(self, spec: QSpec, var: str, restr: Formula, body: Formula) -> Formula:
        """"about ten X are Y": true within :data:`ABOUT_TRUE` of the number, false beyond
        :data:`ABOUT_FALSE`, vague between (each at least one, resp. three, shapes); "about half":
        the share within :data:`RATIO_ABOUT_TRUE` below it (or at it) true, beyond :data:`RATIO_ABOUT_FALSE`
        false, vague between and just above it (the grammar reads "almost half" as "about half");
        "almost all / nearly every": false when at most half are Y, else vague (never true: how
        many "almost" leaves out is not said; it was read as "about one")."""
        n = float(spec.quantity or 0)
        near, far = float(max(1, round(ABOUT_TRUE * n))), float(max(3, round(ABOUT_FALSE * n)))
        kind = spec.kind if spec.kind == "ratio" else "count"
        if kind == "ratio":  # "about half": a share of the X, with margins of the share
            near, far = RATIO_ABOUT_TRUE, RATIO_ABOUT_FALSE

        def count(qrange: str, quantity: float, of: Formula) -> Formula:
            self.copies += 1
            return substitute(Quant(QSpec(kind, qrange, quantity, "number" if kind == "count" else "fraction"), var,
                                    restr, of), "", "", f"~{self.copies}")

        if kind == "ratio" and n >= 1:  # "almost all X are Y": more than most, how many more not said
            return count("gt", 0.5, And((body, Attr(var, "vague", "about"))))
        if kind == "ratio":  # true only up to the share: "almost / nearly half" read alike is never true above it
            return Or((And((count("geq", n - near, body), count("leq", n, body))),
                       And((count("geq", n - far, And((body, Attr(var, "vague", "about")))),
                            count("leq", n + far, body)))))
        clear = And((count("geq", max(1.0, n - near), body), count("leq", n + near, body)))
        vague = And((count("geq", max(1.0, n - far), And((body, Attr(var, "vague", "about")))),
                     count("leq", n + far, body)))
        return Or((clear, vague))

    def _many(self, spec: QSpec, var: str, restr: Formula, body: Formula, true_from: int, word: str) -> Formula:
        """"many X are Y": true from ``true_from`` on, false below ``spec``'s count, vague between:
        at least that many X are Y, or at least ``spec``'s count are Y and something vague."""
        self.copies += 1
        clear = Quant(QSpec("count", "geq", float(true_from), spec.word), var, restr, body)
        vague = substitute(Quant(spec, var, restr, And((body, Attr(var, "vague", word)))), "", "",
                           f"~{self.copies}")
        return Or((clear, vague))

    def _group_word(self, e: EP) -> Formula | None:
        """"in two colors", "of various sizes": read on the group of its quantifier (:mod:`.groups`);
        said of a part of a list ("rectangles and half circles in different colors") it may be
        said of the whole list: "various" is then true of the part or vague, a number vague."""
        x = e.args.get("ARG1")
        if is_var(x, "e"):  # "The crosses come in two colors.": said of the verb's subject
            x = next((d.args.get("ARG1") for d in self.scope.w.live if not d.dead and d.arg0 == x), None)
        if not is_var(x, "x"):
            return None
        conjunct = any(c.pred in COORDINATIONS and x in (c.args.get("ARG1"), c.args.get("ARG2"))
                       for c in self.scope.w.live if not c.dead)
        value = GROUP_WORDS[e.pred]
        if conjunct and value.startswith("colours:"):
            value = "colours:various+part" if value == "colours:various" else "colours"
            kinds = kinds_of_a_list(self.scope.w, x or "", e) if value != "colours" else None
            if kinds:  # "crosses, ellipses and half circles in various colors": of the whole list
                value += "/" + "+".join(kinds)
        return Attr(x or "", "vague", value)

    @staticmethod
    def _described(e: EP) -> Formula | None:
        """The words of descriptions (:mod:`shapeworldice.semantics.appearance`): colour words of
        the colour table, tone and size adjectives, contact verbs and nearness, words the world
        model does not record (true: they add nothing), and words it cannot decide (vague): those
        of :data:`~.predicates.VAGUE_WORDS` and words outside the vocabulary (the ERG's generic
        entries).  Any other predicate stays uncovered, so a reading built on a sense the world
        model does not know ("quarter" as a time) is never taken for one it does."""
        p = e.pred
        lemma, pos, _ = split_predicate(p)
        found = unknown_word(p)  # the ERG's generic entry of a word outside the vocabulary: "_glorp/nn_u_unknown"
        unknown = found is not None
        if found is not None:
            lemma, tag = found
            pos = "n" if tag.startswith("nn") else "a" if tag.startswith("jj") else "v"
        args = [v for r, v in sorted(e.args.items()) if r in ("ARG1", "ARG2") and is_var(v, "x")]
        subject = e.args.get("ARG0") if pos == "n" else e.args.get("ARG1")
        if not is_var(subject, "x") and pos == "v" and is_var(e.args.get("ARG2"), "x"):
            subject = e.args.get("ARG2")  # a passive participle: "a square rotated ..."
        if lemma in OUTSIDE_WORDS and pos in ("a", "v"):
            return TRUE
        if (pos == "a" or unknown and pos == "v") and is_var(subject, "x"):  # "salmon-red" may be read VBN
            word = color_word(lemma.replace("+", " ").lower())
            if word is not None:  # also a compound outside the vocabulary ("salmon-red", "olive-colored")
                return Attr(subject or "", "colour", word)
        if pos == "a" and is_var(subject, "x") and not unknown:
            if p in TONE_ADJS:
                return Attr(subject or "", "tone", TONE_ADJS[p])
            if p in SIZE_ADJS:
                return Attr(subject or "", "size", SIZE_ADJS[p])
        if pos == "v" and lemma in CONTACT_VERBS and len(args) == 2:
            return Rel(CONTACT_VERBS[lemma], 1, e.args["ARG1"], e.args["ARG2"])
        if p in NEAR_PREPS and len(args) == 2:
            return Rel("near-rel", 1, e.args["ARG1"], e.args["ARG2"])
        if p in (NEAR_APART, ALMOST_TOUCHING) and len(args) == 2:
            a, b = e.args["ARG1"], e.args["ARG2"]
            # "almost touching": near and not overlapping (outlines that meet look almost touching, so
            # only a clear overlap or distance makes it false); "close to but not touching": not touching
            apart = Rel("overlap-rel" if p == ALMOST_TOUCHING else "touch-rel", 1, a, b)
            return And((Rel("near-rel", 1, a, b), Not(apart)))
        if not (unknown or p in VAGUE_WORDS):
            return None
        if len(args) == 2:
            return Rel("vague-rel", 1, e.args["ARG1"], e.args["ARG2"])
        if is_var(subject, "x"):
            return Attr(subject or "", "vague", lemma)
        return None

    @staticmethod
    def _noun(e: EP, shape: str | None) -> Formula:
        """A shape noun (``Shape``) or an entity noun ("shape", "object": ``Noun``) of its ARG0."""
        x = _entity_arg(e, "ARG0", f"noun {e.pred} without an entity")
        if shape is None:
            return Noun(x)
        if any(is_var(v, "x") for r, v in e.args.items() if r != "ARG0"):
            raise UninterpretableMRS(f"relational noun {e.pred} with an argument")
        return Shape(x, shape)

    @staticmethod
    def _color(e: EP, value: str, pos: str) -> Formula:
        """A colour adjective of its ARG1, or the ERG's colour noun (of its ARG0) or verb."""
        if pos == "n":
            return Color(_entity_arg(e, "ARG0", f"noun {e.pred} without an entity"), value)
        if pos == "v" and is_var(e.args.get("ARG2"), "x"):
            raise UninterpretableMRS(f"transitive colour verb {e.pred}")
        return Color(_entity_arg(e, "ARG1", f"{e.pred} predicated of a non-entity"), value)


def _several_colours(var: str, f: Formula) -> Formula:
    """Two palette colours said of each of a group ("Most of the shapes are blue and green.", where
    the colour list is not read as a list): no shape has two colours, so the writer did not mean both
    of each; which one of each is not said: false when it is none of them, else vague."""
    if isinstance(f, Or):
        return Or(tuple(_several_colours(var, g) for g in f.args))
    if isinstance(f, Not):
        return Not(_several_colours(var, f.arg))
    if not isinstance(f, And):
        return f
    flat: list[Formula] = []
    for g in f.args:  # "blue and green" is a conjunction inside the body's
        flat.extend(g.args if isinstance(g, And) else (g,))
    colours = sorted({g.value for g in flat if isinstance(g, Color) and g.var == var})
    if len(colours) < 2:
        return And(tuple(_several_colours(var, g) for g in f.args))
    rest = [g for g in flat if not (isinstance(g, Color) and g.var == var)]
    return And((*rest, Attr(var, "colours", "+".join(colours)), Attr(var, "vague", "colour-list")))


def _colour_phrase(parts: list[Formula]) -> list[Formula]:
    """"olive green" said of one entity is the colour table's "olive green", not olive and green (which
    no shape is at once): two colour words in a row that the table names together become one."""
    out: list[Formula] = []
    for f in parts:
        last = out[-1] if out else None
        if (isinstance(last, Attr) and last.kind == "colour" and isinstance(f, (Color, Attr))
                and getattr(f, "kind", "colour") == "colour" and f.var == last.var):
            phrase = color_word(f"{last.value} {f.value}")
            if phrase is not None and phrase in COLOR_WORDS:
                out[-1] = Attr(f.var, "colour", phrase)
                continue
        out.append(f)
    return out


def _tone_colours(parts: list[Formula]) -> list[Formula]:
    """"light blue" said of one entity is the colour table's "light blue" (cyan or a light blue), not
    the tone "light" of a blue: the two atoms become one; so are two colour words the table names
    together (:func:`_colour_phrase`)."""
    if sum(isinstance(f, Color) or isinstance(f, Attr) and f.kind == "colour" for f in parts) > 1:
        parts = _colour_phrase(parts)
    tones = {(f.var, f.value): f for f in parts if isinstance(f, Attr) and f.kind == "tone"}
    if not tones:
        return parts
    out: list[Formula] = []
    merged: set[int] = set()
    for f in parts:
        if isinstance(f, Color) and (f.var, "light") in tones and f.value == "blue":
            out.append(Attr(f.var, "colour", "light blue"))
            merged.add(id(tones[(f.var, "light")]))
        else:
            out.append(f)
    return [f for f in out if id(f) not in merged]


__all__ = ["FormulaBuilder"]
