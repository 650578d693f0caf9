"""Rendering: size/dtype, colours where the geometry says, anti-aliasing accuracy, noise, PNG."""
from __future__ import annotations

import hashlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
import shapely

from shapeworldice.render import decode_png, encode_png, render, rgb_to_uint8
from shapeworldice.world import SHAPES, Entity, World, WorldConfig, WorldSampler


def sample(config, n, seed=0):
    sampler = WorldSampler(config)
    rng = np.random.default_rng(seed)
    return [sampler.sample(rng, "train") for _ in range(n)]


@pytest.fixture(scope="module")
def many():
    return sample(WorldConfig(entity_counts=tuple(range(1, 11))), 40, seed=3)


def test_size_dtype_and_background(many):
    img = render(many[0])
    assert img.shape == (64, 64, 3) and img.dtype == np.uint8
    assert render(many[0], size=100).shape == (100, 100, 3)
    empty = World(entities=())
    assert not render(empty).any()
    white = World(entities=(), background="white")
    assert (render(white, size=8) == 255).all()


def test_centre_pixel_has_entity_colour(many):
    checked = 0
    for w in many:
        img = render(w)
        geoms = [shapely.Polygon(e.polygon) for e in w.entities]
        for e, g in zip(w.entities, geoms):
            c, r = int(e.center[0] * 64), int(e.center[1] * 64)
            if not (0 <= c < 64 and 0 <= r < 64):
                continue
            pixel = shapely.box(c / 64, r / 64, (c + 1) / 64, (r + 1) / 64).buffer(0.25 / 64)
            if not g.contains(pixel):
                continue
            if any(later.intersects(pixel) for later in geoms[e.id + 1:]):
                continue
            assert tuple(img[r, c]) == rgb_to_uint8(e.rgb)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("shape", SHAPES)
def test_coverage_matches_geometry(shape):
    """Red on black: the red channel is the covered fraction of each pixel."""
    rng = np.random.default_rng(SHAPES.index(shape))
    ys, xs = np.mgrid[0:64, 0:64]
    boxes = shapely.box(xs.ravel() / 64, ys.ravel() / 64, (xs.ravel() + 1) / 64, (ys.ravel() + 1) / 64)
    for _ in range(3):
        e = Entity(id=0, shape=shape, color="red", shade=0.0,
                   center=tuple(rng.uniform(0.15, 0.85, 2).tolist()),
                   half_size=tuple(rng.uniform(0.04, 0.12, 2).tolist()), rotation=float(rng.random()))
        cov = render(World(entities=(e,)))[..., 0] / 255.0
        exact = (shapely.area(shapely.intersection(boxes, shapely.Polygon(e.polygon))) * 64 * 64).reshape(64, 64)
        assert np.abs(cov - exact).max() < 0.35  # ~1-pixel soft edge, 4× supersampling
        assert np.abs(cov - exact).mean() < 0.01
        assert cov.sum() == pytest.approx(exact.sum(), rel=0.05)
        assert cov[exact == 0].max(initial=0.0) < 0.2  # nothing drawn away from the shape
        assert np.all(render(World(entities=(e,)))[..., 1:] == 0)


def test_drawing_order_in_image():
    back = Entity(id=0, shape="square", color="blue", shade=0.0, center=(0.5, 0.5),
                  half_size=(0.2, 0.2), rotation=0.0)
    front = Entity(id=1, shape="circle", color="yellow", shade=0.0, center=(0.5, 0.5),
                   half_size=(0.05, 0.05), rotation=0.0)
    img = render(World(entities=(back, front)))
    assert tuple(img[32, 32]) == (255, 255, 0)
    assert tuple(img[32, 20]) == (0, 0, 255)


def test_noise_is_seeded_and_bounded(many):
    w = many[5]
    clean = render(w)
    a = render(w, noise_std=0.1, rng=np.random.default_rng(1))
    b = render(w, noise_std=0.1, rng=np.random.default_rng(1))
    c = render(w, noise_std=0.1, rng=np.random.default_rng(2))
    assert encode_png(a) == encode_png(b) and not np.array_equal(a, c)
    diff = a.astype(int) - clean.astype(int)
    assert np.abs(diff).max() <= int(0.2 * 255) + 1  # truncated at ±2σ
    assert diff.std() > 10
    assert np.array_equal(render(w, noise_std=None), clean)
    with pytest.raises(ValueError):
        render(w, noise_std=0.1)


def test_png_round_trip_and_determinism(many):
    for w in many[:10]:
        img = render(w)
        data = encode_png(img)
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert data == encode_png(img.copy())
        assert b"tIME" not in data and b"tEXt" not in data and b"pHYs" not in data
        back = decode_png(data)
        assert back.dtype == np.uint8 and np.array_equal(back, img)
    with pytest.raises(ValueError):
        encode_png(np.zeros((4, 4), dtype=np.uint8))


def test_render_is_deterministic(many):
    for w in many[:5]:
        assert np.array_equal(render(w), render(World.from_json(w.to_json())))


