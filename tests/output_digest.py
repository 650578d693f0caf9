"""Fixtures that pin a component's output on whole corpora by digests of chunks of :data:`CHUNK`
items: a speed-up must leave every chunk equal, and a change of what comes out regenerates the
fixture on purpose (each fixture's test module, run with ``--write``).  Shared by the parser's
(tests/grammar/test_parse_equivalence.py) and the evaluator's (tests/interpret/test_interpret_equivalence.py)."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Callable, Sequence

CHUNK = 50


def digest(items: list) -> str:
    return hashlib.sha256(json.dumps(items, ensure_ascii=False).encode("utf-8")).hexdigest()[:16]


def load(fixture: Path) -> dict:
    with open(fixture, encoding="utf-8") as f:
        return json.load(f)


def check(fixture: Path, script: str, corpora: dict[str, Sequence[Any]], text_of: Callable[[Any], str],
          chunk_digest: Callable[[Sequence[Any], int], str], chunks: list[int] | None, changed: str,
          count_key: str) -> None:
    """Compare the chunks numbered ``chunks`` (every chunk when None) of each corpus with the
    fixture: ``chunk_digest(items, k)`` digests chunk k of a corpus's ``items``; ``changed`` says
    what changed in a failing chunk ("parser output changed in strings")."""
    from shapeworldice.grammar import grammar_version

    want = load(fixture)
    regenerate = f"regenerate it with: python {script} --write"
    assert want["grammar"] == grammar_version(), f"the grammar changed since {fixture.name} was made; {regenerate}"
    assert want["chunk"] == CHUNK
    for name, items in corpora.items():
        corpus = want["corpora"][name]
        assert digest([text_of(x) for x in items]) == corpus["texts"], f"the {name} corpus changed; {regenerate}"
        numbers = range(len(corpus["chunks"])) if chunks is None else chunks
        for k in numbers:
            assert chunk_digest(items, k) == corpus["chunks"][k], \
                f"{name}: {changed} {k * CHUNK}..{k * CHUNK + CHUNK - 1} (the first: {text_of(items[k * CHUNK])!r})"
        if chunks is None:
            assert len(items) == corpus[count_key]
            assert len(numbers) == -(-len(items) // CHUNK)


def write(fixture: Path, data: dict, count_key: str) -> None:
    fixture.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {fixture}: " + ", ".join(f"{n} {c[count_key]}" for n, c in data["corpora"].items()))
