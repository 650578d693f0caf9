"""The validity table of docs/results.md from ``shapeworldice validity --out PREFIX`` results (one per dataset).

Run by hand (``python benchmarks/validity_table.py PREFIX.json...``). Prints one Markdown row per
measure and one column per dataset: the caption-level AUC among grammatical captions (true vs
other), its 95% bootstrap interval, and Kendall τ with T across the systems. Asserts nothing.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from shapeworldice.metrics import catalogue  # noqa: E402

LABELS = {"critic": "Critic"}


def main(paths: list[str]) -> None:
    results = [json.loads(Path(p).read_text(encoding="utf-8")) for p in paths]
    found = {k for r in results for k in r["caption_level"] if k != "grammaticality"}
    order = catalogue.keys()
    keys = sorted(found, key=lambda k: (order.index(k) if k in order else len(order), k))
    names = [r["dataset"].replace("-informative", "") for r in results]
    print("| measure | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for key in keys:
        cells = []
        for r in results:
            entry = r["caption_level"].get(key, {}).get("grammatical")
            tau = r["system_level"]["truthfulness"].get(key, {}).get("kendall")
            if entry is None or entry["auc"] is None:
                cells.append("n/a")
                continue
            shown_tau = "n/a" if tau is None else f"{tau:+.2f}"
            cells.append(f"{entry['auc']:.2f} [{entry['low']:.2f}–{entry['high']:.2f}] τ {shown_tau}")
        print(f"| {LABELS.get(key, catalogue.label(key))} | " + " | ".join(cells) + " |")
    systems = sorted({s for r in results for s in r["systems"]})
    print(f"\n{len(systems)} systems: {', '.join(systems)}; "
          + ", ".join(f"{n}: {r['captions']} captions, {r['true']} true" for n, r in zip(names, results)))


if __name__ == "__main__":
    main(sys.argv[1:])
