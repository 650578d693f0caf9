"""The floors a build records in its manifest, as the step ``generate`` is handed.

The builder (:func:`shapeworldice.data.build.generate`) sits below the evaluation and cannot
measure floors itself; ``swi.generate`` and the ``generate`` command hand it :func:`record_floors`,
which reads the finished splits back and returns the manifest's ``prior`` fields: the references'
mean prior per split, the blind floor (:mod:`..core.floors`) and the nine skill floors
(:mod:`.skill_floors`).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ...data.loader import load
from ...progress import Progress, phase
from ...interpret.prior import CaptionPrior
from ..core.floors import floor_summary
from .skill_floors import floor_record


def record_floors(target: Path, prior: CaptionPrior, seed: int, workers: int, progress: Progress = False
                  ) -> dict[str, Any]:
    """``reference_mean_prior``, ``blind_floor`` and ``skill_floors`` of the finished build at
    ``target`` (a :data:`shapeworldice.data.build.FloorStep`), each phase shown by ``progress``."""
    name = Path(target).name
    with phase(f"{name}: mean prior and blind floor", progress):
        fields = floor_summary(target, prior)
    with phase(f"{name}: skill floors", progress):
        # the shards were just verified by floor_summary: read, not hashed again
        fields["skill_floors"] = floor_record(load(target, "train", verify=False), load(target, "test", verify=False),
                                              prior, seed, workers=workers)
    return fields


__all__ = ["record_floors"]
