"""Issue #10: held-out agreement with the ERG, model-style errors, construction keys, parser plumbing.

The ERG judgments come in a fixed dev/test split (:mod:`erg_split`); grammar rules are decided on
dev only, and the test part is measured here.  The model-style error family lists the mistakes
trained captioning models make, each with the ERG's judgment and the reason for it.
"""
from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import pytest
from delphin.codecs import simplemrs

from functools import lru_cache

from shapeworldice.grammar.compiled import Compiled
from shapeworldice.grammar.loader import grammar_dir, load
from shapeworldice.grammar.parser import ChartParser, get_parser
from shapeworldice.interpret import Interpretation, interpret_readings
from shapeworldice.interpret.construction import construction, syntax_marks

from erg_split import FIXTURE_2, agreement, load_judgments, rate, report, split

READINGS = Path(__file__).resolve().parents[1] / "fixtures" / "erg" / "readings.jsonl.gz"


@lru_cache(maxsize=1)
def _parser() -> ChartParser:
    """A parser of this module's own (sharing the compiled grammar), so the shared cache is untouched."""
    return ChartParser(get_parser().g)


def parse(text: str):
    return _parser().parse(text)


# ----------------------------------------------------------------------------- the split

def test_split_is_fixed_disjoint_and_stratified():
    rows = load_judgments()
    parts, again = split(rows), split(list(reversed(rows)))
    assert [r["id"] for r in parts["test"]] == [r["id"] for r in again["test"]] or \
        sorted(r["id"] for r in parts["test"]) == sorted(r["id"] for r in again["test"])
    dev, test = {r["id"] for r in parts["dev"]}, {r["id"] for r in parts["test"]}
    assert not dev & test and len(dev) + len(test) == len(rows)
    for kind, op, erg in {(r["kind"], r["op"], r["erg"]) for r in rows}:
        n_dev = sum(1 for r in parts["dev"] if (r["kind"], r["op"], r["erg"]) == (kind, op, erg))
        n_test = sum(1 for r in parts["test"] if (r["kind"], r["op"], r["erg"]) == (kind, op, erg))
        assert abs(n_dev - n_test) <= 1, (kind, op, erg)


def test_heldout_agreement_with_erg():
    """Agreement on the test part, which no rule was decided on (figures printed with -s)."""
    parser = ChartParser(get_parser().g)  # a fresh cache: measure the grammar
    stats, _ = agreement(split(load_judgments())["test"], lambda t: parser.parse(t).sentence)
    print("\n" + "\n".join(report(stats)))
    assert rate(stats, "template")[0] == 1.0
    assert rate(stats, "free")[0] == 1.0
    assert rate(stats, "erg-rejected")[0] >= 0.98
    assert rate(stats, "all")[0] >= 0.974  # the held-out floor (today 98.48%)


def test_heldout_agreement_with_the_fresh_erg_sample():
    """judgments-2 (9,204 fresh ERG judgments), split by the same rule with its own salt: the test2
    half, on which no rule was decided, meets the goal of 97% (today 97.02%)."""
    parser = ChartParser(get_parser().g)
    parts = split(load_judgments(FIXTURE_2), "erg-split-2:")
    assert len(parts["dev"]) + len(parts["test"]) == 9204
    stats, _ = agreement(parts["test"], lambda t: parser.parse(t).sentence)
    print("\n" + "\n".join(report(stats)))
    assert rate(stats, "template")[0] == 1.0
    assert rate(stats, "free")[0] == 1.0
    assert rate(stats, "all")[0] >= 0.97


