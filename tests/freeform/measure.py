"""Run the project's evaluator on the free-form corpus and compare it with the corpus's labels.

For each caption: the built-in parser's verdict (grammatical or not) and, when grammatical, the
evaluator's truth on the caption's world (``shapeworldice.interpret.evaluate``: the reading the
interpreter prefers, then three-valued truth): true, false, ambiguous or uninterpretable.
Figures, per style and overall:

* ``grammatical``: share of the well-formed captions the parser accepts (goal ≥ 0.95);
* ``rejected``: share of the model-style errors it rejects, among those whose pattern the ERG
  rejects in the shared judgments (goal 1.0); errors the ERG accepts (run-ons "There is a
  circle there is an ellipse.") and those it was never asked about (other run-ons) are
  counted apart, with the parser's G on them and no goal (``erg_accepts``, ``erg_unknown``);
* ``coverage``: share of the *checkable* captions (well-formed, truth decided by the labels)
  to which the evaluator gives a truth value (true, false or ambiguous: parsed and
  interpreted) (goal ≥ 0.90);
* ``agreement``: share of the covered captions where the evaluator's truth is the label (goal
  ≥ 0.99); "ambiguous" on a caption the labels decide is a disagreement, because the labels
  are decided only outside ShapeWorld's margins;
* ``overreach``: well-formed captions the labels call undecided that the evaluator decides anyway
  (reported, no goal: e.g. "the black square" with no black square, or the world's background).

Run ``python -m tests.freeform.measure`` (``--kind`` for per-kind rows, ``--misses N`` to list
up to N disagreements and uncovered captions per style).
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Iterable

import numpy as np

from shapeworldice.interpret import reading_verdict
from shapeworldice.parsing import BuiltinParser
from shapeworldice.world.model import World

from .corpus import load, load_worlds
from .english import NUMBERS, a, rel_phrase, sentence, words
from .labels import Claim, Desc, Rel, Truth, things_of

GOALS = {"grammatical": 0.95, "rejected": 1.0, "coverage": 0.90, "agreement": 0.99}


@dataclass(frozen=True)
class Outcome:
    """The evaluator on one corpus record."""

    record: dict[str, Any]
    grammatical: bool
    verdict: str | None  # true / false / ambiguous / uninterpretable; None when ungrammatical

    @property
    def covered(self) -> bool:
        """The evaluator gave a truth value: true, false or ambiguous (not ungrammatical or uninterpretable)."""
        return self.verdict in ("true", "false", "ambiguous")

    @property
    def decided(self) -> bool:
        return self.verdict in ("true", "false")

    @property
    def checkable(self) -> bool:
        return bool(self.record["wellformed"]) and self.record["truth"] is not None

    @property
    def agrees(self) -> bool:
        return self.decided and (self.verdict == "true") == self.record["truth"]  # ambiguous never agrees


def run(records: Iterable[dict[str, Any]] | None = None,
        worlds: dict[str, dict[str, Any]] | None = None) -> list[Outcome]:
    """The evaluator's verdict on every record (default: the frozen corpus)."""
    records = load() if records is None else records
    models = load_worlds() if worlds is None else worlds
    parser = BuiltinParser()
    built: dict[str, World] = {}
    outcomes = []
    for record in records:
        world = built.get(record["world"])
        if world is None:
            world = built[record["world"]] = World.from_model(models[record["world"]])
        parsed = parser.parse(record["text"])
        verdict = None
        if parsed.grammatical:
            verdict = reading_verdict(parsed.readings, world, key=parsed.normalised).truth
        outcomes.append(Outcome(record, parsed.grammatical, verdict))
    return outcomes


def _share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def figures(outcomes: Iterable[Outcome]) -> dict[str, Any]:
    """Counts and rates of one group of outcomes (see the module docstring)."""
    outcomes = list(outcomes)
    wellformed = [o for o in outcomes if o.record["wellformed"]]
    errors = [o for o in outcomes if not o.record["wellformed"] and o.record.get("erg") == "rejects"]
    erg_accepts = [o for o in outcomes if not o.record["wellformed"] and o.record.get("erg") == "accepts"]
    erg_unknown = [o for o in outcomes if not o.record["wellformed"] and o.record.get("erg") == "unknown"]
    checkable = [o for o in wellformed if o.checkable]
    covered = [o for o in checkable if o.covered]
    agreed = [o for o in covered if o.agrees]
    undecided = [o for o in wellformed if not o.checkable]
    return {
        "n": len(outcomes), "wellformed": len(wellformed), "errors": len(errors), "checkable": len(checkable),
        "covered": len(covered), "agreed": len(agreed),
        "grammatical": _share(sum(o.grammatical for o in wellformed), len(wellformed)),
        "rejected": _share(sum(not o.grammatical for o in errors), len(errors)),
        "coverage": _share(len(covered), len(checkable)),
        "agreement": _share(len(agreed), len(covered)),
        "overreach": _share(sum(o.decided for o in undecided), len(undecided)),
        "erg_accepts": len(erg_accepts),
        "erg_accepts_grammatical": _share(sum(o.grammatical for o in erg_accepts), len(erg_accepts)),
        "erg_unknown": len(erg_unknown),
        "erg_unknown_grammatical": _share(sum(o.grammatical for o in erg_unknown), len(erg_unknown)),
    }


def by(outcomes: Iterable[Outcome], key: str) -> dict[str, dict[str, Any]]:
    """:func:`figures` per value of a record field (``style`` or ``kind``), in corpus order."""
    groups: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        groups[o.record[key]].append(o)
    return {name: figures(group) for name, group in groups.items()}


