"""Caption priors: how often a meaning is true of a world drawn from a dataset's own distribution.

The prior ``p`` of a meaning (a logical form of :mod:`shapeworldice.interpret`) is the share of
worlds of a fixed, seeded sample in which it is *true* (ambiguous counts as not true). A caption
with ``p`` near 1 says almost nothing about its scene; a "blind" model that never looks at the
image can score high truthfulness with such captions, so priors bound what a dataset may contain
and measure how informative a model's true captions are.

The sample has :data:`PRIOR_WORLDS` = 10,000 worlds: the standard error of a share is at most
``0.5 / sqrt(10000) = 0.005``, so every estimate is within ±0.01 of the true prior with 95%
confidence. World ``i`` is drawn from its own generator seeded with ``(seed, 3, i, dataset name)``
from the test-split distribution (the scenes a model is scored on), so the sample, and every
prior, is the same for any number of worker processes.

Truth is evaluated for all worlds at once by the one evaluator of :mod:`.agreement` (the one a
caption's truth on its own world comes from). Priors are cached per distinct meaning.
"""
from __future__ import annotations

import zlib
from functools import partial
from typing import Any, Callable, Iterator, Protocol, Sequence, cast, runtime_checkable

import numpy as np

from ..workers import process_pool
from ..world.columns import WorldSample
from ..world.model import COLOR_NAMES, SHAPES, World
from .agreement import Agreement, Plan, TruthUnavailable, agreement, plan_of
from .selector_tables import EXTRA_RELATIONS
from .logic import And, Color, Formula, Quant, Rel, Shape, free_vars, walk

#: worlds in a prior sample: standard error ≤ 0.005, so estimates are stable to ±0.01 (95%).
PRIOR_WORLDS = 10_000
#: the stream code of prior samples (train/validation/test builds use 0/1/2)
PRIOR_STREAM = 3

_MAX_PARTS = 20_000  # cached sub-results (inner quantifiers) before the cache is emptied
_MAX_TRUTHS = 2_048  # meanings whose truth vector over the sample is kept (10 kB each at 10,000 worlds)
_COLOUR_CODE = {c: i for i, c in enumerate(COLOR_NAMES)}
_SHAPE_CODE = {s: i for i, s in enumerate(SHAPES)}
#: a meaning's truth in each world of a sample, computed by a faster evaluator than :mod:`.agreement`
#: that gives the same answers (a caption sampler's pool evaluates its candidates from the columns);
#: one with a true ``whole`` attribute is cheap enough that a prior asks it on the whole sample at once
#: instead of span by span (the same truth vector, in one call)
Evaluate = Callable[[WorldSample], np.ndarray]


@runtime_checkable
class BlockEvaluate(Protocol):
    """An :data:`Evaluate` that also answers on several samples one after another without stacking
    them (from what each keeps: a donor's re-fills are kept and asked by many meanings)."""

    def __call__(self, sample: WorldSample) -> np.ndarray: ...

    def on_blocks(self, blocks: Sequence[WorldSample]) -> np.ndarray:
        """Its truth in each world of ``blocks``, in order: what it answers on them stacked."""
        ...


@runtime_checkable
class WherePlacedEvaluate(Protocol):
    """An :data:`Evaluate` that may also tell the worlds of a sample where its meaning is true wherever
    their objects are placed, whatever their sizes and shades (a negated comparison whose reference
    fits no entity): a view that keeps each object's colour and shape finds it true in every re-fill
    of such a world, so a view bound decides that world's share (1) without re-filling it."""

    def __call__(self, sample: WorldSample) -> np.ndarray: ...

    @property
    def wherever_placed(self) -> bool:
        """Whether :meth:`true_wherever_placed` is known for this meaning."""
        ...

    def true_wherever_placed(self, sample: WorldSample) -> np.ndarray:
        """The worlds of ``sample`` where the meaning is true wherever their objects are placed."""
        ...

