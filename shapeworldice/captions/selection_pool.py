"""Every selection caption a world admits, with the probability :class:`~.selection.SelectionSampler`
draws it, and the truth of all of them in many worlds at once.

"The <selector> <scope> is <body>." is true of a world when the selector picks an entity of the
scope (:func:`~..semantics.selection.select`: every other relevant scope entity clearly less
extreme, none clearly more) and the body holds of it; for a proximity selector ("the X closer to the
C") the comparison "the C" is the one entity it describes, and the scope leaves it out. This is the
evaluator's reading of the caption's logical form (a ``select`` quantifier under the comparison's
``unique`` one), computed here from the worlds' columns for many candidates at once with the same
array rules (the tests compare the two on random padded samples). A body is coded as a
description: the shape alone (an attribute "is a square"), the colour alone ("is red"), or both
(a type "is a red square").
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from ..semantics.components import Attribute, Existential, Relation, Selector
from ..semantics.proximity import distances
from ..semantics.selection import MARGINS, PROXIMITY_SELECTORS, SELECTORS, extreme, pairs, select
from ..semantics.truth import MIN_DISTANCE
from ..world.columns import WorldSample, stack
from ..world.model import COLOR_NAMES, SHAPES, World
from .block_truth import side_by_side
from .describe import (DESCRIPTION_CODES, FITS, description_code, description_matches, description_parts, entity_type,
                       sample_types)
from .description_counts import conjunction, description_counts

#: a scope's attribute kinds as (names the shape, names the colour), in the sampler's order
SCOPE_KINDS = ((False, False), (True, False), (False, True))
#: a body's kinds given the kinds its scope leaves free, with their probabilities
_BODIES = {(False, False): (((True, True), 1 / 3), ((False, True), 1 / 3), ((True, False), 1 / 3)),
           (True, False): (((False, True), 1.0),), (False, True): (((True, False), 1.0),)}


def selection_options(selectors: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The (selector, value) options of the sampler, in its order."""
    return tuple((p, v) for p in selectors for v in SELECTORS[p])


def scope_kinds(predtype: str) -> tuple[tuple[tuple[bool, bool], float], ...]:
    """The scope's kinds a selector is drawn with, and their probabilities: size compares within a
    shape, shade within a colour; the others name nothing, the shape or the colour (uniform)."""
    if predtype.startswith("size"):
        return (((True, False), 1.0),)
    if predtype.startswith("shade"):
        return (((False, True), 1.0),)
    return tuple((k, 1 / 3) for k in SCOPE_KINDS)


@dataclass(frozen=True)
class SelectionPool:
    """The distinct meanings the sampler can draw for one world: candidate ``k`` is selector
    ``options[option[k]]`` over the scope description ``scope[k]`` with the body ``body[k]``
    (description codes) and, for a proximity selector, the comparison ``comparison[k]`` (−1:
    none), drawn with probability ``weight[k]``."""

    options: tuple[tuple[str, int], ...]
    option: np.ndarray
    scope: np.ndarray
    comparison: np.ndarray
    body: np.ndarray
    weight: np.ndarray

    def __len__(self) -> int:
        return len(self.weight)

    @property
    def codes(self) -> np.ndarray:
        """One number per candidate that names its meaning in every world (the same options)."""
        return ((self.option * DESCRIPTION_CODES + self.scope) * (DESCRIPTION_CODES + 1) + self.comparison + 1) \
            * DESCRIPTION_CODES + self.body


def _codes(shape: np.ndarray, color: np.ndarray, kinds: tuple[bool, bool]) -> np.ndarray:
    """Each entity's description code naming the kinds ``kinds`` (names the shape, names the colour)."""
    return description_code(np.where(kinds[0], shape, -1), np.where(kinds[1], color, -1))


def _members(shape: np.ndarray, color: np.ndarray, kinds: tuple[bool, bool]) -> np.ndarray:
    """``[d, o]``: whether entity o fits entity d's description naming ``kinds``."""
    same = np.ones((len(shape), len(shape)), dtype=bool)
    if kinds[0]:
        same &= shape[:, None] == shape[None, :]
    if kinds[1]:
        same &= color[:, None] == color[None, :]
    return same


