"""An lmms-eval task folder for a build: ``lmms-eval --include_path FOLDER --tasks
shapeworldice_NAME_coco --model ...`` asks the model about the build's images and reports the GTD
evaluator's scores.

One task YAML per named prompt (:data:`~shapeworldice.vlm.prompts.PROMPTS`) with lmms-eval's
caption decoding (greedy, 64 new tokens); the dataset is the build's own Parquet shards, read by
the ``parquet`` loader from their paths (no hub).  ``utils.py`` turns a row into the image (at the
stated size, enlarged without smoothing) and the prompt, keeps each answer with its image id
(``process_results``), and scores the answers of a run with ``evaluate`` (aggregation), once for
all the metrics.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from ..data.loader import load
from ..data.lock import exclusive, terminated_cleanly
from ..errors import UserError
from ..safe_write import write_folder
from .images import check_size
from .prompts import PROMPTS

#: lmms-eval metric name → (report score key, higher is better)
METRICS = {
    "gtd_grammaticality": ("grammaticality", True),
    "gtd_truthfulness": ("truthfulness", True),
    "gtd_diversity": ("diversity", True),
    "gtd_informativeness": ("informativeness", True),
    "gtd_claim_precision": ("claim_precision", True),
    "gtd_hallucination_rate": ("hallucination_rate", False),
}

UTILS = '''"""lmms-eval hooks of the ShapeWorldICE tasks in this folder (written by `shapeworldice lmms-tasks`)."""
import functools
import io

from PIL import Image

import shapeworldice

DATA = {data!r}
SPLIT = {split!r}
IMAGE_SIZE = {size!r}
PROMPTS = {prompts!r}
METRICS = {metrics!r}


def doc_to_visual(doc):
    image = Image.open(io.BytesIO(doc["image"])).convert("RGB")
    if image.size != (IMAGE_SIZE, IMAGE_SIZE):
        image = image.resize((IMAGE_SIZE, IMAGE_SIZE), Image.Resampling.NEAREST)
    return [image]


{prompt_functions}


def process_results(doc, results):
    answer = {{"image_id": doc["id"], "caption": results[0] if results else ""}}
    return {{metric: answer for metric in METRICS}}


@functools.lru_cache(maxsize=4)
def _report(answers):
    captions = [{{"image_id": i, "caption": c}} for i, c in answers]
    return shapeworldice.evaluate(DATA, captions, split=SPLIT, allow_missing=True)


def _score(results, metric):
    answers = tuple(sorted((r["image_id"], r["caption"]) for r in results))
    return _report(answers).scores[METRICS[metric]]


{aggregations}
'''


def task_name(dataset: str, prompt: str) -> str:
    """``shapeworldice_NAME_PROMPT`` with the hyphens of both made underscores."""
    return f"shapeworldice_{dataset}_{prompt}".replace("-", "_")


def _yaml(value: object) -> str:
    """A YAML scalar (JSON strings and numbers are YAML)."""
    return json.dumps(value)


def task_yaml(name: str, prompt: str, split: str, shards: list[str], signature: str) -> str:
    """The task file of one prompt."""
    lines = [f"task: {_yaml(name)}", "dataset_path: parquet", "dataset_kwargs:", "  data_files:",
             f"    {split}:", *(f"      - {_yaml(path)}" for path in shards), f"test_split: {split}",
             "output_type: generate_until", "doc_to_visual: !function utils.doc_to_visual",
             f"doc_to_text: !function utils.doc_to_text_{prompt.replace('-', '_')}", "doc_to_target: captions",
             "generation_kwargs:", "  max_new_tokens: 64", "  temperature: 0", "  top_p: 1.0", "  num_beams: 1",
             "  do_sample: false", "process_results: !function utils.process_results", "metric_list:"]
    for metric, (_, higher) in METRICS.items():
        lines += [f"  - metric: {metric}", f"    aggregation: !function utils.{metric}",
                  f"    higher_is_better: {'true' if higher else 'false'}"]
    lines += ["metadata:", "  version: 1", f"  build_signature: {_yaml(signature)}",
              f"  prompt: {_yaml(PROMPTS[prompt])}", ""]
    return "\n".join(lines)


def utils_source(data: str, split: str, size: int) -> str:
    """``utils.py`` of the folder, for the build at ``data``."""
    prompts = "\n\n\n".join(f"def doc_to_text_{name.replace('-', '_')}(doc, lmms_eval_specific_kwargs=None):\n"
                              f"    return PROMPTS[{name!r}]" for name in PROMPTS)
    aggregations = "\n\n\n".join(f"def {metric}(results):\n    return _score(results, {metric!r})"
                                   for metric in METRICS)
    return UTILS.format(data=data, split=split, size=size, prompts=dict(PROMPTS),
                        metrics={m: key for m, (key, _) in METRICS.items()}, prompt_functions=prompts,
                        aggregations=aggregations)


def write_tasks(directory: str | Path, out: str | Path, split: str = "test",
                image_size: int | None = None) -> tuple[Path, list[str]]:
    """Write the task folder ``out`` (new or empty) for ``split`` of the build in ``directory``;
    returns the folder and the task names."""
    check_size(image_size, "nearest")
    data = load(directory, split)
    if not data.files:
        raise UserError(f"the {split} split of {directory} is empty: no task to write")
    root = Path(os.path.abspath(directory))
    shards = [str(root / f) for f in data.manifest["splits"][split]["shards"]]
    names = [task_name(data.name, prompt) for prompt in PROMPTS]
    files = {f"{name}.yaml": task_yaml(name, prompt, split, shards, data.signature)
             for name, prompt in zip(names, PROMPTS)}
    files["utils.py"] = utils_source(str(root), split, image_size or data.image_size)
    target = Path(os.path.abspath(out))
    target.parent.mkdir(parents=True, exist_ok=True)
    with terminated_cleanly(), exclusive(target, "writing tasks to"):
        if target.exists() and (not target.is_dir() or any(target.iterdir())):
            raise UserError(f"output {out} already exists and is not empty")
        def fill(tmp: Path) -> None:
            for name, text in files.items():
                (tmp / name).write_text(text, encoding="utf-8")

        write_folder(target, fill, mode=0o755)
    return Path(out), names
