"""The HTML report of ``evaluate``: inline images, the score table, escaping, filtering, and what a
real browser (headless Chromium) draws of it."""
from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from shapeworldice.cli import main
from shapeworldice.data import load
from shapeworldice.data.build import generate
from shapeworldice.evaluation.core.gtd import Evaluator
from shapeworldice.evaluation.io.html_report import COLOURS, render_html
from shapeworldice.evaluation.io.report import computed_columns, fmt, half_width
from shapeworldice.reasons import CODES

SCRIPT_CAPTION = "<script>document.title='pwned'</script> A square is red."
IMG_CAPTION = '<img src=x onerror="document.title=\'pwned\'">'


class Page(HTMLParser):
    """Tags with their attributes, the text of each table cell (by table id) and of each model caption."""

    def __init__(self, text: str):
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.tables: dict[str, list[list[str]]] = {}
        self.outputs: list[tuple[dict[str, str | None], str]] = []
        self._table: str | None = None
        self._cell: list[str] | None = None
        self._output: list | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if tag == "table":
            self._table = attributes.get("id") or ""
            self.tables[self._table] = []
        elif tag == "tr" and self._table is not None:
            self.tables[self._table].append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "li" and attributes.get("class") == "out":
            self._output = [attributes, []]

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None and self._table is not None:
            self.tables[self._table][-1].append("".join(self._cell))
            self._cell = None
        elif tag == "table":
            self._table = None
        elif tag == "li" and self._output is not None:
            self.outputs.append((self._output[0], "".join(self._output[1]).strip()))
            self._output = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        if self._output is not None:
            self._output[1].append(data)


def expected_verdict(result) -> str:
    return result.truth if result.grammatical and result.truth else "ungrammatical"


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory):
    """A 24-image split, captions that are true, false (a neighbour's reference), ungrammatical and
    hostile markup, and the evaluator's report of them."""
    directory = generate("spatial-twoshapes", tmp_path_factory.mktemp("html-data"), seed=0, train=0, validation=0,
                         test=24)
    split = load(directory, "test")
    instances = list(split)
    entries = [{"image_id": inst.id, "caption": inst.captions[0]} for inst in instances]
    for k in range(3, 12):
        entries[k]["caption"] = instances[k + 1].captions[0]
    entries[1]["caption"] = SCRIPT_CAPTION
    entries[2]["caption"] = IMG_CAPTION
    entries[12]["caption"] = ""  # models emit blank captions: scored, reason "empty"
    entries[13]["caption"] = "A square sits above a circle."  # reason "unknown-words"
    evaluator = Evaluator(directory)
    try:
        report = evaluator.evaluate(entries, include_meteor=False)
    finally:
        evaluator.close()
    verdicts = {expected_verdict(r) for r in report.details}
    assert {"true", "false", "ungrammatical"} <= verdicts, verdicts
    return directory, split, report, entries


@pytest.fixture(scope="module")
def page(evaluated) -> str:
    _, split, report, _ = evaluated
    return render_html(report, split).decode("utf-8")


def test_images_are_the_stored_pngs_inlined(evaluated, page):
    _, split, _, _ = evaluated
    for inst in split:
        assert f"data:image/png;base64,{base64.b64encode(inst.png).decode('ascii')}" in page
    images = [attrs for tag, attrs in Page(page).tags if tag == "img"]
    assert len(images) == len(split)
    assert all(str(attrs["src"]).startswith("data:image/png;base64,") for attrs in images)


def test_page_is_self_contained(page):
    tags = Page(page).tags
    assert [tag for tag, _ in tags].count("script") == 1
    assert not [tag for tag, _ in tags if tag in ("link", "iframe", "object", "embed")]
    for tag, attrs in tags:
        for name in ("src", "href"):
            value = attrs.get(name)
            assert value is None or value.startswith("data:"), (tag, attrs)
    assert "http://" not in page and "https://" not in page


def test_score_table_and_family_breakdown_hold_the_report(evaluated, page):
    _, _, report, _ = evaluated
    tables = Page(page).tables
    header, row, spread = tables["scores"]
    shown = computed_columns("table", [report.scores])  # METEOR only when computed
    grouped = computed_columns("breakdown_table", [g.scores for groups in report.breakdown.values()
                                                   for g in groups.values()])
    assert header == ["", *(name for name, _ in shown)]
    assert row == ["overall", *(fmt(report.scores[key]) for _, key in shown)]
    # the ±95% row: half the width of each score's bootstrap interval
    assert spread == ["±95%", *(half_width(report["intervals"].get(key)) for _, key in shown)]
    lo, hi = report["intervals"]["truthfulness"]
    assert spread[1 + [k for _, k in shown].index("truthfulness")] == f"±{(hi - lo) / 2:.3f}"
    families = report["breakdown"]["family"]
    by_family = tables["by-family"][1:]
    assert [r[0] for r in by_family] == list(families)
    assert [int(r[1]) for r in by_family] == [g["captions"] for g in families.values()]
    assert tables["by-family"][0] == ["", "captions", *(name for name, _ in grouped)]
    assert [r[2:] for r in by_family] == [
        [" ".join(filter(None, (fmt(g[key]), half_width(g["intervals"].get(key)))))
         for _, key in grouped]
        for g in families.values()]