@runtime_checkable
class CertainEvaluate(Protocol):
    """An :data:`Evaluate` that may also tell the worlds of a sample where every re-fill under a view
    keeps its meaning true (a count of one colour–shape cell that every pairing of the world's colours
    with its shapes makes true): a view bound decides such a world's share (1) without re-filling it."""

    def __call__(self, sample: WorldSample) -> np.ndarray: ...

    def certain_in(self, view: str, sample: WorldSample, rows: np.ndarray) -> np.ndarray | None:
        """Which worlds ``rows`` of ``sample`` have the meaning true in every re-fill under ``view``
        (None: not known for this view)."""
        ...


@runtime_checkable
class PossibleEvaluate(Protocol):
    """An :data:`Evaluate` that may also tell a superset of the worlds of a sample where its meaning can
    be true (those with the entities it needs): a prior decides that the meaning is within its bound as
    soon as the true worlds found and the possible worlds left cannot exceed it (the same decision)."""

    def __call__(self, sample: WorldSample) -> np.ndarray: ...

    def possible_in(self, sample: WorldSample) -> np.ndarray | None:
        """Whether the meaning can be true in each world of ``sample`` (None: not known)."""
        ...


#: where the leading segments of a prior sample end (see :func:`segments`)
_HEAD_SEGMENTS = (256, 1024, 4096)


#: (evaluator class, protocol) → whether the class's instances follow the protocol
_FOLLOWS: dict[tuple[type, type], bool] = {}


def follows(evaluate: object, protocol: type) -> bool:
    """``isinstance(evaluate, protocol)`` for a runtime-checkable protocol of evaluators, decided
    once per class (the check looks up every member, and a view bound asks it per candidate)."""
    key = (type(evaluate), protocol)
    found = _FOLLOWS.get(key)
    if found is None:
        found = _FOLLOWS[key] = isinstance(evaluate, protocol)
    return found


# ----------------------------------------------------------------------------- sampling

def _draw(args: tuple[Any, int, int, tuple[int, int]]) -> list[World]:
    from ..world.sampling import WorldSampler

    config, seed, stream, (start, stop) = args
    sampler = WorldSampler(config)
    return [sampler.sample(np.random.default_rng([seed, PRIOR_STREAM, i, stream]), "test")
            for i in range(start, stop)]


#: the fewest worlds a worker process of the prior sample draws (a process costs more than 100 worlds)
MIN_CHUNK_WORLDS = 100


