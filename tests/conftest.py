"""Shared fixtures: small hand-built worlds."""
from __future__ import annotations

import pytest

from shapeworldice.world.model import Entity, World

#: The six datasets of the GTD paper, in the paper's order.
SIX = ("existential-oneshape", "existential-multishapes", "spatial-twoshapes", "spatial-multishapes",
       "quantification-count", "quantification-ratio")


def make_world(*specs: tuple) -> World:
    """Entities from (shape, colour, x, y[, half_size[, shade]]) tuples, in drawing order."""
    entities = []
    for i, spec in enumerate(specs):
        shape, color, x, y = spec[:4]
        half = spec[4] if len(spec) > 4 else 0.06
        shade = spec[5] if len(spec) > 5 else 0.0
        hs = (half, half / 2.5) if shape in ("rectangle", "ellipse") else (half, half)
        entities.append(Entity(i, shape, color, shade, (x, y), hs, 0.0))
    return World(tuple(entities))


@pytest.fixture
def world_factory():
    return make_world
