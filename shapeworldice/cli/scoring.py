"""Scoring commands: parse a caption, evaluate a caption file, write a sanity baseline,
learning curves over checkpoints, and a paired comparison of two caption sets.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..errors import UserError
from ..evaluation.studies.limits import MAX_BOOTSTRAP_DRAWS
from .app import (
    main, shown, CAPTION_FORMATS, SPLIT_HELP, SEED_HELP, SEED_TYPE, _parser_options, _meteor_option,
    _quiet_option, _write_stdout, _critic_option, _read_lines, _read_bytes, _extra_arguments_line, _emit,
)
from .app import _engine_options


@main.command()
@click.argument("texts", nargs=-1)
@click.option("--input", "source", metavar="FILE", help="Read captions one per line from FILE, or - for stdin.")
@click.option("--format", "fmt", type=click.Choice(["mrs", "dmrs", "penman", "semantics"]), default="mrs",
              help="Semantics to print: MRS, DMRS, DMRS as PENMAN, or the caption semantics (JSON).")
@click.option("--world", "world_file", type=click.Path(),
              help="World JSON object, or an export's worlds_*.jsonl (--image picks the line).")
@click.option("--dataset", type=click.Path(file_okay=False), help="Built dataset whose image --image to use.")
@click.option("--image", help="Image id (in --dataset, or a line of --world) to evaluate truth on.")
@click.option("--split", help="Split of --dataset holding --image.  [default: search test, validation, train]")
@click.option("--json", "as_json", is_flag=True,
              help='One JSON object per caption: text, grammatical, mrs, dmrs, truth, reason, reason_detail, '
                   'unknown_words, claims, hallucinated_objects.')
@_parser_options
def parse(texts, source, fmt, world_file, dataset, image, split, as_json, parser_name, ace_path,
          grammar_image) -> None:
    """Parse captions; print their semantics (and truth on a world). Exit 1 if any is ungrammatical."""
    from ..commands.parse import choose_world, parse_captions

    captions = list(texts) + (_read_lines(source) if source else [])
    if not captions:
        raise UserError("no captions given (arguments, or --input FILE|-)")
    world = choose_world(world_file, dataset, image, split, read=_read_bytes)
    ok = True
    for line in parse_captions(captions, fmt, world, as_json, parser_name, ace_path, grammar_image):
        ok &= line.grammatical
        click.echo(line.text)
    sys.exit(0 if ok else 1)


@main.command()
@_critic_option
@click.argument("directory", type=click.Path())
@click.option("--captions", "captions_files", required=True, multiple=True, type=click.Path(),
              help=f"Model captions, one of three formats: {CAPTION_FORMATS}. Repeat it, or give a folder (its "
                   ".json and .jsonl files), to score several files: --out (and --details) then name folders "
                   "that get one NAME.json (NAME.jsonl) per caption file, the bytes each file alone would give.")
@click.option("--split", default="test", help=SPLIT_HELP)
@_parser_options
@click.option("--out", type=click.Path(), help="Write the JSON report here (a folder for several caption files).")
@click.option("--details", type=click.Path(allow_dash=True),
              help="Write per-caption JSONL here (- for standard output; the table then goes to stderr; a folder "
                   "for several caption files).")
@click.option("--html", type=click.Path(dir_okay=False), help="Write a self-contained HTML report here.")
@click.option("--allow-missing", is_flag=True, help="Evaluate even if some images have no caption.")
@click.option("--several-captions", is_flag=True, help="Allow several captions per image id (any format).")
@_meteor_option
@click.option("--json", "as_json", is_flag=True, help="Print the JSON report instead of the table.")
@click.option("--quiet", is_flag=True, help="No progress bar and no table; needs --out, --details, --html or "
              "--json (else nothing would be shown).")
@_engine_options("the caption files", local="one process per core")
def evaluate(directory, captions_files, split, parser_name, ace_path, grammar_image, out, details, html,
             allow_missing, several_captions, meteor, as_json, quiet, engine, address) -> None:
    """GTD and surface metrics of a model's captions on a dataset split."""
    from ..commands import evaluate_to_files
    from ..evaluation.io.outputs import json_text
    from ..evaluation.io.report import details_bytes, summary_text
    from ..safe_write import STDOUT

    if address is not None and engine is None:
        raise click.UsageError("--address needs --engine (the cluster engine to connect with)")
    if len(captions_files) > 1 or Path(captions_files[0]).is_dir() or engine is not None:
        _evaluate_files(directory, captions_files, split, (parser_name, ace_path, grammar_image), out, details,
                        html, as_json, quiet, engine, address,
                        (allow_missing, several_captions, meteor))
        return
    if quiet and not (out or details or html or as_json):
        raise click.UsageError("--quiet hides the table: give --out, --details, --html or --json to keep the "
                               "report, or drop --quiet")
    if as_json and details == STDOUT:
        raise click.UsageError("--json and --details - both print to standard output: write one of them to a file")
    report = evaluate_to_files(directory, captions_files[0], split=split, parser=parser_name, ace=ace_path,
                               grammar_image=grammar_image, out=out, details=details, html=html,
                               allow_missing=allow_missing, several_captions=several_captions,
                               include_meteor=meteor, progress=not quiet)
    if details == STDOUT:
        _write_stdout(details_bytes(report))
    if as_json:
        click.echo(json_text(report.to_json(), indent=2, sort_keys=True))
    elif not quiet:
        click.echo(summary_text(report), err=details == STDOUT)


