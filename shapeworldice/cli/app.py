"""The command group and what every command shares: one-line errors, the option rules
(workers, parser, METEOR, quiet, critic), reading lines, printing results.
"""
from __future__ import annotations

import sys
from typing import Any, Callable, TypeVar

import click

from .._version import __version__
from ..errors import UserError, one_line


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
        except MemoryError:  # a backstop: the options that size memory are bounded before any work
            click.echo("error: out of memory: use a smaller split or fewer draws, steps or captions", err=True)
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


#: the one --seed range of every command: NumPy's generators take no negative seed, and the builder
#: stores seeds as 63-bit integers
SEED_TYPE = click.IntRange(min=0, max=2**63 - 1)


WORKERS_HELP = "Worker processes; 0 = all cores. The bytes are the same for any number."


def _captions_option(fn):
    """``--captions FILE``: one model's caption file (evaluate, variance)."""
    return click.option("--captions", "captions_file", required=True, type=click.Path(),
                        help=f"Model captions, one of three formats: {CAPTION_FORMATS}.")(fn)


def _workers_option(default: int) -> Callable[[F], F]:
    """The one --workers rule of every command: 0 = all cores, negative numbers refused."""
    return click.option("--workers", default=default, type=click.IntRange(min=0), help=WORKERS_HELP)


def _engine_options(what: str, local: str = "--workers processes") -> Callable[[F], F]:
    """--engine and --address: run ``what`` as jobs of a cluster (the optional [dask] extra);
    ``local`` says how big the cluster is that --engine starts without --address."""
    def decorate(fn: F) -> F:
        fn = click.option("--address", metavar="ADDR",
                          help="Scheduler of a running cluster (tcp://HOST:8786); without it, --engine starts a "
                               f"local cluster of {local}.")(fn)
        return click.option("--engine", type=click.Choice(["dask"]),
                            help=f"Run {what} as jobs of a Dask cluster (needs the [dask] extra); same results "
                                 "as without.")(fn)
    return decorate


def _set_numerals(ctx: click.Context, param: click.Parameter, value: str) -> str:
    from ..interpret.quantifiers import set_numeral_reading

    set_numeral_reading(value)
    return value


def _parser_options(fn):
    fn = click.option("--numerals", type=click.Choice(["exact", "at-least"]), default="exact", expose_value=False,
                      callback=_set_numerals, help="How a bare number is read: 'There are four triangles.' is "
                      "false of five (exact, as judges of miscounts read it) or true (at-least, the ERG's and "
                      "ShapeWorld's reading); the report's signature says which.")(fn)
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


def shown(path: object) -> str:
    """A path as a status line shows it: control characters and line separators escaped, so
    ``--out $'a\\nb'`` prints one 'built' or 'wrote' line, not two."""
    return one_line(str(path))


def _write_stdout(data: bytes) -> None:
    """A result file streamed to standard output (an option given as ``-``)."""
    sys.stdout.flush()
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def _critic_option(fn):
    """``--critic RUN``: the command runs with the learned critic of RUN as a catalogue measure
    (scored on the command's DIRECTORY and --split); needs the [train] extra.  Refused with
    ``--engine`` (evaluate, curves): the critic is registered in this process, not on the workers."""
    import functools

    @functools.wraps(fn)
    def run(*args, critic=None, **kwargs):
        if critic is None:
            return fn(*args, **kwargs)
        if kwargs.get("engine") is not None:  # the cluster's workers would score without it
            raise click.UsageError("--critic runs in this process only: score with it without --engine")
        from ..training import require_torch

        require_torch()
        from ..training.critic.measure import critic_measure

        with critic_measure(critic, kwargs["directory"], kwargs.get("split") or "test"):
            return fn(*args, **kwargs)

    return click.option("--critic", type=click.Path(), help="Also score with the learned critic trained into this "
                        "folder ('critic train'); needs the [train] extra.")(run)


def _read_lines(source: str) -> list[str]:
    from ..safe_read import read_capped

    data = read_capped(sys.stdin.buffer, "standard input") if source == "-" else _read_bytes(source)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserError(f"{source}: not UTF-8 (invalid byte at offset {exc.start})") from None
    from ..evaluation.io.inputs import split_lines

    return [line for line in split_lines(text) if line.strip()]


def _read_bytes(path: str) -> bytes:
    from ..safe_read import read_input

    return read_input(path, "file")


def _extra_arguments_line(extra: list[str]) -> str:
    """The error for words click found after --captions: almost always an unquoted glob."""
    shown = " ".join(extra[:3]) + (f" ... ({len(extra)} in all)" if len(extra) > 3 else "")
    return (f"unexpected extra arguments ({shown}): the shell expanded an unquoted glob? Quote it, "
            "e.g. --captions 'ckpt-*.json', or repeat --captions for each file")


def _emit(result: dict, text: str, written: list, as_json: bool) -> None:
    """Print a result as JSON or as its table, then the files written."""
    from ..evaluation.io.outputs import json_text

    click.echo(json_text(result, sort_keys=True) if as_json else text)
    if not as_json:
        for path in written:
            click.echo(f"wrote {shown(path)}")


def _study_options(fn):
    """The options robustness and variance share: METEOR, output prefix, JSON, quiet, parser."""
    fn = _parser_options(fn)
    fn = _quiet_option(fn)
    fn = click.option("--json", "as_json", is_flag=True,
                      help="Print the result as one JSON object instead of the table.")(fn)
    fn = click.option("--out", help="Output prefix: PREFIX.json/.csv/.png/.svg (an existing folder F: F/F.json, ...).  "
                      "[default: print only]")(fn)
    return _meteor_option(fn)