def test_an_axis_with_nothing_to_break_down_has_no_table(evaluated, page):
    """Spatial captions have no quantifier: 'By quantifier range' with the one group 'none' said nothing."""
    _, _, report, _ = evaluated
    tables = Page(page).tables
    for axis, groups in report["breakdown"].items():
        assert (f"by-{axis}" in tables) == (list(groups) != ["none"])


def test_captions_are_escaped_and_coloured_by_verdict(evaluated, page):
    _, _, report, _ = evaluated
    outputs = Page(page).outputs
    assert len(outputs) == len(report.details)
    for (attrs, text), result in zip(outputs, report.details):
        verdict = expected_verdict(result)
        assert text == f"{result.caption} {verdict} {result.reason}: {result.reason_detail}".strip()
        assert attrs["data-verdict"] == verdict and attrs["data-reason"] == result.reason
        assert attrs["style"] == f"color:{COLOURS[verdict]}"
    assert "&lt;script&gt;document.title=&#x27;pwned&#x27;&lt;/script&gt;" in page
    assert "<img src=x" not in page


def test_same_report_same_bytes(evaluated):
    _, split, report, _ = evaluated
    assert render_html(report, split) == render_html(report, load(split.directory, "test"))


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_a_lone_surrogate_in_a_caption_is_shown_escaped(evaluated, tmp_path):
    """Issue #18 item 6: JSON's "\\ud800" is a caption Python can hold but UTF-8 cannot encode."""
    directory, _, _, entries = evaluated
    hostile = [dict(e) for e in entries]
    hostile[0]["caption"] = "There is a \ud800 shape."
    captions = tmp_path / "c.json"
    captions.write_text(json.dumps(hostile))  # ensure_ascii: the file holds the six-character escape
    result = invoke("evaluate", directory, "--captions", captions, "--html", tmp_path / "r.html", "--quiet")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "r.html").read_bytes().decode("utf-8")
    assert "There is a \\ud800 shape." in page


def test_evaluate_writes_html_only_with_a_report(evaluated, tmp_path):
    directory, _, _, entries = evaluated
    captions = tmp_path / "captions.json"
    captions.write_text(json.dumps(entries))
    html, out = tmp_path / "report.html", tmp_path / "report.json"
    result = invoke("evaluate", directory, "--captions", captions, "--quiet", "--html", html,
                    "--out", out)
    assert result.exit_code == 0, result.output
    text = html.read_text(encoding="utf-8")
    assert 'id="scores"' in text and text.count("data:image/png;base64,") == len(entries)
    assert json.loads(out.read_text())["captions"] == len(entries)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["captions.json", "report.html", "report.json"]

    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(entries[1:]))  # an image without a caption: the evaluation fails
    failed = invoke("evaluate", directory, "--captions", broken, "--html", tmp_path / "no.html")
    assert failed.exit_code == 2 and "no caption for image" in failed.output
    missing = invoke("evaluate", directory, "--captions", captions, "--html",
                     tmp_path / "absent" / "r.html")
    assert missing.exit_code == 2 and "output folder does not exist" in missing.output
    assert len([line for line in missing.output.splitlines() if line.strip()]) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.json", "captions.json", "report.html",
                                                          "report.json"]


CHROMIUM = shutil.which("chromium")
if CHROMIUM is None and os.environ.get("SHAPEWORLDICE_REQUIRE_CHROMIUM"):
    # CI installs Chromium and sets this: there the browser tests must run, never skip
    raise RuntimeError("SHAPEWORLDICE_REQUIRE_CHROMIUM is set but chromium is not on PATH")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium not on PATH: install Debian's chromium (apt-get install chromium) "
                             "to run the HTML report's browser test")


def chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    assert CHROMIUM is not None
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               f"--user-data-dir={tmp_path / 'profile'}", "--force-device-scale-factor=1",
               "--force-color-profile=srgb", "--hide-scrollbars", *args]
    return subprocess.run(command, capture_output=True, timeout=180, check=True)


def find(shot: np.ndarray, expected: np.ndarray) -> tuple[int, int] | None:
    """Where ``expected`` appears pixel for pixel (±2 per channel) in ``shot``, anchored on its first
    pixel that differs from its top-left one."""
    anchor_y, anchor_x = np.argwhere((expected != expected[0, 0]).any(-1))[0]
    height, width = expected.shape[:2]
    for y, x in np.argwhere((np.abs(shot - expected[anchor_y, anchor_x]) <= 2).all(-1)):
        top, left = y - anchor_y, x - anchor_x
        if 0 <= top <= shot.shape[0] - height and 0 <= left <= shot.shape[1] - width:
            if (np.abs(shot[top:top + height, left:left + width] - expected) <= 2).all():
                return int(top), int(left)
    return None


