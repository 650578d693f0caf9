"""The parser layer: the ACE backend's plumbing (faked process) over real ERG readings.

Only the ACE process is faked: the MRSs it returns are the ERG's own readings from
tests/fixtures/erg/readings.jsonl.gz, and they go through the same interpretation and
truth path as the built-in grammar's parses.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np
import pytest

from shapeworldice.interpret import Interpretation, interpret_readings, truth
from shapeworldice.parsing import AceParser, BuiltinParser, make_parser
from shapeworldice.errors import UserError
from shapeworldice.world import WorldConfig, WorldSampler
from tests.ace_standin import make_ace

READINGS = Path(__file__).parent / "fixtures" / "erg" / "readings.jsonl.gz"


def erg_readings() -> dict[str, dict]:
    with gzip.open(READINGS, "rt", encoding="utf-8") as handle:
        return {row["text"]: row for row in map(json.loads, handle)}


class FakeACE:
    """Stands in for delphin.ace.ACEParser: answers with recorded ERG output."""

    instances: list["FakeACE"] = []

    def __init__(self, grm, cmdargs=None, executable=None, stderr=None, **kwargs):
        self.cmdargs, self.inputs, self.closed = cmdargs, [], False
        self.table = erg_readings()
        FakeACE.instances.append(self)

    def interact(self, sentence: str) -> dict:
        assert sentence.strip(), "ACE must never receive empty input"
        self.inputs.append(sentence)
        row = self.table.get(sentence)
        return {"input": sentence, "results": [{"mrs": m} for m in (row["readings"] if row else [])]}

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def ace(tmp_path, monkeypatch):
    binary, image = make_ace(tmp_path)  # answers -V; the process itself is FakeACE
    # the bounded process class, not pydelphin's ACEParser it is built on (which must stay itself
    # for whatever subclasses it later)
    monkeypatch.setattr("shapeworldice.ace_process.BoundedACEParser", FakeACE)
    FakeACE.instances.clear()
    parser = AceParser(str(binary), str(image), timeout=5)
    yield parser
    parser.close()


def test_one_persistent_process_and_strict_root(ace):
    for text in ("A square is red.", "There is a circle.", "  a square is red  "):
        ace.parse(text)
    assert len(FakeACE.instances) == 1
    process = FakeACE.instances[0]
    assert process.inputs == ["A square is red.", "There is a circle."]  # a repeat is answered from the cache
    assert "root_strict" in process.cmdargs and "--timeout" in process.cmdargs
    ace.close()
    assert process.closed


def test_repeated_captions_are_parsed_once_by_normalised_text(ace):
    first = ace.parse("A square is red.")
    again = ace.parse("a square  is red")
    assert FakeACE.instances[0].inputs == ["A square is red."]
    assert again.text == "a square  is red" and again.normalised == first.normalised
    assert again.grammatical == first.grammatical and again.readings == first.readings


def test_empty_input_never_reaches_ace(ace):
    for text in ("", "   ", ".", "\n"):
        parsed = ace.parse(text)
        assert not parsed.grammatical and parsed.error == "empty input"
    assert not FakeACE.instances or FakeACE.instances[0].inputs == []


def test_unknown_sentence_is_ungrammatical(ace):
    assert not ace.parse("Square the red is.").grammatical


def test_erg_readings_give_the_builtin_truth(ace):
    """Template sentences: the ERG's own readings and the grammar's parse agree on random worlds."""
    builtin = BuiltinParser()
    rows = [r for r in erg_readings().values() if r.get("kind") == "template"]
    rng = np.random.default_rng(0)
    sampler = WorldSampler(WorldConfig(entity_counts=tuple(range(1, 12)), reinforcement=(1, 3)))
    worlds = [sampler.sample(rng) for _ in range(12)]
    compared = 0
    for row in rows[::4]:
        _, erg = interpret_readings(ace.parse(row["text"]).readings)
        _, ours = interpret_readings(builtin.parse(row["text"]).readings)
        if not isinstance(erg, Interpretation):
            continue  # e.g. if-then: the ERG's readings here read "then" as a time (see tests/interpret)
        assert isinstance(ours, Interpretation), row["text"]
        for world in worlds:
            assert truth(erg, world) == truth(ours, world), row["text"]
        compared += 1
    assert compared >= 150


def test_missing_binary_or_image(tmp_path, monkeypatch):
    monkeypatch.delenv("SHAPEWORLDICE_ACE", raising=False)
    monkeypatch.delenv("SHAPEWORLDICE_ERG", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(UserError, match="ACE binary not found"):
        make_parser("ace")
    binary = tmp_path / "ace"
    binary.write_text("")
    with pytest.raises(UserError, match="ERG grammar image not found"):
        make_parser("ace", str(binary))
    with pytest.raises(UserError, match="unknown parser"):
        make_parser("lkb")