@pytest.mark.parametrize("size", [224, 384])
@pytest.mark.parametrize("shape", ["circle", "pentagon", "cross"])
def test_large_images_are_exact_and_crisp(shape, size):
    """At a vision-language model's size each pixel is still its covered fraction, and the soft
    edge stays about one pixel wide (an upscaled 64-pixel image would be blocky or blurred)."""
    rng = np.random.default_rng(size + SHAPES.index(shape))
    e = Entity(id=0, shape=shape, color="red", shade=0.0, center=tuple(rng.uniform(0.3, 0.7, 2).tolist()),
               half_size=(0.08, 0.08), rotation=float(rng.random()))
    polygon = shapely.Polygon(e.polygon)
    x0, y0, x1, y1 = (int(v * size) for v in polygon.bounds)
    ys, xs = np.mgrid[y0 - 1:y1 + 2, x0 - 1:x1 + 2]
    boxes = shapely.box(xs.ravel() / size, ys.ravel() / size, (xs.ravel() + 1) / size, (ys.ravel() + 1) / size)
    exact = (shapely.area(shapely.intersection(boxes, polygon)) * size * size).reshape(xs.shape)
    image = render(World(entities=(e,)), size=size)
    cov = image[y0 - 1:y1 + 2, x0 - 1:x1 + 2, 0] / 255.0
    assert image[..., 0].sum() / 255.0 == pytest.approx(cov.sum())  # nothing outside the shape's box
    assert np.abs(cov - exact).max() < 0.35 and np.abs(cov - exact).mean() < 0.01
    soft = np.count_nonzero((cov > 0.02) & (cov < 0.98))
    assert soft <= 2.2 * polygon.length * size  # at most about two partly covered pixels per pixel of outline


def test_64_pixel_images_keep_their_bytes(many):
    """The pixels of 40 sampled worlds at 64 pixels, as every shipped dataset renders them
    (Pillow 13's polygon filler; a Pillow that fills differently changes the build key too)."""
    digest = hashlib.sha256()
    for w in many:
        digest.update(render(w).tobytes())
    assert digest.hexdigest() == "615116c42df94e877294301db1494d0a84f14fd412176298ffaadc0cb7c78bb4"


def _whole_canvas(world: World, size: int) -> np.ndarray:
    """The image by filtering the whole supersampled canvas: what ``render`` must equal."""
    from PIL import Image, ImageDraw

    from shapeworldice.render import _INSET, SUPERSAMPLE, _flat, _inset_polygons
    from shapeworldice.world.model import BACKGROUNDS

    big = size * SUPERSAMPLE
    img = Image.new("RGB", (big, big), rgb_to_uint8(BACKGROUNDS[world.background]))
    draw = ImageDraw.Draw(img)
    if world.entities:
        outlines = _flat(*_inset_polygons([e.polygon for e in world.entities], float(big), _INSET))
        for e, flat in zip(world.entities, outlines):
            draw.polygon(flat, fill=rgb_to_uint8(e.rgb))
    return np.asarray(img.reduce(SUPERSAMPLE))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([7, 64, 100, 128, 224, 384]),
       background=st.sampled_from(["black", "white"]), tolerance=st.sampled_from([0.0, 0.25, 0.6]))
def test_pixels_equal_filtering_the_whole_canvas(seed, size, background, tolerance):
    """Filtering only the blocks the shapes touch gives every pixel of filtering the whole canvas,
    shapes half outside the image and a canvas reused from the image before included."""
    config = WorldConfig(entity_counts=tuple(range(1, 9)), collision_tolerance=tolerance, boundary_tolerance=0.6,
                         background=background)
    for world in sample(config, 3, seed=seed):
        assert np.array_equal(render(world, size=size), _whole_canvas(world, size))


@pytest.mark.parametrize("size", [32, 128])  # the whole-canvas path and the block-wise one
def test_pixels_of_a_world_wholly_outside_the_image(size):
    e = Entity(id=0, shape="square", color="red", shade=0.0, center=(1.5, -0.4), half_size=(0.1, 0.1), rotation=0.1)
    world = World(entities=(e,))
    assert np.array_equal(render(world, size=size), _whole_canvas(world, size))
    assert not render(world, size=size).any()


def test_a_render_that_fails_midway_leaves_the_kept_canvas_clean(monkeypatch):
    """The block-wise path wipes what it drew even when drawing raises, so the next image on this
    thread's kept canvas has no trace of the failed one."""
    from shapeworldice import render as render_module

    shapes = tuple(Entity(id=i, shape="square", color="red", shade=0.0, center=(0.2 + 0.5 * i, 0.5),
                          half_size=(0.1, 0.1), rotation=0.0) for i in range(2))
    inside = Entity(id=0, shape="square", color="blue", shade=0.0, center=(0.2, 0.5), half_size=(0.05, 0.05),
                    rotation=0.0)
    first, second = World(entities=shapes), World(entities=(inside,))  # drawn where the failed red one was
    real_fill = render_module._fill

    def fill_then_fail(canvas, world, outlines):
        real_fill(canvas, world, outlines)
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(render_module, "_fill", fill_then_fail)
    with pytest.raises(RuntimeError):
        render(first, size=128)
    monkeypatch.setattr(render_module, "_fill", real_fill)
    assert np.array_equal(render(second, size=128), _whole_canvas(second, 128))


@pytest.mark.parametrize("size", [64, 128])  # the whole-canvas path and the block-wise one
def test_each_image_is_its_own_writeable_array(size):
    """An image can be written to (noise is added in place by callers) without changing the next
    image: the block-wise path copies its kept background image, never hands it out."""
    e = Entity(id=0, shape="circle", color="red", shade=0.0, center=(0.5, 0.5), half_size=(0.2, 0.2), rotation=0.0)
    world, empty = World(entities=(e,)), World(entities=())
    for first in (world, empty):
        image = render(first, size=size)
        assert image.flags.writeable and image.flags.c_contiguous
        image[:] = 7
        assert np.array_equal(render(world, size=size), _whole_canvas(world, size))
        assert np.array_equal(render(empty, size=size), _whole_canvas(empty, size))