def _selected(predtype: str, values: tuple[int, ...], cols: dict[str, np.ndarray],
              kinds: tuple[tuple[bool, bool], ...]) -> np.ndarray:
    """Whether "the <selector> <its own description naming kinds[k]>" with value ``values[v]`` picks
    each entity out (non-proximity: ``[v, k, e]``; proximity: ``[v, k, e, c]`` with the comparison
    ``c``), as the selector's masks find it in the world. Each entity's own description is a crisp
    scope whose entities are all comparable (a size selector's names the shape, a shade selector's
    the colour), so the entity picked out is the sorted measure's (:func:`~..semantics.selection.extreme`,
    the selector's agree, which then never disagrees): every kind and entity (and comparison) at once."""
    shape, color = cols["shape"], cols["color"]
    n = len(shape)
    idx = np.arange(n)
    own = np.stack([_members(shape, color, k) for k in kinds])  # [k, e, o]: entity e's own scope
    kind, two = predtype.split("-")[0], predtype.endswith("-two")
    if predtype not in PROXIMITY_SELECTORS:
        column = cols[{"x": "x", "y": "y", "size": "area", "shade": "shade"}[kind]]
        worlds = (len(kinds) * n, n)
        other = np.broadcast_to(cols["y" if kind == "x" else "x"], worlds) if predtype in ("x-two", "y-two") else None
        scope = own.reshape(worlds)
        return np.stack([extreme(two, MARGINS[kind], np.broadcast_to(column * float(v), worlds), scope, other)
                         .reshape(len(kinds), n, n)[:, idx, idx] for v in values])
    dist = distances(cols["x"], cols["y"])  # [o, c]
    worlds = (len(kinds) * n * n, n)
    # [k, e, c, o]: entity e's own scope, the comparison c left out
    scope = (own[:, :, None, :] & (idx[None, None, :, None] != idx[None, None, None, :])).reshape(worlds)
    measure = np.broadcast_to(dist.T[None, None], (len(kinds), n, n, n))  # [k, e, c, o]: o's distance to c
    picked = [extreme(two, MARGINS[kind], (measure * float(v)).reshape(worlds), scope).reshape(len(kinds), n, n, n)
              for v in values]
    return np.stack([p[:, idx, :, idx].transpose(1, 0, 2) for p in picked])  # [v, k, e, c]


def selection_pool(world: World, selectors: tuple[str, ...]) -> SelectionPool:
    """Every meaning one try of the sampler can return for ``world``, with the probability that a
    successful try returns it: a selector and value (uniform), the scope's kinds
    (:func:`scope_kinds`), for a proximity selector a comparison entity (uniform) and one of its
    unique descriptions (uniform), an entity the selector over its own description picks out
    (uniform among those), the body's kinds (given the scope's); the weights of the tries that lead
    to one meaning are summed and normalised (the sampler repeats failed tries)."""
    options = selection_options(selectors)
    a = world.arrays
    n = len(world)
    empty = np.zeros(0, dtype=np.int64)
    if n < 2:
        return SelectionPool(options, empty, empty, empty, empty, np.zeros(0))
    shape, color = np.asarray(a.shape, dtype=np.int64), np.asarray(a.color, dtype=np.int64)
    cols = {"x": a.x, "y": a.y, "area": a.area, "shade": a.shade, "shape": shape, "color": color}
    unique = []  # each entity's unique descriptions (both, shape, colour: the sampler's order)
    for kinds in ((True, True), (True, False), (False, True)):
        own = _codes(shape, color, kinds)
        unique.append(np.where((own[:, None] == own[None, :]).sum(axis=1) == 1, own, -1))
    comparisons = np.stack(unique, axis=1)  # [c, 3]
    n_unique = (comparisons >= 0).sum(axis=1)
    coded = {k: _codes(shape, color, k) for k in ((False, False), (True, False), (False, True), (True, True))}
    parts = []
    for predtype in dict.fromkeys(p for p, _ in options):
        mine = [(o, v) for o, (p, v) in enumerate(options) if p == predtype]
        law = scope_kinds(predtype)
        selected = _selected(predtype, tuple(v for _, v in mine), cols, tuple(k for k, _ in law))
        for (v, (o, _)), (k, (kinds, p_kinds)) in itertools.product(enumerate(mine), enumerate(law)):
            scope = coded[kinds]
            picked = selected[v, k]
            base = p_kinds / len(options)
            if picked.ndim == 1:  # the entities picked out, their comparison (−1: none), the try's probability
                es = np.flatnonzero(picked)
                tries = [(es, np.full(len(es), -1), np.full(len(es), base / max(len(es), 1)))]
            else:  # a comparison c (uniform), one of its unique descriptions (uniform), an entity picked out
                es, cs = np.nonzero(picked)
                p = base / n / np.maximum(n_unique[cs], 1) / picked.sum(axis=0)[cs]
                tries = [(es[ok], comparisons[cs[ok], j], p[ok]) for j in range(3)
                         for ok in [comparisons[cs, j] >= 0]]
            for es, described, p in tries:
                if not len(es):
                    continue
                for body_kinds, p_body in _BODIES[kinds]:
                    parts.append((np.full(len(es), o), scope[es], described, coded[body_kinds][es], p * p_body))
    if not parts:
        return SelectionPool(options, empty, empty, empty, empty, np.zeros(0))
    option, scope, comparison, body, weight = (np.concatenate(x) for x in zip(*parts))
    pool = SelectionPool(options, option.astype(np.int64), scope, comparison.astype(np.int64), body, weight)
    distinct, first, inverse = np.unique(pool.codes, return_index=True, return_inverse=True)
    total = np.bincount(inverse.reshape(-1), weights=weight, minlength=len(distinct))
    return SelectionPool(options, pool.option[first], scope[first], pool.comparison[first], body[first],
                         total / total.sum())


