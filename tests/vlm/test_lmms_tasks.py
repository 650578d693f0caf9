"""`lmms-tasks`: the task folder's YAML names lmms-eval's fields and the build's own shards, and its
`utils.py` hooks (image, prompt, process_results, aggregation) give `evaluate`'s scores on the same
answers.  With lmms-eval installed (the slow suite), the folder runs end to end with a stub model."""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from shapeworldice.data.loader import load
from shapeworldice.evaluation.core.gtd import evaluate
from shapeworldice.vlm.lmms_tasks import METRICS
from shapeworldice.vlm.prompts import PROMPTS
from tests.cli_support import one_line_error, run

ANSWERS = ["There is a red square.", "A circle is to the left of a triangle.", "", "shapes shapes"]


@pytest.fixture(scope="module")
def tasks(dataset, tmp_path_factory):
    out = tmp_path_factory.mktemp("lmms") / "tasks"
    result = run("lmms-tasks", dataset, "--out", out, "--image-size", 128)
    assert result.exit_code == 0, result.output
    return out


def _utils(folder: Path):
    spec = importlib.util.spec_from_file_location(f"lmms_utils_{abs(hash(folder))}", folder / "utils.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _answer(k: int, references: tuple[str, ...]) -> str:
    return references[0] if k % 3 == 0 else ANSWERS[k % len(ANSWERS)]


def test_one_task_per_prompt_reading_the_build_shards(dataset, tasks):
    yaml = pytest.importorskip("yaml")

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("!function", lambda loader, node: ("function", loader.construct_scalar(node)))
    names = sorted(p.stem for p in tasks.glob("*.yaml"))
    assert names == sorted(f"shapeworldice_spatial_twoshapes_{p.replace('-', '_')}" for p in PROMPTS)
    config = yaml.load((tasks / "shapeworldice_spatial_twoshapes_coco.yaml").read_text(), Loader=Loader)
    assert config["dataset_path"] == "parquet" and config["test_split"] == "test"
    shards = config["dataset_kwargs"]["data_files"]["test"]
    assert [Path(s) for s in shards] == [Path(f).resolve() for f in load(dataset).files]
    assert config["generation_kwargs"]["max_new_tokens"] == 64 and config["generation_kwargs"]["do_sample"] is False
    assert [m["metric"] for m in config["metric_list"]] == list(METRICS)
    assert config["doc_to_text"] == ("function", "utils.doc_to_text_coco")
    assert config["metadata"]["build_signature"] == load(dataset).signature


@pytest.mark.slow
def test_the_hooks_give_evaluates_scores(dataset, tasks):
    import pyarrow.parquet as pq

    utils = _utils(tasks)
    docs = [row for shard in load(dataset).files for row in pq.read_table(shard).to_pylist()]
    assert utils.doc_to_text_coco(docs[0]) == PROMPTS["coco"]
    assert utils.doc_to_visual(docs[0])[0].size == (128, 128)
    per_doc = [utils.process_results(doc, [_answer(k, tuple(doc["captions"]))]) for k, doc in enumerate(docs)]
    entries = [{"image_id": doc["id"], "caption": _answer(k, tuple(doc["captions"]))} for k, doc in enumerate(docs)]
    report = evaluate(dataset, entries)
    for metric, (key, _) in METRICS.items():
        aggregate = getattr(utils, metric)([result[metric] for result in per_doc])
        assert aggregate == report["scores"][key], metric
    assert 0 < report["scores"]["truthfulness"] < 1


def test_a_non_empty_folder_is_refused(dataset, tasks):
    assert "already exists and is not empty" in one_line_error(run("lmms-tasks", dataset, "--out", tasks))


#: run lmms-eval on a task with a stub model that answers ANSWERS[doc_id]; prints the task's results
LMMS_RUN = """
import json, sys
from lmms_eval.api.model import lmms
from lmms_eval.evaluator import simple_evaluate
from lmms_eval.tasks import TaskManager

answers, folder, task = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3]


class Stub(lmms):
    def generate_until(self, requests):
        return [answers[str(r.doc_id)] for r in requests]

    def loglikelihood(self, requests):
        raise NotImplementedError

    def generate_until_multi_round(self, requests):
        raise NotImplementedError


results = simple_evaluate(model=Stub(), tasks=[task], batch_size=1, log_samples=False,
                          task_manager=TaskManager(include_path=folder, include_defaults=False))
print("RESULTS" + json.dumps(results["results"][task], default=str))
"""


def _lmms_python() -> str | None:
    """The interpreter that has lmms-eval: $SHAPEWORLDICE_LMMS_PYTHON (CI gives lmms-eval a virtual
    environment of its own, see .ci/run), else this one if it has it."""
    named = os.environ.get("SHAPEWORLDICE_LMMS_PYTHON")
    if named:
        return named
    return sys.executable if importlib.util.find_spec("lmms_eval") is not None else None


@pytest.mark.slow
def test_lmms_eval_runs_the_folder_and_agrees_with_evaluate(dataset, tasks, tmp_path):
    python = _lmms_python()
    if python is None:
        pytest.skip("lmms-eval is not installed (set SHAPEWORLDICE_LMMS_PYTHON to an interpreter that has it)")
    import pyarrow.parquet as pq

    docs = [row for shard in load(dataset).files for row in pq.read_table(shard).to_pylist()]
    answers = {str(k): _answer(k, tuple(doc["captions"])) for k, doc in enumerate(docs)}
    env = {**os.environ, "HF_DATASETS_CACHE": str(tmp_path / "cache"), "HF_HUB_OFFLINE": "1"}
    done = subprocess.run([python, "-c", LMMS_RUN, json.dumps(answers), str(tasks),
                           "shapeworldice_spatial_twoshapes_coco"],
                          capture_output=True, text=True, env=env, timeout=900, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    line = next(line for line in done.stdout.splitlines() if line.startswith("RESULTS"))
    scores = json.loads(line[len("RESULTS"):])
    report = evaluate(dataset, [{"image_id": doc["id"], "caption": answers[str(k)]} for k, doc in enumerate(docs)])
    assert scores["gtd_truthfulness,none"] == pytest.approx(report["scores"]["truthfulness"])
