"""GTD evaluation: grammaticality, truthfulness and diversity beside the surface metrics.

For each output caption: parse (built-in grammar or ACE+ERG) → choose an interpretable
reading → three-valued truth on the image's world model → construction key and scene tuples.
The work is three steps in three modules: :mod:`.analysis` (parse, interpret, cache; the
references' meanings), :mod:`.scoring` (verdicts, GTD, SPICE*, surface metrics) and
:mod:`.gtd_report` (the typed report, :mod:`shapeworldice.evaluation.io.report_records`).
:class:`Evaluator` holds what is shared between caption sets of one split.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from ...data.loader import load
from ...parsing import Parser, make_parser
from .analysis import Analyser, Analysis, ImageRecord, analyse_split
from .gtd_report import build_report, gtd_signature
from ..io.report_records import Report
from .floors import load_prior
from .measures import CaptionMeasure, DatasetContext
from .registry import caption_measures
from ..io.inputs import excluded_references, group_by_image, parse_outputs, read_outputs, results_header
from ...progress import bar as progress_bar
from .scoring import CaptionResult, Scored, score_captions, tuple_f1

__all__ = ["Evaluator", "evaluate", "caption_entries", "CaptionResult", "Analyser", "Analysis", "ImageRecord",
           "tuple_f1", "gtd_signature"]


class Evaluator:
    """Scores caption sets against one dataset split; reference-side work and parses are cached,
    so many caption sets (checkpoints, robustness steps) cost little more than one."""

    def __init__(self, directory: str | Path, split: str = "test", parser: str | Parser = "builtin",
                 ace: str | None = None, grammar_image: str | None = None):
        self.data = load(directory, split)
        self.parser = make_parser(parser, ace, grammar_image) if isinstance(parser, str) else parser
        self.analyse = Analyser(self.parser)
        self.images: list[ImageRecord] = analyse_split(self.data)
        self.ids = [image.id for image in self.images]
        self.reference_counts = {image.id: len(image.captions) for image in self.images}
        self.build = f", {self.data.name} seed {self.data.manifest['seed']}"
        self.prior = load_prior(directory, self.data.manifest)
        self._prepared: dict[int, tuple[CaptionMeasure, CaptionMeasure]] = {}  # id → (registered, prepared)

    def close(self) -> None:
        """End the parser's process (ACE); the built-in parser has none."""
        self.parser.close()

    def measures(self) -> list[CaptionMeasure]:
        """The registered per-caption measures (as the registry is now), each prepared once."""
        out = []
        for m in caption_measures():
            hit = self._prepared.get(id(m))
            if hit is None or hit[0] is not m:
                hit = self._prepared[id(m)] = (m, m.prepare(DatasetContext(self.data, self.prior)))
            out.append(hit[1])
        return out

    def evaluate(self, captions: str | Path | Sequence[dict[str, Any]], allow_missing: bool = False,
                 include_meteor: bool = False, progress: bool = False,
                 several_captions: bool = False) -> Report:
        """The report (see ``docs/formats.md``) of one caption set; ``report.details`` holds one
        :class:`CaptionResult` per output caption.  METEOR only with ``include_meteor``;
        ``progress`` shows a bar on stderr (when it is a terminal)."""
        return self.score(captions, allow_missing, include_meteor, progress, several_captions)[1]

    def score(self, captions: str | Path | Sequence[dict[str, Any]], allow_missing: bool = False,
              include_meteor: bool = False, progress: bool = False,
              several_captions: bool = False) -> tuple[Scored, Report]:
        """(the scoring step's outcome, the report): the outcome holds what a paired comparison of
        two caption sets needs (:func:`shapeworldice.evaluation.core.intervals.scored_table`)."""
        source = str(captions) if isinstance(captions, (str, Path)) else "captions"
        entries = caption_entries(captions)
        grouped, missing = group_by_image(entries, self.ids, allow_missing, source, several_captions, self.build)
        excluded = excluded_references(entries, self.reference_counts, source)
        del entries  # the records (a dict per caption) are not needed once grouped
        total = sum(len(v) for v in grouped.values())
        measures = self.measures()
        with progress_bar(total, "evaluate", progress, unit="caption") as bar:
            scored = score_captions(self.images, grouped, excluded, self.analyse, include_meteor, tick=bar.update,
                                    stage=lambda text: bar.set_description(f"evaluate: {text}"), measures=measures)
        return scored, build_report(scored, self.data, self.parser, grouped, missing, results_header(captions))


def evaluate(directory: str | Path, captions: str | Path | Sequence[dict[str, Any]], split: str = "test",
             parser: str | Parser = "builtin", allow_missing: bool = False, include_meteor: bool = False,
             ace: str | None = None, grammar_image: str | None = None, progress: bool = False,
             several_captions: bool = False) -> Report:
    """Evaluate a caption file (or COCO-results entries) against a built dataset split."""
    evaluator = Evaluator(directory, split, parser, ace, grammar_image)
    try:
        return evaluator.evaluate(captions, allow_missing=allow_missing, include_meteor=include_meteor,
                                  progress=progress, several_captions=several_captions)
    finally:
        if isinstance(parser, str):  # a parser we started, we stop
            evaluator.close()


def caption_entries(captions: str | Path | Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """COCO-results records from a caption file or from entries given in Python (same checks)."""
    if isinstance(captions, (str, Path)):
        return read_outputs(captions)
    return parse_outputs(json.dumps(list(captions)).encode("utf-8"), "captions")
