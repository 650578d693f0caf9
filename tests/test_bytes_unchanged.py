"""The package's restructuring changed no byte: every built file and every report of the
quickstart's datasets is what the version before it wrote (``tests/bytes_digest.py``, digests in
``tests/fixtures/bytes_digest.json``). Manifests and report signatures record library versions, so
the comparison is made only where those are the ones the digests were made with."""
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
    assert digests(name, tmp_path) == recorded["datasets"][name]
