"""Test scaffolding for the interpreter: ERG readings, a reader for the template language
(English caption → intended caption-semantics object), and random worlds.

The template reader is *not* part of the package: it states, independently of the MRS
interpreter, what each caption of the caption language is meant to mean, so that the
interpreter's truth on the ERG readings can be checked against ``caption.truth(world)``.
"""
from __future__ import annotations

from tests.conftest import make_world  # noqa: F401  (re-exported for the interpret tests)

import gzip
import json
from functools import lru_cache
from pathlib import Path

import numpy as np

from shapeworldice.semantics.components import (
    Attribute, EntityType, Existential, Proposition, Quantifier, Relation, Selector,
)
from shapeworldice.world.model import COLOR_NAMES, SHAPES, Entity, World

HERE = Path(__file__).resolve().parent
#: all 1,191 ERG-parsed template and free sentences of the fixture tests/fixtures/erg/
#: (ACE 0.9.30 + ERG 2025, up to 30 readings each, ACE order), with their kind and family
SAMPLE = HERE.parent / "fixtures" / "erg" / "readings.jsonl.gz"


# --------------------------------------------------------------------------- data

@lru_cache(maxsize=None)
def _rows() -> tuple[dict, ...]:
    with gzip.open(SAMPLE, "rt", encoding="utf-8") as fh:
        return tuple(json.loads(line) for line in fh)


@lru_cache(maxsize=None)
def erg_readings() -> dict[str, list[str]]:
    """text → SimpleMRS readings."""
    return {d["text"]: d["readings"] for d in _rows()}


def judgments() -> list[dict]:
    """One row per sentence with readings: text, kind (template/free) and family."""
    return [{k: d[k] for k in ("text", "kind", "family")} for d in _rows()]


def texts(kind: str, family: str | None = None) -> list[str]:
    return [d["text"] for d in _rows() if d["kind"] == kind and (family is None or d["family"] == family)]


@lru_cache(maxsize=None)
def decoded(text: str) -> list:
    from delphin.codecs import simplemrs

    return [simplemrs.decode(s) for s in erg_readings()[text]]


# --------------------------------------------------------------------------- template reader

PLURAL = {s + ("es" if s.endswith("s") else "s"): s for s in SHAPES}
PLURAL["shapes"] = "shape"
NUMBERS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
DEGREES = [("less than", "lt"), ("fewer than", "lt"), ("at most", "leq"), ("exactly", "eq"),
           ("not", "neq"), ("at least", "geq"), ("more than", "gt")]
FRACTIONS = [("a quarter of the", 0.25), ("a third of the", 0.33), ("half of the", 0.5), ("half the", 0.5),
             ("two thirds of the", 0.67), ("three quarters of the", 0.75)]
RELATIONS = [("to the left of", "x-rel", -1), ("to the right of", "x-rel", 1), ("above", "y-rel", -1),
             ("below", "y-rel", 1), ("behind", "z-rel", -1), ("in front of", "z-rel", 1),
             ("smaller than", "size-rel", -1), ("bigger than", "size-rel", 1),
             ("darker than", "shade-rel", -1), ("lighter than", "shade-rel", 1),
             ("the same shape as", "shape-rel", 1), ("a different shape from", "shape-rel", -1),
             ("the same color as", "color-rel", 1), ("a different color from", "color-rel", -1)]
#: intended meaning of bare numerals and fractions (documented in the interpreter)
BARE_COUNT, BARE_RATIO = "geq", "eq"


class NotTemplate(ValueError):
    pass


