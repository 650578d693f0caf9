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

import hashlib
import json
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "parse_digest.json"
CHUNK = 50
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


def digest(items: list) -> str:
    return hashlib.sha256(json.dumps(items, ensure_ascii=False).encode("utf-8")).hexdigest()[:16]


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
def expected() -> dict:
    with open(FIXTURE, encoding="utf-8") as f:
        return json.load(f)


@lru_cache(maxsize=1)
def current_corpora() -> dict[str, list[str]]:
    return corpora()


def _check(limit: int | None) -> None:
    from shapeworldice.grammar import grammar_version
    from shapeworldice.grammar.parser import get_parser

    want = expected()
    regenerate = "regenerate it with: python tests/grammar/test_parse_equivalence.py --write"
    assert want["grammar"] == grammar_version(), f"the grammar changed since {FIXTURE.name} was made; {regenerate}"
    assert want["chunk"] == CHUNK
    parser = get_parser()  # parse_uncached: its cache plays no part
    for name, texts in current_corpora().items():
        corpus = want["corpora"][name]
        assert digest(texts) == corpus["texts"], f"the {name} corpus changed; {regenerate}"
        got = chunk_digests(parser, texts, limit)
        for k, (g, w) in enumerate(zip(got, corpus["chunks"])):
            assert g == w, f"{name}: parser output changed in strings {k * CHUNK}..{k * CHUNK + CHUNK - 1} " \
                           f"(the first: {texts[k * CHUNK]!r})"
        if limit is None:
            assert len(got) == len(corpus["chunks"])


def test_parser_output_unchanged_on_first_chunks() -> None:
    """The first two chunks of each corpus (a fast guard; the slow test covers all)."""
    _check(limit=2)


@pytest.mark.slow
def test_parser_output_unchanged_on_every_corpus_string() -> None:
    _check(limit=None)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/grammar/test_parse_equivalence.py --write")
    sys.path.insert(0, str(ROOT))
    data = build()
    FIXTURE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE}: " + ", ".join(f"{n} {c['strings']}" for n, c in data["corpora"].items()))
