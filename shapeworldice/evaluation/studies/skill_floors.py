"""Skill floors: captioners that see only part of each scene, to test whether a dataset needs a skill.

A *view* is what a captioner without some skill knows of a scene (e.g. ``object-bag``: which
colour–shape objects occur and how often, but not where). For each test image the floor picks the
training caption most probably true given the image's view. That probability is estimated by
*re-filling* (:mod:`shapeworldice.interpret.refill`): the hidden attributes are taken from a training
world (the *donor*), the visible ones kept from the test image; the caption's truth is evaluated on
:data:`REFILLS` such worlds per image.

Candidates are every distinct training meaning. They are screened on the first
:data:`SCREEN_REFILLS` re-fills of every image; each image's :data:`SHORTLIST` best go on to all
re-fills. Re-fill ``r`` of an image draws from its own generator seeded with ``(seed, view, the
CRC-32 of the image's world JSON, r)``, so an image's choice is the same whatever other images
are captioned with it, in any order (no worker processes are used).
Ties: the more frequent training meaning, then the meaning's text; the caption shown is the
meaning's most frequent training text.

:func:`floor_record` is what a build records in its manifest: every floor's T and I/ref on the first
:data:`RECORD_TEST_IMAGES` test images against the first :data:`RECORD_TRAIN_INSTANCES` training
instances (cheap for small builds, the same bytes for any worker count). The cost grows with the
distinct training meanings, each screened on every image's re-fills, so the caps bound it: a
build larger than either records the caps it used (``train_instances_of`` / ``test_images_of``:
how many the split holds).
"""
from __future__ import annotations

import zlib
from collections import Counter
from itertools import islice
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from ...data.loader import Instance, Split
from ...errors import UserError
from ...interpret import formula_of, truth
from ...interpret.construction import claim_family
from ...semantics.components import from_json as caption_from_json
from ...interpret.agreement import Plan, agreement
from ...interpret.logic import free_vars
from ...interpret.prior import CaptionPrior, WorldSample
from ...interpret.refill import SKILL_KINDS, VIEWS, Refiller
from ...workers import process_pool
from ...world.model import World

REFILLS = 32
SCREEN_REFILLS = 4
SHORTLIST = 12
#: the manifest's floors: measured on at most this many test images (the first ones) ...
RECORD_TEST_IMAGES = 256
#: ... against at most this many training instances (the first ones): candidates and donors; a
#: 10,000-instance informative build's floors took minutes with every training meaning a candidate
RECORD_TRAIN_INSTANCES = 2_000


@dataclass(frozen=True)
class SkillFloor:
    """Per test image: the chosen caption, its meaning and its estimated probability of being true."""

    view: str
    captions: tuple[str, ...]
    semantics: tuple[str, ...]
    probability: tuple[float, ...]


@dataclass(frozen=True)
class Candidates:
    """The training meanings a floor chooses from, compiled once for every view: meanings (sorted),
    their training frequency, the text shown for each, their formulas and evaluation plans (None:
    truth unavailable), and the donor worlds as one sample."""

    meanings: list[str]
    frequency: list[int]
    shown: dict[str, str]
    formulas: list[Any]
    plans: list[Plan | None]
    donors: WorldSample

    @classmethod
    def of(cls, train: Split | Sequence[Instance]) -> "Candidates":
        by_meaning: dict[str, Counter] = {}
        worlds = []
        for inst in train:
            worlds.append(inst.world)
            for text, semantics in zip(inst.captions, inst.semantics_json):
                by_meaning.setdefault(semantics, Counter())[text] += 1
        if not by_meaning:
            name = getattr(train, "name", "the dataset")
            raise UserError(f"the train split of {name} has no captions: no skill floor to choose")
        meanings = sorted(by_meaning)
        frequency = [sum(by_meaning[m].values()) for m in meanings]
        shown = {m: min(c.items(), key=lambda kv: (-kv[1], kv[0]))[0] for m, c in by_meaning.items()}
        formulas = [formula_of(caption_from_json(m)) for m in meanings]
        return cls(meanings, frequency, shown, formulas, [_plan(f) for f in formulas], WorldSample.of(worlds))