def _evaluate_files(directory: str, specs: tuple[str, ...], split: str, parser: tuple[str, str | None, str | None],
                    out: str | None, details: str | None, html: str | None, as_json: bool, quiet: bool,
                    engine: str | None, address: str | None, options: tuple[bool, bool, bool]) -> None:
    """evaluate over several caption files (or a folder): one report per file in the --out folder."""
    from ..commands import evaluate_files
    from ..evaluation.io.report import computed_columns, table

    for option, value in (("--html", html), ("--json", as_json or None)):
        if value is not None:
            raise click.UsageError(f"{option} shows one report: with several caption files (or --engine) the "
                                   "reports go to --out FOLDER")
    if out is None:
        raise click.UsageError("several caption files (or --engine) need --out FOLDER for their reports")
    allow_missing, several_captions, meteor = options
    files, results, written = evaluate_files(
        directory, specs, out, split=split, parser=parser[0], ace=parser[1], grammar_image=parser[2], details=details,
        allow_missing=allow_missing, several_captions=several_captions, include_meteor=meteor, engine=engine,
        address=address, progress=not quiet)
    if not quiet:
        rows = [(path.name, result.scores) for path, result in zip(files, results)]
        click.echo(table(rows, computed_columns("table", [scores for _, scores in rows])))
        click.echo(f"wrote {len(written)} files to {shown(out)}"
                   + (f" and {shown(details)}" if details not in (None, out) else ""))


class _BaselineKind(click.Choice):
    """The baseline kinds: the fixed ones, then the skill floors' views, read from their one
    definition (:data:`shapeworldice.interpret.refill.SKILL_KINDS`) only when the option is parsed
    or its help shown, so that starting the CLI imports no NumPy."""

    def __init__(self, fixed: tuple[str, ...]) -> None:
        super().__init__(fixed)

    @property
    def choices(self) -> tuple[str, ...]:
        from ..interpret.refill import SKILL_KINDS

        return self._fixed + SKILL_KINDS

    @choices.setter
    def choices(self, fixed: tuple[str, ...]) -> None:
        self._fixed = tuple(fixed)


@main.command()
@click.argument("directory", type=click.Path())
@click.option("--kind", required=True, type=_BaselineKind(("references", "generic", "shuffled", "permuted",
                                                           "random-words", "blind", "prior")),
              help="references: one of the image's references (scored against the others); generic: 'There is "
                   "a shape.'; shuffled: a reference of another image; permuted: a reference with its words "
                   "permuted; random-words: its words replaced by vocabulary words; blind: the training caption "
                   "truest on the training worlds; prior: the most frequent training caption.")
@click.option("--split", default="test", help=SPLIT_HELP)
@click.option("--seed", default=0, type=SEED_TYPE, help=SEED_HELP)
@click.option("--out", required=True, type=click.Path(dir_okay=False, allow_dash=True),
              help="Caption file to write (COCO results); - for standard output.")