# ----------------------------------------------------------------------------- model-style errors
# (text, the ERG's judgment, why).  Sources: the ERG checks of model outputs, and the
# reference judgments (tests/fixtures/erg/judgments.jsonl), which the test below cross-checks.
MODEL_ERRORS = [
    # run-ons: two finite clauses without a connective
    ("Less than a quarter of the shapes are blue shapes are circles.", False,
     "a copular clause after a complete clause: no subject-gap relative without a pronoun, no run-on"),
    ("Less than half the semicircles are magenta semicircles are magenta semicircles.", False,
     "as above, with a repeated noun phrase"),
    ("There is a circle there is an ellipse.", True,
     "the ERG's run-on before a there-existential (implicit_conj)"),
    # stacked copulas
    ("A pentagon is is cyan.", False, "a copula takes no copula as complement"),
    ("There are are five pentagons.", False, "existential 'there are' takes a noun phrase, not 'are'"),
    # repeated noun phrases and determiners
    ("There is a a circle.", False, "a determiner takes a nominal, not another determiner"),
    ("Not one shape is a blue zero cyan circles.", False,
     "'a blue zero' cannot modify a plural nominal: no 'a ... circles'"),
    # number clashes inside a noun phrase
    ("A cyan shape is to the left of a green rectangles.", False, "'a' needs a singular nominal"),
    ("There is a circles.", False, "'a' needs a singular nominal"),
    # missing final punctuation and capitals: the ERG ignores both
    ("a square is red", True, "punctuation and case are not part of the ERG's syntax"),
    ("there is a circle", True, "as above"),
    ("A square is red", True, "as above"),
    ("a pentagon is is cyan", False, "an ungrammatical string stays ungrammatical without punctuation"),
    # truncated sentences
    ("There is a.", False, "a determiner without its nominal"),
    ("Two cyan shapes are above a.", False, "a determiner without its nominal"),
    ("A cyan shape.", False, "a noun phrase is no sentence under the strict root"),
    ("No triangle is to the right of.", False, "a preposition without its complement"),
    ("A magenta shape is.", True, "VP ellipsis after the copula is grammatical"),
]


@pytest.mark.parametrize("text,erg,why", MODEL_ERRORS, ids=[t for t, _, _ in MODEL_ERRORS])
def test_model_style_errors(text, erg, why):
    assert parse(text).sentence == erg, why


def test_model_style_errors_match_the_reference_where_it_judges_them():
    judged = {r["text"]: r["erg"] for r in load_judgments()}
    checked = 0
    for text, erg, _ in MODEL_ERRORS:
        if text in judged:
            assert judged[text] == erg, text
            checked += 1
    assert checked >= 8


# ----------------------------------------------------------------------------- ERG analyses (dev part)

@pytest.mark.parametrize("text,erg", [
    # "from" + bare nominal (_from_p_to-n), "a"/"an" = the numeral adjective "one"
    ("A red ellipse is a different color from a ellipse.", True),
    ("A gray semicircle is a different color from an gray circle.", True),
    ("A yellow shape is a different color from a cyan triangles.", True),
    ("A circle is a different color from yellow a shape.", False),
    ("A blue shape is a different shape from a gray.", False),
    # bare relative clause, the copula's complement gapped
    ("A semicircle below a yellow shape is is green.", True),
    ("A cyan shape above an ellipse is is cyan.", True),
    ("A magenta shape is is cyan.", False),
    ("No circle is is behind a gray shape.", False),
    # the copula with a yes/no question as complement; "is cyan" is no question
    ("A blue shape is is a different shape from a gray pentagon.", True),
    ("There is a cyan pentagon or there is is a green rectangle.", False),
    ("A gray circle is is magenta and red.", False),
    # "least", the superlative of "few", like "most"
    ("There are least pentagons.", True),
    ("Least yellow semicircle is blue.", False),
])
def test_erg_analyses_decided_on_dev(text, erg):
    judged = {r["text"]: r["erg"] for r in split(load_judgments())["dev"]}
    assert judged[text] == erg  # each case is a dev judgment of the ERG
    assert parse(text).sentence == erg


