"""Built test splits shared by the evaluation tests (seed 0, test split only)."""
from __future__ import annotations

import pytest

from shapeworldice.data.build import generate
from tests.conftest import SIX


@pytest.fixture(scope="session")
def six_datasets(tmp_path_factory):
    out = tmp_path_factory.mktemp("eval-data")
    return {name: generate(name, out, seed=0, train=0, validation=0, test=200) for name in SIX}


@pytest.fixture(scope="session")
def small_dataset(six_datasets):
    return six_datasets["spatial-twoshapes"]


@pytest.fixture(scope="module")
def evaluator(tmp_path_factory):
    """A 64-image spatial-twoshapes test split and its evaluator (robustness and variance tests)."""
    from shapeworldice.evaluation.core.gtd import Evaluator

    directory = generate("spatial-twoshapes", tmp_path_factory.mktemp("small"), seed=0, train=0, validation=0,
                         test=64)
    return Evaluator(directory)