def caption(pool: SelectionPool, k: int) -> Existential:
    """Candidate ``k`` of ``pool`` as the caption the sampler writes."""
    predtype, value = pool.options[int(pool.option[k])]
    comparison = None if pool.comparison[k] < 0 else Selector("unique", entity_type(int(pool.comparison[k])))
    selector = Selector(predtype, entity_type(int(pool.scope[k])), value, comparison)
    shape, color = (int(v) for v in description_parts(np.asarray(pool.body[k])))
    if shape >= 0 and color >= 0:
        body = Relation("type", entity_type(int(pool.body[k])))
    else:
        body = Relation("attribute", Attribute("shape", SHAPES[shape]) if shape >= 0
                        else Attribute("color", COLOR_NAMES[color]))
    return Existential(selector, body)


def _columns(sample: WorldSample) -> dict[str, np.ndarray]:
    """The columns the selectors compare (:func:`~..semantics.selection.pairs`)."""
    return {"x": sample.x, "y": sample.y, "area": sample.area, "shade": sample.shade, "shape": sample.shape,
            "color": sample.color}


def _truth(pool: SelectionPool, ks: np.ndarray, sample: WorldSample) -> np.ndarray:
    """Whether candidates ``ks`` of ``pool`` (all of one selector, either value) are true in each world
    of ``sample`` (candidates × worlds): per value and scope (and comparison) the entities the
    selector picks out in each world, in one evaluation, then whether one of them fits the body."""
    predtype = pool.options[int(pool.option[ks[0]])][0]
    values, v_at = np.unique([pool.options[int(o)][1] for o in pool.option[ks]], return_inverse=True)
    scopes, s_at = np.unique(pool.scope[ks], return_inverse=True)
    bodies, b_at = np.unique(pool.body[ks], return_inverse=True)
    v_at, s_at, b_at = v_at.reshape(-1), s_at.reshape(-1), b_at.reshape(-1)
    scoped = description_matches(scopes, sample)  # [S, w, e]
    fits = description_matches(bodies, sample)  # [B, w, e]
    if predtype not in PROXIMITY_SELECTORS:
        agree, relevant, beaten = (np.stack(m)[:, None] for m in zip(
            *(pairs(predtype, int(v), _columns(sample)) for v in values)))  # [V, 1, w, e, o]
        picked, _ = select(predtype, 3, scoped[None], scoped[None], agree, relevant, beaten)  # [V, S, w, e]
        held = (picked.transpose(0, 2, 1, 3).astype(np.float32) @ fits.transpose(1, 2, 0).astype(np.float32)) > 0
        return held[v_at, :, s_at, b_at]  # [V, w, S, B] at each candidate's
    comparisons, c_at = np.unique(pool.comparison[ks], return_inverse=True)
    c_at = c_at.reshape(-1)
    compared = description_matches(comparisons, sample)  # [C, w, e]
    one = compared.sum(axis=2) == 1
    at = compared.argmax(axis=2)  # the one C of each world, where there is one
    pair_codes, p_at = np.unique(c_at * len(scopes) + s_at, return_inverse=True)
    pc, ps = pair_codes // len(scopes), pair_codes % len(scopes)
    worlds, idx = np.arange(sample.size), np.arange(sample.n)
    x, y = sample.x, sample.y
    dist = np.hypot(x[None] - x[worlds, at][..., None], y[None] - y[worlds, at][..., None])  # [C, w, e]
    diff = dist[..., :, None] - dist[..., None, :]  # [C, w, e, o]
    signed = np.stack([diff[pc] * float(v) for v in values])  # [V, P, w, e, o]: proximity_pairs at the one C
    scope = scoped[ps] & (idx[None, None, :] != at[pc][..., None])  # [P, w, e]: the comparison left out
    picked, _ = select(predtype, 3, scope[None], scope[None], signed > MIN_DISTANCE, np.ones((1,) * 5, dtype=bool),
                       -signed > MIN_DISTANCE)  # [V, P, w, e]
    held = (picked[v_at, p_at.reshape(-1)] & fits[b_at]).any(axis=2)  # [K, w]
    return held & one[c_at]


