"""Images as a model is sent them: the build's PNG, upscaled to a stated size.

At 64 pixels a small pentagon is a few pixels wide; models see more when the image is enlarged,
and nearest-neighbour enlargement (the default) adds no colours or edges that the build does
not have, so the scene a model sees is the scene scored.
"""
from __future__ import annotations

import io
from typing import Any

from ..errors import UserError

RESAMPLING = ("nearest", "bicubic", "lanczos")
#: the largest side sent: a bigger image only costs bandwidth and memory
MAX_IMAGE_SIZE = 4096


def check_size(size: int | None, resample: str) -> None:
    """Refuse an image size or resampling a request cannot use (one line)."""
    if size is not None and not 1 <= size <= MAX_IMAGE_SIZE:
        raise UserError(f"--image-size {size}: expected 1 to {MAX_IMAGE_SIZE} pixels")
    if resample not in RESAMPLING:
        raise UserError(f"unknown resampling {resample!r} (expected one of {', '.join(RESAMPLING)})")


def as_image(png: bytes, size: int | None = None, resample: str = "nearest") -> Any:
    """The PNG as an RGB PIL image of side ``size`` (``None``: as built)."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    if size is not None and image.size != (size, size):
        image = image.resize((size, size), _filter(resample))
    return image


def as_png(png: bytes, size: int | None = None, resample: str = "nearest") -> bytes:
    """The PNG bytes to send: the build's own when no resize is asked, else the resized image."""
    if size is None:
        return png
    buffer = io.BytesIO()
    as_image(png, size, resample).save(buffer, format="PNG")
    return buffer.getvalue()


def _filter(resample: str) -> Any:
    from PIL import Image

    return {"nearest": Image.Resampling.NEAREST, "bicubic": Image.Resampling.BICUBIC,
            "lanczos": Image.Resampling.LANCZOS}[resample]
