"""A self-contained HTML page of an evaluation: the score table, the breakdowns, and every image
with the model's caption coloured by its verdict, with the verdict's reason (and the claims of a
caption of several, with the objects it invents), beside the references, filterable by verdict,
family and reason.

The page needs nothing but itself: images are the split's stored PNG bytes inlined as
``data:image/png;base64`` (not re-encoded), style and the few lines of filtering script are inline,
and a Content-Security-Policy lets only that script run, so a caption can never inject code even
beyond the escaping every text goes through. Same report and split give the same bytes.
"""
from __future__ import annotations

import base64
import hashlib
from collections import defaultdict
from html import escape
from typing import Any, Iterable, Iterator, Mapping

from ...data.loader import Split
from ...errors import UserError
from ...metrics import catalogue
from ...reasons import CODES
from ..core.scoring import CaptionResult, group_key
from .report import DIVERSITY_NOTE, INTERVAL_NOTE, computed_columns, fmt, half_width
from .report_records import GroupSummary, Report

VERDICTS = ("true", "false", "ambiguous", "uninterpretable", "ungrammatical")
COLOURS = {"true": "#1a7f37", "false": "#cf222e", "ambiguous": "#9a6700", "uninterpretable": "#8250df",
           "ungrammatical": "#57606a"}
PAGE_SIZE = 120  # images per page: a 4,096-image split stays quick to lay out and scroll
AXES = {"family": "caption family", "quantifier_range": "quantifier range", "relation": "relation",
        "heldout": "seen / held-out"}

STYLE = """
body{font:14px/1.4 system-ui,sans-serif;margin:16px 24px;color:#1f2328;background:#fff}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:22px 0 6px}
table{border-collapse:collapse;margin:4px 0}th,td{border:1px solid #b6c2d1;padding:3px 9px;text-align:right}
th{background:#dde6f2}td:first-child,th:first-child{text-align:left}
code{font-size:12px;word-break:break-all}
.v{color:#fff;border-radius:3px;padding:0 5px;font-size:12px;white-space:nowrap}
%s
.controls{position:sticky;top:0;background:#fff;padding:6px 0;border-bottom:1px solid #d0d7de}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(340px,1fr));gap:10px;margin-top:10px}
.card{display:flex;gap:10px;border:1px solid #d0d7de;border-radius:6px;padding:8px;margin:0}
.card img{width:128px;height:128px;image-rendering:pixelated;flex:none}
.card ul{margin:2px 0;padding-left:16px}.out{font-weight:600;list-style:none;margin-left:-16px}
.refs{color:#57606a;font-size:12px}.id{font-size:12px;color:#57606a}
.why{display:block;font-weight:400;font-size:12px;color:#57606a}
.claims{list-style:none;font-size:12px;margin-left:-4px}
figcaption{min-width:0;overflow-wrap:anywhere}
.card{content-visibility:auto;contain-intrinsic-size:auto 220px}
[hidden]{display:none!important}
"""

SCRIPT = """
(function () {
  var cards = Array.prototype.slice.call(document.querySelectorAll(".card"));
  var verdict = document.getElementById("verdict"), family = document.getElementById("family");
  var reason = document.getElementById("reason");
  var status = document.getElementById("status"), page = 0, size = %d;
  var hash = new URLSearchParams(location.hash.slice(1));
  verdict.value = hash.get("verdict") || ""; family.value = hash.get("family") || "";
  reason.value = hash.get("reason") || "";
  function wanted(card) {
    return Array.prototype.some.call(card.querySelectorAll(".out"), function (o) {
      return (!verdict.value || o.dataset.verdict === verdict.value) &&
             (!family.value || o.dataset.family === family.value) &&
             (!reason.value || o.dataset.reason === reason.value);
    });
  }
  function show() {
    var shown = cards.filter(wanted), pages = Math.max(1, Math.ceil(shown.length / size));
    page = Math.max(0, Math.min(page, pages - 1));
    cards.forEach(function (c) { c.hidden = true; });
    shown.slice(page * size, (page + 1) * size).forEach(function (c) { c.hidden = false; });
    status.textContent = shown.length + " of " + cards.length + " images match; page " + (page + 1) + " of " + pages;
  }
  function filter() {
    page = 0; show();
    var h = new URLSearchParams();
    if (verdict.value) h.set("verdict", verdict.value);
    if (family.value) h.set("family", family.value);
    if (reason.value) h.set("reason", reason.value);
    try { history.replaceState(null, "", "#" + h.toString()); } catch (e) {}
  }
  verdict.onchange = filter; family.onchange = filter; reason.onchange = filter;
  document.getElementById("prev").onclick = function () { page--; show(); };
  document.getElementById("next").onclick = function () { page++; show(); };
  show();
})();
"""


