"""Sample *true* captions directly from a world.

ShapeWorld fixes a template first and redraws worlds until it can be made true (hundreds of
milliseconds per quantification instance). Here each family sampler looks at the world and
picks among the captions that are true of it, keeping ShapeWorld's template distribution:
the template (relation, quantifier range and quantity, description kinds) is drawn as
ShapeWorld draws it, and only its values are filled from the world.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable, ClassVar, Iterable, Protocol, Union

import numpy as np

from ..errors import UserError
from ..semantics.comparative_quantifiers import ComparativeQuantifier, NumberBound
from ..semantics.components import Caption, EntityType, Existential, Relation
from ..semantics.relations import BINARY_RELATIONS
from ..semantics.truth import Truth
from ..world.columns import WorldSample
from ..world.model import World
from .comparative_quantifiers import ComparativeSampler, NumberBoundSampler
from .describe import attribute_of, choose, describe, holding_pairs, sample_kinds
from .discourse import CoreferenceSampler, relative_clause_sampler
from .logical import COMBINATIONS, LogicalSampler
from . import relation_pool
from .pooled import PooledSampler
from .quantifiers import QuantifierSampler
from .relation_pool import RelationPool
from .relational import comparison_sampler
from .selection import ProximitySampler, SelectionSampler

#: what a family sampler draws: a caption's semantics (number bounds and comparatives included)
SampledCaption = Union[Caption, NumberBound, ComparativeQuantifier]


class CaptionSampler(Protocol):
    """Draws one true caption of a world, or None when the world admits none of this family."""

    def __call__(self, world: World, rng: np.random.Generator) -> SampledCaption | None: ...


@dataclass(frozen=True)
class ThereIsSampler:
    """"There is a [T]." — T describes a random entity."""

    def __call__(self, world: World, rng: np.random.Generator) -> EntityType | None:
        if not len(world):
            return None
        return describe(world, int(rng.integers(len(world))), sample_kinds(rng))


#: existential copula bodies with ShapeWorld's observed weights.
EXISTENTIAL_BODIES: tuple[tuple[str, float], ...] = (("type", 0.3), ("shape", 0.35), ("color", 0.35))


@dataclass(frozen=True)
class ExistentialSampler:
    """"A [T] is [attribute or T]." — restrictor and body never name the same attribute kind."""

    def __call__(self, world: World, rng: np.random.Generator) -> Existential | None:
        if not len(world):
            return None
        index = int(rng.integers(len(world)))
        body_kind = choose(rng, [k for k, _ in EXISTENTIAL_BODIES], [w for _, w in EXISTENTIAL_BODIES])
        if body_kind == "type":
            body = Relation("type", describe(world, index, frozenset({"shape", "color"})))
            restrictor = EntityType()
        else:
            body = Relation("attribute", attribute_of(world, index, body_kind))
            other = "color" if body_kind == "shape" else "shape"
            kinds = frozenset({other}) if rng.random() < 0.5 else frozenset()
            restrictor = describe(world, index, kinds)
        return Existential(restrictor, body)


@dataclass(frozen=True)
class RelationSampler:
    """"A [T] is [relation] a [T]." — relation uniform over ``relations``, then a pair that holds."""

    relations: tuple[str, ...] = ("x-rel", "y-rel")

    def __call__(self, world: World, rng: np.random.Generator) -> Existential | None:
        options = [(kind, value) for kind in self.relations for value in BINARY_RELATIONS[kind]]
        order = rng.permutation(len(options))
        for k in order:
            kind, value = options[int(k)]
            pairs = holding_pairs(world, kind, value)
            if not len(pairs):
                continue
            subject, reference = (int(i) for i in pairs[int(rng.integers(len(pairs)))])
            ref_kinds, subj_kinds = sample_kinds(rng), sample_kinds(rng)
            if kind == "size-rel":  # bigger/smaller compare same shapes: the reference names the shape
                ref_kinds, subj_kinds = ref_kinds | {"shape"}, subj_kinds - {"shape"}
            elif kind == "shade-rel":  # darker/lighter compare same colours
                ref_kinds, subj_kinds = ref_kinds | {"color"}, subj_kinds - {"color"}
            caption = Existential(
                describe(world, subject, subj_kinds),
                Relation(kind, value, describe(world, reference, ref_kinds)),
            )
            if caption.truth(world) == Truth.TRUE:
                return caption
        return None


@dataclass(frozen=True)
class AxisRelationSampler(RelationSampler, PooledSampler):
    """:class:`RelationSampler` over the axis relations (the ``spatial`` family), with the same draws,
    and a pool: every caption it may draw for a world with the probability it draws it, and their
    truth in many worlds at once (:mod:`.relation_pool`), so a bounded dataset samples from the
    candidates that survive its bound instead of drawing and rejecting."""

    _last: dict = field(default_factory=dict, compare=False, repr=False)
    _pools: ClassVar[ModuleType] = relation_pool

    def _new_pool(self, world: World) -> RelationPool:
        return relation_pool.relation_pool(world, self.relations)


def _relation_sampler(relations: tuple[str, ...]) -> RelationSampler:
    """The relation sampler of ``relations``: with a pool when they are axis relations."""
    if set(relations) <= set(relation_pool.AXIS_RELATIONS):
        return AxisRelationSampler(relations)
    return RelationSampler(relations)


def _share(options: dict, name: str) -> float:
    """A family option that is a share in [0, 1] (default 0); one clear error otherwise."""
    value = options.get(name, 0.0)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
        raise UserError(f"option {name} of a caption family must be a number in [0, 1], got {value!r}")
    return float(value)


def _connectives(options: dict) -> tuple[str, ...]:
    """The ``connectives`` option of the logical family; one clear error for an unknown one."""
    value = options.get("connectives", list(COMBINATIONS))
    if not isinstance(value, list) or not value or any(c not in COMBINATIONS for c in value):
        raise UserError(f"connectives of family 'logical' must be a non-empty list of {', '.join(COMBINATIONS)}; "
                        f"got {value!r}")
    return tuple(value)


FAMILY_SAMPLERS: dict[str, Callable[[dict], CaptionSampler]] = {
    "there-is": lambda options: ThereIsSampler(),
    "existential": lambda options: ExistentialSampler(),
    "spatial": lambda options: _relation_sampler(tuple(options.get("relations", ("x-rel", "y-rel")))),
    "relational": lambda options: _relation_sampler(
        tuple(options.get("relations", ("size-rel", "shade-rel", "shape-rel", "color-rel")))),
    "count": lambda options: QuantifierSampler("count"),
    "ratio": lambda options: QuantifierSampler("ratio"),
    "comparison": lambda options: comparison_sampler(
        tuple(options.get("relations", ("size-rel", "shade-rel"))), _share(options, "negation")),
    "logical": lambda options: LogicalSampler(ThereIsSampler(), ExistentialSampler(), _connectives(options)),
    "relative-clause": lambda options: relative_clause_sampler(tuple(options.get("relations", ("x-rel", "y-rel")))),
    "coreference": lambda options: CoreferenceSampler(tuple(options.get("relations", ("x-rel", "y-rel")))),
    "proximity": lambda options: ProximitySampler(),
    "selection": lambda options: SelectionSampler(tuple(options["selectors"])) if "selectors" in options
    else SelectionSampler(),
    "number-bound": lambda options: NumberBoundSampler(),
    "comparative": lambda options: ComparativeSampler(),
}



def make_sampler(family: str, options: dict | None = None) -> CaptionSampler:
    """The sampler of a caption family named in a dataset definition."""
    try:
        factory = FAMILY_SAMPLERS[family]
    except KeyError:
        raise ValueError(f"unknown caption family {family!r} (known: {', '.join(FAMILY_SAMPLERS)})") from None
    return factory(options or {})


#: draws of a caption before a world is given up as admitting none under a prior bound
MAX_CAPTION_TRIES = 100


@dataclass(frozen=True)
class BoundedPrior:
    """A sampler whose captions have prior truth at most the dataset's ``max_prior`` (informative
    datasets), and, where a dataset names the view of a model without its skill, probability at most
    its ``max_view_prior`` of being true given that view of their own world.

    The caption is redrawn, not the world, up to ``tries`` times. ``within_prior`` says whether a
    caption's prior is within the bound (False when it cannot be computed); ``view_exceeds`` whether
    its view probability is above its bound (True when it cannot be computed). The view is asked
    first: it looks at a few hundred re-filled worlds, the prior at the whole prior sample.
    ``world_admits`` says whether any caption of a world can be within the view bound; a world that
    admits none is given up at once instead of after ``tries`` draws.

    A sampler that can list every caption it may draw for a world with its probability (a ``pool``
    method, e.g. :class:`QuantifierSampler`) is not drawn from and rejected: given ``view_samples``
    (each view's re-filled worlds of a world, on which the view bound counts a caption's own share)
    and ``max_view``, every candidate's share under every view is counted at once from the pool's
    truth table, those above ``max_view`` are dropped, and a caption is sampled from the rest with
    the sampler's own probabilities; a sampled caption then passes the full check (``view_exceeds``,
    ``within_prior``) or is dropped and another sampled. The captions kept have the distribution
    draw-and-reject keeps (the sampler's, given that the caption passes), without its cap of
    ``tries`` draws; a world is given up only when no candidate passes. A candidate within the bound on
    its own world's re-fills fails the full check only for what does not depend on the world (its
    true worlds, its prior), so a meaning that failed once (the pool's ``codes``) is dropped at once
    when drawn again, in any world: the same draws, the same caption, without the check. A sampler
    whose pool evaluates one candidate's meaning on any sample (an ``evaluator`` method, e.g.
    :class:`ProximitySampler`) passes that evaluator to ``donors_exceed`` and ``within_prior`` as a
    third / second argument: the evaluator's answers, computed from the columns. A sampler whose pool
    reads only the objects' colours and shapes (``reads_objects``) counts its shares on the view bound's
    ``object_samples`` where ``view_samples`` is a view bound's ``samples`` (the same draws, without the
    positions).
    """

    sampler: CaptionSampler
    #: (caption[, evaluator]) → whether its prior is within the bound
    within_prior: Callable[..., bool]
    tries: int = MAX_CAPTION_TRIES
    view_exceeds: Callable[[SampledCaption, World], bool] | None = None
    world_admits: Callable[[World], bool] | None = None
    view_samples: Callable[[World], Iterable[WorldSample]] | None = None
    max_view: float = 1.0
    #: ``view_exceeds`` for a caption whose share of every view's re-fills of the world is known to be
    #: within ``max_view`` (a pool survivor): the donor worlds alone (default: ``view_exceeds``)
    donors_exceed: Callable[..., bool] | None = None
    #: the last world's pool: its candidates' probabilities, and which have passed the full check
    _last: dict = field(default_factory=dict, compare=False, repr=False)
    #: the meanings (pool codes) that failed the full check
    _failed: set = field(default_factory=set, compare=False, repr=False)

    def __call__(self, world: World, rng: np.random.Generator) -> SampledCaption | None:
        if self.world_admits is not None and not self.world_admits(world):
            return None
        if self.view_samples is not None and hasattr(self.sampler, "pool"):
            return self._from_pool(world, rng)
        for _ in range(self.tries):
            caption = self.sampler(world, rng)
            if caption is None:
                return None
            # a sampler that can evaluate its own caption from the columns passes that to the checks
            of = getattr(self.sampler, "evaluator_of", None)
            fast = () if of is None or (evaluate := of(caption)) is None else (evaluate,)
            if self.view_exceeds is not None and self.view_exceeds(caption, world, *fast):
                continue
            if not self.within_prior(caption, *fast):
                continue
            return caption
        return None

    def _survivors(self, world: World) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray]:
        """The world's pool, its candidates' probabilities where every view's share is within the
        bound (0 elsewhere; a sampler with ``shares_by_draw`` counts the shares of its first that many
        drawn candidates one by one, then the rest at once), which have passed the full check, and
        their meanings' codes (kept until another world comes)."""
        if self._last.get("world") is not world:
            assert self.view_samples is not None
            sampler: Any = self.sampler
            pool = sampler.pool(world)
            weight = pool.weight.copy()
            self._last.clear()
            codes = sampler.codes(pool) if hasattr(sampler, "codes") else pool.codes
            self._last.update(world=world, state=(pool, weight, np.zeros(len(weight), dtype=bool), codes),
                              counted=np.zeros(len(weight), dtype=bool), by_draw=getattr(sampler, "shares_by_draw", 0))
            if not self._last["by_draw"]:
                self._count_shares(world)
        return self._last["state"]

    def _count_shares(self, world: World, k: int | None = None) -> None:
        """Drop the candidates (candidate ``k``, or every one not yet counted) whose share of some
        view's re-fills of ``world`` is above the bound."""
        sampler: Any = self.sampler
        pool, weight = self._last["state"][:2]
        counted = self._last["counted"]
        assert self.view_samples is not None
        # a sampler whose candidates read only the objects' colours and shapes is given re-fills of those
        # alone, where the view bound whose ``samples`` it was given draws them (``object_samples``)
        objects = getattr(getattr(self.view_samples, "__self__", None), "object_samples", None)
        samples = objects(world) if objects is not None and getattr(sampler, "reads_objects", False) else \
            self.view_samples(world)
        for sample in samples:
            if k is not None:
                if sampler.evaluator(pool, k)(sample).mean() > self.max_view:
                    weight[k] = 0.0
                    break
                continue
            if not weight[~counted].any():
                break
            shares = sampler.truth_table(pool, sample).mean(axis=1)
            weight[(shares > self.max_view) & ~counted] = 0.0
        if k is None:
            counted[:] = True
        else:
            counted[k] = True
            self._last["by_draw"] -= 1

    def _from_pool(self, world: World, rng: np.random.Generator) -> SampledCaption | None:
        sampler: Any = self.sampler
        pool, weight, passed, codes = self._survivors(world)
        while True:
            total = float(weight.sum())
            if total <= 0.0:
                return None
            k = min(int(np.searchsorted(np.cumsum(weight), rng.random() * total, side="right")), len(weight) - 1)
            code = int(codes[k])
            if code in self._failed:
                weight[k] = 0.0
                continue
            if not self._last["counted"][k]:  # its shares of the re-fills are not counted yet
                self._count_shares(world, k if self._last["by_draw"] > 0 else None)
                if not weight[k]:
                    continue
            caption = sampler.caption(pool, k)
            if not passed[k]:
                exceeds = self.donors_exceed or self.view_exceeds
                # a pool that evaluates its own candidates passes that to the checks (the same answers, sooner)
                fast = (sampler.evaluator(pool, k),) if hasattr(sampler, "evaluator") else ()
                if (exceeds is not None and exceeds(caption, world, *fast)) or not self.within_prior(caption, *fast):
                    self._failed.add(code)
                    weight[k] = 0.0
                    continue
                passed[k] = True
            return caption
