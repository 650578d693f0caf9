"""Studies over many evaluations: robustness (Cui et al.), reference-sample variance (Zhu et
al.), validity against the ground truth, and the quickstart.
"""
from __future__ import annotations

from typing import Any

import click

from ..evaluation.studies.limits import MAX_BOOTSTRAP_DRAWS, MAX_STEPS, MAX_VARIANCE_DRAWS

from .app import (
    main, _captions_option, SPLIT_HELP, SEED_HELP, SEED_TYPE, _workers_option, _critic_option, _emit, _study_options,
    _with_parser,
)


@main.command()
@_critic_option
@click.argument("directory", type=click.Path())
@click.option("--split", default="test", help=SPLIT_HELP)
@click.option("--transforms", default="shuffled,permuted,random-words",
              help="Comma-separated pathological transformations (shuffled, permuted, random-words).")
@click.option("--steps", default=11, type=click.IntRange(2, MAX_STEPS),
              help="Number of strengths γ, evenly spaced from 0 to 1.")
@click.option("--seed", default=0, type=SEED_TYPE, help=SEED_HELP)
@_study_options
def robustness(directory, split, transforms, steps, seed, meteor, out, as_json, quiet, parser_name, ace_path,
               grammar_image) -> None:
    """Metric robustness to pathological captions: area under normalised score vs strength."""

    from ..evaluation.io.outputs import bundle_files
    from ..evaluation.studies.robustness import robustness as run, robustness_table, write_robustness
    from ..commands.evaluating import inputs_of
    from ..safe_write import check_outputs

    if out:
        check_outputs(bundle_files(out), inputs_of(directory, ace_path, grammar_image))
    names = [t.strip() for t in transforms.split(",") if t.strip()]
    result = _with_parser(parser_name, ace_path, grammar_image, lambda parser: run(
        directory, split, names, steps, seed=seed, include_meteor=meteor, parser=parser, progress=not quiet))
    _emit(result, robustness_table(result), write_robustness(result, out) if out else [], as_json)


@main.command()
@_critic_option
@click.argument("directory", type=click.Path())
@_captions_option
@click.option("--split", default="test", help=SPLIT_HELP)
@click.option("--draws", default=20, type=click.IntRange(2, MAX_VARIANCE_DRAWS),
              help="Random reference subsets per size.")
@click.option("--seed", default=0, type=SEED_TYPE, help=SEED_HELP)
@_study_options
def variance(directory, captions_file, split, draws, seed, meteor, out, as_json, quiet, parser_name, ace_path,
             grammar_image) -> None:
    """Reference-sample variance of every reference-based metric, and the references' consensus."""

    from ..evaluation.io.outputs import bundle_files
    from ..evaluation.studies.variance import variance as run, variance_table, write_variance
    from ..commands.evaluating import inputs_of
    from ..safe_write import check_outputs

    if out:
        check_outputs(bundle_files(out), {"--captions": captions_file, **inputs_of(directory, ace_path, grammar_image)})

    result = _with_parser(parser_name, ace_path, grammar_image, lambda parser: run(
        directory, captions_file, split=split, draws=draws, seed=seed, parser=parser, include_meteor=meteor,
        progress=not quiet))
    _emit(result, variance_table(result), write_variance(result, out) if out else [], as_json)


@main.command()
@click.option("--out", default="shapeworldice-quickstart", type=click.Path(file_okay=False),
              help="Folder for all it shows: the datasets (data/), every baseline's caption file (captions/DATASET/"
                   "KIND.json), the table (table.txt, table.json), the robustness plot and the checkpoints' curves.")
@_workers_option(0)
@click.option("--quiet", is_flag=True, help="No progress lines on stderr while the datasets are built and scored.")
@click.option("--suite", default="paper", type=click.Choice(["paper", "new"]), show_default=True,
              help="paper: the GTD paper's six datasets; new: the same baseline table on the nine tasks beyond them "
                   "(relational attribute/comparative/negation, logical, relative clauses, coreference).")
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


@main.command()
@_critic_option
@click.argument("directory", type=click.Path())
@click.option("--captions", "caption_files", required=True, multiple=True, type=click.Path(),
              help="A system's caption file (any format of evaluate --captions), or a quoted glob such as "
                   "'ckpt-*.json' (one system per file); repeat for each system.")
@click.option("--split", default="test", help=SPLIT_HELP)
@click.option("--draws", default=1000, type=click.IntRange(0, MAX_BOOTSTRAP_DRAWS),
              help="Bootstrap draws (images resampled).")
@click.option("--seed", default=0, type=SEED_TYPE, help=SEED_HELP)
@_study_options
def validity(directory, caption_files, split, draws, seed, meteor, out, as_json, quiet, parser_name, ace_path,
             grammar_image) -> None:
    """Every metric against the ground truth: caption-level AUC for true captions, system-level tau/r with T."""
    from ..commands.evaluating import inputs_of
    from ..evaluation.core.gtd import Evaluator
    from ..evaluation.io.inputs import expand_caption_specs
    from ..evaluation.studies.validity import check_validity_outputs, validity as run, validity_table, write_validity

    caption_files = expand_caption_specs(caption_files)
    if out:
        check_validity_outputs(out, {**{f"--captions {f}": f for f in caption_files},
                                     **inputs_of(directory, ace_path, grammar_image)})
    evaluator = Evaluator(directory, split, parser_name, ace_path, grammar_image)
    try:
        result = run(evaluator, caption_files, draws=draws, seed=seed, include_meteor=meteor, progress=not quiet)
    finally:
        evaluator.close()
    _emit(result, validity_table(result), write_validity(result, out) if out else [], as_json)
