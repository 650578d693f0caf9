"""A small built split for the VLM tests (12 test images, seed 0) and a stub server per test."""
from __future__ import annotations

import pytest

from shapeworldice.data.build import generate
from tests.vlm.stub_server import StubServer


@pytest.fixture(scope="package")
def dataset(tmp_path_factory):
    return generate("spatial-twoshapes", tmp_path_factory.mktemp("vlm-data"), seed=0, train=0, validation=0, test=12)


@pytest.fixture
def stub():
    with StubServer(delay=0.02) as server:
        yield server
