"""Skill truth holds on every informative form with a view but spatial-multishapes and the quantification
forms (their own tests),
each under the view its captions claim to test: in-family captions written from the view alone, the skill floors'
captioners of that view and of coarser ones, and a greedy captioner that picks, per image, the
in-family caption most probably true given the view (and the likeliest one the bound admits) — all
at most the bound, within the interval, on builds with a seed no view or bound was chosen on
(17)."""
from __future__ import annotations

import collections
import itertools
from typing import Callable

import pytest

import shapeworldice as swi
from shapeworldice.evaluation.core.gtd import Evaluator

from tests.evaluation.core.skill_support import below_bound, greedy, score, skill_measure

SIZES = dict(seed=17, train=80, validation=4, test=64, prior_worlds=2000)
RELATIONS = ("to the left of", "to the right of", "above", "below")


def _by_count(items) -> list:
    """Distinct items, most frequent first, ties by name (nothing of the scene's order leaks in)."""
    return [item for item, _ in sorted(collections.Counter(items).items(), key=lambda kv: (-kv[1], kv[0]))]


def _objects(world) -> list[tuple[str, str]]:
    """The view's colour–shape objects, most frequent first (what an object-bag captioner knows)."""
    return _by_count((e.color, e.shape) for e in world.entities)


def _colours_and_shapes(world) -> tuple[list[str], list[str]]:
    """Colours and shapes present, most frequent first (all the binding view knows)."""
    return _by_count(e.color for e in world.entities), _by_count(e.shape for e in world.entities)


def _names(world) -> list[str]:
    """Descriptions built from the view's three most frequent objects."""
    names: list[str] = []
    for colour, shape in _objects(world)[:3]:
        names += [f"{colour} {shape}", shape, f"{colour} shape"]
    return list(dict.fromkeys(names))


def attribute_captions(world) -> list[str]:
    colours, shapes = _colours_and_shapes(world)
    out = []
    for a, b in itertools.permutations(colours[:3], 2):
        out += [f"A {a} shape is the same shape as a {b} shape.", f"A {a} shape is a different shape from a {b} shape."]
    for a, b in itertools.permutations(shapes[:3], 2):
        out += [f"A {a} is the same color as a {b}.", f"A {a} is a different color from a {b}."]
    return out


def comparative_captions(world) -> list[str]:
    out = []
    for colour, shape in _objects(world)[:3]:
        for word in ("bigger", "smaller"):
            out += [f"A {shape} is {word} than a {colour} {shape}.", f"A shape is {word} than a {colour} {shape}."]
        for word in ("darker", "lighter"):
            out += [f"A {shape} is {word} than a {colour} {shape}.",
                    f"A {colour} shape is {word} than a {colour} {shape}."]
    return out


def spatial_pairs(world) -> list[tuple[str, str, str]]:
    return [(a, relation, b) for (a, b), relation in
            itertools.product(itertools.permutations(_names(world)[:6], 2), RELATIONS)]


def coreference_captions(world) -> list[str]:
    return [f"There is a {a}. It is {relation} a {b}." for a, relation, b in spatial_pairs(world)]


def relative_clause_captions(world) -> list[str]:
    colours, _ = _colours_and_shapes(world)
    return [f"A {a} that is {relation} a {b} is {colours[0]}." for a, relation, b in spatial_pairs(world)][:40] + \
        [f"A {a} is {relation} a {b}." for a, relation, b in spatial_pairs(world)][:40]


def negation_captions(world) -> list[str]:
    return [f"A {a} is not {relation} a {b}." for a, relation, b in spatial_pairs(world)] + \
        [f"A {a} is not bigger than a {b}." for a, _, b in spatial_pairs(world)[::4]]


def logical_captions(world) -> list[str]:
    """Only colours and shapes, never which goes with which: the binding view's knowledge."""
    colours, shapes = _colours_and_shapes(world)
    objects = [f"{c} {s}" for c, s in itertools.product(colours[:3], shapes[:3])]
    out = []
    for a, b in itertools.combinations(objects, 2):
        out += [f"There is a {a} or there is a {b}.", f"There is a {a} and there is a {b}.",
                f"If there is a {a}, then there is a {b}."]
    out += [f"There is a {c} {s} or there is a {s}." for c, s in itertools.product(colours[:2], shapes[:2])]
    return out


def _plural(shape: str) -> str:
    return shape + ("es" if shape.endswith("s") else "s")


def spatial_captions(world) -> list[str]:
    return [f"A {a} is {relation} a {b}." for a, relation, b in spatial_pairs(world)]


