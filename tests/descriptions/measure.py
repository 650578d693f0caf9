"""The evaluator against the model-written description corpus (``corpus.jsonl``, see docs/descriptions.md).

    python -m tests.descriptions.measure                 # figures of both halves, per prompt and dataset
    python -m tests.descriptions.measure --split dev --misses 20   # disagreements and undecided, to study

Figures (each on the judge's labels): **G agree**, captions whose grammaticality is the judge's;
**decided**, of the captions (claims) the judge decides, the share the evaluator decides (true or
false); **agree**, of those decided by both, the share with the judge's value; **false-wrong**,
claims the evaluator calls false that the judge does not (the issue's "never false because a word
was not understood").
"""
from __future__ import annotations

import argparse
import collections
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from shapeworldice.interpret import truth
from shapeworldice.parsing import make_parser
from shapeworldice.reasons import judge
from shapeworldice.world.model import World

HERE = Path(__file__).parent
DECIDED = ("true", "false")


def load_corpus() -> list[dict]:
    with open(HERE / "corpus.jsonl", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


@lru_cache(maxsize=1)
def load_worlds() -> dict[str, World]:
    with open(HERE / "worlds.jsonl", encoding="utf-8") as handle:
        return {r["image"]: World.from_model(r["world"]) for r in map(json.loads, handle)}


@dataclass(frozen=True)
class Verdict:
    grammatical: bool
    truth: str  # true / false / ambiguous / uninterpretable / ungrammatical
    reason: str


_PARSER = make_parser()


def verdict(text: str, world: World) -> Verdict:
    """What the evaluator says of ``text`` on ``world`` (the path ``evaluate`` and ``parse`` take)."""
    parsed = _PARSER.parse(text)
    judged = judge(parsed)
    if not parsed.grammatical:
        return Verdict(False, "ungrammatical", judged.reason.detail)
    if judged.interpretation is None:
        return Verdict(True, "uninterpretable", judged.reason.detail)
    return Verdict(True, truth(judged.interpretation, world).label, judged.reason.detail)


@dataclass
class Tally:
    n: int = 0
    g_agree: int = 0
    decidable: int = 0
    decided: int = 0
    agree: int = 0
    claims: int = 0
    claims_decided: int = 0
    claims_agree: int = 0
    false_wrong: int = 0

    def add(self, other: "Tally") -> None:
        for k, v in vars(other).items():
            setattr(self, k, getattr(self, k) + v)

    def row(self, name: str) -> str:
        def pct(a: int, b: int) -> str:
            return f"{a / b:6.3f}" if b else "     –"
        return (f"{name:<28} {self.n:5d} {pct(self.g_agree, self.n)} {self.decidable:5d} "
                f"{pct(self.decided, self.decidable)} {pct(self.agree, self.decided)} {self.claims:6d} "
                f"{pct(self.claims_decided, self.claims)} {pct(self.claims_agree, self.claims_decided)} "
                f"{self.false_wrong:5d}")


HEADER = (f"{'group':<28} {'n':>5} {'G agr':>6} {'decid':>5} {'dec%':>6} {'agree':>6} {'claims':>6} "
          f"{'dec%':>6} {'agree':>6} {'fwrng':>5}")


def measure(records: list[dict], misses: list | None = None) -> Tally:
    """Tally one group of captions; with ``misses``, append what disagrees or is undecided."""
    worlds = load_worlds()
    t = Tally()
    for r in records:
        world = worlds[r["image"]]
        v = verdict(r["caption"], world)
        t.n += 1
        t.g_agree += v.grammatical == r["well_formed"]
        if r["truth"] in DECIDED:
            t.decidable += 1
            if v.truth in DECIDED:
                t.decided += 1
                t.agree += v.truth == r["truth"]
            if misses is not None and v.truth != r["truth"]:
                misses.append(("caption", r["id"], r["caption"], r["truth"], v.truth, v.reason))
        for c in r["claims"]:
            cv = verdict(c["text"], world)
            if cv.truth == "false" and c["truth"] != "false":
                t.false_wrong += 1
                if misses is not None:
                    misses.append(("false-wrong", r["id"], c["text"], c["truth"], cv.truth, cv.reason))
            if c["truth"] not in DECIDED:
                continue
            t.claims += 1
            if cv.truth in DECIDED:
                t.claims_decided += 1
                t.claims_agree += cv.truth == c["truth"]
            if misses is not None and cv.truth != c["truth"]:
                misses.append(("claim", r["id"], c["text"], c["truth"], cv.truth, cv.reason))
    return t


def report(records: list[dict], by: tuple[str, ...] = ("prompt", "dataset")) -> list[str]:
    lines = [HEADER]
    total = Tally()
    for key in by:
        groups = collections.defaultdict(list)
        for r in records:
            groups[r[key]].append(r)
        for name in sorted(groups):
            t = measure(groups[name])
            lines.append(t.row(f"{key}={name}"))
            if key == by[0]:
                total.add(t)
    lines.append(total.row("ALL"))
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", choices=("dev", "test", "all"), default="all")
    ap.add_argument("--misses", type=int, default=0, help="list this many disagreements and undecided items")
    ap.add_argument("--kind", default=None, help="with --misses: only caption / claim / false-wrong")
    args = ap.parse_args()
    corpus = load_corpus()
    halves = ("dev", "test") if args.split == "all" else (args.split,)
    for half in halves:
        records = [r for r in corpus if r["split"] == half]
        print(f"## {half} ({len(records)} captions)")
        print("\n".join(report(records)))
        if args.misses:
            found: list = []
            measure(records, found)
            if args.kind:
                found = [m for m in found if m[0] == args.kind]
            for m in found[:args.misses]:
                print(" | ".join(str(x) for x in m))


if __name__ == "__main__":
    main()
