"""Claims, claim precision, hallucinated objects and object recall, each number checked by hand on
hand-built worlds; their report scores (ratios of sums), breakdowns, intervals, details, HTML
card and ``parse`` output; and the template captions' G, T, D and I untouched by them."""
from __future__ import annotations

import json
from types import SimpleNamespace

import numpy as np
import pytest

from shapeworldice.evaluation.core.analysis import Analyser, ImageRecord, ReferenceAnalysis
from shapeworldice.evaluation.core.claims import check
from shapeworldice.evaluation.core.gtd import Evaluator
from shapeworldice.evaluation.io.html_report import render_html
from shapeworldice.evaluation.core.intervals import report_intervals, score_draws, scored_table
from shapeworldice.evaluation.io.report import details_bytes
from shapeworldice.evaluation.core.scoring import breakdowns, score_captions
from shapeworldice.interpret import verdict
from shapeworldice.metrics import catalogue
from shapeworldice.parsing import BuiltinParser
from shapeworldice.reasons import judge
from tests.cli_support import run
from tests.conftest import make_world

# y grows downwards: the square (y 0.3) is above the circle (y 0.7)
WORLD = make_world(("square", "red", 0.3, 0.3), ("circle", "blue", 0.3, 0.7), ("cross", "green", 0.7, 0.5))
ONE = make_world(("triangle", "yellow", 0.5, 0.5))
ANALYSE = Analyser(BuiltinParser())
NEW = ("claim_precision", "hallucination_rate", "object_recall")


def meaning(text: str):
    judged = judge(BuiltinParser().parse(text))
    assert judged.interpretation is not None, text
    return judged.interpretation


def test_a_caption_of_three_claims_by_hand():
    found = check(meaning("There is a red square. It is above a blue circle. There is a black star."), WORLD)
    assert [truth for _, truth in found.claims] == ["true", "true", "false"]
    assert found.precision == pytest.approx(2 / 3)
    assert found.mentions == ("red square", "blue circle", "black star")
    assert found.hallucinated == ("black star",)
    assert found.hallucination_rate == pytest.approx(1 / 3)
    assert (found.recalled, found.entities) == (2, 3) and found.recall == pytest.approx(2 / 3)
    assert found.claim_records()[2] == {"text": found.claims[2][0], "truth": "false"}


@pytest.mark.parametrize("text, world, truths, mentions, hallucinated, recalled", [
    ("The image shows a yellow triangle and a red circle.", ONE, ["true", "false"],
     ("yellow triangle", "red circle"), ("red circle",), 1),
    ("There is no star.", ONE, ["true"], (), (), 0),  # "no" asserts nothing exists
    ("A square is red.", WORLD, ["true"], ("red square",), (), 1),  # the body describes the entity too
    ("A square is blue.", WORLD, ["false"], ("blue square",), ("blue square",), 0),
    ("There is a red square, but there is no star.", WORLD, ["true", "true"], ("red square",), (), 1),
    ("A red square is above a blue circle and below a star.", WORLD, ["true", "false"],
     ("red square", "blue circle", "star"), ("star",), 2),
    ("Every square is red.", WORLD, ["true"], ("red square",), (), 1),
    # "two" is exact when truth is computed, and "exactly two" is not split into claims (not upward monotone)
    ("There are two squares. They are red.", WORLD, ["false"], ("red square",), (), 1),
    ("A circle is above a square or a star.", WORLD, ["false"], ("circle",), (), 1),  # nothing under "or"
])
def test_claims_mentions_and_recall(text, world, truths, mentions, hallucinated, recalled):
    found = check(meaning(text), world)
    assert [t for _, t in found.claims] == truths
    assert found.precision == pytest.approx(truths.count("true") / len(truths))
    assert found.mentions == mentions and found.hallucinated == hallucinated
    assert found.hallucination_rate == (len(hallucinated) / len(mentions) if mentions else None)
    assert found.recalled == recalled and found.recall == pytest.approx(recalled / len(world.entities))


def test_claims_split_from_one_indefinite_can_hold_of_different_entities():
    """One red square above a circle, another below a cross: each claim is true, the caption (one
    square that is both) is false — as docs/evaluation.md says."""
    world = make_world(("square", "red", 0.2, 0.1), ("circle", "blue", 0.2, 0.5), ("square", "red", 0.8, 0.9),
                       ("cross", "green", 0.8, 0.6))
    caption = meaning("There is a red square. It is above a circle. It is below a cross.")
    assert verdict(caption, world) == "false"
    assert [t for _, t in check(caption, world).claims] == ["true", "true", "true"]


def test_a_caption_of_one_claim_reuses_its_verdict():
    caption = meaning("A red square is above a blue circle.")
    assert check(caption, WORLD).claims == ((str(caption.formula), "true"),)
    assert check(caption, WORLD, "false").claims[0][1] == "false"  # the caller's verdict, as told


def _reference(text: str) -> ReferenceAnalysis:
    a = ANALYSE(text)
    assert a.interpretation is not None
    return ReferenceAnalysis(a.construction or "", a.sentence_kind or "", a.quantifier_range or "none",
                             a.relation or "none", a.tuples, a.interpretation.formula)


@pytest.fixture(scope="module")
def scored():
    images = [ImageRecord("a", WORLD, ("There is a red square.",), (_reference("There is a red square."),), False),
              ImageRecord("b", ONE, ("There is a yellow triangle.",), (_reference("There is a yellow triangle."),),
                          False)]
    grouped = {"a": ["There is a red square. It is above a blue circle. There is a black star.",  # 2/3, 1/3, 2/3
                     "Glorp the zag.",  # grammatical, uninterpretable: no claims, recall 0
                     "Red the is square."],  # ungrammatical: no claims, recall 0
               "b": ["The image shows a yellow triangle and a red circle.",  # 1/2, 1/2, 1
                     "There is no star."]}  # 1/1, no mentions, 0
    return score_captions(images, grouped, {}, ANALYSE)


