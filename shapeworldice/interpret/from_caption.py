"""Caption semantics (:mod:`shapeworldice.semantics`) → the interpreter's logical form.

The builder stores each reference caption's semantics; compiling it to the same logical form
a parsed caption gets lets the evaluator compute constructions, families and SPICE tuples
of references without parsing them, and compare them like with like with model outputs.
``truth(formula_of(c), world) == c.truth(world)`` for every caption ``c`` (tested).
"""
from __future__ import annotations

from typing import Any

from ..semantics.components import (
    Anaphor, Attribute, Coreference, EntityType, Existential, Proposition, Quantifier, Relation, RelativeType,
    Selector,
)
from .interpret import Interpretation
from .logic import (
    And, Color, Compare, Exists, Formula, Iff, Implies, Noun, Not, Or, QSpec, Quant, Rel, Shape, conjoin,
)


class _Compiler:
    def __init__(self) -> None:
        self.n = 0

    def var(self) -> str:
        self.n += 1
        return f"x{self.n}"

    def attribute(self, a: Attribute, v: str) -> Formula:
        return Shape(v, a.value) if a.predtype == "shape" else Color(v, a.value)

    def type_(self, t: EntityType, v: str) -> Formula:
        return conjoin([Noun(v)] + [self.attribute(a, v) for a in t.attributes])

    def restrictor(self, r: Any, v: str) -> tuple[QSpec, Formula]:
        if isinstance(r, Selector):
            if r.predtype != "unique":
                raise ValueError(f"selector {r.predtype!r} is only a subject ('The leftmost X is ...')")
            return QSpec("unique", word="the"), self.type_(r.scope, v)
        if isinstance(r, RelativeType):  # "a T that is R": the clause joins the restriction
            return QSpec("exists", word="a"), conjoin([self.type_(r.scope, v), self.relation(r.clause, v)])
        return QSpec("exists", word="a"), self.type_(r, v)

    def selected(self, r: Selector, body: Any) -> Formula:
        """"The <selector> <scope> <body>": a ``select`` quantifier; a proximity selector's
        comparison "the C" scopes over it and is linked to the selected entity by ``proximity-sel``."""
        spec = QSpec("select", quantity=float(r.value), word=r.predtype)
        if r.comparison is None:
            x = self.var()
            return Quant(spec, x, self.type_(r.scope, x), self.relation(body, x))
        c = self.var()
        cspec, crestr = self.restrictor(r.comparison, c)
        x = self.var()
        restr = conjoin([self.type_(r.scope, x), Rel("proximity-sel", int(r.value), x, c)])
        return Quant(cspec, c, crestr, Quant(spec, x, restr, self.relation(body, x)))

    def relation(self, rel: Relation, v: str) -> Formula:
        if rel.predtype == "attribute":
            return self.attribute(rel.value, v)
        if rel.predtype == "type":
            return self.type_(rel.value, v)
        if rel.predtype == "negation":
            return Not(self.relation(rel.value, v))
        if rel.comparison is not None:  # "is closer to the C than a R"
            c, r = self.var(), self.var()  # "the C" is mentioned first and scopes over "a R"
            cspec, crestr = self.restrictor(rel.comparison, c)
            rspec, rrestr = self.restrictor(rel.reference, r)
            return Quant(cspec, c, crestr, Quant(rspec, r, rrestr, Rel(rel.predtype, int(rel.value), v, r, c)))
        y = self.var()
        spec, restr = self.restrictor(rel.reference, y)
        return Quant(spec, y, restr, Rel(rel.predtype, int(rel.value), v, y))

    def caption(self, c: Any) -> Formula:
        if isinstance(c, EntityType):
            x = self.var()
            return Quant(QSpec("exists", word="a"), x, self.type_(c, x), Exists(x))
        if isinstance(c, Existential) and isinstance(c.restrictor, Selector) and c.restrictor.predtype != "unique":
            return self.selected(c.restrictor, c.body)
        if isinstance(c, Existential):
            x = self.var()
            spec, restr = self.restrictor(c.restrictor, x)
            return Quant(spec, x, restr, self.relation(c.body, x))
        if isinstance(c, Quantifier):
            x = self.var()
            word = "number" if c.qtype == "count" else "fraction"
            spec = QSpec(c.qtype, c.qrange, float(c.quantity), word)
            return Quant(spec, x, self.type_(c.restrictor, x), self.relation(c.body, x))
        if isinstance(c, Coreference):
            return self.coreference(c)
        if getattr(c, "component", "") == "NumberBound":
            q = c.quantifier
            x = self.var()
            spec = QSpec(q.qtype, q.qrange, float(q.quantity), "fraction" if q.qtype == "ratio" else "number",
                         bound=int(c.bound))
            return Quant(spec, x, self.type_(q.restrictor, x), self.relation(q.body, x))
        if getattr(c, "component", "") == "ComparativeQuantifier":
            x, y = self.var(), self.var()
            part = QSpec("part", word="comparative")
            return Compare(QSpec(c.qtype, c.qrange, float(c.quantity), "comparative"),
                           Quant(part, x, self.type_(c.restrictor, x), self.relation(c.body, x)),
                           Quant(part, y, self.type_(c.comparison, y), self.relation(c.body, y)))
        if isinstance(c, Proposition):
            parts = [self.caption(k) for k in c.clauses]
            if c.proptype == "conjunction":
                return And(tuple(parts))
            if c.proptype == "disjunction":
                return Or(tuple(parts))
            if c.proptype == "implication":  # ShapeWorld: clause 1 ⇒ clause 0
                return Implies(antecedent=parts[1], consequent=parts[0])
            if c.proptype == "equivalence":
                return Iff(parts[0], parts[1])
            raise ValueError(f"proposition {c.proptype!r} has no logical form")
        raise ValueError(f"not a caption: {c!r}")


    def part(self, p: Any, v: str) -> Formula:
        if isinstance(p, Anaphor):  # "the T2 REL it is B": unique y.[T2(y) & REL(y, v)][B(y)]
            y = self.var()
            restr = conjoin([self.type_(p.scope, y), Rel(p.predtype, int(p.value), y, v)])
            return Quant(QSpec("unique", word="the"), y, restr, self.relation(p.body, y))
        return self.relation(p, v)

    def coreference(self, c: Coreference) -> Formula:
        """The reading the grammar gives: one quantifier over the antecedent whose body joins
        what each clause says of it, right-branching ("there is" first as exists(x))."""
        x = self.var()
        restr = self.type_(c.antecedent, x)
        parts = ([Exists(x)] if c.form in ("sentences", "clauses") else []) + [self.part(p, x) for p in c.parts]
        body = parts[-1]
        for left in reversed(parts[:-1]):
            body = And((left, body))
        return Quant(QSpec("exists", word="a"), x, restr, body)


def formula_of(caption: Any) -> Formula:
    """The logical form of a caption-semantics object (EntityType, Existential, Quantifier, Proposition)."""
    return _Compiler().caption(caption)


def interpretation_of(caption: Any) -> Interpretation:
    """:func:`formula_of` wrapped as an :class:`Interpretation` (penalty 0)."""
    return Interpretation(formula_of(caption))


__all__ = ["formula_of", "interpretation_of"]
