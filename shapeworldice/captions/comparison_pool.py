"""Every caption "A <T> is [not] <relation> a <R>." the comparison sampler
(:class:`~.relational.ComparisonSampler`) may draw for a world, with the probability it draws it, and
the truth of all of them in many worlds at once.

The sampler decides first whether to negate (with its ``negation`` share), then takes the relations
in a random order; at a relation with a pair of entities for which it clearly holds (fails, when
negated) it draws up to ``tries`` times a pair (uniform) and the descriptions' kinds (the type
captioner's law, with the compared attribute named or left out), and returns the first caption true
of the world; when every try fails it goes on to the next relation. A try of a relation succeeds
with probability ``q`` (1 for a relation that holds: the pair makes it true), so the relation gives
up with probability ``(1 - q) ** tries``, and it is reached when every relation drawn before it gave
up: in a random order, with probability ``∫₀¹ ∏ (1 − t·s')dt`` over the other relations, ``s'`` the
probability that each returns a caption (the others come before it with probability ``t`` each, ``t``
its uniform place). Given that a relation returns, its caption has the law of one true try.

A caption is true of a world where some T entity and some other R entity are in the relation; a
negated one where some T entity ``e`` clearly fails the relation with every other R entity, and, when
there is no other R entity, is not an R itself (:func:`~..semantics.relations.relate`, negated: the
evaluator's reading of the logical form, which the tests compare with this on random worlds).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from ..semantics.components import Existential, Relation
from ..semantics.relations import conditions
from ..semantics.truth import MIN_AREA, MIN_AXIS_DISTANCE, MIN_SHADE
from ..world.columns import WorldSample
from ..world.model import World
from .block_truth import distinct_small, entity_types, off_diagonal
from .describe import DESCRIPTION_CODES, FITS, KIND_LAW, description_code, description_matches, entity_type, \
    kept_on, sample_types
from .description_counts import description_counts
from .relation_pool import relation_options

#: the relations whose pools are listed here (each decided by the columns)
COMPARISON_RELATIONS = ("x-rel", "y-rel", "size-rel", "shade-rel", "shape-rel", "color-rel")
#: the attribute a comparison relation names through its reference (True) or leaves out of both
#: descriptions (False); the subject never names it (:func:`~.relational.descriptions`)
_NAMED = {"size-rel": (0, True), "shade-rel": (1, True), "shape-rel": (0, False), "color-rel": (1, False)}


@dataclass(frozen=True)
class ComparisonPool:
    """The distinct meanings the sampler can draw for one world: candidate ``k`` is relation
    ``options[option[k]]`` (kind, value), negated where ``negated[k]``, between the subject and
    reference descriptions ``subject[k]``, ``reference[k]`` (codes), drawn with probability ``weight[k]``."""

    options: tuple[tuple[str, int], ...]
    option: np.ndarray
    negated: np.ndarray
    subject: np.ndarray
    reference: np.ndarray
    weight: np.ndarray

    def __len__(self) -> int:
        return len(self.weight)

    @property
    def codes(self) -> np.ndarray:
        """One number per candidate that names its meaning in every world (the same options)."""
        first = self.negated.astype(np.int64) * len(self.options) + self.option
        return (first * DESCRIPTION_CODES + self.subject) * DESCRIPTION_CODES + self.reference


def kind_law(kind: str) -> tuple[list[tuple[bool, bool, float]], list[tuple[bool, bool, float]]]:
    """The (names the shape, names the colour, probability) law of the subject's and of the reference's
    description for a relation of ``kind``."""
    subject, reference = [list(k) for k in KIND_LAW], [list(k) for k in KIND_LAW]
    if kind in _NAMED:
        attribute, named = _NAMED[kind]
        for row in subject:
            row[attribute] = False
        for row in reference:
            row[attribute] = named
    law = [[(bool(s), bool(c), float(p)) for s, c, p in rows] for rows in (subject, reference)]
    return law[0], law[1]


#: Gauss–Legendre nodes and weights on [0, 1]: exact for the polynomials :func:`reach` integrates
#: (degree below 2 × 8, one factor per other relation)
_NODES, _WEIGHTS = (np.polynomial.legendre.leggauss(8)[0] + 1) / 2, np.polynomial.legendre.leggauss(8)[1] / 2


def reach(gives: np.ndarray) -> np.ndarray:
    """The probability that each relation is reached in a uniform random order, given the probability
    ``gives`` that each returns a caption when reached: ``∫₀¹ ∏_{o' ≠ o} (1 − t·gives[o']) dt``, by a
    quadrature exact for polynomials of up to 15 relations (each factor is above 0 at the nodes, which
    lie inside (0, 1), so the product of the others is the whole product over the relation's own)."""
    if len(gives) > 2 * len(_NODES):
        raise ValueError(f"reach is exact for at most {2 * len(_NODES)} relations, got {len(gives)}")
    factors = 1.0 - _NODES[:, None] * np.asarray(gives, dtype=float)[None, :]  # [node, relation]
    return _WEIGHTS @ (factors.prod(axis=1, keepdims=True) / factors)


def comparison_pool(world: World, relations: tuple[str, ...], negation: float, tries: int) -> ComparisonPool:
    """Every meaning the sampler can return for ``world`` with the probability it returns it (given
    that it returns one)."""
    options = relation_options(relations)
    a = world.arrays
    shape, color = np.asarray(a.shape, dtype=np.int64), np.asarray(a.color, dtype=np.int64)
    types = sample_types(WorldSample.single(a))[0]  # [1, e]
    off = ~np.eye(len(world), dtype=bool)
    named = {(s, c): description_code(np.where(s, shape, -1), np.where(c, color, -1))
             for s in (False, True) for c in (False, True)}  # each entity's code naming these kinds
    relations_held = [conditions(kind, value, a) for kind, value in options]
    n = len(world)
    # per relation kind: each entity's (subject, reference) code under each of the 3 kinds, their laws,
    # and which entities each of those descriptions fits
    described = {}
    for kind in {kind for kind, _ in options}:
        laws = kind_law(kind)
        codes_of = [np.stack([named[s, c] for s, c, _ in law]) for law in laws]  # [kinds, entity]
        fits_of = [FITS[codes.reshape(-1)][:, types[0]].astype(np.float32) for codes in codes_of]  # [kinds·entity, e]
        described[kind] = (codes_of, [np.array([p for _, _, p in law]) for law in laws], fits_of)
    parts = []
    for negated, share in ((False, 1.0 - negation), (True, negation)):
        if share <= 0.0:
            continue
        found: list[tuple[int, np.ndarray, np.ndarray, np.ndarray]] = []
        gives = np.zeros(len(options))
        for o, (kind, _) in enumerate(options):
            agree, disagree = relations_held[o]
            pairs = np.argwhere((disagree if negated else agree) & off)
            if not len(pairs):
                continue
            e, r = pairs.T
            codes_of, p_of, fits_of = described[kind]
            # every (subject kinds, reference kinds, pair) of a try, flattened: each subject kinds' row
            # three times, the reference kinds' rows three times over, each kinds' probability per pair
            subject = np.repeat(codes_of[0][:, e], 3, axis=0).reshape(-1)
            reference = np.tile(codes_of[1][:, r], (3, 1)).reshape(-1)
            p = np.repeat((p_of[0][:, None] * p_of[1][None, :]).reshape(-1) / len(e), len(e))
            if negated:  # a try succeeds when its caption is true of the world
                held = _held(True, (agree & off)[None], (disagree & off)[None], fits_of[0][None],
                             fits_of[1].T[None])[0]  # [subject kinds·entity, reference kinds·entity]
                # [pair, subject kinds, reference kinds] → (subject kinds, reference kinds, pair)
                true = held.reshape(3, n, 3, n)[:, e, :, r].transpose(1, 2, 0).reshape(-1)
                subject, reference, p = subject[true], reference[true], p[true]
            q = float(p.sum())
            if q <= 0.0:
                continue
            gives[o] = 1.0 - (1.0 - q) ** tries
            found.append((o, subject, reference, p / q))
        reached = reach(gives)
        for o, subject, reference, p in found:
            parts.append((np.full(len(p), o), np.full(len(p), negated), subject, reference,
                          share * reached[o] * gives[o] * p))
    if not parts:
        empty = np.zeros(0, dtype=np.int64)
        return ComparisonPool(options, empty, np.zeros(0, dtype=bool), empty, empty, np.zeros(0))
    option, negated_, subject, reference, weight = (np.concatenate(x) for x in zip(*parts))
    codes = ((negated_ * len(options) + option) * DESCRIPTION_CODES + subject) * DESCRIPTION_CODES + reference
    distinct, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
    total = np.bincount(inverse.reshape(-1), weights=weight, minlength=len(distinct))
    return ComparisonPool(options, option[first].astype(np.int64), negated_[first].astype(bool), subject[first],
                          reference[first], total / total.sum())


def caption(pool: ComparisonPool, k: int) -> Existential:
    """Candidate ``k`` of ``pool`` as the caption the sampler writes."""
    kind, value = pool.options[int(pool.option[k])]
    relation = Relation(kind, value, entity_type(int(pool.reference[k])))
    body = Relation("negation", relation) if pool.negated[k] else relation
    return Existential(entity_type(int(pool.subject[k])), body)


def pair_conditions(kind: str, value: int, sample: Any) -> tuple[np.ndarray, np.ndarray]:
    """Agree / disagree ``[w, e, r]`` of a relation between two distinct entities of each world of a
    sample (the tests of :func:`~..semantics.relations.conditions`, elementwise over the worlds;
    ``sample``: a :class:`WorldSample`, or any object with the columns the relation reads)."""
    return pair_condition(kind, value, sample, True), pair_condition(kind, value, sample, False)


def pair_condition(kind: str, value: int, sample: Any, agree: bool) -> np.ndarray:
    """Agree (``agree``) or disagree of :func:`pair_conditions`, computed alone (a candidate asks one)."""
    v = float(value)
    if kind in ("x-rel", "y-rel"):
        main, other = (sample.x, sample.y) if kind == "x-rel" else (sample.y, sample.x)
        d_main = (main[:, :, None] - main[:, None, :]) * v
        out = d_main > np.maximum(MIN_AXIS_DISTANCE, np.abs(other[:, :, None] - other[:, None, :])) if agree \
            else -d_main > MIN_AXIS_DISTANCE
    elif kind in ("size-rel", "shade-rel"):
        measure, same_of, margin = (sample.area, sample.shape, MIN_AREA) if kind == "size-rel" else \
            (sample.shade, sample.color, MIN_SHADE)
        diff = (measure[:, :, None] - measure[:, None, :]) * v
        out = (same_of[:, :, None] == same_of[:, None, :]) & (diff > margin) if agree else -diff > margin
    elif kind in ("shape-rel", "color-rel"):
        attr = sample.shape if kind == "shape-rel" else sample.color
        same = attr[:, :, None] == attr[:, None, :]
        out = same if (value > 0) == agree else ~same
    else:
        raise ValueError(f"no comparison pool for relation {kind!r}")
    return out & off_diagonal(out.shape[1])


def _held(negated: bool, agree: np.ndarray, disagree: np.ndarray, subject: np.ndarray,
          reference: np.ndarray) -> np.ndarray:
    """Per world, subject and reference description, whether the (negated) caption is true:
    ``subject`` [w, T, e], ``reference`` [w, r, R] as 0/1 floats, the relation's [w, e, r] masks."""
    if not negated:
        return (subject @ agree.astype(np.float32) @ reference) > 0
    possible = (~disagree).astype(np.float32)  # off the diagonal: a pair that does not clearly fail
    possible *= ~np.eye(agree.shape[1], dtype=bool)[None]
    bad = possible @ reference  # [w, e, R]: other R entities e does not clearly fail
    alone = (reference.sum(axis=1, keepdims=True) == 1) & (reference > 0)  # e is the only R
    return (subject @ ((bad == 0) & ~alone).astype(np.float32)) > 0


def truth_table(pool: ComparisonPool, sample: WorldSample) -> np.ndarray:
    """Whether each candidate of ``pool`` is true in each world of ``sample`` (candidates × worlds): the
    entities each description fits once for the whole pool, each relation's masks once for its
    affirmed and negated candidates."""
    out = np.zeros((len(pool), sample.size), dtype=bool)
    if not len(pool) or not sample.size:
        return out
    subjects, s_at = np.unique(pool.subject, return_inverse=True)
    references, r_at = np.unique(pool.reference, return_inverse=True)
    s_at, r_at = s_at.reshape(-1), r_at.reshape(-1)
    subject_all = description_matches(subjects, sample).astype(np.float32).transpose(1, 0, 2)  # [w, T, e]
    reference_all = description_matches(references, sample).astype(np.float32).transpose(1, 2, 0)  # [w, r, R]
    for o in np.unique(pool.option):
        agree, disagree = pair_conditions(*pool.options[int(o)], sample)
        for negated in (False, True):
            mine = np.flatnonzero((pool.option == o) & (pool.negated == negated))
            if not len(mine):
                continue
            used_s, local_s = distinct_small(s_at[mine], len(subjects))
            used_r, local_r = distinct_small(r_at[mine], len(references))
            held = _held(negated, agree, disagree, subject_all[:, used_s], reference_all[:, :, used_r])  # [w, T, R]
            out[mine] = held[:, local_s, local_r].T
    return out


#: the columns each relation reads
_READS = {"x-rel": ("x", "y"), "y-rel": ("x", "y"), "size-rel": ("area", "shape"), "shade-rel": ("shade", "color"),
          "shape-rel": ("shape",), "color-rel": ("color",)}


def _fitting(sample: WorldSample, codes: np.ndarray) -> np.ndarray:
    """How many entities of each world of ``sample`` fit each description of ``codes`` (worlds × codes),
    from the sample's kept census of object types (:func:`~.description_counts.description_counts`: every
    description's counts kept on a large sample; exact small integers)."""
    return description_counts(sample, codes)


def _census32(sample: WorldSample) -> np.ndarray:
    """The sample's census of object types as 32-bit floats, kept with it (a prior span, a world's or a
    donor's kept re-fills are asked by many candidates)."""
    return kept_on(sample, "_object_census32", lambda x: sample_types(x)[1].astype(np.float32))


def _entities(sample: WorldSample) -> np.ndarray:
    """How many entities each world of the sample has, kept with it."""
    return kept_on(sample, "_entity_counts", lambda x: x.present.sum(axis=1))


def truth_of(pool: ComparisonPool, k: int, sample: WorldSample) -> np.ndarray:
    """Whether candidate ``k`` of ``pool`` is true in each world of ``sample`` (one row of
    :func:`truth_table`): only the worlds with a T entity are asked; a negated candidate is true of
    those without an R entity (nothing to fail), and the relation is computed, on the columns it reads,
    for the rest."""
    codes = np.array([pool.subject[k], pool.reference[k]])
    fits = FITS[codes]
    counts = _fitting(sample, codes)  # [w, (T, R)]: how many entities fit, per world
    negated = bool(pool.negated[k])
    has_subject = counts[:, 0] > 0
    out = has_subject & (counts[:, 1] == 0) if negated else np.zeros(sample.size, dtype=bool)
    asked = has_subject & (counts[:, 1] > 0)
    rows = np.flatnonzero(asked)
    if not len(rows):
        return out
    every = len(rows) == sample.size
    entities = _entities(sample)
    width = max(1, int((entities if every else entities[rows]).max()))
    kind, value = pool.options[int(pool.option[k])]
    # an affirmed candidate asks agree alone, a negated one disagree alone
    condition = kept_condition(sample, kind, value, not negated)
    condition = condition[:, :width, :width] if every else condition[rows, :width, :width]
    types = sample_types(sample)[0]
    kept = types[:, :width] if every else types[rows, :width]
    subject, reference = fits[0][kept], fits[1][kept]  # [w, e]
    # "some pair" and "how many" as products of 0/1 matrices (exact small integers: fewer than 256
    # entities), one call where a mask and a reduction were two
    ref = reference.view(np.uint8)[:, :, None]  # [w, r, 1]
    if not negated:
        related = (condition.view(np.uint8) @ ref)[:, :, 0] > 0  # [w, e]: e stands in the relation to some R
        out[asked] = (subject & related).any(axis=1)
        return out
    # another R entity e does not clearly fail: the R entities e does not clearly fail, e itself aside
    # (``disagree`` is false on the diagonal, so its complement counts e when e is an R)
    bad = ((~condition).view(np.uint8) @ ref)[:, :, 0] > reference
    alone = (reference.sum(axis=1) == 1)[:, None] & reference  # e is the only R
    out[asked] = (subject & ~bad & ~alone).any(axis=1)
    return out


def kept_condition(sample: WorldSample, kind: str, value: int, agree: bool) -> np.ndarray:
    """:func:`pair_condition` of a relation on every world of ``sample``, kept with the sample (a prior
    span, a world's re-fills and a donor's kept re-fills are asked by many candidates)."""
    return kept_on(sample, f"_pair_{'agree' if agree else 'disagree'}_{kind}_{value}",
                   lambda x: pair_condition(kind, value, x, agree))


#: :func:`truth_on_blocks` asks each block by itself (a view bound may ask kept blocks one at a time)
BLOCKS_APART = True


def truth_on_blocks(pool: ComparisonPool, k: int, blocks: Sequence[WorldSample]) -> np.ndarray:
    """:func:`truth_of` candidate ``k`` on the worlds of ``blocks``, one sample after another (each
    keeps its object types and relations): what it answers on them stacked, without stacking them."""
    return np.concatenate([_truth_on_block(pool, k, b) for b in blocks]) if blocks else np.zeros(0, dtype=bool)


def _truth_on_block(pool: ComparisonPool, k: int, block: WorldSample) -> np.ndarray:
    """:func:`truth_of` in every world of ``block`` at once (a block is a donor's few re-fills, where
    finding the worlds with a T and an R entity first costs more than it saves): the same products,
    whose answer there is :func:`truth_of`'s without them (no T entity: false; no R entity: no pair, so
    an affirmed candidate is false and a negated one has nothing to fail, true where a T entity is).
    Padding fits no description, so its pairs count for nothing."""
    if not block.size or not block.n:
        return np.zeros(block.size, dtype=bool)
    types = entity_types(block)
    subject, reference = FITS[int(pool.subject[k])][types], FITS[int(pool.reference[k])][types]  # [w, e]
    kind, value = pool.options[int(pool.option[k])]
    negated = bool(pool.negated[k])
    condition = kept_condition(block, kind, value, not negated)
    ref = reference.view(np.uint8)[:, :, None]  # [w, r, 1]
    if not negated:
        return (subject & ((condition.view(np.uint8) @ ref)[:, :, 0] > 0)).any(axis=1)
    bad = ((~condition).view(np.uint8) @ ref)[:, :, 0] > reference
    alone = (reference.sum(axis=1) == 1)[:, None] & reference  # e is the only R
    return (subject & ~bad & ~alone).any(axis=1)


def true_wherever_placed_at(pool: ComparisonPool, k: int, sample: WorldSample, rows: np.ndarray) -> np.ndarray:
    """:func:`true_wherever_placed` on the worlds ``rows`` of ``sample``, from its kept census."""
    if not pool.negated[k]:
        return np.zeros(len(rows), dtype=bool)
    codes = np.array([pool.subject[k], pool.reference[k]])
    counts = _census32(sample)[rows] @ FITS[codes].T.astype(np.float32)
    return (counts[:, 0] > 0) & (counts[:, 1] == 0)


def true_wherever_placed(pool: ComparisonPool, k: int, sample: WorldSample) -> np.ndarray:
    """The worlds of ``sample`` where candidate ``k`` is true wherever their objects are placed: for a
    negated candidate, those with a T entity and no R entity (nothing to fail); none for an affirmed one
    (its relation depends on where the objects are, or on their sizes and shades)."""
    if not pool.negated[k]:
        return np.zeros(sample.size, dtype=bool)
    counts = _fitting(sample, np.array([pool.subject[k], pool.reference[k]]))
    return (counts[:, 0] > 0) & (counts[:, 1] == 0)


__all__ = ["BLOCKS_APART", "COMPARISON_RELATIONS", "ComparisonPool", "caption", "comparison_pool", "kept_condition",
           "kind_law", "pair_condition", "pair_conditions", "reach", "true_wherever_placed", "true_wherever_placed_at",
           "truth_of", "truth_on_blocks", "truth_table"]
