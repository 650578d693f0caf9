"""Contact sheets: a grid of a split's images with their captions, for looking at a dataset."""
from __future__ import annotations

import itertools
import textwrap
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from ..errors import UserError
from ..safe_write import write_file
from .loader import load


def caption_font() -> ImageFont.ImageFont:
    """Pillow's built-in bitmap font: monospaced 6×11 px, so the wrap width below is exact and a
    space is as wide as a letter (the scalable default at 10 px draws a space 2 px wide, and
    "A cyan shape" read as "Acyan shape")."""
    return ImageFont.load_default_imagefont()


def contact_sheet(directory: str | Path, out: str | Path, split: str = "test", count: int = 16,
                  columns: int = 4, scale: int = 3, captions: int = 3) -> Path:
    """Write a PNG grid of the first ``count`` images with up to ``captions`` captions each."""
    if count < 1:
        raise UserError(f"count must be >= 1, got {count}")
    instances = list(itertools.islice(load(directory, split).stream(), count))
    if not instances:
        raise UserError(f"split {split!r} of {directory} has no instances")
    font = caption_font()
    side = instances[0].image.shape[0] * scale
    cell_w = max(side, 260)
    wrap = max(20, cell_w // 6)
    blocks = []
    for inst in instances:
        lines = [inst.id]
        for caption in inst.captions[:captions]:
            lines += textwrap.wrap(caption, wrap)
        blocks.append(lines)
    text_h = 12 * max(len(b) for b in blocks) + 6
    rows = (len(instances) + columns - 1) // columns
    sheet = Image.new("RGB", (columns * (cell_w + 8) + 8, rows * (side + text_h + 8) + 8), (255, 255, 255))
    draw = ImageDraw.Draw(sheet)
    for k, (inst, lines) in enumerate(zip(instances, blocks)):
        x, y = 8 + (k % columns) * (cell_w + 8), 8 + (k // columns) * (side + text_h + 8)
        sheet.paste(Image.fromarray(inst.image).resize((side, side), Image.Resampling.NEAREST), (x, y))
        for j, line in enumerate(lines):
            draw.text((x, y + side + 3 + 12 * j), line, fill=(0, 0, 0) if j else (110, 110, 110), font=font)
    import io

    buffer = io.BytesIO()
    sheet.save(buffer, format="PNG")
    return write_file(out, buffer.getvalue())
