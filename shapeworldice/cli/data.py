"""Dataset commands: list the definitions, build, look at and export a dataset.
"""
from __future__ import annotations

from pathlib import Path

import click

from .app import (
    main, shown, SPLIT_HELP, SEED_HELP, SEED_TYPE, _workers_option, _engine_options,
)


@main.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object per dataset (the resolved definition).")
def datasets(as_json: bool) -> None:
    """List the dataset definitions, one line each."""
    import json

    from ..data.definition import list_definitions, load_definition

    definitions = [load_definition(name) for name in list_definitions()]
    if as_json:
        for d in definitions:
            click.echo(json.dumps(d.resolved(), sort_keys=True))
        return
    rows = [(d.name, _ranges(d.world.entity_counts), "+".join(f.name for f in d.families), d.description)
            for d in definitions]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]  # columns fit the longest name
    for name, counts, families, description in rows:
        click.echo(f"{name:{widths[0]}}  shapes {counts:{widths[1]}}  captions {families:{widths[2]}}  {description}")


def _ranges(numbers) -> str:
    """1,2,3,4,6,7 → '1-4,6-7': entity counts in a few characters."""
    parts: list[list[int]] = []
    for n in sorted(numbers):
        if parts and n == parts[-1][-1] + 1:
            parts[-1].append(n)
        else:
            parts.append([n])
    return ",".join(f"{p[0]}-{p[-1]}" if len(p) > 2 else ",".join(map(str, p)) for p in parts)


@main.command()
@click.argument("name")
@click.option("--out", default="data", type=click.Path(file_okay=False), metavar="PATH|URI",
              help="Parent folder; the dataset goes to OUT/NAME. A path, or a file:// URI of a folder every "
                   "cluster worker sees (resolved by pyarrow.fs).")
@click.option("--train", type=int, help="Training instances.  [default: the definition's]")
@click.option("--validation", type=int, help="Validation instances.  [default: the definition's]")
@click.option("--test", type=int, help="Test instances.  [default: the definition's]")
@click.option("--refs", type=int, help="Reference captions per validation/test instance.  "
              "[default: the definition's]")
@click.option("--seed", default=0, type=SEED_TYPE, help=SEED_HELP)
@_workers_option(1)
@click.option("--image-size", type=int, help="Image side in pixels.  [default: the definition's]")
@click.option("--quiet", is_flag=True, help="No progress bar and no 'built' line.")
@_engine_options("the shards")
def generate(name: str, out: str, train: int | None, validation: int | None, test: int | None, refs: int | None,
             seed: int, workers: int, image_size: int | None, quiet: bool, engine: str | None,
             address: str | None) -> None:
    """Build dataset NAME (or a definition .toml file); resumable.

    Running the same command again resumes an interrupted build; other sizes, seed or versions
    are refused with the fields that differ. A build with 0 instances in every split is an error."""
    from ..data.build import generate as build
    from ..evaluation.studies.manifest_floors import record_floors

    target = build(name, out, seed=seed, train=train, validation=validation, test=test, references=refs,
                   image_size=image_size, workers=workers, progress=not quiet, engine=engine, address=address,
                   floors=record_floors)
    if not quiet:
        click.echo(f"built {shown(target)}")


@main.command()
@click.argument("directory", type=click.Path())
@click.option("--split", default="test", help=SPLIT_HELP)
@click.option("--count", default=16, type=int, help="Images on the sheet (the split's first ones).")
@click.option("--out", required=True, type=click.Path(dir_okay=False), help="PNG file to write.")
def show(directory: str, split: str, count: int, out: str) -> None:
    """Write a contact sheet of a split's images with their captions."""
    from ..data.show import contact_sheet
    from ..safe_write import check_outputs

    check_outputs({"--out": out}, {"DIRECTORY": directory})

    click.echo(f"wrote {shown(contact_sheet(directory, out, split=split, count=count))}")


@main.command()
@click.argument("directory", type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["coco", "png", "hf"]), default="coco",
              help="coco: images/, captions_SPLIT.json and worlds_SPLIT.jsonl; png: a folder per split of PNGs "
                   "with its captions.jsonl; hf: a Hugging Face dataset folder (Parquet and a dataset card) that "
                   "datasets.load_dataset(OUT) loads.")
@click.option("--out", required=True, type=click.Path(file_okay=False), help="Folder to write (new or empty).")
def export(directory: str, fmt: str, out: str) -> None:
    """Export a dataset as COCO captions JSON + PNGs, as PNG folders, or as a Hugging Face dataset."""
    from ..data.export import export as run_export
    from ..safe_write import check_folder

    check_folder(out)

    click.echo(f"wrote {shown(run_export(directory, Path(out), fmt))}")