@pytest.mark.parametrize("text,erg", [
    # "a"/"an" + colour word as the subject of an identity copula only, and without a depictive
    ("A gray is a different shape from a cyan ellipse.", True),
    ("A blue is behind a semicircle.", False),
    ("A gray is not magenta.", False),
    ("A magenta is shape yellow.", False),
    # "same" only under "the"; "as" with a bare nominal
    ("A cyan triangle is same shape as a green pentagon.", False),
    ("A red rectangle is the same shape as square.", True),
    # "from" with a PP, count-or-mass "color", elliptical "exactly" clauses, "then there."
    ("A gray circle is a different color from from a semicircle.", True),
    ("A yellow triangle is different color from a red shape.", True),
    ("Exactly half of the shapes are.", True),
    ("If there is a rectangle, then there.", True),
    # the adjective "right"; "fewer" as a comparative adjective; "half a N"
    ("Every semicircle is right.", True),
    ("A blue semicircle is not fewer.", True),
    ("A yellow rectangle is half a blue ellipse.", True),
    ("There is a gray ellipse, then there is an ellipse.", True),
    ("Less than half the square are cyan.", True),
    ("A shape gray is the same color as a cross.", True),
])
def test_erg_analyses_decided_on_dev2(text, erg):
    assert_dev2_judgment_kept(text, erg)


@lru_cache(maxsize=1)
def dev2_judgments() -> dict[str, bool]:
    """The ERG's verdicts on the dev2 half of judgments-2 (read once for every case below)."""
    return {r["text"]: r["erg"] for r in split(load_judgments(FIXTURE_2), "erg-split-2:")["dev"]}


def assert_dev2_judgment_kept(text: str, erg: bool) -> None:
    assert dev2_judgments()[text] == erg  # each case is a dev2 judgment of the ERG
    assert parse(text).sentence == erg


@pytest.mark.parametrize("text,erg", [
    # comparative adjectives before a noun; "more"/"less" + adjective as a predicate
    ('A fewer shape is in front of a gray shape.', True),
    ('A triangle to the left of a less pentagon is magenta.', True),
    ('A red square is less red.', True),
    ('Less than three shape are squares.', False),
    # a quantified noun phrase + adjective before an identity copula (inverted), never before an AP/PP
    ('Exactly four shapes yellow are rectangles.', True),
    ('At most one shape cyan is a semicircle.', True),
    ('A magenta is shape above a green shape.', True),
    ('A shape blue is above a red shape.', False),
    ('Less than three shapes magenta are.', False),
    # two coordinated adjectives as that copula's noun-phrase subject, alone or in a compound
    ('A shape blue is magenta and cyan.', True),
    ('A blue is shape red and magenta.', True),
    ('A shape blue is blue.', False),
    # bare relatives with an object gap: "two [green shapes _]", "two [shapes yellow _]"
    ('Two green shapes is behind a cross.', True),
    ('Two shapes yellow are behind a cross.', True),
    ('Exactly two semicircles gray are.', False),
    ('All pentagons yellow are.', True),
    # a bare singular noun phrase as a clause adverbial (loc_nonsp)
    ('There are two red shape.', True),
    ('There are four gray semicircle.', False),
    # "all" and "green" as singular noun phrases
    ('If there is a rectangle, then all is a cross.', True),
    ('A shape red is green.', True),
    ('A shape yellow is cyan.', False),
    # no singular verb after "more than" + a bare plural; unlike predicates coordinated
    ('More than one gray crosses is a rectangle.', False),
    ('A cyan shape is blue and below.', True),
    # "there" as the last disjunct; the name "A" in a compound and in apposition
    ('There is a cross or there.', True),
    ('There is a square and there.', False),
    ('A shapes of the red pentagons are pentagons.', True),
    ('A the triangle is gray.', True),
    # a comparative + complement after a noun; "exactly" on a numeral noun phrase; "as" + PP; adjective + cardinal
    ('A red is shape bigger than a red rectangle.', True),
    ('A cyan is circle bigger than a gray circle.', False),
    ('Exactly zero shapes blue pentagons.', True),
    ('A yellow circle is the same color as as a semicircle.', True),
    ('At least green one square is blue.', True),
    # "most" as a superlative degree word
    ('Most most shapes are semicircles.', True),
])
def test_erg_analyses_decided_on_dev2_third_round(text, erg):
    """The third round's analyses (docs/grammar-history.md), each with a dev2 judgment at its edge."""
    assert_dev2_judgment_kept(text, erg)


