"""The truth of a coreference caption ("There is a red square. It is above a circle.", "A circle is
blue, and the square below it is green.") in many worlds at once, from the columns.

The caption's logical form (:func:`~..interpret.from_caption.formula_of`) is one "a" quantifier over
the antecedent whose body joins its parts; the general evaluator (:mod:`..interpret.agreement`)
finds it true in a world where some entity ``x`` fits the antecedent and every part agrees of it:

* an attribute ("is red"): ``x``'s colour or shape;
* a relation ("is above a circle"): some other entity ``y`` fits the reference and ``x`` clearly
  stands in the relation to it (:func:`~..semantics.relations.conditions`, whose gap is the margin);
* an anaphor ("the square below it is green"): exactly one entity fits the scope and clearly stands
  in the relation to ``x``, and none other fits the scope and only may (ShapeWorld's unique selector,
  counted over every entity, ``x`` included), and that entity is not ``x`` and has the body.

:class:`CoreferenceTruth` computes this with arrays (the same elementwise tests), so a bounded
dataset's checks of a drawn caption (its share of re-fills, its true worlds in the prior sample,
their re-fills, its prior) give the general evaluator's answers without building its plan over
nested quantifiers for every world batch; the tests compare the two on random padded samples.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, Sequence

import numpy as np

from ..semantics.components import Anaphor, Coreference, EntityType, Relation
from ..semantics.relations import conditions
from ..world.columns import WorldSample
from ..world.model import COLOR_NAMES, SHAPES, WorldArrays
from .axis_relations import axis_agree, axis_relation
from .block_truth import entity_types, off_diagonal
from .describe import FITS, description_code, kept_on, sample_types
from .description_counts import conjunction, description_counts

#: relations decided by the entities' columns alone (:func:`conditions` on the columns)
_COLUMN_RELATIONS = frozenset({"x-rel", "y-rel", "size-rel", "shade-rel", "shape-rel", "color-rel"})
#: the axis relations (kept on a sample: :func:`~.axis_relations.axis_relation`)
_AXIS = frozenset({"x-rel", "y-rel"})


def _code(attributes: Any) -> int | None:
    """The description code naming ``attributes`` together (None: one that names a kind twice with
    different values, which no entity fits, or a kind other than shape and colour)."""
    named: dict[str, str] = {}
    for a in attributes:
        if a.predtype not in ("shape", "color") or named.get(a.predtype, a.value) != a.value:
            return None
        named[a.predtype] = a.value
    shape = SHAPES.index(named["shape"]) if "shape" in named else -1
    color = COLOR_NAMES.index(named["color"]) if "color" in named else -1
    return int(description_code(np.asarray(shape), np.asarray(color)))


@dataclass(frozen=True)
class CoreferenceTruth:
    """A coreference caption as an evaluator: ``x`` the code of the antecedent joined with its
    attribute parts; ``relations`` its relation parts as (kind, value, reference code); ``anaphors``
    its anaphors as (kind, value, scope code, body code)."""

    x: int
    relations: tuple[tuple[str, int, int], ...]
    anaphors: tuple[tuple[str, int, int, int], ...]
    #: :meth:`on_blocks` asks each block by itself, so a view bound may ask kept donors one at a time
    #: and stop at the first above its bound (the same decision, fewer blocks)
    blocks_apart: ClassVar[bool] = True

    @cached_property
    def _needed(self) -> list[int] | None:
        """The descriptions each of which some entity must fit for the caption to be true (the
        anaphor's entity: of its scope and its body); None when none can (they name two values of a kind)."""
        joined = [conjunction(scope, body) for _, _, scope, body in self.anaphors]
        if None in joined:
            return None
        return [self.x, *(reference for _, _, reference in self.relations), *(int(c or 0) for c in joined)]

    def __call__(self, sample: WorldSample) -> np.ndarray:
        out = np.zeros(sample.size, dtype=bool)
        needed = self._needed
        if not sample.size or needed is None:
            return out
        # a world without an entity of each description the caption needs is false without evaluating
        rows = np.flatnonzero((description_counts(sample, needed) > 0).all(axis=1))
        if not len(rows):
            return out
        return self._in_rows(sample, rows, sample_types(sample)[0][rows])

    def on_blocks(self, blocks: Sequence[WorldSample]) -> np.ndarray:
        """Its truth in each world of ``blocks`` in order (what it answers on them stacked: a world's
        truth is its own), block by block with what each block keeps (its object types, its axis
        relations: a donor's re-fills are asked about by many candidates)."""
        needed = self._needed
        if needed is None:
            return np.zeros(sum(b.size for b in blocks), dtype=bool)
        parts = []
        for block in blocks:
            types = entity_types(block)
            # a world holds an entity of each needed description: one product over its kept object types
            rows = np.flatnonzero((_held(block) @ _FITS_U8[needed].T).all(axis=1))
            parts.append(self._in_rows(block, rows, types[rows]) if len(rows) else np.zeros(block.size, dtype=bool))
        return parts[0] if len(parts) == 1 else np.concatenate(parts)

    def _in_rows(self, sample: WorldSample, rows: np.ndarray, t: np.ndarray) -> np.ndarray:
        """Its truth in each world of ``sample``, evaluated in the worlds ``rows`` (object types ``t``),
        false in the others."""
        out = np.zeros(sample.size, dtype=bool)
        whole = len(rows) == sample.size  # every world: the kept axis relations as they are
        off = off_diagonal(sample.n)
        holds = FITS[self.x][t]  # [w, x]
        matrices: dict[tuple[str, int], tuple[np.ndarray, np.ndarray]] = {}

        def relation(kind: str, value: int) -> tuple[np.ndarray, np.ndarray]:
            """(agree, disagree) [w, e, r], padding pairs disagreeing (as the evaluator's batches)."""
            if (kind, value) not in matrices:
                if kind in _AXIS:  # kept on the sample for every world; those of ``rows``
                    agree, disagree = axis_relation(sample, kind, value)
                    matrices[kind, value] = (agree, disagree) if whole else (agree[rows], disagree[rows])
                    return matrices[kind, value]
                else:
                    present = sample.present[rows]
                    real = present[:, :, None] & present[:, None, :]  # [w, e, r]
                    x, y = sample.x[rows], sample.y[rows]
                    columns = WorldArrays(x=x.T, y=y.T, shape=sample.shape[rows].T, color=sample.color[rows].T,
                                          shade=sample.shade[rows].T, area=sample.area[rows].T, entities=())
                    agree, disagree = conditions(kind, value, columns)  # [e, r, w]
                    agree, disagree = np.moveaxis(agree, -1, 0), np.moveaxis(disagree, -1, 0)
                matrices[kind, value] = (agree & real, disagree | ~real)
            return matrices[kind, value]

        # padding is of no description (``FITS`` is false for it), and an axis relation never holds
        # between an entity and itself (a distance of 0 is not above the margin): neither needs a mask.
        # "some entity fits and stands in the relation" and "how many do" are products of 0/1 matrices
        # (exact small integers: fewer than 256 entities), one call where a mask and a reduction were two
        for kind, value, reference in self.relations:
            if kind in _AXIS:  # agree alone: the kept disagree is asked only by anaphors
                agree = axis_agree(sample, kind, value, None if whole else rows)
            else:
                agree = relation(kind, value)[0] & off
            holds &= (_u8(agree) @ _u8(FITS[reference][t])[:, :, None])[:, :, 0] > 0
        for kind, value, scope, body in self.anaphors:
            agree, disagree = relation(kind, value)  # [w, y, x]
            fits = _u8(FITS[scope][t])[:, None, :]  # [w, 1, y]
            unique = ((fits @ _u8(agree))[:, 0] == 1) & ((fits @ _u8(~disagree))[:, 0] == 1)  # [w, x]
            if kind not in _AXIS:
                agree = agree & off
            has_body = _u8(FITS[scope][t] & FITS[body][t])[:, None, :]
            holds &= unique & ((has_body @ _u8(agree))[:, 0] > 0)
        out[rows] = holds.any(axis=1)
        return out


#: :data:`FITS` as 0/1 bytes (for products)
_FITS_U8 = FITS.view(np.uint8)


def _u8(mask: np.ndarray) -> np.ndarray:
    """A boolean array as 0/1 bytes, without copying."""
    return mask.view(np.uint8)


def _held_types(sample: WorldSample) -> np.ndarray:
    types = entity_types(sample)
    held = np.zeros((sample.size, FITS.shape[1]), dtype=np.uint8)
    held[np.arange(sample.size)[:, None], types] = 1
    return held


def _held(sample: WorldSample) -> np.ndarray:
    """Which object types each world of ``sample`` holds (worlds × types + padding, 0/1 bytes), kept."""
    return kept_on(sample, "_held_types", _held_types)


def coreference_truth(caption: Any) -> CoreferenceTruth | None:
    """``caption``'s evaluator from the columns, or None for a caption it does not read (another
    component, or a part of another kind: the general evaluator is asked instead)."""
    if not isinstance(caption, Coreference):
        return None
    said_of_x: list[Any] = list(caption.antecedent.attributes)
    relations: list[tuple[str, int, int]] = []
    anaphors: list[tuple[str, int, int, int]] = []
    for part in caption.parts:
        if isinstance(part, Anaphor):
            if part.predtype not in _COLUMN_RELATIONS or part.body.predtype != "attribute":
                return None
            scope, body = _code(part.scope.attributes), _code((part.body.value,))
            if scope is None or body is None:
                return None
            anaphors.append((part.predtype, int(part.value), scope, body))
        elif isinstance(part, Relation) and part.predtype == "attribute":
            said_of_x.append(part.value)
        elif isinstance(part, Relation) and part.predtype in _COLUMN_RELATIONS and \
                isinstance(part.reference, EntityType) and part.comparison is None:
            reference = _code(part.reference.attributes)
            if reference is None:
                return None
            relations.append((part.predtype, int(part.value), reference))
        else:
            return None
    x = _code(said_of_x)
    return None if x is None else CoreferenceTruth(x, tuple(relations), tuple(anaphors))


__all__ = ["CoreferenceTruth", "coreference_truth"]
