"""The main job on a small default: six datasets, five sanity baselines, one table, one plot.

Everything it shows is kept under ``--out``: the datasets (``data/``), every baseline's caption
file (``captions/DATASET/KIND.json``), the table (``table.txt`` as printed, ``table.json`` with
each row's scores and intervals), the robustness files and the staged checkpoints with their curves.

It shows in about a minute what ShapeWorldICE is for: the baselines separate cleanly on
G and T while BLEU-4 and CIDEr-D keep "shuffled" (true of another image) close to the references.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Callable, Iterator

import numpy as np

from ..data.build import generate
from ..progress import lines as phase_lines
from ..data.loader import load
from .studies.baselines import FLOOR_KINDS, KINDS, baseline, write_baseline
from .studies.curves import curves, row_of
from .studies.manifest_floors import record_floors
from .core.gtd import Evaluator
from ..metrics import catalogue
from ..errors import one_line
from ..safe_write import write_file, write_together
from .io.outputs import json_text
from .io.report import DIVERSITY_NOTE, INTERVAL_NOTE, table
from .studies.robustness import robustness, robustness_table, write_robustness

SIX = ("existential-oneshape", "existential-multishapes", "spatial-twoshapes", "spatial-multishapes",
       "quantification-count", "quantification-ratio")
#: the opt-in ``new`` suite: ShapeWorld's tasks beyond the paper's six, same table, no plots
NEW_TASKS = ("relational-attribute", "relational-comparative", "relational-negation", "relational-proximity",
             "selection", "quantification-complex", "logical", "relative-clauses", "coreference")
#: the opt-in ``informative`` suite: the paper's six in their informative forms, headed by T(skill)
INFORMATIVE = tuple(f"{name}-informative" for name in SIX)
SUITES = {"paper": SIX, "new": NEW_TASKS, "informative": INFORMATIVE}
#: The table's measures (labels from the catalogue).
COLUMN_KEYS = ("grammaticality", "truthfulness", "diversity", "informativeness_relative", "bleu_4", "cider_d",
               "spice")
#: The informative suite's measures: the score no captioner without the dataset's skill can earn first.
SKILL_COLUMN_KEYS = ("skill_truth", "truthfulness", "grammaticality", "informativeness_relative", "bleu_4",
                     "cider_d")
#: the informative suite's captioners: the references, the floors, and the floor of the skill view
SKILL_SUITE_KINDS = ("references", "shuffled") + FLOOR_KINDS
SKILL_NOTE = ("T(skill) counts a caption only when it is true and not probable (at most the dataset's bound) given "
              "the view of a captioner without the dataset's skill; the skill-view row (object-bag, object-set, "
              "colours-shapes-unbound) writes the training caption likeliest given that view: its T can be high, "
              "its T(skill) stays within the bound; n/a: the dataset names no skill view.")
#: (iteration, share of random-words, shuffled, references captions): fluent-but-false captions
#: arrive before true ones, as when a model learns the language before the grounding.
CHECKPOINTS = ((1000, 1.0, 0.0, 0.0), (2000, 0.3, 0.7, 0.0), (3000, 0.0, 0.8, 0.2), (4000, 0.0, 0.5, 0.5),
               (5000, 0.0, 0.0, 1.0))


Say = Callable[[str], None]


def _silent(line: str) -> None:
    pass


def skill_view(directory: Path) -> str | None:
    """The skill view a built dataset names (its definition's ``skill_view``), if any."""
    manifest = json.loads((Path(directory) / "manifest.json").read_text(encoding="utf-8"))
    view = manifest.get("definition", {}).get("captions", {}).get("skill_view")
    return str(view) if view else None


def baseline_table(out: Path, workers: int, train: int, test: int, say: Say = _silent,
                   names: tuple[str, ...] = SIX, progress: bool = False, skill: bool = False
                   ) -> tuple[list[tuple[str, dict]], dict[str, Path]]:
    """Build each dataset and score its baselines: the table's rows and the built folders. ``say``
    hears a line as each phase starts (each build's prior sample, instances and floors, each
    baseline); ``progress`` adds the bars of the evaluations (on a terminal)."""
    rows, built = [], {}
    for i, name in enumerate(names, 1):
        kinds: tuple[str, ...] = KINDS + FLOOR_KINDS
        scoring = "its floors and references" if skill else f"{len(kinds)} baselines"
        say(f"[{i}/{len(names)}] {name}: building {train} training and {test} test images, scoring {scoring}")
        directory = generate(name, out / "data", seed=0, train=train, validation=8, test=test, workers=workers,
                             progress=phase_lines(say, "    "), floors=record_floors)
        built[name] = directory
        if skill:  # the floors, and the captioner of the view the dataset's skill truth is bounded by
            view = skill_view(directory)
            kinds = SKILL_SUITE_KINDS + ((view,) if view else ())
        evaluator = Evaluator(directory)
        (out / "captions" / name).mkdir(parents=True, exist_ok=True)
        for k, kind in enumerate(kinds, 1):
            say(f"    {name}: baseline {kind} ({k}/{len(kinds)})")
            entries = baseline(evaluator.data, kind, seed=0)
            write_baseline(entries, out / "captions" / name / f"{kind}.json")  # kept: --out promises them
            report = evaluator.evaluate(entries, progress=progress)
            # the row's scores, with their 95% intervals under "intervals" (the table prints ± rows)
            rows.append((f"{name} {kind}", {**report.scores, "intervals": report.intervals}))
    return rows, built


def mixed_checkpoints(directory: Path, folder: Path) -> list[str]:
    """Five fake checkpoints mixing the random-words, shuffled and references baselines."""
    split = load(directory, "test")
    sources = {k: baseline(split, k, seed=0) for k in ("random-words", "shuffled", "references")}
    rng = np.random.default_rng(0)
    files = []
    kinds = ("random-words", "shuffled", "references")
    for iteration, *shares in CHECKPOINTS:
        entries = []
        for i in range(len(split)):
            kind = kinds[int(rng.choice(3, p=shares))]
            entry = dict(sources[kind][i])
            entry.pop("reference_index", None)  # checkpoints are scored against all references
            entries.append(entry)
        path = folder / f"ckpt-{iteration}.json"
        write_file(path, json.dumps(entries).encode("utf-8"))
        files.append(str(path))
    return files


def run(out: str | Path, workers: int = 0, train: int = 200, test: int = 64, say: Say = _silent,
        suite: str = "paper", progress: bool = False) -> Iterator[str]:
    """The quickstart's output lines; ``say`` receives a progress line as each slow step starts
    (the table comes only after all six datasets are built and scored), ``progress`` shows the
    bars of the long ones on a terminal. ``suite="new"`` scores the same baselines on the nine
    tasks beyond the paper's (:data:`NEW_TASKS`), ``suite="informative"`` the references, shuffled,
    floors and skill-view captioner on the six informative forms (:data:`INFORMATIVE`) with T(skill)
    first; both stop after the table's notes."""
    if suite not in SUITES:
        raise ValueError(f"unknown quickstart suite {suite!r} (known: {', '.join(SUITES)})")
    out = Path(out)
    workers = workers or os.cpu_count() or 1
    skill = suite == "informative"
    rows, built = baseline_table(out, workers, train, test, say, SUITES[suite], progress, skill=skill)
    keys = SKILL_COLUMN_KEYS if skill else COLUMN_KEYS
    notes = [table(rows, [(catalogue.label(k), k) for k in keys], intervals=[r["intervals"] for _, r in rows]),
             INTERVAL_NOTE, *([SKILL_NOTE] if skill else [DIVERSITY_NOTE, catalogue.measure("spice").note or ""]),
             "'blind' is the training caption truest on the training worlds, 'prior' the most frequent one, "
             "each for every image: the floor of a dataset. I/ref = informativeness relative to the references "
             "(prior sample of 1,000 worlds at this size).",
             "'shuffled' is grammatical and often false,",
             "yet its BLEU-4/CIDEr-D stay near the references': surface metrics miss truthfulness."]
    yield from notes
    kept = write_together([(out / "table.txt", ("\n".join(notes) + "\n").encode("utf-8")),
                           (out / "table.json", (json_text({label: scores for label, scores in rows}, indent=1,
                                                           sort_keys=True) + "\n").encode("utf-8"))])
    yield f"wrote {one_line(str(kept[0]))}, {one_line(str(kept[1]))} and each baseline's captions in " \
          f"{one_line(str(out / 'captions'))}"
    if suite != "paper":
        return
    yield ""
    yield "Robustness to damaged references: T falls under 'shuffled', G under 'permuted'/'random-words';"
    yield "BLEU/CIDEr-D keep more."
    say("robustness: damaging spatial-twoshapes references at 5 strengths")
    rob = robustness(built["spatial-twoshapes"], steps=5, progress=progress)
    yield robustness_table(rob)
    written = write_robustness(rob, out / "robustness-spatial-twoshapes")
    yield f"wrote {one_line(str(written[-2]))}"
    yield ""
    folder = out / "curves"
    folder.mkdir(parents=True, exist_ok=True)
    say("curves: scoring 5 mixed checkpoints of spatial-multishapes")
    files = mixed_checkpoints(built["spatial-multishapes"], folder)
    evaluator = Evaluator(built["spatial-multishapes"])
    result = curves(files, lambda p: row_of(evaluator.evaluate(p)),
                    folder / "spatial-multishapes", title="spatial-multishapes: mixed checkpoints", progress=progress)
    yield from (f"warning: {w}" for w in result["warnings"])
    yield ("Staged checkpoints: each one swaps random-words and shuffled captions for references, so every "
           "score rises with T")
    yield ("across them and the correlations below are high by construction; the 'shuffled' rows above show "
           "what a surface metric misses at one checkpoint.")
    for metric, values in result["correlations"].items():
        if values["reason"]:
            yield f"correlation of {catalogue.label(metric)} with T: n/a ({values['reason']})"
            continue
        yield f"correlation of {catalogue.label(metric)} with T: " + ", ".join(
            f"{k} {'n/a' if values[k] is None else f'{values[k]:.2f}'}" for k in ("pearson", "spearman", "kendall"))
    for path in result["files"]:
        yield f"wrote {one_line(str(path))}"
