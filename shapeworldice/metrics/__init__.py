"""Caption metrics behind one small interface (modelled on sacrebleu).

>>> from shapeworldice.metrics import score_all, get_metric
>>> results = score_all([["A red square is left of a circle."]],
...                     [["A red square is to the left of a circle.", "There is a circle."]])
>>> sorted(results)
['bleu_1', 'bleu_2', 'bleu_3', 'bleu_4', 'cider_d', 'meteor', 'rouge_l']

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
    "lsa_diversity_image", "mbleu_image", "diversity_accuracy_f",
]

_REGISTRY: dict[str, type[Metric]] = {
    "bleu": Bleu, "cider_d": CiderD, "rouge_l": RougeL, "meteor": Meteor,
}


def available_metrics() -> list[str]:
    """Registry names accepted by :func:`get_metric`."""
    return list(_REGISTRY)


def get_metric(name: str, **kwargs: Any) -> Metric:
    """A metric by registry name (``bleu``, ``cider_d``, ``rouge_l``, ``meteor``).

    Keyword arguments go to the metric's constructor (e.g. ``get_metric("bleu", n=2)``).
    """
    key = name.lower().replace("-", "_")
    if key not in _REGISTRY:
        raise KeyError(f"unknown metric {name!r}; available: {', '.join(_REGISTRY)}")
    return _REGISTRY[key](**kwargs)


def score_all(
    candidates: CaptionsInput,
    references: CaptionsInput,
    include_meteor: bool = False,
    meteor_timeout: float | None = None,
) -> dict[str, MetricResult]:
    """BLEU-1..4, CIDEr-D, ROUGE-L (and METEOR on request) sharing one tokenisation.

    Keys: ``bleu_1`` … ``bleu_4``, ``cider_d``, ``rouge_l``, ``meteor``.  Without
    ``include_meteor`` the ``meteor`` entry is present with ``score=None`` and
    ``unavailable="not computed (include_meteor=False)"``, so reports always carry the key.
    """
    corpus = PreparedCorpus(candidates, references)
    out: dict[str, MetricResult] = {}
    for metric in (Bleu(), CiderD(), RougeL()):
        out.update(metric.compute_prepared(corpus))
    meteor = Meteor(timeout=meteor_timeout)
    if include_meteor:
        out.update(meteor.compute_prepared(corpus))
    else:
        out["meteor"] = MetricResult("meteor", None, None, meteor.signature(corpus),
                                     "not computed (include_meteor=False)")
    return out
