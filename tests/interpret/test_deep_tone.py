""""deep" as a tone: true where "dark" is, false only of a clearly light shade (models name a
saturated blue of a slightly light shade "deep blue"), vague in between."""
from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T
from tests.interpret.test_descriptions import check


def _one(shade: float):
    return make_world(("rectangle", "blue", 0.2, 0.2, 0.06, shade), ("circle", "red", 0.8, 0.8, 0.06))


@pytest.mark.parametrize("shade,expected", [(-0.3, T), (-0.15, T), (0.0, A), (0.066, A), (0.2, A), (0.3, F)])
def test_deep_blue(shade, expected):
    check("There is a deep blue rectangle.", _one(shade), expected)


@pytest.mark.parametrize("shade,expected", [(-0.3, T), (0.066, F), (0.3, F)])
def test_dark_blue_keeps_its_margins(shade, expected):
    check("There is a dark blue rectangle.", _one(shade), expected)
