"""The chart parser's output is unchanged on the four corpora of ``benchmarks/bench_parse.py``.

For every string (the ERG-judged strings, the realised and free-form captions of the benchmark's
default size and seed, and every sentence of the model-written descriptions) the parser's output
(grammatical, error, unknown words, longest span, and for each reading its derivation, cost and
MRS) is hashed; ``tests/fixtures/parse_digest.json`` holds those hashes, by chunks of
:data:`CHUNK` strings, as the parser that the speed-ups started from produced them.  A speed-up
of the parser must leave them all equal.

A change of the grammar (its data files, the loader, the MRS composition) or of the corpora's
generators changes what is parsed or what comes out, and regenerates the fixture on purpose:
``python tests/grammar/test_parse_equivalence.py --write``.
"""
from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script (--write)
    sys.path.insert(0, str(ROOT))

from tests.output_digest import CHUNK, check, digest, write  # noqa: E402

FIXTURE = ROOT / "tests" / "fixtures" / "parse_digest.json"
#: the benchmark's default corpus size and seed (``bench_parse.py --captions 5000 --seed 0``)
CAPTIONS, SEED = 5000, 0


def corpora() -> dict[str, list[str]]:
    """The unique strings of each corpus, in the benchmark's order."""
    import numpy as np

    sys.path.insert(0, str(ROOT / "tests" / "grammar"))
    from freeform_captions import captions as freeform_captions
    from grammar_captions import captions

    from shapeworldice.grammar import normalise, realise
    from shapeworldice.interpret.discourse import sentences

    with open(ROOT / "tests" / "fixtures" / "erg" / "judgments.jsonl", encoding="utf-8") as f:
        judged = [json.loads(line)["text"] for line in f]
    rng = np.random.default_rng(SEED)
    realised = [realise(c, rng).text for c in captions(CAPTIONS, seed=SEED)]
    freeform = freeform_captions(CAPTIONS, seed=SEED)
    with open(ROOT / "tests" / "descriptions" / "corpus.jsonl", encoding="utf-8") as f:
        descriptions = [json.loads(line)["caption"] for line in f]
    described = [s for text in descriptions for _, s in sentences(normalise(text))]
    return {name: list(dict.fromkeys(texts)) for name, texts in (
        ("erg", judged), ("realised", realised), ("freeform", freeform), ("description sentences", described))}


def record(parser: Any, text: str) -> list:
    """What the parser says of ``text``, as JSON-able values."""
    from delphin.codecs import simplemrs

    r = parser.parse_uncached(text)
    return [r.normalised, r.grammatical, r.error, list(r.unknown_words), r.longest_span and list(r.longest_span),
            [[str(x.derivation), x.cost, simplemrs.encode(x.mrs)] for x in r.readings]]


def chunk_digests(parser: Any, texts: list[str], limit: int | None = None) -> list[str]:
    """The digest of each chunk of :data:`CHUNK` strings (the first ``limit`` chunks)."""
    chunks = [texts[k:k + CHUNK] for k in range(0, len(texts), CHUNK)][:limit]
    return [digest([record(parser, t) for t in chunk]) for chunk in chunks]


def build() -> dict:
    from shapeworldice.grammar import grammar_version
    from shapeworldice.grammar.parser import ChartParser

    parser = ChartParser()
    out: dict[str, Any] = {"grammar": grammar_version(), "chunk": CHUNK, "corpora": {}}
    for name, texts in corpora().items():
        out["corpora"][name] = {"strings": len(texts), "texts": digest(texts),
                                "chunks": chunk_digests(parser, texts)}
    return out


@lru_cache(maxsize=1)
def current_corpora() -> dict[str, list[str]]:
    return corpora()


def _check(chunks: list[int] | None) -> None:
    from shapeworldice.grammar.parser import get_parser

    parser = get_parser()  # parse_uncached: its cache plays no part
    check(FIXTURE, "tests/grammar/test_parse_equivalence.py", current_corpora(), str,
          lambda texts, k: chunk_digests(parser, list(texts[k * CHUNK:]), limit=1)[0], chunks,
          "parser output changed in strings", "strings")


def test_parser_output_unchanged_on_first_chunks() -> None:
    """The first two chunks of each corpus (a fast guard; the slow test covers all)."""
    _check(chunks=[0, 1])


@pytest.mark.slow
def test_parser_output_unchanged_on_every_corpus_string() -> None:
    _check(chunks=None)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/grammar/test_parse_equivalence.py --write")
    write(FIXTURE, build(), "strings")
