"""Selectors ("the leftmost X", "the bigger X", "the X closer to the Y") and the ternary proximity
relation on hand-built worlds, and the component, logical-form and independent truths agreeing."""
from __future__ import annotations

import numpy as np
import pytest

from shapeworldice.captions import make_sampler
from shapeworldice.data.definition import load_definition
from shapeworldice.interpret import formula_of
from shapeworldice.interpret.evaluate import truth as formula_truth
from shapeworldice.semantics import Attribute, EntityType, Existential, Relation, Selector, Truth, from_json
from shapeworldice.semantics.components import CaptionModelError
from shapeworldice.world.sampling import WorldSampler
from tests.conftest import make_world
from tests.semantics.agreement import three_truths_agree
from tests.semantics.independent_selectors import label

SQUARE, SHAPE = EntityType.of(shape="square"), EntityType()


def is_(kind: str, value: str) -> Relation:
    return Relation("attribute", Attribute(kind, value))


def the(predtype: str, value: int, scope: EntityType, body: Relation, comparison: EntityType | None = None):
    comp = None if comparison is None else Selector("unique", comparison)
    return Existential(Selector(predtype, scope, value, comp), body)


def check(caption, world, expected: Truth) -> None:
    """The component, its logical form and the independent labeller all give ``expected``."""
    assert caption.truth(world) == expected
    assert formula_truth(formula_of(caption), world) == expected
    assert label(caption.to_json(), world.to_json()) == int(expected)
    assert from_json(caption.to_json()) == caption


def test_leftmost_needs_the_margin():
    world = make_world(("square", "red", 0.2, 0.5), ("square", "blue", 0.35, 0.2), ("circle", "red", 0.1, 0.9))
    check(the("x-max", -1, SQUARE, is_("color", "red")), world, Truth.TRUE)
    check(the("x-max", -1, SQUARE, is_("color", "blue")), world, Truth.FALSE)
    check(the("x-max", 1, SQUARE, is_("color", "blue")), world, Truth.TRUE)
    close = make_world(("square", "red", 0.2, 0.5), ("square", "blue", 0.25, 0.2))  # 0.05 apart: no margin
    check(the("x-max", -1, SQUARE, is_("color", "red")), close, Truth.AMBIGUOUS)
    check(the("x-max", -1, SQUARE, is_("color", "green")), close, Truth.FALSE)  # neither could be green


def test_two_selectors_need_exactly_two():
    two = make_world(("square", "red", 0.5, 0.2), ("square", "blue", 0.55, 0.8), ("circle", "red", 0.1, 0.5))
    check(the("y-two", -1, SQUARE, is_("color", "red")), two, Truth.TRUE)  # "the upper square"
    check(the("y-two", 1, SQUARE, is_("color", "blue")), two, Truth.TRUE)
    three = make_world(("square", "red", 0.5, 0.2), ("square", "blue", 0.55, 0.8), ("square", "red", 0.1, 0.5))
    check(the("y-two", -1, SQUARE, is_("color", "red")), three, Truth.AMBIGUOUS)
    check(the("y-max", -1, SQUARE, is_("color", "red")), three, Truth.TRUE)  # "the topmost square"


def test_two_selector_cone():
    # "the left square": the offset on x must exceed the offset on y
    world = make_world(("square", "red", 0.3, 0.2), ("square", "blue", 0.5, 0.8))
    check(the("x-two", -1, SQUARE, is_("color", "red")), world, Truth.AMBIGUOUS)
    check(the("x-max", -1, SQUARE, is_("color", "red")), world, Truth.TRUE)


def test_size_compares_one_shape():
    world = make_world(("square", "red", 0.2, 0.2, 0.1), ("square", "blue", 0.8, 0.8, 0.05),
                       ("circle", "green", 0.5, 0.5, 0.12))
    check(the("size-max", 1, SQUARE, is_("color", "red")), world, Truth.TRUE)
    check(the("size-two", -1, SQUARE, is_("color", "blue")), world, Truth.TRUE)
    # "the biggest shape": the big circle beats the red square, and has no other circle to beat
    check(the("size-max", 1, SHAPE, is_("color", "red")), world, Truth.FALSE)


