"""docs/results.md is written by ``benchmarks/results.py``: each section between its markers names
the commands that measured it, the machine and the date; rerunning one section replaces only it."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmarks.results import BY_NAME, HEADER, PAGE, SECTIONS, Section, Step, main, replace_section

ROOT = Path(__file__).resolve().parent.parent
MEASURED = re.compile(r"^Measured on \d{4}-\d{2}-\d{2} on .+, by[^\n]*:\n\n```bash\n(.*?)```\n", re.S)


def test_every_section_is_on_the_page_with_its_commands_machine_and_date():
    text = PAGE.read_text(encoding="utf-8")
    positions = []
    for section in SECTIONS:
        begin, end = f"<!-- results:begin {section.name} -->", f"<!-- results:end {section.name} -->"
        assert text.count(begin) == text.count(end) == 1, section.name
        before, rest = text.split(begin, 1)
        block = rest.split(end, 1)[0].lstrip("\n")
        assert before.rstrip().rsplit("\n## ", 1)[1].startswith(section.title), section.name
        measured = MEASURED.match(block)
        assert measured, f"section {section.name} does not say what measured it, where and when"
        assert measured.group(1).splitlines() == [step.command for step in section.steps], section.name
        positions.append(text.index(begin))
    assert positions == sorted(positions)  # in the script's order


_OUTSIDE = st.text(st.sampled_from("ab \n#-"), max_size=40)
_BLOCK = st.text(st.sampled_from("xy |\n"), max_size=30).map(lambda t: t.rstrip("\n") + "\n")
SECTION = Section("demo", "A demo table", 0.1, (Step("true", "text"),))


@given(_OUTSIDE, _OUTSIDE, _BLOCK, _BLOCK)
def test_replacing_a_section_keeps_everything_around_it(head, tail, old, new):
    page = replace_section(HEADER + head, SECTION, old) + tail
    assert "## A demo table" in page and page.endswith(tail)
    again = replace_section(page, SECTION, new)
    assert again == page.replace(f"-->\n{old}<!--", f"-->\n{new}<!--")
    assert replace_section(again, SECTION, new) == again


def test_an_empty_page_gets_the_header_first():
    page = replace_section("", SECTION, "table\n")
    assert page.startswith(HEADER) and page.endswith("<!-- results:end demo -->\n")


def test_toy_figures_never_overwrite_the_shipped_page(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--small", "--section", "floors"])
    assert stop.value.code == 2 and "--page" in capsys.readouterr().err
    main(["--list"])
    listed = capsys.readouterr().out
    assert all(name in listed for name in BY_NAME) and "h on a 2-core machine" in listed


@pytest.mark.slow
def test_one_section_is_measured_into_its_place(tmp_path):
    page = tmp_path / "results.md"
    page.write_text(replace_section("", BY_NAME["quickstart"], "old\n") + "\nA reading kept.\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "benchmarks.results", "--small", "--page", str(page), "--work",
                    str(tmp_path / "work"), "--section", "floors"], cwd=ROOT, check=True, timeout=900)
    text = page.read_text(encoding="utf-8")
    assert "old\n" in text and "A reading kept." in text  # the other section and the reading stay
    floors = text.split("<!-- results:begin floors -->", 1)[1]
    assert "| `spatial-twoshapes` |" in floors and "toy sizes" in floors
