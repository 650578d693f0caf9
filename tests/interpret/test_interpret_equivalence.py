"""The evaluator's verdicts are unchanged on the model-written and free-form caption corpora.

For every caption of ``tests/descriptions/corpus.jsonl`` and ``tests/freeform/corpus.jsonl`` the
built-in parser's result is judged (:func:`shapeworldice.reasons.judge`) and read on the caption's
world: grammaticality, whether it is a fragment, the reason code and detail, the sentences left
out, the interpretation's logical form, its truth, and its claims with their truth.  The records
are hashed by chunks of :data:`CHUNK` captions; ``tests/fixtures/interpret_digest.json`` holds
those hashes as the interpreter that the speed-ups of the join of a description's sentences
started from produced them.  A speed-up of parsing or interpretation must leave them all equal
(one of them, the working MRS's skipped rebuilds of its indexes, is also checked directly).

A change of the grammar or of what a caption means (the interpreter's rules, the colour table,
the claims) changes what comes out, and regenerates the fixture on purpose:
``python tests/interpret/test_interpret_equivalence.py --write``.
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

FIXTURE = ROOT / "tests" / "fixtures" / "interpret_digest.json"


def corpora() -> dict[str, list[tuple[str, dict]]]:
    """(caption, world model) of every record of each corpus, in file order."""
    def rows(path: Path) -> list[dict]:
        with open(path, encoding="utf-8") as f:
            return [json.loads(line) for line in f]

    described = {r["image"]: r["world"] for r in rows(ROOT / "tests" / "descriptions" / "worlds.jsonl")}
    freeform = {r["id"]: r["world"] for r in rows(ROOT / "tests" / "freeform" / "worlds.jsonl")}
    return {
        "descriptions": [(r["caption"], described[r["image"]])
                         for r in rows(ROOT / "tests" / "descriptions" / "corpus.jsonl")],
        "freeform": [(r["text"], freeform[r["world"]]) for r in rows(ROOT / "tests" / "freeform" / "corpus.jsonl")],
    }


def record(parser: Any, text: str, world: Any) -> list:
    """What the evaluator says of ``text`` on ``world``, as JSON-able values."""
    from shapeworldice.evaluation.core.claims import check
    from shapeworldice.interpret import verdict
    from shapeworldice.reasons import judge

    parsed = parser.parse(text)
    judged = judge(parsed)
    out: list[Any] = [parsed.normalised, parsed.grammatical, parsed.fragment, judged.reason.code,
                      judged.reason.detail, [list(u) for u in parsed.uncovered], judged.reading]
    interpretation = judged.interpretation
    if interpretation is None:
        return out + [None, None, None]
    label = verdict(interpretation, world)
    claims = check(interpretation, world, label)
    return out + [str(interpretation), label, [list(c) for c in claims.claims]]


def chunk_digests(rows: list[tuple[str, dict]], limit: int | None = None) -> list[str]:
    """The digest of each chunk of :data:`CHUNK` captions (the first ``limit`` chunks), read by a
    fresh parser (the built-in parser keeps no parses) on worlds built once per model."""
    from shapeworldice.parsing import BuiltinParser
    from shapeworldice.world.model import World

    parser = BuiltinParser()
    worlds: dict[str, World] = {}

    def world_of(model: dict) -> World:
        key = json.dumps(model, sort_keys=True)
        if key not in worlds:
            worlds[key] = World.from_model(model)
        return worlds[key]

    chunks = [rows[k:k + CHUNK] for k in range(0, len(rows), CHUNK)][:limit]
    return [digest([record(parser, text, world_of(model)) for text, model in chunk]) for chunk in chunks]


def build() -> dict:
    from shapeworldice.grammar import grammar_version

    out: dict[str, Any] = {"grammar": grammar_version(), "chunk": CHUNK, "corpora": {}}
    for name, rows in corpora().items():
        out["corpora"][name] = {"captions": len(rows), "texts": digest([t for t, _ in rows]),
                                "chunks": chunk_digests(rows)}
    return out


@lru_cache(maxsize=1)
def current_corpora() -> dict[str, list[tuple[str, dict]]]:
    return corpora()


def _check(chunks: list[int] | None) -> None:
    """Compare the chunks numbered ``chunks`` of each corpus (every chunk when None)."""
    check(FIXTURE, "tests/interpret/test_interpret_equivalence.py", current_corpora(), lambda row: row[0],
          lambda rows, k: chunk_digests(list(rows[k * CHUNK:]), limit=1)[0], chunks,
          "the evaluator's output changed in captions", "captions")


def test_evaluator_output_unchanged_on_some_chunks() -> None:
    """A chunk of each corpus (one of the descriptions with long multi-sentence captions; a fast
    guard; the slow test covers all)."""
    _check(chunks=[2])


@pytest.mark.slow
def test_evaluator_output_unchanged_on_every_caption() -> None:
    _check(chunks=None)


def test_skipped_reindex_equals_a_fresh_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """``WorkingMRS.reindex`` keeps its indexes when no EP was edited or added since they were
    built: on a chunk of the descriptions (long joined readings), every index it keeps is the one a
    rebuild gives (the same live EPs, EPs per label and quantifier per variable, by identity)."""
    from shapeworldice.interpret.working_mrs import WorkingMRS

    rebuild = WorkingMRS.reindex
    kept = []

    def checked(w: WorkingMRS) -> None:
        before = (w._indexed, w.edits.count, len(w.eps))
        if before[0] == before[1:]:
            indexes = (list(w.live), {k: list(v) for k, v in w.by_label.items()}, dict(w.quant_of))
            w._indexed = (-1, -1)  # force the rebuild
            rebuild(w)
            assert w.live == indexes[0] and w.by_label == indexes[1] and w.quant_of == indexes[2]
            kept.append(1)
        else:
            rebuild(w)

    monkeypatch.setattr(WorkingMRS, "reindex", checked)
    rows = current_corpora()["descriptions"]
    chunk_digests(rows[3 * CHUNK:], limit=1)
    assert len(kept) > 100


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/interpret/test_interpret_equivalence.py --write")
    write(FIXTURE, build(), "captions")