def template_sample(worlds: dict[str, dict[str, Any]], per_world: int = 40, seed: int = 5
                    ) -> list[tuple[str, str, Truth]]:
    """(world id, caption, label) for random captions of the template language on each world —
    "there is a D", "a D1 is R a D2", "exactly n Ds are C" — labelled by the corpus's labeller.
    The evaluator reads these today, so it must agree with the labels on all of them, undecided
    (ambiguous) ones included: a difference means one of the two semantics is wrong."""
    rng = np.random.default_rng(seed)
    sample = []
    for world_id, model in worlds.items():
        things = things_of(model)
        descs = sorted({d for t in things for d in (Desc(t.color, t.shape), Desc(shape=t.shape), Desc(color=t.color))}
                       | {Desc(c, s) for c in ("red", "blue") for s in ("square", "circle")}, key=Desc.form)
        for _ in range(per_world):
            kind = int(rng.integers(3))
            d1, d2 = descs[int(rng.integers(len(descs)))], descs[int(rng.integers(len(descs)))]
            if kind == 0:
                claim, text = Claim("exists", d1), sentence(f"there is {a(d1)}")
            elif kind == 1:
                name = ("above", "below", "left", "right")[int(rng.integers(4))]
                claim = Claim("exists", Desc(d1.color, d1.shape, (Rel(name, "a", d2),)))
                text = sentence(f"{a(d1)} is {rel_phrase(name)} {a(d2)}")
            else:
                if d1.color is None:
                    continue
                n = int(rng.integers(0, 4))
                subject = words(Desc(shape=d1.shape), n) if d1.shape else words(Desc(), n)
                claim = Claim("count", d1, n=n, exact=True)
                text = sentence(f"exactly {NUMBERS[n]} {subject} {'is' if n == 1 else 'are'} {d1.color}")
            sample.append((world_id, text, claim.truth(things)))
    return sample


def template_agreement(sample: list[tuple[str, str, Truth]], worlds: dict[str, dict[str, Any]]
                       ) -> tuple[int, list[tuple[str, str, Truth, str | None]]]:
    """(how many were compared, the differences as (world, caption, label, evaluator verdict))."""
    records = [{"world": w, "text": text, "wellformed": True, "truth": label, "style": "template"}
               for w, text, label in sample]
    differences = []
    for o in run(records, worlds):
        want = {True: "true", False: "false", None: "ambiguous"}[o.record["truth"]]
        if o.verdict != want:
            differences.append((o.record["world"], o.record["text"], o.record["truth"], o.verdict))
    return len(records), differences


def _fmt(value: float | None) -> str:
    return "    –" if value is None else f"{value:5.3f}"


def table(rows: dict[str, dict[str, Any]], title: str) -> str:
    lines = [f"{title:<26} {'n':>5} {'wf':>5} {'G(wf)':>6} {'err':>4} {'rej':>6} {'check':>6} {'cover':>6} "
             f"{'agree':>6} {'overr':>6}"]
    for name, f in rows.items():
        lines.append(f"{name:<26} {f['n']:>5} {f['wellformed']:>5} {_fmt(f['grammatical']):>6} {f['errors']:>4} "
                     f"{_fmt(f['rejected']):>6} {f['checkable']:>6} {_fmt(f['coverage']):>6} "
                     f"{_fmt(f['agreement']):>6} {_fmt(f['overreach']):>6}")
    return "\n".join(lines)


def misses(outcomes: Iterable[Outcome], per_style: int) -> list[str]:
    """Disagreements first, then uncovered checkable captions, up to ``per_style`` of each per style."""
    shown: dict[tuple[str, str], int] = defaultdict(int)
    lines = []
    for what, test in (("DISAGREE", lambda o: o.checkable and o.covered and not o.agrees),
                       ("uncovered", lambda o: o.checkable and not o.covered)):
        for o in outcomes:
            style = o.record["style"]
            if test(o) and shown[(what, style)] < per_style:
                shown[(what, style)] += 1
                lines.append(f"{what} {o.record['id']} label={o.record['truth']} evaluator={o.verdict}: "
                             f"{o.record['text']}")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.freeform.measure", description=__doc__.splitlines()[0])
    ap.add_argument("--kind", action="store_true", help="also one row per style and kind")
    ap.add_argument("--misses", type=int, default=0, metavar="N", help="list up to N misses per style")
    ap.add_argument("--sanity", type=int, default=0, metavar="N",
                    help="also compare labeller and evaluator on N random template captions per world")
    args = ap.parse_args(argv)
    if args.sanity:
        worlds = load_worlds()
        n, differences = template_agreement(template_sample(worlds, args.sanity), worlds)
        print(f"template captions: {n}, labeller and evaluator differ on {len(differences)}")
        for difference in differences[:50]:
            print("  ", *difference)
    outcomes = run()
    rows = by(outcomes, "style")
    rows["ALL"] = figures(outcomes)
    print(table(rows, "style"))
    total = rows["ALL"]
    print(f"errors the ERG accepts: {total['erg_accepts']}, G {_fmt(total['erg_accepts_grammatical'])}; "
          f"errors not in the ERG judgments: {total['erg_unknown']}, G {_fmt(total['erg_unknown_grammatical'])}")
    if args.kind:
        for o in outcomes:  # "style/kind" keys
            o.record.setdefault("style_kind", f"{o.record['style']}/{o.record['kind']}")
        kinds = by(outcomes, "style_kind")
        order = {name: i for i, name in enumerate(rows)}
        print()
        print(table({k: kinds[k] for k in sorted(kinds, key=lambda k: (order[k.split("/")[0]], k))}, "style/kind"))
    if args.misses:
        print()
        print("\n".join(misses(outcomes, args.misses)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
