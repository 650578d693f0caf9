"""The pure-Python tokenizer against pycocoevalcap's PTBTokenizer (Java, when available)."""
from __future__ import annotations

import random
import shutil

import pytest

from _corpora import punctuated
from shapeworldice.metrics.tokenize import PUNCTUATIONS, ptb_tokenize, tokenize_caption

# caption -> what pycocoevalcap's PTBTokenizer + punctuation filter yields (checked with Java)
TYPICAL = {
    "A red square is to the left of a circle.": "a red square is to the left of a circle",
    "Half the shapes are green.": "half the shapes are green",
    "There is a red square.": "there is a red square",
    "There isn't a blue circle.": "there is n't a blue circle",
    "A shape's colour is red, and a circle is (mostly) green!":
        "a shape 's colour is red and a circle is -lrb- mostly -rrb- green",
    'The "leftmost" square -- a cyan one -- is above...':
        "the leftmost square a cyan one is above",
    "Exactly 2 of the 1,000 shapes are 3.5 units left-most.":
        "exactly 2 of the 1,000 shapes are 3.5 units left-most",
    "Is there a square?": "is there a square",
    "Wow!! Really?!": "wow !! really ?!",
    "We cannot see it; it's e.g. gray.": "we can not see it it 's e.g. gray",
    "  Two   squares\tare  red .  ": "two squares are red",
    "The shapes' colours: red & blue.": "the shapes colours red & blue",
    "A circle is below a square.\n": "a circle is below a square",
    "a red square is left of a circle .": "a red square is left of a circle",
    "the circle 's colour is n't red , they 're blue": "the circle 's colour is n't red they 're blue",
    "": "",
}


@pytest.mark.parametrize("caption, expected", list(TYPICAL.items()))
def test_typical_captions(caption: str, expected: str) -> None:
    assert tokenize_caption(caption) == expected
    assert ptb_tokenize(caption) == expected.split()


def test_no_punctuation_tokens_survive() -> None:
    rng = random.Random(1)
    for _ in range(200):
        assert not set(ptb_tokenize(punctuated(rng))) & PUNCTUATIONS


@pytest.mark.skipif(shutil.which("java") is None, reason="java not found")
def test_equals_ptbtokenizer() -> None:
    """Same output as pycocoevalcap's PTBTokenizer (Stanford CoreNLP 3.4.1 via Java)."""
    from pycocoevalcap.tokenizer.ptbtokenizer import PTBTokenizer

    rng = random.Random(20240601)
    captions = [c for c in TYPICAL if c.strip()] + [punctuated(rng) for _ in range(1500)]
    try:
        ref = PTBTokenizer().tokenize({i: [{"caption": c}] for i, c in enumerate(captions)})
    except (OSError, PermissionError) as e:  # e.g. read-only site-packages (temp file)
        pytest.skip(f"PTBTokenizer unusable here: {e}")
    mismatches = [(c, tokenize_caption(c), ref[i][0])
                  for i, c in enumerate(captions) if tokenize_caption(c) != ref[i][0]]
    assert not mismatches, mismatches[:5]
