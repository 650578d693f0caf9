"""The report's diversity section for models that give several captions per image (Wang & Chan).

For the images with m ≥ 2 captions: the mean Self-CIDEr diversity and LSA diversity
(−log_m of the kernel's √λ₁/Σ√λᵢ; 0 = all captions alike, 1 = all different), mBLEU-1..4
(each caption's BLEU against the image's other captions; high = repetitive) and
mBLEU-mix = 1 − ¼Σ mBLEU-n, and the diversity–accuracy F-score
F = (1+β²)·div·acc / (β²·div + acc) with β² = 5, div = mean Self-CIDEr and acc = the accuracy
the caller passes (the report uses T, the share of true captions).

Everything comes from :mod:`shapeworldice.metrics.diversity`, which computes all within-image
caption pairs of the corpus in one vectorised CIDEr (and BLEU) pass.  Self-CIDEr's IDF is the
paper's: the candidate corpus, one document per image (all images, including those with one
caption).  With one caption for every image there is nothing to measure: the section is None.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..metrics import diversity_accuracy_f, lsa_diversity, mbleu, self_cider

__all__ = ["BETA2", "diversity_section"]

BETA2 = 5.0


def diversity_section(grouped: Mapping[str, Sequence[str]], accuracy: float | None) -> dict[str, Any] | None:
    """Diversity measures of several captions per image; None when no image has two captions.

    ``grouped``: image id → that image's output captions; ``accuracy`` ∈ [0, 1] or None (then
    the F-score is None).  Scores average over the images with m ≥ 2 captions.
    """
    ids = [image_id for image_id, captions in grouped.items() if len(captions)]
    candidates = [list(grouped[image_id]) for image_id in ids]
    counts = [len(c) for c in candidates]
    multi = [m for m in counts if m >= 2]
    if not multi:
        return None
    sc = self_cider(candidates)
    lsa = lsa_diversity(candidates)
    mb = mbleu(candidates)
    div = sc.score
    f_score = None
    if accuracy is not None and div is not None:
        f_score = diversity_accuracy_f(div, float(accuracy), BETA2)
    return {
        "images": len(multi),
        "images_single_caption": len(counts) - len(multi),
        "captions_per_image": {"min": min(multi), "max": max(multi), "mean": sum(multi) / len(multi)},
        "self_cider": div,
        "lsa": lsa.score,
        **{name: mb[name].score for name in ("mbleu_1", "mbleu_2", "mbleu_3", "mbleu_4", "mbleu_mix")},
        "accuracy": accuracy,
        "beta2": BETA2,
        "f_score": f_score,
        "signatures": {"self_cider": sc.signature, "lsa": lsa.signature, "mbleu_4": mb["mbleu_4"].signature,
                       "mbleu_mix": mb["mbleu_mix"].signature},
        "notes": {"f_score": "F = (1+b2)*div*acc/(b2*div+acc), b2 = 5, div = mean Self-CIDEr diversity, "
                             "acc = the given accuracy (truthfulness T in the GTD report)",
                  "mbleu": "mBLEU-n: each caption against the image's other captions (high = repetitive); "
                           "mbleu_mix = 1 - mean of mBLEU-1..4 (high = diverse)"},
    }