def _verdict(result: CaptionResult) -> str:
    return str(result.truth) if result.grammatical and result.truth else "ungrammatical"


def _reason(result: CaptionResult) -> str:
    """The verdict's reason code."""
    return str(result.reason or "")


def _why(result: CaptionResult) -> str:
    """The reason shown under a caption: code and detail, escaped."""
    code, detail = _reason(result), str(result.reason_detail or "")
    return f'<span class="why">{escape(code)}{": " + escape(detail) if detail else ""}</span>' if code else ""


def _claims(result: CaptionResult) -> str:
    """A caption of several claims: each claim's logical form with its verdict, and the objects it
    mentions that the world lacks; nothing for a caption of one claim without hallucinations."""
    claims, invented = result.claim_pairs or (), result.hallucinated or ()
    if len(claims) < 2 and not invented:
        return ""
    lines = [f'<span class="v v-{escape(truth)}">{escape(truth)}</span> <code>{escape(text)}</code>'
             for text, truth in claims if len(claims) > 1]
    if invented:
        lines.append("not in the image: " + escape(", ".join(invented)))
    return f'<li class="claims">{"<br>".join(lines)}</li>'


def _sentence_kind(result: CaptionResult) -> str:
    """The caption's sentence kind, keyed as in the report's ``family`` breakdown."""
    return group_key(result, "family")


def _table(header: Iterable[str], rows: Iterable[Iterable[str]], table_id: str | None = None) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    ident = f' id="{escape(table_id)}"' if table_id else ""
    return f"<table{ident}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _summary(report: Report) -> Iterator[str]:
    """Score table, verdict counts, notes and breakdowns: what the terminal summary shows, as tables."""
    scores, found = report.scores, report.intervals
    shown = computed_columns("table", [scores])
    yield "<h2>Scores</h2>"
    rows = [["overall", *(fmt(scores.get(key)) for _, key in shown)]]
    if found:
        rows.append(["±95%", *(half_width(found.get(key)) for _, key in shown)])
    yield _table(["", *(name for name, _ in shown)], rows, "scores")
    counts = report.counts
    yield "<p>" + " ".join(f'<span class="v v-{v}">{v}</span> {int(getattr(counts, v))}' for v in VERDICTS[:4])
    yield (f" &nbsp; constructions {int(counts.constructions_output)}/{int(counts.constructions_references)}"
           "</p>")
    reasons = report.reasons
    if reasons:
        yield "<p>reasons: " + ", ".join(f"{escape(code)} {int(n)}" for code, n in reasons.items() if n) + "</p>"
    for name, reason in sorted(report.unavailable.items()):
        text = reason if reason == catalogue.ON_REQUEST else f"unavailable ({reason})"
        yield f"<p>{escape(catalogue.label(name))}: {escape(str(text))}</p>"
    for note in (*(m.note for m in catalogue.in_view("table") if m.note), DIVERSITY_NOTE):
        yield f"<p>{escape(note)}</p>"
    if found:
        yield f"<p>{escape(INTERVAL_NOTE)}</p>"
    group_columns = (("captions", "captions"),
                     *computed_columns("breakdown_table", [g.scores for groups in report.breakdown.values()
                                                           for g in groups.values()]))
    for axis, groups in report.breakdown.items():
        if list(groups) == ["none"]:  # e.g. quantifier ranges of spatial captions: nothing to break down
            continue
        yield f"<h2>By {escape(AXES.get(axis, axis))}</h2>"
        yield _table(["", *(name for name, _ in group_columns)],
                     [[key, *(str(g.captions) if k == "captions" else _cell(g, k) for _, k in group_columns)]
                      for key, g in groups.items()], f"by-{axis}")


def _cell(group: GroupSummary, key: str) -> str:
    """A breakdown group's score with its interval's half-width: ``0.350 ±0.045``."""
    score = group.score(key)
    width = half_width(score.interval)
    return fmt(score.value) + (f" {width}" if width else "")


def _options(select_id: str, label: str, values: Iterable[str]) -> str:
    options = "".join(f'<option value="{escape(v)}">{escape(v)}</option>' for v in values)
    return f'<label>{label} <select id="{select_id}"><option value="">all</option>{options}</select></label>'


