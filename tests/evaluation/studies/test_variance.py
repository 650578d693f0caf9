"""Reference-sample variance (Zhu et al.) on a small built dataset."""
from __future__ import annotations

import csv
import json

import numpy as np
import pytest

from shapeworldice.errors import UserError
from shapeworldice.evaluation.io.outputs import rounded
from shapeworldice.evaluation.studies.baselines import baseline
from shapeworldice.evaluation.studies.variance import (
    metrics,
    _subset_view,
    _surface,
    variance,
    variance_table,
    write_variance,
)
from shapeworldice.metrics import Bleu, PreparedCorpus, score_all




@pytest.fixture(scope="module")
def shuffled(evaluator):
    return variance(None, baseline(evaluator.data, "shuffled", seed=0), evaluator=evaluator)


def test_std_shrinks_with_the_subset(shuffled):
    assert shuffled.sizes == list(range(1, 10))  # 10 references: subsets of 1 … 9
    assert shuffled.draws == 20 and shuffled.pool == {"min": 10, "max": 10}
    for m in metrics():
        s = shuffled.subsets[m]
        assert len(s.scores) == 9 and all(len(row) == 20 for row in s.scores)
        assert s.std[0] > s.std[-1] > 0, (m, s.std)
        assert s.relative_std[0] == pytest.approx(s.std[0] / s.mean[0])
        assert s.std[0] == pytest.approx(np.std(s.scores[0], ddof=1))
    # beside each other, on one scale: CIDEr-D's and BLEU-4's relative std (no claim which is larger)
    for m in ("cider_d", "bleu_4"):
        assert 0 < shuffled.summary[m]["relative_std_mean"] < 1
    assert shuffled.most_variable in metrics()


def test_references_baseline_excludes_its_reference(evaluator):
    result = variance(None, baseline(evaluator.data, "references", seed=0), evaluator=evaluator, draws=4)
    assert result.sizes == list(range(1, 9))  # pool of 9: subsets of 1 … 8
    for m in metrics():
        assert result.subsets[m].std[0] > result.subsets[m].std[-1], m
    full = evaluator.evaluate(baseline(evaluator.data, "references", seed=0), include_meteor=False)["scores"]
    for m in metrics():
        assert result.full[m] == pytest.approx(full[m], rel=1e-12), m


def test_subset_view_equals_a_fresh_corpus(evaluator):
    entries = baseline(evaluator.data, "shuffled", seed=0)
    cands = [[e["caption"]] for e in entries]
    refs = [list(im.captions) for im in evaluator.images]
    base = PreparedCorpus(cands, refs)
    base.ngrams(4)
    _surface(base)  # caches pairs on the base, which the view must not reuse
    rng = np.random.default_rng(3)
    for k in (1, 4, 9):
        chosen = np.sort(np.argsort(rng.random((len(refs), 10)), axis=1)[:, :k], axis=1)
        got = _surface(_subset_view(base, chosen))
        fresh = score_all(cands, [[r[j] for j in row] for r, row in zip(refs, chosen.tolist())])
        for name, value in got.items():
            assert value == pytest.approx(fresh[name].score, rel=1e-12), (k, name)


def test_seeded(evaluator, shuffled):
    again = variance(None, baseline(evaluator.data, "shuffled", seed=0), evaluator=evaluator, max_size=2)
    assert again.sizes == [1, 2]
    assert again.subsets["cider_d"].scores == shuffled.subsets["cider_d"].scores[:2]


def test_consensus(evaluator, shuffled):
    consensus = shuffled.consensus
    assert consensus["images"] == 64
    image = evaluator.images[0]
    items = [[c] for c in image.captions]
    others = [[c for j, c in enumerate(image.captions) if j != k] for k in range(len(image.captions))]
    direct = Bleu().compute(items, others)["bleu_4"].per_image
    assert consensus["bleu_4"]["per_image"][image.id] == pytest.approx(np.mean(direct), rel=1e-12)
    for name in ("bleu_4", "cider_d"):
        c = consensus[name]
        assert c["min"] <= c["mean"] <= c["max"] and len(c["per_image"]) == 64


def test_bad_input(evaluator):
    entries = baseline(evaluator.data, "shuffled", seed=0)
    with pytest.raises(UserError, match="draws"):
        variance(None, entries, evaluator=evaluator, draws=1)
    with pytest.raises(UserError, match="no caption for image"):
        variance(None, entries[:-1], evaluator=evaluator)
    with pytest.raises(UserError, match="unknown image id"):
        variance(None, [{"image_id": "nope", "caption": "A square."}], evaluator=evaluator)


def test_write(shuffled, tmp_path):
    paths = write_variance(shuffled, tmp_path / "var")
    assert [p.name for p in paths] == ["var.json", "var.csv", "var.png", "var.svg"]
    assert json.loads(paths[0].read_text())["subsets"]["bleu_4"]["std"] == rounded(shuffled.subsets["bleu_4"]["std"])
    rows = list(csv.DictReader(paths[1].open()))
    assert len(rows) == len(metrics()) * 9 and rows[0]["metric"] == "bleu_1" and rows[0]["size"] == "1"
    assert "draw_19" in rows[0]
    assert paths[2].read_bytes()[:4] == b"\x89PNG"
    assert "CIDEr-D" in variance_table(shuffled)