def test_third_round_analyses_have_the_ergs_predicates():
    preds = {ep.predicate for ep in parse("A red square is less red.").reading.mrs.rels}
    assert {"comp_less", "_red_a_1"} <= preds
    preds = {ep.predicate for ep in parse("There are two red shape.").reading.mrs.rels}
    assert "loc_nonsp" in preds
    preds = {ep.predicate for ep in parse("A shapes of the red pentagons are pentagons.").reading.mrs.rels}
    assert {"named", "compound"} <= preds


def test_from_bare_nominal_has_the_ergs_predicates():
    preds = [ep.predicate for ep in parse("A red ellipse is a different color from a ellipse.").reading.mrs.rels]
    assert "_from_p_to-n" in preds and "card" in preds and preds.count("_a_q") == 2


def test_bare_relative_is_a_tensed_identity():
    mrs = parse("A semicircle below a yellow shape is is green.").reading.mrs
    ids = [ep for ep in mrs.rels if ep.predicate == "_be_v_id"]
    assert len(ids) == 1 and mrs.properties(ids[0].args["ARG0"]).get("TENSE") == "pres"


# ----------------------------------------------------------------------------- construction keys

def _key(text: str) -> str:
    result = parse(text)
    mrs = result.reading.mrs
    _, interpretation = interpret_readings([mrs])
    assert isinstance(interpretation, Interpretation), text
    return construction(interpretation, syntax_marks(mrs))


@pytest.mark.parametrize("text,paraphrase,mark", [
    ("A square that is red is above a circle.", "A red square is above a circle.", "relative-clause"),
    ("There is a square and a circle.", "There is a square and there is a circle.", "np-coordination"),
    ("A square is red and blue.", "A square is red and a square is blue.", "predicate-coordination"),
    ("A pentagon below a blue shape is red.", "A pentagon is red.", "pp-modifier"),
])
def test_constructions_beyond_templates_have_their_own_key(text, paraphrase, mark):
    key, other = _key(text), _key(paraphrase)
    assert key != other
    assert key.endswith(mark) or f"{mark}," in key


def test_template_sentences_have_no_syntax_marks():
    templates = [r["text"] for r in load_judgments() if r["kind"] == "template"]
    assert all(syntax_marks(parse(t).reading.mrs) == () for t in templates)


def test_syntax_marks_agree_on_erg_readings():
    """The same marks from the ERG's interpreted reading as from the grammar's: ACE and builtin agree."""
    with gzip.open(READINGS, "rt", encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle]
    compared, marked = 0, 0
    for row in rows[::3]:
        readings = [simplemrs.decode(m) for m in row["readings"]]
        index, result = interpret_readings(readings)
        if index is None:
            continue
        ours = syntax_marks(parse(row["text"]).reading.mrs)
        assert syntax_marks(readings[index]) == ours, row["text"]
        compared += 1
        marked += bool(ours)
    assert compared >= 300 and marked >= 20


# ----------------------------------------------------------------------------- parser plumbing

def test_mrs_is_built_with_the_parsers_own_grammar(tmp_path):
    folder = tmp_path / "grammar"
    shutil.copytree(grammar_dir(), folder)
    sem = folder / "semantics.txt"
    text = sem.read_text(encoding="utf-8")
    old = "sem adj       = [ltop=h1 index=e1 xarg=x1] $PRED(LBL=h1, ARG0=e1, ARG1=x1)"
    assert old in text
    sem.write_text(text.replace(old, old + " marker_rel(LBL=h1, ARG0=e9)"), encoding="utf-8")
    own = ChartParser(Compiled(load(str(folder)))).parse("A square is red.")
    default = ChartParser().parse("A square is red.")
    assert "marker_rel" in {ep.predicate for ep in own.reading.mrs.rels}
    assert "marker_rel" not in {ep.predicate for ep in default.reading.mrs.rels}
