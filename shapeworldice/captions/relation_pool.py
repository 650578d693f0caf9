"""Every spatial caption "A <T> is left of / right of / above / below a <R>." a world admits, with
the probability the relation sampler draws it, and the truth of all of them in many worlds at once.

The sampler takes the relations in a random order and uses the first that holds between two of the
world's entities (so each such relation with probability one over their number), a pair for which
it holds (uniform), and the subject's and the reference's kinds (the type captioner's law); the
caption is then true of the world. It is true of any world where some T entity and some other R
entity are in the relation (:func:`~..semantics.relations.conditions`, as the evaluator reads its
logical form: the tests compare the two on random worlds).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..semantics.components import Existential, Relation
from ..semantics.relations import BINARY_RELATIONS
from ..world.columns import WorldSample
from ..world.model import World
from .axis_relations import axis_agree
from .block_truth import FITS_U8, entity_types, related_on_block
from .describe import (DESCRIPTION_CODES, FITS, KIND_LAW, description_matches, entity_type, holding_pairs, kind_codes,
                       sample_types)
from .description_counts import description_counts

#: the relations whose pools are listed here: the axis relations, computed from the columns
AXIS_RELATIONS = ("x-rel", "y-rel")


@dataclass(frozen=True)
class RelationPool:
    """The distinct meanings the sampler can draw for one world: candidate ``k`` is relation
    ``options[option[k]]`` (kind, value) between the subject and reference descriptions
    ``subject[k]``, ``reference[k]`` (codes), drawn with probability ``weight[k]``."""

    options: tuple[tuple[str, int], ...]
    option: np.ndarray
    subject: np.ndarray
    reference: np.ndarray
    weight: np.ndarray

    def __len__(self) -> int:
        return len(self.weight)

    @property
    def codes(self) -> np.ndarray:
        """One number per candidate that names its meaning in every world (the same options)."""
        return (self.option * DESCRIPTION_CODES + self.subject) * DESCRIPTION_CODES + self.reference


def relation_options(relations: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The (kind, value) options of the sampler, in its order."""
    return tuple((kind, value) for kind in relations for value in BINARY_RELATIONS[kind])


def relation_pool(world: World, relations: tuple[str, ...]) -> RelationPool:
    """Every meaning the sampler can return for ``world`` with the probability it returns it."""
    options = relation_options(relations)
    kinds, law = kind_codes(world), np.array([p for _, _, p in KIND_LAW])
    held = [(o, holding_pairs(world, kind, value)) for o, (kind, value) in enumerate(options)]
    held = [(o, pairs) for o, pairs in held if len(pairs)]
    parts = []
    kinds_n = len(KIND_LAW)
    for o, pairs in held:
        e, r = pairs.T
        # every (subject kinds, reference kinds, pair), flattened in that order: each subject kinds' row
        # repeated for the reference kinds, the reference kinds' rows tiled, each kinds' weight per pair
        weight = (law[:, None] * law[None, :]) / len(held) / len(e)
        parts.append((np.full(kinds_n * kinds_n * len(e), o), np.repeat(kinds[:, e], kinds_n, axis=0).reshape(-1),
                      np.tile(kinds[:, r], (kinds_n, 1)).reshape(-1), np.repeat(weight.reshape(-1), len(e))))
    if not parts:
        empty = np.zeros(0, dtype=np.int64)
        return RelationPool(options, empty, empty, empty, np.zeros(0))
    option, subject, reference, weight = (np.concatenate(x) for x in zip(*parts))
    codes = (option * DESCRIPTION_CODES + subject) * DESCRIPTION_CODES + reference
    distinct, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
    total = np.bincount(inverse.reshape(-1), weights=weight, minlength=len(distinct))
    return RelationPool(options, option[first].astype(np.int64), subject[first], reference[first], total / total.sum())


def caption(pool: RelationPool, k: int) -> Existential:
    """Candidate ``k`` of ``pool`` as the caption the sampler writes."""
    kind, value = pool.options[int(pool.option[k])]
    return Existential(entity_type(int(pool.subject[k])), Relation(kind, value, entity_type(int(pool.reference[k]))))


