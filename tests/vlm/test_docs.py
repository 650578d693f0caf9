"""docs/vlm.md runs as written: its ```sh blocks, in order, in one empty folder, with the stub
server standing in for a model server (the transformers block only where transformers is)."""
from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)


def blocks() -> list[str]:
    return BLOCK.findall((ROOT / "docs" / "vlm.md").read_text(encoding="utf-8"))


def test_the_page_shows_each_route():
    text = "\n".join(blocks())
    for command in ("caption", "evaluate", "lmms-tasks", "export"):
        assert f"shapeworldice {command} " in text
    assert "--model 'openai:" in text and "--model hf:" in text


@pytest.mark.slow
def test_every_block_runs_in_order(tmp_path):
    has_transformers = importlib.util.find_spec("transformers") is not None
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
               PYTHONPATH=str(ROOT))
    for number, block in enumerate(blocks(), 1):
        if "hf:" in block and not has_transformers:
            continue
        result = subprocess.run(["bash", "-euo", "pipefail", "-c", block], cwd=tmp_path, env=env,
                                capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, f"block {number} failed:\n{block}\n{result.stdout}\n{result.stderr}"
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["captioner"]["image"]["size"] == 256
    assert "|captioner:openai:echo,prompt:coco@494392f0,max_new_tokens:64,temperature:0.0,seed:0,px:256" \
        in report["signature"]
    assert (tmp_path / "lmms-tasks" / "utils.py").is_file() and (tmp_path / "hf-export" / "README.md").is_file()


def readme_blocks() -> list[str]:
    """The README's "Evaluate your model" blocks: the server and lmms-eval routes, then hf:."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Evaluate your model", 1)[1].split("\n## ", 1)[0]
    found = BLOCK.findall(section)
    assert found, "the README's section has a block"
    return found


def test_the_readme_shows_the_three_routes():
    text = "\n".join(readme_blocks())
    assert "--model 'openai:" in text and "--model hf:" in text and "shapeworldice lmms-tasks " in text


@pytest.mark.slow
def test_the_readme_blocks_run(tmp_path):
    """The README's three routes run as written, in order (the transformers one only where
    transformers is: it needs the [vlm] extra)."""
    has_transformers = importlib.util.find_spec("transformers") is not None
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
               PYTHONPATH=str(ROOT))
    for block in readme_blocks():
        if "--model hf:" in block and not has_transformers:
            continue
        result = subprocess.run(["bash", "-euo", "pipefail", "-c", block], cwd=tmp_path, env=env,
                                capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, f"{block}\n{result.stdout}\n{result.stderr}"
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["captioner"]["model"] and "|captioner:openai:echo," in report["signature"]
    assert (tmp_path / "lmms-tasks" / "utils.py").is_file()
    if has_transformers:
        assert (tmp_path / "tiny.jsonl").is_file()
