"""The evaluator's analysis step: what a caption means, computed once and cached.

Output captions are parsed (built-in grammar or ACE+ERG) and interpreted once per normalised
text (:class:`Analyser`, the parse cache).  Reference captions are not re-parsed: their stored
caption semantics are compiled to the same logical form (:func:`shapeworldice.interpret.formula_of`),
so D and SPICE* compare like with like (:func:`analyse_split`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ...data.loader import Split
from ...interpret import (
    Interpretation, construction, family, formula_of, formula_tuples, quantifier_range, relation,
)
from ...interpret.construction import claim_family, construction_marks, syntax_marks
from ...interpret.logic import And, Not, Or
from ...parsing import Parsed, Parser
from ...reasons import judge
from ...semantics.components import from_json as caption_from_json
from ...world.sampling import is_held_out

__all__ = ["Analysis", "Analyser", "ReferenceAnalysis", "ImageRecord", "analyse_split", "sentence_kind",
           "heldout_images"]

#: the sentence kinds for what :func:`family` files under a wider one (see :func:`sentence_kind`)
LIST, CONJOINED_RELATIONS = "list", "conjoined-relations"
#: syntax marks of a reading that refers back to an entity (a second sentence, "the T below it")
_REFERRING_BACK = frozenset({"run-on", "pp-modifier"})


def sentence_kind(interpretation: Interpretation, marks: Sequence[str] = (), mrs: Any = None) -> str:
    """The kind of sentence a caption is (its group in the report's ``family`` breakdown):
    :func:`family`, but named by what the caption is where that family is wider. A list of noun
    phrases ("A red square and a blue circle.", "There is a red square and a blue circle.") is
    ``list``, not ``logical`` (a connective between clauses); relations conjoined on one subject
    ("A square is right of a circle and above a cross.") are ``conjoined-relations``, not
    ``coreference`` (which keeps the captions that refer back: a pronoun, a second sentence).
    ``marks``: the reading's :func:`syntax_marks`; ``mrs``: the reading (its pronouns)."""
    found = family(interpretation)
    said = frozenset(marks)
    formula = interpretation.formula
    while isinstance(formula, Not):
        formula = formula.arg
    if found == "logical" and "np-coordination" in said and isinstance(formula, (And, Or)) and \
            all(family(part) == "existential" for part in formula.args):
        return LIST
    pronoun = mrs is not None and any(str(ep.predicate) == "pron" for ep in mrs.rels)
    if found == "coreference" and "predicate-coordination" in said and not said & _REFERRING_BACK and not pronoun:
        return CONJOINED_RELATIONS
    return found


@dataclass(frozen=True)
class Analysis:
    """One output caption's analysis: grammatical?, its chosen reading, the keys derived from it,
    and the reason of its verdict (:mod:`shapeworldice.reasons`: code and a sentence)."""

    grammatical: bool
    interpretation: Interpretation | None
    construction: str | None
    #: the kind of sentence (:func:`sentence_kind`), the report's ``family`` breakdown group
    sentence_kind: str | None
    quantifier_range: str | None
    relation: str | None
    tuples: frozenset
    reason: str = "ok"
    reason_detail: str = ""
    #: the kind of what it claims, however phrased (:func:`claim_family`): what informativeness
    #: compares with the references' claims
    claim_kind: str | None = None


class Analyser:
    """Parses and interprets captions once per normalised text (the evaluation's parse cache)."""

    def __init__(self, parser: Parser):
        self.parser = parser
        self.cache: dict[str, Analysis] = {}

    def __call__(self, caption: str) -> Analysis:
        hit = self.cache.get(self.parser.normalise(caption))  # a repeated caption is never parsed again
        if hit is not None:
            return hit
        parsed: Parsed = self.parser.parse(caption)
        judged = judge(parsed)
        interpretation, index, why = judged.interpretation, judged.reading, judged.reason
        if interpretation is None:
            analysis = Analysis(parsed.grammatical, None, None, None, None, None, frozenset(), why.code, why.detail)
        else:
            reading = parsed.readings[index] if index is not None else None
            marks = syntax_marks(reading)
            key = construction(interpretation, marks)  # the syntax the grammar read is part of the key
            analysis = Analysis(True, interpretation, key, sentence_kind(interpretation, marks, reading),
                                quantifier_range(interpretation), relation(interpretation),
                                frozenset(formula_tuples(interpretation.formula)), why.code, why.detail,
                                claim_family(interpretation))
        self.cache[parsed.normalised] = analysis
        return analysis


@dataclass(frozen=True)
class ReferenceAnalysis:
    """One reference caption's meaning keys, compiled from its stored semantics (``formula``:
    the logical form, for per-caption measures that compare a caption with its references)."""

    construction: str
    sentence_kind: str  # :func:`family` of its logical form (a stored meaning has no syntax marks)
    quantifier_range: str  # "none" where the caption has no quantifier
    relation: str  # "none" where the caption has no relation
    tuples: frozenset
    formula: Any = field(default=None, compare=False, repr=False)

    @property
    def axes(self) -> tuple[tuple[str, str], ...]:
        """(axis, key) pairs of the breakdowns this reference counts in."""
        return (("family", self.sentence_kind), ("quantifier_range", self.quantifier_range),
                ("relation", self.relation))


@dataclass(frozen=True)
class ImageRecord:
    """What the evaluator needs of one image, computed once: world, references and their analyses."""

    id: str
    world: Any
    captions: tuple[str, ...]
    references: tuple[ReferenceAnalysis, ...]
    heldout: bool

    @property
    def tuples(self) -> tuple[frozenset, ...]:
        """Each reference's scene tuples (SPICE*)."""
        return tuple(r.tuples for r in self.references)

    @property
    def constructions(self) -> tuple[str, ...]:
        return tuple(r.construction for r in self.references)


def _reference_analysis(semantics_json: str) -> ReferenceAnalysis:
    caption = caption_from_json(semantics_json)
    formula = formula_of(caption)
    # the marks the realised sentence gets when parsed, so a reference's key equals its parse's
    return ReferenceAnalysis(construction(formula, construction_marks(caption)), family(formula),
                             quantifier_range(formula) or "none", relation(formula) or "none",
                             frozenset(formula_tuples(formula)), formula)


def heldout_images(split: Split) -> set[str]:
    """Ids of the images with a held-out entity count or shape–colour combination."""
    world = split.manifest["definition"]["world"]
    counts = set(world.get("heldout_entity_counts") or [])
    combos = bool(world.get("held_out_combinations"))
    heldout = set()
    for inst in split:
        entities = inst.world.entities
        if len(entities) in counts or (combos and any(is_held_out(e.shape, e.color) for e in entities)):
            heldout.add(inst.id)
    return heldout


def analyse_split(split: Split) -> list[ImageRecord]:
    """Every image of ``split`` with its references analysed (each distinct meaning compiled once)."""
    heldout = heldout_images(split)
    known: dict[str, ReferenceAnalysis] = {}
    images = []
    for inst in split:
        refs = []
        for text in inst.semantics_json:
            if text not in known:
                known[text] = _reference_analysis(text)
            refs.append(known[text])
        images.append(ImageRecord(inst.id, inst.world, tuple(inst.captions), tuple(refs), inst.id in heldout))
    return images