class _Reader:
    def __init__(self, text: str):
        self.w = text.rstrip(".").lower().replace(",", " ,").split()
        self.i = 0

    def peek(self, phrase: str) -> bool:
        words = phrase.split()
        return self.w[self.i:self.i + len(words)] == words

    def eat(self, phrase: str) -> bool:
        if self.peek(phrase):
            self.i += len(phrase.split())
            return True
        return False

    def need(self, phrase: str) -> None:
        if not self.eat(phrase):
            raise NotTemplate(f"expected {phrase!r} at {' '.join(self.w[self.i:])!r}")

    def done(self) -> bool:
        return self.i == len(self.w)

    # T := [colour] noun
    def type_(self, plural: bool | None = None) -> EntityType:
        color = None
        if self.i < len(self.w) and self.w[self.i] in COLOR_NAMES:
            color = self.w[self.i]
            self.i += 1
        if self.i >= len(self.w):
            raise NotTemplate("missing noun")
        word = self.w[self.i]
        if word in SHAPES or word == "shape":
            noun, is_plural = word, False
        elif word in PLURAL:
            noun, is_plural = PLURAL[word], True
        else:
            raise NotTemplate(f"not a noun: {word!r}")
        if plural is not None and plural != is_plural:
            raise NotTemplate("number disagreement")
        self.i += 1
        return EntityType.of(shape=None if noun == "shape" else noun, color=color)

    def indefinite(self):
        if self.eat("a") or self.eat("an"):
            return self.type_(plural=False)
        if self.eat("the"):
            return Selector("unique", self.type_(plural=False))
        raise NotTemplate("expected a noun phrase")

    def relation(self) -> Relation:
        if self.eat("not"):
            return Relation("negation", self.relation())
        for phrase, kind, value in RELATIONS:
            if self.eat(phrase):
                return Relation(kind, value, self.indefinite())
        if self.i < len(self.w) and self.w[self.i] in COLOR_NAMES and (
                self.i + 1 == len(self.w) or self.w[self.i + 1] in (",", "and", "or", "if")):
            color = self.w[self.i]
            self.i += 1
            return Relation("attribute", Attribute("color", color))
        if self.eat("a") or self.eat("an"):
            return Relation("type", self.type_(plural=False))
        return Relation("type", self.type_(plural=True))

    def clause(self):
        if self.eat("there is"):
            return self.type_(plural=False) if (self.eat("a") or self.eat("an")) else _fail("there is")
        if self.eat("there are"):
            n = self.number()
            return Quantifier("count", BARE_COUNT, n, self.type_(plural=n != 1), Relation("type", EntityType()))
        if not any(self.peek(phrase) for phrase, _ in FRACTIONS) and (self.eat("a") or self.eat("an")):
            restrictor = self.type_(plural=False)
            self.need("is")
            return Existential(restrictor, self.relation())
        if self.eat("the"):
            restrictor = Selector("unique", self.type_(plural=False))
            self.need("is")
            return Existential(restrictor, self.relation())
        if self.eat("every"):
            return self.quantified("ratio", "eq", 1.0, plural=False)
        if self.eat("no"):
            return self.quantified("ratio", "eq", 0.0, plural=False)
        if self.eat("none of the"):
            return self.quantified("ratio", "eq", 0.0, plural=True)
        if self.eat("not all"):
            return self.quantified("ratio", "neq", 1.0, plural=True)
        if self.eat("all"):
            return self.quantified("ratio", "eq", 1.0, plural=True)
        if self.eat("most"):
            return self.quantified("ratio", "gt", 0.5, plural=True)
        qrange = None
        for phrase, r in DEGREES:
            if self.eat(phrase):
                qrange = r
                break
        for phrase, q in FRACTIONS:
            if self.eat(phrase):
                return self.quantified("ratio", qrange or BARE_RATIO, q, plural=True)
        n = self.number()
        return self.quantified("count", qrange or BARE_COUNT, n, plural=n != 1)

    def number(self) -> int:
        if self.i < len(self.w) and self.w[self.i] in NUMBERS:
            self.i += 1
            return NUMBERS[self.w[self.i - 1]]
        raise NotTemplate(f"no quantifier at {' '.join(self.w[self.i:])!r}")

    def quantified(self, qtype: str, qrange: str, quantity: float, plural: bool):
        restrictor = self.type_(plural=plural)
        self.need("are" if plural else "is")
        return Quantifier(qtype, qrange, quantity, restrictor, self.relation())

    def sentence(self):
        if self.eat("if"):
            antecedent = self.clause()
            self.need(",")
            self.eat("then")
            consequent = self.clause()
            result = Proposition("implication", (consequent, antecedent))
        else:
            first = self.clause()
            if self.eat("and"):
                result = Proposition("conjunction", (first, self.clause()))
            elif self.eat("or"):
                result = Proposition("disjunction", (first, self.clause()))
            elif self.eat("if and only if"):
                result = Proposition("equivalence", (first, self.clause()))
            else:
                result = first
        if not self.done():
            raise NotTemplate(f"trailing words {' '.join(self.w[self.i:])!r}")
        return result


def _fail(what: str):
    raise NotTemplate(what)


def read_caption(text: str):
    """The intended caption-semantics object of a caption-language sentence (NotTemplate if none)."""
    return _Reader(text).sentence()


# --------------------------------------------------------------------------- worlds

def mentioned(text: str) -> tuple[list[str], list[str]]:
    words = text.rstrip(".").lower().split()
    shapes = sorted({PLURAL.get(w, w) for w in words} & set(SHAPES))
    colors = sorted(set(words) & set(COLOR_NAMES))
    return shapes, colors


def random_world(rng: np.random.Generator, shapes: list[str] = (), colors: list[str] = (),  # type: ignore[assignment]
                 n: int | None = None) -> World:
    """1–15 random entities; attributes favour the given shapes/colours so captions vary in truth.

    Positions are uniform (overlaps allowed, so depth relations get exercised), shades
    U[−0.4, 0.4] with some repeated values, sizes uniform: every ambiguity zone is reachable.
    """
    n = int(rng.integers(1, 16)) if n is None else n
    entities = []
    for i in range(n):
        shape = str(rng.choice(shapes)) if len(shapes) and rng.random() < 0.6 else str(rng.choice(SHAPES))
        color = str(rng.choice(colors)) if len(colors) and rng.random() < 0.6 else str(rng.choice(COLOR_NAMES))
        shade = float(rng.choice([-0.3, 0.0, 0.3])) if rng.random() < 0.3 else float(rng.uniform(-0.4, 0.4))
        x, y = (float(v) for v in rng.uniform(0.1, 0.9, size=2))
        half = float(rng.uniform(0.05, 0.12))
        hs = (half, half / 2.0) if shape in ("rectangle", "ellipse") else (half, half)
        if rng.random() < 0.15 and entities:  # same size as an earlier entity: size ties
            hs = entities[int(rng.integers(len(entities)))].half_size
        entities.append(Entity(i, shape, color, shade, (x, y), hs, float(rng.uniform(0, 1))))
    return World(tuple(entities))


