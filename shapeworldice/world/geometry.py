"""Shape geometry: outlines, exact areas, pairwise overlaps and boundary fractions.

Coordinates are world coordinates in [0,1]², x to the right, **y downwards** (image rows).
Every shape is described by its *half extents* ``(hx, hy)`` (as ShapeWorld stores them), a
rotation (fraction of a full turn) and a centre, which is the centre of the unrotated
bounding box. Outlines are built from fixed unit templates spanning [-1,1]² that are scaled by
``(hx, hy)``, rotated and translated:

- square, rectangle: the box itself;
- triangle: equilateral (for ``hy = hx·√0.75``), apex towards local +y (image-down unrotated);
- pentagon: regular (for ``hy = hx·cos 18°``), apex towards local +y;
- cross: plus sign with arms one third of the full extent thick;
- circle, ellipse: ``CURVE_VERTICES``-gons;
- semicircle: flat side towards local −y, arc towards +y (``hy = hx/2`` for a true half disc).

Curved outlines are *area preserving*: the polygon vertices lie on a curve very slightly
larger than the true one (by 0.14 % for 48 vertices) so that the polygon area equals the
analytic area exactly; overlap fractions computed on polygons are then consistent with
:func:`shape_area` (full containment gives exactly 1).
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

import numpy as np
import shapely

__all__ = [
    "CURVE_VERTICES",
    "SHAPE_AREA_FACTOR",
    "entity_polygon",
    "entity_outline",
    "shape_polygon",
    "shape_area",
    "sample_half_size",
    "half_size_from_uniforms",
    "quadratic_uniform",
    "polygons_to_geometries",
    "overlap_matrix",
    "intersection_areas",
    "outside_fraction",
    "entity_outside_fraction",
]

CURVE_VERTICES = 48  # circle / ellipse; the semicircle arc gets half as many segments
TRIANGLE_HEIGHT = math.sqrt(0.75)  # height / width of the equilateral triangle
PENTAGON_HEIGHT = math.cos(math.radians(18.0))  # height / width of the regular pentagon


def _circle_template(k: int) -> np.ndarray:
    t = np.arange(k) * (2.0 * np.pi / k)
    f = math.sqrt(math.pi / (0.5 * k * math.sin(2.0 * math.pi / k)))  # area-preserving radius
    return np.stack([f * np.cos(t), f * np.sin(t)], axis=1)


def _semicircle_template(k: int) -> np.ndarray:
    m = k // 2  # arc segments
    t = np.arange(m + 1) * (np.pi / m)
    f = math.sqrt(math.pi / (m * math.sin(math.pi / m)))  # area-preserving radius
    # circle centre at (0, -1) (the flat side), radii (1, 2): spans [-1,1] x [-1,1]
    return np.stack([f * np.cos(t), -1.0 + 2.0 * f * np.sin(t)], axis=1)


def _pentagon_template() -> np.ndarray:
    t = np.pi / 2.0 + np.arange(5) * (2.0 * np.pi / 5.0)  # apex at +y
    pts = np.stack([np.cos(t), np.sin(t)], axis=1)
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    return (pts - (lo + hi) / 2.0) / ((hi - lo) / 2.0)


_T = 1.0 / 3.0
TEMPLATES: dict[str, np.ndarray] = {
    "square": np.array([[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]]),
    "rectangle": np.array([[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]]),
    "triangle": np.array([[-1.0, -1.0], [1.0, -1.0], [0.0, 1.0]]),
    "pentagon": _pentagon_template(),
    "cross": np.array([
        [-_T, -1.0], [_T, -1.0], [_T, -_T], [1.0, -_T], [1.0, _T], [_T, _T],
        [_T, 1.0], [-_T, 1.0], [-_T, _T], [-1.0, _T], [-1.0, -_T], [-_T, -_T],
    ]),
    "circle": _circle_template(CURVE_VERTICES),
    "semicircle": _semicircle_template(CURVE_VERTICES),
    "ellipse": _circle_template(CURVE_VERTICES),
}
for _tmpl in TEMPLATES.values():
    _tmpl.setflags(write=False)
#: each template with its columns swapped, (v, u), contiguous (see :func:`entity_outline`)
_SWAPPED: dict[str, np.ndarray] = {name: np.ascontiguousarray(t[:, ::-1]) for name, t in TEMPLATES.items()}
for _tmpl in _SWAPPED.values():
    _tmpl.setflags(write=False)
#: the templates of at most a dozen vertices as Python floats (see :func:`entity_outline`)
_SMALL_TEMPLATES: dict[str, tuple[tuple[float, float], ...]] = {
    name: tuple((u, v) for u, v in t.tolist()) for name, t in TEMPLATES.items() if len(t) <= 12}


def _shoelace(p: np.ndarray) -> float:
    x, y = p[:, 0], p[:, 1]
    return 0.5 * abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))


# area = SHAPE_AREA_FACTOR[shape] * hx * hy  (analytic; template area / 1, as templates span [-1,1]²)
SHAPE_AREA_FACTOR: dict[str, float] = {
    "square": 4.0,
    "rectangle": 4.0,
    "triangle": 2.0,
    "pentagon": _shoelace(TEMPLATES["pentagon"]),  # exact: the template is an exact regular pentagon
    "cross": 20.0 / 9.0,
    "circle": math.pi,
    "semicircle": math.pi,
    "ellipse": math.pi,
}


def shape_area(shape: str, half_size: Sequence[float]) -> float:
    """Exact area of a shape with half extents ``half_size`` (world = 1)."""
    return SHAPE_AREA_FACTOR[shape] * float(half_size[0]) * float(half_size[1])


def shape_polygon(shape: str, half_size: Sequence[float]) -> np.ndarray:
    """Unrotated outline around the origin in local coordinates (k×2)."""
    return TEMPLATES[shape] * np.array([half_size[0], half_size[1]], dtype=float)


def entity_polygon(shape: str, half_size: Sequence[float], rotation: float,
                   center: Sequence[float]) -> np.ndarray:
    """Outline (k×2) of a shape in world coordinates.

    ``rotation`` is a fraction of a full turn; the local frame is rotated by the angle
    2π·rotation with the standard rotation matrix (in y-down image coordinates this turns
    clockwise on screen).
    """
    return entity_outline(shape, half_size, rotation, center)[0]


def entity_outline(shape: str, half_size: Sequence[float], rotation: float,
                   center: Sequence[float]) -> tuple[np.ndarray, tuple[float, float, float, float]]:
    """:func:`entity_polygon` and its bounding box (x0, y0, x1, y1), computed together.

    Each vertex is (cx + (u·(c·hx) + v·(−s·hy)), cy + (v·(c·hy) + u·(s·hx))) for template vertex
    (u, v), in that order of operations: correctly rounded multiplications and additions only (no
    BLAS matmul, whose rounding can depend on the CPU kernel), so the outline is bit-identical
    wherever it is recomputed. Outlines of a few vertices are computed on Python floats and the
    curves with NumPy, whichever is cheaper (the world sampler builds tens of thousands); both give
    the same numbers, as every operation is a single IEEE one.
    """
    a = 2.0 * math.pi * float(rotation)
    c, s = math.cos(a), math.sin(a)
    hx, hy = float(half_size[0]), float(half_size[1])
    cx, cy = float(center[0]), float(center[1])
    small = _SMALL_TEMPLATES.get(shape)
    if small is not None:
        ux, vx, vy, uy = c * hx, -s * hy, c * hy, s * hx
        xs = [u * ux + v * vx + cx for u, v in small]
        ys = [v * vy + u * uy + cy for u, v in small]
        out = np.empty((len(small), 2))
        out[:, 0] = xs
        out[:, 1] = ys
        return out, (min(xs), min(ys), max(xs), max(ys))
    k = np.array([[c * hx, c * hy], [-s * hy, s * hx], [cx, cy]])
    out = TEMPLATES[shape] * k[0]
    out += _SWAPPED[shape] * k[1]
    out += k[2]
    x0, y0 = np.minimum.reduce(out, axis=0).tolist()
    x1, y1 = np.maximum.reduce(out, axis=0).tolist()
    return out, (x0, y0, x1, y1)


def quadratic_uniform(rng: np.random.Generator, a: float, b: float) -> float:
    """√U(a², b²): uniform in area."""
    return math.sqrt(a * a + (b * b - a * a) * rng.random())


def half_size_from_uniforms(shape: str, u1: float, u2: float,
                            size_range: tuple[float, float] = (0.1, 0.25),
                            distortion_range: tuple[float, float] = (2.0, 3.0)) -> tuple[float, float]:
    """Half extents from two uniforms in [0,1) (ShapeWorld's area-uniform size sampling, ``docs/world.md``).

    ``u1`` drives the size, ``u2`` the distortion (rectangle and ellipse only).
    """
    a, b = size_range
    if shape in ("rectangle", "ellipse"):
        d0, d1 = distortion_range
        d = d0 + (d1 - d0) * u2
        frac = 0.0 if d1 == d0 else (d - d0) / (d1 - d0)
        lo = a + (b - a) * 0.5 * frac  # = 0.1 + 0.15·0.5·(d−2) for the defaults
        long_side = math.sqrt(lo * lo + (b * b - lo * lo) * u1)
        return (0.5 * long_side, 0.5 * long_side / d)
    s = math.sqrt(a * a + (b * b - a * a) * u1)
    if shape == "triangle":
        return (0.5 * s, 0.5 * s * TRIANGLE_HEIGHT)
    if shape == "pentagon":
        return (0.5 * s, 0.5 * s * PENTAGON_HEIGHT)
    if shape == "semicircle":
        return (0.5 * s, 0.25 * s)
    if shape in ("square", "circle", "cross"):
        return (0.5 * s, 0.5 * s)
    raise ValueError(f"unknown shape {shape!r}")


def sample_half_size(shape: str, rng: np.random.Generator,
                     size_range: tuple[float, float] = (0.1, 0.25),
                     distortion_range: tuple[float, float] = (2.0, 3.0)) -> tuple[float, float]:
    """Sample half extents of ``shape`` as ShapeWorld does (area-uniform sizes)."""
    u1, u2 = rng.random(2).tolist()
    return half_size_from_uniforms(shape, u1, u2, size_range, distortion_range)


def polygons_to_geometries(polygons: Sequence[np.ndarray]) -> np.ndarray:
    """Array of shapely Polygons from a list of k×2 outlines (one vectorised call)."""
    if len(polygons) == 0:
        return np.empty(0, dtype=object)
    counts = np.fromiter((len(p) for p in polygons), dtype=np.intp, count=len(polygons))
    coords = np.concatenate(polygons, axis=0)
    rings = shapely.linearrings(coords, indices=np.repeat(np.arange(len(polygons)), counts))
    return shapely.polygons(rings)


def _bboxes(polygons: Sequence[np.ndarray]) -> np.ndarray:
    return np.array([[p[:, 0].min(), p[:, 1].min(), p[:, 0].max(), p[:, 1].max()] for p in polygons],
                    dtype=float).reshape(-1, 4)


def intersection_areas(polygons: Sequence[np.ndarray]) -> np.ndarray:
    """Symmetric n×n matrix of absolute intersection areas (0 on the diagonal).

    Pairs whose bounding boxes do not intersect are skipped; the rest are intersected in one
    vectorised shapely call.
    """
    n = len(polygons)
    inter = np.zeros((n, n), dtype=float)
    if n < 2:
        return inter
    bb = _bboxes(polygons)
    i, j = np.triu_indices(n, k=1)
    hit = ((bb[i, 0] < bb[j, 2]) & (bb[j, 0] < bb[i, 2]) &
           (bb[i, 1] < bb[j, 3]) & (bb[j, 1] < bb[i, 3]))
    if hit.any():
        i, j = i[hit], j[hit]
        geoms = polygons_to_geometries(polygons)
        areas = shapely.area(shapely.intersection(geoms[i], geoms[j]))
        inter[i, j] = areas
        inter[j, i] = areas
    return inter


def gap_matrix(polygons: Sequence[np.ndarray]) -> np.ndarray:
    """Symmetric n×n matrix of the distances between outlines (0 where two shapes touch or
    overlap, and on the diagonal)."""
    n = len(polygons)
    gap = np.zeros((n, n), dtype=float)
    if n < 2:
        return gap
    geoms = polygons_to_geometries(polygons)
    i, j = np.triu_indices(n, k=1)
    d = shapely.distance(geoms[i], geoms[j])
    gap[i, j] = d
    gap[j, i] = d
    return gap


def overlap_matrix(entities: Iterable) -> np.ndarray:
    """``[i, j] = area(i ∩ j) / area(i)`` for a sequence of entities (0 on the diagonal).

    Entities need ``polygon`` (k×2 outline) and ``area`` attributes (see ``model.Entity``).
    """
    entities = list(entities)
    inter = intersection_areas([e.polygon for e in entities])
    if len(entities) == 0:
        return inter
    areas = np.array([e.area for e in entities], dtype=float)
    return inter / areas[:, None]


def outside_fraction(polygon: np.ndarray, area: float | None = None) -> float:
    """Fraction of the polygon's area that lies outside the world [0,1]²."""
    lo, hi = polygon.min(axis=0), polygon.max(axis=0)
    if lo[0] >= 0.0 and lo[1] >= 0.0 and hi[0] <= 1.0 and hi[1] <= 1.0:
        return 0.0
    geom = shapely.polygons(polygon)
    if area is None:
        area = float(shapely.area(geom))
    inside = float(shapely.area(shapely.clip_by_rect(geom, 0.0, 0.0, 1.0, 1.0)))
    return max(0.0, 1.0 - inside / area)


def entity_outside_fraction(entity) -> float:
    """Fraction of an entity's area outside [0,1]² (the boundary test of the sampler)."""
    return outside_fraction(entity.polygon, entity.area)
