"""The evaluator's report step: the :class:`Report` (see ``docs/formats.md``) of a scoring outcome.

Score keys come from the measure catalogue (:mod:`shapeworldice.metrics.catalogue`), so a
registered measure appears in the report (and in the terminal table) without further edits.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..._version import __version__
from ...data.loader import Split
from ...metrics import catalogue
from ...parsing import Parser
from ..io.report_records import Report
from .diversity_section import diversity_section
from .intervals import report_intervals, signature_field
from .scoring import Scored, breakdowns

__all__ = ["build_report", "gtd_signature"]

NOTES = {"spice": "SPICE definition (tuple F1) computed from the grammar's semantics, not the official jar",
         "cider_d_idf": "document frequencies from the references of the evaluated split"}


def gtd_signature(data: Split, parser: Parser) -> str:
    """sacrebleu-style signature of what produced a score: versions, parser, data, split, refs.

    ``data:NAME@manifest:XXXXXXXX`` carries the *manifest hash* (the exact bytes scored), labelled
    ``manifest:`` so it is never mistaken for the definition digest (``def:``) of the dataset
    signature."""
    manifest = data.manifest
    refs = manifest["splits"][data.split]["captions_per_instance"]
    from ...interpret.quantifiers import numeral_reading

    return (f"GTD|v:{__version__}|grammar:{parser.version}|parser:{parser.name}|numerals:{numeral_reading()}"
            f"|data:{data.name}@manifest:{data.manifest_sha256[:8]}|seed:{manifest['seed']}"
            f"|split:{data.split}|refs:{refs}")


def captioner_field(header: Mapping[str, Any] | None) -> str:
    """``|captioner:MODEL,prompt:NAME@SHA8,max_new_tokens:64,temperature:0.0,seed:0,px:256``: the
    signature field of a results file's header (what produced the captions), or nothing."""
    if not header:
        return ""
    import hashlib

    prompt, decoding, image = header.get("prompt") or {}, header.get("decoding") or {}, header.get("image") or {}
    text_hash = hashlib.sha256(str(prompt.get("text", "")).encode("utf-8")).hexdigest()[:8]
    parts = [str(header.get("model", "")), f"prompt:{prompt.get('name', '')}@{text_hash}",
             *(f"{key}:{decoding[key]}" for key in ("max_new_tokens", "temperature", "seed") if key in decoding),
             f"px:{image.get('size', '')}"]
    return "|captioner:" + ",".join(part.replace("|", "%7C") for part in parts)


def report_warnings(data: Split) -> list[str]:
    """What a reader of the scores should know about the split scored."""
    refs = data.manifest["splits"][data.split]["captions_per_instance"]
    if refs < 2:
        return [f"the {data.split} split has {refs} reference caption per image: the reference-based scores "
                "(BLEU, CIDEr-D, SPICE*, D) are not comparable with a test split's ten; evaluate --split test"]
    return []


def build_report(scored: Scored, data: Split, parser: Parser, grouped: Mapping[str, Sequence[str]],
                 missing: Sequence[str], header: Mapping[str, Any] | None = None) -> Report:
    """The report of one caption set; ``report.details`` holds one CaptionResult per caption.
    ``header``: a results file's header (model, prompt, decoding, image size), signed and kept."""
    overall, by_group = report_intervals(scored)
    breakdown = breakdowns(scored.results, scored.reference_constructions)
    document = {
        "diversity_section": diversity_section(grouped, scored.overall["truthfulness"]),
        "signature": f"{gtd_signature(data, parser)}|{signature_field()}{captioner_field(header)}",
        "warnings": report_warnings(data),
        "dataset": data.name,
        "split": data.split,
        "parser": parser.name,
        "images": len(scored.image_order),
        "captions": len(scored.results),
        "missing_images": len(missing),
        "scores": {k: scored.scores.get(k) for k in catalogue.keys()},
        "intervals": {k: overall.get(k) for k in catalogue.keys() if k in overall},
        "counts": scored.overall["counts"],
        "reasons": scored.overall["reasons"],
        "breakdown": {axis: {key: {**summary, "intervals": by_group[axis][key]} for key, summary in groups.items()}
                      for axis, groups in breakdown.items()},
        "unavailable": {name: r.unavailable for name, r in scored.metrics.items() if r.unavailable},
        "metric_signatures": {name: r.signature for name, r in scored.metrics.items()},
        "notes": dict(NOTES),
    }
    if header:
        document["captioner"] = {key: header[key] for key in ("model", "prompt", "decoding", "image") if key in header}
    return Report.from_json(document, scored.results)
