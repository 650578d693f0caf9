"""The parser: grammaticality judgments, ERG-style MRS/DMRS, robustness, round trips."""
from __future__ import annotations

import gzip
import json
from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
from delphin import dmrs as delphin_dmrs
from delphin import mrs as delphin_mrs
from delphin.codecs import simplemrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shapeworldice.grammar import ParseResult, normalise, parse, parse_many, realise
from shapeworldice.grammar.compare import isomorphic
from shapeworldice.grammar.parser import MAX_TOKENS, ChartParser, get_parser

from grammar_captions import captions

DATA = Path(__file__).resolve().parents[1] / "fixtures" / "erg"


@lru_cache(maxsize=1)
def judgments() -> list[dict]:
    with open(DATA / "judgments.jsonl", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


@lru_cache(maxsize=1)
def readings() -> list[dict]:
    with gzip.open(DATA / "readings.jsonl.gz", "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


# ----------------------------------------------------------------------------- judgments

def test_agreement_with_erg_judgments():
    parser = ChartParser(get_parser().g)  # fresh cache: measure the grammar, not the cache
    stats: Counter = Counter()
    by_op: dict[str, Counter] = defaultdict(Counter)
    wrong = []
    for d in judgments():
        ok = parser.parse(d["text"]).sentence == d["erg"]
        stats[("all", ok)] += 1
        stats[(d["kind"], ok)] += 1
        stats[("erg-accepted" if d["erg"] else "erg-rejected", ok)] += 1
        op = d["op"] or d["kind"]
        by_op[op][ok] += 1
        if not ok:
            wrong.append(d)

    def rate(key):
        good, bad = stats[(key, True)], stats[(key, False)]
        return good / max(good + bad, 1), good, good + bad

    print()
    for key in ("all", "template", "free", "perturbed", "erg-accepted", "erg-rejected"):
        r, g, n = rate(key)
        print(f"  {key:14s} {g:5d}/{n:<5d} = {r:.4f}")
    print("  disagreements by op:")
    for op in sorted(by_op):
        c = by_op[op]
        fp = sum(1 for d in wrong if (d["op"] or d["kind"]) == op and not d["erg"])
        fn = sum(1 for d in wrong if (d["op"] or d["kind"]) == op and d["erg"])
        print(f"    {op:10s} {c[False]:4d} of {c[True] + c[False]:4d}  (we accept, ERG rejects: {fp}; "
              f"ERG accepts, we reject: {fn})")
    assert rate("template")[0] == 1.0
    assert rate("free")[0] == 1.0
    assert rate("erg-rejected")[0] >= 0.99
    assert rate("all")[0] >= 0.97


def test_clear_judgments():
    good = ["There is a red square.", "A shape is magenta.", "The square is red.", "Every square is red.",
            "No circle is to the right of a cross.", "Two blue rectangles are below a cross.",
            "A cyan shape behind a semicircle is gray.", "A square that is red is above a circle.",
            "A red red square is blue.", "A shape shape is red.", "A cross is not not red.", "A square is.",
            "A green semicircle is bigger.", "Half of the shapes are green.", "None of the shapes are red.",
            "Most shapes are squares.", "Some shapes are red.", "All shapes are red.", "Not all shapes are gray.",
            "A square is red and blue.", "A square is grey.", "A square is the same colour as a circle.",
            "There is a square if and only if there is a circle.", "Exactly one circle is a square."]
    bad = ["The rectangle are red.", "An cyan square is red.", "A ellipse is red.", "Square red is a.",
           "Rectangle is red.", "A square is red a.", "There are a square.", "Two square are red.",
           "A squares is red.", "Is is is.", "The the square is red.",
           "Every squares is red.", "Exactly a quarter of the shapes is red."]
    for t in good:
        assert parse(t).grammatical, t
    for t in bad:
        assert not parse(t).grammatical, t


def test_erg_constructions_beyond_the_templates():
    """Constructions the ERG accepts (judgments.jsonl) that the grammar models as rules; each
    is shown on sentences built for the test, with the near misses the ERG rejects."""
    good = [
        # noun phrase coordination and lists
        "There is a square and a circle.", "A square and two circles are red.", "There is a square or a circle.",
        "There is a red square, a blue circle and a green triangle.",
        # run-on clauses
        "There is a square there is a circle.",
        # a verbless "there" clause as a conjunct or a conditional clause
        "There is a red circle or there a square.", "There a cross and there is a square.",
        "If there a circle, then there is a square.",
        # a clause-initial interjection
        "No no square is red.", "No cross above a circle.",
        # a number as a singular noun phrase
        "Four is a red shape.", "At most two shapes squares.",
        # comparative degree words on noun phrases (measure phrases may take a singular verb)
        "Fewer than squares are red.", "More than two circles is red.",
        # predicative inversion
        "Below is a circle.", "Red is a square.", "Square is green.",
        # "a" with a cardinal; "above" as a noun
        "There is a one circle.", "There is a red above.",
        "A square is left of a circle.", "The shapes are red.", "The two squares are red.",
        "All of the shapes are red.", "Two of the squares are red.",
    ]
    bad = ["There a square.", "There a cyan circle.", "A square and a circle is red.", "Red is gray.",
           "Square is blue.", "There are a square.", "Square is gray.", "A square is and a circle."]
    for t in good:
        assert parse(t).grammatical, t
    for t in bad:
        assert not parse(t).grammatical, t


def test_unknown_words_are_read_with_generic_entries():
    """A word outside the vocabulary is English (the ERG's generic entries): the sentence is
    grammatical and the word is reported; symbols are not words."""
    r = parse("A square is wug.")
    assert r.grammatical and r.unknown_words == ("wug",)
    assert "_wug/JJ_u_unknown" in {ep.predicate for ep in r.reading.mrs.rels}
    r = parse("A square is red %")
    assert not r.grammatical and r.error and "%" in r.error and r.unknown_words == ("%",)


# ----------------------------------------------------------------------------- ERG-style MRS

def _erg(d):
    return [delphin_dmrs.from_mrs(simplemrs.decode(s)) for s in d["readings"]]


def _has_natural_conditional(erg_dmrss) -> bool:
    """Whether some ERG reading analyses an "if"-clause "there is X" as a there-existential."""
    for d in erg_dmrss:
        nodes = {n.id: n for n in d.nodes}
        for link in d.links:
            if nodes[link.start].predicate == "_if_x_then" and link.role == "ARG2" \
                    and nodes[link.end].predicate == "_be_v_there":
                return True
    return False


@pytest.mark.filterwarnings("ignore::delphin.dmrs.DMRSWarning")  # two ERG readings have a dangling qeq
def test_dmrs_isomorphic_to_an_erg_reading():
    """The grammar's DMRS is isomorphic to one of the ERG's readings for every free sentence and
    for 741 of the 791 template sentences (93.7%).  The 50 template misses are all sentences
    whose ≤ 30 (unranked, capped) ERG readings do not contain the plain analysis:

    * 43 "If there is X, then ..." conditionals: in every one of their readings the antecedent's
      "there" is the locative adverb (``loc_nonsp`` + ``place_n``), "then" is temporal, or both;
      the 30 readings run out before the expletive ``_be_v_there`` analysis;
    * 7 sentences whose 30 readings are all taken by other analyses: "green" as the noun
      ``_green_n_1`` in a compound or the causative verb ``_green_v_cause`` ("More than five green
      shapes are green.", "There is a green cross or there is a cross.", "There is a green shape
      or there is a semicircle.", "At most three quarters of the red shapes are green squares."),
      "quarter" as the time noun ``_quarter_n_temp`` ("At least three quarters of the green shapes
      are ellipses."), and predicative inversion with ``_more+than_p`` ("[More than a quarter of
      the green crosses] are [cyan semicircles]", i.e. cyan semicircles outnumber them; likewise
      "More than three quarters of the cyan rectangles are green semicircles.").

    Matching those readings would mean giving up the analysis the interpreter needs (the
    quantifier, the colour adjective, the expletive "there"); the grammar keeps the plain one, so
    the template rate stays below 95% for reasons of the reference data's cap, and every miss
    is asserted to be one of these two kinds (conditional or capped).
    """
    kinds = {d["text"]: d["kind"] for d in judgments()}
    parser = ChartParser(get_parser().g)
    stats: Counter = Counter()
    missed = []
    for d in readings():
        kind = kinds.get(d["text"])
        r = parser.parse(d["text"])
        assert r.grammatical, d["text"]
        erg = _erg(d)
        iso = any(isomorphic(r.reading.dmrs, e) for e in erg)
        # "If there is X, then ...": no ERG reading in the reference analyses the antecedent as a
        # there-existential ("there" is always the locative adverb, loc_nonsp), so the natural
        # analysis our grammar gives cannot match; those sentences are counted apart.
        why = None if iso else "conditional" if (d["text"].startswith("If ") and not _has_natural_conditional(erg)) \
            else "capped" if len(d["readings"]) >= 30 else "other"
        stats[(kind, iso)] += 1
        stats[(kind, why)] += 1
        if not iso:
            missed.append((kind, why, d["text"]))
    for kind in ("template", "free"):
        good = stats[(kind, True)]
        n = good + stats[(kind, False)]
        n_cond = stats[(kind, "conditional")]
        print(f"\n  {kind}: isomorphic {good}/{n} = {good / n:.4f}; without the {n_cond} conditionals: "
              f"{good}/{n - n_cond} = {good / max(n - n_cond, 1):.4f}; misses at the 30-reading cap: "
              f"{stats[(kind, 'capped')]}")
    assert [m for m in missed if m[1] == "other"] == []
    assert stats[("free", False)] == 0
    good = stats[("template", True)]
    assert good / (good + stats[("template", False)] - stats[("template", "conditional")]) >= 0.98


def test_every_accepted_string_composes_an_mrs():
    from shapeworldice.grammar import parser as parser_module

    before = parser_module.sort_conflicts
    parser = ChartParser(get_parser().g)
    for d in judgments():
        r = parser.parse(d["text"])
        if r.grammatical:
            assert r.reading.mrs.rels and r.reading.dmrs.nodes, d["text"]
    assert parser_module.sort_conflicts == before


def test_mrs_is_wellformed_pydelphin():
    for text in ["There is a red square.", "Exactly two rectangles are green.", "Half the shapes are green.",
                 "If there is a pentagon, then there is a green shape.", "A cross is not not red.",
                 "A square is the same color as a circle.", "Not all shapes are gray."]:
        r = parse(text)
        m = r.reading.mrs
        assert isinstance(m, delphin_mrs.MRS)
        again = simplemrs.decode(simplemrs.encode(m))
        assert delphin_mrs.is_isomorphic(m, again)
        assert r.reading.dmrs.nodes
        for hc in m.hcons:
            assert hc.relation == "qeq"


def test_example_analyses():
    def preds(text):
        return sorted(ep.predicate for ep in parse(text).reading.mrs.rels)

    assert preds("There is a gray square.") == ["_a_q", "_be_v_there", "_grey_a_1", "_square_n_of"]
    assert preds("A circle is to the left of a cross.") == sorted(
        ["_a_q", "_circle_n_of", "_to_p", "_the_q", "_left_n_1", "_of_p", "_a_q", "_cross_n_1"])
    assert preds("At least three shapes are red.") == sorted(
        ["udef_q", "card", "_at+least_x_deg", "_shape_n_1", "_red_a_1"])
    assert preds("Two thirds of the shapes are red.") == sorted(
        ["udef_q", "card", "_third_n_of", "_the_q", "_shape_n_1", "_red_a_1"])
    assert preds("A square is bigger than a circle.") == sorted(
        ["_a_q", "_square_n_of", "_big_a_1", "more_comp", "_a_q", "_circle_n_of"])
    m = parse("Exactly two shapes are red.").reading.mrs
    card = [ep for ep in m.rels if ep.predicate == "card"][0]
    assert card.carg == "2"
    shape = [ep for ep in m.rels if ep.predicate == "_shape_n_1"][0]
    assert m.variables[shape.iv]["NUM"] == "pl"


# ----------------------------------------------------------------------------- round trips

def test_parse_of_realisation_is_stable_and_cached():
    get_parser().clear_cache()  # other tests may have cached these texts under another spelling
    caps = captions(200, seed=5)
    texts = [realise(c).text for c in caps]
    results = parse_many(texts)
    assert all(r.grammatical for r in results)
    for t, r in zip(texts, results):
        assert r.normalised == normalise(t) == t
        assert parse(t) is r  # the cache returns the same object
        assert parse("  " + t.lower() + "  ").normalised == t


def test_round_trip_truth_through_the_interpreter():
    interpret = pytest.importorskip("shapeworldice.interpret")
    from shapeworldice.world.model import COLOR_NAMES, SHAPES, Entity, World

    rng = np.random.default_rng(2)

    def world():
        ents = []
        for i in range(int(rng.integers(1, 7))):
            s, c, h = str(rng.choice(SHAPES)), str(rng.choice(COLOR_NAMES)), float(rng.uniform(0.05, 0.12))
            hs = (h, h / 2.5) if s in ("rectangle", "ellipse") else (h, h)
            ents.append(Entity(i, s, c, float(rng.uniform(-0.4, 0.4)),
                               (float(rng.uniform(0.1, 0.9)), float(rng.uniform(0.1, 0.9))), hs, 0.0))
        return World(tuple(ents))

    worlds = [world() for _ in range(12)]
    checked = 0
    for cap in captions(300, seed=8):
        reading = parse(realise(cap, rng).text).reading
        interp = interpret.interpret(reading.mrs)
        if isinstance(interp, interpret.Uninterpretable):
            continue  # reported by the interpreter's own tests
        checked += 1
        for w in worlds:
            assert int(interpret.truth(interp, w)) == int(cap.truth(w)), realise(cap).text
    assert checked >= 280


# ----------------------------------------------------------------------------- robustness

VOCAB = sorted(get_parser().g.vocabulary) + [",", ".", "A"]


def _check(text):
    r = parse(text)
    assert isinstance(r, ParseResult)
    assert isinstance(r.grammatical, bool)
    if r.grammatical:
        assert r.readings
    return r


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_fuzz_arbitrary_text(text):
    _check(text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(VOCAB), min_size=0, max_size=25))
def test_fuzz_word_salad(words):
    from shapeworldice.grammar import parser as parser_module

    r = _check(" ".join(words))
    if r.grammatical:
        before = parser_module.sort_conflicts
        assert r.reading.mrs.rels  # composing the MRS of any accepted string must not fail
        assert r.reading.dmrs.nodes
        assert parser_module.sort_conflicts == before


@settings(max_examples=30, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=()), min_size=2000, max_size=10_000))
def test_fuzz_long_and_unicode(text):
    r = _check(text)
    assert not r.grammatical


def test_edge_cases():
    for text in ["", " ", ".", "\x00", "A square\x00 is red.", "\u202e", "a" * 10_000,
                 "A square is red. " * 500, "\n\t", "🙂", "Ａ square is red.", None, 42]:
        _check(text)
    long = " ".join(["a red square"] * (MAX_TOKENS // 3 + 1))
    r = parse(long)
    assert not r.grammatical and r.error == "too long"
    assert parse("").error == "empty"
