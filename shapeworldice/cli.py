"""The ``shapeworldice`` command line: a thin click layer over the package's functions.

Exit codes: 0 success, 1 a negative result the user asked about (an ungrammatical caption),
2 usage or input errors, reported as one line on stderr — never a traceback for a user error.

Rules every command follows: each option has a help text and its default is shown in ``--help``;
``--workers 0`` means all cores; ``--quiet`` hides progress bars and status lines but never the
only copy of a result (``evaluate --quiet`` without an output file is a usage error).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable, TypeVar

import click

from ._version import __version__
from .errors import UserError, one_line

F = TypeVar("F", bound=Callable[..., Any])


def _os_error_line(exc: OSError) -> str:
    """One line for a system error (disk full, permission, ...), naming the file when known."""
    reason = exc.strerror or (str(exc).splitlines() or [type(exc).__name__])[0]
    return f"{reason}: {exc.filename}" if exc.filename else reason


class _Group(click.Group):
    """Turns UserError, system errors (OSError: disk full, permission) and input too deeply nested
    to parse into a one-line message and exit status 2; click's usage errors likewise.  Every
    message goes through :func:`~shapeworldice.errors.one_line` (a path holding a newline or an
    escape sequence is printed escaped)."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except UserError as exc:
            click.echo(f"error: {one_line(str(exc))}", err=True)
            sys.exit(2)
        except OSError as exc:
            click.echo(f"error: {one_line(_os_error_line(exc))}", err=True)
            sys.exit(2)
        except RecursionError:
            click.echo("error: input nested too deeply to process", err=True)
            sys.exit(2)

    def main(self, *args, **kwargs):
        kwargs["standalone_mode"] = False
        try:
            result = super().main(*args, **kwargs)
        except click.UsageError as exc:
            click.echo(f"error: {one_line(exc.format_message())}", err=True)
            sys.exit(2)
        except click.Abort:
            click.echo("error: aborted", err=True)
            sys.exit(1)
        sys.exit(result if isinstance(result, int) else 0)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"], "show_default": True})
@click.version_option(__version__, prog_name="shapeworldice")
def main() -> None:
    """ShapeWorldICE: diagnostic image-captioning datasets and GTD evaluation."""


#: the three caption-file formats, named wherever a command reads model captions
CAPTION_FORMATS = ('COCO results list [{"image_id": ID, "caption": TEXT}, ...], JSON dict {ID: caption or '
                   '[captions]}, or JSONL (one {"image_id", "caption"} object per line)')
SPLIT_HELP = "Split to use: train, validation or test."
SEED_HELP = "Random seed (same seed, same bytes)."
WORKERS_HELP = "Worker processes; 0 = all cores. The bytes are the same for any number."


def _workers_option(default: int) -> Callable[[F], F]:
    """The one --workers rule of every command: 0 = all cores, negative numbers refused."""
    return click.option("--workers", default=default, type=click.IntRange(min=0), help=WORKERS_HELP)


@main.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object per dataset (the resolved definition).")
def datasets(as_json: bool) -> None:
    """List the dataset definitions, one line each."""
    import json

    from .data.definition import list_definitions, load_definition

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
@click.option("--out", default="data", type=click.Path(file_okay=False),
              help="Parent folder; the dataset goes to OUT/NAME.")
@click.option("--train", type=int, help="Training instances.  [default: the definition's]")
@click.option("--validation", type=int, help="Validation instances.  [default: the definition's]")
@click.option("--test", type=int, help="Test instances.  [default: the definition's]")
@click.option("--refs", type=int, help="Reference captions per validation/test instance.  "
              "[default: the definition's]")
