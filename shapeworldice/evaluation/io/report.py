"""Reports: the JSON report, per-caption JSONL details and the terminal table.

Files are written atomically, so a failed evaluation never leaves a partial report behind.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from ...metrics import catalogue
from .outputs import json_text, write_file, write_together
from .report_records import Report

Columns = Sequence[tuple[str, str]]


def columns(view: str = "table", meteor: bool = True) -> tuple[tuple[str, str], ...]:
    """(label, key) of the catalogue measures shown in ``view`` (``meteor=False``: without METEOR)."""
    return tuple((m.label, m.key) for m in catalogue.in_view(view, meteor))


def computed_columns(view: str, rows: Sequence[Mapping[str, Any]]) -> tuple[tuple[str, str], ...]:
    """The columns of ``view`` for these rows of scores: an on-request measure (METEOR, off unless
    --meteor) gets a column only when some row has a value for it, so a table never carries a
    column that is n/a by construction (the report's ``unavailable`` line says why it is missing)."""
    keep = any(row.get(m.key) is not None for m in catalogue.in_view(view) if m.on_request for row in rows)
    return columns(view, meteor=keep)


def report_bytes(report: Report) -> bytes:
    """The report as strict JSON (the per-caption details go to JSONL): a score that is not a
    finite number (a diverged critic's NaN) is written as null and named with its reason under
    ``not_finite``."""
    return (json_text(report.to_json(), indent=2, sort_keys=True) + "\n").encode("utf-8")


def details_bytes(report: Report) -> bytes:
    """One strict-JSON line per caption (NaN written as null, named under ``not_finite``)."""
    return ("".join(json_text(r.to_dict(), sort_keys=True) + "\n" for r in report.details)).encode("utf-8")


def write_report(report: Report, path: str | Path) -> None:
    write_file(path, report_bytes(report))


def write_details(report: Report, path: str | Path) -> None:
    write_file(path, details_bytes(report))


def write_outputs(report: Report, out: str | Path | None, details: str | Path | None,
                  extra: tuple[str | Path, bytes] | None = None) -> None:
    """Write the report, the details and ``extra`` (the HTML page) as a set: all the files asked for
    or none, old ones kept on failure."""
    files = [(path, data(report)) for path, data in ((out, report_bytes), (details, details_bytes))
             if path is not None]
    write_together(files + ([extra] if extra is not None else []))


def fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


#: what D is, said wherever D is shown: unlike the other scores it is not a share, so it can exceed 1
DIVERSITY_NOTE = ("D = distinct constructions of the captions / distinct constructions of the references (in a "
                  "breakdown, those of the same group): not capped at 1, it exceeds 1 when the captions use "
                  "constructions the references do not")
INTERVAL_NOTE = ("±95% = half the width of a 95% bootstrap interval (1,000 seeded draws of the images; D by the "
                 "jackknife); the report holds each interval's ends")


def half_width(interval: Sequence[float | None] | None) -> str:
    """``±0.012``: half the width of a 95% interval ([lo, hi] in the report), or blank (also where
    an end was not a finite number, read back as null)."""
    if not interval or interval[0] is None or interval[1] is None:
        return ""
    return f"±{(interval[1] - interval[0]) / 2:.3f}"


def table(rows: Sequence[tuple[str, Mapping[str, Any]]], shown: Columns | None = None,
          intervals: Sequence[Mapping[str, Any] | None] | None = None) -> str:
    """A plain-text table: one row per (label, scores); columns (label, key) default to the
    catalogue's table measures. With ``intervals`` (one dict of [lo, hi] per row), each row is
    followed by a ``±95%`` row of half-widths."""
    shown = columns() if shown is None else shown
    width = max([len(label) for label, _ in rows] + [5])
    cell = max([8] + [len(name) for name, _ in shown])
    header = f"{'':{width}s} " + " ".join(f"{name:>{cell}s}" for name, _ in shown)
    lines = [header, "-" * len(header)]
    for k, (label, scores) in enumerate(rows):
        lines.append(f"{label:{width}s} " + " ".join(f"{fmt(scores.get(key)):>{cell}s}" for _, key in shown))
        found = intervals[k] if intervals is not None else None
        if found:
            lines.append(f"{'  ±95%':{width}s} " + " ".join(f"{half_width(found.get(key)):>{cell}s}"
                                                            for _, key in shown))
    return "\n".join(lines)


def reasons_line(reasons: Mapping[str, int]) -> str:
    """``reasons: ok 60  unknown-words 3 ...``: the verdicts' reasons with a count, in decision order."""
    shown = [f"{code} {n}" for code, n in reasons.items() if n or code == "ok"]
    return "reasons: " + "  ".join(shown)


def summary_text(report: Report) -> str:
    """Terminal summary: overall scores, counts, reasons, the breakdown by sentence kind, signature."""
    parts = [f"warning: {w}" for w in report.warnings]
    parts += [f"{report.dataset} / {report.split}: {report.images} images, {report.captions} captions",
              table([("overall", report.scores)], computed_columns("table", [report.scores]),
                    intervals=[report.intervals])]
    kinds = report.breakdown["family"]
    if len(kinds) > 1:
        parts.append(table([(f"family {k}", group.scores) for k, group in kinds.items()],
                           computed_columns("breakdown_table", [group.scores for group in kinds.values()]),
                           intervals=[group.intervals for group in kinds.values()]))
    c = report.counts
    parts.append(f"grammatical {c.grammatical}  true {c.true}  false {c.false}  ambiguous {c.ambiguous}  "
                 f"uninterpretable {c.uninterpretable}  constructions {c.constructions_output}/"
                 f"{c.constructions_references}")
    parts.append(reasons_line(report.reasons))
    section = report.diversity_section
    if section:
        parts.append(f"several captions per image ({section.images} images): Self-CIDEr {fmt(section.self_cider)}"
                     f"  LSA {fmt(section.lsa)}  mBLEU-4 {fmt(section.mbleu_4)}  mBLEU-mix "
                     f"{fmt(section.mbleu_mix)}  F(div, T) {fmt(section.f_score)}")
    for name, reason in report.unavailable.items():
        parts.append(f"{catalogue.label(name)}: {reason}" if reason == catalogue.ON_REQUEST
                     else f"{catalogue.label(name)}: unavailable ({reason})")
    parts.extend(m.note for m in catalogue.in_view("table") if m.note)
    parts.append(DIVERSITY_NOTE)
    if report.intervals:
        parts.append(INTERVAL_NOTE)
    parts.append(report.signature)
    return "\n".join(parts)