def sample_worlds(definition: Any, size: int = PRIOR_WORLDS, seed: int = 0, workers: int = 1) -> WorldSample:
    """The prior sample of a dataset definition; the same worlds for any ``workers`` (a pool of at
    most one process per :data:`MIN_CHUNK_WORLDS` worlds), and for a dataset drawing another's
    worlds (``worlds_from``) that dataset's sample."""
    config, stream = definition.world_config, zlib.crc32(definition.stream_name.encode("utf-8"))
    step = max(MIN_CHUNK_WORLDS, -(-size // max(1, workers * 4)))
    chunks = [(config, seed, stream, (a, min(a + step, size))) for a in range(0, size, step)]
    if workers <= 1 or len(chunks) <= 1:
        parts = [_draw(c) for c in chunks]
    else:
        with process_pool(workers, len(chunks)) as pool:
            parts = list(pool.map(_draw, chunks))
    return WorldSample.of([w for part in parts for w in part])


#: the formula asked about last and its text, as one pair (:func:`formula_key`; replaced whole, so a
#: thread never reads one formula's object with another's text)
_last_key: tuple[Any, str] = (None, "")


def formula_key(formula: Formula) -> str:
    """``str(formula)``, the key meanings are kept by, kept for the formula asked about last (a
    drawn caption's checks, its view bounds and its prior, ask for the key of one formula object
    many times; formulas are immutable, and the one kept is held, so its identity is not reused)."""
    global _last_key
    last = _last_key
    if last[0] is formula:
        return last[1]
    key = str(formula)
    _last_key = (formula, key)
    return key


def truth_in(formula: Formula, sample: WorldSample, relation_cache: dict | None = None,
             part_cache: dict | None = None) -> np.ndarray:
    """Whether the formula is true in each world of ``sample`` (a bool vector; caches as :func:`true_in`)."""
    if free_vars(formula):
        raise TruthUnavailable(f"formula has free variables: {formula}")
    return agreement(formula, sample, relations=relation_cache, parts=part_cache)[0]


def true_in(formula: Formula, sample: WorldSample, relation_cache: dict | None = None,
            part_cache: dict | None = None) -> int:
    """In how many worlds of ``sample`` the formula is true (caches: relation matrices, sub-results)."""
    return int(truth_in(formula, sample, relation_cache, part_cache).sum())


def witnesses(formula: Formula) -> list[tuple[int, int]]:
    """Objects a world must hold for ``formula`` to be true in it, as (colour, shape) indices (−1:
    any): one for each "a"/"the" quantifier reached from the top through conjunctions and the
    restrictors and bodies of such quantifiers, from the colour and shape tests of its restrictor
    and body on its own variable. A quantifier of these kinds is true only if some entity agrees
    with its restrictor and its body (each conjunct of them), and those tests are crisp, so a world
    without such an object cannot make the formula true (:mod:`.agreement`)."""
    needs: list[tuple[int, int]] = []

    def conjuncts(f: Formula) -> tuple[Formula, ...]:
        return tuple(g for h in f.args for g in conjuncts(h)) if isinstance(f, And) else (f,)

    def visit(f: Formula) -> None:
        if isinstance(f, And):
            for g in f.args:
                visit(g)
        elif isinstance(f, Quant) and f.spec.kind in ("exists", "unique"):
            tests = conjuncts(f.restr) + conjuncts(f.body)
            colour = next((_COLOUR_CODE.get(t.value, -2) for t in tests if isinstance(t, Color) and t.var == f.var), -1)
            shape = next((_SHAPE_CODE.get(t.value, -2) for t in tests if isinstance(t, Shape) and t.var == f.var), -1)
            if (colour, shape) != (-1, -1):
                needs.append((colour, shape))
            visit(f.restr)
            visit(f.body)

    visit(formula)
    return needs


def holds_all(sample: WorldSample, needs: list[tuple[int, int]]) -> np.ndarray:
    """Which worlds of ``sample`` hold, for each (colour, shape) of ``needs``, an object with them
    (−1: any; −2, a word no world has: none)."""
    found = np.ones(sample.size, dtype=bool)
    for colour, shape in needs:
        match = sample.present.copy()
        if colour != -1:
            match &= sample.color == colour
        if shape != -1:
            match &= sample.shape == shape
        found &= match.any(axis=1)
    return found


def held_table(sample: WorldSample) -> np.ndarray:
    """Which (colour, shape) objects each world of ``sample`` holds, as ``[world, colour + 1, shape + 1]``
    (index 0: any colour, any shape): :func:`holds_all` of one need is a column of it."""
    colours = max(len(COLOR_NAMES), int(sample.color.max(initial=0)) + 1)
    shapes = max(len(SHAPES), int(sample.shape.max(initial=0)) + 1)
    held = np.zeros((sample.size, colours + 1, shapes + 1), dtype=bool)
    rows, places = np.nonzero(sample.present)
    held[rows, sample.color[rows, places] + 1, sample.shape[rows, places] + 1] = True
    held[:, 0, 1:] = held[:, 1:, 1:].any(axis=1)
    held[:, 1:, 0] = held[:, 1:, 1:].any(axis=2)
    held[:, 0, 0] = held[:, 0, 1:].any(axis=1)
    return held


def holds_all_in(held: np.ndarray, needs: list[tuple[int, int]]) -> np.ndarray:
    """:func:`holds_all` from a sample's :func:`held_table`: the same worlds, a column per need."""
    found = np.ones(held.shape[0], dtype=bool)
    for colour, shape in needs:
        if colour < -1 or shape < -1 or colour + 1 >= held.shape[1] or shape + 1 >= held.shape[2]:
            return np.zeros(held.shape[0], dtype=bool)  # a colour or shape no world has
        found &= held[:, colour + 1, shape + 1]
    return found


def _cut(formula: Formula, plan: Plan, sample: WorldSample, relations: dict, rows: np.ndarray, width: int) -> dict:
    """The binary relation matrices ``formula`` uses, for the worlds ``rows`` of ``sample`` (padded
    to ``width``): computed once for the whole sample and kept in its cache ``relations`` (they are
    computed world by world, so a meaning's few worlds should not compute them again)."""
    cut: dict = {}
    for node in walk(formula):
        if isinstance(node, Rel) and node.kind not in EXTRA_RELATIONS:
            key = (node.kind, node.value)
            if key not in relations:
                relations[key] = Agreement(plan, sample, sample.arrays).relation_matrices(node.kind, node.value)
            agree, disagree = relations[key]
            if width == agree.shape[1]:  # the worlds of one object count: whole rows, a cheaper gather
                cut[key] = (agree[rows], disagree[rows])
            else:
                cut[key] = (agree[rows, :width, :width], disagree[rows, :width, :width])
    return cut


def _reached(done: list[np.ndarray], end: int) -> bool:
    return len(done) >= end


def segments(sample: WorldSample) -> list[list[np.ndarray]]:
    """The sample's worlds in the order truth is evaluated: spans of consecutive worlds, the first
    ones small (a meaning true of many worlds shows its first true worlds early), each split into
    parts by object count, so each part is padded only to its own count (a formula over three
    objects of 10 costs ten times one over 4 to 5). The spans cover every world once, in order."""
    counts = sample.present.sum(axis=1)
    edges = [0, *[e for e in _HEAD_SEGMENTS if e < sample.size], sample.size]
    spans = []
    for a, b in zip(edges[:-1], edges[1:]):
        span = np.arange(a, b)
        small = b - a <= _HEAD_SEGMENTS[1] - _HEAD_SEGMENTS[0]  # one part: fewer evaluations cost less here
        spans.append([span] if small else [span[counts[a:b] == k] for k in np.unique(counts[a:b])])
    return spans


class CaptionPrior:
    """Priors of meanings on one world sample, cached per distinct meaning.

    ``prior(f)`` is the share of worlds where ``f`` is true; ``smoothed(f)`` is
    ``(k + 1/2) / (S + 1/2)`` for ``k`` true worlds out of ``S``: 1 for a meaning true in every
    world, and never 0, so that no true caption carries infinite information.
    """

    def __init__(self, sample: WorldSample):
        if not sample.size:
            raise ValueError("a prior needs a non-empty world sample")
        self.sample = sample
        self.size = sample.size
        self._counts: dict[Any, int | None] = {}
        self._truths: dict[str, np.ndarray | None] = {}
        spans = segments(sample)
        self._segments = [part for span in spans for part in span]
        self._span_ends = np.cumsum([len(span) for span in spans]).tolist()
        #: where each span's worlds end (a span is a run of consecutive worlds)
        self._span_edges = np.cumsum([sum(len(part) for part in span) for span in spans]).tolist()
        #: each span's first segment → the segment after its last; its worlds as one sample, once asked
        self._span_of = dict(zip([0, *self._span_ends[:-1]], self._span_ends))
        self._span_samples: dict[int, WorldSample] = {}
        self._span_cuts: dict[int, list[tuple[int, int]]] = {}  # where each span's segments lie in its sample
        #: the spans of one segment (the head spans): a segment lists its worlds in sample order, so their
        #: true worlds need no sort
        self._in_order = {first for first, end in self._span_of.items() if end == first + 1}
        self._segment_data: list[tuple[WorldSample, dict, dict] | None] = [None] * len(self._segments)
        self._partial: dict[str, list[np.ndarray]] = {}
        self._possible: dict[tuple, int] = {}  # worlds holding the objects a meaning needs
        self._held: np.ndarray | None = None  # the sample's :func:`held_table`, once asked
        self._segment_of: np.ndarray | None = None  # each world's segment, once asked
        counts = sample.present.sum(axis=1)
        #: the sample's worlds by object count: a meaning's whole truth vector is evaluated on these
        #: (fewer, unpadded parts than the segments, which serve questions that may stop early)
        self._groups = [np.flatnonzero(counts == k) for k in np.unique(counts)]
        self._group_data: list[tuple[WorldSample, dict, dict] | None] = [None] * len(self._groups)

    def _segment(self, k: int) -> tuple[WorldSample, dict, dict]:
        """Segment ``k``'s worlds and its caches (relation matrices, sub-results)."""
        return self._part(self._segment_data, self._segments, k)

    def _group(self, k: int) -> tuple[WorldSample, dict, dict]:
        """The worlds of object-count group ``k`` and their caches (as :meth:`_segment`)."""
        return self._part(self._group_data, self._groups, k)

    def _part(self, data: list[tuple[WorldSample, dict, dict] | None], indices: list[np.ndarray],
              k: int) -> tuple[WorldSample, dict, dict]:
        """Part ``k`` of a partition of the sample (``indices``) with its caches, made on first use;
        its sub-results are dropped when they pass the partition's share of the cap."""
        if data[k] is None:
            data[k] = (self.sample.select(indices[k]), {}, {})
        found = data[k]
        assert found is not None
        if len(found[2]) > _MAX_PARTS // len(indices):
            found[2].clear()
        return found

    def _whole_truth(self, formula: Formula) -> np.ndarray | None:
        """Truth of ``formula`` in every world of the sample (None: it cannot be computed), one
        object-count group at a time: the same vector as the segments give, in fewer evaluations."""
        try:
            if free_vars(formula):
                raise TruthUnavailable(f"formula has free variables: {formula}")
            plan = plan_of(formula)
            needs = witnesses(formula)
            if needs:  # a formula whose truth cannot be computed says so on any world
                agreement(formula, self._group(0)[0].select(np.arange(1)), plan=plan)
            found = np.zeros(self.size, dtype=bool)
            for k, indices in enumerate(self._groups):
                found[indices] = self._truth_where_possible(formula, plan, needs, *self._group(k))
            return found
        except (ValueError, KeyError, TypeError):
            return None

    def _evaluate(self, key: str, formula: Formula, stop: Callable[[list[np.ndarray]], bool] | None = None,
                  evaluate: Evaluate | None = None) -> list[np.ndarray] | None:
        """Truth of ``formula`` segment by segment, in order, until ``stop(the segments' vectors)``
        (None: it cannot be computed). The segments done are kept for the next question about it.
        ``evaluate``: the formula's truth in each world of a sample, from a faster evaluator that
        agrees with :mod:`.agreement` (a sampler's pool: :data:`Evaluate`)."""
        if key not in self._truths and evaluate is not None and getattr(evaluate, "whole", False):
            self._keep(key, np.asarray(evaluate(self.sample), dtype=bool))  # cheap on every world at once
        if key in self._truths:
            found = self._truths[key]
            return None if found is None else [found[indices] for indices in self._segments]
        done = self._partial.setdefault(key, [])
        plan: Plan | None = None
        needs = witnesses(formula) if evaluate is None else []
        while len(done) < len(self._segments):
            if stop is not None and done and stop(done):
                return done
            if evaluate is not None and len(done) in self._span_of:
                done.extend(self._by_span(len(done), evaluate))
                continue
            sample, relations, parts = self._segment(len(done))
            if evaluate is not None:
                done.append(evaluate(sample))
                continue
            try:
                if plan is None:
                    if free_vars(formula):
                        raise TruthUnavailable(f"formula has free variables: {formula}")
                    plan = plan_of(formula)
                    if needs:  # a formula whose truth cannot be computed says so on any world
                        agreement(formula, sample.select(np.arange(1)), plan=plan)
                done.append(self._truth_where_possible(formula, plan, needs, sample, relations, parts))
            except (ValueError, KeyError, TypeError):
                self._keep(key, None)
                return None
        self._keep(key, self._whole(done))
        return done

    def _by_span(self, first: int, evaluate: Evaluate) -> list[np.ndarray]:
        """``evaluate`` on the span whose first segment is ``first``, all its worlds at once (a fast
        evaluator gains nothing from the split by object count), cut back into its segments."""
        end = self._span_of[first]
        if first not in self._span_samples:
            self._span_samples[first] = self.sample.select(np.concatenate(self._segments[first:end]))
            edges = np.cumsum([0, *(len(part) for part in self._segments[first:end])]).tolist()
            self._span_cuts[first] = list(zip(edges[:-1], edges[1:]))
        found = evaluate(self._span_samples[first])
        return [found[a:b] for a, b in self._span_cuts[first]]

    @staticmethod
    def _truth_where_possible(formula: Formula, plan: Plan, needs: list[tuple[int, int]], sample: WorldSample,
                              relations: dict, parts: dict) -> np.ndarray:
        """Truth of ``formula`` in each world of ``sample``, evaluated only on the worlds that hold
        every object it needs (:func:`witnesses`): false elsewhere, without evaluating."""
        possible = holds_all(sample, needs)
        if possible.all():
            return agreement(formula, sample, plan=plan, relations=relations, parts=parts)[0]
        found = np.zeros(sample.size, dtype=bool)
        if possible.any():  # a few worlds: the segment's relation matrices, cut to them
            rows = np.flatnonzero(possible)
            few = sample.select(rows)
            found[possible] = agreement(formula, few, plan=plan, relations=_cut(formula, plan, sample, relations,
                                                                               rows, few.n))[0]
        return found

    def _whole(self, done: list[np.ndarray]) -> np.ndarray:
        found = np.zeros(self.size, dtype=bool)
        for indices, vector in zip(self._segments, done):
            found[indices] = vector
        return found

    def _keep(self, key: str, found: np.ndarray | None) -> None:
        """Keep a meaning's whole truth vector (and count); its segments are no longer needed."""
        self._partial.pop(key, None)
        if len(self._truths) >= _MAX_TRUTHS:
            del self._truths[next(iter(self._truths))]
        self._truths[key] = found
        self._counts[key] = None if found is None else int(found.sum())
        while len(self._partial) > _MAX_TRUTHS:
            del self._partial[next(iter(self._partial))]

    def truths(self, formula: Formula, evaluate: Evaluate | None = None) -> np.ndarray | None:
        """Whether ``formula`` is true in each world of the sample (None: it cannot be computed);
        kept for the latest :data:`_MAX_TRUTHS` meanings, which the skill views ask for again."""
        key = formula_key(formula)
        if key not in self._truths:
            if evaluate is not None and getattr(evaluate, "whole", False):
                self._keep(key, np.asarray(evaluate(self.sample), dtype=bool))
            elif evaluate is None and not self._partial.get(key):
                self._keep(key, self._whole_truth(formula))
            else:
                self._evaluate(key, formula, evaluate=evaluate)
        return self._truths[key]

    def within(self, formula: Formula, bound: float, evaluate: Evaluate | None = None) -> bool:
        """Whether the prior of ``formula`` is at most ``bound`` (False when it cannot be computed),
        the same decision as ``prior(formula) <= bound``, stopping as soon as the segments done
        decide it (more true worlds than the bound allows, or too few worlds left to exceed it)."""
        key = formula_key(formula)
        limit = self.limit(bound)
        if evaluate is not None and getattr(evaluate, "whole", False):  # its whole truth, at once
            found = self.truths(formula, evaluate)
            return found is not None and int(found.sum()) <= limit
        if key not in self._truths and self._few_possible(formula, limit, evaluate is not None):
            return True
        # the worlds left that can hold it at all, after each segment (the sample's size less those done, else)
        left = self._possible_left(evaluate) if key not in self._truths else None

        def decided(done: list[np.ndarray]) -> bool:
            true = sum(int(v.sum()) for v in done)
            rest = self.size - sum(len(v) for v in done) if left is None else left[len(done)]
            return true > limit or true + rest <= limit

        done = self._evaluate(key, formula, decided, evaluate)
        return done is not None and sum(int(v.sum()) for v in done) <= limit

    def _possible_left(self, evaluate: Evaluate | None) -> list[int] | None:
        """For an evaluator that tells where its meaning can be true (:class:`PossibleEvaluate`), how
        many such worlds lie in the segments after the first ``k``, for each ``k``; None otherwise."""
        if evaluate is None or not follows(evaluate, PossibleEvaluate):
            return None
        possible = cast(PossibleEvaluate, evaluate).possible_in(self.sample)
        if possible is None:
            return None
        if self._segment_of is None:
            self._segment_of = np.zeros(self.size, dtype=np.int64)
            for k, indices in enumerate(self._segments):
                self._segment_of[indices] = k
        per_segment = np.bincount(self._segment_of[possible], minlength=len(self._segments))
        return [*np.cumsum(per_segment[::-1])[::-1].tolist(), 0]

    def _few_possible(self, formula: Formula, limit: int, computable: bool = False) -> bool:
        """Whether at most ``limit`` worlds of the sample hold every object ``formula`` needs
        (:func:`witnesses`) and its truth can be computed: then it is true of at most ``limit``
        worlds, decided without evaluating it. ``computable``: the caller has a faster evaluator of
        it (:data:`Evaluate`, whose answers are the general evaluator's), so its truth is known to be
        computable without asking the general evaluator on a world."""
        needs = witnesses(formula)
        if not needs:
            return False
        found = self._possible.get(tuple(needs))
        if found is None:
            if len(self._possible) >= _MAX_TRUTHS:
                self._possible.clear()
            if self._held is None:
                self._held = held_table(self.sample)
            found = self._possible[tuple(needs)] = int(holds_all_in(self._held, needs).sum())
        if found > limit:
            return False
        if computable:
            return not free_vars(formula)
        try:  # a formula whose truth cannot be computed says so on any world
            if free_vars(formula):
                return False
            agreement(formula, self.sample.select(np.arange(1)))
        except (ValueError, KeyError, TypeError):
            return False
        return True

    def limit(self, bound: float) -> int:
        """The most true worlds a meaning with prior at most ``bound`` may have (``k / size <= bound``)."""
        k = min(self.size, max(-1, int(np.floor(bound * self.size))))
        while k < self.size and (k + 1) / self.size <= bound:
            k += 1
        while k >= 0 and k / self.size > bound:
            k -= 1
        return k

    def true_worlds(self, formula: Formula, evaluate: Evaluate | None = None) -> Iterator[np.ndarray]:
        """The worlds where ``formula`` is true, in sample order, a segment at a time (so a caller
        that needs only the first few stops early); raises :class:`TruthUnavailable` when its truth
        cannot be computed."""
        key = formula_key(formula)
        if evaluate is not None and getattr(evaluate, "whole", False):
            found = self.truths(formula, evaluate)
            if found is None:
                raise TruthUnavailable(f"truth of {formula} cannot be computed on this sample")
            for a, b in zip([0, *self._span_edges[:-1]], self._span_edges):
                yield np.flatnonzero(found[a:b]) + a
            return
        start = 0
        for end in self._span_ends:
            done = self._evaluate(key, formula, partial(_reached, end=end), evaluate)
            if done is None:
                raise TruthUnavailable(f"truth of {formula} cannot be computed on this sample")
            if start in self._in_order:  # one segment of consecutive worlds: already in sample order
                yield self._segments[start][done[start]]
            else:
                yield np.sort(np.concatenate([self._segments[k][done[k]] for k in range(start, end)]))
            start = end

    def first_true(self, formula: Formula, k: int) -> np.ndarray | None:
        """The first ``k`` worlds (in sample order) where ``formula`` is true, fewer if it is true
        of fewer (None: it cannot be computed)."""
        hits: list[np.ndarray] = []
        try:
            for found in self.true_worlds(formula):
                hits.append(found)
                if sum(len(h) for h in hits) >= k:
                    break
        except TruthUnavailable:
            return None
        return np.concatenate(hits)[:k] if hits else np.zeros(0, dtype=np.int64)

    def count(self, formula: Formula) -> int | None:
        """Worlds where ``formula`` is true, or None if that cannot be computed."""
        key = formula_key(formula)
        if key not in self._counts:
            self.truths(formula)
        return self._counts[key]

    def prior(self, formula: Formula) -> float | None:
        k = self.count(formula)
        return None if k is None else k / self.size

    def smoothed(self, formula: Formula) -> float | None:
        k = self.count(formula)
        return None if k is None else (k + 0.5) / (self.size + 0.5)

    def information(self, formula: Formula) -> float | None:
        """−log2 of the smoothed prior: bits a *true* caption with this meaning carries."""
        p = self.smoothed(formula)
        return None if p is None else float(-np.log2(p))


__all__ = ["BlockEvaluate", "CaptionPrior", "CertainEvaluate", "Evaluate", "PRIOR_WORLDS", "PossibleEvaluate",
           "TruthUnavailable", "WherePlacedEvaluate", "WorldSample", "follows", "formula_key", "held_table",
           "holds_all", "holds_all_in", "sample_worlds", "true_in", "truth_in", "witnesses"]
