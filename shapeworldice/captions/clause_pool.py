"""Every relative-clause caption the relative clause sampler
(:class:`~.discourse.RelativeClauseSampler`) may draw for a world, with the probability it draws it,
and the truth of all of them in many worlds at once.

A try of the sampler is, with probability one half each:

* a *subject relative* "A <S> that is <rel> a <R> is <B>.": the first relation, in a random order,
  that holds between two entities (so each such relation with probability one over their number),
  a pair ``(e, r)`` for which it holds (uniform), the reference's kinds (the type captioner's law),
  and a copula about ``e`` (its colour or its shape, uniformly; the scope names the other or
  nothing, uniformly);
* an *object relative* "A <T> is <rel> a <R> that ...": a relation (uniform over all of them; the
  try fails when it holds of no pair), a pair ``(e, r)`` (uniform), then, half each, a copula about
  ``r`` ("that is <B>"), or a relation that ``r`` has to another entity ``s`` (the first, in a random
  order, that ``r`` has to some entity; the try fails when there is none; a pair uniform, ``s``'s
  kinds), ``r``'s kinds, and ``e``'s kinds.

Each such caption is true of the world (its relations hold between the entities it was built from),
so the sampler returns the law of one successful try. A caption is true of a world where entities of
its descriptions stand in its relations (an entity of a relative's scope for which the clause holds):
the evaluator's reading of its logical form, which the tests compare with this on random worlds.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..semantics.components import Attribute, Existential, Relation, RelativeType
from ..world.columns import WorldSample
from ..world.model import COLOR_NAMES, SHAPES, World
from . import relation_pool
from .axis_relations import axis_agree
from .block_truth import FITS_U8, distinct_small, entity_types, related_on_block
from .describe import (DESCRIPTION_CODES, FITS, KIND_LAW, description_code, description_matches, description_parts,
                       entity_type, holding_pairs, kind_codes, sample_types)
from .description_counts import conjunction, description_counts
from .relation_pool import RelationPool, relation_options

#: the three kinds of try: a subject relative, an object relative with a copula clause, and one with a
#: relation clause
SUBJECT, OBJECT_COPULA, OBJECT_RELATION = 0, 1, 2


@dataclass(frozen=True)
class ClausePool:
    """The distinct meanings the sampler can draw for one world: candidate ``k`` is of form
    ``form[k]`` (:data:`SUBJECT`, :data:`OBJECT_COPULA`, :data:`OBJECT_RELATION`) with main relation
    ``options[option[k]]``; ``subject[k]`` is the subject's description (a subject relative's scope),
    ``reference[k]`` the reference's (an object relative's scope); ``attribute[k]`` the copula's
    attribute as a description naming it alone (0: none); ``inner[k]`` the relation clause's option
    and ``other[k]`` its reference's description (−1 and 0: none); ``weight[k]`` its probability."""

    options: tuple[tuple[str, int], ...]
    form: np.ndarray
    option: np.ndarray
    subject: np.ndarray
    reference: np.ndarray
    attribute: np.ndarray
    inner: np.ndarray
    other: np.ndarray
    weight: np.ndarray

    def __len__(self) -> int:
        return len(self.weight)

    @property
    def codes(self) -> np.ndarray:
        """One number per candidate that names its meaning in every world (the same options)."""
        return _codes(len(self.options), self.form, self.option, self.subject, self.reference, self.attribute,
                      self.inner, self.other)


def _codes(options: int, form, option, subject, reference, attribute, inner, other) -> np.ndarray:
    code = np.asarray(form, dtype=np.int64) * options + option
    for part, radix in ((subject, DESCRIPTION_CODES), (reference, DESCRIPTION_CODES), (attribute, DESCRIPTION_CODES),
                        (np.asarray(inner) + 1, options + 1), (other, DESCRIPTION_CODES)):
        code = code * radix + part
    return code


def _copulas(world: World) -> list[tuple[np.ndarray, np.ndarray]]:
    """Each entity's (scope, attribute) codes under the copula's four equally likely draws: the
    colour or the shape as the attribute, the scope naming the other or nothing."""
    a = world.arrays
    shape, color = np.asarray(a.shape, dtype=np.int64), np.asarray(a.color, dtype=np.int64)
    none = np.full(len(shape), -1)
    by_color, by_shape = description_code(none, color), description_code(shape, none)
    nothing = description_code(none, none)
    return [(by_shape, by_color), (nothing, by_color), (by_color, by_shape), (nothing, by_shape)]


