"""No byte changes unless a change means it: every built file and every report (four baselines) of
the quickstart's datasets and of informative forms of each kind of skill view has the digest
recorded in ``tests/fixtures/bytes_digest.json`` (``tests/bytes_digest.py`` writes it; a change
meant to change bytes regenerates it and says so in its commit). Manifests and report signatures
record library versions, so the comparison is made only where those are the recorded ones. Reports
are compared on any CPU too: their floats are written to twelve significant digits and the
bootstrap's sums are made in one fixed order, so a kernel the linear-algebra library picks for
one CPU cannot change their bytes."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bytes_digest import DATASETS, digests, environment

FIXTURE = Path(__file__).parent / "fixtures" / "bytes_digest.json"


@pytest.mark.slow
@pytest.mark.parametrize("name", DATASETS)
def test_built_and_report_bytes_are_unchanged(name: str, tmp_path):
    recorded = json.loads(FIXTURE.read_text(encoding="utf-8"))
    if recorded["environment"] != environment():
        pytest.skip(f"digests were made with {recorded['environment']}, this is {environment()}")
    made, wanted = digests(name, tmp_path), recorded["datasets"][name]
    built = {key: value for key, value in wanted.items() if ":" not in key}
    assert {key: value for key, value in made.items() if ":" not in key} == built
    assert made == wanted
