"""GTD evaluation: grammaticality, truthfulness and diversity beside the surface metrics.

For each output caption: parse (built-in grammar or ACE+ERG) → choose an interpretable
reading → three-valued truth on the image's world model → construction key and scene tuples.
Reference captions are not re-parsed: their stored caption semantics are compiled to the same
logical form (:func:`shapeworldice.interpret.formula_of`), so D and SPICE compare like with like.
"""
from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from .. import __version__
from ..data.loader import Split, load
from ..interpret.construction import syntax_marks
from ..interpret import (
    Interpretation, construction, family, formula_of, formula_tuples, interpret_readings, quantifier_range,
    relation, verdict,
)
from ..metrics import score_all
from ..parsing import Parsed, Parser, make_parser
from ..semantics.components import from_json as caption_from_json
from ..world.sampling import is_held_out
from .diversity_section import diversity_section
from .inputs import excluded_references, group_by_image, parse_outputs, read_outputs

SCORE_KEYS = ("grammaticality", "truthfulness", "truthfulness_grammatical", "diversity", "bleu_1", "bleu_2",
              "bleu_3", "bleu_4", "meteor", "rouge_l", "cider_d", "spice")


@dataclass
class CaptionResult:
    """One output caption's verdicts and per-caption scores."""

    image_id: str
    caption: str
    grammatical: bool
    truth: str | None  # true | false | ambiguous | uninterpretable | None (ungrammatical)
    construction: str | None
    family: str | None
    quantifier_range: str | None
    relation: str | None
    heldout: bool
    spice: float | None = None
    scores: dict[str, float | None] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"image_id": self.image_id, "caption": self.caption, "grammatical": self.grammatical,
                "truth": self.truth, "construction": self.construction, "family": self.family,
                "quantifier_range": self.quantifier_range, "relation": self.relation, "heldout": self.heldout,
                "scores": {"spice": self.spice, **self.scores}}


@dataclass
class _Analysis:
    grammatical: bool
    interpretation: Interpretation | None
    construction: str | None
    family: str | None
    quantifier_range: str | None
    relation: str | None
    tuples: frozenset


class Analyser:
    """Parses and interprets captions once per normalised text (the evaluation's parse cache)."""

    def __init__(self, parser: Parser):
        self.parser = parser
        self.cache: dict[str, _Analysis] = {}

    def __call__(self, caption: str) -> _Analysis:
        parsed: Parsed = self.parser.parse(caption)
        hit = self.cache.get(parsed.normalised)
        if hit is not None:
            return hit
        interpretation = None
        if parsed.grammatical:
            index, result = interpret_readings(parsed.readings)
            interpretation = result if isinstance(result, Interpretation) else None
        if interpretation is None:
            analysis = _Analysis(parsed.grammatical, None, None, None, None, None, frozenset())
        else:
            marks = syntax_marks(parsed.readings[index]) if index is not None else ()
            key = construction(interpretation, marks)  # syntax kept in the key (#10)
            analysis = _Analysis(True, interpretation, key, family(interpretation),
                                 quantifier_range(interpretation), relation(interpretation),
                                 frozenset(formula_tuples(interpretation.formula)))
        self.cache[parsed.normalised] = analysis
        return analysis


def tuple_f1(candidate: frozenset, reference: set) -> float:
    """SPICE's definition: F1 of a caption's scene-graph tuples against the references' union."""
    if not candidate or not reference:
        return 0.0
    matched = len(candidate & reference)
    if not matched:
        return 0.0
    precision, recall = matched / len(candidate), matched / len(reference)
    return 2 * precision * recall / (precision + recall)


def _heldout_images(split: Split) -> set[str]:
    world = split.manifest["definition"]["world"]
    counts = set(world.get("heldout_entity_counts") or [])
    combos = bool(world.get("held_out_combinations"))
    heldout = set()
    for inst in split:
        entities = inst.world.entities
        if len(entities) in counts or (combos and any(is_held_out(e.shape, e.color) for e in entities)):
            heldout.add(inst.id)
    return heldout


def _ratio(numerator: float, denominator: float) -> float | None:
    return numerator / denominator if denominator else None


