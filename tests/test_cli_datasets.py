"""``datasets``: one aligned line per definition, whatever the length of its name."""
from __future__ import annotations

from tests.cli_support import run


def test_columns_stay_aligned_for_the_longest_names():
    result = run("datasets")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) >= 24
    # the 40-character '...-informative-heldout' names used to push their line's columns out of line
    assert len({line.index(" shapes ") for line in lines}) == 1
    assert len({line.index(" captions ") for line in lines}) == 1
    heldout = next(line for line in lines if line.startswith("existential-multishapes-heldout "))
    assert " shapes 1-4,6-9 " in heldout  # entity counts as ranges