@click.option("--quiet", is_flag=True, help="No 'wrote' line (the captions are in --out).")
def baseline(directory, kind, split, seed, out, quiet) -> None:
    """Write a sanity-baseline caption file made from the dataset itself."""
    from ..data.loader import load
    from ..evaluation.studies.baselines import baseline as make, baseline_bytes, write_baseline
    from ..safe_write import STDOUT, check_outputs

    check_outputs({"--out": out}, {"DIRECTORY": directory}, stdout=("--out",))
    entries = make(load(directory, split), kind, seed)
    if out == STDOUT:
        _write_stdout(baseline_bytes(entries))
    else:
        written = write_baseline(entries, out)
        if not quiet:
            click.echo(f"wrote {shown(written)}")


@main.command(context_settings={"allow_extra_args": True})
@_critic_option
@click.argument("directory", type=click.Path())
@click.option("--captions", "specs", required=True, multiple=True,
              help="Checkpoint caption file (any format of evaluate --captions), a quoted glob such as "
                   "'ckpt-*.json', or ITER=FILE; repeat for several. The iteration is the last number in the "
                   "file name.")
@click.option("--split", default="test", help=SPLIT_HELP)
@click.option("--out", default="curves",
              help="Output prefix: PREFIX.csv, PREFIX.png, PREFIX.svg (an existing folder F: F/F.csv, ...).")
@_meteor_option
@_quiet_option
@_parser_options
@_engine_options("the checkpoint files", local="one process per core")
@click.pass_context
def curves(ctx: click.Context, directory: str, specs: tuple[str, ...], split: str, out: str, meteor: bool,
           quiet: bool, parser_name: str, ace_path: str | None, grammar_image: str | None, engine: str | None,
           address: str | None) -> None:
    """Evaluate checkpoints: CSV + PNG/SVG of GTD vs BLEU-4/CIDEr-D/SPICE, and correlations with T."""
    if ctx.args:
        raise click.UsageError(_extra_arguments_line(ctx.args))
    from ..commands import curves_to_files
    from ..evaluation.io.report import fmt
    from ..metrics import catalogue

    if address is not None and engine is None:
        raise click.UsageError("--address needs --engine (the cluster engine to connect with)")
    result = curves_to_files(directory, specs, out, split=split, parser=parser_name, ace=ace_path,
                             grammar_image=grammar_image, include_meteor=meteor, engine=engine, address=address,
                             progress=not quiet)
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    click.echo("correlation with T   pearson  spearman   kendall")
    for metric, values in result.correlations.items():
        cells = " ".join(f"{fmt(values[k]):>9s}" for k in ("pearson", "spearman", "kendall"))
        line = f"{catalogue.label(metric):18s} {cells}"
        click.echo(line + (f"  (n/a: {values['reason']})" if values["reason"] else ""))
    for path in result.files:
        click.echo(f"wrote {shown(path)}")


@main.command()
@click.argument("directory", type=click.Path())
@click.option("--captions", "captions_files", required=True, multiple=True, type=click.Path(),
              help=f"Exactly two caption files to compare, A then B (each: {CAPTION_FORMATS}).")
@click.option("--split", default="test", help=SPLIT_HELP)
@click.option("--draws", default=1000, type=click.IntRange(100, MAX_BOOTSTRAP_DRAWS),
              help="Bootstrap draws of the images.")
@click.option("--seed", default=0, type=SEED_TYPE, help=SEED_HELP)
@click.option("--several-captions", is_flag=True, help="Allow several captions per image id (any format).")
@click.option("--out", type=click.Path(dir_okay=False),
              help="Write the comparison as JSON here.  [default: print only]")
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as one JSON object instead of the table.")
@_meteor_option
@_parser_options
def compare(directory, captions_files, split, draws, seed, several_captions, out, as_json, meteor, parser_name,
            ace_path, grammar_image) -> None:
    """Do two caption sets differ? Paired bootstrap over the same images: B - A, its interval, a p-value."""
    from ..commands import compare_files
    from ..evaluation.studies.compare import compare_table

    if len(captions_files) != 2:
        raise click.UsageError(f"--captions: give exactly two files, A then B (got {len(captions_files)})")
    a, b = captions_files
    result = compare_files(directory, a, b, split=split, draws=draws, seed=seed, parser=parser_name, ace=ace_path,
                           grammar_image=grammar_image, include_meteor=meteor, several_captions=several_captions,
                           out=out)
    _emit(result.to_json(), compare_table(result), [out] if out else [], as_json)