@click.option("--seed", default=0, type=int, help=SEED_HELP)
@_workers_option(1)
@click.option("--image-size", type=int, help="Image side in pixels.  [default: the definition's]")
@click.option("--quiet", is_flag=True, help="No progress bar and no 'built' line.")
def generate(name: str, out: str, train: int | None, validation: int | None, test: int | None, refs: int | None,
             seed: int, workers: int, image_size: int | None, quiet: bool) -> None:
    """Build dataset NAME (or a definition .toml file); resumable.

    Running the same command again resumes an interrupted build; other sizes, seed or versions
    are refused with the fields that differ. A build with 0 instances in every split is an error."""
    from .data.build import generate as build

    target = build(name, out, seed=seed, train=train, validation=validation, test=test, references=refs,
                   image_size=image_size, workers=workers, progress=not quiet)
    if not quiet:
        click.echo(f"built {target}")


@main.command()
@click.argument("directory", type=click.Path())
@click.option("--split", default="test", help=SPLIT_HELP)
@click.option("--count", default=16, type=int, help="Images on the sheet (the split's first ones).")
@click.option("--out", required=True, type=click.Path(dir_okay=False), help="PNG file to write.")
def show(directory: str, split: str, count: int, out: str) -> None:
    """Write a contact sheet of a split's images with their captions."""
    from .data.show import contact_sheet
    from .safe_write import check_outputs

    check_outputs({"--out": out}, {"DIRECTORY": directory})

    click.echo(f"wrote {contact_sheet(directory, out, split=split, count=count)}")


@main.command()
@click.argument("directory", type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["coco", "png"]), default="coco",
              help="coco: images/, captions_SPLIT.json and worlds_SPLIT.jsonl; png: a folder per split of PNGs "
                   "with its captions.jsonl.")
@click.option("--out", required=True, type=click.Path(file_okay=False), help="Folder to write (new or empty).")
def export(directory: str, fmt: str, out: str) -> None:
    """Export a dataset as COCO captions JSON + PNGs, or as PNG folders."""
    from .data.export import export as run_export
    from .safe_write import check_folder

    check_folder(out)

    click.echo(f"wrote {run_export(directory, Path(out), fmt)}")


def _parser_options(fn):
    fn = click.option("--grammar-image", type=click.Path(), help="ERG grammar image for --parser ace "
                      "(or $SHAPEWORLDICE_ERG).")(fn)
    fn = click.option("--ace", "ace_path", type=click.Path(), help="ACE binary for --parser ace "
                      "(or $SHAPEWORLDICE_ACE).")(fn)
    fn = click.option("--parser", "parser_name", type=click.Choice(["builtin", "ace"]), default="builtin",
                      help="Grammar that judges G and gives the MRS.")(fn)
    return fn


#: The one METEOR rule, shown in the --help of evaluate, robustness, variance and curves.
METEOR_HELP = ("Also compute METEOR. Off by default in every command: it needs Java and dominates the run "
               "time (about 13 of 14 s of evaluate on 1,024 images).")


def _meteor_option(fn):
    return click.option("--meteor/--no-meteor", "meteor", default=False, help=METEOR_HELP)(fn)


def _quiet_option(fn):
    return click.option("--quiet", is_flag=True, help="No progress bar (shown on stderr only when it is a "
                        "terminal).")(fn)


def _write_stdout(data: bytes) -> None:
    """A result file streamed to standard output (an option given as ``-``)."""
    sys.stdout.flush()
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def _critic_option(fn):
    """``--critic RUN``: the command runs with the learned critic of RUN as a catalogue measure
    (scored on the command's DIRECTORY and --split); needs the [train] extra."""
    import functools

    @functools.wraps(fn)
    def run(*args, critic=None, **kwargs):
        if critic is None:
            return fn(*args, **kwargs)
        from .training import require_torch

        require_torch()
        from .training.critic.measure import critic_measure

        with critic_measure(critic, kwargs["directory"], kwargs.get("split") or "test"):
            return fn(*args, **kwargs)

    return click.option("--critic", type=click.Path(), help="Also score with the learned critic trained into this "
                        "folder ('critic train'); needs the [train] extra.")(run)


