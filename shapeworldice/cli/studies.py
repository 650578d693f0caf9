"""Studies over many evaluations: robustness (Cui et al.), reference-sample variance (Zhu et
al.), validity against the ground truth, and the quickstart.
"""
from __future__ import annotations

from typing import Any, Callable, TypeVar

import click

from ..evaluation.studies.limits import MAX_BOOTSTRAP_DRAWS, MAX_STEPS, MAX_VARIANCE_DRAWS

from .app import (
    main, _captions_option, SPLIT_HELP, SEED_HELP, SEED_TYPE, _workers_option, _critic_option, _emit, _study_options,
)

F = TypeVar("F", bound=Callable[..., Any])


def _run_study(job: Callable[..., tuple[Any, list[Any]]], table: Callable[[Any], str], args: tuple[Any, ...], *,
               meteor: bool, as_json: bool, quiet: bool, parser_name: str, ace_path: str | None,
               grammar_image: str | None, **options: Any) -> None:
    """Call a study's library function with the options every study shares, and print its result
    (the table, or its JSON document) and the files it wrote."""
    result, written = job(*args, include_meteor=meteor, parser=parser_name, ace=ace_path,
                          grammar_image=grammar_image, progress=not quiet, **options)
    _emit(result.to_json(), table(result), written, as_json)


def _study_command(*own: Callable[[F], F], leading: tuple[Callable[[F], F], ...] = ()
                   ) -> Callable[[F], click.Command]:
    """A study command's options: --critic, DIRECTORY, the ``leading`` ones, --split, its ``own``,
    --seed, and the options every study shares (METEOR, output prefix, JSON, quiet, parser)."""
    def decorate(fn: F) -> click.Command:
        for option in reversed((_critic_option, click.argument("directory", type=click.Path()), *leading,
                                click.option("--split", default="test", help=SPLIT_HELP), *own,
                                click.option("--seed", default=0, type=SEED_TYPE, help=SEED_HELP), _study_options)):
            fn = option(fn)
        return main.command()(fn)
    return decorate


@_study_command(click.option("--transforms", default="shuffled,permuted,random-words",
                             help="Comma-separated pathological transformations (shuffled, permuted, random-words)."),
                click.option("--steps", default=11, type=click.IntRange(2, MAX_STEPS),
                             help="Number of strengths γ, evenly spaced from 0 to 1."))
def robustness(directory, transforms, **options) -> None:
    """Metric robustness to pathological captions: area under normalised score vs strength."""
    from ..commands.studies import robustness_to_files
    from ..evaluation.studies.robustness import robustness_table

    names = [t.strip() for t in transforms.split(",") if t.strip()]
    _run_study(robustness_to_files, robustness_table, (directory,), transforms=names, **options)


@_study_command(click.option("--draws", default=20, type=click.IntRange(2, MAX_VARIANCE_DRAWS),
                             help="Random reference subsets per size."), leading=(_captions_option,))
def variance(directory, captions_file, **options) -> None:
    """Reference-sample variance of every reference-based metric, and the references' consensus."""
    from ..commands.studies import variance_to_files
    from ..evaluation.studies.variance import variance_table

    _run_study(variance_to_files, variance_table, (directory, captions_file), **options)


@main.command()
@click.option("--out", default="shapeworldice-quickstart", type=click.Path(file_okay=False),
              help="Folder for all it shows: the datasets (data/), every baseline's caption file (captions/DATASET/"
                   "KIND.json), the table (table.txt, table.json), the robustness plot and the checkpoints' curves.")
@_workers_option(0)
@click.option("--quiet", is_flag=True, help="No progress lines on stderr while the datasets are built and scored.")
@click.option("--suite", default="paper", type=click.Choice(["paper", "new", "informative"]), show_default=True,
              help="paper: the GTD paper's six datasets; new: the same baseline table on the nine tasks beyond them "
                   "(relational attribute/comparative/negation, logical, relative clauses, coreference); "
                   "informative: the six in their informative forms, T(skill) first, with each dataset's "
                   "skill-view captioner.")
def quickstart(out: str, workers: int, quiet: bool, suite: str) -> None:
    """Build the six datasets small, score the sanity baselines, print the GTD-vs-BLEU table and plot."""
    from ..evaluation.quickstart import run
    from ..safe_write import check_folder

    check_folder(out)

    def say(line: str) -> None:
        if not quiet:
            click.echo(line, err=True)

    options: dict[str, Any] = {} if suite == "paper" else {"suite": suite}  # the default call stays as it was
    for line in run(out, workers=workers, say=say, progress=not quiet, **options):
        click.echo(line)


@_study_command(click.option("--draws", default=1000, type=click.IntRange(0, MAX_BOOTSTRAP_DRAWS),
                             help="Bootstrap draws (images resampled)."),
                leading=(click.option("--captions", "caption_files", required=True, multiple=True,
                                      type=click.Path(),
                                      help="A system's caption file (any format of evaluate --captions), or a quoted "
                                           "glob such as 'ckpt-*.json' (one system per file); repeat for each "
                                           "system."),))
def validity(directory, caption_files, **options) -> None:
    """Every metric against the ground truth: caption-level AUC for true captions, system-level tau/r with T."""
    from ..commands.studies import validity_to_files
    from ..evaluation.studies.validity import validity_table

    _run_study(validity_to_files, validity_table, (directory, caption_files), **options)
