"""Geometry: outlines, analytic areas, overlaps, boundary fractions, size sampling."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.world import SHAPES, Entity, overlap_matrix
from shapeworldice.world.geometry import (
    PENTAGON_HEIGHT,
    TRIANGLE_HEIGHT,
    entity_outside_fraction,
    entity_polygon,
    intersection_areas,
    outside_fraction,
    sample_half_size,
    shape_area,
)

FAST = settings(max_examples=60, deadline=None)


def shoelace(p: np.ndarray) -> float:
    x, y = p[:, 0], p[:, 1]
    return 0.5 * abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))


def points_in_polygon(pts: np.ndarray, poly: np.ndarray) -> np.ndarray:
    """Even-odd ray casting, vectorised over points (independent of shapely)."""
    x, y = pts[:, 0:1], pts[:, 1:2]
    x0, y0 = poly[:, 0], poly[:, 1]
    x1, y1 = np.roll(x0, -1), np.roll(y0, -1)
    crosses = (y0 > y) != (y1 > y)
    with np.errstate(divide="ignore", invalid="ignore"):
        xi = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
    return ((crosses & (x < xi)).sum(axis=1) % 2) == 1


shapes = st.sampled_from(SHAPES)
halfs = st.tuples(st.floats(0.01, 0.2), st.floats(0.01, 0.2))
rotations = st.floats(0.0, 1.0, exclude_max=True)
centers = st.tuples(st.floats(-0.2, 1.2), st.floats(-0.2, 1.2))


@FAST
@given(shapes, halfs, rotations, centers)
def test_polygon_area_equals_analytic_area(shape, half, rotation, center):
    poly = entity_polygon(shape, half, rotation, center)
    assert poly.shape[1] == 2 and len(poly) >= 3
    assert shoelace(poly) == pytest.approx(shape_area(shape, half), rel=1e-9)


@FAST
@given(shapes, halfs, rotations, centers)
def test_rotation_about_centre_preserves_distances(shape, half, rotation, center):
    p0 = entity_polygon(shape, half, 0.0, (0.0, 0.0))
    p = entity_polygon(shape, half, rotation, center)
    np.testing.assert_allclose(np.linalg.norm(p - np.array(center), axis=1),
                               np.linalg.norm(p0, axis=1), atol=1e-12)


def test_area_factors_match_reference():
    s = 1.0
    rel = {
        "square": shape_area("square", (s / 2, s / 2)),
        "triangle": shape_area("triangle", (s / 2, s / 2 * TRIANGLE_HEIGHT)),
        "pentagon": shape_area("pentagon", (s / 2, s / 2 * PENTAGON_HEIGHT)),
        "cross": shape_area("cross", (s / 2, s / 2)),
        "circle": shape_area("circle", (s / 2, s / 2)),
        "semicircle": shape_area("semicircle", (s / 2, s / 4)),
    }
    assert rel["square"] == pytest.approx(1.0)
    assert rel["triangle"] == pytest.approx(0.433, abs=1e-3)
    assert rel["pentagon"] == pytest.approx(0.657, abs=1e-3)
    assert rel["cross"] == pytest.approx(5 / 9)
    assert rel["circle"] == pytest.approx(math.pi / 4)
    assert rel["semicircle"] == pytest.approx(math.pi / 8)


def test_unrotated_extents_and_orientation():
    for shape in SHAPES:
        half = (0.1, 0.06)
        p = entity_polygon(shape, half, 0.0, (0.5, 0.5))
        ext = (p.max(axis=0) - p.min(axis=0)) / 2
        np.testing.assert_allclose(ext, half, rtol=3e-3)  # curves: area-preserving polygons
    tri = entity_polygon("triangle", (0.1, 0.1 * TRIANGLE_HEIGHT), 0.0, (0.0, 0.0))
    apex = tri[np.argmax(tri[:, 1])]
    assert apex[0] == pytest.approx(0.0)  # apex towards +y (image-down), centred
    sides = np.linalg.norm(tri - np.roll(tri, 1, axis=0), axis=1)
    np.testing.assert_allclose(sides, sides[0])  # equilateral
    semi = entity_polygon("semicircle", (0.1, 0.05), 0.0, (0.0, 0.0))
    flat = np.isclose(semi[:, 1], semi[:, 1].min())
    assert flat.sum() == 2 and semi[flat, 1][0] == pytest.approx(-0.05)  # flat side at −y
    pent = entity_polygon("pentagon", (0.1, 0.1 * PENTAGON_HEIGHT), 0.0, (0.0, 0.0))
    sides = np.linalg.norm(pent - np.roll(pent, 1, axis=0), axis=1)
    np.testing.assert_allclose(sides, sides[0])  # regular
    # a quarter turn swaps the extents
    p = entity_polygon("rectangle", (0.1, 0.03), 0.25, (0.5, 0.5))
    np.testing.assert_allclose((p.max(axis=0) - p.min(axis=0)) / 2, (0.03, 0.1), atol=1e-12)


def test_cross_arms_are_a_third():
    p = entity_polygon("cross", (0.3, 0.3), 0.0, (0.0, 0.0))
    xs = np.unique(np.round(p[:, 0], 12))
    np.testing.assert_allclose(xs, [-0.3, -0.1, 0.1, 0.3])


def entity(shape, half, rot, center, color="red", shade=0.0, id=0):
    return Entity(id=id, shape=shape, color=color, shade=shade, center=center,
                  half_size=half, rotation=rot)


@settings(max_examples=25, deadline=None)
@given(shapes, shapes, halfs, halfs, rotations, rotations,
       st.tuples(st.floats(-0.15, 0.15), st.floats(-0.15, 0.15)))
def test_overlap_matrix_matches_monte_carlo(s1, s2, h1, h2, r1, r2, offset):
    a = entity(s1, h1, r1, (0.5, 0.5), id=0)
    b = entity(s2, h2, r2, (0.5 + offset[0], 0.5 + offset[1]), id=1)
    ov = overlap_matrix([a, b])
    assert ov[0, 0] == 0 and ov[1, 1] == 0
    # symmetric in absolute area
    assert ov[0, 1] * a.area == pytest.approx(ov[1, 0] * b.area, rel=1e-9, abs=1e-15)
    # Monte-Carlo estimate of area(a ∩ b)/area(a), sampling inside a's bounding box
    rng = np.random.default_rng(0)
    (x0, y0), (x1, y1) = a.bounding_box
    pts = rng.uniform((x0, y0), (x1, y1), size=(40_000, 2))
    in_a = points_in_polygon(pts, a.polygon)
    in_b = points_in_polygon(pts, b.polygon)
    est = (in_a & in_b).sum() / max(in_a.sum(), 1)
    assert in_a.mean() * (x1 - x0) * (y1 - y0) == pytest.approx(a.area, rel=0.05)
    assert ov[0, 1] == pytest.approx(est, abs=0.02)


def test_overlap_matrix_simple_cases():
    big = entity("square", (0.2, 0.2), 0.0, (0.5, 0.5), id=0)
    small = entity("square", (0.05, 0.05), 0.0, (0.5, 0.5), id=1)
    half_out = entity("square", (0.2, 0.2), 0.0, (0.7, 0.5), id=2)
    far = entity("circle", (0.05, 0.05), 0.0, (0.05, 0.05), id=3)
    ov = overlap_matrix([big, small, half_out, far])
    assert ov[1, 0] == pytest.approx(1.0)  # small inside big: fully covered
    assert ov[0, 1] == pytest.approx(0.01 / 0.16)
    assert ov[0, 2] == pytest.approx(0.5)
    assert ov[3].sum() == 0 and ov[:, 3].sum() == 0
    assert overlap_matrix([]).shape == (0, 0)
    assert overlap_matrix([big]).tolist() == [[0.0]]
    inter = intersection_areas([big.polygon, small.polygon])
    assert inter[0, 1] == inter[1, 0] == pytest.approx(0.01)


def test_outside_fraction():
    inside = entity("circle", (0.1, 0.1), 0.3, (0.5, 0.5))
    assert entity_outside_fraction(inside) == 0.0
    half = entity("square", (0.1, 0.1), 0.0, (0.0, 0.5))
    assert entity_outside_fraction(half) == pytest.approx(0.5)
    corner = entity("square", (0.1, 0.1), 0.0, (1.0, 1.0))
    assert entity_outside_fraction(corner) == pytest.approx(0.75)
    gone = entity("square", (0.1, 0.1), 0.0, (2.0, 2.0))
    assert entity_outside_fraction(gone) == pytest.approx(1.0)
    assert outside_fraction(half.polygon) == pytest.approx(0.5)


@pytest.mark.parametrize("shape", SHAPES)
def test_sample_half_size(shape):
    rng = np.random.default_rng(1)
    hs = np.array([sample_half_size(shape, rng) for _ in range(3000)])
    w, h = 2 * hs[:, 0], 2 * hs[:, 1]
    assert w.min() >= 0.1 - 1e-12 and w.max() <= 0.25 + 1e-12
    if shape in ("rectangle", "ellipse"):
        d = w / h
        assert d.min() >= 2 - 1e-9 and d.max() <= 3 + 1e-9
        lower = 0.1 + 0.15 * 0.5 * (d - 2)
        assert np.all(w >= lower - 1e-12)
        assert np.corrcoef(d, w)[0, 1] > 0.2  # more elongated shapes are drawn larger
    else:
        ratio = {"triangle": TRIANGLE_HEIGHT, "pentagon": PENTAGON_HEIGHT, "semicircle": 0.5}.get(shape, 1.0)
        np.testing.assert_allclose(h / w, ratio)
        # area-uniform: s² ~ U(0.01, 0.0625)
        u = (w ** 2 - 0.01) / (0.0625 - 0.01)
        counts = np.histogram(u, bins=5, range=(0, 1))[0]
        assert counts.min() > 0.8 * len(u) / 5 and counts.max() < 1.2 * len(u) / 5


def test_sample_half_size_deterministic():
    a = [sample_half_size("ellipse", np.random.default_rng(7)) for _ in range(2)]
    assert a[0] == a[1]


@settings(max_examples=200, deadline=None)
@given(shape=st.sampled_from(SHAPES), hx=st.floats(0.01, 0.3), hy=st.floats(0.01, 0.3), rotation=st.floats(0.0, 1.0),
       cx=st.floats(-0.3, 1.3), cy=st.floats(-0.3, 1.3))
def test_outline_is_the_same_bits_on_either_path(shape, hx, hy, rotation, cx, cy):
    """Few-vertex outlines are computed on Python floats, curves with NumPy: both must give the bits
    of the element-wise NumPy formula, and the box must be the outline's own extremes."""
    from shapeworldice.world.geometry import TEMPLATES, entity_outline

    a = 2.0 * math.pi * rotation
    c, s = math.cos(a), math.sin(a)
    t = TEMPLATES[shape]
    expected = t * np.array([c * hx, c * hy]) + t[:, ::-1] * np.array([-s * hy, s * hx]) + np.array([cx, cy])
    outline, box = entity_outline(shape, (hx, hy), rotation, (cx, cy))
    assert outline.dtype == np.float64 and outline.flags.c_contiguous
    assert outline.tobytes() == expected.tobytes()
    assert box == (*expected.min(axis=0).tolist(), *expected.max(axis=0).tolist())
