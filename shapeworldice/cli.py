"""The ``shapeworldice`` command line: a thin click layer over the package's functions.

Exit codes: 0 success, 1 a negative result the user asked about (an ungrammatical caption),
2 usage or input errors, reported as one line on stderr — never a traceback for a user error.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from . import __version__
from .errors import UserError


class _Group(click.Group):
    """Turns UserError into a one-line message and exit status 2."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except UserError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="shapeworldice")
def main() -> None:
    """ShapeWorldICE: diagnostic image-captioning datasets and GTD evaluation."""


@main.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object per dataset.")
def datasets(as_json: bool) -> None:
    """List the dataset definitions, one line each."""
    import json

    from .data.definition import list_definitions, load_definition

    for name in list_definitions():
        d = load_definition(name)
        if as_json:
            click.echo(json.dumps(d.resolved(), sort_keys=True))
        else:
            counts = ",".join(str(c) for c in d.world.entity_counts)
            families = "+".join(f.name for f in d.families)
            click.echo(f"{name:34s} shapes {counts:22s} captions {families:22s} {d.description}")


@main.command()
@click.argument("name")
@click.option("--out", default="data", show_default=True, type=click.Path(file_okay=False), help="Parent folder.")
@click.option("--train", type=int, help="Training instances (default: the definition's).")
@click.option("--validation", type=int, help="Validation instances.")
@click.option("--test", type=int, help="Test instances.")
@click.option("--refs", type=int, help="Reference captions per validation/test instance.")
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--workers", default=1, show_default=True, type=int, help="Worker processes (same bytes for any number).")
@click.option("--image-size", type=int, help="Image side in pixels.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def generate(name: str, out: str, train: int | None, validation: int | None, test: int | None, refs: int | None,
             seed: int, workers: int, image_size: int | None, quiet: bool) -> None:
    """Build dataset NAME (or a definition .toml file); resumable."""
    from .data.build import generate as build

    target = build(name, out, seed=seed, train=train, validation=validation, test=test, references=refs,
                   image_size=image_size, workers=workers, progress=not quiet)
    if not quiet:
        click.echo(f"built {target}")


@main.command()
@click.argument("directory", type=click.Path())
@click.option("--split", default="test", show_default=True)
@click.option("--count", default=16, show_default=True, type=int)
@click.option("--out", required=True, type=click.Path(dir_okay=False), help="PNG file to write.")
def show(directory: str, split: str, count: int, out: str) -> None:
    """Write a contact sheet of a split's images with their captions."""
    from .data.show import contact_sheet

    click.echo(f"wrote {contact_sheet(directory, out, split=split, count=count)}")


@main.command()
@click.argument("directory", type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["coco", "png"]), default="coco", show_default=True)
@click.option("--out", required=True, type=click.Path(file_okay=False))
def export(directory: str, fmt: str, out: str) -> None:
    """Export a dataset as COCO captions JSON + PNGs, or as PNG folders."""
    from .data.export import export as run_export

    click.echo(f"wrote {run_export(directory, Path(out), fmt)}")


if __name__ == "__main__":  # pragma: no cover
    main()