def truth_table(pool: RelationPool, sample: WorldSample) -> np.ndarray:
    """Whether each candidate of ``pool`` is true in each world of ``sample`` (candidates × worlds)."""
    out = np.zeros((len(pool), sample.size), dtype=bool)
    if not len(pool) or not sample.size:
        return out
    for o in np.unique(pool.option):
        mine = np.flatnonzero(pool.option == o)
        relation = axis_agree(sample, *pool.options[int(o)]).astype(np.float32)  # [w, e, r]
        subjects, s_at = np.unique(pool.subject[mine], return_inverse=True)
        references, r_at = np.unique(pool.reference[mine], return_inverse=True)
        subject = description_matches(subjects, sample).astype(np.float32).transpose(1, 0, 2)  # [w, T, e]
        reference = description_matches(references, sample).astype(np.float32).transpose(1, 2, 0)  # [w, r, R]
        held = (subject @ relation @ reference) > 0  # [w, T, R]
        out[mine] = held[:, s_at.reshape(-1), r_at.reshape(-1)].T
    return out


def truth_of(pool: RelationPool, k: int, sample: WorldSample) -> np.ndarray:
    """Whether candidate ``k`` of ``pool`` is true in each world of ``sample``."""
    return described_truth(pool.options[int(pool.option[k])], int(pool.subject[k]), int(pool.reference[k]), sample)


def truth_on_blocks(pool: RelationPool, k: int, blocks: Sequence[WorldSample]) -> np.ndarray:
    """:func:`truth_of` in the worlds of ``blocks`` one after another (the same answers as on them
    stacked: a world's truth is its own), block by block from what each keeps (its object types, its
    relations: a donor's re-fills are asked about by many candidates)."""
    option, subject, reference = pool.options[int(pool.option[k])], int(pool.subject[k]), int(pool.reference[k])
    parts = [described_truth_on_block(option, subject, reference, b) for b in blocks]
    return parts[0] if len(parts) == 1 else np.concatenate(parts) if parts else np.zeros(0, dtype=bool)


def described_truth_on_block(option: tuple[str, int], subject: int, reference: int, block: WorldSample) -> np.ndarray:
    """:func:`described_truth` in the worlds of ``block``, from its kept object types and relations: in
    every world at once (a block is a donor's few re-fills, where finding the worlds with an entity of
    each description first costs more than it saves; elsewhere no subject or no reference entity makes
    the same answer, false). Some subject entity stands in the relation to each reference entity where
    the 0/1 product of the subject's fits with the relation is above 0 (a count below 256: exact)."""
    types = entity_types(block)
    fits_subject, fits_reference = FITS_U8[subject][types], FITS[reference][types]  # [w, e]
    return (related_on_block(fits_subject, block, option) & fits_reference).any(axis=1)


#: :func:`truth_on_blocks` asks each block by itself (from what it keeps), so a view bound may ask kept
#: donors one at a time and stop at the first above its bound (the same decision, fewer blocks)
BLOCKS_APART = True


def described_truth(option: tuple[str, int], subject: int, reference: int, sample: WorldSample) -> np.ndarray:
    """Whether "a <subject> is <option> a <reference>" (description codes) is true in each world of
    ``sample``: computed only in the worlds with an entity of each description."""
    counts = description_counts(sample, [subject, reference])
    rows = np.flatnonzero((counts[:, 0] > 0) & (counts[:, 1] > 0))
    out = np.zeros(sample.size, dtype=bool)
    if len(rows):
        types = sample_types(sample)[0][rows]
        fits_subject, fits_reference = FITS[[subject, reference]][:, types]  # [rows, e]: which entities fit
        relation = axis_agree(sample, *option, rows)
        out[rows] = (fits_subject[:, :, None] & relation & fits_reference[:, None, :]).any(axis=(1, 2))
    return out


__all__ = ["AXIS_RELATIONS", "BLOCKS_APART", "RelationPool", "caption", "described_truth", "described_truth_on_block",
           "relation_options", "relation_pool", "truth_of", "truth_on_blocks", "truth_table"]
