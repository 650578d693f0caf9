"""The small interface every caption metric implements, and the shared prepared input.

Inputs are per image: ``candidates[i]`` is the list of the model's captions for image ``i``
(one or more, raw text) and ``references[i]`` its reference captions (raw text; at least one).  Metrics
tokenise internally with :func:`~shapeworldice.metrics.tokenize.ptb_tokenize`.

Several candidates per image: pycocoevalcap accepts exactly one candidate per image.  We score
every candidate caption as its own *item* against its image's references, i.e. exactly what
pycocoevalcap returns when given one entry per (image, candidate).  Corpus scores are over items
(for CIDEr-D this also means an image's references count once per candidate in the IDF
statistics, as they would in pycocoevalcap); ``per_image`` is the mean over the image's
candidates and ``extra["per_caption"]`` (present only when some image has several candidates)
holds every item score, grouped per image.  With one candidate per image
(the usual case) all of this coincides with pycocoevalcap's own semantics.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Sequence, Union

import numpy as np

from ._ngrams import NgramTable, SentenceIndex
from .tokenize import TOKENIZER_ID, tokenize_many

__all__ = ["ItemStatistics", "MetricResult", "Metric", "PreparedCorpus", "CaptionsInput", "impl_version"]

#: Per image: a list of raw captions (a bare string is accepted as a one-caption list).
CaptionsInput = Sequence[Union[str, Sequence[str]]]


def impl_version() -> str:
    """``shapeworldice-<major.minor>`` for signatures."""
    from .._version import __version__

    return "shapeworldice-" + ".".join(__version__.split(".")[:2])


#: ``extra`` entries kept for the evaluator in memory, never serialised: per-caption scores, and
#: BLEU's per-caption sufficient statistics with each caption's image (the report's BLEU intervals)
IN_MEMORY_EXTRA = frozenset({"per_caption", "item_stats"})


@dataclass(frozen=True)
class ItemStatistics:
    """Sufficient statistics of a metric's results: one row per item (``values``: items × k), the
    image of each item, and the scores (result name → one value per row) of summed rows."""

    values: np.ndarray
    item_image: np.ndarray
    score: Callable[[np.ndarray], dict[str, np.ndarray]]


@dataclass
class MetricResult:
    """One metric's outcome, sacrebleu-style: the number plus a signature saying how it was made.

    ``score`` is None when the metric is unavailable (then ``unavailable`` gives the reason);
    ``per_image`` is aligned with the input images (diversity measures use None for images
    where the measure is undefined).
    """

    name: str
    score: float | None
    per_image: Sequence[float | None] | None = None
    signature: str = ""
    unavailable: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self, per_image: bool = False) -> dict[str, Any]:
        """JSON-ready dict (per-image scores only on request: they can be long)."""
        out: dict[str, Any] = {"name": self.name, "score": self.score,
                               "signature": self.signature, "unavailable": self.unavailable}
        if per_image:
            out["per_image"] = self.per_image
        out["extra"] = {k: v for k, v in self.extra.items() if k not in IN_MEMORY_EXTRA}
        return out

    def __str__(self) -> str:
        if self.score is None:
            return f"{self.name} = n/a ({self.unavailable}) [{self.signature}]"
        return f"{self.name} = {self.score:.4f} [{self.signature}]"


def _as_lists(xs: CaptionsInput, what: str) -> list[list[str]]:
    out: list[list[str]] = []
    for i, x in enumerate(xs):
        lst = [x] if isinstance(x, str) else list(x)
        if not lst:
            raise ValueError(f"image {i}: no {what} captions")
        for c in lst:
            if not isinstance(c, str):
                raise TypeError(f"image {i}: {what} caption {c!r} is not a string")
        out.append(lst)
    return out


#: (item, reference) pairs a metric scores at once (:meth:`PreparedCorpus.item_blocks`)
PAIRS_PER_BLOCK = 1 << 14


class PreparedCorpus:
    """Tokenised, flattened and interned (candidates, references), shared by all metrics.

    Items are (image, candidate) pairs in input order; ``item_sent``/``ref_sent`` index the
    interned token tuples in ``sentences``; n-gram tables are built lazily and cached.
    """

    def __init__(self, candidates: CaptionsInput, references: CaptionsInput) -> None:
        cands = _as_lists(candidates, "candidate")
        refs = _as_lists(references, "reference")
        if len(cands) != len(refs):
            raise ValueError(
                f"{len(cands)} images with candidates but {len(refs)} with references")
        self.n_images = len(cands)
        self.cand_counts = np.fromiter((len(c) for c in cands), np.int64, self.n_images)
        self.ref_counts = np.fromiter((len(r) for r in refs), np.int64, self.n_images)
        self.item_ptr = np.zeros(self.n_images + 1, np.int64)
        np.cumsum(self.cand_counts, out=self.item_ptr[1:])
        self.ref_ptr = np.zeros(self.n_images + 1, np.int64)
        np.cumsum(self.ref_counts, out=self.ref_ptr[1:])
        self.item_image = np.repeat(np.arange(self.n_images, dtype=np.int64), self.cand_counts)
        self.ref_image = np.repeat(np.arange(self.n_images, dtype=np.int64), self.ref_counts)
        self.index = SentenceIndex()
        self.item_sent = self.index.add_many(tokenize_many(c for cs in cands for c in cs))
        self.ref_sent = self.index.add_many(tokenize_many(r for rs in refs for r in rs))
        self._tables: dict[int, NgramTable] = {}

    @property
    def n_items(self) -> int:
        return len(self.item_sent)

    @property
    def sentences(self) -> list[tuple[str, ...]]:
        return self.index.sentences

    def ngrams(self, n: int = 4) -> NgramTable:
        """The 1..n-gram table of all interned sentences (built once per n)."""
        if n not in self._tables:
            self._tables[n] = NgramTable.build(self.index.sentences, n)
        return self._tables[n]

    @cached_property
    def pairs(self) -> tuple[np.ndarray, np.ndarray]:
        """(item, reference) index pairs: every item against each reference of its image."""
        counts = self.ref_counts[self.item_image]
        pair_item = np.repeat(np.arange(self.n_items, dtype=np.int64), counts)
        first = np.cumsum(counts) - counts
        pair_ref = (self.ref_ptr[self.item_image][pair_item]
                    + np.arange(len(pair_item), dtype=np.int64) - first[pair_item])
        return pair_item, pair_ref

    def per_image(self, item_scores: np.ndarray) -> list[float]:
        """Mean item score of each image (its single item's score when it has one candidate)."""
        item_scores = np.asarray(item_scores, dtype=np.float64)
        if np.all(self.cand_counts == 1):
            return item_scores.tolist()
        sums = np.add.reduceat(item_scores, self.item_ptr[:-1]) if len(item_scores) else item_scores
        return (sums / self.cand_counts).tolist()

    def per_caption(self, item_scores: np.ndarray) -> list[list[float]]:
        """Item scores grouped per image, in input order."""
        s = np.asarray(item_scores, dtype=np.float64).tolist()
        p = self.item_ptr.tolist()
        return [s[p[i]:p[i + 1]] for i in range(self.n_images)]

    def caption_extra(self, item_scores: np.ndarray) -> dict[str, Any]:
        """``{"per_caption": [[...], ...]}`` when some image has several candidates, else {}."""
        if np.all(self.cand_counts == 1):
            return {}
        return {"per_caption": self.per_caption(item_scores)}

    def item_blocks(self, pairs: int | None = None) -> list[tuple[int, int, int, int]]:
        """Consecutive item ranges ``(a, b, lo, hi)`` of about ``pairs`` (item, reference) pairs
        each, with their pairs ``lo:hi`` in :attr:`pairs`: metrics that score pairs work block by
        block, so their memory is that of a block, not of the corpus.  One block when an item has
        no reference (``reduceat`` needs every item's first pair inside its block)."""
        pairs = PAIRS_PER_BLOCK if pairs is None else pairs
        starts, total = self.pair_starts, int(self.ref_counts[self.item_image].sum())
        if self.n_items == 0:
            return []
        if np.any(self.ref_counts[self.item_image] == 0):
            return [(0, self.n_items, 0, total)]
        blocks, a = [], 0
        while a < self.n_items:
            b = max(int(np.searchsorted(starts, starts[a] + pairs, side="left")), a + 1)
            blocks.append((a, b, int(starts[a]), int(starts[b]) if b < self.n_items else total))
            a = b
        return blocks

    @cached_property
    def pair_starts(self) -> np.ndarray:
        """Index of each item's first pair in :attr:`pairs` (for ``np.*.reduceat``)."""
        counts = self.ref_counts[self.item_image]
        starts = np.zeros(self.n_items, np.int64)
        np.cumsum(counts[:-1], out=starts[1:])
        return starts

    @staticmethod
    def _range_tag(counts: np.ndarray) -> str:
        if len(counts) == 0:
            return "0"
        lo, hi = int(counts.min()), int(counts.max())
        return str(lo) if lo == hi else f"{lo}-{hi}"

    def signature_fields(self) -> str:
        """``tok:..|ref:..|cand:..`` — the input facts that change every metric's number."""
        return (f"tok:{TOKENIZER_ID}|ref:{self._range_tag(self.ref_counts)}"
                f"|cand:{self._range_tag(self.cand_counts)}")


class Metric(ABC):
    """A caption metric: ``compute(candidates, references)`` → {result name: MetricResult}.

    Every metric returns a dict so that a metric of several results (BLEU-1..4) and one of a single
    result share one interface; :func:`shapeworldice.metrics.score_all` merges these dicts.
    """

    #: Registry name (``get_metric(name)``).
    name: str = ""
    #: Names of the results ``compute`` returns.
    result_names: tuple[str, ...] = ()

    def compute(self, candidates: CaptionsInput, references: CaptionsInput) -> dict[str, MetricResult]:
        """Score raw-text candidates against raw-text references (tokenised inside)."""
        return self.compute_prepared(PreparedCorpus(candidates, references))

    __call__ = compute

    def compute_prepared(self, corpus: PreparedCorpus) -> dict[str, MetricResult]:
        """Score an already prepared corpus (lets several metrics share tokenisation/n-grams)."""
        if corpus.n_images == 0:
            return {n: MetricResult(n, None, None, self.signature(corpus, n), "no images")
                    for n in self.result_names}
        return self._compute(corpus)

    @abstractmethod
    def _compute(self, corpus: PreparedCorpus) -> dict[str, MetricResult]:
        """Compute on a non-empty corpus."""

    @abstractmethod
    def signature(self, corpus: PreparedCorpus, result_name: str) -> str:
        """The sacrebleu-style signature of one result on this corpus."""

    def statistics(self, result: MetricResult) -> "ItemStatistics | None":
        """The per-item sufficient statistics ``result`` was made from (sacrebleu's contract): the
        corpus score is :attr:`ItemStatistics.score` of their sum, so resampling sums gives
        intervals and paired tests for any metric that has them. None for a metric whose score is
        no function of summed statistics (CIDEr-D: its IDF weights depend on the whole corpus);
        the evaluator then resamples its per-caption scores."""
        return None