def _summary(results: Sequence[CaptionResult], reference_constructions: set[str]) -> dict[str, Any]:
    n = len(results)
    grammatical = sum(r.grammatical for r in results)
    truths = Counter(r.truth for r in results if r.grammatical)
    constructions = {r.construction for r in results if r.construction is not None}
    return {
        "captions": n,
        "grammaticality": _ratio(grammatical, n),
        "truthfulness": _ratio(truths["true"], n),
        "truthfulness_grammatical": _ratio(truths["true"], grammatical),
        "diversity": _ratio(len(constructions), len(reference_constructions)),
        "counts": {"grammatical": grammatical, "true": truths["true"], "false": truths["false"],
                   "ambiguous": truths["ambiguous"], "uninterpretable": truths["uninterpretable"],
                   "constructions_output": len(constructions),
                   "constructions_references": len(reference_constructions)},
    }


@dataclass(frozen=True)
class _Image:
    """What the evaluator needs of one image, computed once: world, references and their semantics."""

    id: str
    world: Any
    captions: tuple[str, ...]
    constructions: tuple[str, ...]
    axes: tuple[tuple[tuple[str, str], ...], ...]  # per reference: (axis, key) pairs for the breakdowns
    tuples: tuple[frozenset, ...]
    heldout: bool


class Evaluator:
    """Scores caption sets against one dataset split; reference-side work and parses are cached,
    so many caption sets (checkpoints, robustness steps) cost little more than one."""

    def __init__(self, directory: str | Path, split: str = "test", parser: str | Parser = "builtin",
                 ace: str | None = None, grammar_image: str | None = None):
        self.data = load(directory, split)
        self.parser = make_parser(parser, ace, grammar_image) if isinstance(parser, str) else parser
        self.analyse = Analyser(self.parser)
        heldout = _heldout_images(self.data)
        self.images: list[_Image] = []
        known: dict[str, tuple] = {}  # references repeat: compile each meaning once
        for inst in self.data:
            keys = []
            for text in inst.semantics_json:
                if text not in known:
                    formula = formula_of(caption_from_json(text))
                    known[text] = (construction(formula), (("family", family(formula)),
                                   ("quantifier_range", quantifier_range(formula) or "none"),
                                   ("relation", relation(formula) or "none")), frozenset(formula_tuples(formula)))
                keys.append(known[text])
            self.images.append(_Image(inst.id, inst.world, inst.captions, tuple(k[0] for k in keys),
                                      tuple(k[1] for k in keys), tuple(k[2] for k in keys), inst.id in heldout))
        self.ids = [image.id for image in self.images]
        self.reference_counts = {image.id: len(image.captions) for image in self.images}

    def close(self) -> None:
        """End the parser's process (ACE); the built-in parser has none."""
        self.parser.close()

    def evaluate(self, captions: str | Path | Sequence[dict[str, Any]], allow_missing: bool = False,
                 include_meteor: bool = True) -> dict[str, Any]:
        """The report (see ``formats.md``) of one caption set; ``report["details"]`` holds one
        :class:`CaptionResult` per output caption."""
        source = str(captions) if isinstance(captions, (str, Path)) else "captions"
        entries = caption_entries(captions)
        grouped, missing = group_by_image(entries, self.ids, allow_missing, source)
        excluded = excluded_references(entries, self.reference_counts, source)
        results: list[CaptionResult] = []
        reference_constructions: dict[tuple[str, str], set[str]] = defaultdict(set)
        candidates, references, image_order = [], [], []
        for image in self.images:
            if image.id not in grouped:
                continue
            keep = [k for k in range(len(image.captions)) if k not in excluded.get(image.id, ())]
            ref_tuples = set().union(*(image.tuples[k] for k in keep))
            for k in keep:
                seen = ("heldout", "held-out" if image.heldout else "seen")
                for axis_key in (("*", "*"), seen, *image.axes[k]):
                    reference_constructions[axis_key].add(image.constructions[k])
            for caption in grouped[image.id]:
                a = self.analyse(caption)
                label = verdict(a.interpretation, image.world) if a.grammatical else None
                results.append(CaptionResult(image.id, caption, a.grammatical, label, a.construction, a.family,
                                             a.quantifier_range, a.relation, image.heldout,
                                             spice=tuple_f1(a.tuples, ref_tuples)))
            candidates.append(grouped[image.id])
            references.append([image.captions[k] for k in keep])
            image_order.append(image.id)

        metrics = score_all(candidates, references, include_meteor=include_meteor)
        _attach_per_caption(results, metrics, image_order)
        overall = _summary(results, reference_constructions["*", "*"])
        scores = {k: overall[k] for k in ("grammaticality", "truthfulness", "truthfulness_grammatical", "diversity")}
        unavailable = {}
        for name, result in metrics.items():
            scores[name] = result.score
            if result.unavailable:
                unavailable[name] = result.unavailable
        scores["spice"] = sum(r.spice or 0.0 for r in results) / len(results) if results else None
        return {
            "diversity_section": diversity_section(grouped, overall["truthfulness"]),
            "signature": gtd_signature(self.data, self.parser),
            "dataset": self.data.name,
            "split": self.data.split,
            "parser": self.parser.name,
            "images": len(image_order),
            "captions": len(results),
            "missing_images": len(missing),
            "scores": {k: scores.get(k) for k in SCORE_KEYS},
            "counts": overall["counts"],
            "breakdown": _breakdowns(results, reference_constructions),
            "unavailable": unavailable,
            "metric_signatures": {name: r.signature for name, r in metrics.items()},
            "notes": {"spice": "SPICE definition (tuple F1) computed from the grammar's semantics, "
                               "not the official jar",
                      "cider_d_idf": "document frequencies from the references of the evaluated split"},
            "details": results,
        }