def _plan(formula: Any) -> Plan | None:
    """The evaluation plan of a closed formula (None: its truth cannot be computed)."""
    if free_vars(formula):
        return None
    try:
        return Plan(formula)
    except (ValueError, KeyError, TypeError):
        return None


def _probabilities(candidates: Candidates, rows: Sequence[int], sample: WorldSample, refills: int) -> np.ndarray:
    """(candidates ``rows`` × images) share of each image's re-fills where each is true (−1: unknown)."""
    images = sample.size // refills
    out = np.full((len(rows), images), -1.0)
    relations: dict = {}
    parts: dict = {}
    for j, k in enumerate(rows):
        plan = candidates.plans[k]
        if plan is None:
            continue
        if len(parts) > 20_000:
            parts.clear()
        try:
            truth = agreement(candidates.formulas[k], sample, plan=plan, relations=relations, parts=parts)[0]
        except (ValueError, KeyError, TypeError):
            continue
        out[j] = truth.reshape(images, refills).mean(axis=1)
    return out


def skill_floor(train: Split | Sequence[Instance] | Candidates, test: Sequence[World], view: str, seed: int = 0,
                refills: int = REFILLS, screen_refills: int = SCREEN_REFILLS, shortlist: int = SHORTLIST,
                keys: Sequence[int] | None = None) -> SkillFloor:
    """The floor of ``view`` on the ``test`` worlds: per world the training caption most probably true
    given its view. Each world's choice depends on that world alone (and the training split).
    ``train`` may be the training split's :class:`Candidates`, compiled once for several views;
    ``keys``: each test world's CRC-32 of its JSON, if already known."""
    if view not in VIEWS:
        raise UserError(f"unknown skill floor {view!r} (expected one of {', '.join(SKILL_KINDS)})")
    if not len(test):
        raise UserError("no test images: no skill floor to choose")
    candidates = train if isinstance(train, Candidates) else Candidates.of(train)
    meanings, frequency, text = candidates.meanings, candidates.frequency, candidates.shown
    if keys is None:
        keys = [zlib.crc32(w.to_json().encode("utf-8")) for w in test]
    refiller = Refiller(view, candidates.donors, WorldSample.of(list(test)), seed, keys)
    screen_refills = min(screen_refills, refills)
    freq = np.array(frequency, dtype=float)
    screened = _probabilities(candidates, range(len(meanings)), refiller.sample(screen_refills), screen_refills)
    # best first: probability, then frequency, then the meaning's text (its index: meanings are sorted)
    order = np.lexsort((np.arange(len(meanings))[:, None].repeat(len(test), 1),
                        -freq[:, None].repeat(len(test), 1), -screened), axis=0)
    short = sorted({int(k) for k in order[:shortlist].ravel()})
    full = _probabilities(candidates, short, refiller.sample(refills), refills)
    row_of = {k: j for j, k in enumerate(short)}
    chosen, probability = [], []
    for i in range(len(test)):
        candidates_i = order[:shortlist, i].tolist()
        rows = {k: full[row_of[k], i] for k in candidates_i}
        best = min(candidates_i, key=lambda k: (-rows[k], -frequency[k], k))
        chosen.append(best)
        probability.append(float(max(rows[best], 0.0)))
    return SkillFloor(view, tuple(text[meanings[k]] for k in chosen), tuple(meanings[k] for k in chosen),
                      tuple(probability))


