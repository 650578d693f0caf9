"""A reason for every verdict: the one deciding function, and the reasons and coverage in details,
reports, the terminal summary and ``parse``."""
from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from hypothesis import given, strategies as st

from shapeworldice.evaluation.core.gtd import Evaluator
from shapeworldice.evaluation.io.report import details_bytes, summary_text
from shapeworldice.interpret import Uninterpretable
from shapeworldice.parsing import BuiltinParser, Parsed, marked_span
from shapeworldice.reasons import CODES, judge, reason_of, rephrase
from tests.cli_support import run


def parsed(text="A square is red.", grammatical=False, readings=(), **fields) -> Parsed:
    return Parsed(text, fields.pop("normalised", text), grammatical, readings, **fields)


def code(text: str) -> str:
    return judge(BuiltinParser().parse(text)).reason.code


def test_each_reason_of_the_builtin_parser():
    assert code("") == code("  ") == code(" . ") == "empty"
    assert code("A square is red.") == "ok"
    assert code("A square is blorpy.") == "unknown-words"
    assert code("Red the is square.") == "no-parse"
    assert code("A shape is.") == "not-covered"  # VP ellipsis: grammatical, no proposition
    assert code(" ".join(["a square is red and"] * 15) + " a circle is blue.") == "too-long"


def test_a_noun_phrase_caption_is_a_fragment_and_another_phrase_is_told_so():
    """Models often caption with a bare noun phrase: it is grammatical as a fragment (the ERG's
    fragment root) and means that what it lists is there; another phrase on its own ("Above a blue
    circle.") is no caption, and the reason says so instead of pointing at a 'longest part' that is
    the whole caption."""
    for text in ("A red square above a blue circle.", "Two red squares and a blue circle."):
        parsed = BuiltinParser().parse(text)
        assert parsed.grammatical and parsed.fragment and judge(parsed).reason.code == "ok"
    for text in ("Above a blue circle.", "Red and blue."):
        reason = judge(BuiltinParser().parse(text)).reason
        assert reason.code == "no-parse" and reason.detail.startswith("a phrase, not a sentence")
    truncated = judge(BuiltinParser().parse("A red square is above a")).reason
    assert truncated.code == "no-parse" and "longest part that parsed: A red square is above | a" in truncated.detail


def test_the_order_in_which_reasons_are_decided():
    blank = parsed("", normalised="", limit="timeout", unknown_words=("x",))
    assert reason_of(blank, None).code == "empty"
    limited = parsed(limit="timeout", error="timed out", unknown_words=("image",), longest_span="a | square")
    assert reason_of(limited, None).code == "timeout" and "timed out" in reason_of(limited, None).detail
    unknown = parsed(unknown_words=("image", "shows"), longest_span="a red square | sits")
    why = reason_of(unknown, None)
    assert why.code == "unknown-words" and "'image', 'shows'" in why.detail and "no parse" in why.detail
    broken = parsed(longest_span="a red square | sits …")
    assert reason_of(broken, None).code == "no-parse"
    assert "a red square | sits …" in reason_of(broken, None).detail
    failure = Uninterpretable("cannot interpret _next+to_p")
    uncovered = reason_of(parsed(grammatical=True, readings=("r",)), None, 0, failure)
    assert uncovered.code == "not-covered" and "'next to' (_next+to_p)" in uncovered.detail
    known_but_parsed = reason_of(parsed(grammatical=True, readings=("r",), unknown_words=("image",)), None, 0,
                                 Uninterpretable("cannot interpret _image_n_1"))
    assert known_but_parsed.code == "unknown-words" and "it parsed" in known_but_parsed.detail
    assert {reason_of(p, None).code for p in (blank, limited, unknown, broken)} <= set(CODES)


def test_interpreter_reasons_are_rephrased_for_a_reader():
    assert rephrase("cannot interpret _image_n_1") == "the world model gives no meaning to 'image' (_image_n_1)"
    assert "an elided verb phrase" in rephrase("cannot interpret ellipsis_ref")
    assert rephrase("quantifier _every_q cannot be interpreted").startswith("the world model cannot count with")
    assert "circular scope constraints" in rephrase("circular scope constraints")


def test_builtin_parser_reads_the_grammars_unknown_words_and_longest_span(monkeypatch):
    """The grammar's ParseResult fields ``unknown_words`` and ``longest_span`` (token start, end)
    become Parsed's, the span as text with a bar where the parse broke off."""
    from shapeworldice.grammar.parser import get_parser

    result = SimpleNamespace(text="A red square sits above a circle.", normalised="A red square sits above a circle.",
                             grammatical=False, readings=(), error=None, unknown_words=("sits",),
                             longest_span=(0, 3))
    monkeypatch.setattr(get_parser(), "parse_uncached", lambda text: result)
    got = BuiltinParser().parse(result.text)
    assert got.unknown_words == ("sits",)
    assert got.longest_span == "A red square | sits …"


