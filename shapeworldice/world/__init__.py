"""World model, geometry and sampling."""
from .geometry import (
    entity_outside_fraction,
    entity_polygon,
    intersection_areas,
    outside_fraction,
    overlap_matrix,
    sample_half_size,
    shape_area,
)
from .model import (
    BACKGROUNDS,
    COLOR_NAMES,
    COLORS,
    SHAPES,
    Entity,
    World,
    WorldArrays,
    WorldModelError,
    shaded_rgb,
)
from .sampling import HELD_OUT_COMBINATIONS, SPLITS, WorldConfig, WorldSampler, is_held_out

__all__ = [
    "BACKGROUNDS", "COLOR_NAMES", "COLORS", "SHAPES", "HELD_OUT_COMBINATIONS", "SPLITS",
    "Entity", "World", "WorldArrays", "WorldModelError", "WorldConfig", "WorldSampler",
    "entity_outside_fraction", "entity_polygon", "intersection_areas", "is_held_out",
    "outside_fraction", "overlap_matrix", "sample_half_size", "shape_area",
    "shaded_rgb",
]