def _cards(split: Split, by_image: Mapping[str, list[CaptionResult]], page_size: int) -> Iterator[str]:
    """One card per evaluated image, in split order, its stored PNG inlined as it is; cards after the
    first page start hidden (shown without JavaScript by the page's noscript style)."""
    shown = 0
    for inst in split.stream():
        outputs = by_image.get(inst.id)
        if outputs is None:
            continue
        shown += 1
        if not inst.png.startswith(b"\x89PNG\r\n\x1a\n"):
            raise UserError(f"image {inst.id!r} of {split.directory} is not a PNG")
        image = base64.b64encode(inst.png).decode("ascii")
        lines = "".join(
            f'<li class="out" data-verdict="{escape(_verdict(r))}" data-family="{escape(_sentence_kind(r))}" '
            f'data-reason="{escape(_reason(r))}" style="color:{COLOURS[_verdict(r)]}">{escape(r.caption)} '
            f'<span class="v v-{escape(_verdict(r))}">{escape(_verdict(r))}</span> {_why(r)}</li>{_claims(r)}'
            for r in outputs)
        refs = "".join(f"<li>{escape(c)}</li>" for c in inst.captions)
        hidden = " hidden" if shown > page_size else ""  # the script pages; the browser lays out one page
        yield (f'<figure class="card"{hidden}><img alt="{escape(inst.id)}" src="data:image/png;base64,{image}">'
               f'<figcaption><div class="id">{escape(inst.id)}</div><ul>{lines}</ul>'
               f'<ul class="refs">{refs}</ul></figcaption></figure>')


def _captioner(captioner: Mapping[str, Any] | None) -> list[str]:
    """The line naming what produced the captions (a results file of ``caption``), if known."""
    if not captioner:
        return []
    decoding = ", ".join(f"{k} {v}" for k, v in (captioner.get("decoding") or {}).items())
    return [f"<p>model <code>{escape(str(captioner.get('model', '')))}</code>, prompt "
            f"&ldquo;{escape(str((captioner.get('prompt') or {}).get('text', '')))}&rdquo;, {escape(decoding)}, "
            f"images sent at {escape(str((captioner.get('image') or {}).get('size', '')))} px</p>"]


def render_html(report: Report, split: Split, page_size: int = PAGE_SIZE) -> bytes:
    """The page for ``report`` (as returned by the evaluator) on the split it was computed on,
    ``page_size`` images to a page."""
    if page_size < 1:
        raise UserError(f"page size must be at least 1, got {page_size}")
    details = report.details
    by_image: dict[str, list[CaptionResult]] = defaultdict(list)
    for r in details:
        by_image[r.image_id].append(r)
    script = SCRIPT % page_size
    script_hash = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    csp = f"default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'sha256-{script_hash}'"
    title = f"{report.dataset} / {report.split}: GTD evaluation"
    verdict_styles = "".join(f".v-{v}{{background:{c}}}" for v, c in COLOURS.items())
    present = {_verdict(r) for r in details}
    kinds = sorted({_sentence_kind(r) for r in details})
    reasons = {_reason(r) for r in details} - {""}
    parts = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{escape(csp)}">',
        f"<title>{escape(title)}</title><style>{STYLE % verdict_styles}</style>",
        "<noscript><style>.card[hidden]{display:flex!important}</style></noscript></head><body>",
        f"<h1>{escape(title)}</h1>",
        f"<p>{int(report.images)} images, {int(report.captions)} captions, parser "
        f"{escape(str(report.parser))}<br><code>{escape(report.signature)}</code></p>",
        *_captioner(report.captioner),
        *_summary(report),
        "<h2>Images</h2>",
        '<div class="controls">' + _options("verdict", "verdict", [v for v in VERDICTS if v in present])
        + " " + _options("family", "family", kinds)
        + " " + _options("reason", "reason", [c for c in CODES if c in reasons] + sorted(reasons - set(CODES)))
        + ' <button id="prev" type="button">&larr; previous</button> <button id="next" type="button">next '
        + '&rarr;</button> <span id="status"></span></div>',
        '<div class="grid">', *_cards(split, by_image, page_size), "</div>",
        f"<script>{script}</script></body></html>\n",
    ]
    # a lone surrogate (JSON "\\ud800") in a caption cannot be UTF-8: it is shown as its escape
    return "\n".join(parts).encode("utf-8", "backslashreplace")
