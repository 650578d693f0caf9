"""The free-form caption corpus: generator and labeller, independent of the evaluator.

Captions in the styles vision-language models write (framing, definite descriptions, numerals,
lists, coordination, several sentences, relative clauses, pronouns, synonyms, absent shapes
and colours, relation words), true and false, over worlds built here; plus model-style errors
(not English) and English the world cannot check. Each caption's labels come from
:mod:`.labels`, a semantics written for this test: this package imports nothing of the
evaluator (grammar, interpreter, caption semantics, evaluation, parsing); a test checks that.

Run ``python -m tests.freeform.corpus`` to write ``worlds.jsonl`` and ``corpus.jsonl`` beside
this file, or ``--check`` to verify that they are what the generator makes (same seed, same
bytes). Record fields: ``id``, ``world`` (an id into ``worlds.jsonl``), ``style``, ``kind``,
``text``, ``wellformed``, ``truth`` (true / false / null: the world does not decide), ``claims``
(each claim's text, logical form and truth), ``fragment`` (present and true for a noun-phrase
caption, which the ERG's strict root would not parse as a sentence) and, for errors, ``erg``
(rejects / accepts / unknown: what the ERG makes of the pattern, see :mod:`.faults`).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable, Optional

import numpy as np

from . import faults, styles
from .labels import conjunction, things_of
from .scene import Draft, Scene
from .worlds import build_world

HERE = Path(__file__).resolve().parent
WORLDS_FILE = HERE / "worlds.jsonl"
CORPUS_FILE = HERE / "corpus.jsonl"
SEED = 22
N_WORLDS = 150
ATTEMPTS = 40  # drafts tried per world and style before the style is skipped for that world

Style = Callable[[Scene, np.random.Generator, bool], Optional[Draft]]
STYLES: tuple[tuple[str, Style], ...] = (
    ("template", styles.template), ("framing", styles.framing), ("definite", styles.definite),
    ("numeral", styles.numerals), ("list", styles.lists), ("coordination", styles.coordination),
    ("sentences", styles.sentences), ("relative", styles.relative), ("pronoun", styles.pronoun),
    ("synonym", styles.synonym), ("absent", styles.absent), ("relation", styles.relation),
    ("outside", faults.outside), ("error", faults.error),
)


def label(draft: Draft, model: dict[str, Any]) -> dict[str, Any]:
    """The record of one draft on one world: the labeller's verdicts."""
    things = things_of(model)
    claims = [{"text": text, "form": claim.form(), "truth": claim.truth(things)} for text, claim in draft.parts]
    truth = conjunction(c["truth"] for c in claims) if draft.wellformed else None
    record: dict[str, Any] = {"kind": draft.kind, "text": draft.text, "wellformed": draft.wellformed,
                              "truth": truth, "claims": claims}
    if draft.fragment:
        record["fragment"] = True
    if draft.erg is not None:
        record["erg"] = draft.erg
    return record


def _draw(style: Style, scene: Scene, model: dict[str, Any], rng: np.random.Generator,
          want: bool) -> Optional[dict[str, Any]]:
    for _ in range(ATTEMPTS):
        draft = style(scene, rng, want)
        if draft is None:
            continue
        record = label(draft, model)
        if draft.fixed or not draft.wellformed or record["truth"] is want:
            return record
    return None


def generate(seed: int = SEED, n_worlds: int = N_WORLDS) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(worlds, records): one caption per world and style where the world allows it, aiming at
    true and false in turn so each style is balanced."""
    worlds, records = [], []
    for w in range(n_worlds):
        world_id = f"w{w:03d}"
        model = build_world(np.random.default_rng([seed, w]))
        worlds.append({"id": world_id, "world": model})
        scene = Scene(things_of(model))
        for s, (name, style) in enumerate(STYLES):
            record = _draw(style, scene, model, np.random.default_rng([seed, w, s]), (w + s) % 2 == 0)
            if record is not None:
                records.append({"id": f"{world_id}-{name}", "world": world_id, "style": name, **record})
    return worlds, records


def dumps(rows: list[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(r, separators=(",", ":"), ensure_ascii=False) + "\n" for r in rows).encode("utf-8")


def load(path: Path = CORPUS_FILE) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def load_worlds(path: Path = WORLDS_FILE) -> dict[str, dict[str, Any]]:
    """World models by id."""
    return {row["id"]: row["world"] for row in load(path)}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    worlds, records = generate()
    files = {WORLDS_FILE: dumps(worlds), CORPUS_FILE: dumps(records)}
    if argv == ["--check"]:
        stale = [p.name for p, data in files.items() if not p.exists() or p.read_bytes() != data]
        if stale:
            print(f"corpus: {', '.join(stale)} differ from the generator's output", file=sys.stderr)
            return 1
        return 0
    if argv:
        print(f"corpus: unknown arguments {' '.join(argv)} (expected nothing or --check)", file=sys.stderr)
        return 2
    for path, data in files.items():
        path.write_bytes(data)
    print(f"{len(records)} captions over {len(worlds)} worlds → {CORPUS_FILE.name}, {WORLDS_FILE.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