@needs_chromium
def test_browser_shows_the_table_and_the_images(evaluated, page, tmp_path):
    from PIL import Image

    _, split, _, _ = evaluated
    html = tmp_path / "report.html"
    html.write_text(page, encoding="utf-8")
    png = tmp_path / "shot.png"
    chromium(tmp_path, "--window-size=1200,1600", f"--screenshot={png}", html.as_uri())
    shot = np.asarray(Image.open(png).convert("RGB")).astype(int)
    # The score table: its header row's background band, wide and near the top, with dark text in it.
    header = (np.abs(shot - np.array([0xdd, 0xe6, 0xf2])) <= 2).all(-1)
    rows = np.flatnonzero(header.sum(1) >= 300)
    assert rows.size and rows[0] < 400, "no table header band in the screenshot"
    band = shot[rows[0]:rows[0] + 12]
    assert ((band < 100).all(-1)).sum() > 50, "the table header has no text"
    # The first images, drawn at twice their size with pixelated scaling, appear pixel for pixel.
    for inst in list(split)[:3]:
        expected = np.repeat(np.repeat(inst.image.astype(int), 2, 0), 2, 1)
        assert find(shot, expected) is not None, f"image {inst.id} not in the screenshot"


@needs_chromium
def test_browser_filters_by_verdict_and_runs_no_caption_script(evaluated, page, tmp_path):
    _, _, report, _ = evaluated
    html = tmp_path / "report.html"
    html.write_text(page, encoding="utf-8")
    for verdict in ("false", "ungrammatical"):
        dom = chromium(tmp_path, "--dump-dom", html.as_uri() + f"#verdict={verdict}").stdout.decode("utf-8")
        visible = visible_cards(dom)
        assert visible == [r.image_id for r in report.details if expected_verdict(r) == verdict]
        assert "pwned" not in dom.split("<body", 1)[0]  # the title was not rewritten by a caption
        assert f"{len(visible)} of {len(report['details'])} images match" in dom


@needs_chromium
def test_browser_filters_by_reason(evaluated, page, tmp_path):
    _, _, report, _ = evaluated
    html = tmp_path / "report.html"
    html.write_text(page, encoding="utf-8")
    reasons = {r.reason for r in report.details}
    assert {"ok", "empty"} <= reasons, reasons
    for reason in sorted(reasons):
        dom = chromium(tmp_path, "--dump-dom", html.as_uri() + f"#reason={reason}").stdout.decode("utf-8")
        assert visible_cards(dom) == [r.image_id for r in report.details if r.reason == reason]


def test_every_card_shows_its_reason_and_the_filter_offers_the_reasons_present(evaluated, page):
    _, _, report, _ = evaluated
    tags = Page(page).tags
    select = [k for k, (tag, attrs) in enumerate(tags) if tag == "select" and attrs.get("id") == "reason"]
    assert len(select) == 1
    options = [attrs["value"] for tag, attrs in tags[select[0] + 1:] if tag == "option"][:1 + len(CODES)]
    offered = [v for v in options if v in CODES]
    assert offered == [c for c in CODES if c in {r.reason for r in report.details}]
    spans = page.count('<span class="why">')
    assert spans == len(report.details)
    counted = ", ".join(f"{code} {n}" for code, n in report.reasons.items() if n)
    assert f"<p>reasons: {counted}</p>" in page and f"ok {report['reasons']['ok']}" in counted


def visible_cards(dom: str) -> list[str]:
    """Ids of the cards a browser's DOM leaves visible, in page order."""
    tags = Page(dom).tags
    cards = [attrs for tag, attrs in tags if tag == "figure"]
    ids = [attrs["alt"] for tag, attrs in tags if tag == "img"]
    return [str(i) for i, card in zip(ids, cards) if "hidden" not in card]


def test_cards_past_the_first_page_start_hidden(evaluated):
    _, split, report, _ = evaluated
    cards = [attrs for tag, attrs in Page(render_html(report, split, page_size=10).decode()).tags if tag == "figure"]
    assert ["hidden" in card for card in cards] == [k >= 10 for k in range(len(split))]
    with pytest.raises(Exception, match="page size"):
        render_html(report, split, page_size=0)


@needs_chromium
def test_browser_pages_through_the_images(evaluated, tmp_path):
    _, split, report, _ = evaluated
    html = tmp_path / "report.html"
    html.write_bytes(render_html(report, split, page_size=10))
    dom = chromium(tmp_path, "--dump-dom", html.as_uri()).stdout.decode("utf-8")
    assert visible_cards(dom) == [inst.id for inst in split][:10]
    assert f"{len(split)} of {len(split)} images match; page 1 of {-(-len(split) // 10)}" in dom
    true_ids = [r.image_id for r in report.details if expected_verdict(r) == "true"]
    dom = chromium(tmp_path, "--dump-dom", html.as_uri() + "#verdict=true").stdout.decode("utf-8")
    assert visible_cards(dom) == true_ids[:10]
