"""The report's diversity section for models that give several captions per image (Wang & Chan).

For the images with m ≥ 2 captions: the mean Self-CIDEr diversity and LSA diversity
(−log_m of the kernel's √λ₁/Σ√λᵢ; 0 = all captions alike, 1 = all different), mBLEU-1..4
(each caption's BLEU against the image's other captions; high = repetitive) and
mBLEU-mix = 1 − ¼Σ mBLEU-n, and the diversity–accuracy F-score
F = (1+β²)·div·acc / (β²·div + acc) with β² = 5, div = mean Self-CIDEr and acc = the accuracy
the caller passes (the report uses T, the share of true captions).

Everything comes from :mod:`shapeworldice.metrics.diversity`, which scores the within-image
caption pairs in vectorised CIDEr (and BLEU) passes over batches of images, so memory does not
grow with the number of images.  Pairs grow with the square of the captions per image, so an
image with more than :data:`MAX_DIVERSITY_CAPTIONS` captions is
measured on that many of them, chosen deterministically and spread over the file order
(positions ⌊i·m/K⌋, i = 0..K−1): memory and time stay bounded however many captions a model
gives (the section records how many images were capped).  Self-CIDEr's IDF is the
paper's: the candidate corpus, one document per image (all images, including those with one
caption).  With one caption for every image there is nothing to measure: the section is None.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...metrics import diversity_accuracy_f, lsa_diversity, mbleu, self_cider

__all__ = ["BETA2", "MAX_DIVERSITY_CAPTIONS", "capped", "diversity_section"]

BETA2 = 5.0
#: captions per image the diversity measures compare at most (Wang & Chan sample 5 to 10)
MAX_DIVERSITY_CAPTIONS = 50


def capped(captions: Sequence[str], limit: int = MAX_DIVERSITY_CAPTIONS) -> list[str]:
    """At most ``limit`` captions, spread evenly over the given order (all of them when fewer)."""
    m = len(captions)
    if m <= limit:
        return list(captions)
    return [captions[i * m // limit] for i in range(limit)]


def diversity_section(grouped: Mapping[str, Sequence[str]], accuracy: float | None) -> dict[str, Any] | None:
    """Diversity measures of several captions per image; None when no image has two captions.

    ``grouped``: image id → that image's output captions; ``accuracy`` ∈ [0, 1] or None (then
    the F-score is None).  Scores average over the images with m ≥ 2 captions.
    """
    ids = [image_id for image_id, captions in grouped.items() if len(captions)]
    counts = [len(grouped[image_id]) for image_id in ids]
    candidates = [capped(grouped[image_id]) for image_id in ids]
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
        "max_captions_compared": MAX_DIVERSITY_CAPTIONS,
        "images_capped": sum(m > MAX_DIVERSITY_CAPTIONS for m in multi),
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
                  "cap": f"images with more than {MAX_DIVERSITY_CAPTIONS} captions are measured on "
                         f"{MAX_DIVERSITY_CAPTIONS} of them, at positions floor(i*m/{MAX_DIVERSITY_CAPTIONS})",
                  "mbleu": "mBLEU-n: each caption against the image's other captions (high = repetitive); "
                           "mbleu_mix = 1 - mean of mBLEU-1..4 (high = diverse)"},
    }