def truth_table(pool: SelectionPool, sample: WorldSample) -> np.ndarray:
    """Whether each candidate of ``pool`` is true in each world of ``sample`` (candidates × worlds)."""
    out = np.zeros((len(pool), sample.size), dtype=bool)
    if not len(pool) or not sample.size:
        return out
    selectors = np.array([p for p, _ in pool.options])[pool.option]
    for predtype in np.unique(selectors):
        mine = np.flatnonzero(selectors == predtype)
        out[mine] = _truth(pool, mine, sample)
    return out


def truth_of(pool: SelectionPool, k: int, sample: WorldSample) -> np.ndarray:
    """Whether candidate ``k`` of ``pool`` is true in each world of ``sample`` (one row of
    :func:`truth_table`, at the cost of one candidate), computed only on the worlds with two scope
    entities, one fitting the body, and (for a proximity selector) one comparison entity; the entity
    picked out is found by the sorted measure (:func:`~..semantics.selection.extreme`) where every
    scope entity is relevant to every other (all the sampler draws), else by every pair."""
    out = np.zeros(sample.size, dtype=bool)
    described = _described(pool, k)
    if described is None:  # no entity fits the scope and the body
        return out
    counts = description_counts(sample, described)
    rows = _possible(pool, k, counts)
    if not len(rows):
        return out
    found = _picked(pool, k, sample_types(sample)[0][rows], lambda c: getattr(sample, c)[rows])
    if found is None:
        return _truth_by_pairs(pool, k, sample, rows)
    out[rows] = found
    return out


def truth_on_blocks(pool: SelectionPool, k: int, blocks: Sequence[WorldSample]) -> np.ndarray:
    """:func:`truth_of` in the worlds of ``blocks`` one after another (the same answers as on them
    stacked), from each block's kept object types and the compared columns laid side by side."""
    described = _described(pool, k)
    if described is None:
        return np.zeros(sum(b.size for b in blocks), dtype=bool)
    types, cols = side_by_side(blocks, _MEASURED)
    out = np.zeros(len(types), dtype=bool)
    rows = _possible(pool, k, FITS[described][:, types].sum(axis=2).T)
    if not len(rows):
        return out
    found = _picked(pool, k, types[rows], lambda c: cols[c][rows])
    if found is None:
        return truth_of(pool, k, stack(blocks))
    out[rows] = found
    return out


#: the columns a selector compares (its measure, and an axis ``-two`` selector's other axis)
_MEASURED = ("x", "y", "area", "shade")


def possible_worlds(pool: SelectionPool, k: int, sample: WorldSample) -> np.ndarray:
    """The worlds of ``sample`` where candidate ``k`` can be true: those :func:`truth_of` evaluates it on
    (two scope entities, one fitting the body, one comparison entity for a proximity selector); it is
    false in every other."""
    out = np.zeros(sample.size, dtype=bool)
    described = _described(pool, k)
    if described is not None:
        out[_possible(pool, k, description_counts(sample, described))] = True
    return out