def evaluate(directory: str | Path, captions: str | Path | Sequence[dict[str, Any]], split: str = "test",
             parser: str | Parser = "builtin", allow_missing: bool = False, include_meteor: bool = True,
             ace: str | None = None, grammar_image: str | None = None) -> dict[str, Any]:
    """Evaluate a caption file (or COCO-results entries) against a built dataset split."""
    evaluator = Evaluator(directory, split, parser, ace, grammar_image)
    try:
        return evaluator.evaluate(captions, allow_missing=allow_missing, include_meteor=include_meteor)
    finally:
        if isinstance(parser, str):  # a parser we started, we stop
            evaluator.close()


def caption_entries(captions: str | Path | Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """COCO-results records from a caption file or from entries given in Python (same checks)."""
    if isinstance(captions, (str, Path)):
        return read_outputs(captions)
    return parse_outputs(json.dumps(list(captions)).encode("utf-8"), "captions")


def _attach_per_caption(results: list[CaptionResult], metrics: dict[str, Any], image_order: list[str]) -> None:
    position = {image_id: k for k, image_id in enumerate(image_order)}
    for name, result in metrics.items():
        if result.per_image is None:
            continue
        per_caption = result.extra.get("per_caption")
        if per_caption is not None:
            for r, value in zip(results, per_caption):
                r.scores[name] = value
        else:
            for r in results:
                r.scores[name] = result.per_image[position[r.image_id]]


def _breakdowns(results: list[CaptionResult], reference_constructions: dict[tuple[str, str], set[str]]
                ) -> dict[str, Any]:
    """G, T, D per family, quantifier range, relation and seen/held-out; D of a group compares its
    constructions with those of the references in the same group."""
    out: dict[str, Any] = {}
    for axis in ("family", "quantifier_range", "relation", "heldout"):
        groups: dict[str, list[CaptionResult]] = defaultdict(list)
        for r in results:
            if axis == "heldout":
                key = "held-out" if r.heldout else "seen"
            else:
                key = getattr(r, axis) or ("ungrammatical" if not r.grammatical else "none")
            groups[key].append(r)
        out[axis] = {key: _summary(members, reference_constructions.get((axis, key), set()))
                     for key, members in sorted(groups.items())}
    return out


def gtd_signature(data: Split, parser: Parser) -> str:
    """sacrebleu-style signature of what produced a score: versions, parser, data, split, refs."""
    manifest = data.manifest
    refs = manifest["splits"][data.split]["captions_per_instance"]
    return (f"GTD|v:{__version__}|grammar:{parser.version}|parser:{parser.name}"
            f"|data:{data.name}@{data.manifest_sha256[:8]}|seed:{manifest['seed']}"
            f"|split:{data.split}|refs:{refs}")