def clause_pool(world: World, relations: tuple[str, ...]) -> ClausePool:
    """Every meaning one try of the sampler can return for ``world`` with the probability that a
    successful try returns it."""
    options = relation_options(relations)
    kinds, law = kind_codes(world), np.array([p for _, _, p in KIND_LAW])
    pairs = [holding_pairs(world, kind, value) for kind, value in options]
    held = [o for o, p in enumerate(pairs) if len(p)]
    copulas = _copulas(world)
    n = len(world)
    # per entity r: how many relations it has to some entity, and to how many entities under each
    out_degree = np.array([np.bincount(p[:, 0], minlength=n) if len(p) else np.zeros(n, dtype=np.int64)
                           for p in pairs]).reshape(len(options), n)
    relations_of = (out_degree > 0).sum(axis=0)
    parts: list[tuple] = []

    def add(form, option, subject, reference, attribute, inner, other, weight) -> None:
        """Candidates given as arrays that broadcast together (flattened)."""
        arrays = [np.asarray(x) for x in (form, option, subject, reference, attribute, inner, other, weight)]
        shape = np.broadcast(*arrays).shape
        columns = []
        for x in arrays:  # each broadcast to the common shape by one assignment (cheaper than broadcast_arrays)
            column = np.empty(shape, dtype=x.dtype)
            column[...] = x
            columns.append(column.reshape(-1))
        parts.append(tuple(columns))

    scopes = np.stack([scope for scope, _ in copulas])[:, None, :]  # [copula draw, 1, entity]
    attributes = np.stack([attribute for _, attribute in copulas])[:, None, :]
    kind_p = law[:, None]
    joined: list[tuple] = []  # object relatives with a relation clause: (o, e, r, o2, s, weight)
    for o, p in enumerate(pairs):
        if not len(p):
            continue
        e, r = p.T
        # a subject relative: the relation drawn first among those held; 4 copula draws × reference kinds
        add(SUBJECT, o, scopes[:, :, e], kinds[None, :, r], attributes[:, :, e], -1, 0,
            0.5 / len(held) / len(e) / 4 * kind_p[None])
        base = 0.5 / len(options) / len(e) / 2  # an object relative: this relation, this pair, which clause
        add(OBJECT_COPULA, o, kinds[None, :, e], scopes[:, :, r], attributes[:, :, r], -1, 0, base / 4 * kind_p[None])
        for o2, p2 in enumerate(pairs):
            i, j = np.nonzero(r[:, None] == p2[None, :, 0]) if len(p2) else (np.zeros(0, dtype=np.int64),) * 2
            if len(i):
                joined.append((np.full(len(i), o), e[i], r[i], np.full(len(i), o2), p2[j, 1],
                               base / relations_of[r[i]] / out_degree[o2, r[i]]))
    if joined:
        first, e, r, second, s, w = (np.concatenate(x) for x in zip(*joined))
        add(OBJECT_RELATION, first, kinds[:, None, None, e], kinds[None, :, None, r], 0, second,
            kinds[None, None, :, s], w * law[:, None, None, None] * law[None, :, None, None] * law[None, None, :, None])
    if not parts:
        empty = np.zeros(0, dtype=np.int64)
        return ClausePool(options, empty, empty, empty, empty, empty, empty, empty, np.zeros(0))
    form, option, subject, reference, attribute, inner, other, weight = (np.concatenate(x) for x in zip(*parts))
    codes = _codes(len(options), form, option, subject, reference, attribute, inner, other)
    distinct, at, inverse = np.unique(codes, return_index=True, return_inverse=True)
    total = np.bincount(inverse.reshape(-1), weights=weight, minlength=len(distinct))
    form, option, subject, reference, attribute, inner, other = (
        x[at].astype(np.int64) for x in (form, option, subject, reference, attribute, inner, other))
    return ClausePool(options, form, option, subject, reference, attribute, inner, other, total / total.sum())


