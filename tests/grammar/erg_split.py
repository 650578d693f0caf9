"""The fixed development/test splits of the ERG judgments (``tests/fixtures/erg/judgments.jsonl``
and the fresh sample ``judgments-2.jsonl``).

Rule: within each stratum (kind, op, ERG verdict) the sentences are ordered by the SHA-1 of
``"erg-split:" + id``; alternate sentences in that order go to dev (even positions) and test
(odd positions).  The split is therefore fixed, stratified and independent of the grammar.
Grammar rules are decided on dev disagreements only; test is measured, never inspected.
The second file is split by the same rule with the salt ``"erg-split-2:"`` into dev2 and test2.
Running this file prints agreement per part (dev, test, dev2, test2), kind, ERG verdict and
perturbation op.
"""
from __future__ import annotations

import hashlib
import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Callable, Iterable

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "erg" / "judgments.jsonl"
FIXTURE_2 = FIXTURE.with_name("judgments-2.jsonl")


def load_judgments(path: Path = FIXTURE) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def split(rows: Iterable[dict], salt: str = "erg-split:") -> dict[str, list[dict]]:
    """{'dev': [...], 'test': [...]} by the rule in the module docstring."""
    strata: dict[tuple, list[dict]] = defaultdict(list)
    for r in rows:
        strata[(r["kind"], r["op"] or "", r["erg"])].append(r)
    parts: dict[str, list[dict]] = {"dev": [], "test": []}
    for key in sorted(strata, key=str):
        ordered = sorted(strata[key], key=lambda r: hashlib.sha1(f"{salt}{r['id']}".encode()).hexdigest())
        for i, r in enumerate(ordered):
            parts["dev" if i % 2 == 0 else "test"].append(r)
    return parts


def agreement(rows: Iterable[dict], judge: Callable[[str], bool]) -> tuple[Counter, list[dict]]:
    """Counts of (group, agrees) for the groups all/kind/erg-accepted/rejected/op:..., and the disagreements."""
    stats: Counter = Counter()
    wrong = []
    for r in rows:
        ok = judge(r["text"]) == r["erg"]
        groups = ["all", r["kind"], "erg-accepted" if r["erg"] else "erg-rejected"]
        if r["op"]:
            groups += [f"op:{r['op']}", f"op:{r['op']}:{'acc' if r['erg'] else 'rej'}"]
        for g in groups:
            stats[(g, ok)] += 1
        if not ok:
            wrong.append(r)
    return stats, wrong


def rate(stats: Counter, group: str) -> tuple[float, int, int]:
    good, bad = stats[(group, True)], stats[(group, False)]
    return good / max(good + bad, 1), good, good + bad


def report(stats: Counter) -> list[str]:
    groups = sorted({g for g, _ in stats}, key=lambda g: (g.startswith("op:"), g))
    lines = []
    for g in groups:
        r, good, n = rate(stats, g)
        lines.append(f"  {g:22s} {good:5d}/{n:<5d} = {100 * r:6.2f}%")
    return lines


if __name__ == "__main__":
    import sys

    from shapeworldice.grammar.parser import ChartParser

    parser = ChartParser()
    parts = split(load_judgments())
    second = split(load_judgments(FIXTURE_2), "erg-split-2:")
    parts["dev2"], parts["test2"] = second["dev"], second["test"]
    for name in sys.argv[1:] or ["dev", "test"]:
        stats, wrong = agreement(parts[name], lambda t: parser.parse(t).sentence)
        print(f"{name}: {len(parts[name])} sentences")
        print("\n".join(report(stats)))
