"""Caption metrics behind one small interface (modelled on sacrebleu).

>>> from shapeworldice.metrics import score_all, get_metric
>>> results = score_all([["A red square is left of a circle."]],
...                     [["A red square is to the left of a circle.", "There is a circle."]])
>>> sorted(results)
['bleu_1', 'bleu_2', 'bleu_3', 'bleu_4', 'cider_d', 'meteor', 'rouge_l']

The metrics are registered in :mod:`.registry`; their results' labels, styles and ranges are
listed once in :mod:`.catalogue` (the report layout).

Registry names → metrics → result names:

* ``"bleu"`` → :class:`Bleu` → ``bleu_1`` … ``bleu_4`` (four separate :class:`MetricResult`)
* ``"cider_d"`` → :class:`CiderD` → ``cider_d``
* ``"rouge_l"`` → :class:`RougeL` → ``rouge_l``
* ``"meteor"`` → :class:`Meteor` → ``meteor`` (Java; unavailable without it)

Every metric's ``compute(candidates, references)`` returns ``dict[result name, MetricResult]``.
BLEU, CIDEr-D and ROUGE-L equal pycocoevalcap on the same tokenisation (tested to 1e-9).
Diversity measures (Self-CIDEr, LSA, mBLEU, F-score) live in :mod:`.diversity`.
"""
from __future__ import annotations

from typing import Any

from . import catalogue, registry
from .base import CaptionsInput, Metric, MetricResult, PreparedCorpus
from .bleu import Bleu
from .cider import CiderD, cider_d_similarity_matrix, document_frequency
from .diversity import (
    diversity_accuracy_f, lsa_diversity, lsa_diversity_image, mbleu, mbleu_image,
    self_cider, self_cider_diversity_image,
)
from .meteor import Meteor, java_available
from .rouge import RougeL
from .tokenize import PUNCTUATIONS, ptb_tokenize, tokenize_caption

__all__ = [
    "Metric", "MetricResult", "PreparedCorpus", "Bleu", "CiderD", "RougeL", "Meteor",
    "get_metric", "available_metrics", "score_all", "ptb_tokenize", "tokenize_caption",
    "PUNCTUATIONS", "cider_d_similarity_matrix", "document_frequency", "java_available",
    "self_cider", "lsa_diversity", "mbleu", "self_cider_diversity_image",
    "lsa_diversity_image", "mbleu_image", "diversity_accuracy_f", "catalogue", "registry",
]

def available_metrics() -> list[str]:
    """Registry names accepted by :func:`get_metric` (:mod:`.registry`)."""
    return list(registry.metrics())


def get_metric(name: str, **kwargs: Any) -> Metric:
    """A metric by registry name (``bleu``, ``cider_d``, ``rouge_l``, ``meteor``, or one registered
    in :mod:`.registry`).  Keyword arguments go to the metric's constructor (``get_metric("bleu", n=2)``).
    """
    key = name.lower().replace("-", "_")
    known = registry.metrics()
    if key not in known:
        raise KeyError(f"unknown metric {name!r}; available: {', '.join(known)}")
    return known[key](**kwargs)


def score_all(
    candidates: CaptionsInput,
    references: CaptionsInput,
    include_meteor: bool = False,
    meteor_timeout: float | None = None,
) -> dict[str, MetricResult]:
    """Every catalogue surface metric (METEOR only on request) sharing one tokenisation.

    Keys: every surface measure of the catalogue (``bleu_1`` … ``bleu_4``, ``meteor``,
    ``rouge_l``, ``cider_d`` and any registered one).  Without ``include_meteor`` the ``meteor``
    entry is present with ``score=None`` and ``unavailable="not computed (use --meteor)"``, so
    reports always carry the key.
    """
    corpus = PreparedCorpus(candidates, references)
    optional = registry.on_request()
    out: dict[str, MetricResult] = {}
    for metric_name, cls in registry.metrics().items():
        metric = Meteor(timeout=meteor_timeout) if cls is Meteor else cls()
        if metric_name in optional and not include_meteor:
            for name in metric.result_names:
                out[name] = MetricResult(name, None, None, metric.signature(corpus, name), catalogue.ON_REQUEST)
        else:
            out.update(metric.compute_prepared(corpus))
    order = catalogue.keys()
    return dict(sorted(out.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order)))
