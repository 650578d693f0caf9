"""``--help`` a newcomer can follow: every option explained, every default shown, one --workers
rule, the caption formats named ."""
from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from shapeworldice.cli import main

COMMANDS = sorted(main.commands)
#: click 8.2+ marks "no default" with a sentinel, older versions with None
UNSET = getattr(click.core, "UNSET", None)


def _default(param: click.Option):
    """The option's default, or None when it has none."""
    return None if param.default is UNSET else param.default


def _help_records(name: str) -> dict[str, tuple[click.Option, str]]:
    """Each option of command NAME → (option, the help text --help prints for it)."""
    command = main.commands[name]
    parent = main.make_context("shapeworldice", [name], resilient_parsing=True)
    ctx = command.make_context(name, [], parent=parent, resilient_parsing=True)
    records = {}
    for param in command.get_params(ctx):
        if isinstance(param, click.Option):
            record = param.get_help_record(ctx)
            assert record is not None, f"{name}: {param.name} is hidden"
            records[param.opts[0]] = (param, record[1])
    return records


def _help_text(*args: str) -> str:
    result = CliRunner().invoke(main, [*args, "--help"])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())  # click wraps lines; compare with single spaces


def test_every_command_is_covered():
    assert {"datasets", "generate", "show", "export", "parse", "evaluate", "baseline", "curves", "robustness",
            "variance", "train", "quickstart"} <= set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_option_has_a_help_text(command):
    for opt, (param, text) in _help_records(command).items():
        assert param.help and len(param.help.split()) >= 2, f"{command} {opt} has no description"
        assert text.strip(), f"{command} {opt} prints no help"


@pytest.mark.parametrize("command", COMMANDS)
def test_every_default_is_shown(command):
    """An option with a default value states it; one without says what it falls back to when
    the fallback is not 'off' (e.g. generate's sizes come from the definition)."""
    for opt, (param, text) in _help_records(command).items():
        if param.is_flag and not param.secondary_opts:
            continue  # a plain flag is off unless given
        if _default(param) is not None:
            assert "[default: " in text, f"{command} {opt}: default {param.default!r} not shown: {text!r}"
    shown = _help_text(command)
    for opt, (param, _) in _help_records(command).items():
        if _default(param) is not None and not param.is_flag:
            assert f"[default: {param.default}" in shown, f"{command} {opt}"


def test_sizes_say_they_fall_back_to_the_definition():
    records = _help_records("generate")
    for opt in ("--train", "--validation", "--test", "--refs", "--image-size"):
        assert "[default: the definition's]" in records[opt][1]


def test_evaluate_help_names_the_three_caption_formats():
    text = _help_text("evaluate")
    assert "3 formats" not in text
    for name in ('COCO results list [{"image_id": ID, "caption": TEXT}, ...]', "JSON dict {ID: caption or [captions]}",
                 'JSONL (one {"image_id", "caption"} object per line)'):
        assert name in text
    assert "COCO results list" in _help_text("variance")
    assert "any format of evaluate --captions" in _help_text("curves")


@pytest.mark.parametrize("command,default", [("generate", 1), ("quickstart", 0)])
def test_one_workers_rule(command, default):
    param, text = _help_records(command)["--workers"]
    assert param.default == default
    assert "0 = all cores" in text and f"[default: {default};" in text


@pytest.mark.parametrize("command", ["generate", "quickstart"])
def test_negative_workers_is_one_usage_line(command, tmp_path):
    result = CliRunner().invoke(main, [command, *(["spatial-twoshapes"] if command == "generate" else []),
                                       "--out", str(tmp_path / "o"), "--workers", "-1"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "--workers" in lines[0]
    assert "-1 is not in the range x>=0" in lines[0]
    assert not (tmp_path / "o").exists()


def test_quiet_rule_is_stated():
    assert "needs --out, --details, --html or --json" in _help_text("evaluate")


def test_baseline_kinds_are_all_described():
    text = _help_records("baseline")["--kind"][1]
    for kind in ("references", "generic", "shuffled", "permuted", "random-words", "blind", "prior"):
        assert f"{kind}: " in text