def existential_captions(world) -> list[str]:
    """Colour–shape pairs from the colours and shapes present: what binding would decide."""
    colours, shapes = _colours_and_shapes(world)
    pairs = list(itertools.product(colours[:3], shapes[:3]))
    return [f"There is a {c} {s}." for c, s in pairs] + [f"A {s} is {c}." for c, s in pairs]


def count_captions(world) -> list[str]:
    """Which objects occur, never how many (the object-set view)."""
    out = []
    for colour, shape in _objects(world)[:4]:
        out += [f"At least one shape is a {colour} {shape}.", f"More than zero shapes are {colour} {_plural(shape)}.",
                f"Less than four {_plural(shape)} are {colour}.", f"Exactly one shape is a {colour} {shape}."]
    return out


def ratio_captions(world) -> list[str]:
    out = []
    for colour, shape in _objects(world)[:4]:
        shapes = _plural(shape)
        out += [f"All {colour} shapes are {shapes}.", f"More than half of the {colour} shapes are {shapes}.",
                f"Less than a third of the shapes are {colour}.", f"At most three quarters of the shapes are {shapes}."]
    return out


def complex_captions(world) -> list[str]:
    """"No red shape is a square" is certain from the object set when no red square occurs."""
    colours, shapes = _colours_and_shapes(world)
    present = set(_objects(world))
    out = [f"No {c} shape is a {s}." for c, s in itertools.product(colours[:3], shapes[:3]) if (c, s) not in present]
    for colour, shape in _objects(world)[:3]:
        out += [f"More than zero shapes are {colour} {_plural(shape)}.",
                f"At least a third of the shapes are {colour}."]
    return out


def selection_captions(world) -> list[str]:
    """A selector over objects the bag shows: certain when the bag holds one object of that shape."""
    out = []
    for colour, shape in _objects(world)[:4]:
        for word in ("leftmost", "rightmost", "biggest", "smallest", "upper", "lower"):
            out += [f"The {word} {shape} is {colour}."]
    return out


def proximity_captions(world) -> list[str]:
    names = _names(world)[:5]
    return [f"A {a} is {word} the {b} than a {c}." for a, b, c in itertools.permutations(names, 3)
            for word in ("closer to", "farther from")][:60]


#: dataset → in-family captions a captioner seeing only its view can write (the quantification forms,
#: bounded under two views, are checked in ``test_skill_truth_counting.py`` with these captions)
CASES: dict[str, Callable] = {
    "spatial-twoshapes-informative": spatial_captions,
    "existential-multishapes-informative": existential_captions,
    "selection-informative": selection_captions,
    "relational-proximity-informative": proximity_captions,
    "relational-attribute-informative": attribute_captions,
    "relational-comparative-informative": comparative_captions,
    "coreference-informative": coreference_captions,
    "relative-clauses-informative": relative_clause_captions,
    "relational-negation-informative": negation_captions,
    "logical-informative": logical_captions,
}
#: the skill floors a view-only captioner of each view can use (its own view and the coarser ones)
FLOORS = {"colours-shapes-unbound": ("colours-shapes-unbound", "colours-only", "shapes-only", "blind"),
          "object-bag": ("object-bag", "object-set", "colours-shapes-unbound", "blind")}


@pytest.fixture(scope="module", params=sorted(CASES))
def built(request, tmp_path_factory):
    path = swi.generate(request.param, tmp_path_factory.mktemp("skill"), **SIZES)
    evaluator = Evaluator(path)
    yield request.param, evaluator
    evaluator.close()


@pytest.mark.slow
def test_view_only_captioners_stay_below_the_bound_and_references_do_not(built):
    name, evaluator = built
    measure = skill_measure(evaluator)
    view, bound = measure.view, measure.bound
    assert view is not None and bound is not None
    references = evaluator.evaluate(swi.baseline(evaluator.data.directory, "references"))
    assert references["scores"]["skill_truth"] >= 0.9, name  # bounded by the same view at build time
    for kind in FLOORS[view.refiller.view]:
        below_bound(evaluator.evaluate(swi.baseline(evaluator.data.directory, kind)), bound, f"{name} {kind}")
    likeliest, admitted, parsed = greedy(evaluator, view.probability, bound, lambda image: CASES[name](image.world))
    assert len(likeliest) >= len(evaluator.images) // 2 and parsed, name  # the grammar reads the captions
    for what, entries in (("likeliest", likeliest), ("admitted", admitted)):
        below_bound(score(evaluator, entries), bound, f"{name} greedy {what}")