def _attribute(code: int) -> Relation:
    """The copula "is <B>" of an attribute's description code (it names one attribute)."""
    shape, color = (int(v) for v in description_parts(np.asarray(code)))
    named = Attribute("shape", SHAPES[shape]) if shape >= 0 else Attribute("color", COLOR_NAMES[color])
    return Relation("attribute", named)


def caption(pool: ClausePool, k: int) -> Existential:
    """Candidate ``k`` of ``pool`` as the caption the sampler writes."""
    kind, value = pool.options[int(pool.option[k])]
    form = int(pool.form[k])
    if form == SUBJECT:
        clause = Relation(kind, value, entity_type(int(pool.reference[k])))
        return Existential(RelativeType(entity_type(int(pool.subject[k])), clause), _attribute(int(pool.attribute[k])))
    if form == OBJECT_COPULA:
        clause = _attribute(int(pool.attribute[k]))
    else:
        kind2, value2 = pool.options[int(pool.inner[k])]
        clause = Relation(kind2, value2, entity_type(int(pool.other[k])))
    reference = RelativeType(entity_type(int(pool.reference[k])), clause)
    return Existential(entity_type(int(pool.subject[k])), Relation(kind, value, reference))


def _both(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """The description naming what either of two descriptions names (they name different attributes)."""
    s1, c1 = description_parts(first)
    s2, c2 = description_parts(second)
    return description_code(np.maximum(s1, s2), np.maximum(c1, c2))


def _as_relations(pool: ClausePool, mine: np.ndarray) -> RelationPool:
    """Candidates ``mine`` (copula forms) as the relation captions with the same truth: a copula joins
    its attribute to the description of the entity it is said of."""
    subject, reference = pool.subject[mine], pool.reference[mine]
    by_subject = pool.form[mine] == SUBJECT
    subject = np.where(by_subject, _both(subject, pool.attribute[mine]), subject)
    reference = np.where(by_subject, reference, _both(reference, pool.attribute[mine]))
    return RelationPool(pool.options, pool.option[mine], subject, reference, pool.weight[mine])


def truth_table(pool: ClausePool, sample: WorldSample) -> np.ndarray:
    """Whether each candidate of ``pool`` is true in each world of ``sample`` (candidates × worlds)."""
    out = np.zeros((len(pool), sample.size), dtype=bool)
    if not len(pool) or not sample.size:
        return out
    copula = np.flatnonzero(pool.form != OBJECT_RELATION)
    if len(copula):
        out[copula] = relation_pool.truth_table(_as_relations(pool, copula), sample)
    nested = np.flatnonzero(pool.form == OBJECT_RELATION)
    if not len(nested):
        return out
    # the descriptions of every object relative with a relation clause, matched once; each (relation,
    # clause relation) key's candidates then take the few they name (counted, not sorted)
    subjects, s_all = np.unique(pool.subject[nested], return_inverse=True)
    others = np.unique(pool.other[nested])
    pairs, p_all = np.unique(pool.reference[nested] * DESCRIPTION_CODES + pool.other[nested], return_inverse=True)
    references, r_of_pair = np.unique(pairs // DESCRIPTION_CODES, return_inverse=True)
    s_all, p_all, r_of_pair = s_all.reshape(-1), p_all.reshape(-1), r_of_pair.reshape(-1)
    pair_other = np.searchsorted(others, pairs % DESCRIPTION_CODES)
    subject_all = description_matches(subjects, sample).astype(np.float32).transpose(1, 0, 2)  # [w, T, e]
    other_all = description_matches(others, sample).astype(np.float32).transpose(1, 2, 0)  # [w, s, S]
    reference_all = description_matches(references, sample).transpose(1, 2, 0)  # [w, r, R]
    agree = {o: axis_agree(sample, *pool.options[o]).astype(np.float32)
             for o in np.unique(pool.option[nested]).tolist()}
    clauses = {o2: (axis_agree(sample, *pool.options[o2]).astype(np.float32) @ other_all) > 0  # [w, r, S]
               for o2 in np.unique(pool.inner[nested]).tolist()}
    keys = pool.option[nested] * (len(pool.options) + 1) + pool.inner[nested]
    for key in np.unique(keys):
        at = np.flatnonzero(keys == key)
        o, o2 = int(pool.option[nested[at[0]]]), int(pool.inner[nested[at[0]]])
        used_s, local_s = distinct_small(s_all[at], len(subjects))
        used_p, local_p = distinct_small(p_all[at], len(pairs))
        scoped = (reference_all[:, :, r_of_pair[used_p]] & clauses[o2][:, :, pair_other[used_p]]).astype(np.float32)
        held = (subject_all[:, used_s] @ agree[o] @ scoped) > 0  # [w, T, pair]
        out[nested[at]] = held[:, local_s, local_p].T
    return out


def truth_of(pool: ClausePool, k: int, sample: WorldSample) -> np.ndarray:
    """Whether candidate ``k`` of ``pool`` is true in each world of ``sample`` (one row of
    :func:`truth_table`, computed only in the worlds with an entity of each description)."""
    subject, reference = int(pool.subject[k]), int(pool.reference[k])
    option = pool.options[int(pool.option[k])]
    form = int(pool.form[k])
    if form != OBJECT_RELATION:  # a copula: the relation caption with its attribute joined (:func:`_as_relations`)
        joined = conjunction(subject if form == SUBJECT else reference, int(pool.attribute[k]))
        assert joined is not None  # the attribute names a kind the description does not
        return relation_pool.described_truth(option, joined if form == SUBJECT else subject,
                                             reference if form == SUBJECT else joined, sample)
    described = [subject, reference, int(pool.other[k])]
    rows = np.flatnonzero((description_counts(sample, described) > 0).all(axis=1))
    out = np.zeros(sample.size, dtype=bool)
    if not len(rows):
        return out
    fits_subject, fits_reference, fits_other = FITS[described][:, sample_types(sample)[0][rows]]  # [rows, e] each
    first = axis_agree(sample, *option, rows)
    second = axis_agree(sample, *pool.options[int(pool.inner[k])], rows)
    scoped = fits_reference & (second & fits_other[:, None, :]).any(axis=2)  # [w, r]: an R with the clause
    out[rows] = (fits_subject[:, :, None] & first & scoped[:, None, :]).any(axis=(1, 2))
    return out


#: :func:`truth_on_blocks` asks each block by itself (from what it keeps), so a view bound may ask kept
#: donors one at a time and stop at the first above its bound (the same decision, fewer blocks)
BLOCKS_APART = True


def truth_on_blocks(pool: ClausePool, k: int, blocks: Sequence[WorldSample]) -> np.ndarray:
    """:func:`truth_of` in the worlds of ``blocks`` one after another (the same answers as on them
    stacked: a world's truth is its own), block by block from what each keeps (its object types, its
    relations: a donor's re-fills are asked about by many candidates)."""
    parts = [_truth_on_block(pool, k, b) for b in blocks]
    return parts[0] if len(parts) == 1 else np.concatenate(parts) if parts else np.zeros(0, dtype=bool)


def _truth_on_block(pool: ClausePool, k: int, block: WorldSample) -> np.ndarray:
    """:func:`truth_of` in the worlds of ``block``, from its kept object types and relations."""
    subject, reference = int(pool.subject[k]), int(pool.reference[k])
    option = pool.options[int(pool.option[k])]
    form = int(pool.form[k])
    if form != OBJECT_RELATION:
        joined = conjunction(subject if form == SUBJECT else reference, int(pool.attribute[k]))
        assert joined is not None
        return relation_pool.described_truth_on_block(option, joined if form == SUBJECT else subject,
                                                      reference if form == SUBJECT else joined, block)
    # in every world of the block at once (:func:`~.relation_pool.described_truth_on_block`): 0/1 products
    # count the entities that fit and stand in a relation (below 256: exact)
    types = entity_types(block)
    fits_subject, fits_reference, fits_other = FITS_U8[[subject, reference, int(pool.other[k])]][:, types]
    second = axis_agree(block, *pool.options[int(pool.inner[k])]).view(np.uint8)  # [w, r, s]
    scoped = fits_reference.astype(bool) & ((second @ fits_other[:, :, None])[:, :, 0] > 0)  # [w, r]: R, clause
    return (related_on_block(fits_subject, block, option) & scoped).any(axis=1)


__all__ = ["BLOCKS_APART", "ClausePool", "OBJECT_COPULA", "OBJECT_RELATION", "SUBJECT", "caption", "clause_pool",
           "truth_of", "truth_on_blocks", "truth_table"]
