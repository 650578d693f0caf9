"""The binding view's world ceiling: a world is captioned only if its unbound view gives no colour–shape
object away, and then a pair is kept although an early prior world of it (one object) settles it."""
from __future__ import annotations

from math import comb

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from shapeworldice.data.definition import load_definition
from shapeworldice.interpret import formula_of
from shapeworldice.semantics.components import Attribute, EntityType
from shapeworldice.interpret.prior import WorldSample, sample_worlds
from shapeworldice.interpret.views import BINDING_VIEWS, ViewBound, certain_object, object_ceiling
from shapeworldice.world.model import Entity, World


def _world(objects: list[tuple[str, str]]) -> World:
    return World(tuple(Entity(i, shape, colour, 0.0, (0.1 + 0.2 * i, 0.5), (0.05, 0.05), 0.0)
                       for i, (colour, shape) in enumerate(objects)))


def _there_is(colour: str, shape: str):
    return formula_of(EntityType((Attribute("color", colour), Attribute("shape", shape))))


@pytest.fixture(scope="module")
def donors() -> WorldSample:
    """A one-red-square world first (it settles "There is a red square."), then prior worlds."""
    sample = sample_worlds(load_definition("existential-multishapes-informative"), 200)
    worlds = [_world([("red", "square")])]
    first = WorldSample.of(worlds)
    width = max(first.n, sample.n)

    def pad(s: WorldSample, column: str) -> np.ndarray:
        values = getattr(s, column)
        fill = False if column == "present" else (-1 if column in ("shape", "color") else 0.0)
        return np.pad(values, ((0, 0), (0, width - s.n)), constant_values=fill)

    columns = ("x", "y", "shape", "color", "shade", "area", "present")
    return WorldSample(**{c: np.concatenate([pad(first, c), pad(sample, c)]) for c in columns})


def test_a_pair_the_true_worlds_rule_dropped_is_kept_where_the_view_leaves_it_open(donors):
    """"There is a red square." has probability 1 on its first true prior world (one object), so the
    true-worlds rule dropped it everywhere; the binding rule keeps it for a world of three objects with
    three colours and three shapes, where any pairing is as likely (1/3 each)."""
    formula = formula_of(EntityType((Attribute("color", "red"), Attribute("shape", "square"))))
    old = ViewBound("object-bag", donors, refills=32, true_worlds=8)  # a view without the binding rule
    assert old.worst(formula) == 1.0
    bound = ViewBound("colours-shapes-unbound", donors, refills=32, true_worlds=8)
    assert bound.worst(formula) == 1.0  # what the true-worlds rule would have used
    world = _world([("red", "square"), ("blue", "circle"), ("green", "triangle")])
    p = bound.probability(formula, world)
    assert p is not None and p <= 0.6
    assert p == bound.ceiling(world)
    assert 0.1 < p < 0.6


def test_a_world_whose_view_gives_an_object_away_admits_no_caption(donors):
    """Three red shapes and three squares among four objects: a red square is certain, so even "There is
    a blue circle." (probability 1/4 given the view) is over any bound for this world."""
    world = _world([("red", "square"), ("red", "square"), ("red", "square"), ("blue", "circle")])
    bound = ViewBound("colours-shapes-unbound", donors, refills=32)
    assert bound.ceiling(world) == 1.0
    assert bound.probability(_there_is("blue", "circle"), world) == 1.0
    unbounded = ViewBound("object-bag", donors, refills=32)
    assert unbounded.probability(_there_is("blue", "circle"), world) == 1.0  # the bag shows it
    assert "object-bag" not in BINDING_VIEWS


@pytest.mark.parametrize("objects", [
    [("red", "square"), ("red", "circle"), ("blue", "square"), ("green", "triangle"), ("blue", "cross")],
    [("red", "square"), ("blue", "circle")],
    [("red", "square"), ("red", "circle"), ("red", "triangle"), ("blue", "square"), ("green", "square"),
     ("yellow", "cross")],
])
def test_the_ceiling_matches_the_exact_chance_of_the_likeliest_pair(donors, objects):
    """Independent check: shuffling shapes against colours uniformly, a pair with a objects of its colour
    and b of its shape among n is absent with probability C(n - a, b) / C(n, b)."""
    n = len(objects)
    colours = {c: sum(o[0] == c for o in objects) for c, _ in objects}
    shapes = {s: sum(o[1] == s for o in objects) for _, s in objects}
    exact = max(1 - comb(n - a, b) / comb(n, b) for a in colours.values() for b in shapes.values())
    bound = ViewBound("colours-shapes-unbound", donors, refills=2000)
    assert abs(bound.ceiling(_world(objects)) - exact) < 0.05


@settings(max_examples=30, deadline=None)
@given(objects=st.lists(st.tuples(st.sampled_from(["red", "blue", "green"]),
                                  st.sampled_from(["square", "circle", "cross"])), min_size=1, max_size=6))