def test_shade_compares_one_colour():
    world = make_world(("square", "red", 0.2, 0.2, 0.06, -0.3), ("circle", "red", 0.8, 0.8, 0.06, 0.2),
                       ("cross", "red", 0.5, 0.5, 0.06, 0.1))
    red = EntityType.of(color="red")
    check(the("shade-max", -1, red, is_("shape", "square")), world, Truth.TRUE)  # "the darkest red shape"
    check(the("shade-max", 1, red, is_("shape", "circle")), world, Truth.AMBIGUOUS)  # 0.1 apart only


def test_proximity_selector():
    world = make_world(("ellipse", "red", 0.1, 0.1), ("triangle", "gray", 0.2, 0.2), ("square", "gray", 0.8, 0.8))
    gray, red_ellipse = EntityType.of(color="gray"), EntityType.of(shape="ellipse", color="red")
    check(the("proximity-two", -1, gray, is_("shape", "triangle"), red_ellipse), world, Truth.TRUE)
    check(the("proximity-two", 1, gray, is_("shape", "square"), red_ellipse), world, Truth.TRUE)
    check(the("proximity-two", -1, gray, is_("shape", "square"), red_ellipse), world, Truth.FALSE)
    # the comparison is not in the scope: "the shape closest to the red ellipse"
    check(the("proximity-max", -1, SHAPE, is_("shape", "triangle"), red_ellipse), world, Truth.TRUE)
    # no unique comparison: nothing is selected
    twice = make_world(("ellipse", "red", 0.1, 0.1), ("triangle", "gray", 0.2, 0.2), ("square", "gray", 0.8, 0.8),
                       ("ellipse", "red", 0.9, 0.9))
    check(the("proximity-two", -1, gray, is_("shape", "triangle"), red_ellipse), twice, Truth.AMBIGUOUS)


def test_proximity_relation():
    world = make_world(("ellipse", "green", 0.3, 0.3), ("rectangle", "green", 0.2, 0.2),
                       ("ellipse", "blue", 0.9, 0.9))
    closer = Relation("proximity-rel", -1, EntityType.of(shape="ellipse"),
                      Selector("unique", EntityType.of(shape="rectangle", color="green")))
    farther = Relation("proximity-rel", 1, EntityType.of(shape="ellipse"), closer.comparison)
    check(Existential(EntityType.of(shape="ellipse", color="green"), closer), world, Truth.TRUE)
    check(Existential(EntityType.of(shape="ellipse", color="green"), farther), world, Truth.FALSE)
    check(Existential(EntityType.of(shape="ellipse", color="blue"), farther), world, Truth.TRUE)
    near = make_world(("ellipse", "green", 0.3, 0.3), ("rectangle", "green", 0.2, 0.2),
                      ("ellipse", "blue", 0.35, 0.1))  # distances 0.14 and 0.18: within the margin
    check(Existential(EntityType.of(shape="ellipse", color="green"), closer), near, Truth.AMBIGUOUS)


def test_bad_selectors_are_rejected():
    with pytest.raises(CaptionModelError):
        Selector("x-max", SQUARE, 0)
    with pytest.raises(CaptionModelError):
        Selector("proximity-max", SQUARE, -1)  # no comparison
    with pytest.raises(CaptionModelError):
        Relation("proximity-rel", -1, SQUARE)


@pytest.mark.parametrize("name", ["selection", "relational-proximity"])
def test_three_truths_agree_on_random_worlds(name):
    """Captions sampled on one world, judged on others (many false, some ambiguous)."""
    definition = load_definition(name)
    worlds = WorldSampler(definition.world)
    rng = np.random.default_rng(7)
    sampler = make_sampler(definition.families[0].name, definition.families[0].options)
    sample = [worlds.sample(rng, "train") for _ in range(60)]
    captions = [c for c in (sampler(w, rng) for w in sample) if c is not None]
    seen = three_truths_agree(captions, sample)
    assert seen == {Truth.TRUE, Truth.FALSE, Truth.AMBIGUOUS}
