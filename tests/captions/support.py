"""Shared by the sampler tests: random worlds with one sampler's caption of each, and the checks
every pooled sampler must pass under a bound."""
from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np

from shapeworldice.world import World, WorldConfig, WorldSampler

#: 4–10 shapes, no overlap reinforcement beyond ShapeWorld's default: the new tasks' worlds
MANY_SHAPES = WorldConfig(entity_counts=tuple(range(4, 11)), reinforcement=(1, 1))


def draws(sampler: Callable[[World, np.random.Generator], Any], n: int = 200, seed: int = 0,
          config: WorldConfig = MANY_SHAPES) -> Iterator[tuple[World, Any]]:
    """``n`` seeded worlds of ``config``, each with what ``sampler`` draws for it (None included)."""
    rng = np.random.default_rng(seed)
    worlds = WorldSampler(config)
    for _ in range(n):
        world = worlds.sample(rng)
        yield world, sampler(world, rng)


def check_bounded_draws(sampler: Any, world_of: Callable[[int], World]) -> None:
    """A pooled sampler under a bound: a drawn survivor is checked with its candidate's evaluator
    (the prior gets the same answer as without it), and only captions within the view bound on the
    world's re-fills are returned (``world_of``: a seeded world of the sampler's task)."""
    from shapeworldice.captions.sampling import BoundedPrior
    from shapeworldice.interpret import formula_of
    from shapeworldice.interpret.prior import CaptionPrior
    from shapeworldice.world.columns import WorldSample

    world = world_of(3)
    refills = WorldSample.of([world_of(100 + i) for i in range(16)])
    prior = CaptionPrior(WorldSample.of([world_of(500 + i) for i in range(200)]))
    plain = CaptionPrior(prior.sample)
    asked: list = []

    def within(caption: Any, fast: Any = None) -> bool:
        asked.append(fast)
        found = prior.within(formula_of(caption), 0.4, fast)
        assert found == plain.within(formula_of(caption), 0.4)
        return found

    bounded = BoundedPrior(sampler, within, view_exceeds=lambda c, w: False,
                           donors_exceed=lambda c, w, fast=None: False,
                           view_samples=lambda w: [refills], max_view=0.5)
    pool = sampler.pool(world)
    shares = sampler.truth_table(pool, refills).mean(axis=1)
    kept = {str(sampler.caption(pool, k)) for k in np.flatnonzero(shares <= 0.5)}
    rng = np.random.default_rng(0)
    for _ in range(30):
        caption = bounded(world, rng)
        assert caption is not None and str(caption) in kept
        assert prior.prior(formula_of(caption)) <= 0.4
    assert asked and all(callable(f) for f in asked)


def check_prior_with_pool_evaluator(sampler: Any, world_of: Callable[[int], World],
                                    candidates: Callable[[Any, np.random.Generator], Iterable[int]]) -> None:
    """Over a prior sample of several spans, a pool's evaluator gives each meaning (``candidates``
    of the pool, drawn with the generator) the truth vector, the first true worlds and the bound
    decision of the general evaluator, whichever is asked first."""
    from shapeworldice.interpret import formula_of
    from shapeworldice.interpret.prior import CaptionPrior
    from shapeworldice.world.columns import WorldSample

    sample = WorldSample.of([world_of(900 + i) for i in range(1300)])
    fast, plain = CaptionPrior(sample), CaptionPrior(sample)
    pool = sampler.pool(world_of(21))
    for k in candidates(pool, np.random.default_rng(2)):
        formula, evaluate = formula_of(sampler.caption(pool, int(k))), sampler.evaluator(pool, int(k))
        first = next(fast.true_worlds(formula, evaluate))  # a partial vector, then the rest
        assert (first == next(plain.true_worlds(formula))).all()
        assert fast.within(formula, 0.1, evaluate) == plain.within(formula, 0.1)
        truths, expected = fast.truths(formula, evaluate), plain.truths(formula)
        assert truths is not None and expected is not None and (truths == expected).all()


