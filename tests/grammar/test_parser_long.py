"""Long sentences: the longest model-written sentence of the descriptions is within
:data:`MAX_TOKENS` and parses; a sentence past it is "too long"."""
from __future__ import annotations

import json
from pathlib import Path

from shapeworldice.grammar import normalise
from shapeworldice.grammar.parser import MAX_TOKENS, get_parser, tokenise
from shapeworldice.interpret.discourse import sentences

CORPUS = Path(__file__).resolve().parents[1] / "descriptions" / "corpus.jsonl"


def test_the_longest_description_sentence_parses():
    with open(CORPUS, encoding="utf-8") as f:
        texts = [json.loads(line)["caption"] for line in f]
    longest = max((s for text in texts for _, s in sentences(normalise(text))),
                  key=lambda s: len(tokenise(normalise(s))))
    assert 60 < len(tokenise(normalise(longest))) <= MAX_TOKENS
    result = get_parser().parse_uncached(longest)
    assert result.grammatical and result.error is None


def test_a_sentence_past_the_limit_is_too_long():
    text = " ".join(["a red square"] * (MAX_TOKENS // 3 + 1))
    assert len(tokenise(normalise(text))) > MAX_TOKENS
    result = get_parser().parse_uncached(text)
    assert not result.grammatical and result.error == "too long"
