"""View bounds: a caption's probability given a skill-less view, on its own world and on worlds it is true of."""
from __future__ import annotations

import numpy as np
import pytest

from shapeworldice.data.definition import load_definition
from shapeworldice.interpret import formula_of
from shapeworldice.semantics.components import Attribute, EntityType, Existential, Relation
from shapeworldice.interpret.prior import WorldSample, sample_worlds, truth_in
from shapeworldice.interpret.views import ViewBound


@pytest.fixture(scope="module")
def donors():
    return sample_worlds(load_definition("spatial-multishapes"), 300)


def _left_of(subject: str, reference: str) -> Existential:
    return Existential(EntityType((Attribute("color", subject),)),
                       Relation("x-rel", -1, EntityType((Attribute("color", reference),))))


def test_a_world_that_shows_everything_leaves_nothing_to_guess(donors):
    """Under positions-colours, a caption about colours and positions is decided by the view."""
    bound = ViewBound("positions-colours", donors, refills=8)
    world_index = 0
    arrays = donors.arrays(world_index)
    from shapeworldice.world.model import COLOR_NAMES

    a, b = COLOR_NAMES[int(arrays.color[0])], COLOR_NAMES[int(arrays.color[1])]
    formula = formula_of(_left_of(a, b))
    truth = bool(truth_in(formula, WorldSample(**{c: getattr(donors, c)[:1] for c in
                                                  ("x", "y", "shape", "color", "shade", "area", "present")}))[0])
    from shapeworldice.world.model import Entity, World

    world = World(tuple(Entity(i, "square", COLOR_NAMES[int(arrays.color[i])], float(arrays.shade[i]),
                               (float(arrays.x[i]), float(arrays.y[i])), (0.05, 0.05), 0.0)
                        for i in range(arrays.n)))
    p = bound.probability(formula, world)
    assert p == (1.0 if truth else 0.0)


def test_the_worst_true_world_bounds_at_least_the_own_world(donors):
    formula = formula_of(_left_of("red", "blue"))
    own_only = ViewBound("object-bag", donors, refills=16)
    strict = ViewBound("object-bag", donors, refills=16, true_worlds=6)
    worst = strict.worst(formula)
    assert worst is not None and 0.0 < worst <= 1.0
    assert strict.worst(formula) == worst  # cached, and seeded
    assert ViewBound("object-bag", donors, refills=16, true_worlds=6).worst(formula) == worst
    never = formula_of(_left_of("red", "red"))
    true_somewhere = bool(truth_in(never, donors).any())
    assert (strict.worst(never) > 0.0) == true_somewhere
    assert own_only.true_worlds == 0 and np.isfinite(worst)
