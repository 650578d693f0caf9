"""The surface-metric registry: registry name → :class:`~.base.Metric` class.

``get_metric(name)``, ``score_all``, robustness and variance compute the metrics registered here;
where each of their results is shown (label, style, range, views) is the report layout's business
(:mod:`.catalogue`), which names a metric by its registry name only.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from .base import Metric
from .bleu import Bleu
from .cider import CiderD
from .meteor import Meteor
from .rouge import RougeL

__all__ = ["metrics", "on_request", "register", "registered", "unregister"]

#: registered metrics in the order they are computed; METEOR runs only on request (Java, slow)
_METRICS: dict[str, type[Metric]] = {"bleu": Bleu, "meteor": Meteor, "rouge_l": RougeL, "cider_d": CiderD}
_ON_REQUEST: set[str] = {"meteor"}


def metrics() -> dict[str, type[Metric]]:
    """{registry name: Metric class} of every registered metric, in registration order."""
    return dict(_METRICS)


def on_request() -> set[str]:
    """Registry names of the metrics computed only when asked (METEOR)."""
    return set(_ON_REQUEST)


def register(name: str, metric: type[Metric], on_request: bool = False) -> None:
    """Add a metric under ``name`` (a name may be registered once)."""
    if name in _METRICS:
        raise ValueError(f"metric {name!r} is already registered")
    _METRICS[name] = metric
    if on_request:
        _ON_REQUEST.add(name)


def unregister(name: str) -> None:
    """Remove a registered metric."""
    _METRICS.pop(name, None)
    _ON_REQUEST.discard(name)


@contextmanager
def registered(name: str, metric: type[Metric], on_request: bool = False) -> Iterator[None]:
    """The registry with ``metric`` added under ``name`` for the duration of a ``with`` block."""
    register(name, metric, on_request)
    try:
        yield
    finally:
        unregister(name)