def test_marked_span_examples():
    tokens = "a red square sits above a circle".split()
    assert marked_span(tokens, 0, 3) == "a red square | sits …"
    assert marked_span(tokens, 3, 7) == "… square | sits above a circle"
    assert marked_span(tokens, 1, 6) == "a | red square sits above a | circle"
    assert marked_span(tokens, 0, 7) == "a red square sits above a circle"
    assert marked_span("there is a circle , and".split(), 0, 4) == "there is a circle | , …"
    assert marked_span("there is a circle , and".split(), 0, 6) == "there is a circle, and"


@given(st.lists(st.sampled_from(["a", "red", "square", "is", "above", "circle", "the"]), min_size=1, max_size=12),
       st.data())
def test_marked_span_holds_the_span_and_marks_each_broken_edge(tokens, data):
    start = data.draw(st.integers(0, len(tokens) - 1))
    end = data.draw(st.integers(start + 1, len(tokens)))
    text = marked_span(tokens, start, end)
    assert " ".join(tokens[start:end]) in text
    assert text.count("|") == (start > 0) + (end < len(tokens))


@pytest.fixture(scope="module")
def report(small_dataset):
    evaluator = Evaluator(small_dataset)
    captions = ["", "A square is blorpy.", "Red the is square.", "A shape is."]
    entries = []
    for k, image in enumerate(evaluator.images[:40]):
        entries.append({"image_id": image.id, "caption": captions[k] if k < len(captions) else image.captions[0]})
    return evaluator.evaluate(entries, allow_missing=True)


def test_details_carry_a_reason_for_every_caption(report):
    rows = [json.loads(line) for line in details_bytes(report).decode().splitlines()]
    assert [r["reason"] for r in rows[:4]] == ["empty", "unknown-words", "no-parse", "not-covered"]
    assert all(r["reason"] == "ok" for r in rows[4:])
    assert all(isinstance(r["reason_detail"], str) and r["reason_detail"] for r in rows)
    assert rows[0]["grammatical"] is False and rows[0]["truth"] is None  # a blank caption scores G = 0


def test_report_counts_reasons_and_gives_coverage(report):
    assert list(report.reasons) == list(CODES)
    assert sum(report.reasons.values()) == report.captions == 40
    assert report.reasons["ok"] == 36
    details = report.details
    grammatical = [r for r in details if r.grammatical]
    assert report.counts.grammatical == len(grammatical) >= 37  # the references and "A shape is."
    decided = [r for r in grammatical if r.truth in ("true", "false", "ambiguous")]
    assert len(decided) == 37  # "A square is blorpy.": read, with "blorpy" vague
    assert report.scores["coverage"] == pytest.approx(37 / len(grammatical))
    assert report.scores["grammaticality"] == pytest.approx(len(grammatical) / 40)
    for groups in report["breakdown"].values():
        for group in groups.values():
            assert "coverage" in group and sum(group["reasons"].values()) == group["captions"]
    text = summary_text(report)
    assert "reasons: empty 1  ok 36  unknown-words 1  no-parse 1  not-covered 1" in text
    assert "Cov" in text.splitlines()[1]


def test_references_are_fully_covered(small_dataset):
    evaluator = Evaluator(small_dataset)
    entries = [{"image_id": image.id, "caption": image.captions[0]} for image in evaluator.images]
    scores = evaluator.evaluate(entries)["scores"]
    assert scores["grammaticality"] == scores["truthfulness"] == scores["coverage"] == 1.0


def test_a_blank_caption_in_a_results_file_is_scored_not_refused(small_dataset, tmp_path):
    evaluator = Evaluator(small_dataset)
    entries = [{"image_id": image.id, "caption": image.captions[0]} for image in evaluator.images]
    entries[0]["caption"] = "   "
    captions, out = tmp_path / "captions.json", tmp_path / "report.json"
    captions.write_text(json.dumps(entries))
    result = run("evaluate", small_dataset, "--captions", captions, "--out", out, "--quiet")
    assert result.exit_code == 0, result.output
    written = json.loads(out.read_text())
    assert written["reasons"]["empty"] == 1
    assert written["scores"]["grammaticality"] == pytest.approx(1 - 1 / len(entries))


def test_parse_prints_the_reason_in_text_and_json():
    result = run("parse", "A square is red.", "A circle is blorpy.", "--json")
    assert result.exit_code in (0, 1)
    ok, unknown = map(json.loads, result.output.splitlines())
    assert ok["reason"] == "ok" and unknown["reason"] == "unknown-words"
    assert unknown["unknown_words"] == ["blorpy"] and "'blorpy'" in unknown["reason_detail"]
    text = run("parse", "Red the is square.")
    assert text.output.splitlines()[0].startswith("Red the is square.\tungrammatical\tno-parse: ")