class FloorScorer:
    """T and I/ref of one caption meaning per test image, as ``evaluate`` scores them: I is the
    caption's bits when true (0 outside the references' families), capped at its image's most
    informative reference, over the references' mean bits on these images (None without priors).
    What depends on the images alone (families, reference bits) is computed once for every floor."""

    def __init__(self, test: Sequence[Instance], prior: CaptionPrior):
        self.test, self.prior = test, prior
        self.compiled: dict[str, Any] = {}
        self.verdicts: dict[tuple[int, str], bool] = {}  # (image, meaning) → true: floors often agree
        self.families = {claim_family(self.formula(s)) for inst in test for s in inst.semantics_json}
        bits = [[prior.information(self.formula(s)) for s in inst.semantics_json] for inst in test]
        self.caps = [max((b for b in row if b is not None), default=None) for row in bits]
        known = [b for row in bits for b in row if b is not None]
        self.reference_mean = sum(known) / len(known) if known else None

    def formula(self, semantics: str) -> Any:
        if semantics not in self.compiled:
            self.compiled[semantics] = formula_of(caption_from_json(semantics))
        return self.compiled[semantics]

    def __call__(self, meanings: Sequence[str]) -> dict[str, Any]:
        true, information = 0, 0.0
        for i, (inst, semantics, cap) in enumerate(zip(self.test, meanings, self.caps)):
            formula = self.formula(semantics)
            if (i, semantics) not in self.verdicts:
                self.verdicts[i, semantics] = truth(formula, inst.world).label == "true"
            if not self.verdicts[i, semantics]:
                continue
            true += 1
            own = self.prior.information(formula) if claim_family(formula) in self.families else 0.0
            if own is not None:
                information += own if cap is None else min(own, cap)
        relative = information / len(self.test) / self.reference_mean if self.reference_mean else None
        return {"truthfulness": true / len(self.test), "informativeness_relative": relative}


#: a pool worker's floor job: (training instances, test worlds, seed)
_JOB: tuple[Sequence[Instance], list[World], int] | None = None


def _init_job(donors: Sequence[Instance], worlds: list[World], seed: int) -> None:
    global _JOB
    _JOB = (donors, worlds, seed)


def _floor_job(view: str) -> tuple[str, ...]:
    assert _JOB is not None
    return skill_floor(_JOB[0], _JOB[1], view, _JOB[2]).semantics


def _size(split: Split) -> int:
    """Instances of a built split, from its manifest (the split is not read)."""
    return int(split.manifest["splits"][split.split]["instances"])


def floor_record(train: Split, test: Split, prior: CaptionPrior, seed: int = 0, workers: int = 1) -> dict[str, Any]:
    """The manifest's ``prior.skill_floors``: sizes, seed and every floor's T and I/ref (no floors
    when the build has no training caption or no test image). With ``workers`` > 1 the floors are
    chosen in parallel, one view per job: each is the same whoever computes it."""
    donors = list(islice(train.stream(), RECORD_TRAIN_INSTANCES + 1))  # a large split is never read whole
    images = list(islice(test.stream(), RECORD_TEST_IMAGES + 1))
    record: dict[str, Any] = {"test_images": min(len(images), RECORD_TEST_IMAGES),
                              "train_instances": min(len(donors), RECORD_TRAIN_INSTANCES), "seed": seed,
                              "refills": REFILLS, "floors": {}}
    if len(images) > RECORD_TEST_IMAGES:  # capped: say so, with the split's size
        record["test_images_of"], images = _size(test), images[:RECORD_TEST_IMAGES]
    if len(donors) > RECORD_TRAIN_INSTANCES:
        record["train_instances_of"], donors = _size(train), donors[:RECORD_TRAIN_INSTANCES]
    if not images or not any(inst.captions for inst in donors):
        return record
    worlds = [inst.world for inst in images]
    if workers > 1:
        with process_pool(workers, len(SKILL_KINDS), _init_job, (donors, worlds, seed)) as pool:
            chosen = list(pool.map(_floor_job, SKILL_KINDS))
    else:  # the candidates and the images' keys once for every view
        candidates = Candidates.of(donors)
        keys = [zlib.crc32(w.to_json().encode("utf-8")) for w in worlds]
        chosen = [skill_floor(candidates, worlds, view, seed, keys=keys).semantics for view in SKILL_KINDS]
    scores = FloorScorer(images, prior)
    for view, meanings in zip(SKILL_KINDS, chosen):
        record["floors"][view] = scores(meanings)
    return record


__all__ = ["Candidates", "FloorScorer", "RECORD_TEST_IMAGES", "RECORD_TRAIN_INSTANCES", "REFILLS", "SKILL_KINDS",
           "SkillFloor", "VIEWS", "floor_record", "skill_floor"]