def _read_lines(source: str) -> list[str]:
    from .safe_read import read_capped

    data = read_capped(sys.stdin.buffer, "standard input") if source == "-" else _read_bytes(source)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserError(f"{source}: not UTF-8 (invalid byte at offset {exc.start})") from None
    from .evaluation.io.inputs import split_lines

    return [line for line in split_lines(text) if line.strip()]


def _read_bytes(path: str) -> bytes:
    from .safe_read import read_input

    return read_input(path, "file")


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
    from .evaluation.io.parse_view import choose_world, parse_captions

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
@click.option("--captions", "captions_file", required=True, type=click.Path(),
              help=f"Model captions, one of three formats: {CAPTION_FORMATS}.")
@click.option("--split", default="test", help=SPLIT_HELP)
@_parser_options
@click.option("--out", type=click.Path(dir_okay=False), help="Write the JSON report here.")
@click.option("--details", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write per-caption JSONL here (- for standard output; the table then goes to stderr).")
@click.option("--html", type=click.Path(dir_okay=False), help="Write a self-contained HTML report here.")
@click.option("--allow-missing", is_flag=True, help="Evaluate even if some images have no caption.")
@click.option("--several-captions", is_flag=True, help="Allow several captions per image id (any format).")
@_meteor_option
@click.option("--json", "as_json", is_flag=True, help="Print the JSON report instead of the table.")
@click.option("--quiet", is_flag=True, help="No progress bar and no table; needs --out, --details, --html or "
              "--json (else nothing would be shown).")
def evaluate(directory, captions_file, split, parser_name, ace_path, grammar_image, out, details, html,
             allow_missing, several_captions, meteor, as_json, quiet) -> None:
    """GTD and surface metrics of a model's captions on a dataset split."""
    import json

    from .evaluation.core.gtd import evaluate as run
    from .evaluation.io.report import details_bytes, report_json, summary_text, write_outputs
    from .safe_write import STDOUT, check_outputs

    if quiet and not (out or details or html or as_json):
        raise click.UsageError("--quiet hides the table: give --out, --details, --html or --json to keep the "
                               "report, or drop --quiet")
    if as_json and details == STDOUT:
        raise click.UsageError("--json and --details - both print to standard output: write one of them to a file")
    check_outputs({"--out": out, "--details": details, "--html": html},
                  {"--captions": captions_file, "DIRECTORY": directory, "--ace": ace_path,
                   "--grammar-image": grammar_image}, stdout=("--details",))
    report = run(directory, captions_file, split=split, parser=parser_name, allow_missing=allow_missing,
                 include_meteor=meteor, ace=ace_path, grammar_image=grammar_image, progress=not quiet,
                 several_captions=several_captions)
    page = None
    if html:
        from .data.loader import load
        from .evaluation.io.html_report import render_html

        page = render_html(report, load(directory, split))  # rendered before any file is written
    write_outputs(report, out, None if details == STDOUT else details, (html, page) if page is not None else None)
    if details == STDOUT:
        _write_stdout(details_bytes(report))
    if as_json:
        click.echo(json.dumps(report_json(report), indent=2, sort_keys=True))
    elif not quiet:
        click.echo(summary_text(report), err=details == STDOUT)


@main.command()
@click.argument("directory", type=click.Path())
@click.option("--kind", required=True, type=click.Choice(["references", "generic", "shuffled", "permuted",
                                                           "random-words", "blind", "prior"]),
              help="references: one of the image's references (scored against the others); generic: 'There is "
                   "a shape.'; shuffled: a reference of another image; permuted: a reference with its words "
                   "permuted; random-words: its words replaced by vocabulary words; blind: the training caption "
                   "truest on the training worlds; prior: the most frequent training caption.")
@click.option("--split", default="test", help=SPLIT_HELP)
@click.option("--seed", default=0, type=int, help=SEED_HELP)
@click.option("--out", required=True, type=click.Path(dir_okay=False, allow_dash=True),
              help="Caption file to write (COCO results); - for standard output.")
def baseline(directory, kind, split, seed, out) -> None:
    """Write a sanity-baseline caption file made from the dataset itself."""
    from .data.loader import load
    from .evaluation.studies.baselines import baseline as make, baseline_bytes, write_baseline
    from .safe_write import STDOUT, check_outputs

    check_outputs({"--out": out}, {"DIRECTORY": directory}, stdout=("--out",))
    entries = make(load(directory, split), kind, seed)
    if out == STDOUT:
        _write_stdout(baseline_bytes(entries))
    else:
        click.echo(f"wrote {write_baseline(entries, out)}")


def _extra_arguments_line(extra: list[str]) -> str:
    """The error for words click found after --captions: almost always an unquoted glob."""
    shown = " ".join(extra[:3]) + (f" ... ({len(extra)} in all)" if len(extra) > 3 else "")
    return (f"unexpected extra arguments ({shown}): the shell expanded an unquoted glob? Quote it, "
            "e.g. --captions 'ckpt-*.json', or repeat --captions for each file")


@main.command(context_settings={"allow_extra_args": True})
@_critic_option
@click.argument("directory", type=click.Path())
@click.option("--captions", "specs", required=True, multiple=True,
              help="Checkpoint caption file (any format of evaluate --captions), a quoted glob such as "
                   "'ckpt-*.json', or ITER=FILE; repeat for several. The iteration is the last number in the "
                   "file name.")
@click.option("--split", default="test", help=SPLIT_HELP)
@click.option("--out", default="curves", help="Output prefix: PREFIX.csv, PREFIX.png, PREFIX.svg.")
@_meteor_option
@_quiet_option
@_parser_options
@click.pass_context
def curves(ctx: click.Context, directory: str, specs: tuple[str, ...], split: str, out: str, meteor: bool,
           quiet: bool, parser_name: str, ace_path: str | None, grammar_image: str | None) -> None:
    """Evaluate checkpoints: CSV + PNG/SVG of GTD vs BLEU-4/CIDEr-D/SPICE, and correlations with T."""
    if ctx.args:
        raise click.UsageError(_extra_arguments_line(ctx.args))
    from .evaluation.studies.curves import curves as run, row_of
    from .evaluation.core.gtd import Evaluator
    from .evaluation.io.outputs import bundle_files
    from .evaluation.io.report import fmt
    from .metrics import catalogue
    from .safe_write import check_outputs

    check_outputs(bundle_files(out, (".csv", ".png", ".svg")), _inputs(directory, ace_path, grammar_image))
    evaluator = Evaluator(directory, split, parser_name, ace_path, grammar_image)
    try:
        result = run(specs, lambda path: row_of(evaluator.evaluate(path, include_meteor=meteor)), out,
                     title=f"{Path(directory).name} / {split}", include_meteor=meteor, progress=not quiet)
    finally:
        evaluator.close()
    for warning in result["warnings"]:
        click.echo(f"warning: {warning}", err=True)
    click.echo("correlation with T   pearson  spearman   kendall")
    for metric, values in result["correlations"].items():
        cells = " ".join(f"{fmt(values[k]):>9s}" for k in ("pearson", "spearman", "kendall"))
        line = f"{catalogue.label(metric):18s} {cells}"
        click.echo(line + (f"  (n/a: {values['reason']})" if values["reason"] else ""))
    for path in result["files"]:
        click.echo(f"wrote {path}")


def _emit(result: dict, text: str, written: list, as_json: bool) -> None:
    """Print a result as JSON or as its table, then the files written."""
    import json

    click.echo(json.dumps(result, sort_keys=True) if as_json else text)
    if not as_json:
        for path in written:
            click.echo(f"wrote {path}")


def _study_options(fn):
    """The options robustness and variance share: METEOR, output prefix, JSON, quiet, parser."""
    fn = _parser_options(fn)
    fn = _quiet_option(fn)
    fn = click.option("--json", "as_json", is_flag=True,
                      help="Print the result as one JSON object instead of the table.")(fn)
    fn = click.option("--out", help="Output prefix: PREFIX.json/.csv/.png/.svg.  [default: print only]")(fn)
    return _meteor_option(fn)


def _inputs(directory: str, ace_path: str | None, grammar_image: str | None) -> dict[str, str | None]:
    """The inputs every evaluating command reads, which no output may replace."""
    return {"DIRECTORY": directory, "--ace": ace_path, "--grammar-image": grammar_image}


def _with_parser(parser_name: str, ace_path: str | None, grammar_image: str | None, work):
    """Run ``work(parser)`` with a parser started for it and closed after it (ACE is a process)."""
    from .parsing import make_parser

    parser = make_parser(parser_name, ace_path, grammar_image)
    try:
        return work(parser)
    finally:
        parser.close()


@main.command()
@_critic_option
@click.argument("directory", type=click.Path())
@click.option("--split", default="test", help=SPLIT_HELP)
@click.option("--transforms", default="shuffled,permuted,random-words",
              help="Comma-separated pathological transformations (shuffled, permuted, random-words).")
@click.option("--steps", default=11, type=int, help="Number of strengths γ, evenly spaced from 0 to 1.")
@click.option("--seed", default=0, type=int, help=SEED_HELP)
@_study_options
def robustness(directory, split, transforms, steps, seed, meteor, out, as_json, quiet, parser_name, ace_path,
               grammar_image) -> None:
    """Metric robustness to pathological captions: area under normalised score vs strength."""

    from .evaluation.io.outputs import bundle_files
    from .evaluation.studies.robustness import robustness as run, robustness_table, write_robustness
    from .safe_write import check_outputs

    if out:
        check_outputs(bundle_files(out), _inputs(directory, ace_path, grammar_image))
    names = [t.strip() for t in transforms.split(",") if t.strip()]
    result = _with_parser(parser_name, ace_path, grammar_image, lambda parser: run(
        directory, split, names, steps, seed=seed, include_meteor=meteor, parser=parser, progress=not quiet))
    _emit(result, robustness_table(result), write_robustness(result, out) if out else [], as_json)


@main.command()
@_critic_option
@click.argument("directory", type=click.Path())
@click.option("--captions", "captions_file", required=True, type=click.Path(),
              help=f"Model captions, one of three formats: {CAPTION_FORMATS}.")
@click.option("--split", default="test", help=SPLIT_HELP)
@click.option("--draws", default=20, type=int, help="Random reference subsets per size.")
@click.option("--seed", default=0, type=int, help=SEED_HELP)
@_study_options
def variance(directory, captions_file, split, draws, seed, meteor, out, as_json, quiet, parser_name, ace_path,
             grammar_image) -> None:
    """Reference-sample variance of every reference-based metric, and the references' consensus."""

    from .evaluation.io.outputs import bundle_files
    from .evaluation.studies.variance import variance as run, variance_table, write_variance
    from .safe_write import check_outputs

    if out:
        check_outputs(bundle_files(out), {"--captions": captions_file, **_inputs(directory, ace_path, grammar_image)})

    result = _with_parser(parser_name, ace_path, grammar_image, lambda parser: run(
        directory, captions_file, split=split, draws=draws, seed=seed, parser=parser, include_meteor=meteor,
        progress=not quiet))
    _emit(result, variance_table(result), write_variance(result, out) if out else [], as_json)


@main.command()
@click.argument("directory", type=click.Path())
@click.option("--captions", "captions_files", required=True, multiple=True, type=click.Path(),
              help=f"Exactly two caption files to compare, A then B (each: {CAPTION_FORMATS}).")
@click.option("--split", default="test", help=SPLIT_HELP)
@click.option("--draws", default=1000, type=click.IntRange(min=100), help="Bootstrap draws of the images.")
@click.option("--seed", default=0, type=int, help=SEED_HELP)
@click.option("--several-captions", is_flag=True, help="Allow several captions per image id (any format).")
@click.option("--out", type=click.Path(dir_okay=False),
              help="Write the comparison as JSON here.  [default: print only]")
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as one JSON object instead of the table.")
@_meteor_option
@_parser_options
def compare(directory, captions_files, split, draws, seed, several_captions, out, as_json, meteor, parser_name,
            ace_path, grammar_image) -> None:
    """Do two caption sets differ? Paired bootstrap over the same images: B - A, its interval, a p-value."""
    import json

    from .evaluation.studies.compare import compare as run, compare_table
    from .evaluation.core.gtd import Evaluator
    from .safe_write import check_outputs, write_file

    if len(captions_files) != 2:
        raise click.UsageError(f"--captions: give exactly two files, A then B (got {len(captions_files)})")
    a, b = captions_files
    if out:
        inputs = {"--captions A": a, "--captions B": b, **_inputs(directory, ace_path, grammar_image)}
        check_outputs({"--out": out}, inputs)
    evaluator = Evaluator(directory, split, parser_name, ace_path, grammar_image)
    try:
        result = run(evaluator, a, b, draws=draws, seed=seed, include_meteor=meteor,
                     several_captions=several_captions, names=(a, b))
    finally:
        evaluator.close()
    if out:
        write_file(out, (json.dumps(result, indent=1, sort_keys=True) + "\n").encode("utf-8"))
    _emit(result, compare_table(result), [out] if out else [], as_json)


@main.command()
@click.argument("directory", type=click.Path())
@click.option("--model", "model_name", required=True, type=click.Choice(["lrcn1u", "showtell"]),
              help="lrcn1u: LRCN, image features beside each previous word; showtell: Show&Tell, the image as "
                   "the LSTM's first input.")
@click.option("--out", "run_dir", required=True, type=click.Path(), help="Run folder (checkpoints, curves).")
@click.option("--iterations", type=int, help="Training iterations.  [default: paper 100000, cpu 20000]")
@click.option("--checkpoint-every", type=int, help="Caption and score every N iterations.  "
              "[default: paper 5000, cpu 1000]")
@click.option("--split", type=click.Choice(["test", "validation"]), help="Split the checkpoints caption.  "
              "[default: test]")
@click.option("--eval-images", type=int, help="Caption the split's first N images (0 = all).  "
              "[default: paper all, cpu 500]")
@click.option("--device", type=click.Choice(["auto", "cpu", "cuda"]), default="auto",
              help="auto = cuda when a GPU is available, else cpu.")
@click.option("--preset", type=click.Choice(["auto", "paper", "cpu"]), default="auto",
              help="Model size and schedule; auto = paper on a GPU, cpu otherwise.")
@click.option("--batch-size", type=int, help="Images per step.  [default: 64]")
@click.option("--learning-rate", type=float, help="Adam learning rate.  [default: 0.001]")
@click.option("--hidden", type=int, help="LSTM units.  [default: paper 512, cpu 128]")
@click.option("--embedding", type=int, help="Word embedding size.  [default: paper 512, cpu 64]")
@click.option("--precision", type=click.Choice(["auto", "fp32", "bf16", "fp16"]), default="auto",
              help="auto = bf16 (or fp16) autocast on a GPU, fp32 on a CPU.")
@click.option("--compile", "use_compile", is_flag=True, help="torch.compile the step (CUDA graphs on a GPU).")
@click.option("--threads", type=int, help="CPU threads PyTorch may use.  [default: 1 on a CPU (faster for these "
              "small models than every core), PyTorch's default beside a GPU]")
@click.option("--seed", type=int, help="Random seed of the initial weights and the batch order.  [default: 0]")
@click.option("--resume", is_flag=True, help="Continue the run in --out from its newest model checkpoint, with "
              "its settings (any option given here replaces the saved one where allowed).")
@click.option("--quiet", is_flag=True, help="No progress bar or per-checkpoint lines.")
def train(directory, model_name, run_dir, iterations, checkpoint_every, split, eval_images, device, preset,
          batch_size, learning_rate, hidden, embedding, precision, use_compile, threads, seed, resume, quiet) -> None:
    """Train a Show&Tell or LRCN1u captioner; caption, score and plot every checkpoint (needs [train])."""
    from .training import require_torch

    require_torch()
    from .safe_write import check_folder

    check_folder(run_dir)
    from .training.config import make_config, resumed_config
    from .training.device import default_precision, resolve_device, set_threads
    from .training.loop import saved_config
    from .training.loop import train as run

    resolved = resolve_device(device)
    set_threads(resolved, threads)
    overrides = dict(model=model_name, iterations=iterations, checkpoint_every=checkpoint_every, split=split,
                     eval_images=eval_images, batch_size=batch_size, learning_rate=learning_rate, hidden=hidden,
                     embedding=embedding, seed=seed, compile=use_compile,
                     precision=default_precision(resolved) if precision == "auto" else precision)
    saved = saved_config(run_dir) if resume else None
    if saved is not None and preset not in ("auto", saved.preset):
        raise UserError(f"--resume: {run_dir} was trained with --preset {saved.preset}")
    config = resumed_config(saved, resolved, **overrides) if saved else make_config(preset, resolved, **overrides)
    import torch

    try:
        result = run(directory, run_dir, config, resume=resume, progress=not quiet,
                     log=None if quiet else lambda line: click.echo(line, err=True))
    except torch.cuda.OutOfMemoryError:  # the run folder keeps its last checkpoint: --resume works
        raise UserError(f"the GPU ran out of memory (batch size {config.batch_size}); "
                        "lower --batch-size or --eval-images") from None
    speed = result["iterations_per_second"]
    for key in ("last", "best"):
        row = result[key]
        if row is not None:
            click.echo(f"{key:4s} iteration {row['iteration']}: " + " ".join(
                f"{name} {'-' if row[k] is None else f'{row[k]:.3f}'}" for name, k in
                (("G", "grammaticality"), ("T", "truthfulness"), ("D", "diversity"), ("BLEU-4", "bleu_4"),
                 ("SPICE", "spice"))))
    if speed is not None:
        click.echo(f"{result['iterations_trained']} iterations at {speed:.2f} it/s on {resolved}")
    click.echo(f"wrote {result['run_dir']}")


@main.command()
@click.option("--out", default="shapeworldice-quickstart", type=click.Path(file_okay=False),
              help="Folder for the datasets, caption files, table and plot.")
@_workers_option(0)
@click.option("--quiet", is_flag=True, help="No progress lines on stderr while the datasets are built and scored.")
def quickstart(out: str, workers: int, quiet: bool) -> None:
    """Build the six datasets small, score the sanity baselines, print the GTD-vs-BLEU table and plot."""
    from .evaluation.quickstart import run
    from .safe_write import check_folder

    check_folder(out)

    def say(line: str) -> None:
        if not quiet:
            click.echo(line, err=True)

    for line in run(out, workers=workers, say=say):
        click.echo(line)


@main.group()
def critic() -> None:
    """The learned critic of Cui et al. (needs the [train] extra)."""


@critic.command("train")
@click.argument("directory", type=click.Path())
@click.option("--out", "run_dir", required=True, type=click.Path(), help="Run folder (checkpoints, critic.json).")
@click.option("--captions", "caption_files", multiple=True, type=click.Path(),
              help="Model captions used as fakes (any format of evaluate --captions; e.g. a train run's "
                   "ckpt-*.json); repeat for several. Without any, the train split's captions stand in.")
@click.option("--epochs", default=30, type=int, help="Training epochs (one positive and one fake per image each).")
@click.option("--split", default="validation", help="Split trained on (needs 2+ human captions per image).")
@click.option("--heldout-split", default="test", help="Split of the held-out AUC written at the end.")
@click.option("--no-transformations", is_flag=True, help="Ablation: fakes are model captions and other images' "
              "captions only (no random words, no permutations).")
@click.option("--batch-size", default=16, type=int, help="Images per step (two pairs each).")
@click.option("--learning-rate", default=1e-3, type=float, help="Adam learning rate of the first epoch.")
@click.option("--decay", default=0.9, type=float, help="Learning rate factor per epoch.")
@click.option("--average", default=3, type=int, help="Scores average P(human) over the last N epochs' weights.")
@click.option("--device", type=click.Choice(["auto", "cpu", "cuda"]), default="auto",
              help="auto = cuda when a GPU is available, else cpu.")
@click.option("--threads", default=0, type=click.IntRange(min=0), help="CPU threads of PyTorch; 0 = its default.")
@click.option("--seed", default=0, type=int, help="Random seed of the weights, pairs and fakes.")
@click.option("--resume", is_flag=True, help="Continue the run in --out from its newest epoch.")
@click.option("--quiet", is_flag=True, help="No progress bar or per-epoch lines.")
def critic_train(directory, run_dir, caption_files, epochs, split, heldout_split, no_transformations, batch_size,
                 learning_rate, decay, average, device, threads, seed, resume, quiet) -> None:
    """Train a critic on DIRECTORY; every fake is checked false on its image first."""
    from .training import require_torch

    require_torch()
    import torch

    from .training.critic.loop import CriticConfig, train_critic
    from .training.device import resolve_device

    if threads:
        torch.set_num_threads(threads)
    config = CriticConfig(epochs=epochs, batch_size=batch_size, learning_rate=learning_rate, decay=decay, seed=seed,
                          split=split, heldout_split=heldout_split, transformations=not no_transformations,
                          average=average, device=resolve_device(device))
    result = train_critic(directory, run_dir, config, caption_files, resume=resume, progress=not quiet,
                          log=None if quiet else lambda line: click.echo(line, err=True))
    held = result["heldout"]
    by_kind = ", ".join(f"{k} {v:.3f}" for k, v in held["auc_by_kind"].items() if v is not None)
    click.echo(f"held-out AUC ({held['split']}, {held['references']} references vs {held['fakes']} fakes): "
               f"{held['auc']:.3f} ({by_kind})" if held["auc"] is not None else "held-out AUC: n/a")
    click.echo(f"wrote {result['run_dir']}")


@main.command()
@_critic_option
@click.argument("directory", type=click.Path())
@click.option("--captions", "caption_files", required=True, multiple=True, type=click.Path(),
              help="A system's caption file (any format of evaluate --captions); repeat for each system.")
@click.option("--split", default="test", help=SPLIT_HELP)
@click.option("--draws", default=1000, type=click.IntRange(min=0), help="Bootstrap draws (images resampled).")
@click.option("--seed", default=0, type=int, help=SEED_HELP)
@_study_options
def validity(directory, caption_files, split, draws, seed, meteor, out, as_json, quiet, parser_name, ace_path,
             grammar_image) -> None:
    """Every metric against the ground truth: caption-level AUC for true captions, system-level tau/r with T."""
    from .evaluation.core.gtd import Evaluator
    from .evaluation.studies.validity import validity as run, validity_table, write_validity

    evaluator = Evaluator(directory, split, parser_name, ace_path, grammar_image)
    try:
        result = run(evaluator, caption_files, draws=draws, seed=seed, include_meteor=meteor, progress=not quiet)
    finally:
        evaluator.close()
    _emit(result, validity_table(result), write_validity(result, out) if out else [], as_json)


if __name__ == "__main__":  # pragma: no cover
    main()
