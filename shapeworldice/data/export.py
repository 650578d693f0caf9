"""Export a built dataset for other tools: COCO captions layout, plain PNG folders, or a Hugging
Face dataset folder (Parquet files with an image feature and a dataset card) that
``datasets.load_dataset(FOLDER)`` loads and the Hub hosts as it is.

The export is assembled in a temporary sibling folder (``.NAME.XXXXXXXX.tmp``) and renamed into
place at the end, so an interrupted export never leaves a half-written output folder behind: an
error or SIGTERM removes the temp folder, and the next export to the same place removes one left
by a run killed outright.  The target's lock makes a concurrent export to the same folder refuse
with one line (and keeps its temp folder safe from that clean-up).
"""
from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

from ..errors import UserError
from .definition import SPLITS
from .loader import load
from .lock import exclusive, terminated_cleanly
from ..safe_write import write_folder

FORMATS = ("coco", "png", "hf")
#: the licence and citation a Hugging Face dataset card carries (the package's licence; the GTD paper)
LICENSE = "mit"
CITATION = """@article{xie2019going,
  title   = {Going Beneath the Surface: Evaluating Image Captioning for Grammaticality, Truthfulness and Diversity},
  author  = {Xie, Huiyuan and Sherborne, Tom and Kuhnle, Alexander and Copestake, Ann},
  journal = {arXiv preprint arXiv:1912.08960},
  year    = {2019}
}"""
#: the columns of the hf export, as ``datasets`` features (stored in each Parquet file and the card)
HF_FEATURES = {"id": {"dtype": "string", "_type": "Value"}, "image": {"_type": "Image"},
               "captions": {"feature": {"dtype": "string", "_type": "Value"}, "_type": "Sequence"},
               "world": {"dtype": "string", "_type": "Value"}}


def export(directory: str | Path, out: str | Path, fmt: str = "coco") -> Path:
    """Write every split of the dataset in ``directory`` to ``out`` in format ``fmt``."""
    if fmt not in FORMATS:
        raise UserError(f"unknown export format {fmt!r} (expected one of {', '.join(FORMATS)})")
    out = Path(out)
    if not out.name or out.name == "..":  # "." or "..": the lock and temp folder need a named parent
        out = Path(os.path.abspath(out))
    splits = [load(directory, s) for s in SPLITS]
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"cannot write to {out.parent}: {exc.strerror}") from None
    with terminated_cleanly(), exclusive(out, "exporting to"):
        if out.exists() and (not out.is_dir() or any(out.iterdir())):
            raise UserError(f"output {out} already exists and is not empty")
        try:
            _remove_stale(out)
            _write(splits, out, fmt)
        except OSError as exc:
            raise UserError(f"cannot write export {out}: {exc.strerror or exc}") from None
    return out


def _remove_stale(out: Path) -> None:
    """Remove temp folders of earlier exports to ``out`` that were killed outright (under the lock,
    so none of them is in use): only names :func:`tempfile.mkdtemp` gives them here."""
    pattern = re.compile(rf"^\.{re.escape(out.name)}\.[a-z0-9_]{{8}}\.tmp$")
    for path in out.parent.iterdir():
        if pattern.match(path.name) and path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)


def _write(splits: list, out: Path, fmt: str) -> None:
    """Assemble the export in a temporary sibling folder, then rename it into place."""
    def fill(tmp: Path) -> None:
        for split in splits:
            {"coco": _coco, "png": _png, "hf": _hf}[fmt](split, tmp)
        if fmt == "hf":
            (tmp / "README.md").write_text(dataset_card(splits), encoding="utf-8")

    write_folder(out, fill)