def worlds_for(text: str, count: int, seed: int) -> list[World]:
    rng = np.random.default_rng(seed)
    shapes, colors = mentioned(text)
    return [random_world(rng, shapes, colors) for _ in range(count)]


# --------------------------------------------------------------------------- hand-built ERG-style MRS

_NOUN_PRED = {s: f"_{s}_n_{'of' if s in ('square', 'circle') else '1'}" for s in SHAPES}


class _MrsWriter:
    """Writes SimpleMRS in the ERG's analysis (predicate names, qeqs, character spans)."""

    def __init__(self) -> None:
        self.n = 2
        self.eps: list[str] = []
        self.hcons: list[str] = []

    def var(self, kind: str) -> str:
        self.n += 1
        return f"{kind}{self.n}"

    def ep(self, pred: str, label: str, span: tuple[int, int], **args: str) -> None:
        roles = " ".join(f"{k}: {v}" for k, v in args.items())
        self.eps.append(f"[ {pred}<{span[0]}:{span[1]}> LBL: {label} {roles} ]")

    def qeq(self, hi: str, lo: str) -> None:
        self.hcons.append(f"{hi} qeq {lo}")

    def there_is(self, t: EntityType, start: int) -> str:
        """'there is a T' starting at character ``start``; returns the clause's label."""
        label, x = self.var("h"), self.var("x")
        self.ep("_be_v_there", label, (start + 6, start + 8), ARG0=self.var("e"), ARG1=x)
        rstr, body, noun = self.var("h"), self.var("h"), self.var("h")
        self.ep("_a_q", self.var("h"), (start + 9, start + 10), ARG0=x, RSTR=rstr, BODY=body)
        self.qeq(rstr, noun)
        if t.color is not None:
            color = "grey" if t.color == "gray" else t.color
            self.ep(f"_{color}_a_1", noun, (start + 11, start + 12), ARG0=self.var("e"), ARG1=x)
        pred = _NOUN_PRED[t.shape] if t.shape else "_shape_n_1"
        self.ep(pred, noun, (start + 13, start + 14), ARG0=x)
        return label

    def text(self, top_label: str, index: str = "e2") -> str:
        return (f"[ LTOP: h0 INDEX: {index} RELS: < {' '.join(self.eps)} > "
                f"HCONS: < h0 qeq {top_label} {' '.join(self.hcons)} > ]")


def if_then_mrs(antecedent: EntityType, consequent: EntityType) -> str:
    """The ERG's MRS for "If there is a T1, then there is a T0." (``_if_x_then``: ARG1 the
    consequent, ARG2 the antecedent, each a qeq'd clause)."""
    w = _MrsWriter()
    ant = w.there_is(antecedent, 3)
    cons = w.there_is(consequent, 40)
    h_cons, h_ant = w.var("h"), w.var("h")
    w.ep("_if_x_then", "h1", (0, 2), ARG0="e2", ARG1=h_cons, ARG2=h_ant)
    w.qeq(h_cons, cons)
    w.qeq(h_ant, ant)
    return w.text("h1")


def iff_mrs(left: EntityType, right: EntityType) -> str:
    """"There is a T0 if and only if there is a T1." with ``_if+and+only+if_x_1``."""
    w = _MrsWriter()
    a = w.there_is(left, 0)
    b = w.there_is(right, 40)
    ha, hb = w.var("h"), w.var("h")
    w.ep("_if+and+only+if_x_1", "h1", (20, 35), ARG0="e2", ARG1=ha, ARG2=hb)
    w.qeq(ha, a)
    w.qeq(hb, b)
    return w.text("h1")


# --------------------------------------------------------------------------- verdicts

#: the three truth labels the description tests expect
T, F, A = "true", "false", "ambiguous"


@lru_cache(maxsize=1)
def shared_parser():
    """One built-in parser for the description tests (built on first use)."""
    from shapeworldice.parsing import make_parser

    return make_parser()


def verdict(text: str, world: World, numerals: str | None = None) -> str:
    """"true" / "false" / "ambiguous", or "ungrammatical" / "uninterpretable" with the reason."""
    from shapeworldice.interpret import truth
    from shapeworldice.reasons import judge

    parsed = shared_parser().parse(text)
    judged = judge(parsed)
    if not parsed.grammatical:
        return f"ungrammatical: {judged.reason.detail}"
    if judged.interpretation is None:
        return f"uninterpretable: {judged.reason.detail}"
    return truth(judged.interpretation, world, numerals=numerals).label
