"""The layout of every report: each score a report, table, CSV or plot shows is an entry here.

Each :class:`Measure` says what a score is called (``key``), how people read it (``label``),
how it is drawn (``style``), on what scale it lives (``low``–``high``, ``scale`` = the divisor
that puts it on a shared 0–1 axis) and where it is shown (``views``): the report's ``scores``
keys, the terminal table's columns and the robustness, variance and curves plots follow it. It
computes nothing: surface metrics are computed by the metrics of :mod:`.registry`, which a
surface measure names by its registry name (``metric``).

Adding a surface metric = one module with a :class:`~shapeworldice.metrics.base.Metric`
subclass, registered in :mod:`.registry`, plus one :class:`Measure` here per result name
(``metric`` set to the registry name).

Adding a per-caption GTD measure (like informativeness) = one
:class:`~shapeworldice.evaluation.core.measures.CaptionMeasure` registered in
:mod:`shapeworldice.evaluation.core.registry` plus one :class:`Measure` here per key it gives (its
label, style and views): this module is the layout of every report, and computes nothing.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator


__all__ = ["Measure", "CATALOGUE", "measure", "keys", "labels", "label", "in_view", "registered",
           "register", "unregister", "ON_REQUEST"]

#: Where a measure can appear.
VIEWS = ("report", "table", "breakdown_table", "robustness", "variance", "curves_gtd", "curves_surface")

#: The reason a metric that runs only on request (METEOR) carries when it was not asked for.
ON_REQUEST = "not computed (use --meteor)"

@dataclass(frozen=True)
class Measure:
    """One score: name, label, plot style, range and where it is shown.

    ``metric``: the registry name of the surface metric that computes it (:mod:`.registry`; one
    metric such as ``bleu`` gives several measures).  ``on_request``: shown only when computed
    (METEOR: Java, slow, computed only when asked).  The evaluator computes the others: G, T, D and SPICE* itself,
    the per-caption measures through their interface
    (:mod:`shapeworldice.evaluation.core.measures`).
    """

    key: str
    label: str
    style: str = "-"
    low: float = 0.0
    high: float = 1.0
    views: frozenset[str] = frozenset({"report"})
    metric: str | None = None
    on_request: bool = False
    note: str | None = None

    @property
    def scale(self) -> float:
        """Divisor that puts the measure on a 0–1 axis shared with the others (CIDEr-D: 10)."""
        return self.high if self.high > 1 else 1.0

    @property
    def plot_label(self) -> str:
        """The label in a legend where the values are divided by :attr:`scale`."""
        return self.label if self.scale == 1 else f"{self.label} ÷ {self.scale:g}"


def _views(*names: str) -> frozenset[str]:
    unknown = set(names) - set(VIEWS)
    if unknown:
        raise ValueError(f"unknown view {sorted(unknown)}; views: {', '.join(VIEWS)}")
    return frozenset(("report", *names))


_CLAIMS_NOTE = ("claims: the caption's conjuncts, each with its truth; P(claims) = true / decided claims, "
                "Hall = hallucinated object mentions / object mentions (CHAIR-i), ObjR = share of the world's "
                "objects a caption mentions")

_INFO_NOTE = ("I = -log2 of the caption's smoothed prior truth if it is true of the image, else 0 (bits), at most "
              "the bits of the image's most informative reference, 0 outside the references' families; "
              "I/ref divides by the references' mean I")

_COVERAGE_NOTE = ("Cov = coverage: the share of grammatical captions whose truth the world decides "
                  "(read T and T|G with it)")

_SPICE_NOTE = "SPICE* = SPICE's tuple F1 computed from the grammar's semantics, not the official jar"

#: The measures in report order.
CATALOGUE: list[Measure] = [
    Measure("grammaticality", "G", "-o", views=_views("table", "breakdown_table", "robustness", "curves_gtd")),
    Measure("truthfulness", "T", "-s", views=_views("table", "breakdown_table", "robustness", "curves_gtd")),
    Measure("truthfulness_grammatical", "T|G", "-v", views=_views("table", "breakdown_table"),
            note="T|G = truthfulness among the grammatical captions only (T counts every caption)"),
    Measure("coverage", "Cov", "-.", views=_views("table", "breakdown_table"), note=_COVERAGE_NOTE),
    Measure("diversity", "D", "-^", views=_views("table", "breakdown_table", "curves_gtd")),
    Measure("informativeness", "I bits", "-d", high=15.0, views=_views("breakdown_table"),
            note=_INFO_NOTE),
    Measure("informativeness_relative", "I/ref", "-p", views=_views("table", "breakdown_table", "curves_gtd"),
            note=_INFO_NOTE),
    Measure("prior_unavailable", "no prior", views=_views(),
            note="true captions whose prior could not be computed (I = 0)"),
    Measure("out_of_family", "off-family", views=_views(),
            note="captions outside the families of the dataset's references (they carry I = 0)"),
    Measure("informative_truth", "T(inf)", "-h", views=_views(),
            note="T(inf) = the share of captions that are true, of the references' families and whose prior is "
                 "within the dataset's max_prior"),
    Measure("skill_truth", "T(skill)", "-<", views=_views(),
            note="T(skill) = true and improbable given the view of a captioner without the dataset's skill "
                 "(probability over worlds re-filled from that view at most the dataset's max_view_prior; any "
                 "family); empty where the dataset names no skill view"),
    Measure("claim_precision", "P(claims)", "-x", views=_views(), note=_CLAIMS_NOTE),
    Measure("hallucination_rate", "Hall", "-+", views=_views(), note=_CLAIMS_NOTE),
    Measure("object_recall", "ObjR", "-*", views=_views(), note=_CLAIMS_NOTE),
    Measure("bleu_1", "BLEU-1", ":x", views=_views("robustness", "variance"), metric="bleu"),
    Measure("bleu_2", "BLEU-2", ":s", views=_views("variance"), metric="bleu"),
    Measure("bleu_3", "BLEU-3", ":^", views=_views("variance"), metric="bleu"),
    Measure("bleu_4", "BLEU-4", "--o", views=_views("table", "robustness", "variance", "curves_surface"),
            metric="bleu"),
    Measure("meteor", "METEOR", ":d", views=_views("table", "robustness", "variance", "curves_surface"),
            metric="meteor", on_request=True),
    Measure("rouge_l", "ROUGE-L", ":+", views=_views("table", "robustness", "variance"), metric="rouge_l"),
    Measure("cider_d", "CIDEr-D", "--s", high=10.0,
            views=_views("table", "robustness", "variance", "curves_surface"), metric="cider_d"),
    Measure("spice", "SPICE*", "--^", views=_views("table", "robustness", "variance", "curves_surface"),
            note=_SPICE_NOTE),
]


def measure(key: str) -> Measure:
    """The catalogue entry of ``key`` (KeyError naming the known keys otherwise)."""
    for m in CATALOGUE:
        if m.key == key:
            return m
    raise KeyError(f"unknown measure {key!r}; known: {', '.join(keys())}")


def keys(view: str = "report") -> tuple[str, ...]:
    """Keys of the measures shown in ``view``, in catalogue order."""
    return tuple(m.key for m in CATALOGUE if view in m.views)


def in_view(view: str, meteor: bool = True) -> tuple[Measure, ...]:
    """Measures shown in ``view``; ``meteor=False`` leaves out the on-request ones."""
    return tuple(m for m in CATALOGUE if view in m.views and (meteor or not m.on_request))


def label(key: str) -> str:
    """A measure's label, or the key itself for a name outside the catalogue."""
    return next((m.label for m in CATALOGUE if m.key == key), key)


def labels() -> dict[str, str]:
    """{key: label} of every measure."""
    return {m.key: m.label for m in CATALOGUE}


def register(*entries: Measure, before: str | None = None) -> None:
    """Add measures (before the measure ``before``, else at the end); a key may appear once."""
    for entry in entries:
        if any(m.key == entry.key for m in CATALOGUE):
            raise ValueError(f"measure {entry.key!r} is already in the catalogue")
    position = len(CATALOGUE) if before is None else CATALOGUE.index(measure(before))
    CATALOGUE[position:position] = entries


def unregister(*names: str) -> None:
    """Remove measures by key."""
    CATALOGUE[:] = [m for m in CATALOGUE if m.key not in names]


@contextmanager
def registered(*entries: Measure, before: str | None = None) -> Iterator[None]:
    """The catalogue with ``entries`` added for the duration of a ``with`` block (tests, plug-ins)."""
    register(*entries, before=before)
    try:
        yield
    finally:
        unregister(*(e.key for e in entries))
