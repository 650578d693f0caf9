"""Logical captions: two distinct clauses under a connective, true by construction of which clauses
are true, with false clauses strictly false (never ambiguous)."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.captions import make_sampler, template
from shapeworldice.captions.logical import COMBINATIONS, caption_counts, clause_cells, false_clause
from shapeworldice.interpret import formula_of
from shapeworldice.interpret.prior import truth_in
from shapeworldice.semantics import Proposition, Truth
from shapeworldice.semantics.components import EntityType, Existential, Relation
from shapeworldice.world import WorldConfig, WorldSampler
from shapeworldice.world.columns import WorldSample
from shapeworldice.world.model import COLOR_NAMES
from tests.conftest import make_world


def test_every_connective_with_every_clause_combination():
    rng = np.random.default_rng(0)
    worlds, sampler = WorldSampler(WorldConfig(entity_counts=tuple(range(1, 11)))), make_sampler("logical")
    seen = Counter()
    for _ in range(300):
        world = worlds.sample(rng)
        caption = sampler(world, rng)
        assert isinstance(caption, Proposition), "every world admits a logical caption"
        assert caption.truth(world) == Truth.TRUE, template(caption)
        a, b = (c.truth(world) for c in caption.clauses)
        assert Truth.AMBIGUOUS not in (a, b) and caption.clauses[0] != caption.clauses[1]
        assert (a == Truth.TRUE, b == Truth.TRUE) in COMBINATIONS[caption.proptype]
        seen[caption.proptype, a, b] += 1
    assert {k[0] for k in seen} == set(COMBINATIONS)
    assert seen["disjunction", Truth.TRUE, Truth.FALSE] and seen["implication", Truth.FALSE, Truth.FALSE]
    assert seen["equivalence", Truth.FALSE, Truth.FALSE]


def test_false_clauses_are_false():
    world = make_world(("square", "red", 0.3, 0.3), ("circle", "blue", 0.7, 0.7))
    rng = np.random.default_rng(2)
    for there_is in (True, False):
        for _ in range(30):
            clause = false_clause(world, rng, there_is)
            assert clause is not None and clause.truth(world) == Truth.FALSE


def test_connectives_option():
    sampler = make_sampler("logical", {"connectives": ["equivalence"]})
    rng = np.random.default_rng(3)
    world = make_world(("square", "red", 0.3, 0.3))
    assert {sampler(world, rng).proptype for _ in range(10)} == {"equivalence"}


def test_bad_family_options_are_one_clear_error(tmp_path):
    from click.testing import CliRunner

    from shapeworldice import cli
    from shapeworldice.errors import UserError

    with pytest.raises(UserError, match="connectives"):
        make_sampler("logical", {"connectives": ["nand"]})
    with pytest.raises(UserError, match="negation"):
        make_sampler("comparison", {"negation": 1.5})
    definition = tmp_path / "bad.toml"
    definition.write_text('name = "bad"\n[world]\nentity_counts = [4]\n[captions.families]\n'
                          'comparison = { weight = 1, options = { negation = "half" } }\n')
    result = CliRunner().invoke(cli.main, ["generate", str(definition), "--out", str(tmp_path / "out"),
                                           "--train", "2", "--validation", "0", "--test", "1"])
    assert result.exit_code == 2 and "negation" in result.output
    assert len(result.output.strip().splitlines()) == 1 and not (tmp_path / "out").exists()


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_captions_evaluator_from_the_counts_is_the_evaluators_truth(seed):
    """The prior of a logical caption is decided from the worlds' shape–colour counts: in every world
    of a padded sample, what the general evaluator finds, for each connective and clause kind."""
    rng = np.random.default_rng(seed)
    worlds, sampler = WorldSampler(WorldConfig(entity_counts=tuple(range(1, 11)))), make_sampler("logical")
    sample = WorldSample.of([worlds.sample(rng) for _ in range(40)])
    for _ in range(12):
        world = worlds.sample(rng)
        caption = sampler(world, rng)
        evaluate = caption_counts(caption)
        assert evaluate is not None, template(caption)  # every clause names shapes and colours only
        assert evaluate(WorldSample.of([world])).all()
        assert (evaluate(sample) == truth_in(formula_of(caption), sample)).all(), template(caption)


def test_a_clause_naming_more_than_shapes_and_colours_has_no_evaluator_from_the_counts():
    """Anything but a shape-and-colour clause is left to the general evaluator."""
    square = EntityType.of(shape="square")
    left_of = Relation("x-rel", -1, EntityType.of(color="red"))
    assert clause_cells(square) is not None and clause_cells(square).sum() == len(COLOR_NAMES)
    assert clause_cells(Existential(square, left_of)) is None
    assert caption_counts(Proposition("conjunction", (square, Existential(square, left_of)))) is None
    assert caption_counts(square) is None
