"""One interpreter for both parsers: the package grammar's MRS gives the same truth as the
intended caption semantics (the ERG path is tested in test_erg_readings.py)."""
from __future__ import annotations

import pytest
from interpret_support import NotTemplate, judgments, read_caption, worlds_for

from shapeworldice.interpret import Interpretation, interpret_readings, construction, family, formula_of, truth

grammar = pytest.importorskip("shapeworldice.grammar")


def _sentences(step: int) -> list[str]:
    out = []
    for k, row in enumerate(judgments()):
        if k % step == 0 or row["text"].startswith("If "):
            try:
                read_caption(row["text"])
            except NotTemplate:
                continue
            out.append(row["text"])
    return out


def _check(texts: list[str], worlds: int) -> None:
    for text in texts:
        parsed = grammar.parse(text)
        assert parsed.grammatical, text
        _, interp = interpret_readings([r.mrs for r in parsed.readings])
        assert isinstance(interp, Interpretation), (text, interp)
        caption = read_caption(text)
        for world in worlds_for(text, worlds, seed=2):
            # ShapeWorld reads a bare numeral as "at least"
            assert truth(interp, world, numerals="at-least") == caption.truth(world), (text, str(interp))
        if not text.startswith("There are"):
            assert construction(interp) == construction(formula_of(caption)), text
            assert family(interp) == family(formula_of(caption)), text


def test_builtin_grammar_sample():
    """Every 8th sentence, plus all "If ..., then ..." sentences (missing from the ERG sample)."""
    _check(_sentences(8), 10)


@pytest.mark.slow
def test_builtin_grammar_all():
    _check(_sentences(1), 20)