def check_pool_law(sampler: Any, world: World, columns: Sequence[str], draws: int, succeed: float) -> None:
    """A pool's probabilities are those of the sampler's successful draws: at least ``succeed`` of
    ``draws`` succeed, every drawn caption is in the pool, and each value of each of the pool's
    ``columns`` (named) has a share of the draws within four standard errors of its probability."""
    import collections

    pool = sampler.pool(world)
    assert abs(pool.weight.sum() - 1.0) < 1e-9
    which = {str(sampler.caption(pool, k)): k for k in range(len(pool))}
    rng = np.random.default_rng(5)
    drawn = collections.Counter(which[str(c)] for c in (sampler(world, rng) for _ in range(draws)) if c is not None)
    total = sum(drawn.values())
    assert total > succeed * draws
    for values in (getattr(pool, name) for name in columns):
        for v in np.unique(values):
            expected = pool.weight[values == v].sum()
            seen = sum(n for k, n in drawn.items() if values[k] == v) / total
            assert abs(seen - expected) <= 4 * np.sqrt(expected * (1 - expected) / total) + 1e-12, (v, seen, expected)


def check_meaning_codes(sampler: Any, world_of: Callable[[int], World], below: int | None = None) -> None:
    """A pool's meaning codes name each candidate once (non-negative, under ``below`` where given),
    and the same meaning has the same code in another world's pool."""
    pool, other = sampler.pool(world_of(8)), sampler.pool(world_of(9))
    codes = pool.codes
    assert len(set(codes.tolist())) == len(pool) and codes.min() >= 0
    assert below is None or codes.max() < below
    mine = {str(sampler.caption(pool, k)): int(c) for k, c in enumerate(codes)}
    theirs = {str(sampler.caption(other, k)): int(c) for k, c in enumerate(other.codes)}
    shared = set(mine) & set(theirs)
    assert shared and all(mine[c] == theirs[c] for c in shared)


def check_truth_table(sampler: Any, pool: Any, world: World, others: Any, candidates: Iterable[int],
                      each_evaluator: bool = True) -> None:
    """A pool's truth table is the evaluator's truth: every candidate is true of its own ``world`` (the
    sampler's own check), and each of ``candidates`` is, in each world of the sample ``others``, what
    the evaluator finds for its meaning, by the whole table and (``each_evaluator``) by the
    candidate's own evaluator."""
    from shapeworldice.interpret import formula_of
    from shapeworldice.interpret.prior import truth_in
    from shapeworldice.semantics import Truth
    from shapeworldice.world.columns import WorldSample

    table = sampler.truth_table(pool, others)
    assert sampler.truth_table(pool, WorldSample.of([world])).all()
    for k in candidates:
        caption = sampler.caption(pool, int(k))
        assert caption.truth(world) == Truth.TRUE
        truth = truth_in(formula_of(caption), others)
        assert (truth == table[k]).all(), caption
        if each_evaluator:
            assert (sampler.evaluator(pool, int(k))(others) == truth).all(), caption



def check_shares_by_draw(sampler: Any, world: World, refills: Any, max_view: float, draws: int = 12) -> None:
    """Counting the re-fill shares of the drawn candidates one at a time (then the rest at once) drops
    exactly the candidates the pool's whole table drops: the same survivors, so the same law."""
    from dataclasses import dataclass, fields
    from typing import ClassVar

    from shapeworldice.captions.sampling import BoundedPrior

    @dataclass(frozen=True)
    class AtOnce(type(sampler)):  # type: ignore[misc]
        shares_by_draw: ClassVar[int] = 0

    same = {f.name: getattr(sampler, f.name) for f in fields(sampler) if f.compare}
    survivors = []
    for each in (sampler, AtOnce(**same)):
        bounded = BoundedPrior(each, lambda c, fast=None: True, view_exceeds=lambda c, w: False,
                               donors_exceed=lambda c, w, fast=None: False,
                               view_samples=lambda w: [refills], max_view=max_view)
        rng = np.random.default_rng(1)
        drawn = [bounded(world, rng) for _ in range(draws)]
        assert all(c is not None for c in drawn)
        bounded._count_shares(world)  # whatever is left uncounted
        survivors.append(bounded._last["state"][1] > 0)
    pool = sampler.pool(world)
    expected = sampler.truth_table(pool, refills).mean(axis=1) <= max_view
    assert 0 < expected.sum() < len(expected)
    assert (survivors[0] == expected).all() and (survivors[1] == expected).all()
