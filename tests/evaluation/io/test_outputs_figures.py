"""Issue #18 item 8: every figure the package writes (curves, training curves, robustness,
variance) is the same bytes, PNG and SVG, each time it is written from the same result."""
from __future__ import annotations

from pathlib import Path

import pytest

from shapeworldice.data.build import generate
from shapeworldice.evaluation.studies.baselines import baseline
from shapeworldice.evaluation.studies.curves import plot
from shapeworldice.evaluation.core.gtd import Evaluator
from shapeworldice.evaluation.studies.robustness import robustness, write_robustness
from shapeworldice.evaluation.studies.variance import variance, write_variance


@pytest.fixture(scope="module")
def evaluator(tmp_path_factory):
    directory = generate("spatial-twoshapes", tmp_path_factory.mktemp("figures"), seed=0, train=0, validation=0,
                         test=6)
    evaluator = Evaluator(directory)
    yield evaluator
    evaluator.close()


def written_twice(tmp_path: Path, write) -> list[tuple[bytes, bytes]]:
    """The bytes of each figure file ``write(prefix)`` makes, written under two prefixes."""
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    files = [Path(p) for p in write(first / "fig")]
    figures = [p for p in files if p.suffix in (".png", ".svg")]
    assert sorted(p.suffix for p in figures) == [".png", ".svg"]
    write(second / "fig")
    return [(p.read_bytes(), (second / p.name).read_bytes()) for p in figures]


def test_curves_figures_repeat(tmp_path):
    rows = [{"iteration": k * 1000, "grammaticality": 0.5 + k / 10, "truthfulness": 0.2 * k, "diversity": 0.3,
             "bleu_4": 0.1 * k, "cider_d": 2.0 * k, "spice": 0.05 * k} for k in range(1, 5)]
    for a, b in written_twice(tmp_path, lambda prefix: plot(rows, prefix, "title")):
        assert a == b


def test_robustness_figures_repeat(evaluator, tmp_path):
    result = robustness(None, steps=2, transforms=["shuffled"], evaluator=evaluator)
    for a, b in written_twice(tmp_path, lambda prefix: write_robustness(result, prefix)):
        assert a == b


def test_variance_figures_repeat(evaluator, tmp_path):
    result = variance(None, baseline(evaluator.data, "generic"), draws=2, evaluator=evaluator)
    for a, b in written_twice(tmp_path, lambda prefix: write_variance(result, prefix)):
        assert a == b


def test_svg_carries_no_date_or_random_ids(tmp_path):
    rows = [{"iteration": k, "truthfulness": k / 4, "bleu_4": k / 8} for k in range(1, 4)]
    written_twice(tmp_path, lambda prefix: plot(rows, prefix))
    svg = (tmp_path / "a" / "fig.svg").read_text()
    assert "<dc:date>" not in svg and "Matplotlib v" not in svg