def test_a_certain_object_is_one_every_refill_holds(donors, objects):
    """Where the shortcut says an object is certain, the re-fills agree (ceiling 1) and the world is
    refused at once; where it does not, admitting is decided by the re-filled ceiling, as before."""
    world = _world(objects)
    bound = ViewBound("colours-shapes-unbound", donors, refills=16)
    certain = certain_object(world.arrays.color, world.arrays.shape)
    if certain:
        assert bound.ceiling(world) == 1.0
    assert bound.admits(world, 0.6) == (not bound.ceiling(world) > 0.6)
    assert bound.admits(world, 1.0)


def test_object_ceiling_of_an_empty_sample_is_zero():
    assert object_ceiling(WorldSample.of([])) == 0.0
    assert object_ceiling(WorldSample.of([_world([("red", "square")])])) == 1.0


def test_a_binding_bounded_build_shows_only_worlds_that_leave_every_pair_open(tmp_path):
    """Built end to end: every caption true and within the bound, every world's ceiling within it, and
    no world whose view settles the binding (one colour, or one shape, among its objects)."""
    from shapeworldice.data import load
    from shapeworldice.data.build import generate
    from shapeworldice.data.definition import parse_definition
    from shapeworldice.evaluation.core.floors import load_prior
    from shapeworldice.semantics import Truth

    spec = {"name": "binding-bounded", "world": {"entity_counts": [2, 3, 4, 5, 6]},
            "captions": {"families": {"there-is": 1, "existential": 2}, "max_prior": 0.4,
                         "skill_view": "colours-shapes-unbound", "max_view_prior": 0.6},
            "splits": {"train": 30, "validation": 0, "test": 6}}
    directory = generate(parse_definition(spec, "x.toml"), tmp_path, seed=0)
    bound = ViewBound("colours-shapes-unbound", load_prior(directory).sample)
    for split in ("train", "test"):
        for inst in load(directory, split):
            colours = {e.color for e in inst.world.entities}
            shapes = {e.shape for e in inst.world.entities}
            assert len(colours) > 1 and len(shapes) > 1
            assert bound.ceiling(inst.world) <= 0.6
            for caption in inst.semantics:
                assert caption.truth(inst.world) == Truth.TRUE
                p = bound.probability(formula_of(caption), inst.world)
                assert p is not None and p <= 0.6


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["red", "blue", "green", "yellow"]),
                          st.sampled_from(["square", "circle", "triangle", "cross"])), min_size=1, max_size=9),
       st.floats(0.0, 0.8))
def test_a_ceiling_from_the_objects_alone_is_the_ceiling_of_the_refills(donors, objects, shift):
    """A world's ceiling from its re-paired objects alone (no donor column gathered) is the ceiling of its
    drawn re-fills, bit for bit, and drawing the re-fills after it gives the re-fills drawn at once."""
    world = World(tuple(Entity(i, shape, colour, 0.0, (0.05 + 0.1 * i, shift + 0.1), (0.04, 0.04), 0.0)
                        for i, (colour, shape) in enumerate(objects)))
    fresh = ViewBound("colours-shapes-unbound", donors, refills=32)
    alone = fresh.ceiling(world)  # asked first: from the objects alone
    refills = fresh.samples(world)[0]
    other = ViewBound("colours-shapes-unbound", donors, refills=32)
    drawn = other.samples(world)[0]  # re-filled first
    assert alone == object_ceiling(drawn) == other.ceiling(world)
    for column in ("x", "y", "shape", "color", "shade", "area", "present"):
        assert np.array_equal(getattr(refills, column), getattr(drawn, column))


@given(st.lists(st.integers(0, 6), min_size=1, max_size=12), st.randoms())
def test_certain_object_counts_as_the_unique_counts_do(colors, random):
    """The most frequent colour and shape (counted by ``bincount``) as ``np.unique``'s counts give them."""
    shapes = [random.randrange(8) for _ in colors]
    c, s = np.array(colors), np.array(shapes)
    expected = int(np.unique(c, return_counts=True)[1].max()) + int(np.unique(s, return_counts=True)[1].max()) > len(c)
    assert certain_object(c, s) == expected


def test_unbound_objects_are_the_drawn_refills_objects(donors):
    """A binding view's refused worlds are judged on their objects alone (``unbound_objects``, and their
    ceiling by ``objects_ceiling``): the very colours and shapes of the re-fills ``drawn`` draws, and the
    same ceiling, for worlds whose object count some donor has and for one that no donor has."""
    from shapeworldice.interpret.refill import Refiller
    from shapeworldice.interpret.views import objects_ceiling

    counts = set(donors.present.sum(axis=1).tolist())
    kinds = [("red", "square"), ("blue", "circle"), ("red", "circle"), ("green", "square"), ("blue", "square")]
    worlds = [_world(kinds[:k]) for k in (2, 3, 5)]
    missing = next(k for k in range(1, 30) if k not in counts)
    worlds.append(_world([kinds[i % len(kinds)] for i in range(missing)]))
    test = WorldSample.of(worlds)
    refiller = Refiller("colours-shapes-unbound", donors, test, seed=4)
    for i in range(test.size):
        drawn = refiller.drawn(i, 32)
        objects = refiller.unbound_objects(i, 32)
        assert objects is not None
        assert np.array_equal(objects[0], drawn.color) and np.array_equal(objects[1], drawn.shape)
        assert objects_ceiling(*objects) == object_ceiling(drawn)
