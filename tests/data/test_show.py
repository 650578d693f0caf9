"""The contact sheet's captions are legible: words stay apart and the wrap width fits the cell."""
from __future__ import annotations

from shapeworldice.data.show import caption_font


def test_a_space_is_as_wide_as_a_letter():
    font = caption_font()
    # the scalable default font drew a space 2 px wide at 10 px: "A cyan shape" read as "Acyan shape"
    assert font.getlength(" ") == font.getlength("a") == 6
    assert font.getlength("A cyan shape") == 6 * len("A cyan shape")  # the wrap at cell_w // 6 is exact
