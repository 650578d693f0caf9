"""A dataset may bound its captions' probability of being true given a skill-less view of their world."""
from __future__ import annotations

import pytest

from shapeworldice.data import load
from shapeworldice.data.build import generate
from shapeworldice.data.definition import definition_from_resolved, list_definitions, load_definition, parse_definition
from shapeworldice.errors import UserError
from shapeworldice.evaluation.core.floors import load_prior
from shapeworldice.interpret import formula_of
from shapeworldice.semantics import Truth
from shapeworldice.interpret.views import BOUND_TRUE_WORLDS, ViewBound

SPEC = {"name": "bag-bounded", "world": {"entity_counts": [4, 5]},
        "captions": {"families": {"spatial": 1}, "skill_view": "object-bag", "max_view_prior": 0.5},
        "splits": {"train": 30, "validation": 0, "test": 8}}


@pytest.mark.parametrize("captions, message", [
    ({"skill_view": "telepathy", "max_view_prior": 0.5}, "unknown skill_view"),
    ({"skill_view": "object-bag"}, "go together"),
    ({"max_view_prior": 0.5}, "go together"),
    ({"skill_view": "object-bag", "max_view_prior": 1.5}, "max_view_prior"),
    ({"skill_view": "object-bag", "max_view_prior": "half"}, "max_view_prior"),
    ({"skill_view": 3, "max_view_prior": 0.5}, "skill_view"),
    ({"skill_view": "object-set", "max_view_prior": 0.5, "other_skill_views": "colours-only"}, "other_skill_views"),
    ({"skill_view": "object-set", "max_view_prior": 0.5, "other_skill_views": ["telepathy"]}, "other_skill_views"),
    ({"skill_view": "object-set", "max_view_prior": 0.5, "other_skill_views": ["object-set"]}, "other_skill_views"),
    ({"other_skill_views": ["object-set"]}, "other_skill_views needs a skill_view"),
])
def test_bad_skill_views_are_one_clear_error(captions, message):
    data = {"name": "x", "world": {"entity_counts": [2]}, "captions": {"families": {"spatial": 1}, **captions}}
    with pytest.raises(UserError, match=message):
        parse_definition(data, "x.toml")


def test_informative_definitions_name_the_view_a_model_without_their_skill_has():
    views = {"spatial-twoshapes": "object-bag", "spatial-multishapes": "object-bag",
             "quantification-count": "object-set",
             "quantification-ratio": "object-set", "existential-multishapes": "colours-shapes-unbound",
             "existential-oneshape": None,
             # the new tasks: the view each one's captions claim to test (docs/skill-truth.md says why)
             "relational-attribute": "colours-shapes-unbound", "relational-comparative": "object-bag",
             "coreference": "object-bag", "relative-clauses": "object-bag", "relational-negation": "object-bag",
             "logical": "colours-shapes-unbound", "quantification-complex": "object-set",
             "selection": "object-bag", "relational-proximity": "object-bag"}
    for name, view in views.items():
        for variant in (f"{name}-informative", f"{name}-informative-heldout"):
            definition = load_definition(variant)
            assert definition.skill_view == view
            bound = {None: None, "colours-shapes-unbound": 0.6}.get(view, 0.55)
            assert definition.max_view_prior == bound
        assert load_definition(name).skill_view is None


def test_the_quantification_forms_are_bounded_by_the_colour_and_shape_counts_too():
    """Counting captions are decided by how many shapes have each colour and each shape as well as by
    the objects' counts: the three forms bound each caption under both views (docs/skill-truth.md)."""
    for name in ("count", "ratio", "complex"):
        for variant in (f"quantification-{name}-informative", f"quantification-{name}-informative-heldout"):
            definition = load_definition(variant)
            assert definition.skill_views == ("object-set", "colours-shapes-unbound"), variant
            # version 4: each view checks four donor worlds, not eight (CHANGELOG.md)
            assert definition.version == 4, variant
            assert "other_skill_views colours-shapes-unbound" in definition.description, variant
    for name in list_definitions():
        definition = load_definition(name)
        if not name.startswith("quantification-"):
            assert definition.other_skill_views == (), name
            assert "other_skill_views" not in definition.resolved()["captions"], name