def _coco(split, root: Path) -> None:
    images_dir = root / "images"
    images_dir.mkdir(exist_ok=True)
    images: list[dict] = []
    annotations: list[dict] = []
    with open(root / f"worlds_{split.split}.jsonl", "w", encoding="utf-8") as worlds:
        for inst in split.stream():
            (images_dir / f"{inst.id}.png").write_bytes(inst.png)
            images.append({"id": inst.id, "file_name": f"images/{inst.id}.png",
                           "width": split.image_size, "height": split.image_size})
            for caption in inst.captions:
                annotations.append({"id": len(annotations), "image_id": inst.id, "caption": caption})
            worlds.write(json.dumps({"id": inst.id, "world": json.loads(inst.world_json)}, sort_keys=True) + "\n")
    data = {"info": {"description": f"ShapeWorldICE {split.name} {split.split}", "signature": split.signature},
            "images": images, "annotations": annotations, "type": "captions"}
    (root / f"captions_{split.split}.json").write_text(json.dumps(data), encoding="utf-8")


def _png(split, root: Path) -> None:
    folder = root / split.split
    folder.mkdir()
    with open(folder / "captions.jsonl", "w", encoding="utf-8") as lines:
        for inst in split.stream():
            (folder / f"{inst.id}.png").write_bytes(inst.png)
            lines.write(json.dumps({"id": inst.id, "captions": list(inst.captions),
                                    "world": json.loads(inst.world_json)}, sort_keys=True) + "\n")


def _hf(split, root: Path) -> None:
    """One Parquet file per non-empty split under ``data/``, in batches of 256 rows."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    if not split.files:
        return
    schema = pa.schema([("id", pa.string()), ("image", pa.struct([("bytes", pa.binary()), ("path", pa.string())])),
                        ("captions", pa.list_(pa.string())), ("world", pa.string())],
                       metadata={"huggingface": json.dumps({"info": {"features": HF_FEATURES}})})
    (root / "data").mkdir(exist_ok=True)
    rows: list[dict] = []
    with pq.ParquetWriter(root / "data" / f"{split.split}-00000-of-00001.parquet", schema) as writer:
        for inst in split.stream():
            rows.append({"id": inst.id, "image": {"bytes": inst.png, "path": f"{inst.id}.png"},
                         "captions": list(inst.captions), "world": inst.world_json})
            if len(rows) == 256:
                writer.write_table(pa.Table.from_pylist(rows, schema))
                rows.clear()
        if rows:
            writer.write_table(pa.Table.from_pylist(rows, schema))


def dataset_card(splits: list) -> str:
    """The dataset card (README.md): YAML metadata the Hub and ``datasets`` read, then what a
    reader needs: the build's signature, the columns, licence and citation."""
    first = splits[0]
    present = [s for s in splits if s.files]
    sizes = {s.split: len(s) for s in present}
    yaml = ["---", f"license: {LICENSE}", f"pretty_name: ShapeWorldICE {first.name}",
            "task_categories:", "- image-to-text", "configs:", "- config_name: default", "  data_files:"]
    for s in present:
        yaml += [f"  - split: {s.split}", f"    path: data/{s.split}-*.parquet"]
    yaml += ["dataset_info:", "  features:", "  - name: id", "    dtype: string", "  - name: image",
             "    dtype: image", "  - name: captions", "    sequence: string", "  - name: world", "    dtype: string"]
    description = first.manifest["definition"].get("description", "")
    body = [
        "---", "", f"# ShapeWorldICE: {first.name}", "", description, "",
        "Synthetic scenes of coloured shapes, each with its world model (every shape's type, colour, position and "
        "size) and reference captions true of it, for diagnostic evaluation of image captioning: "
        "grammaticality, truthfulness, diversity and informativeness of a model's captions are decided against "
        "the world model (the `shapeworldice evaluate` command).", "",
        "## Build", "", f"- signature: `{first.signature}`", f"- seed: {first.manifest['seed']}",
        f"- image size: {first.image_size} pixels",
        "- splits: " + ", ".join(f"{name} {size}" for name, size in sizes.items()), "",
        "## Columns", "", "- `id`: the image id of the build (`TAG-split-NNNNNN`), as results files name it",
        "- `image`: the PNG", "- `captions`: the reference captions (training captions on train)",
        "- `world`: the world model as JSON", "",
        "## Licence", "", "MIT.", "", "## Citation", "", "```bibtex", CITATION, "```", ""]
    return "\n".join(yaml + body)