def test_report_scores_are_ratios_of_sums(scored):
    s = scored.scores
    assert s["claim_precision"] == pytest.approx((2 + 1 + 1) / (3 + 2 + 1))  # true claims / claims
    assert s["hallucination_rate"] == pytest.approx((1 + 1) / (3 + 2))  # hallucinated / mentions
    assert s["object_recall"] == pytest.approx((2 / 3 + 0 + 0 + 1 + 0) / 5)  # mean over captions
    uninterpretable, ungrammatical = scored.results[1], scored.results[2]
    assert uninterpretable.grammatical and uninterpretable.claims is None
    assert uninterpretable.scores["object_recall"] == 0.0 and uninterpretable.weights["claim_precision"] == 0.0
    assert not ungrammatical.grammatical and ungrammatical.scores["claim_precision"] is None
    assert scored.results[4].scores["hallucination_rate"] is None and scored.results[4].weights[
        "hallucination_rate"] == 0.0


def test_breakdowns_and_intervals_carry_the_new_measures(scored):
    groups = breakdowns(scored.results, scored.reference_constructions)["family"]
    assert groups["list"]["claim_precision"] == pytest.approx(1 / 2)  # "a yellow triangle and a red circle": a list
    # a pronoun across sentences makes it a coreference caption (the breakdown's family)
    assert groups["coreference"]["hallucination_rate"] == pytest.approx(1 / 3)
    assert groups["ratio"]["object_recall"] == 0.0
    # the intervals' table reproduces every score with each image drawn once
    table = scored_table(scored)
    once = score_draws(table, np.ones((1, len(table))))
    for key in NEW:
        assert once[key][0] == pytest.approx(scored.scores[key]), key
    overall, by_group = report_intervals(scored)
    assert all(overall[key] is not None for key in NEW)
    assert set(NEW) <= set(by_group["family"]["coreference"])


def test_details_carry_claims_and_hallucinated_objects(scored):
    rows = [json.loads(line) for line in details_bytes(SimpleNamespace(details=scored.results)).decode().splitlines()]
    assert [c["truth"] for c in rows[0]["claims"]] == ["true", "true", "false"]
    assert rows[0]["hallucinated_objects"] == ["black star"]
    assert rows[0]["scores"]["claim_precision"] == pytest.approx(2 / 3)
    assert rows[1]["claims"] is None and rows[1]["hallucinated_objects"] is None


def test_the_new_measures_are_report_only():
    for key in NEW:
        assert catalogue.measure(key).views == frozenset({"report"}), key
    assert not set(NEW) & set(catalogue.keys("table")) and not set(NEW) & set(catalogue.keys("breakdown_table"))


def test_template_captions_keep_g_t_d_and_i(small_dataset, monkeypatch):
    """The same report without the three measures: G, T, T|G, coverage, D, I and I/ref are equal."""
    evaluator = Evaluator(small_dataset)
    entries = [{"image_id": image.id, "caption": image.captions[(k % 3) + 1]}
               for k, image in enumerate(evaluator.images)]
    entries[0]["caption"] = "There is a red square. There is a black star."
    with_claims = evaluator.evaluate(entries)
    monkeypatch.setattr(catalogue, "CATALOGUE", [m for m in catalogue.CATALOGUE if m.key not in NEW])
    without = evaluator.evaluate(entries)
    for key in ("grammaticality", "truthfulness", "truthfulness_grammatical", "coverage", "diversity",
                "informativeness", "informativeness_relative"):
        assert with_claims["scores"][key] == without["scores"][key], key
        assert with_claims["intervals"][key] == without["intervals"][key], key
    assert with_claims["breakdown"]["family"].keys() == without["breakdown"]["family"].keys()
    assert with_claims["scores"]["claim_precision"] < 1.0 and with_claims["scores"]["hallucination_rate"] > 0.0


def test_references_claim_nothing_false_and_invent_nothing(small_dataset):
    evaluator = Evaluator(small_dataset)
    report = evaluator.evaluate([{"image_id": image.id, "caption": image.captions[0]} for image in evaluator.images])
    assert report.scores["claim_precision"] == 1.0 and report.scores["hallucination_rate"] == 0.0
    assert report.scores["object_recall"] == 1.0  # two shapes, both described by every reference


def test_the_html_card_shows_claims_and_invented_objects(small_dataset):
    evaluator = Evaluator(small_dataset)
    first = evaluator.images[0]
    report = evaluator.evaluate([{"image_id": first.id, "caption": "There is a shape. There is a black star."}],
                                allow_missing=True)
    page = render_html(report, evaluator.data).decode()
    assert '<li class="claims">' in page and "not in the image: black star" in page
    assert page.count('<span class="v v-false">false</span> <code>exists') == 1


def test_parse_prints_claims_with_their_truth(tmp_path):
    world = tmp_path / "world.json"
    world.write_text(json.dumps(WORLD.to_model()))
    caption = "There is a red square. It is above a blue circle. There is a black star."
    result = run("parse", "--world", world, "--json", caption)
    obj = json.loads(result.output)
    assert [c["truth"] for c in obj["claims"]] == ["true", "true", "false"]
    assert obj["hallucinated_objects"] == ["black star"]
    text = run("parse", "--world", world, "--format", "semantics", caption).output
    assert text.count("\n  claim: ") == 3 and "\n  claim: false: exists" in text
    assert "\n  not in the world: black star" in text
    bare = json.loads(run("parse", "--json", caption).output)  # without a world: the claims, no truth
    assert [c["truth"] for c in bare["claims"]] == [None] * 3 and bare["hallucinated_objects"] is None