def test_definitions_without_a_view_keep_their_digest_and_views_survive_the_manifest():
    for name in list_definitions():
        definition = load_definition(name)
        if definition.skill_view is None:
            assert "skill_view" not in definition.resolved()["captions"]
    bounded = parse_definition(SPEC, "x.toml")
    again = definition_from_resolved(bounded.resolved())
    assert (again.skill_view, again.max_view_prior, again.digest) == ("object-bag", 0.5, bounded.digest)
    joint = parse_definition({**SPEC, "captions": {**SPEC["captions"], "other_skill_views": ["object-set"]}}, "x.toml")
    again = definition_from_resolved(joint.resolved())
    assert again.skill_views == ("object-bag", "object-set") and again.digest == joint.digest != bounded.digest


def test_every_caption_is_true_and_within_the_view_bound(tmp_path):
    directory = generate(parse_definition(SPEC, "x.toml"), tmp_path, seed=0)
    # the bound holds on the caption's own world and on the first prior worlds it is true of
    bound = ViewBound("object-bag", load_prior(directory).sample, true_worlds=BOUND_TRUE_WORLDS)
    seen = 0
    for split in ("train", "test"):
        for inst in load(directory, split):
            for caption in inst.semantics:
                assert caption.truth(inst.world) == Truth.TRUE
                p = bound.probability(formula_of(caption), inst.world)
                assert p is not None and p <= 0.5
                seen += 1
    assert seen == 30 + 8 * 10
    assert generate(parse_definition(SPEC, "x.toml"), tmp_path / "again", seed=0, workers=2).joinpath(
        "manifest.json").read_bytes() == (directory / "manifest.json").read_bytes()


def test_the_papers_informative_descriptions_name_their_skill_view():
    """Issue #33: the six paper -informative descriptions (and their held-out forms) said only
    max_prior; each now names its skill view and bound, or says that it has none."""
    from shapeworldice.data.definition import load_definition
    from tests.conftest import SIX

    new_tasks = ("relational-attribute", "relational-comparative", "coreference", "relative-clauses",
                 "relational-negation", "logical")
    for name in (*SIX, *new_tasks):
        for form in ("-informative", "-informative-heldout"):
            definition = load_definition(name + form)
            text = definition.description
            if definition.skill_view is None:
                assert "no skill view" in text, name + form
            else:
                assert f"Skill view {definition.skill_view} (skill_view)" in text, name + form
                assert f"max_view_prior {definition.max_view_prior:g}" in text, name + form


@pytest.mark.parametrize("version", [0, -1, 1.5, "2", True])
def test_a_bad_version_is_one_clear_error(version):
    with pytest.raises(UserError, match="version must be a whole number"):
        parse_definition({**SPEC, "version": version}, "x.toml")


def test_a_version_enters_the_digest_only_once_raised():
    """Definitions never changed keep their digest; a raised version is part of what a build's bytes
    depend on (and every informative form whose bytes changed has one, inherited by its held-out form)."""
    first = parse_definition(SPEC, "x.toml")
    assert "version" not in first.resolved() and first.version == 1
    second = parse_definition({**SPEC, "version": 2}, "x.toml")
    assert second.resolved()["version"] == 2 and second.digest != first.digest
    assert definition_from_resolved(second.resolved()).digest == second.digest
    # version 3: bounded at version 2 (a view given, a second view, or worlds redrawn at once), then
    # re-filled from one generator per world; or re-filled so at version 2, then drawn from a pool
    # (proximity, spatial, selection); version 4: version 3 drawn from a pool (the comparison and
    # relative clause forms; the quantification forms, version 3 checked on four donor worlds);
    # version 5: version 4 with its colours and shapes drawn first under the exact world ceiling (the
    # attribute forms); the object-bag forms checked on four donor worlds (CHANGELOG.md)
    raised = {name: 3 for name in ("coreference", "logical", "existential-multishapes", "relational-proximity",
                                   "spatial-multishapes", "spatial-twoshapes")}
    raised.update({name: 4 for name in ("relational-negation", "relative-clauses", "quantification-count",
                                        "quantification-ratio", "quantification-complex")})
    raised.update({name: 5 for name in ("relational-attribute", "selection", "relational-comparative")})
    for name, version in raised.items():
        assert load_definition(f"{name}-informative").version == version
        assert load_definition(f"{name}-informative-heldout").version == version
        assert load_definition(name).version == 1
    assert {n for n in list_definitions() if load_definition(n).skill_view is not None} == \
        {f"{n}-informative{h}" for n in raised for h in ("", "-heldout")}