def _described(pool: SelectionPool, k: int) -> list[int] | None:
    """The descriptions whose counts decide where candidate ``k`` may be true: its scope, its scope
    joined with its body, its comparison (the joined one again when it has none); None where no entity
    fits both its scope and its body."""
    both = conjunction(int(pool.scope[k]), int(pool.body[k]))
    if both is None:
        return None
    return [int(pool.scope[k]), both, int(pool.comparison[k]) if pool.comparison[k] >= 0 else both]


def _possible(pool: SelectionPool, k: int, counts: np.ndarray) -> np.ndarray:
    """The worlds (rows of ``counts``, worlds × :func:`_described`) with two scope entities, one fitting
    the body and, for a proximity selector, one comparison entity."""
    keep = (counts[:, 0] >= 2) & (counts[:, 1] > 0)
    if pool.comparison[k] >= 0:
        keep &= counts[:, 2] == 1
    return np.flatnonzero(keep)


def _picked(pool: SelectionPool, k: int, types: np.ndarray, column: Callable[[str], np.ndarray]) -> np.ndarray | None:
    """Candidate ``k``'s truth in worlds given by their object types (worlds × entities) and their
    columns (``column(name)``), by the sorted measure; None where that does not apply (a size or shade
    selector whose scope does not name the shape or the colour: every pair is asked instead)."""
    predtype, value = pool.options[int(pool.option[k])]
    kind = predtype.split("-")[0]
    named_shape, named_color = (int(v) >= 0 for v in description_parts(np.asarray(pool.scope[k])))
    if (kind == "size" and not named_shape) or (kind == "shade" and not named_color):
        return None
    scoped, fits = FITS[[int(pool.scope[k]), int(pool.body[k])]][:, types]  # [w, e]: which fit the scope, the body
    other = None
    if pool.comparison[k] >= 0:
        at = FITS[int(pool.comparison[k])][types].argmax(axis=1)  # the one C of each world
        worlds = np.arange(len(types))
        x, y = column("x"), column("y")
        measure = np.hypot(x - x[worlds, at][:, None], y - y[worlds, at][:, None])  # [w, e]
        scoped = scoped & (np.arange(types.shape[1])[None, :] != at[:, None])
    else:
        measure = column({"x": "x", "y": "y", "size": "area", "shade": "shade"}[kind])
        if predtype in ("x-two", "y-two"):
            other = column("y" if kind == "x" else "x")
    picked = extreme(predtype.endswith("-two"), MARGINS[kind], measure * float(value), scoped, other)
    return (picked & fits).any(axis=1)


def _truth_by_pairs(pool: SelectionPool, k: int, sample: WorldSample, rows: np.ndarray) -> np.ndarray:
    """:func:`truth_of` on worlds ``rows`` by the selector's masks over every pair of entities."""
    types = sample_types(sample)[0]
    out = np.zeros(sample.size, dtype=bool)
    part = sample if len(rows) == sample.size else sample.select(rows)
    types = types if part is sample else types[rows, :part.n]
    predtype, value = pool.options[int(pool.option[k])]
    scoped, fits = FITS[pool.scope[k]][types], FITS[pool.body[k]][types]  # [w, e]
    if pool.comparison[k] < 0:
        agree, relevant, beaten = pairs(predtype, value, _columns(part))
        picked, _ = select(predtype, 1, scoped, scoped, agree, relevant, beaten)
    else:
        at = FITS[pool.comparison[k]][types].argmax(axis=1)  # the one C of each world
        worlds = np.arange(part.size)
        dist = np.hypot(part.x - part.x[worlds, at][:, None], part.y - part.y[worlds, at][:, None])  # [w, e]
        signed = (dist[:, :, None] - dist[:, None, :]) * float(value)  # proximity_pairs at the one C
        scoped = scoped & (np.arange(part.n)[None, :] != at[:, None])
        picked, _ = select(predtype, 1, scoped, scoped, signed > MIN_DISTANCE, np.ones((1, 1, 1), dtype=bool),
                           -signed > MIN_DISTANCE)
    out[rows] = (picked & fits).any(axis=1)
    return out


__all__ = ["SCOPE_KINDS", "SelectionPool", "caption", "possible_worlds", "scope_kinds", "selection_options",
           "selection_pool", "truth_of", "truth_on_blocks", "truth_table"]
